"""Today's ``lookahead`` (frozen): the strength and speed baseline of the gomoku engine.

A verbatim copy of ``tictactoe.core.strategies.lookahead`` as it was before
the engine replaced it (with the few helpers it took from ``seeds.py``
copied below), kept outside the package so benchmarks can play and time
the engine against it in the same run. ``Lookahead.nodes_searched`` counts
the positions the last move visited (for nodes per second). Do not improve
it: it is the yardstick.

``lookahead``: threats, blocks and a shallow alpha-beta search, for big boards.

The exact ``perfect`` player stops at 20 cells; this one plays any m x n
board and any k, either side, with a fixed amount of work per move:

1. win at once if it can; else block the opponent's only winning cell
   (with two or more the game is lost: it blocks the lowest);
2. on an empty board, a cell at the centre;
3. otherwise a negamax search with alpha-beta over the empty cells within
   :data:`NEAR` of a mark, deepened one ply at a time until
   :data:`NODE_BUDGET` positions have been visited (counted, not timed, so a
   seeded game is the same on every machine).

Inside the search, threats are exact: a move that leaves the opponent two
different winning cells (an open k-1 line, or two lines) wins; a single
winning cell must be blocked at once, and that forced reply costs no depth,
so sequences of threats are read to the end. Quiet positions are scored by
patterns: every window of k cells free of the opponent counts
``WEIGHT_BASE ** (marks - 1)`` for its owner, so an open line (which lies in
more such windows) scores more than a closed one, and the side to move counts
its own windows 3/2 times (:data:`TEMPO`: it moves first). The score is kept
incrementally from the lines through each move, on bitboards
(:attr:`Rules.masks_through`); no :class:`Board` is built while searching.
Among equally good root moves the injected generator picks one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.rules import Rules

NEAR = 2
"""Candidate moves are empty cells at most this many rows/columns from a mark."""

WEIGHT_BASE = 4
"""Each extra mark in a live window multiplies the window's value by this."""

TEMPO = (3, 2)
"""The side to move's own windows count 3/2 times the opponent's (it moves first)."""

ROOT_WIDTH = 16
"""Root moves searched: the best by move ordering (every one on small boards)."""

WIDTH = 8
"""Moves searched at inner nodes; the last ply before the horizon looks at every one."""

NODE_BUDGET = 20_000
"""Positions visited per move before the search stops and keeps its last full depth."""


TRAP_MOVES = 6
"""Near-best root moves whose traps are counted."""

TRAP_MARGIN = 2
"""How far below the best a root move may score (in windows of k-2 marks) and still set traps."""

TRAP_BUDGET = 5_000
"""Positions visited counting traps, on top of :data:`NODE_BUDGET`."""


# --- helpers copied from tictactoe.core.strategies.simple (frozen with this file) ---------


def cells_of(bits: int) -> Iterator[int]:
    """Indices of the set bits of ``bits``, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


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


def centre_offsets(rules: Rules, cell: int) -> tuple[float, float]:
    """``(rows-or-columns, steps)`` from the centre: Chebyshev then Manhattan distance."""
    row, col = rules.row_col(cell)
    d_row, d_col = abs(row - (rules.m - 1) / 2), abs(col - (rules.n - 1) / 2)
    return max(d_row, d_col), d_row + d_col


class _OutOfBudget(Exception):
    """Raised inside the search when :data:`NODE_BUDGET` is spent."""


class _Tables(NamedTuple):
    """Per-board constants of the search."""

    rules: Rules
    near: tuple[int, ...]
    """For each cell, the bitboard of the cells within :data:`NEAR` of it."""
    weight: tuple[int, ...]
    """Value of a live window by how many marks it holds (0 to k)."""
    gain: tuple[int, ...]
    """``weight[m + 1] - weight[m]``: adding a mark to a live window holding m."""
    win: int
    """The score of a won game, above any pattern score."""


def _tables(rules: Rules) -> _Tables:
    weight = (0, *(WEIGHT_BASE ** (marks - 1) for marks in range(1, rules.k + 1)))
    gain = tuple(weight[marks + 1] - weight[marks] for marks in range(rules.k))
    near = []
    for cell in range(rules.size):
        row, col = rules.row_col(cell)
        bits = 0
        for r in range(max(0, row - NEAR), min(rules.m, row + NEAR + 1)):
            for c in range(max(0, col - NEAR), min(rules.n, col + NEAR + 1)):
                bits |= 1 << (r * rules.n + c)
        near.append(bits)
    win = 4 * (len(rules.line_masks) + 1) * weight[rules.k] * TEMPO[0]
    return _Tables(rules, tuple(near), weight, gain, win)


class _Move(NamedTuple):
    """A move and what it changes for the side making it."""

    key: int
    """Ordering key: the pattern score it gains plus the opponent's it destroys."""
    cell: int
    own_gain: int
    opp_loss: int
    made: int
    """Cells where the mover would then complete a line (its new threats)."""


