"""The main search: principal variation search, iterative deepening, a transposition table.

Scores are for the side to move. A won game scores ``WIN`` minus the plies
until it ends (so a quicker win scores more, a later loss less); anything
within :data:`MATE_RANGE` of ``WIN`` is a proved result. Other scores come
from the shapes on the board (:mod:`tictactoe.core.gomoku.patterns`), with
weights fitted to the results of games, separately for the side to move and
the other side.

At every node threats come first, exactly:

- the side to move completes a line: won;
- the opponent has two completing cells: lost; one: the only move is the
  block, and it costs no depth (forced sequences are read to the end);
- the side to move can make an open four: won (two moves later);
- the opponent has an open three: the moves are the side to move's fours
  and the cells that break the three, nothing else.

Otherwise the candidates are the empty cells near the stones, ordered by
the transposition table's move, two killer moves per ply, the shapes each
makes and breaks (weights fitted to the moves played in games) and a
history table; deep in the tree only the best few are searched
(:data:`WIDTH`), and every move that makes a four; from the second ply on,
of those few only the threat moves (an open three or a four made, or the
opponent's taken) and the first quiet one (:data:`QUIET_MOVES`). At the
horizon a position is scored by its shapes, plus :data:`DOUBLE_THREAT`
when the side to move has a cell that makes a four and another four or an
open three (a win a few moves later, nearly always). Forced wins the
horizon cuts short are the threat searches' work
(:mod:`tictactoe.core.gomoku.threats`), before and after the main search:
a VCF at every horizon would find more of them but cost three times the
time, a ply of depth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tictactoe.core.gomoku.patterns import (
    ATTACK,
    BLOCK4,
    DEFEND,
    FIVES,
    FLEX3,
    FLEX_FOURS,
    FOURS,
    SCORE,
)
from tictactoe.core.gomoku.position import CELL_BITS, CELL_MASK, NO_LINE, Position
from tictactoe.core.search import Budget, Progress, SearchStopped

WIN = 1 << 24
"""Score of a game won at the root (minus the plies it takes)."""

MATE_RANGE = 1 << 12
"""Scores within this of ``WIN`` are proved wins (or, negated, losses)."""

INFINITY = WIN + 1

UNPROVED = 1 << 20
"""About the score of a loss a search found among some of the moves only (see
:func:`unproved`); the shapes' scores stay far below it."""

WIDTH = (32, 14, 10, 8, 6)
"""Most moves searched at a node by remaining depth (the last entry for deeper nodes), the
best by the move ordering (:data:`URGENT` moves are searched whatever their rank)."""

DOUBLE_THREAT = 3000
"""Added at the horizon to the score of a side to move that has a four-four or four-three
cell (not a proved win: the answer to the four may spoil the rest)."""

SHARP_FOUR_LINES = 2
"""A node one ply above the horizon is searched move by move (so that open threes extend
it), not scored by :meth:`Searcher.frontier`, when the opponent has fours on at least this
many lines. (Scoring those too is faster, but lost 8 of 78 games to ``lookahead`` where
this lost 3 of 80.)"""

NEXT_DEPTH_SHARE = 1.0
"""A new iteration starts only if the time left is at least this share of the time the
last one took (unless the last one changed its mind, see :data:`UNSTABLE_DROP`)."""

UNSTABLE_DROP = 300
"""An iteration whose best move is new, or whose score fell this much or more, is followed
by another whatever the time left (until the clock stops it)."""

EXTEND_PLIES = 2
"""Open threes extend the search up to this many times the iteration's depth in plies."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table bounds: exact score, at least (fail high), at most (fail low)."""

FOUR_ORDER = ATTACK[BLOCK4] + 4 * min(0, min(ATTACK) + min(DEFEND))
"""The least ordering score a move that makes a four can have (the four's own line, and
the other three lines at their worst)."""

URGENT = 2 * ATTACK[FLEX3]
"""Moves that make a four, and moves whose ordering score is this or more (two open threes
at once, or as much), are never pruned: a four-three hides among them."""

