"""Background jobs for the window: the computer's thinking and hints, off the UI thread.

Tk may only be touched from the thread that runs the main loop, so a job
runs in a daemon thread and posts its answer (and any progress it reports
on the way) to a queue; :meth:`Worker.poll`, called from the main loop
with ``after``, hands them to their callbacks there.

Each job is given a :class:`Task`: a ``cancelled`` event to look at (the
search stops at once when it is set) and ``report`` for progress.
:meth:`Worker.cancel` sets every running job's event and makes whatever
they still send stale: it is dropped when it arrives (Python threads cannot
be stopped from outside; the jobs are pure, and
:meth:`tictactoe.game.Game.apply` ignores a move for a position that is no
longer current anyway). :meth:`Worker.stop` only sets the events: the jobs
end early and their answers (the best found so far) are still delivered.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Done = Callable[[Any], None]
Failed = Callable[[Exception], None]
Progress = Callable[[Any], None]


@dataclass(frozen=True)
class Task:
    """What a running job is handed: when to stop, and where to send progress."""

    cancelled: threading.Event
    """Set when the answer is no longer wanted (or wanted at once): stop soon."""
    report: Callable[[Any], None]
    """Send a progress value (from the job's thread) to the ``progress`` callback."""


Job = Callable[[Task], Any]


@dataclass
class _Job:
    number: int
    generation: int
    job: Job
    done: Done
    failed: Failed
    progress: Progress | None
    cancelled: threading.Event = field(default_factory=threading.Event)
    dropped: bool = False
    """Replaced by a newer job (serial workers): what it sends is not delivered."""


@dataclass(frozen=True)
class _Message:
    job: _Job
    final: bool
    """True for the answer (or error), False for a progress report."""
    value: Any = None
    error: Exception | None = None


class Worker:
    """Runs jobs in threads; their answers and progress reach callbacks on the polling thread.

    With ``serial=True`` one job runs at a time and a new request replaces
    any that is waiting or running (for hints: only the latest position
    matters); the running one is told to stop and its answer is dropped.
    """

    def __init__(self, *, serial: bool = False, name: str = "worker") -> None:
        self._serial = serial
        self._name = name
        self._messages: queue.Queue[_Message] = queue.Queue()
        self._generation = 0
        self._numbers = itertools.count()
        self._running: dict[int, _Job] = {}
        self._waiting: _Job | None = None

    @property
    def busy(self) -> bool:
        """True while a job whose answer is still wanted runs or waits."""
        return self._waiting is not None or any(self._wanted(job) for job in self._running.values())

    @property
    def running(self) -> int:
        """Threads started and not yet answered (stale ones included)."""
        return len(self._running)

    def submit(
        self, job: Job, done: Done, failed: Failed, progress: Progress | None = None
    ) -> None:
        """Run ``job(task)`` in a thread; ``done(value)`` or ``failed(error)`` runs at a later
        poll, and ``progress(value)`` for each value the job reports before it ends."""
        entry = _Job(next(self._numbers), self._generation, job, done, failed, progress)
        if self._serial and self._running:
            for running in self._running.values():
                running.dropped = True
                running.cancelled.set()
            self._waiting = entry
            return
        self._start(entry)

    def _start(self, entry: _Job) -> None:
        self._running[entry.number] = entry
        messages = self._messages

        def report(value: Any) -> None:
            messages.put(_Message(entry, final=False, value=value))

        def run() -> None:
            try:
                message = _Message(entry, True, value=entry.job(Task(entry.cancelled, report)))
            except Exception as error:  # handed to ``failed`` on the UI thread
                message = _Message(entry, True, error=error)
            messages.put(message)

        threading.Thread(target=run, name=self._name, daemon=True).start()

    def cancel(self) -> None:
        """Forget every job: each is told to stop, and what it still sends is dropped."""
        self._generation += 1
        self._waiting = None
        for running in self._running.values():
            running.cancelled.set()

    def stop(self) -> None:
        """Ask the running jobs to answer now (with what they have); the answers still count."""
        for running in self._running.values():
            running.cancelled.set()

    def poll(self) -> int:
        """Deliver the answers and progress that have arrived; returns how many callbacks ran."""
        delivered = 0
        while True:
            try:
                message = self._messages.get_nowait()
            except queue.Empty:
                break
            entry = message.job
            if message.final:
                self._running.pop(entry.number, None)
            if self._wanted(entry):
                if not message.final:
                    if entry.progress is not None:
                        delivered += 1
                        entry.progress(message.value)
                elif message.error is not None:
                    delivered += 1
                    entry.failed(message.error)
                else:
                    delivered += 1
                    entry.done(message.value)
            if self._serial and self._waiting is not None and not self._running:
                waiting, self._waiting = self._waiting, None
                if waiting.generation == self._generation:
                    self._start(waiting)
        return delivered

    def _wanted(self, entry: _Job) -> bool:
        return entry.generation == self._generation and not entry.dropped
