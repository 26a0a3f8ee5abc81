"""Saved games: every finished game, kept for replaying and export.

The games live in an SQLite file, ``games.sqlite3``, in the data folder next
to the scoreboard (:func:`tictactoe.paths.data_home`). Each game is one row
(rules, players, moves, result, times), so two games finishing at once in
two processes both land: SQLite serialises the writes and a busy file is
waited for. Anything wrong with the file raises :class:`ArchiveError` with
the reason; a row that no longer makes a valid game is listed as damaged
instead of hiding the others.

:func:`save_finished` is the one call every front end makes when a game
ends: it adds the game to the scoreboard (when a person played) and to the
saved games.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.records import Record, RecordError, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.paths import data_home
from tictactoe.stats import Recorder, Scoreboard, ScoreboardError

FILE_NAME = "games.sqlite3"
BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another process's write to finish."""
SCHEMA_VERSION = 1
"""Stored in SQLite's ``user_version``; a file from a newer version is refused, not changed."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started TEXT,
    finished TEXT,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    k INTEGER NOT NULL,
    x_player TEXT NOT NULL,
    o_player TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('X', 'O') OR winner IS NULL),
    termination TEXT NOT NULL,
    moves TEXT NOT NULL
)
"""
_COLUMNS = "id, started, finished, rows, cols, k, x_player, o_player, winner, termination, moves"


class ArchiveError(Exception):
    """The saved-games file cannot be read or written; the message says which file and why."""

    def __init__(self, path: Path, reason: object) -> None:
        super().__init__(f"saved games file {path} is unusable: {reason}")
        self.path = path
        """The file."""
        self.reason = str(reason)
        """What is wrong with it (SQLite's or the system's words)."""


class GameNotFoundError(LookupError):
    """No saved game has the id asked for."""


class ResultFilter(StrEnum):
    """What :meth:`Archive.games` can filter on."""

    X = "x"
    O = "o"  # noqa: E741 - the letter is the name of the mark
    DRAW = "draw"
    UNFINISHED = "unfinished"


@dataclass(frozen=True)
class SavedGame:
    """A game from the file, with its id (what ``tictactoe replay ID`` takes)."""

    id: int
    record: Record


@dataclass(frozen=True)
class Listing:
    """Saved games found, newest first."""

    games: tuple[SavedGame, ...]
    total: int
    """How many games match the filters (more than ``games`` when a limit cut the list)."""
    damaged: tuple[int, ...] = ()
    """Ids of matching rows that no longer hold a valid game (left out of ``games``)."""


