"""The computer's moves and the hints as background jobs, the same for every front end.

A window must never freeze while the computer thinks, so the work runs on
one helper, a :class:`concurrent.futures.ThreadPoolExecutor` (:class:`Jobs`),
and the front end collects the answer on its own thread: from a timer (tk's
``after``, Pygame Zero's ``update``), by waiting (the terminal) or by
awaiting :attr:`Job.future` (the web page). A search reports its progress
to the :class:`Job` (the front end draws the latest report) and stops at once
when the job is stopped or cancelled.

A :class:`Lane` holds at most one job for one purpose - the computer's
move, or the hints - keyed by the position it is for: asking for another
position's answer cancels the job that is running, and an answer for a
position that is no longer current is dropped, so nothing stale is shown or
played. :func:`computer_move` and :func:`hints_for` are the work itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tictactoe.core.advice import Suggestion, can_solve
from tictactoe.core.analysis import MoveValue
from tictactoe.core.board import Board
from tictactoe.core.search import Cancel, Progress, ProgressCallback
from tictactoe.game import Game

T = TypeVar("T")

Work = Callable[[ProgressCallback, Cancel], T]
"""A job's work: called with where to report progress and what says stop."""

WORKERS = 2
"""Threads of a front end's helper: the computer's move and a hint can run side by side."""

TOP_HINTS = 3
"""Moves a big board's hint suggests."""
TONES = {"winning": "win", "better": "better", "equal": "draw", "worse": "worse", "losing": "loss"}
"""A suggested move's verdict -> the tone a window shows it in (the exact values' where they
mean the same)."""


class Job(Generic[T]):
    """One piece of work on the helper: its answer, its latest progress, its stop switch.

    ``key`` is what the work is for (the position), ``started`` when it began
    (:func:`time.monotonic`).
    """

    def __init__(self, key: object, started: float) -> None:
        self.key = key
        self.started = started
        self.future: Future[T] = Future()
        """The answer; ``asyncio.wrap_future`` makes it awaitable."""
        self._stop = threading.Event()
        self._dropped = False
        self._latest: Progress | None = None

    def report(self, progress: Progress) -> None:
        """Keep ``progress`` for the front end (called from the work's thread)."""
        self._latest = progress

    @property
    def progress(self) -> Progress | None:
        """The work's latest progress report, if it sent any."""
        return self._latest

    @property
    def stopping(self) -> Cancel:
        """What the work looks at to know it should stop (set by :meth:`stop` and
        :meth:`cancel`)."""
        return self._stop

    def stop(self) -> None:
        """Ask for the answer now: a search ends with its best so far, which still counts."""
        self._stop.set()

    def cancel(self) -> None:
        """The answer is no longer wanted: the work stops soon and its answer is dropped."""
        self._dropped = True
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._dropped

    @property
    def done(self) -> bool:
        """True once the work has returned or raised."""
        return self.future.done()

    def result(self) -> T:
        """The work's answer, or its exception raised again (only once :attr:`done`)."""
        if not self.done:
            raise RuntimeError("the job is still running")
        return self.future.result()

    def wait(self, timeout: float | None = None) -> bool:
        """Block up to ``timeout`` seconds for the answer; True once it is there."""
        try:
            self.future.exception(timeout)
        except TimeoutError:
            return False
        return True


class Jobs:
    """A front end's one helper: a small thread pool that runs :class:`Job` s.

    :meth:`close` (when the window or page closes) cancels every job; a
    search stops within milliseconds, so the program exits at once.
    """

    def __init__(
        self,
        workers: int = WORKERS,
        *,
        name: str = "tictactoe",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)
        self._clock = clock
        self._live: set[Job[Any]] = set()
        self._lock = threading.Lock()
        self.closed = False

    def start(self, key: object, work: Work[T]) -> Job[T]:
        """Run ``work(report, stopping)`` on the helper; the job answers through its future."""
        job: Job[T] = Job(key, self._clock())
        if self.closed:
            job.cancel()
            job.future.set_exception(RuntimeError("the helper is closed"))
            return job
        with self._lock:
            self._live.add(job)

        def run() -> None:
            try:
                if job.future.set_running_or_notify_cancel():
                    try:
                        answer = work(job.report, job.stopping)
                    except BaseException as error:  # handed to the front end by result()
                        job.future.set_exception(error)
                    else:
                        job.future.set_result(answer)
            finally:
                with self._lock:
                    self._live.discard(job)

        self._pool.submit(run)
        return job

    @property
    def running(self) -> int:
        """Jobs started and not yet answered (cancelled ones included)."""
        with self._lock:
            return len(self._live)

    def cancel_all(self) -> None:
        """Cancel every job started and not yet answered."""
        with self._lock:
            live = list(self._live)
        for job in live:
            job.cancel()

    def close(self, wait: bool = False) -> None:
        """Cancel every job and let the threads end (``wait``: until they have)."""
        self.closed = True
        self.cancel_all()
        self._pool.shutdown(wait=wait, cancel_futures=True)


