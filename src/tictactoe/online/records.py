"""Finished web games, saved with every other finished game without holding up the server.

Every finished game goes to the saved games (:class:`tictactoe.saved.archive.Archive`,
``games.sqlite3`` in the data folder), where ``tictactoe games`` lists it and
``tictactoe replay`` steps through it; a game against the computer is also
scored, so ``tictactoe stats`` counts it. Games queue up and a background
task writes them in batches, in a thread. A batch that finds the file busy
waits for the next turn; a file that cannot be written is reported in the
log once, and play goes on. The games an earlier version kept apart in
``web-games.sqlite3`` are copied in when the server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from tictactoe.core import Mark, Rules, RulesError, Termination
from tictactoe.core.records import Record, RecordError
from tictactoe.game import HUMAN
from tictactoe.online.room import FinishedGame
from tictactoe.saved.archive import FILE_NAME, Archive, ArchiveError, Problem
from tictactoe.saved.paths import data_home
from tictactoe.saved.safe_file import free_name

OLD_FILE_NAME = "web-games.sqlite3"
"""Where versions before the one store kept the finished web games (copied in at start)."""
FLUSH_SECONDS = 1.0
"""How often queued games are written."""

log = logging.getLogger(__name__)


_ENDINGS = {"resign": Termination.RESIGNATION, "timeout": Termination.ADJUDICATED}
"""How a game in an earlier version's file ended when its moves do not show it (a ``win`` or a
``draw`` they do): a loss on time was kept as an adjudicated result then."""


def record_of_finished(game: FinishedGame, finished: datetime) -> Record:
    """The record of a room's finished game, ended as its outcome says (a line, a full board,
    a resignation, or a player who left: a forfeit)."""
    outcome = game.outcome
    return Record(
        game.rules,
        game.moves,
        game.x_player,
        game.o_player,
        outcome.winner,
        outcome.termination,
        finished=finished,
    )


def _record(
    rules: Rules,
    moves: tuple[int, ...],
    x_player: str,
    o_player: str,
    winner: Mark | None,
    ended: str,
    finished: datetime,
) -> Record:
    how = _ENDINGS.get(ended)
    if how is None:
        return Record.of(rules, moves, x_player, o_player, finished=finished)
    return Record(rules, moves, x_player, o_player, winner, how, finished=finished)


def old_web_games(path: Path) -> list[Record]:
    """The games in the ``web-games.sqlite3`` of versions before the one store, oldest first
    (rows that no longer make a valid game are left out). Raises :class:`sqlite3.Error`."""
    uri = path.absolute().as_uri() + "?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, timeout=10)) as db:
        rows = db.execute(
            "SELECT finished_at, rows, cols, k, x_player, o_player, winner, ended, moves"
            " FROM games ORDER BY id"
        ).fetchall()
    found = []
    for finished, m, n, k, x_player, o_player, winner, ended, moves in rows:
        try:
            moment = datetime.fromisoformat(finished)
            record = _record(
                Rules(m, n, k),
                tuple(int(cell) for cell in moves.split()),
                x_player,
                o_player,
                None if winner is None else Mark(winner),
                ended,
                moment if moment.tzinfo else moment.replace(tzinfo=UTC),
            )
        except (RecordError, RulesError, ValueError, TypeError, AttributeError):
            continue
        found.append(record)
    return found


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
        """Copy an earlier version's web games into the saved games; start writing."""
        await asyncio.to_thread(self._copy_old_games)
        self._task = asyncio.create_task(self._run())

    def _copy_old_games(self) -> None:
        """The games of an old ``web-games.sqlite3`` go to the saved games, unscored (the old
        scoreboard counted them), and the old file is renamed ``.imported``; once."""
        old = self.folder / OLD_FILE_NAME
        if not old.is_file():
            return
        try:
            games = old_web_games(old)
            self.archive.save_all((record, False) for record in games)
            old.replace(free_name(old, ".imported"))
        except (sqlite3.Error, ArchiveError, OSError) as error:
            log.warning("the web games of an earlier version cannot be copied: %s", error)
            return
        log.info("%d web games of an earlier version copied to %s", len(games), self.path)

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
