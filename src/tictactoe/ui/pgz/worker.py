"""Work off the frame loop: one job in a daemon thread, polled every frame.

Pygame Zero calls ``update()`` sixty times a second; a job started here
(the computer's :meth:`~tictactoe.game.Game.think`, hints, reading the saved
games) runs in its own thread and the frame loop keeps drawing. ``update()``
asks :meth:`Job.done` and takes the answer when it is there.

Every job has a :class:`Watch`: the work reports its progress there (a
search sends a :class:`~tictactoe.core.search.Progress` after each
completed depth, from its own thread) and obeys its ``cancel`` event, which
the frame loop sets when the answer is no longer wanted (the position
changed, the player turned hints off, the window closes). A cancelled
search ends at once with its best move so far, which the caller then drops.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from tictactoe.core.search import Progress

T = TypeVar("T")


class Watch:
    """A job's latest progress report and its stop switch, shared by its thread and the loop."""

    def __init__(self) -> None:
        self.latest: Progress | None = None
        """The last report (one assignment, so the loop always reads a whole one)."""
        self.cancel = threading.Event()
        """Set when the answer is no longer wanted; the work should stop soon after."""

    def report(self, progress: Progress) -> None:
        """Keep ``progress`` for the frame loop (called from the job's thread)."""
        self.latest = progress


class Job(Generic[T]):
    """``work(watch)`` running in a daemon thread.

    ``key`` is what it was started for (the position, for a move or a hint),
    ``started`` the moment it began on the caller's clock.
    """

    def __init__(self, key: object, work: Callable[[Watch], T], *, started: float = 0.0) -> None:
        self.key = key
        self.started = started
        self.watch = Watch()
        self._value: T | None = None
        self._error: Exception | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[Watch], T]) -> None:
        try:
            self._value = work(self.watch)
        except Exception as error:  # handed to the frame loop by result()
            self._error = error

    @property
    def done(self) -> bool:
        """True once the work has returned or raised."""
        return not self._thread.is_alive()

    @property
    def progress(self) -> Progress | None:
        """The work's latest progress report, if it sent any."""
        return self.watch.latest

    def cancel(self) -> None:
        """Ask the work to stop; its answer, if any, is not wanted."""
        self.watch.cancel.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self.watch.cancel.is_set()

    def result(self) -> T:
        """The work's value, or its exception raised again (only once :attr:`done`)."""
        if not self.done:
            raise RuntimeError("the job is still running")
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]

    def wait(self, timeout: float | None = None) -> bool:
        """Block up to ``timeout`` seconds for the job (for shutting down); True if done."""
        self._thread.join(timeout)
        return self.done
