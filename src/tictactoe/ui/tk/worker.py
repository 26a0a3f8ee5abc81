"""Background jobs for the window: the computer's thinking and hints, off the UI thread.

Tk may only be touched from the thread that runs the main loop, so a job
runs in a daemon thread and posts its answer to a queue; :meth:`Worker.poll`,
called from the main loop with ``after``, hands answers to their callbacks
there. :meth:`Worker.cancel` makes every answer still on its way stale: it
is dropped when it arrives (Python threads cannot be stopped, and need not
be: the jobs are pure, and :meth:`tictactoe.game.Game.apply` ignores a move
for a position that is no longer current anyway).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Job = Callable[[], Any]
Done = Callable[[Any], None]
Failed = Callable[[Exception], None]


@dataclass(frozen=True)
class _Answer:
    generation: int
    done: Done
    failed: Failed
    value: Any = None
    error: Exception | None = None


class Worker:
    """Runs jobs in threads; their answers reach the callbacks on the polling thread.

    With ``serial=True`` one job runs at a time and a new request replaces
    any that is waiting (for hints: only the latest position matters).
    """

    def __init__(self, *, serial: bool = False, name: str = "worker") -> None:
        self._serial = serial
        self._name = name
        self._answers: queue.Queue[_Answer] = queue.Queue()
        self._generation = 0
        self._running = 0
        self._waiting: tuple[Job, Done, Failed] | None = None

    @property
    def busy(self) -> bool:
        """True while a job whose answer is still wanted runs or waits."""
        return self._running > 0 or self._waiting is not None

    def submit(self, job: Job, done: Done, failed: Failed) -> None:
        """Run ``job`` in a thread; ``done(value)`` or ``failed(error)`` runs at a later poll."""
        if self._serial and self._running:
            self._waiting = (job, done, failed)
            return
        self._start(job, done, failed)

    def _start(self, job: Job, done: Done, failed: Failed) -> None:
        generation = self._generation
        self._running += 1

        def run() -> None:
            try:
                answer = _Answer(generation, done, failed, value=job())
            except Exception as error:  # handed to ``failed`` on the UI thread
                answer = _Answer(generation, done, failed, error=error)
            self._answers.put(answer)

        threading.Thread(target=run, name=self._name, daemon=True).start()

    def cancel(self) -> None:
        """Forget every job: answers still on their way are dropped when they arrive."""
        self._generation += 1
        self._waiting = None

    def poll(self) -> int:
        """Deliver the answers that have arrived; returns how many callbacks ran."""
        delivered = 0
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                break
            self._running -= 1
            if answer.generation == self._generation:
                delivered += 1
                if answer.error is not None:
                    answer.failed(answer.error)
                else:
                    answer.done(answer.value)
            if self._serial and self._waiting is not None and not self._running:
                waiting, self._waiting = self._waiting, None
                self._start(*waiting)
        return delivered

    @property
    def running(self) -> int:
        """Threads started and not yet answered (stale ones included)."""
        return self._running
