"""The computer's moves and the hints as cancellable jobs, shared fairly between games.

What to work out is a :class:`Task`, plain data (the board size, the moves so
far, the level, a seed, the thinking time), so it runs the same in a worker
process as in a thread. :class:`Thinker` runs tasks in two lanes of workers:

* **quick**: the moves of players that do not search for a set time and the
  exact hints of small boards - milliseconds, about a second at most; one worker;
* **searching**: Expert's moves and the engine's hints on big boards, each
  for its thinking time (which the server caps); ``workers`` of them.

A task waits only for its own lane, so no search ever holds up a quick
reply; and a lane takes its waiting tasks in turn by owner (the address that
asked), not first come first served, so one client's many games cannot keep
the others waiting.

Each task runs as a :class:`ThinkingJob`, a :class:`tictactoe.session.jobs.Job`
like the windows' jobs: :meth:`~ThinkingJob.cancel` (the position moved on,
the page closed) drops a waiting job at once and stops a running one within
milliseconds, in a worker process too (through a flag per worker in shared
memory); :meth:`~ThinkingJob.stop` asks a search for its answer now. A search
reports each completed depth to the job's listener, on the event loop (from a
worker process through a queue read by a thread of the server).

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
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from tictactoe import players
from tictactoe.core import DEFAULT_SECONDS, Board, Cancel, Limits, Progress, Rules, UnsolvableError
from tictactoe.core.advice import can_solve, suggest
from tictactoe.core.exact.solver import Solver
from tictactoe.online.tree import TreeAsk, steps_answer, tree_answer
from tictactoe.session.jobs import Job

SUGGESTED = 3
"""Moves a big board's hint suggests."""

THREADS = 2
"""Searching workers when none are asked for (``workers=0``: threads of the server)."""

REMEMBERED = 4096
"""Owners whose last turn a lane remembers before it forgets those with no job there."""

RUN, STOP, DROP = 0, 1, 2
"""A worker's flag: go on; answer now with the best so far; the answer is not wanted."""

ProgressListener = Callable[[Progress], None]
"""Receives a search's progress, on the event loop."""


# --- the work: plain functions of plain data --------------------------------------------------


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


