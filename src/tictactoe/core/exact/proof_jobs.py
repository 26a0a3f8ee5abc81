"""Proofs that outgrow one process: the top of the tree split into jobs, a checkpoint, progress.

:class:`SplitProof` proves a position's value like :func:`~tictactoe.core.exact.solver.prove`,
but walks the first ``depth`` plies of the proof itself and hands every
position at that depth to a worker as a job (a fresh :class:`~tictactoe.core.exact.prover.Prover`
per worker process, kept between its jobs)::

    >>> from tictactoe.core.board import Board
    >>> from tictactoe.core.rules import Rules
    >>> SplitProof(Board.empty(Rules(4, 4, 4)), workers=1).prove().value
    <Value.DRAW: 'draw'>

The walk is the search's own: where the attacker moves, every move must fail,
so those jobs run side by side, and a move outside the relevance zone of one
already refuted is refuted with it (its job is never started, or cancelled);
where the defender moves, its replies are tried in the search's order until
one holds. Finished jobs go to a checkpoint file (one line each, flushed to
disk), so a proof killed at any point - even ``kill -9`` or a reboot - is
resumed by starting it again with the same file: finished jobs are read back,
not searched again.

Jobs go to any :class:`concurrent.futures.Executor`: a
:class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes by
default, or one of a cluster's (docs/solve.md shows Ray and Dask).
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from pathlib import Path
from typing import NamedTuple, TextIO

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.exact.prover import DEFAULT_MEMORY, ENTRY_BYTES, Prover, ordered_moves
from tictactoe.core.exact.symmetry import make_canonical, make_reorient
from tictactoe.core.exact.values import DRAW_SCORE, LOSS_SCORE, SCORE_VALUES, WIN_SCORE, Value
from tictactoe.core.rules import Rules

DEFAULT_DEPTH = 4
"""Plies the coordinator walks before handing positions to the workers (at four the
attacker's second moves are refuted side by side: work for every worker)."""

MIN_JOB_EMPTIES = 8
"""A position with fewer empty cells is proved by the coordinator's walk as one job at once."""

REPORT_SECONDS = 2.0
"""Least time between two progress reports."""


class JobReport(NamedTuple):
    """Where a split proof stands, for a progress callback."""

    done: int
    """Jobs finished (searched or read from the checkpoint)."""
    reused: int
    """Of those, jobs read back from the checkpoint."""
    running: int
    """Jobs handed to workers and not finished."""
    nodes: int
    """Positions the finished jobs searched (this run and before it)."""
    seconds: float
    """Time since this run started."""

    @property
    def estimate(self) -> float | None:
        """Seconds left if the jobs known so far take as long as the finished ones (None
        before any finished); a floor, since the walk keeps finding more."""
        searched = self.done - self.reused
        if searched <= 0:
            return None
        return self.seconds / searched * self.running


JobProgress = Callable[[JobReport], None]
"""Progress callback of a split proof."""


class SplitResult(NamedTuple):
    """A finished split proof."""

    value: Value
    """Win, draw or loss for the side to move."""
    nodes: int
    """Positions the jobs searched, in every run that built the checkpoint."""
    jobs: int
    """Jobs finished."""
    reused: int
    """Jobs read back from the checkpoint."""
    seconds: float
    """Wall-clock time of this run."""


@functools.lru_cache(maxsize=4)
def _worker_prover(m: int, n: int, k: int, max_entries: int) -> Prover:
    """The worker process's prover for a board, kept between its jobs."""
    return Prover(Rules(m, n, k), max_entries, use_openings=False)  # proofs start from scratch


def prove_job(
    m: int, n: int, k: int, mover: int, other: int, alpha: int, max_entries: int
) -> tuple[int, int, int]:
    """One job, in a worker: ``(score, zone, positions searched)`` of the null-window
    search at ``alpha`` (0: can the side to move win; -1: can it avoid losing)."""
    engine = _worker_prover(m, n, k, max_entries)
    before = engine.nodes
    score, zone = engine.zoned(mover, other, alpha)
    return score, zone, engine.nodes - before


class Checkpoint:
    """Finished jobs on disk, one line each: ``mover other alpha score zone nodes`` in hex.

    Every line is flushed and synced as it is written, so a kill loses at most
    the job being written (a torn last line is ignored when read back).
    """

    def __init__(self, path: Path, rules: Rules) -> None:
        self.path = path
        self.found: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        header = f"tictactoe proof {rules.m} {rules.n} {rules.k}"
        if path.exists():
            lines = path.read_text(encoding="utf-8").splitlines()
            if lines and lines[0] != header:
                raise TicTacToeError(
                    f"{path} is the checkpoint of another board ({lines[0]!r}), not {rules}"
                )
            for line in lines[1:]:
                fields = line.split()
                if len(fields) != 6:
                    continue  # torn by a kill
                try:
                    mover, other, alpha, score, zone, nodes = (int(field, 16) for field in fields)
                except ValueError:
                    continue
                self.found[mover, other, alpha - 1] = (score - 1, zone, nodes)
        self._file: TextIO = path.open("a", encoding="utf-8")
        if not self.found and path.stat().st_size == 0:
            self._write(header)

    def _write(self, line: str) -> None:
        self._file.write(line + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def add(self, mover: int, other: int, alpha: int, result: tuple[int, int, int]) -> None:
        """Record a finished job (alpha and score are stored plus one: no signs)."""
        score, zone, nodes = result
        self.found[mover, other, alpha] = result
        self._write(f"{mover:x} {other:x} {alpha + 1:x} {score + 1:x} {zone:x} {nodes:x}")

    def close(self) -> None:
        self._file.close()


class _Pruned(Exception):
    """A branch of the walk is no longer needed (a sibling settled its parent)."""


class SplitProof:
    """One position's proof split into jobs (see the module's docstring)."""

    def __init__(
        self,
        board: Board,
        *,
        workers: int = 2,
        depth: int = DEFAULT_DEPTH,
        checkpoint: Path | None = None,
        progress: JobProgress | None = None,
        executor: Executor | None = None,
        memory: int = DEFAULT_MEMORY,
    ) -> None:
        self.board = board
        self.rules = rules = board.rules
        self.workers = workers
        self.depth = depth
        self.checkpoint_path = checkpoint
        self.progress = progress
        self.executor = executor
        self.max_entries = max(memory // max(workers, 1) // ENTRY_BYTES, 1 << 10)
        self.lines = rules.line_masks
        self.full = rules.full_mask
        self.guide = Prover(rules, 1 << 10, use_openings=False)
        """Only for the move order and the symmetry of the walk (its tables stay empty)."""
        self.canonical = make_canonical(rules)
        self.reorient = make_reorient(rules)
        self._lock = threading.Lock()
        self._known: dict[tuple[int, int], tuple[int, int, int]] = {}
        """(canonical key, alpha) -> (score, zone, key as proved): jobs and walk nodes settled."""
        self.done = self.reused = self.running = self.nodes = 0
        self.started = time.perf_counter()
        self._next_report = 0.0

    # --- running ---------------------------------------------------------------------

    def prove(self) -> SplitResult:
        """Prove the position's value (resuming from the checkpoint when there is one)."""
        self.started = time.perf_counter()
        checkpoint = Checkpoint(self.checkpoint_path, self.rules) if self.checkpoint_path else None
        self._checkpoint = checkpoint
        if checkpoint is not None:
            self.nodes = sum(nodes for _, _, nodes in checkpoint.found.values())
        executor = self.executor
        own = executor is None
        if executor is None:
            from concurrent.futures import ProcessPoolExecutor

            executor = ProcessPoolExecutor(max_workers=max(self.workers, 1))
        self._pool = executor
        try:
            value = self._value()
        finally:
            if own:
                executor.shutdown(cancel_futures=True)
            if checkpoint is not None:
                checkpoint.close()
        self._report(force=True)
        return SplitResult(
            value, self.nodes, self.done, self.reused, time.perf_counter() - self.started
        )

    def _value(self) -> Value:
        board = self.board
        if board.is_over:
            return Value.DRAW if board.winner is None else Value.LOSS
        mover, other = (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)
        if self._attack(mover, other, 0, None)[0] > DRAW_SCORE:
            return Value.WIN
        if self._defend(mover, other, 0, None)[0] >= DRAW_SCORE:
            return Value.DRAW
        return SCORE_VALUES[LOSS_SCORE]

    def _report(self, force: bool = False) -> None:
        if self.progress is None:
            return
        elapsed = time.perf_counter() - self.started
        if force or elapsed >= self._next_report:
            self._next_report = elapsed + REPORT_SECONDS
            self.progress(JobReport(self.done, self.reused, self.running, self.nodes, elapsed))

    # --- the walk ----------------------------------------------------------------------

    def _job(
        self, mover: int, other: int, alpha: int, live: Callable[[], bool] | None
    ) -> tuple[int, int]:
        """A position at the walk's depth: read back, shared with a symmetric one, or proved."""
        raw = mover | other << self.rules.size
        key = (self.canonical(raw), alpha)
        with self._lock:
            known = self._known.get(key)
        if known is not None:
            score, zone, stored = known
            return score, zone if stored == raw else self.reorient(zone, stored, raw)
        checkpoint = self._checkpoint
        found = None if checkpoint is None else checkpoint.found.get((mover, other, alpha))
        if found is not None:
            with self._lock:
                self.done += 1
                self.reused += 1
        else:
            future: Future[tuple[int, int, int]] = self._pool.submit(
                prove_job,
                self.rules.m,
                self.rules.n,
                self.rules.k,
                mover,
                other,
                alpha,
                self.max_entries,
            )
            with self._lock:
                self.running += 1
            try:
                found = self._wait(future, live)
            finally:
                with self._lock:
                    self.running -= 1
            with self._lock:
                self.done += 1
                self.nodes += found[2]
            if checkpoint is not None:
                with self._lock:
                    checkpoint.add(mover, other, alpha, found)
        with self._lock:
            self._known[key] = (found[0], found[1], raw)
            self._report()
        return found[0], found[1]

    def _wait(
        self, future: Future[tuple[int, int, int]], live: Callable[[], bool] | None
    ) -> tuple[int, int, int]:
        """The job's result; cancels it and raises :class:`_Pruned` once ``live`` says no."""
        while True:
            try:
                return future.result(timeout=0.2)
            except TimeoutError:
                pass
            except CancelledError:
                raise _Pruned from None
            if live is not None and not live():
                future.cancel()
                raise _Pruned
            with self._lock:
                self._report()

    def _scan(self, mover: int, other: int) -> tuple[int, int, int, int]:
        """(the mover's winning cells, the other side's, cells on any live line, empty cells)."""
        empty = self.full & ~(mover | other)
        wins = threats = cover = 0
        for line in self.lines:
            if not line & other:
                need = line & ~mover
                cover |= need
                if need.bit_count() == 1:
                    wins |= need
            if not line & mover:
                need = line & ~other
                cover |= need
                if need.bit_count() == 1:
                    threats |= need
        return wins, threats, cover & empty, empty

    def _moves(self, mover: int, other: int, cover: int) -> list[int]:
        """The mover's candidate moves in the search's order (single-bit masks)."""
        return ordered_moves(self.guide.order, cover, 0, 0, cover)

    def _attack(
        self, mover: int, other: int, depth: int, live: Callable[[], bool] | None
    ) -> tuple[int, int]:
        """The side to move attacks: (WIN_SCORE, _) if it wins, else (its score, a zone)."""
        wins, threats, cover, empty = self._scan(mover, other)
        if wins:
            return WIN_SCORE, empty
        if threats & (threats - 1):
            return LOSS_SCORE, self.full
        if depth >= self.depth or empty.bit_count() < MIN_JOB_EMPTIES:
            return self._job(mover, other, DRAW_SCORE, live)
        moves = [threats] if threats else self._moves(mover, other, cover)
        if not moves:
            return DRAW_SCORE, self.full
        size = self.rules.size
        first: dict[int, tuple[int, int]] = {}  # canonical child -> (move, key)
        images: list[tuple[int, int, int]] = []  # (key, move of its first image, that key)
        for move in moves:
            raw = other | (mover | move) << size
            seen = first.setdefault(self.canonical(raw), (move, raw))
            if seen[0] != move:
                images.append((raw, *seen))
        moves = [move for move, _ in first.values()]
        results: dict[int, tuple[int, int]] = {}
        state = {"allowed": -1, "won": False, "zone": 0, "best": LOSS_SCORE}
        lock = threading.Lock()

        def needed() -> bool:
            return (live is None or live()) and not state["won"]

        def refute(move: int) -> None:
            with lock:
                if not move & state["allowed"] or state["won"]:
                    state["best"] = max(state["best"], DRAW_SCORE)
                    return
            still = lambda: needed() and bool(move & state["allowed"])  # noqa: E731
            try:
                score, zone = self._defend(other, mover | move, depth + 1, still)
            except _Pruned:
                with lock:
                    state["best"] = max(state["best"], DRAW_SCORE)
                return
            with lock:
                if score < DRAW_SCORE:
                    state["won"] = True
                    return
                results[move] = (score, zone)
                state["best"] = max(state["best"], -score)
                state["zone"] |= zone
                state["allowed"] &= zone

        # In the search's order, as many at once as there are workers: a winning move
        # found early leaves the rest unstarted.
        window = threading.Semaphore(max(self.workers, 1))

        def run(move: int) -> None:
            try:
                refute(move)
            finally:
                window.release()

        threads = []
        for move in moves:
            window.acquire()
            if not needed():
                window.release()
                break
            thread = threading.Thread(target=run, args=(move,), daemon=True)
            thread.start()
            threads.append(thread)
        for thread in threads:
            thread.join()
        if live is not None and not live():
            raise _Pruned
        if state["won"]:
            return WIN_SCORE, empty
        if threats:
            return state["best"], self.full
        zone = state["zone"]
        for raw, move, stored in images:  # a move whose child is an image of a refuted one's
            if move in results:
                zone |= self.reorient(results[move][1], stored, raw)
        return state["best"], zone

    def _defend(
        self, mover: int, other: int, depth: int, live: Callable[[], bool] | None
    ) -> tuple[int, int]:
        """The side to move defends: (score >= 0, zone) if the other side cannot win."""
        wins, threats, cover, empty = self._scan(mover, other)
        if wins:
            return WIN_SCORE, self.full
        if threats & (threats - 1):
            return LOSS_SCORE, 0
        if not cover:
            return DRAW_SCORE, self.full
        if depth >= self.depth or empty.bit_count() < MIN_JOB_EMPTIES:
            return self._job(mover, other, LOSS_SCORE, live)
        moves = [threats] if threats else self._moves(mover, other, cover)
        for move in moves:
            if live is not None and not live():
                raise _Pruned
            score, zone = self._attack(other, mover | move, depth + 1, live)
            if score <= DRAW_SCORE:
                return -score, zone | move
        return LOSS_SCORE, 0
