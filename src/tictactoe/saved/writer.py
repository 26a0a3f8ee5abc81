"""The one writer of finished games, for every front end: a busy file is written in the background.

The terminal game and both windows (through the Session) and the web server
hand each finished game to a :class:`Writer`; it saves the game once in the
:class:`~tictactoe.saved.archive.Archive`, scored (the scoreboard counts it
as :func:`~tictactoe.saved.archive.counts` says).
"""

from __future__ import annotations

import threading
from pathlib import Path

from tictactoe.core.records import Record
from tictactoe.saved.archive import Archive
from tictactoe.saved.safe_file import ArchiveError, Problem

WRITE_WAIT_SECONDS = 1.0
"""How long :meth:`Writer.save` waits for a busy file before it hands the game to its thread."""
RETRY_WAIT_SECONDS = 5.0
"""How long each attempt of the writer's thread waits for the file."""
SAVE_GRACE_SECONDS = 5.0
"""How long a front end that closes waits for the games still waiting for a busy file."""


class Writer:
    """Saves finished games to ``archive`` (default: the data folder's saved games).

    :meth:`save` writes a game at once, waiting up to :data:`WRITE_WAIT_SECONDS`
    for a file another program holds; a game that still finds it busy, and
    every game handed over with ``background=True`` (the web server's event
    loop, which must not wait), goes to the writer's own thread, which writes
    what is waiting in one transaction as soon as the file is free, in the
    order the games ended. :meth:`wait` before the program ends: nothing is
    lost while the file is healthy.
    """

    def __init__(self, archive: Archive | None = None) -> None:
        self.archive = Archive() if archive is None else archive
        self._lock = threading.Lock()
        self._done = threading.Condition(self._lock)
        self._pending: list[Record] = []
        self._failure: ArchiveError | None = None
        self._worker: threading.Thread | None = None

    @property
    def path(self) -> Path:
        """The saved-games file."""
        return self.archive.path

    @property
    def pending(self) -> int:
        """Finished games not written yet."""
        with self._lock:
            return len(self._pending)

    def save(self, record: Record, *, background: bool = False) -> ArchiveError | None:
        """Save the finished game ``record`` once; now, or on the writer's thread when the file
        is busy or ``background`` is asked for (then this returns at once).

        Returns what kept a game from being saved, so the front end can say so and play on:
        this one's problem, or one the writer's thread met since (the error names the file
        and why); None when nothing did.
        """
        with self._lock:
            failure, self._failure = self._failure, None
            if background or self._pending:  # behind the games already waiting
                self._hand_over(record)
                return failure
        try:
            self.archive.save(record, scored=True, wait=WRITE_WAIT_SECONDS)
        except ArchiveError as error:
            if error.problem is not Problem.BUSY:
                return error
            with self._lock:
                self._hand_over(record)
        return failure

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every game handed to the thread is written; False if ``timeout`` ran out
        first. Raises the :class:`~tictactoe.saved.safe_file.ArchiveError` that stopped it."""
        with self._done:
            self._done.wait_for(lambda: not self._pending or self._failure is not None, timeout)
            written = not self._pending
            failure, self._failure = self._failure, None
        if failure is not None:
            raise failure
        return written

    def _hand_over(self, record: Record) -> None:
        """Queue ``record`` for the writer's thread and start it if need be (the lock is held)."""
        self._pending.append(record)
        if self._worker is None:  # (a thread that found nothing left has said so: None)
            self._worker = threading.Thread(target=self._write, name="saved-games", daemon=True)
            self._worker.start()

    def _write(self) -> None:
        """The writer's thread: write what is waiting, a batch at a time, until nothing is."""
        while True:
            with self._lock:
                if not self._pending:
                    self._worker = None
                    self._done.notify_all()
                    return
                batch = list(self._pending)
            try:
                self.archive.save_all(((r, True) for r in batch), wait=RETRY_WAIT_SECONDS)
            except ArchiveError as error:
                if error.problem is Problem.BUSY:
                    continue
                with self._lock:
                    self._failure, self._worker = error, None
                    self._pending.clear()
                    self._done.notify_all()
                return
            with self._lock:
                del self._pending[: len(batch)]


__all__ = ["RETRY_WAIT_SECONDS", "SAVE_GRACE_SECONDS", "WRITE_WAIT_SECONDS", "Writer"]
