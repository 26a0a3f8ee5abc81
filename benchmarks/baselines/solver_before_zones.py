"""The exact solver as it was before relevance zones and the capability table (frozen).

A verbatim copy of ``tictactoe.core.exact.solver`` from before proofs were
null-window searches with relevance zones (the commit before this one's
branch), kept outside the package so ``bench_proofs.py`` can prove the same
boards with it in the same run. Only this paragraph is new; the original
docstring follows.

Exact solver for m,n,k-games: negamax with alpha-beta on raw bitboards.

The search runs in two stages, because proving win/draw/loss is much faster
than finding the exact length of the game:

1. **Value** (win/draw/loss for the side to move): negamax with alpha-beta on
   the three scores :data:`LOSS_SCORE`, :data:`DRAW_SCORE`, :data:`WIN_SCORE`,
   with a transposition table keyed on the position reduced by the board's
   symmetries.
2. **Distance** (plies until the game ends under best play) only where it is
   needed: a draw always fills the board, so its distance is the number of
   empty cells; a win or loss is measured by iterative deepening of a
   depth-limited search ("can the side to move force a win within d
   plies?"), so the winner wins as soon as possible and the loser resists as
   long as possible.

Both searches share the same pruning, all on plain ints:

* a line holding both marks is dead, and so is a line that needs more marks
  than its owner has moves left (or than fit in the horizon); with no live
  line left the rest is a draw;
* an immediate win is played at once; an opponent's immediate win must be
  blocked (two of them lose); a move that makes two threats wins in three;
* a pairing strategy (:mod:`tictactoe.core.exact.pairing`) for the side not
  trying to win proves the other cannot: the score is at most a draw;
* cells on no live line are never tried: a mark there is a pass, and an
  extra mark never hurts its owner, so a mark on a live line is as good;
* moves are ordered: cells that make or stop a threat first.

:func:`prove` proves one position from scratch with progress reports, a
memory bound (the table drops its cheapest half when full) and node counts.
Which boards exact play takes on is a measured cost: :func:`unsupported_reason`
times the first two moves of each board size once (:func:`opening_cost`) and
refuses a board where valuing every move would take too long, with the
figure. :meth:`Solver.choose` plays without valuing every move: it proves
the position's value and then the first move, in the searches' order, that
keeps it (5 x 5 and 6 x 5 with k = 4); :func:`unplayable_reason` measures
that cost the same way (:func:`play_cost`).
"""

from __future__ import annotations

import _thread
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from typing import NamedTuple

from pairing_before_zones import Pairings  # the pairing search of the same commit

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import (
    IllegalMoveError,
    PositionError,
    TicTacToeError,
    UnsolvableError,
    shown,
)
from tictactoe.core.exact.book import replies
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, Cancel, Limits, SearchStopped

WIN_SCORE = 1
"""Search score of a position the side to move wins."""
DRAW_SCORE = 0
"""Search score of a drawn position."""
LOSS_SCORE = -1
"""Search score of a position the side to move loses."""

MAX_CELLS = 36
"""Largest board exact play considers at all; bigger ones go to the engine at once."""

SMALL_CELLS = 20
"""Boards this small are always played exactly (every first move valued in under a second)."""

PLAY_NODES = 60_000
"""Most search nodes exact play may need for the first two moves of a board (see
:func:`opening_cost`): enough for a move within about a second afterwards."""

PLAY_SECONDS = 3.0
"""Most seconds the same measurement may take (pairing searches make some nodes slow)."""

PROVE_NODES = 150_000
"""Most search nodes exact play by proof (:func:`play_cost`) may need for its first
moves on a board where valuing every move is too slow."""

PROVE_SECONDS = 4.0
"""Most seconds the same measurement may take."""

REFINE_NODES = 20_000
"""Nodes :meth:`Solver.choose` spends, past proving a move that keeps the value,
looking for the fastest win or the longest resistance (counted, not timed,
so choices repeat)."""

MAX_PROOF_CELLS = 49
"""Largest board :func:`prove` takes on (it may still run for ever on a big one)."""

PAIR_FROM = 6
"""Fewest empty cells at which the searches look for a pairing strategy."""

TICK_MASK = (1 << 12) - 1
"""The searches check their budget, memory bound and progress every 4,096 nodes."""

PROGRESS_SECONDS = 1.0
"""Least time between two progress reports of a proof."""

ENTRY_BYTES = 200
"""Memory one table entry takes, measured on the 5 x 5 proof (key, bounds, dict slot)."""

DEFAULT_MEMORY = 2 << 30
"""Default memory bound of a proof's tables: 2 GiB."""

DEFAULT_MAX_ENTRIES = DEFAULT_MEMORY // ENTRY_BYTES
"""Table entries that fit in :data:`DEFAULT_MEMORY`."""

CHUNK_BITS = 10
"""Most key bits one canonicalisation lookup table covers (tables have 2**bits entries)."""


ProofProgress = Callable[[int, int, float], None]
"""Progress callback of a proof: ``(nodes, table entries, elapsed seconds)``."""