def hints(
    rules: Rules, moves: tuple[int, ...], *, cancel: Cancel | None = None
) -> list[CellHint] | None:
    """Every free cell's value for the side to move, or None on boards too big to solve."""
    board = _board(rules, moves)
    if not can_solve(board):
        return None
    try:
        values = _solver(rules).move_outcomes(board, cancel=cancel)
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
    None); ``line`` the play the engine expects, starting with ``cell``;
    ``exact`` True where exact play proved it (one move at a time), not the engine.
    """

    cell: int
    verdict: str
    moves: int | None
    line: tuple[int, ...]
    exact: bool = False


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
    return [SuggestedMove(s.cell, s.verdict.value, s.winner_moves, s.line, s.exact) for s in found]


@dataclass(frozen=True)
class Task:
    """What to work out: ``move`` (the computer's, by ``level``), ``hints`` (every cell's
    exact value), ``suggestions`` (the engine's best moves, for ``think`` seconds), or a
    node of the search tree or its steps, as ``tree`` asks (:mod:`.tree`)."""

    kind: Literal["move", "hints", "suggestions", "tree", "steps"]
    rules: Rules
    moves: tuple[int, ...]
    level: str = ""
    seed: int = 0
    think: float | None = None
    tree: TreeAsk | None = None

    @classmethod
    def of_tree(cls, ask: TreeAsk) -> Task:
        """The task of a tree request: its steps when it names a first step, else its node."""
        return cls("tree" if ask.start is None else "steps", ask.rules, ask.moves, tree=ask)

    @property
    def searches(self) -> bool:
        """True for a search that takes its thinking time: the searching lane's work."""
        if self.kind == "move":
            return players.get(self.level).thinks
        if self.tree is not None:
            return not self.tree.exact  # the engine's search of a big board
        return self.kind == "suggestions"

    @property
    def stoppable(self) -> bool:
        """True when asking for the answer now gives one (exact hints are finished or not at
        all: only dropping them stops them)."""
        return self.kind != "hints"

    def perform(self, progress: ProgressListener, cancel: Cancel) -> Any:
        """Work the task out (in whichever thread or process runs it)."""
        if self.kind == "move":
            return choose(
                self.rules, self.moves, self.level, self.seed, self.think,
                progress=progress, cancel=cancel,
            )  # fmt: skip
        if self.kind == "hints":
            return hints(self.rules, self.moves, cancel=cancel)
        if self.tree is not None:
            return tree_answer(self.tree) if self.kind == "tree" else steps_answer(self.tree)
        return suggestions(self.rules, self.moves, self.think, progress=progress, cancel=cancel)


# --- in a worker process -----------------------------------------------------------------------


class _Worker:
    """What this worker process was given by its pool's initializer."""

    flags: Any = None
    """One flag per worker slot of the lane: :data:`RUN`, :data:`STOP` or :data:`DROP`."""
    reports: Any = None
    """Where progress goes: (job number, :class:`Progress`)."""


def _start_worker(flags: Any, reports: Any) -> None:
    """The pool's initializer: keep the channel to the server; load the players now, so the
    first job does not pay for it."""
    _Worker.flags, _Worker.reports = flags, reports
    players.get(players.DEFAULT_LEVEL)


def _ready() -> None:
    """Nothing: makes the pool start its worker."""


@dataclass(frozen=True)
class _Flag:
    """A :class:`Cancel` reading this job's flag: set from ``level`` on."""

    flags: Any
    slot: int
    level: int

    def is_set(self) -> bool:
        return bool(self.flags[self.slot] >= self.level)


def _run_in_worker(slot: int, number: int, task: Task) -> Any:
    """Job ``number`` in worker slot ``slot`` of this process's lane."""
    reports = _Worker.reports

    def progress(report: Progress) -> None:
        reports.put((number, report))

    level = STOP if task.stoppable else DROP
    return task.perform(progress, _Flag(_Worker.flags, slot, level))


# --- jobs and lanes ------------------------------------------------------------------------


class Dropped(Exception):
    """The answer of a job cancelled before it ran (it never will)."""


class ThinkingJob(Job[Any]):
    """One task on the way to its answer (:attr:`future`), for ``owner`` (the address that
    asked); its progress goes to ``listener``."""

    def __init__(
        self, number: int, task: Task, owner: str, listener: ProgressListener | None
    ) -> None:
        super().__init__(task, time.monotonic())
        self.number = number
        self.task = task
        self.owner = owner
        self.listener = listener
        self.lane: Lane | None = None
        self.slot: int | None = None
        """The worker slot running it; None while it waits."""

    def stop(self) -> None:
        """Ask for the answer now: a search ends with its best so far, which still counts."""
        super().stop()
        if self.lane is not None:
            self.lane.signal(self, STOP)

    def cancel(self) -> None:
        """The answer is no longer wanted: a waiting job never runs, a running one stops."""
        super().cancel()
        self.listener = None
        if self.lane is not None:
            self.lane.drop(self)

    def heard(self, progress: Progress) -> None:
        """A progress report, on the event loop."""
        self.report(progress)
        if self.listener is not None:
            self.listener(progress)


class Lane:
    """``workers`` workers of one kind and the jobs waiting for them, taken in turn by owner.

    Called on the event loop only; a worker's answer comes back to it there.
    """

    def __init__(self, name: str, workers: int, processes: bool, reports: Any = None) -> None:
        self.name = name
        self.workers = max(1, workers)
        self.processes = processes
        self._reports = reports
        self._flags: Any = None
        self._executor: Executor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._free = list(range(self.workers))
        self._running: dict[int, ThinkingJob] = {}
        self._waiting: dict[str, deque[ThinkingJob]] = {}
        """Owner -> its waiting jobs, in the order the owners first waited."""
        self._turns = itertools.count()
        self._served: dict[str, int] = {}
        """When each owner with jobs here last had one started (a count of starts)."""

    @property
    def busy(self) -> int:
        """Jobs running or waiting."""
        return len(self._running) + sum(len(jobs) for jobs in self._waiting.values())

    def _pool(self) -> Executor:
        if self._executor is None:
            self._loop = asyncio.get_running_loop()
            if self.processes:
                context = multiprocessing.get_context("spawn")
                self._flags = context.RawArray("b", self.workers)
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_start_worker,
                    initargs=(self._flags, self._reports),
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix=self.name)
        return self._executor

    def warm_up(self) -> None:
        """Start the workers now rather than at the first job."""
        pool = self._pool()
        if self.processes:
            for _ in range(self.workers):
                pool.submit(_ready)

    def add(self, job: ThinkingJob) -> None:
        """Queue ``job`` behind its owner's earlier ones; run what can run."""
        job.lane = self
        self._waiting.setdefault(job.owner, deque()).append(job)
        self._dispatch()

    def _dispatch(self) -> None:
        while self._free and self._waiting:
            owner = self._next_owner()
            queue = self._waiting[owner]
            job = queue.popleft()
            if not queue:
                del self._waiting[owner]
            self._served[owner] = next(self._turns)
            self._run(job, self._free.pop())

    def _next_owner(self) -> str:
        """Whose job starts next: the owner with the fewest running here, then the one served
        least recently (or never), then the one waiting longest."""
        running: dict[str, int] = {}
        for job in self._running.values():
            running[job.owner] = running.get(job.owner, 0) + 1
        return min(
            self._waiting,
            key=lambda owner: (running.get(owner, 0), self._served.get(owner, -1)),
        )

    def _run(self, job: ThinkingJob, slot: int) -> None:
        pool = self._pool()
        job.slot = slot
        self._running[slot] = job
        future: Future[Any]
        if self.processes:
            self._flags[slot] = STOP if job.stopping.is_set() else RUN
            future = pool.submit(_run_in_worker, slot, job.number, job.task)
        else:
            future = pool.submit(self._run_in_thread, job)
        loop = self._loop
        assert loop is not None

        def done(finished: Future[Any]) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(self._finished, job, slot, finished)

        future.add_done_callback(done)

    def _run_in_thread(self, job: ThinkingJob) -> Any:
        loop = self._loop
        assert loop is not None

        def progress(report: Progress) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(job.heard, report)

        cancel = job.stopping if job.task.stoppable else _Dropping(job)
        return job.task.perform(progress, cancel)

    def _finished(self, job: ThinkingJob, slot: int, finished: Future[Any]) -> None:
        del self._running[slot]
        self._free.append(slot)
        job.slot = None
        if len(self._served) > REMEMBERED:  # forget the owners with nothing here any more
            here = set(self._waiting) | {other.owner for other in self._running.values()}
            self._served = {owner: turn for owner, turn in self._served.items() if owner in here}
        if not job.future.done():
            if finished.cancelled():
                job.future.set_exception(Dropped())
            elif (problem := finished.exception()) is not None:
                job.future.set_exception(problem)
            else:
                job.future.set_result(finished.result())
        self._dispatch()

    def signal(self, job: ThinkingJob, flag: int) -> None:
        """Tell ``job``'s worker process to stop (threads see the job's own stop switch)."""
        slot = job.slot
        if self.processes and slot is not None and self._running.get(slot) is job:
            self._flags[slot] = max(self._flags[slot], flag)

    def drop(self, job: ThinkingJob) -> None:
        """A cancelled job: out of the queue if it waits, stopped if it runs."""
        waiting = self._waiting.get(job.owner)
        if waiting is not None and job in waiting:
            waiting.remove(job)
            if not waiting:
                del self._waiting[job.owner]
            if not job.future.done():
                job.future.set_exception(Dropped())
            return
        self.signal(job, DROP)

    def close(self) -> None:
        """Drop every job and let the workers go."""
        for jobs in list(self._waiting.values()):
            for job in list(jobs):
                job.cancel()
        for job in list(self._running.values()):
            job.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