class _Search:
    """One move's search: the tables, the node count and the recursion."""

    def __init__(self, tables: _Tables, budget: int) -> None:
        self.tables = tables
        self.budget = budget
        self.nodes = 0
        rules = tables.rules
        self.full = rules.full_mask
        self.through = rules.masks_through
        self.need = rules.k - 2

    def moves(self, me: int, them: int, cand: int) -> list[_Move]:
        """Every cell of ``cand`` scored for ``me`` to move, best first."""
        through, weight, gain, need = self.through, self.tables.weight, self.tables.gain, self.need
        taken = me | them
        found = []
        for cell in cells_of(cand):
            own_gain = opp_loss = made = 0
            for line in through[cell]:
                if line & them:
                    if not line & me:
                        opp_loss += weight[(line & them).bit_count()]
                else:
                    marks = (line & me).bit_count()
                    own_gain += gain[marks]
                    if marks == need:
                        made |= line
            made &= ~(taken | 1 << cell)
            found.append(_Move(own_gain + opp_loss, cell, own_gain, opp_loss, made))
        found.sort(reverse=True)
        return found

    def value(
        self,
        me: int,
        them: int,
        own: int,
        opp: int,
        threats: int,
        cand: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        attack: bool = False,
    ) -> int:
        """Negamax value for ``me`` to move (``own``/``opp``: the two sides' pattern sums).

        ``threats`` are the cells where ``them`` would complete a line; ``me``
        has none (it would have been blocked or played earlier). ``attack``:
        ``me``'s last threat was just blocked, so past the horizon it may go on
        making threats (a forced sequence is read to its end).
        """
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        win = self.tables.win
        best = -win
        forced = bool(threats)
        if threats:
            if threats & (threats - 1):
                return ply + 1 - win
            moves = self.moves(me, them, threats)
        else:
            free = self.full & ~(me | them)
            if not free:
                return 0
            if depth <= 0:
                best = own * TEMPO[0] // TEMPO[1] - opp
                if not attack or best >= beta:
                    return best
                alpha = max(alpha, best)
                moves = [move for move in self.moves(me, them, cand & free) if move.made]
            else:
                cand &= free
                moves = self.moves(me, them, cand or free)
                if depth == 1:
                    return self.horizon(me, them, own, opp, cand, moves, alpha, beta, ply)
                del moves[WIDTH:]
                depth -= 1
        near = self.tables.near
        for move in moves:
            bit = 1 << move.cell
            score = -self.value(
                them,
                me | bit,
                opp - move.opp_loss,
                own + move.own_gain,
                move.made,
                cand | near[move.cell],
                depth,
                -beta,
                -alpha,
                ply + 1,
                forced,
            )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def horizon(
        self,
        me: int,
        them: int,
        own: int,
        opp: int,
        cand: int,
        moves: list[_Move],
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """The last ply: every move, quiet ones scored without a recursive call."""
        best = -self.tables.win
        near = self.tables.near
        for move in moves:
            if move.made:
                bit = 1 << move.cell
                score = -self.value(
                    them,
                    me | bit,
                    opp - move.opp_loss,
                    own + move.own_gain,
                    move.made,
                    cand | near[move.cell],
                    0,
                    -beta,
                    -alpha,
                    ply + 1,
                )
            else:
                self.nodes += 1
                score = own + move.own_gain - (opp - move.opp_loss) * TEMPO[0] // TEMPO[1]
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if self.nodes > self.budget:
            raise _OutOfBudget
        return best


def _pattern_sum(tables: _Tables, mine: int, theirs: int) -> int:
    """Sum of the weights of ``mine``'s windows that ``theirs`` has not entered."""
    weight = tables.weight
    return sum(
        weight[(line & mine).bit_count()] for line in tables.rules.line_masks if not line & theirs
    )


class Lookahead:
    """Looks a few moves ahead: threats, blocks and patterns (for big boards).

    ``budget`` is the number of positions visited per move (default
    :data:`NODE_BUDGET`); all randomness comes from ``rng``.
    """

    def __init__(self, rng: random.Random, budget: int = NODE_BUDGET) -> None:
        self.rng = rng
        self.budget = budget
        self._tables: _Tables | None = None
        self.nodes_searched = 0
        """Positions the last move's search visited (added for the benchmarks)."""

    def __repr__(self) -> str:
        return f"Lookahead(rng, budget={self.budget})"

    def tables(self, rules: Rules) -> _Tables:
        """The search constants of ``rules``'s board (kept for the last board seen)."""
        if self._tables is None or self._tables.rules != rules:
            self._tables = _tables(rules)
        return self._tables

    def choose(self, board: Board) -> int:
        """A move for the side to move; :class:`IllegalMoveError` if the game is over."""
        if board.is_over:
            raise IllegalMoveError(f"the game is over, there is no move to choose in {board.text}")
        return self.rng.choice(self.candidates(board))

    def candidates(self, board: Board) -> list[int]:
        """The moves judged best (equally good), lowest cell first."""
        rules = board.rules
        mine, theirs = sides(board)
        for attacker, defender in ((mine, theirs), (theirs, mine)):
            forced = completing_cells(rules, attacker, defender)
            if forced:
                return [lowest(forced)]
        free = free_cells(board)
        if not board.occupied:
            middle = min(centre_offsets(rules, cell) for cell in cells_of(free))
            return [cell for cell in cells_of(free) if centre_offsets(rules, cell) == middle]
        tables = self.tables(rules)
        search = _Search(tables, self.budget)
        self.nodes_searched = 0
        cand = 0
        for cell in cells_of(board.occupied):
            cand |= tables.near[cell]
        cand &= free
        moves = search.moves(mine, theirs, cand or free)[:ROOT_WIDTH]
        own, opp = _pattern_sum(tables, mine, theirs), _pattern_sum(tables, theirs, mine)
        scored = [(0, move) for move in moves[:1]]
        for depth in range(1, free.bit_count() + 1):
            try:
                scored = self._root(search, moves, mine, theirs, own, opp, cand, depth)
            except _OutOfBudget:
                break
            scored.sort(key=lambda pair: -pair[0])  # stable: earlier order breaks ties
            moves = [move for _, move in scored]
            if abs(scored[0][0]) >= tables.win - rules.size - 1:
                break  # a forced win or loss has been found: deeper changes nothing
        top = scored[0][0]
        if abs(top) < tables.win - rules.size - 1:
            scored = self._traps(search, scored, mine, theirs, own, opp, cand)
            top = scored[0][0]
        self.nodes_searched = search.nodes
        return sorted(move.cell for score, move in scored if score == top)

    @staticmethod
    def _traps(
        search: _Search,
        scored: list[tuple[int, _Move]],
        mine: int,
        theirs: int,
        own: int,
        opp: int,
        cand: int,
    ) -> list[tuple[int, _Move]]:
        """Near-best root moves re-ranked by how many replies lose to a forced sequence.

        A weak opponent does not see threats coming, so among moves about as
        good as the best (within :data:`TRAP_MARGIN` windows of k-2 marks)
        the one that gives it the most ways to go wrong is played.
        """
        tables = search.tables
        margin = TRAP_MARGIN * tables.weight[max(tables.rules.k - 2, 1)]
        top = scored[0][0]
        near = [(score, move) for score, move in scored[:TRAP_MOVES] if score >= top - margin]
        search.budget = search.nodes + TRAP_BUDGET
        counted = []
        for score, move in near:
            bit = 1 << move.cell
            after_mine, after_own, after_opp = mine | bit, own + move.own_gain, opp - move.opp_loss
            free = search.full & ~(after_mine | theirs)
            replies = search.moves(theirs, after_mine, (cand | tables.near[move.cell]) & free)
            traps = 0
            try:
                for reply in replies:
                    if move.made & ~(1 << reply.cell):
                        continue
                    value = search.value(
                        after_mine,
                        theirs | 1 << reply.cell,
                        after_own - reply.opp_loss,
                        after_opp + reply.own_gain,
                        reply.made,
                        cand | tables.near[move.cell] | tables.near[reply.cell],
                        0,
                        tables.win - tables.rules.size - 2,
                        tables.win,
                        2,
                        True,
                    )
                    traps += value >= tables.win - tables.rules.size - 1
            except _OutOfBudget:
                break
            counted.append((traps, score, move))
        if not counted:
            return scored
        counted.sort(key=lambda entry: (-entry[0], -entry[1]))
        best_traps, best_score = counted[0][0], counted[0][1]
        return [
            (score, move)
            for traps, score, move in counted
            if (traps, score) == (best_traps, best_score)
        ]

    @staticmethod
    def _root(
        search: _Search,
        moves: list[_Move],
        mine: int,
        theirs: int,
        own: int,
        opp: int,
        cand: int,
        depth: int,
    ) -> list[tuple[int, _Move]]:
        """Every root move with its value at ``depth`` (exact for those tying the best)."""
        win = search.tables.win
        near = search.tables.near
        best = -win - 1
        scored = []
        for move in moves:
            score = -search.value(
                theirs,
                mine | 1 << move.cell,
                opp - move.opp_loss,
                own + move.own_gain,
                move.made,
                cand | near[move.cell],
                depth - 1,
                -win - 1,
                1 - best,
                1,
            )
            best = max(best, score)
            scored.append((score, move))
        return scored