class Lane(Generic[T]):
    """At most one job at a time for one purpose (the computer's move, the hints).

    :meth:`want` starts the work for a position unless it already runs for
    it (a job for another position is cancelled); :meth:`take` hands over its
    answer once, only while that position is still the one asked about.
    Positions are compared by identity, as :meth:`Game.apply` does: the same
    stones reached again after an undo are a new request.
    """

    def __init__(self, jobs: Jobs) -> None:
        self._jobs = jobs
        self.job: Job[T] | None = None
        """The job of this lane, running or answered and not yet taken."""

    def want(self, key: object, work: Work[T]) -> Job[T]:
        """The job working out ``key``'s answer, started now unless it already runs."""
        job = self.job
        if job is not None and job.key is key and not job.cancelled:
            return job
        self.cancel()
        self.job = self._jobs.start(key, work)
        return self.job

    def busy(self, key: object) -> bool:
        """True while the job for ``key`` is working."""
        job = self.job
        return job is not None and job.key is key and not job.cancelled and not job.done

    def progress(self, key: object) -> Progress | None:
        """The latest progress of the job for ``key``."""
        job = self.job
        return job.progress if job is not None and job.key is key else None

    def take(self, key: object) -> tuple[T] | None:
        """``(answer,)`` once the job for ``key`` is done (the work's error is raised); None
        while it runs or if there is none. A job for another key is cancelled."""
        job = self.job
        if job is None:
            return None
        if job.key is not key or job.cancelled:
            self.cancel()
            return None
        if not job.done:
            return None
        self.job = None
        return (job.result(),)

    def stop(self) -> None:
        """Ask the running job for its answer now (it still counts)."""
        if self.job is not None:
            self.job.stop()

    def cancel(self) -> None:
        """Drop the job: it stops soon and its answer is never taken."""
        if self.job is not None:
            self.job.cancel()
            self.job = None


# --- the work -------------------------------------------------------------------------


def computer_move(game: Game) -> Work[tuple[Board, int]]:
    """The computer's choice in ``game``'s current position, for :meth:`Game.apply`."""

    def work(report: ProgressCallback, stopping: Cancel) -> tuple[Board, int]:
        return game.think(progress=report, cancel=stopping)

    return work


@dataclass(frozen=True)
class Hints:
    """A hint for ``board``: every free cell's value where the solver finishes the board,
    else the engine's best moves."""

    board: Board
    values: Mapping[int, str] = field(default_factory=dict)
    """Cell -> ``win`` / ``draw`` / ``loss`` for the player to move (boards solved exactly)."""
    suggestions: tuple[Suggestion, ...] = ()
    """The engine's best moves, best first (bigger boards)."""
    moves: Mapping[int, MoveValue] = field(default_factory=dict)
    """Cell -> its exact value and in how many plies (boards solved exactly)."""

    @property
    def exact(self) -> bool:
        """True when every free cell is valued exactly."""
        return bool(self.values)

    @property
    def tones(self) -> dict[int, str]:
        """Hinted cell -> how it ends for the player to move, as a window colours it: ``win``,
        ``draw`` or ``loss`` when valued exactly; else ``better`` and ``worse`` besides."""
        if self.values:
            return dict(self.values)
        return {found.cell: TONES[found.verdict.value] for found in self.suggestions}

    @property
    def ranks(self) -> dict[int, str]:
        """A big board's suggested cells -> "1", "2", "3" (the best first)."""
        return {found.cell: str(rank) for rank, found in enumerate(self.suggestions, start=1)}


def hints_for(game: Game, top: int = TOP_HINTS) -> Work[Hints]:
    """Every move's exact value where the board can be solved, else the engine's best moves
    (searched for as long as the game's thinking time)."""
    board = game.board

    def work(report: ProgressCallback, stopping: Cancel) -> Hints:
        if can_solve(board):
            moves = game.hint(cancel=stopping)
            values = {cell: str(value.value) for cell, value in moves.items()}
            return Hints(board, values=values, moves=moves)
        found = game.suggestions(top, progress=report, cancel=stopping)
        return Hints(board, suggestions=found)

    return work
