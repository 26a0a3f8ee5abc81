"""The gomoku engine: one call from a position and a budget to a move, a score and a line.

:class:`Engine` is both the ``search`` computer player (``choose``, the
:class:`~tictactoe.core.search.Player` call) and the search service front
ends use (``search``, which answers a score, a line and the root moves too)::

    >>> from tictactoe.core import Board
    >>> from tictactoe.core.gomoku.engine import Engine
    >>> from tictactoe.core.search import Limits
    >>> board = Board.parse("XXXX./OOO../...../...../.....")
    >>> Engine().search(board, Limits(nodes=1_000)).move
    4

A search takes :class:`~tictactoe.core.search.Limits` (seconds,
nodes or depth), an optional ``progress`` callback (a
:class:`~tictactoe.core.search.Progress` after each completed depth)
and an optional ``cancel`` (a :class:`threading.Event`: set it from any
thread and the search returns its best move so far at once). It runs
wherever it is called: a worker thread for a window, an executor of an
asyncio server, the brain's thinking thread.

What it does for a move, in order (each step only if the previous found
nothing):

1. win at once; block the opponent's single winning cell (at once, no
   search: the immediate-answer path);
2. make an open four (a win two moves later);
3. look for a forced win by continuous fours (VCF), then by threes and
   fours (VCT), with a share of the budget;
4. iterative deepening with the main search (:mod:`tictactoe.core.gomoku.search`);
5. the defence: the opponent's forced wins (VCF, then VCT) after the best
   moves, the first move that allows none played (see :meth:`Engine._safe`);
   with a clock, the time left then goes to the main search again, deeper.

The :class:`Result` says which step answered; a forced win carries its
proof line and its length in the winner's own moves.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import NamedTuple

from tictactoe.core.board import Board, Mark, cells_of
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.gomoku.patterns import FIVES, FLEX_FOURS
from tictactoe.core.gomoku.position import Geometry, Position
from tictactoe.core.gomoku.search import (
    MATE_RANGE,
    WIN,
    Iteration,
    RootMove,
    Searcher,
    is_mate,
    mate_plies,
)
from tictactoe.core.gomoku.threats import ThreatSearch
from tictactoe.core.rules import Rules
from tictactoe.core.search import (
    Answers,
    Ask,
    Budget,
    Cancel,
    Limits,
    ProgressCallback,
    SearchStopped,
)

VCF_SHARE = 0.15
"""Share of the budget the root VCF may use."""

VCT_SHARE = 0.2
"""Share of what is left that the root VCT may use."""

DEFAULT_MEMORY = 256 * 2**20
"""Bytes the engine's tables may take when nothing else is said (Python itself comes on top,
some 20 MB)."""

MIN_MEMORY = 2 * 2**20
"""The least memory the tables are given, however little is offered."""

MEMORY_SHARES = (0.4, 0.2, 0.4)
"""How the memory is shared: the transposition table, the threat searches' refutation
tables, the remembered line descriptions."""

ENTRY_BYTES = 190
"""Memory one transposition-table entry takes, about (the key, the entry's tuple and its
numbers, the dictionary's slot: 170 bytes measured with ``tracemalloc``, 186 by
``sys.getsizeof``)."""

REFUTED_BYTES = 70
"""Memory one refutation-table entry takes, about (66 bytes measured the same ways)."""

TABLE_LIMIT = int(DEFAULT_MEMORY * MEMORY_SHARES[0]) // ENTRY_BYTES
"""Transposition-table entries kept with the default memory (about 560,000); the table is
cleared when it is full."""

MAX_DEPTH = 64
"""Deepest iteration of the main search."""

SAFETY_SHARE = 0.15
"""Share of the budget kept back to check that the opponent has no forced win after the move."""

SAFETY_MOVES = 8
"""Most of the best root moves checked that way."""

RESUME_SECONDS = 0.05
"""With this much time or more left after the safety check, the main search goes on deeper."""

RESUME_SHARE = 0.7
"""Share of that time the deeper search may take: the rest checks a new move it finds."""


class Reason(StrEnum):
    """Which step of the engine chose the move."""

    WIN = "win"
    """Completes a line now."""
    BLOCK = "block"
    """Blocks the opponent's only winning cell (or one of several: the game is lost)."""
    OPEN_FOUR = "open-four"
    """Makes an open four: the opponent cannot block both ends."""
    VCF = "vcf"
    """The first move of a forced win by continuous fours."""
    VCT = "vct"
    """The first move of a forced win by threes and fours."""
    SEARCH = "search"
    """The main search's best move."""
    OPENING = "opening"
    """The first move of the game (the centre)."""


