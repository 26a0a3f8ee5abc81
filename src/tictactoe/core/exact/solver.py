"""Exact solver for m,n,k-games: every position's value, every move's, proofs from scratch.

:class:`Solver` answers questions about positions (the value for the side to
move, the plies to the end, every legal move's outcome, one move that keeps
the value) from tables it keeps between calls; :func:`prove` proves one
position from scratch with progress reports, a memory bound and node counts.
The search itself - null-window proofs with relevance zones, pairing
strategies, lengths by deepening - is :mod:`tictactoe.core.exact.prover`.

Which boards exact play takes on is data, not a clock
(:mod:`tictactoe.core.exact.capability`, measured once by
``scripts/build_capability.py``): every move valued (3 x 3 up to 5 x 5 with
k = 4 among others), one best move proved at a time (bigger
boards where proving is still fast), or refused with the measured cost.
Where the opening plies are too slow to search in a second, their values
come from an opening table measured the same way
(:mod:`tictactoe.core.exact.openings`): on 5 x 5 with k = 4 that makes every
position fast, on 6 x 5 the first ones (see :func:`values_every_move`).
"""

from __future__ import annotations

import _thread
import time
from collections.abc import Sequence
from typing import NamedTuple

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import (
    IllegalMoveError,
    PositionError,
    TicTacToeError,
    UnsolvableError,
    shown,
)
from tictactoe.core.exact.book import replies
from tictactoe.core.exact.capability import TABLE_CELLS as MAX_CELLS
from tictactoe.core.exact.capability import unplayable_reason, unsupported_reason
from tictactoe.core.exact.openings import openings
from tictactoe.core.exact.prover import (
    ANY_PLIES,
    DEFAULT_MAX_ENTRIES,
    DEFAULT_MEMORY,
    ENTRY_BYTES,
    TICK_MASK,
    ProofProgress,
    Prover,
    ordered_moves,
)
from tictactoe.core.exact.symmetry import make_canonical, orientation
from tictactoe.core.exact.values import (
    DRAW_SCORE,
    LOSS_SCORE,
    SCORE_VALUES,
    VALUE_SCORES,
    WIN_SCORE,
    Prospect,
    Value,
)
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, Cancel, Limits, SearchStopped

REFINE_NODES = 20_000
"""Nodes :meth:`Solver.choose` spends, past proving a move that keeps the value,
looking for the fastest win or the longest resistance (counted, not timed,
so choices repeat)."""

__all__ = [
    "DEFAULT_MAX_ENTRIES",
    "DEFAULT_MEMORY",
    "DRAW_SCORE",
    "ENTRY_BYTES",
    "LOSS_SCORE",
    "MAX_CELLS",
    "REFINE_NODES",
    "TICK_MASK",
    "WIN_SCORE",
    "Choice",
    "Proof",
    "ProofProgress",
    "Prospect",
    "Solution",
    "Solver",
    "Value",
    "every_move",
    "prove",
    "unplayable_reason",
    "unsupported_reason",
]


