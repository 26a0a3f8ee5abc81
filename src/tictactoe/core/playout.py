"""Whole games at speed, for simulations: random playouts and given move orders.

A :class:`~tictactoe.core.board.Board` checks every move and builds a new
immutable position for each, which a game needs and a simulation does not. A
:class:`Playout` works out once per :class:`~tictactoe.core.rules.Rules` the
bit of every cell and the winning lines through it, then plays whole games
on two plain integers (X's cells and O's), checking only the lines through
the last move, and none before a side can hold k marks. On boards of up to
:data:`TABLE_CELLS` cells a table of every winning bitboard replaces even that.

Three ways to play a game to its end, each from the empty board or any
position not yet over:

- :meth:`Playout.finish` plays a given order of cells (no randomness: the
  same order always gives the same game, which the tests check against
  :class:`Board`);
- :meth:`Playout.random_game` plays uniformly random moves drawn from one
  generator (the free cells shuffled at once, then played in that order);
- :meth:`Playout.random_players_game` plays two ``random`` players (seed
  002, level 1) against each other, each drawing from its own generator
  exactly as :class:`~tictactoe.core.strategies.simple.RandomPlayer` does, so
  a match played this way has the same results as one played move by move.

:meth:`Playout.random_games` counts the results of many random games.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, PositionError, RulesError, shown
from tictactoe.core.rules import Rules

TABLE_CELLS = 16
"""Boards of up to this many cells check wins in a table of every bitboard (64 KiB at most)."""

_Checks = tuple[tuple[int, tuple[int, ...]], ...]
"""For one cell, per direction: the union of its lines there, and those lines' masks."""


class Ending(NamedTuple):
    """How a played-out game ended."""

    winner: Mark | None
    """The mark that completed k in a row, or None for a full board (a draw)."""
    move_count: int
    """Marks on the final board (as :attr:`Board.move_count`)."""
    x: int
    """X's cells on the final board, as a bitboard."""
    o: int
    """O's cells on the final board, as a bitboard."""


class Results(NamedTuple):
    """Counts of many played-out games."""

    x_wins: int
    o_wins: int
    draws: int
    moves: int
    """Marks on the final boards, all games together."""

    @property
    def games(self) -> int:
        """Games counted."""
        return self.x_wins + self.o_wins + self.draws


