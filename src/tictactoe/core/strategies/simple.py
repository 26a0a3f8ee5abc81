"""The simple computer players, generalised to every m x n board and win length k.

Every player is built as ``Cls(rng)`` and answers ``choose(board) -> cell``
for whichever side is to move (the :class:`~tictactoe.core.search.Player`
call: its limits, progress and cancel are ignored); all randomness comes
from ``rng``. The
helpers work on bitboards (``rules.line_masks``, ``rules.masks_through``)
rather than on :class:`Board` objects, so even fork-aware stays quick on
15 x 15. When several cells win (or must be blocked) the lowest index is
taken.
"""

from __future__ import annotations

import random

from tictactoe.core.board import Board, Mark, cells_of
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.rules import Rules
from tictactoe.core.search import Answers, Ask

CLASSIC_BOARD = (3, 3)
"""The classic 3 x 3 board, where fork-aware makes its own fixed choices."""


# --- bitboard helpers, shared by every player ---------------------------------


def lowest(bits: int) -> int:
    """The lowest set bit's index (``bits`` must not be zero)."""
    return (bits & -bits).bit_length() - 1


def sides(board: Board) -> tuple[int, int]:
    """``(mine, theirs)``: the bitboards of the side to move and of its opponent."""
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


def free_cells(board: Board) -> int:
    """Bitboard of the empty cells."""
    return board.rules.full_mask & ~board.occupied


def completing_cells(rules: Rules, mine: int, theirs: int) -> int:
    """Bitboard of the empty cells where ``mine`` would complete k in a row."""
    need = rules.k - 1
    found = 0
    for mask in rules.line_masks:
        if not mask & theirs and (mask & mine).bit_count() == need:
            found |= mask & ~mine
    return found


def win_or_block(board: Board) -> int | None:
    """A winning move for the side to move, else a block of the opponent's win, else None."""
    mine, theirs = sides(board)
    for attacker, defender in ((mine, theirs), (theirs, mine)):
        cells = completing_cells(board.rules, attacker, defender)
        if cells:
            return lowest(cells)
    return None


def centre_offsets(rules: Rules, cell: int) -> tuple[float, float]:
    """``(rows-or-columns, steps)`` from the centre: Chebyshev then Manhattan distance."""
    row, col = rules.row_col(cell)
    d_row, d_col = abs(row - (rules.m - 1) / 2), abs(col - (rules.n - 1) / 2)
    return max(d_row, d_col), d_row + d_col


def ring_key(rules: Rules, cell: int) -> tuple[float, float, int]:
    """Centre-first order: nearest ring round the centre first, each ring's corners first.

    On 3 x 3 this is the order 4, then 0 2 6 8, then 1 3 5 7.
    """
    ring, steps = centre_offsets(rules, cell)
    return ring, -steps, cell


def _check_not_over(board: Board) -> None:
    if board.is_over:
        raise IllegalMoveError(f"the game is over, there is no move to choose in {board.text}")


# --- the players ---------------------------------------------------------------