class Value(StrEnum):
    """The outcome of a position for the side to move (or of a move for its player)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def flipped(self) -> Value:
        """The same outcome seen by the other player."""
        return _FLIPPED[self]


_FLIPPED = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}
_SCORE_VALUES = {WIN_SCORE: Value.WIN, DRAW_SCORE: Value.DRAW, LOSS_SCORE: Value.LOSS}
_RANKS = {value: score for score, value in _SCORE_VALUES.items()}


class Prospect(NamedTuple):
    """Where best play leads from a position: a value and the plies to the end (``win in 3``).

    Not how a game ended: that is :class:`tictactoe.core.outcome.Outcome`.
    """

    value: Value
    """Win, draw or loss."""
    plies: int
    """Plies (single moves) until the game ends when both sides play best."""

    @property
    def rank(self) -> int:
        """Larger is better: faster wins beat slower ones, slower losses beat faster ones."""
        if self.value is Value.WIN:
            return 1000 - self.plies
        if self.value is Value.LOSS:
            return -1000 + self.plies
        return 0

    @property
    def winner_moves(self) -> int | None:
        """How many moves the winner makes before the game ends, None for a draw.

        The unit players see: the side this outcome belongs to moves first,
        so a win in 5 plies is the winner's 3rd move from now, a loss in 4
        plies the opponent's 2nd. Hints say "you win in 3 of your moves".
        """
        if self.value is Value.WIN:
            return (self.plies + 1) // 2
        if self.value is Value.LOSS:
            return self.plies // 2
        return None

    def after_move(self) -> Prospect:
        """The outcome for the player whose move led to this position."""
        return Prospect(self.value.flipped, self.plies + 1)

    def __str__(self) -> str:
        if self.value is Value.DRAW:
            return f"draw ({self.plies} plies to a full board)"
        return f"{self.value} in {self.plies}"


class Solution(NamedTuple):
    """The solved value of a position for the side to move."""

    value: Value
    """Win, draw or loss for the side to move."""
    plies: int
    """Plies until the game ends under best play (0 when it is already over)."""
    best: tuple[int, ...]
    """Every move that keeps :attr:`value` with the best :attr:`plies`, sorted."""


class Cost(NamedTuple):
    """What the first two moves of an empty board cost exact play, measured once."""

    finished: bool
    """False when the search gave up at :data:`PLAY_NODES` nodes or :data:`PLAY_SECONDS`."""
    nodes: int
    seconds: float


@functools.lru_cache(maxsize=64)
def opening_cost(rules: Rules) -> Cost:
    """Measure the nodes and seconds exact play needs for its first two moves on ``rules``.

    That is every first move's outcome on the empty board, then every reply's
    outcome after a first move in the corner (the slowest to answer: it
    throws value away, and refuting each reply costs most). The search gives
    up at :data:`PLAY_NODES` nodes or :data:`PLAY_SECONDS` seconds; the
    answer is kept per board.
    """
    engine = _Engine(rules, tick_mask=(1 << 6) - 1)  # some nodes take milliseconds here
    start = _measuring(engine, PLAY_NODES, PLAY_SECONDS)
    empty = Board.empty(rules)
    corner = empty.play_unchecked(0)
    try:
        for board in (empty, corner):
            for cell in board.legal_moves():
                child = board.play_unchecked(cell)
                if not child.is_over:
                    engine.outcome(*_sides(child))
    except SearchStopped:
        return Cost(False, engine.nodes, time.perf_counter() - start)
    return Cost(True, engine.nodes, time.perf_counter() - start)


def _measuring(engine: _Engine, nodes: int, seconds: float) -> float:
    """Put ``engine`` under a budget of ``nodes`` and ``seconds`` to the second (a
    measurement keeps no time back to answer); returns when it started."""
    budget = engine.budget = Budget(Limits(seconds=seconds, nodes=nodes))
    budget.deadline = budget.started + seconds
    return budget.started


def unsupported_reason(rules: Rules) -> str | None:
    """Why exact play refuses ``rules``'s board, or None if it plays it.

    Boards of up to :data:`SMALL_CELLS` cells are always played; up to
    :data:`MAX_CELLS` the cost is measured (:func:`opening_cost`, up to
    :data:`PLAY_SECONDS` the first time a board is asked about) and a board
    whose first two moves take more than :data:`PLAY_NODES` nodes or
    :data:`PLAY_SECONDS` seconds is refused with the estimate.
    """
    if rules.size > MAX_CELLS:
        return (
            f"{rules.m} x {rules.n} has {rules.size} cells: exact play is limited to boards of "
            f"at most {MAX_CELLS} cells"
        )
    if rules.size <= SMALL_CELLS:
        return None
    cost = opening_cost(rules)
    if cost.finished:
        return None
    return (
        f"{rules.m} x {rules.n} with k={rules.k} is too slow to value every move exactly: "
        f"its first two moves need more than {cost.nodes:,} positions, over {cost.seconds:.1f} s "
        "here "
        f"(exact play allows {PLAY_NODES:,} positions or {PLAY_SECONDS:g} s)"
    )


@functools.lru_cache(maxsize=64)
def play_cost(rules: Rules) -> Cost:
    """Measure the nodes and seconds exact play by proof needs for its first moves on ``rules``.

    That is :meth:`Solver.choose` without its refinement on the empty board,
    after the first move it chooses, after its reply to that and after a
    first move in the corner (the opening book answers where it can):
    proving each position's value, then children in the engine's order until
    one keeps it. Gives up at :data:`PROVE_NODES` nodes or
    :data:`PROVE_SECONDS` seconds; the answer is kept per board.
    """
    engine = _Engine(rules, tick_mask=(1 << 6) - 1)
    start = _measuring(engine, PROVE_NODES, PROVE_SECONDS)
    empty = Board.empty(rules)
    try:
        first = empty.play_unchecked(_choose(engine, empty, 0).cell)
        boards = [first, empty.play_unchecked(0)]
        if not first.is_over:
            boards.append(first.play_unchecked(_choose(engine, first, 0).cell))
        for board in boards:
            if not board.is_over:
                _choose(engine, board, 0)
    except SearchStopped:
        return Cost(False, engine.nodes, time.perf_counter() - start)
    return Cost(True, engine.nodes, time.perf_counter() - start)


def unplayable_reason(rules: Rules) -> str | None:
    """Why exact play refuses ``rules``'s board even one best move at a time, or None.

    Every board :func:`unsupported_reason` accepts (every move valued) is
    played. Past it, up to :data:`MAX_CELLS` cells, :meth:`Solver.choose`
    proves the position's value and then one move that keeps it: a board
    is played that way when its first moves take at most
    :data:`PROVE_NODES` nodes and :data:`PROVE_SECONDS` seconds
    (:func:`play_cost`, measured the first time a board is asked about);
    5 x 5 and 6 x 5 with k = 4 take a few thousand.
    """
    reason = unsupported_reason(rules)
    if reason is None or rules.size > MAX_CELLS:
        return reason
    cost = play_cost(rules)
    if cost.finished:
        return None
    return (
        f"{rules.m} x {rules.n} with k={rules.k} is too slow to play exactly: its first "
        f"moves need more than {cost.nodes:,} positions, over {cost.seconds:.1f} s here "
        f"(exact play allows {PROVE_NODES:,} positions or {PROVE_SECONDS:g} s)"
    )


class Choice(NamedTuple):
    """A move that keeps the value of a position, from :meth:`Solver.choose`."""

    cell: int
    value: Value
    """Win, draw or loss for the side to move, before and after the move."""
    plies: int | None
    """Plies until the game ends under best play, counting the move (a draw fills
    the board); None for a win or loss whose length was not measured within budget."""

    @property
    def outcome(self) -> Prospect | None:
        """The move's outcome for its player, when its length is known."""
        return None if self.plies is None else Prospect(self.value, self.plies)