class Playout:
    """Plays whole games on one board size quickly; build once, play many.

    ``Playout(rules)`` costs about as much as ten random games on 15 x 15
    (it sorts the lines through every cell by direction), and up to a few
    tens of milliseconds for the win table on boards of 13 to 16 cells.
    """

    __slots__ = ("_bits", "_cells", "_checks", "_k", "_table", "rules")

    rules: Rules

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"a playout needs Rules such as Rules(3, 3, 3), not {shown(rules)}")
        self.rules = rules
        self._k = rules.k
        self._bits = tuple(1 << cell for cell in range(rules.size))
        self._cells = tuple(range(rules.size))
        small = rules.size <= TABLE_CELLS
        self._checks = () if small else _checks(rules)
        self._table = _win_table(rules) if small else None

    def __repr__(self) -> str:
        return f"Playout({self.rules!r})"

    # --- one game ----------------------------------------------------------

    def finish(self, order: Iterable[int], board: Board | None = None) -> Ending:
        """The game that plays the cells of ``order`` in turn from ``board`` (default empty).

        Play stops at the first win, or when ``order`` runs out (a draw once
        the board is full). ``order`` must hold free cells only, each once
        (as in ``board.free_cells()`` in any order); it is not checked move
        by move: that is what :meth:`Board.play` is for.
        """
        x, o = self._start(board)
        return self._finish(list(order), x, o)

    def random_game(self, rng: random.Random, board: Board | None = None) -> Ending:
        """A game of uniformly random moves from ``board`` (default empty), drawn from ``rng``."""
        x, o = self._start(board)
        free = self._free(x, o)
        draw = rng.random
        # Fisher-Yates: one draw a cell; int(random() * n) is uniform to within n / 2**53
        for last in range(len(free) - 1, 0, -1):
            pick = int(draw() * (last + 1))
            free[pick], free[last] = free[last], free[pick]
        return self._finish(free, x, o)

    def random_players_game(
        self, x_rng: random.Random, o_rng: random.Random, board: Board | None = None
    ) -> Ending:
        """Two random players from ``board`` (default empty), X drawing from ``x_rng``, O from
        ``o_rng``: the very game that two ``RandomPlayer`` s with those generators play."""
        x, o = self._start(board)
        free = self._free(x, o)
        order = []
        rngs = (x_rng.randrange, o_rng.randrange)
        turn = int(x.bit_count() != o.bit_count())
        for left in range(len(free), 0, -1):
            # RandomPlayer's rng.choice(free cells in order) draws as randrange(len) does
            order.append(free.pop(rngs[turn](left)))
            turn ^= 1
        return self._finish(order, x, o)

    # --- many games --------------------------------------------------------

    def random_games(self, rng: random.Random, games: int, board: Board | None = None) -> Results:
        """The counts of ``games`` :meth:`random_game` s from ``board``, all drawn from ``rng``."""
        x_wins = o_wins = moves = 0
        play = self.random_game
        for _ in range(games):
            ending = play(rng, board)
            moves += ending.move_count
            if ending.winner is Mark.X:
                x_wins += 1
            elif ending.winner is Mark.O:
                o_wins += 1
        return Results(x_wins, o_wins, games - x_wins - o_wins, moves)

    # --- the inner loop ----------------------------------------------------

    def _start(self, board: Board | None) -> tuple[int, int]:
        if board is None:
            return 0, 0
        if not isinstance(board, Board):
            raise PositionError(f"a playout starts from a Board, not {shown(board)}")
        if board.rules != self.rules:
            raise IllegalMoveError(
                f"this playout plays {self.rules}, not a board of {board.rules}: {board.text}"
            )
        if board.is_over:
            raise IllegalMoveError(f"the game is over, there is nothing to play out: {board.text}")
        return board.x, board.o

    def _free(self, x: int, o: int) -> list[int]:
        taken = x | o
        if not taken:
            return list(self._cells)
        return [cell for cell, bit in zip(self._cells, self._bits, strict=True) if not taken & bit]

    def _finish(self, order: list[int], x: int, o: int) -> Ending:
        """Play ``order`` from (x, o) until a win or its end."""
        x_to_move = x.bit_count() == o.bit_count()
        mine, theirs = (x, o) if x_to_move else (o, x)
        bits, k = self._bits, self._k
        # no win is possible before the side to move holds k marks
        quiet = max(0, min(2 * (k - mine.bit_count()) - 2, 2 * (k - theirs.bit_count()) - 1))
        played = quiet = min(quiet, len(order))
        for cell in order[:quiet]:
            mine, theirs = theirs, mine | bits[cell]
        winner = False
        table = self._table
        if table is not None:
            for cell in order[quiet:]:
                mine |= bits[cell]
                played += 1
                if table[mine]:
                    winner = True
                    break
                mine, theirs = theirs, mine
        else:
            checks = self._checks
            for cell in order[quiet:]:
                mine |= bits[cell]
                played += 1
                for window, lines in checks[cell]:
                    # rarely true: only then are the lines of this direction looked at
                    if (mine & window).bit_count() >= k and any(
                        mine & line == line for line in lines
                    ):
                        winner = True
                        break
                if winner:
                    break
                mine, theirs = theirs, mine
        last_is_x = x_to_move == (played % 2 == 1)
        # a win stops before the swap: the last mover is ``mine`` then, ``theirs`` otherwise
        last, other = (mine, theirs) if winner else (theirs, mine)
        final_x, final_o = (last, other) if last_is_x else (other, last)
        mark = (Mark.X if last_is_x else Mark.O) if winner else None
        return Ending(mark, final_x.bit_count() + final_o.bit_count(), final_x, final_o)


def _checks(rules: Rules) -> tuple[_Checks, ...]:
    """For every cell, per direction with a line through it: (those lines' cells, their masks)."""
    n = rules.n
    through: list[dict[tuple[int, int], list[int]]] = [{} for _ in range(rules.size)]
    for line, mask in zip(rules.lines, rules.line_masks, strict=True):
        (row, col), (next_row, next_col) = divmod(line[0], n), divmod(line[1], n)
        direction = (next_row - row, next_col - col)
        for cell in line:
            through[cell].setdefault(direction, []).append(mask)
    return tuple(
        tuple((_union(masks), tuple(masks)) for masks in directions.values())
        for directions in through
    )


def _union(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _win_table(rules: Rules) -> bytes:
    """``table[bits]`` is 1 when the bitboard ``bits`` holds a whole winning line."""
    table = bytearray(1 << rules.size)
    full = rules.full_mask
    for line in rules.line_masks:
        rest = full & ~line
        subset = rest
        while True:  # every superset of the line: the line plus each subset of the rest
            table[line | subset] = 1
            if not subset:
                break
            subset = (subset - 1) & rest
    return bytes(table)