class Result(NamedTuple):
    """What a search found for the side to move.

    A named tuple, not a dataclass: the brain's cold start imports no
    :mod:`dataclasses` (a Gomocup manager starts it for every game).
    """

    move: int
    """The cell to play."""
    score: int
    """The score for the side to move (see :mod:`tictactoe.core.gomoku.search`)."""
    pv: tuple[int, ...]
    """The principal variation (a proved win's winning line), starting with ``move``."""
    reason: Reason
    depth: int = 0
    """Plies of the last completed iteration of the main search (0 when it was not needed)."""
    nodes: int = 0
    seconds: float = 0.0
    moves: tuple[RootMove, ...] = ()
    """Root moves the main search scored, best first (empty when it was not needed)."""

    @property
    def proved(self) -> bool:
        """True when the score is a proved win or loss."""
        return is_mate(self.score)

    @property
    def winner_moves(self) -> int | None:
        """For a proved result: how many moves the winner makes until the game ends."""
        if not self.proved:
            return None
        plies = mate_plies(self.score)
        return (plies + 1) // 2 if self.score > 0 else plies // 2


class Engine(Answers):
    """The ``search`` player: a gomoku engine for every board and k, either side.

    ``think`` (seconds a move, default :data:`~tictactoe.core.search.DEFAULT_SECONDS`) or ``nodes``
    (positions a move: reproducible on every machine) set the budget of
    :meth:`choose`; ``exact`` plays the "exactly k" rule (overlines do not
    win); ``memory`` (bytes, default :data:`DEFAULT_MEMORY`) bounds what its
    tables take. Randomness (which centre cell opens the game) comes from
    ``rng``.
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        think: float | None = None,
        nodes: int | None = None,
        exact: bool = False,
        memory: int = DEFAULT_MEMORY,
    ) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.limits = Limits.of(think, nodes)
        self.exact = exact
        self.memory = DEFAULT_MEMORY
        self.table_limit = TABLE_LIMIT
        """Most transposition-table entries (from :attr:`memory`)."""
        self.refuted_limit = 0
        """Most entries of each refutation table (from :attr:`memory`)."""
        self._geometry: Geometry | None = None
        self._table: dict[int, tuple[int, int, int, int]] = {}
        self._refuted_vcf: dict[int, int] = {}
        self._refuted_vct: dict[int, int] = {}
        self._history: list[list[int]] = [[], []]
        """The main search's history table (of the last search: each starts afresh)."""
        self.set_memory(memory)

    def __repr__(self) -> str:
        return f"Engine(rng, think={self.limits.seconds}, nodes={self.limits.nodes})"

    # --- the player -------------------------------------------------------------------

    def answer(self, board: Board, ask: Ask) -> int:
        """A move for the side to move within ``ask.limits`` (None: this engine's own):
        :meth:`search` with ``ask``'s progress and cancel, answering only the move."""
        return self.search(board, *ask).move

    # --- the service ------------------------------------------------------------------

    def search(
        self,
        board: Board,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
        *,
        top: int = 1,
    ) -> Result:
        """Search ``board`` for the side to move; :class:`IllegalMoveError` if it is over.

        ``top`` > 1 asks for exact scores of that many best moves (for hints):
        the search then also reads on after a forced block instead of
        answering it at once. One search at a time per engine (its tables are
        not shared between threads); use one engine per thread.
        """
        if board.is_over:
            raise IllegalMoveError(f"the game is over, there is no move to choose in {board.text}")
        side = 0 if board.turn is Mark.X else 1
        return self.search_stones(
            board.rules, board.x, board.o, side, limits, progress, cancel, top=top
        )

    def search_stones(
        self,
        rules: Rules,
        x: int,
        o: int,
        side: int,
        limits: Limits | None = None,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
        *,
        top: int = 1,
    ) -> Result:
        """Search the stones ``x`` and ``o`` (bitboards) with ``side`` (0 X, 1 O) to move.

        For callers that keep their own position, such as the Gomocup brain
        (whose "exactly five" games may hold overlines a :class:`Board` calls won).
        """
        budget = Budget(limits or self.limits, cancel)
        geometry = self.geometry(rules)
        pos = Position(geometry, x, o)
        if not pos.free:
            raise IllegalMoveError("the board is full: there is no move to choose")
        quick = self._immediate(pos, side, budget)
        if quick is not None and (top == 1 or quick.reason is not Reason.BLOCK):
            return quick
        threats = ThreatSearch(
            pos, budget, self._refuted_vcf, self._refuted_vct, self.refuted_limit
        )
        proof = self._threat_search(threats, side, budget)
        if proof is not None:
            return proof
        return self._main_search(pos, side, budget, threats, progress, top)

    def geometry(self, rules: Rules) -> Geometry:
        """The search tables of ``rules``'s board (kept while the board stays the same)."""
        if (
            self._geometry is None
            or self._geometry.rules != rules
            or self._geometry.exact != self.exact
        ):
            self._geometry = Geometry(rules, self.exact)
            self._geometry.set_memory(int(self.memory * MEMORY_SHARES[2]))
            self.forget()
        return self._geometry

    def set_memory(self, memory: int) -> None:
        """Let the tables take about ``memory`` bytes (at least :data:`MIN_MEMORY`) in all:
        the transposition table, the refutation tables and the line descriptions."""
        self.memory = max(MIN_MEMORY, memory)
        table, refuted, lines = (int(self.memory * share) for share in MEMORY_SHARES)
        self.table_limit = table // ENTRY_BYTES
        self.refuted_limit = refuted // 2 // REFUTED_BYTES
        if len(self._table) > self.table_limit:
            self._table.clear()
        for found in (self._refuted_vcf, self._refuted_vct):
            if len(found) > self.refuted_limit:
                found.clear()
        if self._geometry is not None:
            self._geometry.set_memory(lines)

    def set_exact(self, exact: bool) -> None:
        """Play the "exactly k" rule (overlines do not win) or not, from the next search on."""
        if exact != self.exact:
            self.exact = exact
            self._geometry = None
            self.forget()

    def forget(self) -> None:
        """Empty the transposition and refutation tables (a new game, or memory is short)."""
        self._table.clear()
        self._refuted_vcf.clear()
        self._refuted_vct.clear()

    def _immediate(self, pos: Position, side: int, budget: Budget) -> Result | None:
        """Steps 1 and 2: a win, a forced block, an open four, the opening move."""
        opp = side ^ 1
        if pos.threats[2 * FIVES + side]:
            cell = pos.cells(FIVES, side)[0]
            return Result(cell, WIN - 1, (cell,), Reason.WIN, seconds=budget.elapsed)
        if pos.threats[2 * FIVES + opp]:
            blocks = pos.cells(FIVES, opp)
            cell = blocks[0]
            if len(blocks) > 1:
                return Result(
                    cell, 2 - WIN, (cell, blocks[1]), Reason.BLOCK, seconds=budget.elapsed
                )
            return Result(cell, 0, (cell,), Reason.BLOCK, seconds=budget.elapsed)
        if pos.threats[2 * FLEX_FOURS + side]:
            cell = pos.cells(FLEX_FOURS, side)[0]
            pos.make(cell, side)
            ends = pos.cells(FIVES, side)
            pos.unmake()
            return Result(
                cell, WIN - 3, (cell, ends[0], ends[-1]), Reason.OPEN_FOUR, seconds=budget.elapsed
            )
        if not pos.occupied:
            rules = pos.geometry.rules
            centre = rules.centre_distance_order[0]
            first = rules.centre_distance_order
            ring = [cell for cell in first if _same_ring(rules, cell, centre)]
            cell = self.rng.choice(ring)
            return Result(cell, 0, (cell,), Reason.OPENING, seconds=budget.elapsed)
        return None

    def _threat_search(self, threats: ThreatSearch, side: int, budget: Budget) -> Result | None:
        """Step 3: a forced win by VCF, then VCT, each with a share of the budget."""
        pos = threats.position
        if pos.threats[2 * FIVES + (side ^ 1)]:
            return None  # a block is due first; the main search reads on from it
        for reason, share in ((Reason.VCF, VCF_SHARE), (Reason.VCT, VCT_SHARE)):
            phase = budget.phase(share)
            threats.budget = phase
            base = len(pos.history)
            try:
                if reason is Reason.VCF:
                    line = threats.vcf(side)
                else:
                    line = threats.vct(side, visited=True)
            except SearchStopped:
                pos.rewind(base)
                line = None
            budget.absorb(phase)
            threats.budget = budget
            if line:
                return Result(
                    line[0],
                    WIN - len(line),
                    tuple(line),
                    reason,
                    nodes=budget.nodes,
                    seconds=budget.elapsed,
                )
            if budget.spent():
                break
        return None

    def _main_search(
        self,
        pos: Position,
        side: int,
        budget: Budget,
        threats: ThreatSearch,
        progress: ProgressCallback | None,
        top: int = 1,
    ) -> Result:
        """Step 4: iterative deepening; the forced block of step 1 lands here too."""
        # The history starts afresh: a table carried over from the last move ranks the
        # cells that mattered there first, and the widths then cut this position's
        # defences (it once made the engine believe every move lost and play the one
        # that did).
        size = pos.geometry.rules.size
        self._history = [[0] * size, [0] * size]
        main = budget.phase(1 - SAFETY_SHARE)
        searcher = Searcher(pos, main, self._table, self._history, progress, self.table_limit)
        max_depth = min(MAX_DEPTH, budget.depth or MAX_DEPTH)
        done = searcher.iterate(side, max_depth, top)
        budget.absorb(main)
        searcher.budget = budget
        if done is not None and not is_mate(done.moves[0].score):
            done, safe = self._safe(pos, side, budget, threats, done)
            if budget.timed and budget.share_left() >= RESUME_SECONDS:
                done = self._resume(searcher, threats, side, (max_depth, top), budget, done, safe)
        elif done is not None and done.moves[0].score < MATE_RANGE - WIN:
            done = self._resist(pos, side, done)
        if done is None:  # not even depth 1 finished: the best-looking candidate
            fallback = searcher.moves(side, 2, 0, -1) or list(cells_of(pos.free))
            cell = fallback[0]
            return Result(
                cell,
                searcher.evaluate(side),
                (cell,),
                Reason.SEARCH,
                nodes=budget.nodes,
                seconds=budget.elapsed,
            )
        blocks = pos.cells(FIVES, side ^ 1)
        reason = Reason.BLOCK if blocks else Reason.SEARCH
        return Result(
            done.pv[0],
            done.score,
            done.pv,
            reason,
            done.depth,
            budget.nodes,
            budget.elapsed,
            done.moves,
        )

    @staticmethod
    def _resist(pos: Position, side: int, done: Iteration) -> Iteration:
        """A proved loss: of the moves that hold out longest, the one that answers the
        opponent's strongest threats (the move ordering's judgement), so an opponent that
        does not see the whole forced line still has to find it."""
        longest = done.moves[0].score
        tied = [move.cell for move in done.moves if move.score == longest]
        if len(tied) < 2:
            return done
        _, cell = max(pos.order_scores(tied, side))
        if cell == done.pv[0]:
            return done
        move = RootMove(longest, cell)
        rest = tuple(m for m in done.moves if m.cell != cell)
        return Iteration(done.depth, longest, (cell,), (move, *rest))

    def _safe(
        self, pos: Position, side: int, budget: Budget, threats: ThreatSearch, done: Iteration
    ) -> tuple[Iteration, set[int]]:
        """The best of the searched moves after which the opponent has no forced win, and
        the moves found safe.

        The main search sees threats only as deep as it reads; the
        opponent's forced wins after the best moves are looked for here, with
        what is left of the budget: a VCF, then a VCT, after each of the first
        :data:`SAFETY_MOVES` in turn, until one has neither. That one is
        played. When none is found (the checks fail, or the clock stops them),
        a move that allows a VCF is replaced by the best one found to allow
        none; otherwise the main search's choice stands (a VCT the opponent
        may not find is a better bet than a move the search thought worse).
        """
        opp = side ^ 1
        phase = budget.phase(1.0)
        threats.budget = phase
        safe: set[int] = set()
        no_vcf: list[RootMove] = []  # moves after which the opponent has no VCF, best first
        try:
            for move in done.moves[:SAFETY_MOVES]:
                pos.make(move.cell, side)
                base = len(pos.history)
                try:
                    if threats.vcf(opp, visited=True) is None:
                        no_vcf.append(move)
                        if threats.vct(opp, visited=True) is None:
                            safe.add(move.cell)
                            break
                finally:
                    pos.rewind(base)
                    pos.unmake()
        except SearchStopped:
            pass
        finally:
            budget.absorb(phase)
            threats.budget = budget
        if safe or (no_vcf and no_vcf[0] is not done.moves[0]):
            chosen = no_vcf[-1] if safe else no_vcf[0]
        else:
            chosen = done.moves[0]
        if chosen.cell == done.pv[0]:
            return done, safe
        rest = tuple(m for m in done.moves if m.cell != chosen.cell)
        return Iteration(done.depth, chosen.score, (chosen.cell,), (chosen, *rest)), safe

    def _resume(
        self,
        searcher: Searcher,
        threats: ThreatSearch,
        side: int,
        limits: tuple[int, int],
        budget: Budget,
        done: Iteration,
        safe: set[int],
    ) -> Iteration:
        """The main search again, deeper, with :data:`RESUME_SHARE` of the time the safety
        check left (``limits``: the deepest depth and ``top``). A move it prefers to
        ``done``'s is played only once the opponent is found to have no forced win after
        it (with the rest of the time)."""
        max_depth, top = limits
        phase = budget.phase(RESUME_SHARE)
        searcher.budget = phase
        try:
            deeper = searcher.iterate(side, max_depth, top, start=done)
        finally:
            budget.absorb(phase)
            searcher.budget = budget
        if deeper is None or deeper is done:
            return done
        if deeper.pv[0] == done.pv[0] or deeper.pv[0] in safe:
            return deeper
        alone = deeper._replace(moves=deeper.moves[:1])
        _, checked = self._safe(searcher.pos, side, budget, threats, alone)
        return deeper if checked else done


def _same_ring(rules: Rules, cell: int, centre: int) -> bool:
    """True when ``cell`` is as near the middle as ``centre`` (both ways of measuring)."""

    def offsets(of: int) -> tuple[float, float]:
        row, col = divmod(of, rules.n)
        d_row, d_col = abs(row - (rules.m - 1) / 2), abs(col - (rules.n - 1) / 2)
        return max(d_row, d_col), d_row + d_col

    return offsets(cell) == offsets(centre)