class Archive:
    """The saved games, kept in ``path`` (default: ``games.sqlite3`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = data_home() / FILE_NAME if path is None else path

    def _error(self, problem: object) -> ArchiveError:
        return ArchiveError(self.path, problem)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS)
            with closing(connection) as db, db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise self._error("it was written by a newer version of tictactoe")
                db.execute(_SCHEMA)
                if version < SCHEMA_VERSION:
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                yield db
        except (sqlite3.Error, OSError) as error:
            raise self._error(error) from None

    def save(self, record: Record) -> int:
        """Add ``record``; returns its id."""
        rules = record.rules
        with self._connect() as db:
            cursor = db.execute(
                f"INSERT INTO games ({_COLUMNS.partition(', ')[2]})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    _moment_text(record.started),
                    _moment_text(record.finished),
                    rules.m,
                    rules.n,
                    rules.k,
                    record.x_player,
                    record.o_player,
                    None if record.winner is None else str(record.winner),
                    str(record.termination),
                    " ".join(map(str, record.moves)),
                ),
            )
            game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

    def get(self, game_id: int) -> Record:
        """The saved game ``game_id``.

        Raises :class:`GameNotFoundError` when there is none, and
        :class:`ArchiveError` when its row is damaged.
        """
        with self._connect() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFoundError(f"there is no saved game {game_id}")
        try:
            return _record(row)
        except (RecordError, RulesError, ValueError, TypeError) as error:
            raise self._error(f"game {game_id} is damaged: {error}") from None

    def games(
        self,
        *,
        player: str | None = None,
        size: tuple[int, int] | None = None,
        result: ResultFilter | None = None,
        limit: int | None = None,
    ) -> Listing:
        """Saved games, newest first: those ``player`` played (either side, any case),
        on a ``size`` = (rows, columns) board, ending in ``result``; at most ``limit``.
        """
        where, values = _filters(player, size, result)
        with self._connect() as db:
            total = db.execute(f"SELECT COUNT(*) FROM games{where}", values).fetchone()[0]
            query = f"SELECT {_COLUMNS} FROM games{where} ORDER BY id DESC"
            if limit is not None:
                query += f" LIMIT {max(0, int(limit))}"
            rows = db.execute(query, values).fetchall()
        games, damaged = [], []
        for row in rows:
            try:
                games.append(SavedGame(row[0], _record(row)))
            except (RecordError, RulesError, ValueError, TypeError):
                damaged.append(row[0])
        return Listing(tuple(games), total, tuple(damaged))

    def reset(self) -> Path | None:
        """Forget every saved game.

        A file that is not a database at all (corrupt, or something else
        saved under its name) is set aside as ``<name>.broken`` and a new one
        started; returns where it went, or None when nothing was set aside.
        """
        try:
            with self._connect() as db:
                db.execute("DELETE FROM games")
            return None
        except ArchiveError:
            if not self._is_damaged():
                raise
        broken = self.path.with_name(self.path.name + ".broken")
        try:
            self.path.replace(broken)
        except OSError as error:
            raise self._error(f"it cannot be set aside: {error}") from None
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


def record_of(game: Game, finished: datetime | None = None) -> Record:
    """The record of ``game`` as it stands: its outcome, or unfinished while it goes on."""
    outcome = game.outcome
    return Record(
        game.rules,
        game.moves,
        game.player(Mark.X),
        game.player(Mark.O),
        None if outcome is None else outcome.winner,
        Termination.UNFINISHED if outcome is None else outcome.termination,
        started=game.started_at.replace(microsecond=0),
        finished=(finished or datetime.now(UTC)).replace(microsecond=0),
    )


def save_finished(
    game: Game, scoreboard: Scoreboard | Recorder | None, archive: Archive | None = None
) -> list[ScoreboardError | ArchiveError]:
    """Keep a finished game: in ``scoreboard`` when a person played, in the saved games always.

    The one call every front end makes when a game ends (once per game).
    ``scoreboard`` may be a :class:`~tictactoe.stats.Recorder`, which writes a
    result in the background when another program holds the file.
    ``archive`` defaults to the saved games in the data folder. Both are
    tried; what could not be saved is returned (each error says which file
    and why), so the front end can say so and play on.
    """
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over yet")
    problems: list[ScoreboardError | ArchiveError] = []
    if scoreboard is not None and any(game.is_human(mark) for mark in Mark):
        try:
            scoreboard.record(game.rules, game.player(Mark.X), game.player(Mark.O), outcome.winner)
        except ScoreboardError as error:
            problems.append(error)
    try:
        (archive or Archive()).save(record_of(game))
    except ArchiveError as error:
        problems.append(error)
    return problems


def _moment_text(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat()


def _moment(text: str | None) -> datetime | None:
    if text is None:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.utcoffset() is not None else moment.replace(tzinfo=UTC)


def _record(row: tuple[object, ...]) -> Record:
    """The record of a database row; raises (RecordError, RulesError, ValueError) if damaged."""
    _, started, finished, m, n, k, x_player, o_player, winner, how, moves = row
    if not (isinstance(m, int) and isinstance(n, int) and isinstance(k, int)):
        raise ValueError("the board size is not a number")
    if not isinstance(moves, str):
        raise ValueError("the moves are not text")
    cells = [whole_number(token) for token in moves.split()]
    if any(cell is None for cell in cells):
        raise ValueError(f"moves {moves[:40]!r} are not cell numbers")
    return Record(
        Rules(m, n, k),
        tuple(cell for cell in cells if cell is not None),
        str(x_player),
        str(o_player),
        None if winner is None else Mark(str(winner)),
        Termination(str(how)),
        _moment(started if isinstance(started, str) else None),
        _moment(finished if isinstance(finished, str) else None),
    )


def _filters(
    player: str | None, size: tuple[int, int] | None, result: ResultFilter | None
) -> tuple[str, tuple[object, ...]]:
    """The WHERE clause and its values for :meth:`Archive.games`."""
    clauses: list[str] = []
    values: list[object] = []
    if player is not None:
        clauses.append("(x_player = ? COLLATE NOCASE OR o_player = ? COLLATE NOCASE)")
        values += [player.strip(), player.strip()]
    if size is not None:
        clauses.append("rows = ? AND cols = ?")
        values += list(size)
    if result in (ResultFilter.X, ResultFilter.O):
        clauses.append("winner = ?")
        values.append(result.value.upper())
    elif result is ResultFilter.DRAW:
        clauses.append("winner IS NULL AND termination != ?")
        values.append(str(Termination.UNFINISHED))
    elif result is ResultFilter.UNFINISHED:
        clauses.append("termination = ?")
        values.append(str(Termination.UNFINISHED))
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    return where, tuple(values)


__all__ = [
    "FILE_NAME",
    "Archive",
    "ArchiveError",
    "GameNotFoundError",
    "Listing",
    "ResultFilter",
    "SavedGame",
    "record_of",
    "save_finished",
]
