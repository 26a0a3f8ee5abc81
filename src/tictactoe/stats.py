"""The scoreboard that lasts between runs: every finished game in an SQLite file.

Each game is one row (who played X and O, the board, the winner), so two
games finishing at once in two processes both land: SQLite serialises the
writes, and a busy database is waited for. Anything wrong with the file
raises :class:`ScoreboardError` with the reason; front ends show it and
play on.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN
from tictactoe.paths import data_home

FILE_NAME = "scores.sqlite3"
BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another process's write to finish."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    k INTEGER NOT NULL,
    x_player TEXT NOT NULL,
    o_player TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('X', 'O') OR winner IS NULL)
)
"""


class ScoreboardError(Exception):
    """The scoreboard file cannot be read or written; the message says why."""


@dataclass(frozen=True)
class Tally:
    """Results against one opponent on one board, from your side.

    For two people at one keyboard (opponent ``human``) wins are X's and
    losses O's.
    """

    opponent: str
    rules: Rules
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        """Games in this tally."""
        return self.wins + self.losses + self.draws


class Scoreboard:
    """Results of finished games, kept in ``path`` (default: the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = data_home() / FILE_NAME if path is None else path

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS)
            with closing(connection) as db, db:
                db.execute(_SCHEMA)
                yield db
        except (sqlite3.Error, OSError) as error:
            raise ScoreboardError(f"scoreboard {self.path} is unusable: {error}") from None

    def record(self, rules: Rules, x_player: str, o_player: str, winner: Mark | None) -> None:
        """Add one finished game."""
        with self._connect() as db:
            db.execute(
                "INSERT INTO games (played_at, rows, cols, k, x_player, o_player, winner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    datetime.now(UTC).isoformat(timespec="seconds"),
                    rules.m,
                    rules.n,
                    rules.k,
                    x_player,
                    o_player,
                    None if winner is None else str(winner),
                ),
            )

    def tallies(self) -> list[Tally]:
        """Wins, losses and draws per opponent and board, games with a person only."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT rows, cols, k, x_player, o_player, winner, COUNT(*) FROM games"
                " WHERE x_player = ? OR o_player = ?"
                " GROUP BY rows, cols, k, x_player, o_player, winner",
                (HUMAN, HUMAN),
            ).fetchall()
        counts: dict[tuple[str, Rules], list[int]] = {}
        for m, n, k, x_player, o_player, winner, count in rows:
            you = Mark.X if x_player == HUMAN else Mark.O
            opponent = str(o_player if you is Mark.X else x_player)
            try:
                rules = Rules(m, n, k)
            except RulesError as error:
                raise ScoreboardError(
                    f"scoreboard {self.path} is unusable: a game on an impossible board: {error}"
                ) from None
            slot = counts.setdefault((opponent, rules), [0, 0, 0])
            index = 2 if winner is None else 0 if winner == you else 1
            slot[index] += count
        return [
            Tally(opponent, rules, *slot)
            for (opponent, rules), slot in sorted(
                counts.items(),
                key=lambda item: (item[0][0], item[0][1].m, item[0][1].n, item[0][1].k),
            )
        ]

    def reset(self) -> Path | None:
        """Forget every recorded game.

        A file that is not a scoreboard database at all (corrupt, or something
        else saved under its name) is set aside as ``<name>.broken`` and a new
        one started; returns where it went, or None when nothing was set aside.
        """
        try:
            with self._connect() as db:
                db.execute("DELETE FROM games")
            return None
        except ScoreboardError:
            if not self._is_damaged():
                raise
        broken = self.path.with_name(self.path.name + ".broken")
        try:
            self.path.replace(broken)
        except OSError as error:
            raise ScoreboardError(f"scoreboard {self.path} cannot be set aside: {error}") from None
        with self._connect():
            pass
        return broken

    def _is_damaged(self) -> bool:
        """True when the file exists but SQLite cannot read it as a database."""
        if not self.path.is_file():
            return False
        try:
            with closing(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS)) as db:
                db.execute("PRAGMA schema_version").fetchone()
        except sqlite3.OperationalError:  # busy, locked, unreadable: not ours to replace
            return False
        except sqlite3.DatabaseError:  # not a database, or a malformed one
            return True
        return False
