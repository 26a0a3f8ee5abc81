"""Work off the frame loop: one job in a daemon thread, polled every frame.

Pygame Zero calls ``update()`` sixty times a second; a job started here
(the computer's :meth:`~tictactoe.game.Game.think`, or the hint analysis)
runs in its own thread and the frame loop keeps drawing. ``update()`` asks
:meth:`Job.done` and takes the answer when it is there. A job that became
stale (the position changed) is simply left to finish; its answer is then
dropped by :meth:`~tictactoe.game.Game.apply`, or by the caller's key.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from tictactoe.core.board import Board

T = TypeVar("T")


class Job(Generic[T]):
    """``work()`` running in a daemon thread; ``key`` is the position it was started for."""

    def __init__(self, key: Board, work: Callable[[], T]) -> None:
        self.key = key
        self._value: T | None = None
        self._error: Exception | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._value = work()
        except Exception as error:  # handed to the frame loop by result()
            self._error = error

    @property
    def done(self) -> bool:
        """True once the work has returned or raised."""
        return not self._thread.is_alive()

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