THREAT_ORDER = min(ATTACK[FLEX3], 2 * DEFEND[FLEX3])
"""The least ordering score (without the history) of a threat move. A move that makes an
open three or a four reaches it on that line alone, and so does one that takes the cell
where the opponent would make two threes (or a four and a little more); quiet shapes on
all four lines of a cell add up to far less (288)."""

QUIET_MOVES = 1
"""From :data:`QUIET_PLY` plies on, a node searches, of its :data:`WIDTH` best moves, the
threat moves (:data:`THREAT_ORDER`) and only this many others, the first by the ordering
and the history (the transposition table's move and the killers count as threats): a move
that threatens nothing and stops no threat is pruned deep in the tree. Measured better
than the width alone (docs/performance.md, "Threat moves deep in the tree")."""

QUIET_PLY = 2
"""See :data:`QUIET_MOVES` (the root and its replies keep every move of their width)."""


class RootMove(NamedTuple):
    """A root move and its score from the last completed iteration."""

    score: int
    cell: int


class Iteration(NamedTuple):
    """The result of one completed depth."""

    depth: int
    score: int
    pv: tuple[int, ...]
    moves: tuple[RootMove, ...]
    """Every root move searched, best first (scores of moves after the first are bounds)."""


def unproved(score: int) -> int:
    """A loss's score (see :func:`is_mate`) made an unproved one: a search that left moves
    out found it. Below every score of the shapes (at :data:`UNPROVED`), longer lines
    still better, but not a mate: the search goes on, and the engine defends as if the
    position may hold."""
    return mate_plies(score) - UNPROVED


def is_mate(score: int) -> bool:
    """True for a proved win or loss."""
    return abs(score) > WIN - MATE_RANGE


def mate_plies(score: int) -> int:
    """Plies until a proved game ends (see :func:`is_mate`)."""
    return WIN - abs(score)


