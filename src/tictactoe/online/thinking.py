"""The computer's moves and the hints, computed off the event loop.

:func:`choose`, :func:`hints` and :func:`suggestions` are plain functions of
plain data (the board size, the moves so far, the level, a seed, the thinking
time), so they run the same in a worker process as in a thread.
:class:`Thinker` runs them in a process pool (the default: the search is pure
Python and would otherwise hold up every other game) or, with
``processes=0``, in one thread.

Each computation is a job with a number (:meth:`Thinker.new_job`).
:meth:`Thinker.cancel` stops a searching job at once (it answers with what it
has found so far), and a search reports each completed depth to the
``progress`` callback given with the job, called on the event loop. In a
worker process both travel through what the pool's initializer gave it: a
shared array of cancelled job numbers and a queue of progress reports, read
by a thread of the server process.

The computer's random choices are seeded by the room and the move number, so
a game replays the same from its seed, whichever process thinks (a search
within a time limit is the exception: how deep it reads depends on the
machine).
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from tictactoe import players
from tictactoe.core import (
    DEFAULT_SECONDS,
    Board,
    Cancel,
    Limits,
    Progress,
    Rules,
    Solver,
    UnsolvableError,
    suggest,
    unsupported_reason,
)

CANCELLED_SLOTS = 256
"""Cancelled job numbers a worker process can see at once (the most recent ones)."""

SUGGESTED = 3
"""Moves a big board's hint suggests."""

ProgressListener = Callable[[Progress], None]
"""Receives a search's progress, on the event loop."""


@lru_cache(maxsize=4)
def _solver(rules: Rules) -> Solver:
    """One exact solver per board in this worker, so what it solved answers the next request."""
    return Solver()


def _board(rules: Rules, moves: tuple[int, ...]) -> Board:
    board = Board.empty(rules)
    for cell in moves:
        board = board.play(cell)
    return board


def choose(
    rules: Rules,
    moves: tuple[int, ...],
    level: str,
    seed: int,
    think: float | None = None,
    *,
    progress: Callable[[Progress], None] | None = None,
    cancel: Cancel | None = None,
) -> int:
    """The move computer player ``level`` makes after ``moves`` (the game is not over).

    ``think`` is a searching player's time for the move (None: its default);
    ``progress`` and ``cancel`` reach its search (the other players ignore them).
    """
    rng = random.Random(f"{seed}:{len(moves)}")
    player = players.create(level, rng, solver=_solver(rules), think=think)
    return player.choose(_board(rules, moves), progress=progress, cancel=cancel)


@dataclass(frozen=True)
class CellHint:
    """One free cell's value for the side to move: ``win``/``draw``/``loss``.

    ``moves`` is the winner's own moves until the game ends (None for a draw).
    """

    cell: int
    value: str
    moves: int | None


def hints(rules: Rules, moves: tuple[int, ...]) -> list[CellHint] | None:
    """Every free cell's value for the side to move, or None on boards too big to solve."""
    if unsupported_reason(rules) is not None:
        return None
    try:
        values = _solver(rules).move_outcomes(_board(rules, moves))
    except UnsolvableError:
        return None
    return [
        CellHint(cell, outcome.value.value, outcome.winner_moves)
        for cell, outcome in sorted(values.items())
    ]


@dataclass(frozen=True)
class SuggestedMove:
    """One of the engine's best moves on a big board, for the side to move.

    ``verdict`` is ``winning``, ``better``, ``equal``, ``worse`` or ``losing``;
    ``moves`` the winner's own moves when a forced result is proved (else
    None); ``line`` the play the engine expects, starting with ``cell``.
    """

    cell: int
    verdict: str
    moves: int | None
    line: tuple[int, ...]


def suggestions(
    rules: Rules,
    moves: tuple[int, ...],
    think: float | None = None,
    *,
    progress: Callable[[Progress], None] | None = None,
    cancel: Cancel | None = None,
) -> list[SuggestedMove]:
    """The engine's :data:`SUGGESTED` best moves after ``moves``, searched for ``think`` seconds."""
    found = suggest(
        _board(rules, moves),
        SUGGESTED,
        limits=Limits(seconds=DEFAULT_SECONDS if think is None else think),
        progress=progress,
        cancel=cancel,
    )
    return [SuggestedMove(s.cell, s.verdict.value, s.winner_moves, s.line) for s in found]


# --- jobs ------------------------------------------------------------------------------------


class Channel(Protocol):
    """How a job hears that it is cancelled and reports its progress."""

    def cancelled(self, job: int) -> bool:
        """True once ``job`` has been cancelled."""
        ...

    def report(self, job: int, progress: Progress) -> None:
        """Pass ``job``'s progress on to the server."""
        ...


class _LocalChannel:
    """Jobs in a thread of the server process: a set and a callback."""

    def __init__(self, deliver: Callable[[int, Progress], None]) -> None:
        self.stopped: set[int] = set()
        self.deliver = deliver

    def cancelled(self, job: int) -> bool:
        return job in self.stopped

    def report(self, job: int, progress: Progress) -> None:
        self.deliver(job, progress)


class _SharedChannel:
    """Jobs in worker processes: cancelled numbers in shared memory, reports on a queue."""

    def __init__(self, stopped: Any, reports: Any) -> None:
        self.stopped = stopped
        self.reports = reports

    def cancelled(self, job: int) -> bool:
        return job in self.stopped[:]

    def report(self, job: int, progress: Progress) -> None:
        self.reports.put((job, progress))