class Solution(NamedTuple):
    """The solved value of a position for the side to move."""

    value: Value
    """Win, draw or loss for the side to move."""
    plies: int
    """Plies until the game ends under best play (0 when it is already over)."""
    best: tuple[int, ...]
    """Every move that keeps :attr:`value` with the best :attr:`plies`, sorted."""


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

    ``progress`` is called about every second with the nodes searched, the
    table entries and the seconds elapsed (and once at the end). The tables
    hold at most ``memory // ENTRY_BYTES`` entries: when full, the half that
    saves the least work is dropped. Any board is taken (a big one may run
    for ever: :mod:`tictactoe.core.exact.proof_jobs` splits such a proof over
    processes, with a checkpoint); raises :class:`UnsolvableError` when
    ``max_nodes`` is given and spent.
    """
    _check_board(board)
    rules = board.rules
    max_entries = max(memory // ENTRY_BYTES, 1 << 10)
    engine = Prover(rules, max_entries, use_openings=False)  # from scratch: no opening table
    engine.progress = progress
    if max_nodes is not None:
        engine.budget = Budget(Limits(seconds=None, nodes=max_nodes))
    cpu = time.process_time()
    engine.started = start = time.perf_counter()
    if board.is_over:
        value = _finished(board).value
    else:
        try:
            value = SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]
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
        self._engines: dict[Rules, Prover] = {}
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
            return SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]

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
            return VALUE_SCORES[_finished(board).value] >= VALUE_SCORES[value]
        if value is Value.LOSS:
            return True
        with self._lock:
            engine = self._engine(board.rules)
            target = VALUE_SCORES[value]
            return engine.score(*_sides(board), target - 1, target) >= target

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every board size: a measure of work done."""
        return sum(engine.nodes for engine in self._engines.values())

    @property
    def work(self) -> int:
        """What the searches have cost so far, over every board size
        (:attr:`Prover.work <tictactoe.core.exact.prover.Prover.work>`: a count that tracks
        processor time across boards, where :attr:`nodes` does not)."""
        return sum(engine.work for engine in self._engines.values())

    def outcome(self, board: Board) -> Prospect:
        """Value and plies to the end for the side to move."""
        _check_board(board)
        return self._outcome(board)

    def _outcome(self, board: Board, budget: Budget | None = None) -> Prospect:
        """:meth:`outcome` of a checked board, its searches within ``budget``."""
        if board.is_over:
            return _finished(board)
        with self._lock:
            engine = self._engine(board.rules, every_move=not _table_knows(board))
            with engine.limited(budget):
                return engine.outcome(*_sides(board))

    def move_outcomes(self, board: Board, *, cancel: Cancel | None = None) -> dict[int, Prospect]:
        """For every legal move, its outcome for the player making it.

        Raises :class:`UnsolvableError` where that is too slow (see
        :func:`unsupported_reason`), even if :meth:`choose` plays the board;
        a finished game has no moves on any board. Once ``cancel`` (a
        :class:`threading.Event`) is set it raises
        :class:`~tictactoe.core.search.SearchStopped` instead of answering.

        Moves share their proofs: once a move is shown not to win, with the
        cells its refutation rests on (its relevance zone), a move outside
        those cells cannot win either (the refutation holds with that mark
        added, and without the first one), so only its draw-or-loss half is
        searched.
        """
        _check_board(board)
        if board.is_over:
            return {}
        budget = None if cancel is None else Budget(None, cancel)
        with self._lock:
            engine = self._engine(board.rules, every_move=not _table_answers(board))
            with engine.limited(budget):
                return every_move(engine, board, budget)

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
                    if len(found) >= top or (cancel is not None and cancel.is_set()):
                        break
                    if _keeps(engine, board, cell, first.value):
                        found.append(Choice(cell, first.value, plies))
            except SearchStopped:
                pass
            finally:
                engine.budget = outer
            return tuple(found)

    def _engine(self, rules: Rules, *, every_move: bool = False) -> Prover:
        """The engine for ``rules``; raises :class:`UnsolvableError` on a board exact play
        refuses, or with ``every_move`` on one where valuing every move is too slow
        (both read from the capability table)."""
        reason = unsupported_reason(rules) if every_move else unplayable_reason(rules)
        if reason is not None:
            raise UnsolvableError(f"cannot solve {rules}: {reason}")
        engine = self._engines.get(rules)
        if engine is None:
            engine = self._engines[rules] = Prover(rules)
        return engine


def values_every_move(board: Board) -> bool:
    """True when exact play values every move of ``board`` at once
    (:meth:`Solver.move_outcomes`): its board allows that (the capability table,
    :func:`unsupported_reason`), or the opening table holds the outcome after each of
    its moves (the first plies of 6 x 5 with k = 4)."""
    return unsupported_reason(board.rules) is None or _table_answers(board)


def _table_answers(board: Board) -> bool:
    """True if the opening table holds the outcome after every move of ``board``."""
    book = openings(board.rules)
    if book is None:
        return False
    return board.move_count < book.plies or _table_key(board) in book.covers


def _table_knows(board: Board) -> bool:
    """True if the opening table holds the outcome of ``board`` itself (no search needed)."""
    book = openings(board.rules)
    return book is not None and book.knows(_table_key(board), board.move_count)


def _table_key(board: Board) -> int:
    """``board``'s key in the opening table (canonical, the side to move's marks first)."""
    mover, other = _sides(board)
    return make_canonical(board.rules)(mover | other << board.rules.size)