class Searcher:
    """Searches one position; the tables may be kept from move to move."""

    def __init__(
        self,
        position: Position,
        budget: Budget,
        table: dict[int, tuple[int, int, int, int]],
        history: list[list[int]],
        progress: Callable[[Progress], None] | None = None,
        table_limit: int = 1 << 62,
    ) -> None:
        self.pos = position
        self.budget = budget
        self.table = table
        self.table_limit = table_limit
        """Most entries in ``table``: it is emptied when full (bounded memory)."""
        self.history = history
        self.progress = progress
        self.killers: list[list[int]] = [[-1, -1] for _ in range(128)]
        self.seldepth = 0
        self.partial: list[RootMove] = []
        """Root moves the current iteration has finished (kept when the clock stops it)."""
        self.extend_until = 0
        """Plies from the root up to which open threes extend the search (set per iteration)."""
        self.root_complete = True
        """False when the root's moves were cut to :data:`WIDTH` (a loss is then unproved)."""
        self.completed = 0
        """The deepest iteration completed (:meth:`iterate` with ``start`` goes on from it)."""

    # --- the tree ---------------------------------------------------------------------

    def node(self, depth: int, alpha: int, beta: int, ply: int, me: int) -> int:
        """Negamax value of the position for ``me`` (to move), within (alpha, beta)."""
        self.budget.count()
        pos = self.pos
        threats = pos.threats
        opp = me ^ 1
        if threats[me]:  # 2 * FIVES + me
            return WIN - ply - 1
        forced: list[int] | None = None
        if threats[opp]:
            forced = pos.cells(FIVES, opp)
            if len(forced) > 1:
                return ply + 2 - WIN
            depth += 1  # the block costs nothing
        elif threats[4 + me]:  # 2 * FLEX_FOURS + me
            return WIN - ply - 3
        elif threats[4 + opp] and ply < self.extend_until:
            depth += 1  # an open three: the answers are few, read them to the end
        free = pos.free
        if not free:
            return 0
        if ply > self.seldepth:
            self.seldepth = ply
        if depth <= 0:
            return self.leaf(me)
        key = pos.hash
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, e_bound, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score > WIN - MATE_RANGE:
                    e_score -= ply
                elif e_score < MATE_RANGE - WIN:
                    e_score += ply
                if (
                    e_bound == EXACT
                    or (e_bound == LOWER and e_score >= beta)
                    or (e_bound == UPPER and e_score <= alpha)
                ):
                    return e_score
        if (
            depth == 1
            and forced is None
            and not threats[2 * FLEX_FOURS + opp]
            and threats[2 * FOURS + opp].bit_count() < SHARP_FOUR_LINES
        ):
            return self.frontier(me, pos.candidates(), alpha, beta, ply)
        if forced is not None:
            moves, complete = forced, True
        else:
            moves, complete = self.ranked(me, depth, ply, tt_move)
        best, best_move = -INFINITY, -1
        original_alpha = alpha
        first = True
        for cell in moves:
            pos.make(cell, me)
            try:
                if first:
                    score = -self.node(depth - 1, -beta, -alpha, ply + 1, opp)
                else:
                    score = -self.node(depth - 1, -alpha - 1, -alpha, ply + 1, opp)
                    if alpha < score < beta:
                        score = -self.node(depth - 1, -beta, -alpha, ply + 1, opp)
            finally:
                pos.unmake()
            first = False
            if score > best:
                best, best_move = score, cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if forced is None:
                            self._reward(me, cell, depth, ply)
                        break
        if best < MATE_RANGE - WIN and not complete:
            best = unproved(best)
        bound = EXACT if original_alpha < best < beta else LOWER if best >= beta else UPPER
        stored = best
        if best > WIN - MATE_RANGE:
            stored += ply
        elif best < MATE_RANGE - WIN:
            stored -= ply
        table = self.table
        if len(table) >= self.table_limit:
            table.clear()
        table[key] = (depth, bound, stored, best_move)
        return best

    def frontier(self, me: int, moves: int, alpha: int, beta: int, ply: int) -> int:
        """A node one ply above the horizon where the opponent has fours on fewer than
        :data:`SHARP_FOUR_LINES` lines (a quiet position: its four-three, if any, is left
        to the next iteration).

        Every candidate (the bitboard ``moves``) is tried, as the horizon of
        a search should: quiet moves first, scored without being played
        (:meth:`Position.peek`: the evaluation after them, which is what the
        horizon would return), then the moves that make a four, searched,
        since their block is forced.
        """
        pos = self.pos
        budget = self.budget
        opp = me ^ 1
        fours = pos.fours(me) & moves
        quiet = moves ^ fours
        # Position.peek, inlined: this loop scores most of the nodes of a search.
        info, steps = [*pos.info, NO_LINE], pos.geometry.steps_flat[me]
        slot = SCORE + opp
        base: int = pos.scores[opp]
        best = -INFINITY
        scored = 0
        while quiet:
            low = quiet & -quiet
            quiet ^= low
            cell = low.bit_length() - 1
            # each line through the cell: its index, what the stone adds to its key, its table
            l1, k1, t1, l2, k2, t2, l3, k3, t3, l4, k4, t4 = steps[cell]
            a, b, c, d = info[l1], info[l2], info[l3], info[l4]
            score: int = (  # minus the evaluation after the move, with the opponent to move
                a[slot]
                + b[slot]
                + c[slot]
                + d[slot]
                - base
                - t1[a[15] + k1][slot]  # KEY
                - t2[b[15] + k2][slot]
                - t3[c[15] + k3][slot]
                - t4[d[15] + k4][slot]
            )
            scored += 1
            if not scored & 15:  # new shapes cost a description each: look at the clock
                budget.check()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        budget.nodes += scored
                        self._reward(me, cell, 1, ply)
                        budget.check()
                        return best
        budget.nodes += scored
        while fours:
            low = fours & -fours
            fours ^= low
            cell = low.bit_length() - 1
            pos.make(cell, me)
            try:
                score = -self.node(0, -beta, -alpha, ply + 1, opp)
            finally:
                pos.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._reward(me, cell, 1, ply)
                        break
        budget.check()  # a frontier node scores many moves: look at the clock after each
        return best

    def leaf(self, me: int) -> int:
        """The horizon: the shapes' score, more with a double threat to play."""
        pos = self.pos
        if pos.threats[2 * FOURS + me] and pos.double_threat(me):
            return pos.evaluate(me) + DOUBLE_THREAT
        return pos.evaluate(me)

    def evaluate(self, me: int) -> int:
        """The shapes' score for ``me`` to move (no search)."""
        return self.pos.evaluate(me)

    def moves(self, me: int, depth: int, ply: int, tt_move: int) -> list[int]:
        """Moves to search at a node, best first (see the module docstring)."""
        return self.ranked(me, depth, ply, tt_move)[0]

    def ranked(self, me: int, depth: int, ply: int, tt_move: int) -> tuple[list[int], bool]:
        """:meth:`moves`, and whether they are every move that matters (False when
        :data:`WIDTH` left some out: a loss found among them is then not proved)."""
        pos = self.pos
        opp = me ^ 1
        history = self.history[me]
        if pos.threats[2 * FLEX_FOURS + opp]:
            cells = set(pos.cells(FOURS, me))
            cells.update(pos.line_cells(FLEX_FOURS, opp, FOURS, opp))
            bits = sum(1 << cell for cell in cells)
            urgent = True
        else:
            bits = pos.candidates()
            urgent = False
        keys = pos.order_keys(bits, me, history)
        killers = self.killers[ply] if ply < len(self.killers) else (-1, -1)
        boosted = -1, -1
        for cell, bonus in ((tt_move, 1 << 40), (killers[0], 1 << 30), (killers[1], 1 << 29)):
            if cell >= 0 and bits >> cell & 1 and cell not in boosted:
                key = (pos.order_scores((cell,), me)[0][0] + history[cell]) << CELL_BITS | cell
                keys.remove(key)
                keys.append(key + (bonus << CELL_BITS))
            boosted = boosted[1], cell
        keys.sort(reverse=True)
        if urgent:
            return [key & CELL_MASK for key in keys], True
        width = WIDTH[min(depth, len(WIDTH) - 1)] if ply else WIDTH[0]
        if ply < QUIET_PLY:
            kept = [key & CELL_MASK for key in keys[:width]]
        else:
            kept = []
            quiet = QUIET_MOVES
            for key in keys[:width]:
                cell = key & CELL_MASK
                if (key >> CELL_BITS) - history[cell] >= THREAT_ORDER:  # boosted ones too
                    kept.append(cell)
                elif quiet:
                    quiet -= 1
                    kept.append(cell)
        if len(keys) > width and keys[width] >> CELL_BITS >= FOUR_ORDER:  # sorted: none is, else
            fours = pos.fours(me) if pos.threats[2 * FOURS + me] else 0
            urgent_key = URGENT << CELL_BITS
            kept.extend(
                key & CELL_MASK
                for key in keys[width:]
                if key >= urgent_key or fours >> (key & CELL_MASK) & 1
            )
        return kept, len(kept) == len(keys)

    def _reward(self, me: int, cell: int, depth: int, ply: int) -> None:
        """A quiet move caused a cut-off: remember it as a killer and in the history."""
        if ply < len(self.killers):
            killers = self.killers[ply]
            if killers[0] != cell:
                killers[1] = killers[0]
                killers[0] = cell
        self.history[me][cell] += depth * depth

    # --- the root ---------------------------------------------------------------------

    def iterate(
        self, me: int, max_depth: int, top: int = 1, start: Iteration | None = None
    ) -> Iteration | None:
        """Iterative deepening from depth 1; the last completed iteration (None if none).

        The first ``top`` root moves of each iteration get exact scores (the
        others only bounds that show they are worse): more than one for hints.
        ``start``, an iteration this searcher returned, goes on deeper from
        there (with the time a later budget gives).

        With a clock, the next depth starts when the time left is at least
        :data:`NEXT_DEPTH_SHARE` of what the last one took (its first moves
        will finish, and a move they find better counts, see
        :meth:`_unfinished`), and whatever the time left when the last depth
        changed its mind: a new best move, or a score down by
        :data:`UNSTABLE_DROP` or more.
        """
        pos = self.pos
        budget = self.budget
        if start is not None:
            root = [move.cell for move in start.moves]
            first = self.completed + 1
        elif pos.threats[2 * FIVES + (me ^ 1)]:
            root, self.root_complete = pos.cells(FIVES, me ^ 1), True
            first = 1
        else:
            root, self.root_complete = self.ranked(me, 2, 0, -1)
            first = 1
        if not root:
            return None
        done: Iteration | None = start
        for depth in range(first, max_depth + 1):
            if done is not None and (is_mate(done.score) or depth > pos.free.bit_count()):
                break
            self.extend_until = EXTEND_PLIES * depth
            base = len(pos.history)
            self.partial = []
            began = budget.elapsed
            try:
                scored = self._root(me, depth, root, top)
            except SearchStopped:
                pos.rewind(base)  # the threat searches inside do not unwind their moves
                if done is not None and self.partial:
                    better = self._unfinished(me, done, depth)
                    if better is not done and self.progress is not None:
                        self.progress(
                            Progress(depth, budget.nodes, budget.elapsed, better.score, better.pv)
                        )
                    done = better
                break
            scored.sort(key=lambda move: -move.score)  # stable: earlier order breaks ties
            root = [move.cell for move in scored]
            last = done
            done = Iteration(
                depth, scored[0].score, self.principal_variation(me, root[0]), tuple(scored)
            )
            self.completed = depth
            if self.progress is not None:
                self.progress(Progress(depth, budget.nodes, budget.elapsed, done.score, done.pv))
            stable = last is None or (
                last.pv[0] == done.pv[0] and done.score > last.score - UNSTABLE_DROP
            )
            if (
                budget.timed
                and stable
                and budget.share_left() < (budget.elapsed - began) * NEXT_DEPTH_SHARE
            ):
                break  # the next depth would not even finish its first moves
        return done

    def _unfinished(self, me: int, done: Iteration, depth: int) -> Iteration:
        """A stopped iteration still counts if a move it finished beat the last best one."""
        best = max(self.partial, key=lambda move: move.score)
        if best.cell == done.pv[0] or best.score <= self.partial[0].score:
            return done
        pv = self.principal_variation(me, best.cell)
        return Iteration(
            depth, best.score, pv, (best, *(m for m in done.moves if m.cell != best.cell))
        )

    def _root(self, me: int, depth: int, root: list[int], top: int) -> list[RootMove]:
        pos = self.pos
        opp = me ^ 1
        alpha = -INFINITY
        scored = []
        for index, cell in enumerate(root):
            pos.make(cell, me)
            try:
                if index < top:
                    score = -self.node(depth - 1, -INFINITY, INFINITY, 1, opp)
                else:
                    score = -self.node(depth - 1, -alpha - 1, -alpha, 1, opp)
                    if score > alpha:
                        score = -self.node(depth - 1, -INFINITY, -alpha, 1, opp)
            finally:
                pos.unmake()
            if score < MATE_RANGE - WIN and not self.root_complete:
                score = unproved(score)
            alpha = max(alpha, score)
            scored.append(RootMove(score, cell))
            self.partial.append(RootMove(score, cell))
        return scored

    def principal_variation(self, me: int, first: int, longest: int = 24) -> tuple[int, ...]:
        """The best move and the replies the transposition table expects."""
        return expected_line(self.pos, self.table, me, first, longest)


def expected_line(
    pos: Position,
    table: dict[int, tuple[int, int, int, int]],
    me: int,
    first: int,
    longest: int = 24,
) -> tuple[int, ...]:
    """``first`` for ``me`` and the replies ``table`` expects; forced blocks and wins are
    followed without it. ``pos`` is left as it was."""
    line = [first]
    pos.make(first, me)
    made = 1
    side = me ^ 1
    seen = {pos.hash}
    try:
        while len(line) < longest and pos.free:
            if pos.threats[2 * FIVES + side]:
                line.append(pos.cells(FIVES, side)[0])
                break
            if pos.threats[2 * FIVES + (side ^ 1)]:
                cell = pos.cells(FIVES, side ^ 1)[0]
            else:
                entry = table.get(pos.hash)
                if entry is None or entry[3] < 0 or not pos.free >> entry[3] & 1:
                    break
                cell = entry[3]
            line.append(cell)
            pos.make(cell, side)
            made += 1
            side ^= 1
            if pos.hash in seen:
                break
            seen.add(pos.hash)
    finally:
        for _ in range(made):
            pos.unmake()
    return tuple(line)