class _WorkerState:
    """What this worker process was given by the pool's initializer."""

    channel: Channel | None = None


def _start_worker(stopped: Any, reports: Any) -> None:
    """The pool's initializer: keep the shared channel for this worker's jobs."""
    _WorkerState.channel = _SharedChannel(stopped, reports)


@dataclass(frozen=True)
class _JobCancel:
    channel: Channel
    job: int

    def is_set(self) -> bool:
        return self.channel.cancelled(self.job)


def run_job(kind: str, job: int, args: tuple[Any, ...], channel: Channel | None = None) -> Any:
    """Run job number ``job`` (``move``: :func:`choose`, ``hint``: :func:`suggestions`).

    ``channel`` is None in a worker process (the one its initializer kept is
    used). A job cancelled before it started still answers, at once (a search
    stopped before its first depth gives its best-looking move).
    """
    chosen = channel if channel is not None else _WorkerState.channel
    assert chosen is not None, "a worker process without its channel"
    cancel = _JobCancel(chosen, job)

    def progress(report: Progress) -> None:
        chosen.report(job, report)

    if kind == "move":
        return choose(*args, progress=progress, cancel=cancel)
    return suggestions(*args, progress=progress, cancel=cancel)


class Thinker:
    """Runs the jobs in ``processes`` worker processes (0: one thread), off the event loop."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._executor: Executor | None = None
        self._numbers = itertools.count(1)
        self._running: set[int] = set()
        """Jobs numbered and not finished yet."""
        self._listeners: dict[int, ProgressListener] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._local: _LocalChannel | None = None
        self._stopped: Any = None
        self._slot = 0
        self._reports: Any = None
        self._reader: threading.Thread | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            self._loop = asyncio.get_running_loop()
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                self._stopped = context.RawArray("q", CANCELLED_SLOTS)
                self._reports = context.Queue()
                self._executor = ProcessPoolExecutor(
                    self.processes,
                    mp_context=context,
                    initializer=_start_worker,
                    initargs=(self._stopped, self._reports),
                )
                self._reader = threading.Thread(
                    target=self._read_reports, name="tictactoe-progress", daemon=True
                )
                self._reader.start()
            else:
                self._local = _LocalChannel(self._deliver)
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="tictactoe-think")
        return self._executor

    def new_job(self) -> int:
        """A number for the next job (to cancel it later); run it with that number."""
        job = next(self._numbers)
        self._running.add(job)
        return job

    def cancel(self, job: int) -> None:
        """Stop job ``job``: a search under way answers at once, one not started does not run."""
        self._listeners.pop(job, None)
        if job not in self._running:
            return
        if self._local is not None:
            self._local.stopped.add(job)
        if self._stopped is not None:
            self._stopped[self._slot % CANCELLED_SLOTS] = job
            self._slot += 1

    async def _run(
        self, kind: str, job: int | None, args: tuple[Any, ...], progress: ProgressListener | None
    ) -> Any:
        pool = self._pool()
        number = self.new_job() if job is None else job
        if progress is not None and number in self._running:
            self._listeners[number] = progress
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, run_job, kind, number, args, self._local)
        finally:
            self._running.discard(number)
            self._listeners.pop(number, None)
            if self._local is not None:
                self._local.stopped.discard(number)

    async def choose(
        self,
        rules: Rules,
        moves: tuple[int, ...],
        level: str,
        seed: int,
        *,
        think: float | None = None,
        job: int | None = None,
        progress: ProgressListener | None = None,
    ) -> int:
        """:func:`choose` off the event loop, as job ``job`` (None: a new number)."""
        args = (rules, moves, level, seed, think)
        cell: int = await self._run("move", job, args, progress)
        return cell

    async def suggestions(
        self,
        rules: Rules,
        moves: tuple[int, ...],
        *,
        think: float | None = None,
        job: int | None = None,
        progress: ProgressListener | None = None,
    ) -> list[SuggestedMove]:
        """:func:`suggestions` off the event loop, as job ``job`` (None: a new number)."""
        found: list[SuggestedMove] = await self._run("hint", job, (rules, moves, think), progress)
        return found

    async def hints(self, rules: Rules, moves: tuple[int, ...]) -> list[CellHint] | None:
        """:func:`hints` off the event loop."""
        if unsupported_reason(rules) is not None:
            return None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), hints, rules, moves)

    def _deliver(self, job: int, progress: Progress) -> None:
        """From any thread: hand ``progress`` to the job's listener on the event loop."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._dispatch, job, progress)

    def _dispatch(self, job: int, progress: Progress) -> None:
        listener = self._listeners.get(job)
        if listener is not None:
            listener(progress)

    def _read_reports(self) -> None:
        """The progress of jobs in worker processes, until :meth:`close` sends None."""
        while True:
            try:
                item = self._reports.get()
            except (EOFError, OSError, ValueError):
                return
            if item is None:
                return
            self._deliver(*item)

    def close(self) -> None:
        """Stop the workers (a computation under way is cancelled and abandoned)."""
        for job in list(self._running):
            self.cancel(job)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        if self._reader is not None:
            self._reports.put(None)
            self._reader.join(timeout=2)
            self._reader = None