class Proof(NamedTuple):
    """A finished proof of a position's value, with what it cost."""

    value: Value
    """Win, draw or loss for the side to move."""
    nodes: int
    """Positions searched."""
    entries: int
    """Table entries at the end."""
    peak_entries: int
    """Most table entries held at once (checked every few thousand nodes)."""
    max_entries: int
    """The bound on table entries that the memory bound allows."""
    memory: int
    """The memory bound of the tables, in bytes."""
    evictions: int
    """How often the table was full and its cheaper half dropped."""
    seconds: float
    """Wall-clock time."""
    cpu_seconds: float
    """Processor time of this process during the proof."""


def prove(
    board: Board,
    *,
    progress: ProofProgress | None = None,
    memory: int = DEFAULT_MEMORY,
    max_nodes: int | None = None,
) -> Proof:
    """Prove the value of ``board`` for the side to move from scratch, with fresh tables.

    ``progress`` is called about every :data:`PROGRESS_SECONDS` with the
    nodes searched, the table entries and the seconds elapsed (and once at
    the end). The tables hold at most ``memory // ENTRY_BYTES`` entries:
    when full, the half that saves the least work is dropped. Raises
    :class:`UnsolvableError` past :data:`MAX_PROOF_CELLS` cells, or when
    ``max_nodes`` is given and spent.
    """
    _check_board(board)
    rules = board.rules
    if rules.size > MAX_PROOF_CELLS:
        raise UnsolvableError(
            f"cannot prove {rules}: proofs are limited to boards of at most {MAX_PROOF_CELLS} cells"
        )
    max_entries = max(memory // ENTRY_BYTES, 1 << 10)
    engine = _Engine(rules, max_entries)
    engine.progress = progress
    if max_nodes is not None:
        engine.budget = Budget(Limits(seconds=None, nodes=max_nodes))
    cpu = time.process_time()
    engine.started = start = time.perf_counter()
    if board.is_over:
        value = _finished(board).value
    else:
        try:
            value = _SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]
        except SearchStopped:
            raise UnsolvableError(
                f"cannot prove {rules}: not finished within {max_nodes:,} positions"
            ) from None
    entries = len(engine.scores) + len(engine.horizon)
    elapsed = time.perf_counter() - start
    if progress is not None:
        progress(engine.nodes, entries, elapsed)
    return Proof(
        value,
        engine.nodes,
        entries,
        max(engine.peak_entries, entries),
        max_entries,
        memory,
        engine.evictions,
        elapsed,
        time.process_time() - cpu,
    )