def every_move(engine: Prover, board: Board, budget: Budget | None = None) -> dict[int, Prospect]:
    """:meth:`Solver.move_outcomes` on ``engine``, on any board (no capability check):
    ``budget`` is checked between moves."""
    result: dict[int, Prospect] = {}
    open_cells = -1  # moves outside it are known not to win
    measured = _measured_moves(engine, board)
    # The position's own outcome, where known, bounds its moves' lengths: lost in L,
    # every move lets the opponent win within L - 1; won in L, no winning move leaves
    # the opponent lost sooner than in L - 1.
    wins = losses = ANY_PLIES
    known = engine.known(*_sides(board))
    if known is not None and known.value is Value.LOSS:
        wins = (0, known.plies - 1)
    elif known is not None and known.value is Value.WIN:
        losses = (known.plies - 1, ANY_PLIES[1])
    guesses = {Value.WIN: 0, Value.LOSS: 0}  # the length of the last move that won, lost
    for cell in board.legal_moves():
        if budget is not None:
            budget.check()
        child = board.play_unchecked(cell)
        if child.is_over:
            result[cell] = _finished(child).after_move()
            continue
        mover, other = _sides(child)
        if measured is not None:  # a slow position whose every move was measured
            empties = engine.rules.size - child.move_count
            result[cell] = measured.get(cell, Prospect(Value.DRAW, empties)).after_move()
            continue
        if 1 << cell & open_cells and engine.key(mover, other) not in engine.outcomes:
            refuted, zone = engine.refutation(mover, other)
            if not refuted:
                found = engine.lost(mover, other, losses, guesses[Value.LOSS])
                guesses[Value.LOSS] = found.plies
                result[cell] = found.after_move()
                continue
            open_cells &= zone
        found = engine.outcome(mover, other, low=DRAW_SCORE, plies=wins, guess=guesses[Value.WIN])
        if found.value is Value.WIN:
            guesses[Value.WIN] = found.plies
        result[cell] = found.after_move()
    return result


def _measured_moves(engine: Prover, board: Board) -> dict[int, Prospect] | None:
    """The outcomes after the moves of ``board`` that do not lead to a draw or end the
    game, by cell, if the opening table covers it (None otherwise: positions up to the
    table's plies are answered by the engine itself)."""
    book = engine.openings
    if book is None:
        return None
    mover, other = _sides(board)
    key = mover | other << engine.rules.size
    canonical = engine.canonical(key)
    if canonical not in book.covers:
        return None
    perm = orientation(engine.rules, key)
    found = book.children(canonical)
    return {cell: found[perm[cell]] for cell in board.legal_moves() if perm[cell] in found}


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


def _choose(engine: Prover, board: Board, refine: int, use_book: bool = True) -> Choice:
    """:meth:`Solver.choose` on ``engine``; ``refine`` 0 skips the deepening."""
    book = replies().get(engine.rules) if use_book and board.x.bit_count() == 1 else None
    if book is not None and board.o & (board.o - 1) == 0:
        played = (board.x.bit_length() - 1,) + ((board.o.bit_length() - 1,) if board.o else ())
        known = book.get(played)
        if known is not None:
            return Choice(known[0], Value(known[1]), known[2])
    value = SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]
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


def _keeps(engine: Prover, board: Board, cell: int, value: Value) -> bool:
    """True if playing ``cell`` keeps ``value`` (win or draw) for the side to move."""
    child = board.play_unchecked(cell)
    if child.is_over:
        return child.winner is not None or value is Value.DRAW
    if value is Value.WIN:  # the opponent is lost
        return engine.score(*_sides(child), LOSS_SCORE, DRAW_SCORE) <= LOSS_SCORE
    return engine.score(*_sides(child), DRAW_SCORE, WIN_SCORE) <= DRAW_SCORE


def _deepened(
    engine: Prover, board: Board, moves: list[int], value: Value, budget: int
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


def _needs(lines: Sequence[int], own: int, blocker: int, moves: int) -> tuple[int, int, int]:
    """The cells ``own`` still needs on the ``lines`` that ``blocker`` has not touched and
    that ``moves`` more marks can complete: those completing a line, those of lines two
    marks short, and all of them."""
    ones = twos = cover = 0
    for line in lines:
        if not line & blocker:
            need = line & ~own
            count = need.bit_count()
            if count <= moves:
                cover |= need
                if count == 1:
                    ones |= need
                elif count == 2:
                    twos |= need
    return ones, twos, cover


def _root_moves(engine: Prover, board: Board) -> list[int]:
    """Every legal move of ``board``, in the order the searches try them: winning
    cells, then blocks, then cells that make or stop a threat, then the rest."""
    mover, other = _sides(board)
    empty = engine.rules.full_mask & ~(mover | other)
    empties = empty.bit_count()
    my_moves, their_moves = (empties + 1) >> 1, empties >> 1
    wins, near, cover = _needs(engine.lines, mover, other, my_moves)
    threats, their_near, their_cover = _needs(engine.lines, other, mover, their_moves)
    cover |= their_cover
    ordered = [bit for bit in engine.order if bit & wins]
    ordered += (bit for bit in engine.order if bit & threats & ~wins)
    ordered += ordered_moves(engine.order, empty & ~(wins | threats), near, their_near, cover)
    ordered += (bit for bit in engine.order if bit & empty & ~cover & ~(wins | threats))
    return [bit.bit_length() - 1 for bit in ordered]
