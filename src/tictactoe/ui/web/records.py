"""Finished web games, written to SQLite in the data folder without holding up the server.

Every finished game goes to ``web-games.sqlite3`` (room, board, players,
winner, how it ended, the moves); games against the computer also go to
the scoreboard that ``tictactoe stats`` and the other front ends share
(:class:`tictactoe.stats.Scoreboard`, through its public ``record``).
Games queue up and a background task writes them in batches, in a thread.
A file that cannot be written is reported in the log once; play goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from tictactoe.game import HUMAN
from tictactoe.paths import data_home
from tictactoe.stats import Scoreboard, ScoreboardError
from tictactoe.ui.web.room import ENDED, FinishedGame

FILE_NAME = "web-games.sqlite3"
FLUSH_SECONDS = 1.0
"""How often queued games are written."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    room TEXT NOT NULL,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    k INTEGER NOT NULL,
    x_player TEXT NOT NULL,
    o_player TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('X', 'O') OR winner IS NULL),
    ended TEXT NOT NULL,
    moves TEXT NOT NULL
)
"""

log = logging.getLogger(__name__)


class GameLog:
    """Queues finished games and writes them every :data:`FLUSH_SECONDS`."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = data_home() if folder is None else folder
        self.path = self.folder / FILE_NAME
        self._queue: list[FinishedGame] = []
        self._task: asyncio.Task[None] | None = None
        self._warned = False

    def add(self, game: FinishedGame) -> None:
        """Queue ``game`` for writing."""
        self._queue.append(game)

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
        """Write every queued game now."""
        batch, self._queue = self._queue, []
        if batch:
            await asyncio.to_thread(self._write, batch)

    def _write(self, batch: list[FinishedGame]) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
                db.execute(_SCHEMA)
                db.executemany(
                    "INSERT INTO games (finished_at, room, rows, cols, k, x_player, o_player,"
                    " winner, ended, moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            datetime.now(UTC).isoformat(timespec="seconds"),
                            game.room,
                            game.rules.m,
                            game.rules.n,
                            game.rules.k,
                            game.x_player,
                            game.o_player,
                            None if game.outcome.winner is None else game.outcome.winner.value,
                            ENDED[game.outcome.termination],
                            " ".join(map(str, game.moves)),
                        )
                        for game in batch
                    ],
                )
            scoreboard = Scoreboard(self.folder / "scores.sqlite3")
            for game in batch:
                if (game.x_player == HUMAN) != (game.o_player == HUMAN):
                    scoreboard.record(game.rules, game.x_player, game.o_player, game.outcome.winner)
        except (sqlite3.Error, OSError, ScoreboardError) as error:
            if not self._warned:
                log.warning("finished games cannot be saved: %s", error)
                self._warned = True

    def count(self) -> int:
        """Games saved so far (for tests and the health page)."""
        if not self.path.exists():
            return 0
        with closing(sqlite3.connect(self.path)) as db:
            db.execute(_SCHEMA)
            (counted,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(counted)