@dataclass(frozen=True)
class _Dropping:
    """A :class:`Cancel` that is set once the job is cancelled (not merely stopped)."""

    job: ThinkingJob

    def is_set(self) -> bool:
        return self.job.cancelled


class Thinker:
    """The computer's thinking for a server: a quick lane (one worker) and a searching lane
    (``workers`` workers, :data:`THREADS` for 0), in worker processes or, with
    ``processes=False``, in threads."""

    def __init__(self, workers: int = 2, *, processes: bool = True) -> None:
        self.processes = processes
        self._numbers = itertools.count(1)
        self._jobs: dict[int, ThinkingJob] = {}
        self._reports: Any = None
        self._reader: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        if processes:
            self._reports = multiprocessing.get_context("spawn").Queue()
        self.quick = Lane("tictactoe-quick", 1, processes, self._reports)
        self.searching = Lane("tictactoe-search", workers or THREADS, processes, self._reports)

    @property
    def running(self) -> int:
        """Jobs running or waiting, in both lanes."""
        return self.quick.busy + self.searching.busy

    def start(self) -> None:
        """Start the workers (on the event loop), so the first answer is not late."""
        self._loop = asyncio.get_running_loop()
        if self.processes and self._reader is None:
            self._reader = threading.Thread(
                target=self._read_reports, name="tictactoe-progress", daemon=True
            )
            self._reader.start()
        self.quick.warm_up()
        self.searching.warm_up()

    def think(
        self, task: Task, owner: str, listener: ProgressListener | None = None
    ) -> ThinkingJob:
        """Start working ``task`` out for ``owner`` (on the event loop); the job answers
        through its future (:class:`Dropped` if it is cancelled before it runs)."""
        if self._loop is None:
            self.start()
        job = ThinkingJob(next(self._numbers), task, owner, listener)
        self._jobs[job.number] = job
        job.future.add_done_callback(lambda _: self._jobs.pop(job.number, None))
        (self.searching if task.searches else self.quick).add(job)
        return job

    def _read_reports(self) -> None:
        """The progress of jobs in worker processes, until :meth:`close` sends None."""
        while True:
            try:
                item = self._reports.get()
            except (EOFError, OSError, ValueError):
                return
            if item is None:
                return
            loop = self._loop
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(self._dispatch, *item)

    def _dispatch(self, number: int, progress: Progress) -> None:
        job = self._jobs.get(number)
        if job is not None:
            job.heard(progress)

    def close(self) -> None:
        """Drop every job and stop the workers."""
        self.quick.close()
        self.searching.close()
        if self._reader is not None:
            self._reports.put(None)
            self._reader.join(timeout=2)
            self._reader = None