class Solver:
    """An exact solver with its tables; reuse one to keep results between calls.

    Holds one engine (lookup tables and transposition tables) per board
    size. A lock serialises calls, so one instance may be shared with a
    background thread. Anything but a :class:`Board` raises
    :class:`PositionError`; a board too big to solve, :class:`UnsolvableError`.
    """

    def __init__(self) -> None:
        self._engines: dict[Rules, _Engine] = {}
        self._every_move: set[Rules] = set()
        """Boards where valuing every move was found fast enough."""
        self._lock = _thread.allocate_lock()

    def solve(self, board: Board) -> Solution:
        """The value, game length and best moves of ``board`` for the side to move."""
        _check_board(board)
        outcome = self.outcome(board)
        if board.is_over:
            return Solution(outcome.value, 0, ())
        moves = self.move_outcomes(board)
        best_rank = max(move.rank for move in moves.values())
        best = tuple(cell for cell, move in sorted(moves.items()) if move.rank == best_rank)
        return Solution(outcome.value, outcome.plies, best)

    def value(self, board: Board) -> Value:
        """Win, draw or loss for the side to move (faster than :meth:`outcome`)."""
        _check_board(board)
        if board.is_over:
            return _finished(board).value
        with self._lock:
            engine = self._engine(board.rules)
            return _SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]

    def reaches(self, board: Board, value: Value) -> bool:
        """True if the side to move can force at least ``value`` (win > draw > loss).

        Cheaper than :meth:`value`: it proves only one side of the question.
        """
        _check_board(board)
        try:
            value = Value(value)
        except ValueError:
            raise TicTacToeError(f"value must be win, draw or loss, not {shown(value)}") from None
        if board.is_over:
            return _RANKS[_finished(board).value] >= _RANKS[value]
        if value is Value.LOSS:
            return True
        with self._lock:
            engine = self._engine(board.rules)
            target = _RANKS[value]
            return engine.score(*_sides(board), target - 1, target) >= target

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every board size: a measure of work done."""
        return sum(engine.nodes for engine in self._engines.values())

    def outcome(self, board: Board) -> Prospect:
        """Value and plies to the end for the side to move."""
        _check_board(board)
        return self._outcome(board)

    def _outcome(self, board: Board, budget: Budget | None = None) -> Prospect:
        """:meth:`outcome` of a checked board, its searches within ``budget``."""
        if board.is_over:
            return _finished(board)
        with self._lock:
            engine = self._engine(board.rules, every_move=True)
            with engine.limited(budget):
                return engine.outcome(*_sides(board))

    def move_outcomes(self, board: Board, *, cancel: Cancel | None = None) -> dict[int, Prospect]:
        """For every legal move, its outcome for the player making it.

        Raises :class:`UnsolvableError` where that is too slow (see
        :func:`unsupported_reason`), even if :meth:`choose` plays the board;
        a finished game has no moves on any board. Once ``cancel`` (a
        :class:`threading.Event`) is set it raises
        :class:`~tictactoe.core.search.SearchStopped` instead of answering.
        """
        _check_board(board)
        if board.is_over:
            return {}
        self._engine(board.rules, every_move=True)
        budget = None if cancel is None else Budget(None, cancel)
        result: dict[int, Prospect] = {}
        for cell in board.legal_moves():
            if budget is not None:
                budget.check()
            result[cell] = self._outcome(board.play_unchecked(cell), budget).after_move()
        return result

    def move_values(self, board: Board) -> dict[int, Value]:
        """For every legal move, win/draw/loss for the player making it."""
        _check_board(board)
        if board.is_over:
            return {}
        self._engine(board.rules, every_move=True)
        return {
            cell: self.value(board.play_unchecked(cell)).flipped for cell in board.legal_moves()
        }

    def clear(self) -> None:
        """Forget every stored result."""
        with self._lock:
            self._engines.clear()
            self._every_move.clear()

    def choose(self, board: Board, refine: int = REFINE_NODES, *, use_book: bool = True) -> Choice:
        """A move that keeps ``board``'s value, found without valuing every move.

        Proves the position's value, then tries moves in the engine's order
        (wins, blocks, threats first) and takes the first that keeps it. With
        ``refine`` nodes to spend it first looks for the fastest win (a won
        position) or the longest resistance (a lost one) by deepening; past
        that budget the first move that keeps the value stands. The second
        and third moves of a game come from the opening book where it has
        them (:mod:`~tictactoe.core.exact.book`: 6 x 5) unless ``use_book`` is
        False. Works on every board :func:`unplayable_reason` accepts; raises
        :class:`IllegalMoveError` once the game is over.
        """
        _check_board(board)
        if board.is_over:
            raise IllegalMoveError(f"the game is over in {board.text}: there is no move to choose")
        with self._lock:
            return _choose(self._engine(board.rules), board, refine, use_book)

    def keeping_moves(
        self, board: Board, top: int, budget: int, *, cancel: Cancel | None = None
    ) -> tuple[Choice, ...]:
        """Up to ``top`` moves that keep ``board``'s value, best first: :meth:`choose`'s
        move, then others in the engine's order proved within ``budget`` more nodes
        (and until ``cancel``, a :class:`threading.Event`, is set).

        In a lost position every move keeps the value (only the first one's
        length is measured). Empty once the game is over.
        """
        _check_board(board)
        if board.is_over or top < 1:
            return ()
        with self._lock:
            engine = self._engine(board.rules)
            first = _choose(engine, board, REFINE_NODES)
            found = [first]
            moves = [cell for cell in _root_moves(engine, board) if cell != first.cell]
            if first.value is Value.LOSS:
                found += (Choice(cell, Value.LOSS, None) for cell in moves[: top - 1])
                return tuple(found)
            plies = first.plies if first.value is Value.DRAW else None
            outer = engine.budget
            engine.budget = engine.allowance(budget, cancel)
            try:
                for cell in moves:
                    if len(found) >= top:
                        break
                    if _keeps(engine, board, cell, first.value):
                        found.append(Choice(cell, first.value, plies))
            except SearchStopped:
                pass
            finally:
                engine.budget = outer
            return tuple(found)

    def _engine(self, rules: Rules, *, every_move: bool = False) -> _Engine:
        """The engine for ``rules``; raises :class:`UnsolvableError` on a board exact play
        refuses, or with ``every_move`` on one where valuing every move is too slow."""
        engine = self._engines.get(rules)
        if engine is not None and (not every_move or rules in self._every_move):
            return engine
        reason = unsupported_reason(rules) if every_move else unplayable_reason(rules)
        if reason is not None:
            raise UnsolvableError(f"cannot solve {rules}: {reason}")
        if every_move:
            self._every_move.add(rules)
        if engine is None:
            engine = self._engines[rules] = _Engine(rules)
        return engine


def _check_board(board: object) -> None:
    """Raise :class:`PositionError` unless ``board`` is a :class:`Board`."""
    if not isinstance(board, Board):
        raise PositionError(
            f"the solver takes a Board such as Board.parse('X../.../...'), not {shown(board)}"
        )


def _finished(board: Board) -> Prospect:
    return Prospect(Value.DRAW if board.winner is None else Value.LOSS, 0)


def _sides(board: Board) -> tuple[int, int]:
    """(bits of the side to move, bits of the other side)."""
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


# --- choosing one move by proof --------------------------------------------------


def _choose(engine: _Engine, board: Board, refine: int, use_book: bool = True) -> Choice:
    """:meth:`Solver.choose` on ``engine``; ``refine`` 0 skips the deepening."""
    book = replies().get(engine.rules) if use_book and board.x.bit_count() == 1 else None
    if book is not None and board.o & (board.o - 1) == 0:
        played = (board.x.bit_length() - 1,) + ((board.o.bit_length() - 1,) if board.o else ())
        known = book.get(played)
        if known is not None:
            return Choice(known[0], Value(known[1]), known[2])
    value = _SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]
    moves = _root_moves(engine, board)
    empties = len(moves)
    if value is Value.DRAW:
        cell = next(cell for cell in moves if _keeps(engine, board, cell, value))
        return Choice(cell, value, empties)
    found = _deepened(engine, board, moves, value, refine) if refine > 0 else None
    if found is not None:
        return Choice(found[0], value, found[1])
    if value is Value.LOSS:
        return Choice(moves[0], value, None)
    cell = next(cell for cell in moves if _keeps(engine, board, cell, value))
    return Choice(cell, value, 1 if board.play_unchecked(cell).is_over else None)


def _keeps(engine: _Engine, board: Board, cell: int, value: Value) -> bool:
    """True if playing ``cell`` keeps ``value`` (win or draw) for the side to move."""
    child = board.play_unchecked(cell)
    if child.is_over:
        return child.winner is not None or value is Value.DRAW
    if value is Value.WIN:  # the opponent is lost
        return engine.score(*_sides(child), LOSS_SCORE, DRAW_SCORE) <= LOSS_SCORE
    return engine.score(*_sides(child), DRAW_SCORE, WIN_SCORE) <= DRAW_SCORE


def _deepened(
    engine: _Engine, board: Board, moves: list[int], value: Value, budget: int
) -> tuple[int, int] | None:
    """The fastest winning move or the longest-resisting one, with its plies, by
    iterative deepening within ``budget`` nodes (None when it runs out first)."""
    outer = engine.budget
    engine.budget = engine.allowance(budget)
    empties = len(moves)
    try:
        if value is Value.WIN:
            for depth in range(1, empties + 1, 2):
                for cell in moves:
                    child = board.play_unchecked(cell)
                    if child.is_over:
                        if child.winner is not None:
                            return cell, 1
                    elif engine.within(*_sides(child), depth - 1, LOSS_SCORE, DRAW_SCORE) < 0:
                        return cell, depth
            return None  # pragma: no cover - a won position is won within its empty cells
        survivors = moves
        for depth in range(2, empties + 1, 2):
            kept = []
            for cell in survivors:
                child = board.play_unchecked(cell)
                if (
                    child.is_over
                    or engine.within(*_sides(child), depth - 1, DRAW_SCORE, WIN_SCORE) < 1
                ):
                    kept.append(cell)
            if not kept:
                return survivors[0], depth
            survivors = kept
        return None  # pragma: no cover - a lost position is lost within its empty cells
    except SearchStopped:
        return None
    finally:
        engine.budget = outer


def _root_moves(engine: _Engine, board: Board) -> list[int]:
    """Every legal move of ``board``, in the order the searches try them: winning
    cells, then blocks, then cells that make or stop a threat, then the rest."""
    mover, other = _sides(board)
    empty = engine.rules.full_mask & ~(mover | other)
    empties = empty.bit_count()
    my_moves, their_moves = (empties + 1) >> 1, empties >> 1
    wins = threats = near = their_near = cover = 0
    for line in engine.lines:
        if not line & other:
            need = line & ~mover
            count = need.bit_count()
            if count <= my_moves:
                cover |= need
                if count == 1:
                    wins |= need
                elif count == 2:
                    near |= need
        if not line & mover:
            need = line & ~other
            count = need.bit_count()
            if count <= their_moves:
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_near |= need
    ordered = [bit for bit in engine.order if bit & wins]
    ordered += (bit for bit in engine.order if bit & threats & ~wins)
    ordered += _ordered(engine.order, empty & ~(wins | threats), near, their_near, cover)
    ordered += (bit for bit in engine.order if bit & empty & ~cover & ~(wins | threats))
    return [bit.bit_length() - 1 for bit in ordered]


# --- symmetry reduction -------------------------------------------------------


def _chunk_tables(rules: Rules) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Lookup tables mapping chunks of a position key to all its symmetric images.

    A key is ``mover | other << size``. Each table entry packs the images of
    one chunk under every symmetry side by side, ``2 * size`` bits apart, so
    OR-ing one entry per chunk gives every image of the whole key at once.
    """
    size = rules.size
    width = 2 * size
    symmetries = rules.symmetries

    def images(bit: int) -> int:
        cell, half = bit % size, bit // size * size
        return sum(1 << (s * width + half + perm[cell]) for s, perm in enumerate(symmetries))

    bit_images = [images(bit) for bit in range(width)]
    chunks = -(-width // CHUNK_BITS)
    bits = -(-width // chunks)
    tables = []
    for start in range(0, width, bits):
        span = min(bits, width - start)
        table = [0] * (1 << span)
        for value in range(1, 1 << span):
            low = value & -value
            table[value] = table[value ^ low] | bit_images[start + low.bit_length() - 1]
        tables.append((start, (1 << span) - 1, tuple(table)))
    return tuple(tables)


def _make_canonical(rules: Rules) -> Callable[[int], int]:
    """A function from a position key to the smallest key among its symmetric images."""
    width = 2 * rules.size
    field = (1 << width) - 1
    shifts = tuple(s * width for s in range(len(rules.symmetries)))
    tables = _chunk_tables(rules)
    if len(tables) == 2:
        (_, m0, t0), (s1, m1, t1) = tables

        def canonical2(key: int) -> int:
            packed = t0[key & m0] | t1[key >> s1 & m1]
            return min([packed >> shift & field for shift in shifts])

        return canonical2

    def canonical(key: int) -> int:
        packed = 0
        for start, mask, table in tables:
            packed |= table[key >> start & mask]
        return min([packed >> shift & field for shift in shifts])

    return canonical


# --- the search engine ----------------------------------------------------------


class _Engine:
    """Searches of one board size: tables, transposition tables and the two searches."""

    def __init__(
        self, rules: Rules, max_entries: int = DEFAULT_MAX_ENTRIES, tick_mask: int = TICK_MASK
    ) -> None:
        self.rules = rules
        self.tick_mask = tick_mask
        """:meth:`tick` runs when the node count has none of these bits set."""
        self.lines = list(rules.line_masks)
        self.order = tuple(1 << cell for cell in rules.centre_distance_order)
        self.canonical = _make_canonical(rules)
        self.pairings = Pairings(rules)
        self.scores: dict[int, tuple[int, int]] = {}
        """Key -> (lower, upper) bound of the win/draw/loss score."""
        self.horizon: dict[int, tuple[int, int]] = {}
        """(key, depth) -> bounds of the depth-limited score."""
        self.outcomes: dict[int, Prospect] = {}
        """Key -> exact outcome, for positions already measured."""
        self.nodes = 0
        self.budget: Budget | None = None
        """The limits of the running searches (nodes counted on :attr:`nodes`, a clock, a
        cancel): spent, they stop with :class:`SearchStopped`; None: no limit."""
        self.max_entries = max_entries
        """Most entries the two tables hold together; past it the cheapest are dropped."""
        self.peak_entries = 0
        self.evictions = 0
        self.progress: ProofProgress | None = None
        self.started = time.perf_counter()
        self.next_report = 0.0
        self.score = self._make_score_search()
        self.within = self._make_horizon_search()

    def tick(self) -> None:
        """Every few thousand nodes: the budget, the memory bound, progress."""
        budget = self.budget
        if budget is not None:
            budget.nodes = self.nodes
            budget.check()
        entries = len(self.scores) + len(self.horizon)
        if entries > self.peak_entries:
            self.peak_entries = entries
        if entries > self.max_entries:
            self.evict()
        if self.progress is not None:
            elapsed = time.perf_counter() - self.started
            if elapsed >= self.next_report:
                self.next_report = elapsed + PROGRESS_SECONDS
                self.progress(self.nodes, len(self.scores) + len(self.horizon), elapsed)

    def allowance(self, nodes: int, cancel: Cancel | None = None) -> Budget:
        """A budget of ``nodes`` more nodes within the running one (if any), stopped
        by ``cancel`` too when given."""
        outer = self.budget
        if outer is None:
            return Budget(Limits(seconds=None, nodes=nodes), cancel, nodes=self.nodes)
        outer.nodes = self.nodes
        inner = outer.phase(1.0, nodes)
        if cancel is not None:
            inner.cancel = cancel
        return inner

    @contextmanager
    def limited(self, budget: Budget | None) -> Iterator[None]:
        """The searches in this block run within ``budget`` (None: as they were)."""
        if budget is None:
            yield
            return
        outer = self.budget
        self.budget = budget
        try:
            yield
        finally:
            self.budget = outer

    def evict(self) -> None:
        """Drop the cheapest half of the table entries: replacement by value.

        An entry's value is the work it saves, which grows with the empty
        cells of its position (the size of the tree below it), so the
        positions nearest the end of the game go first. Losing entries
        costs only time: every search result stays exact.
        """
        self.evictions += 1
        self.horizon.clear()
        scores = self.scores  # the searches hold this very dict: change it in place
        ranked = sorted(scores, key=int.bit_count)  # fewest marks (most work saved) first
        for key in ranked[len(ranked) // 2 :]:
            del scores[key]

    def key(self, mover: int, other: int) -> int:
        """The canonical key of a position."""
        return self.canonical(mover | other << self.rules.size)

    def outcome(self, mover: int, other: int) -> Prospect:
        """Value and plies to the end of a position that is not over."""
        key = self.key(mover, other)
        known = self.outcomes.get(key)
        if known is not None:
            return known
        empties = self.rules.size - (mover | other).bit_count()
        score = self.score(mover, other, LOSS_SCORE, WIN_SCORE)
        if score == DRAW_SCORE:
            known = Prospect(Value.DRAW, empties)
        else:
            known = Prospect(_SCORE_VALUES[score], self.distance(mover, other, score))
        self.outcomes[key] = known
        return known

    def distance(self, mover: int, other: int, score: int) -> int:
        """Plies to the end of a won or lost position, by iterative deepening."""
        empties = self.rules.size - (mover | other).bit_count()
        first = 1 if score == WIN_SCORE else 2
        for depth in range(first, empties + 1, 2):
            if score == WIN_SCORE and self.within(mover, other, depth, 0, 1) >= WIN_SCORE:
                return depth
            if score == LOSS_SCORE and self.within(mover, other, depth, -1, 0) <= LOSS_SCORE:
                return depth
        raise AssertionError(f"no forced end found in a {score} position")  # pragma: no cover

    # The two searches are closures over their tables: the inner loop then
    # reads only local and free variables, which is what makes pure Python
    # fast enough here.

    def _make_score_search(self) -> Callable[[int, int, int, int], int]:
        """Win/draw/loss search: the score of a position within an (alpha, beta) window."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        table = self.scores
        engine = self
        tick_mask = self.tick_mask
        pair_from = PAIR_FROM
        find_pairing = self.pairings.find

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            alpha: int,
            beta: int,
        ) -> int:
            engine.nodes += 1
            if not engine.nodes & tick_mask:
                engine.tick()
            key = canonical(me | opp << size)
            bounds = table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                low, high = LOSS_SCORE, WIN_SCORE
            my_moves = (empties + 1) >> 1
            their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & ~me
                count = need.bit_count()
                if count > my_moves:
                    continue
                if count == 1:
                    table[key] = (WIN_SCORE, WIN_SCORE)
                    return WIN_SCORE
                mine.append(line)
                cover |= need
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = 0
            for line in their_lines:
                if line & me:
                    continue
                need = line & ~opp
                count = need.bit_count()
                if count > their_moves:
                    continue
                theirs.append(line)
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_near |= need
            if threats & (threats - 1):
                table[key] = (LOSS_SCORE, LOSS_SCORE)
                return LOSS_SCORE
            if not mine:
                if not theirs:
                    table[key] = (DRAW_SCORE, DRAW_SCORE)
                    return DRAW_SCORE
                if beta > DRAW_SCORE:
                    beta = DRAW_SCORE
            if not theirs and alpha < DRAW_SCORE:
                alpha = DRAW_SCORE
            if alpha >= beta:
                return alpha
            if not threats and doubled and _double_threat(doubled, pairs):
                table[key] = (WIN_SCORE, WIN_SCORE)
                return WIN_SCORE
            empty = full & ~(me | opp)
            if empties >= pair_from:
                if beta > DRAW_SCORE and find_pairing(mine, empty) is not None:
                    beta = high = DRAW_SCORE
                if alpha < DRAW_SCORE and find_pairing(theirs, empty) is not None:
                    alpha = low = DRAW_SCORE
                if alpha >= beta:
                    table[key] = (low, high)
                    return alpha
            moves = [threats] if threats else _ordered(order, empty, near, their_near, cover)
            start_alpha = alpha
            best = LOSS_SCORE - 1
            child_empties = empties - 1
            for move in moves:
                score = -search(opp, me | move, theirs, mine, child_empties, -beta, -alpha)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            if best <= start_alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high)
            return best

        def root(mover: int, other: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            if empties == 0:
                return DRAW_SCORE
            return search(mover, other, all_lines, all_lines, empties, alpha, beta)

        return root

    def _make_horizon_search(self) -> Callable[[int, int, int, int, int], int]:
        """Depth-limited search: WIN if the mover forces a win within ``depth`` plies,
        LOSS if the opponent does, DRAW_SCORE if neither is forced that soon."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        table = self.horizon
        values = self.scores
        engine = self
        tick_mask = self.tick_mask
        pair_from = PAIR_FROM
        find_pairing = self.pairings.find

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            depth: int,
            alpha: int,
            beta: int,
        ) -> int:
            engine.nodes += 1
            if not engine.nodes & tick_mask:
                engine.tick()
            if depth <= 0:
                return DRAW_SCORE
            position = canonical(me | opp << size)
            key = position << 6 | depth
            bounds = table.get(key)
            if bounds is None:
                low, high = LOSS_SCORE, WIN_SCORE
                known = values.get(position)
                if known is not None:
                    low, high = min(known[0], DRAW_SCORE), max(known[1], DRAW_SCORE)
            else:
                low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            # The score search's line scan, keeping only the lines each side could
            # complete within the horizon (written out again on purpose: a shared
            # helper, a call per node, is 5-10% slower).
            my_moves = (depth + 1) >> 1
            if my_moves > (empties + 1) >> 1:
                my_moves = (empties + 1) >> 1
            their_moves = depth >> 1
            if their_moves > empties >> 1:
                their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & ~me
                count = need.bit_count()
                if count > my_moves:
                    continue
                if count == 1:
                    return WIN_SCORE
                mine.append(line)
                cover |= need
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = 0
            for line in their_lines:
                if line & me:
                    continue
                need = line & ~opp
                count = need.bit_count()
                if count > their_moves:
                    continue
                theirs.append(line)
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_near |= need
            if threats & (threats - 1):
                return LOSS_SCORE
            if not mine:
                if not theirs:
                    return DRAW_SCORE
                if beta > DRAW_SCORE:
                    beta = DRAW_SCORE
            if not theirs and alpha < DRAW_SCORE:
                alpha = DRAW_SCORE
            if alpha >= beta:
                return alpha
            if not threats and doubled and depth >= 3 and _double_threat(doubled, pairs):
                return WIN_SCORE
            empty = full & ~(me | opp)
            if empties >= pair_from:
                if beta > DRAW_SCORE and find_pairing(mine, empty) is not None:
                    beta = high = DRAW_SCORE
                if alpha < DRAW_SCORE and find_pairing(theirs, empty) is not None:
                    alpha = low = DRAW_SCORE
                if alpha >= beta:
                    table[key] = (low, high)
                    return alpha
            # Only cells on lines that matter within the horizon: a mark anywhere
            # else changes nothing before the horizon, and a mark never hurts.
            moves = [threats] if threats else _ordered(order, empty, near, their_near, cover)
            start_alpha = alpha
            best = LOSS_SCORE - 1
            for move in moves:
                score = -search(opp, me | move, theirs, mine, empties - 1, depth - 1, -beta, -alpha)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            if best <= start_alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high)
            return best

        def root(mover: int, other: int, depth: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            return search(mover, other, all_lines, all_lines, empties, depth, alpha, beta)

        return root


def _double_threat(doubled: int, pairs: list[int]) -> bool:
    """True if a cell in ``doubled`` completes two lines to one empty cell each.

    ``pairs`` holds the two empty cells of each of the mover's lines that
    miss two marks; playing a cell of two pairs with different partners
    leaves two winning cells, and the opponent can block only one.
    """
    while doubled:
        cell = doubled & -doubled
        doubled ^= cell
        partners = 0
        for pair in pairs:
            if pair & cell:
                partners |= pair ^ cell
        if partners & (partners - 1):
            return True
    return False


def _ordered(
    order: tuple[int, ...], empty: int, near: int, their_near: int, cover: int
) -> list[int]:
    """The moves worth trying, best first, as single-bit masks.

    Cells that make a threat and stop one first, then cells that make one,
    then cells that stop one, then other cells on live lines (nearest the
    centre first). Cells on no live line are left out: a mark there is a
    pass, and a mark on a live line is never worse than a pass (an extra
    mark never hurts its owner), so one of those is always at least as good.
    """
    both = near & their_near
    first: list[int] = []
    second: list[int] = []
    third: list[int] = []
    rest: list[int] = []
    for bit in order:
        if not bit & empty & cover:
            continue
        if bit & both:
            first.append(bit)
        elif bit & near:
            second.append(bit)
        elif bit & their_near:
            third.append(bit)
        else:
            rest.append(bit)
    first += second
    first += third
    first += rest
    return first
