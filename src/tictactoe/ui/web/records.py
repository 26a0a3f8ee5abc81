"""Finished web games, saved with every other finished game without holding up the server.

Every finished game goes to the saved games (:class:`tictactoe.archive.Archive`,
``games.sqlite3`` in the data folder), where ``tictactoe games`` lists it and
``tictactoe replay`` steps through it; a game against the computer is also
scored, so ``tictactoe stats`` counts it. Games queue up and a background
task writes them in batches, in a thread. A batch that finds the file busy
waits for the next turn; a file that cannot be written is reported in the
log once, and play goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from pathlib import Path

from tictactoe.archive import FILE_NAME, Archive, ArchiveError, Problem
from tictactoe.core.records import Record, Termination
from tictactoe.game import HUMAN
from tictactoe.paths import data_home
from tictactoe.ui.web.room import FinishedGame

FLUSH_SECONDS = 1.0
"""How often queued games are written."""

log = logging.getLogger(__name__)


def record_of_finished(game: FinishedGame, finished: datetime) -> Record:
    """The record of a room's finished game: a line or a full board shows in the moves; a
    resignation is one; a loss on time is an adjudicated result."""
    if game.ended == "resign":
        how = Termination.RESIGNATION
    elif game.ended == "timeout":
        how = Termination.ADJUDICATED
    else:
        return Record.of(game.rules, game.moves, game.x_player, game.o_player, finished=finished)
    return Record(
        game.rules, game.moves, game.x_player, game.o_player, game.winner, how, finished=finished
    )


def is_scored(game: FinishedGame) -> bool:
    """True for a game between a person and the computer (what the scoreboard counts)."""
    return (game.x_player == HUMAN) != (game.o_player == HUMAN)


class GameLog:
    """Queues finished games and writes them every :data:`FLUSH_SECONDS`."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = data_home() if folder is None else folder
        self.archive = Archive(self.folder / FILE_NAME)
        self._queue: list[tuple[Record, bool]] = []
        self._task: asyncio.Task[None] | None = None
        self._warned = False

    @property
    def path(self) -> Path:
        """The saved-games file."""
        return self.archive.path

    def add(self, game: FinishedGame) -> None:
        """Queue ``game`` for writing."""
        finished = datetime.now(UTC).replace(microsecond=0)
        self._queue.append((record_of_finished(game, finished), is_scored(game)))

    async def start(self) -> None:
        """Start writing in the background."""
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        """Write what is queued and stop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.flush()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            await self.flush()

    async def flush(self) -> None:
        """Write every queued game now (a busy file: they wait for the next turn)."""
        batch, self._queue = self._queue, []
        if batch and not await asyncio.to_thread(self._write, batch):
            self._queue[:0] = batch

    def _write(self, batch: list[tuple[Record, bool]]) -> bool:
        """Save ``batch`` in one transaction; False when the file was busy (try again)."""
        try:
            self.archive.save_all(batch)
        except ArchiveError as error:
            if error.problem is Problem.BUSY:
                return False
            if not self._warned:
                log.warning("finished games cannot be saved: %s", error)
                self._warned = True
        return True

    def count(self) -> int:
        """Games saved so far (for tests and the health page)."""
        return self.archive.games(limit=0).total
