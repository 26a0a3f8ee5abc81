"""Saving finished games without holding up play: a busy file is written in the background."""

from __future__ import annotations

import threading
from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.records import Record
from tictactoe.game import Game
from tictactoe.saved.archive import Archive, record_of
from tictactoe.saved.safe_file import ArchiveError, Problem

WRITE_WAIT_SECONDS = 1.0
"""How long a save waits for the file before :class:`Recorder` hands it to the background."""
RETRY_WAIT_SECONDS = 5.0
"""How long each background attempt waits for the file."""


class Recorder:
    """Saves finished games to an :class:`~tictactoe.saved.archive.Archive`; one that finds the
    file busy is written in the background.

    :meth:`save` tries for :data:`WRITE_WAIT_SECONDS`; if another program
    holds the file it keeps the game and returns at once, and a background
    thread writes it (and any that follow) as soon as the file is free, while
    the next game is played. :meth:`wait` before the program ends: nothing is
    lost while the file is healthy. Any other problem is raised by
    :meth:`save` (for a write in the background: by the next :meth:`save`
    or :meth:`wait`).
    """

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self._lock = threading.Lock()
        self._pending: list[tuple[Record, bool]] = []
        self._failure: ArchiveError | None = None
        self._worker: threading.Thread | None = None
        self._done = threading.Condition(self._lock)

    @property
    def path(self) -> Path:
        """The saved-games file."""
        return self.archive.path

    @property
    def pending(self) -> int:
        """Finished games not written yet."""
        with self._lock:
            return len(self._pending)

    def save(self, record: Record, *, scored: bool = False) -> None:
        """Write one finished game now, or keep it for the background if the file is busy."""
        self._raise_failure()
        game = (record, scored)
        with self._lock:
            if self._pending:  # keep the order: behind the games already waiting
                self._pending.append(game)
                return
        try:
            self.archive.save(record, scored=scored, wait=WRITE_WAIT_SECONDS)
        except ArchiveError as error:
            if error.problem is not Problem.BUSY:
                raise
            with self._lock:
                self._pending.append(game)
                self._start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every kept game is written; False if ``timeout`` ran out first.

        Raises the :class:`~tictactoe.saved.archive.ArchiveError` that stopped the background
        writes.
        """
        with self._done:
            self._done.wait_for(lambda: not self._pending or self._failure, timeout)
            written = not self._pending
        self._raise_failure()
        return written

    def _raise_failure(self) -> None:
        with self._lock:
            failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _start(self) -> None:
        """Start the background writer (the lock is held)."""
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(
                target=self._write_pending, name="saved-games", daemon=True
            )
            self._worker.start()

    def _write_pending(self) -> None:
        while True:
            with self._lock:
                if not self._pending:
                    self._done.notify_all()
                    return
                record, scored = self._pending[0]
            try:
                self.archive.save(record, scored=scored, wait=RETRY_WAIT_SECONDS)
            except ArchiveError as error:
                if error.problem is Problem.BUSY:
                    continue
                with self._lock:
                    self._failure = error
                    self._pending.clear()
                    self._done.notify_all()
                return
            with self._lock:
                self._pending.pop(0)


def save_finished(game: Game, store: Archive | Recorder | None = None) -> ArchiveError | None:
    """Keep a finished game, once: saved, and scored when a person played.

    The one call every front end makes when a game ends. ``store`` may be a
    :class:`~tictactoe.saved.writer.Recorder`, which writes in the background
    when another program holds the file; it defaults to the saved games in
    the data folder. Returns what kept the game from being saved (the error
    says which file and why), so the front end can say so and play on.
    """
    if game.outcome is None:
        raise ValueError("the game is not over yet")
    scored = any(game.is_human(mark) for mark in Mark)
    try:
        (store or Archive()).save(record_of(game), scored=scored)
    except ArchiveError as error:
        return error
    return None


__all__ = ["RETRY_WAIT_SECONDS", "WRITE_WAIT_SECONDS", "Recorder", "save_finished"]