class _SimplePlayer(Answers):
    """Common shape: an injected random generator and a check that a move exists."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rng)"

    def answer(self, board: Board, ask: Ask) -> int:
        """A legal move for the side to move; :class:`IllegalMoveError` if the game is over.

        These players answer at once, so ``ask`` (budget, progress, cancel) is ignored.
        """
        _check_not_over(board)
        return self._choose(board)

    def _choose(self, board: Board) -> int:
        raise NotImplementedError

    def _random_cell(self, bits: int) -> int:
        return self.rng.choice(tuple(cells_of(bits)))


class FirstFree(_SimplePlayer):
    """Takes the first free cell."""

    def _choose(self, board: Board) -> int:
        return lowest(free_cells(board))


class RandomPlayer(_SimplePlayer):
    """Plays a random free cell."""

    def _choose(self, board: Board) -> int:
        return self._random_cell(free_cells(board))


class WinBlock(_SimplePlayer):
    """Wins if it can, else blocks, else plays at random."""

    def _choose(self, board: Board) -> int:
        forced = win_or_block(board)
        return forced if forced is not None else self._random_cell(free_cells(board))


class CentreFirst(_SimplePlayer):
    """Wins, blocks, then centre, corners, edges.

    Otherwise the first free cell in :func:`ring_key` order: the rings round
    the centre from the inside out, each ring's corners before its sides, so
    on 3 x 3 exactly 4, 0 2 6 8, 1 3 5 7.
    """

    def _choose(self, board: Board) -> int:
        forced = win_or_block(board)
        if forced is not None:
            return forced
        rules = board.rules
        return min(cells_of(free_cells(board)), key=lambda cell: ring_key(rules, cell))


class CornerFirst(_SimplePlayer):
    """Wins, blocks, then a random corner, centre, edge.

    Otherwise a random free corner of the board, else a random one of the
    free cells nearest the centre (:func:`centre_offsets`). On 3 x 3 that is
    the seed's corner, centre, random edge; on bigger boards the four corners
    go first (as in the seed) and then play grows out from the centre.
    """

    def _choose(self, board: Board) -> int:
        forced = win_or_block(board)
        if forced is not None:
            return forced
        rules = board.rules
        free = free_cells(board)
        corners = sum(1 << corner for corner in rules.corners) & free
        if corners:
            return self._random_cell(corners)
        nearest = min(centre_offsets(rules, cell) for cell in cells_of(free))
        return self.rng.choice(
            [cell for cell in cells_of(free) if centre_offsets(rules, cell) == nearest]
        )


class ForkAware(_SimplePlayer):
    """Centre, wins, avoids losing moves and forks.

    The seed, generalised to k and to either side:

    1. a winning move (the lowest cell);
    2. the centre (``rules.centre_distance_order[0]``) while it is free,
       unless the opponent threatens to win somewhere;
    3. a *safe* move: one after which the opponent can neither win at once
       nor make a fork (a move giving them two or more different cells that
       would win) - unless we then hold a line one short of winning ourselves,
       which we complete first.

    Among safe moves the seed keeps the last it examined, so on 3 x 3 the
    highest-numbered safe cell is played, a fixed, reproducible choice; on other
    boards (where that would mean the bottom-right corner) the safe cell
    nearest the centre. The seed crashes when no move is safe; this player
    then plays the least bad move: fewest winning cells left to the
    opponent (so it blocks when it can), then fewest forks.
    """

    def _choose(self, board: Board) -> int:
        rules = board.rules
        mine, theirs = sides(board)
        free = free_cells(board)
        wins = completing_cells(rules, mine, theirs)
        if wins:
            return lowest(wins)
        threats = completing_cells(rules, theirs, mine)
        centre = rules.centre_distance_order[0]
        if free >> centre & 1 and not threats:
            return centre
        forks = _fork_points(rules, theirs, mine, free)
        order = (
            range(rules.size - 1, -1, -1)
            if (rules.m, rules.n) == CLASSIC_BOARD
            else rules.centre_distance_order
        )
        candidates = [cell for cell in order if free >> cell & 1]
        return min(
            candidates, key=lambda cell: _badness(rules, cell, (mine, theirs), threats, forks)
        )


Fork = tuple[int, tuple[tuple[int, int], ...]]
"""A cell where the opponent would make a fork: the cell and its ``(line, winning cell)`` pairs."""


def _fork_points(rules: Rules, theirs: int, mine: int, free: int) -> tuple[Fork, ...]:
    """Every free cell whose taking gives ``theirs`` two or more different winning cells.

    Only lines through the cell count: a line ``theirs`` is already one short
    on is an immediate threat, which :func:`_badness` weighs first.
    """
    need = rules.k - 2
    found = []
    for cell in cells_of(free):
        bit = 1 << cell
        lines = tuple(
            (mask, mask & ~theirs & ~bit)
            for mask in rules.masks_through[cell]
            if not mask & mine and (mask & theirs).bit_count() == need
        )
        if len(lines) > 1 and _distinct_cells(lines, 0) > 1:
            found.append((cell, lines))
    return tuple(found)


def _distinct_cells(lines: tuple[tuple[int, int], ...], blocked: int) -> int:
    """How many different winning cells the lines not containing ``blocked`` leave."""
    cells = 0
    for mask, winning_cell in lines:
        if not mask & blocked:
            cells |= winning_cell
    return cells.bit_count()


def _badness(
    rules: Rules, cell: int, position: tuple[int, int], threats: int, forks: tuple[Fork, ...]
) -> tuple[int, int]:
    """``(opponent's winning cells, opponent's forks)`` after we take ``cell``; (0, 0) is safe.

    ``position`` is ``(mine, theirs)`` before the move, ``threats`` the cells
    where the opponent wins now.
    """
    bit = 1 << cell
    wins_left = (threats & ~bit).bit_count()
    if wins_left:
        return wins_left, 0
    mine, theirs = position
    ours = _new_winning_cells(rules, cell, mine, theirs)
    if ours.bit_count() > 1:
        return 0, 0
    count = 0
    for fork_cell, lines in forks:
        if fork_cell != cell and not ours & ~(1 << fork_cell) and _distinct_cells(lines, bit) > 1:
            count += 1
    return 0, count


def _new_winning_cells(rules: Rules, cell: int, mine: int, theirs: int) -> int:
    """The cells where ``mine`` would win after taking ``cell`` (lines through it only)."""
    need = rules.k - 2
    bit = 1 << cell
    found = 0
    for mask in rules.masks_through[cell]:
        if not mask & theirs and (mask & mine).bit_count() == need:
            found |= mask & ~mine & ~bit
    return found
