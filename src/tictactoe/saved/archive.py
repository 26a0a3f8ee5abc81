"""Saved games: every finished game, kept for replaying, export and the scoreboard.

The one store of finished games: an SQLite file, ``games.sqlite3``, in the
data folder (:func:`tictactoe.saved.paths.data_home`). Each game is one row
(rules, players, moves, result, times), so two games finishing at once in
two processes both land: SQLite serialises the writes and a busy file is
waited for. Anything wrong with the file raises :class:`ArchiveError` naming
the :class:`Problem` (:mod:`tictactoe.saved.safe_file`); a row that no longer
makes a valid game is listed as damaged instead of hiding the others.

The scoreboard (:mod:`tictactoe.saved.scoreboard`) is a query over this file
(:meth:`Archive.result_counts`): the *scored* games, those played here with
a person (not imported ones), plus ``past_results``, tallies whose games are
not kept as rows. ``stats --reset`` unscores every game; ``games --reset``
forgets the games but keeps what they counted as past results.

Scores from before this version (the old ``scores.sqlite3`` next to this
file, a table of results without moves) are imported into ``past_results``
once, when this file is created or upgraded from version 1, and the old file
is then renamed ``scores.sqlite3.imported`` (kept, not deleted). Until that
first write, the scoreboard reads the old file as it is. An old file that is
damaged is left where it is and counts nothing. Games already in a version 1
file are kept, unscored: their results are in the old file's tallies.

:func:`tictactoe.saved.writer.save_finished` is the one call every front end makes when a game
ends: it saves the game once, scored when a person played.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.records import Record, RecordError, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game
from tictactoe.saved import safe_file
from tictactoe.saved.paths import data_home
from tictactoe.saved.safe_file import (
    ArchiveError,
    ArchiveFile,
    Problem,
    free_name,
)

FILE_NAME = "games.sqlite3"
OLD_SCORES_NAME = "scores.sqlite3"
"""The scoreboard file of versions before the one store, next to :data:`FILE_NAME`."""
BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another process's write to finish."""
SCHEMA_VERSION = 2
"""Stored in SQLite's ``user_version``; a file from a newer version is refused, not changed.
Version 2 added the ``scored`` column and the ``past_results`` table."""

_GAMES = """
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
    moves TEXT NOT NULL,
    scored INTEGER NOT NULL DEFAULT 0
)
"""
_PAST_RESULTS = """
CREATE TABLE IF NOT EXISTS past_results (
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    k INTEGER NOT NULL,
    x_player TEXT NOT NULL,
    o_player TEXT NOT NULL,
    winner TEXT,
    games INTEGER NOT NULL
)
"""
_COLUMNS = "id, started, finished, rows, cols, k, x_player, o_player, winner, termination, moves"
_RESULT = "rows, cols, k, x_player, o_player, winner"
_SCORED = (
    f"scored AND termination != '{Termination.UNFINISHED}'"
    " AND (x_player = :human OR o_player = :human)"
)
"""The games the scoreboard counts: scored, decided, with a person (``:human``)."""
_SCORED_RESULTS = f"SELECT {_RESULT}, COUNT(*) FROM games WHERE {_SCORED} GROUP BY {_RESULT}"


class ResultFilter(StrEnum):
    """What :meth:`Archive.games` can filter on."""

    X = "x"
    O = "o"  # noqa: E741 - the letter is the name of the mark
    DRAW = "draw"
    UNFINISHED = "unfinished"


class GameNotFoundError(LookupError):
    """No saved game has the id asked for."""


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


@dataclass(frozen=True)
class ResultCount:
    """How many scored games between the same two players on one board ended one way."""

    rules: Rules
    x_player: str
    o_player: str
    winner: Mark | None
    games: int


class Archive:
    """The saved games, kept in ``path`` (default: ``games.sqlite3`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = data_home() / FILE_NAME if path is None else path
        self._file = ArchiveFile(self.path, self._setup)

    # --- writing --------------------------------------------------------------

    def save(self, record: Record, *, scored: bool = False, wait: float | None = None) -> int:
        """Add ``record`` (on the scoreboard if ``scored``); returns its id.

        Waits up to ``wait`` seconds for a busy file (default :data:`BUSY_TIMEOUT_SECONDS`).
        """
        (game_id,) = self.save_all([(record, scored)], wait=wait)
        return game_id

    def save_all(
        self, games: Iterable[tuple[Record, bool]], *, wait: float | None = None
    ) -> list[int]:
        """Add each (record, scored) pair in one transaction; returns their ids."""
        ids = []
        with self._file.writing(BUSY_TIMEOUT_SECONDS if wait is None else wait) as db:
            for record, scored in games:
                cursor = db.execute(
                    f"INSERT INTO games ({_COLUMNS.partition(', ')[2]}, scored)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*_row(record), int(scored)),
                )
                assert cursor.lastrowid is not None
                ids.append(cursor.lastrowid)
        return ids

    def reset(self) -> Path | None:
        """Forget every saved game; what they counted on the scoreboard stays there.

        A file that is not a database at all (corrupt, 0 bytes, or something
        else saved under its name) is set aside as ``<name>.broken``
        (``.broken-2`` and so on if that is taken) and a new one started;
        returns where it went, or None when nothing was set aside. A busy or
        read-only file is left alone (the error says so).
        """
        return self._change(f"INSERT INTO past_results {_SCORED_RESULTS}", "DELETE FROM games")

    def forget_scores(self) -> Path | None:
        """Empty the scoreboard: no game counts any more (the games stay saved).

        A damaged file is set aside as :meth:`reset` does.
        """
        return self._change("UPDATE games SET scored = 0", "DELETE FROM past_results")

    def _change(self, *statements: str) -> Path | None:
        try:
            with self._file.writing(safe_file.READ_WAIT_SECONDS) as db:
                for statement in statements:
                    db.execute(statement, {"human": HUMAN})
            return None
        except ArchiveError as error:
            if not error.problem.needs_reset:
                raise
        broken = self._file.set_aside()
        with self._file.writing(safe_file.READ_WAIT_SECONDS):
            pass
        return broken

    def write_problem(self) -> ArchiveError | None:
        """Why games could not be saved now, or None if they could (writes nothing)."""
        return self._file.write_problem()

    def _setup(self, db: sqlite3.Connection) -> Callable[[], None] | None:
        """Create or upgrade the tables (the open write transaction); import old scores."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ArchiveError(self.path, "it was written by a newer version of tictactoe")
        if version == SCHEMA_VERSION:
            return None
        if version == 1:
            db.execute("ALTER TABLE games ADD COLUMN scored INTEGER NOT NULL DEFAULT 0")
        db.execute(_GAMES)
        db.execute(_PAST_RESULTS)
        old = self.path.with_name(OLD_SCORES_NAME)
        counts = _old_scores(old)
        db.executemany(f"INSERT INTO past_results VALUES ({', '.join('?' * 7)})", counts)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return None if not counts else lambda: _retire(old)

    # --- reading --------------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[tuple[sqlite3.Connection, int] | None]:
        """A read-only connection and the file's version; None when there are no games yet."""
        with self._file.reading() as db:
            if db is None:
                yield None
                return
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise ArchiveError(self.path, "it was written by a newer version of tictactoe")
            if not db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
            ).fetchone():
                yield None
                return
            yield db, version

    def find(self, record: Record) -> int | None:
        """The id of a saved game that is ``record`` again, or None.

        The same game: the same board and win length, players, moves, winner
        and way it ended, and, when both say when they started, the same day
        (a PSQ file says no time, an SGF file only the day).
        """
        moves = " ".join(map(str, record.moves))
        rows = []
        with self._reading() as opened:
            if opened is not None:
                db, _ = opened
                query = f"SELECT {_COLUMNS} FROM games WHERE moves = ? ORDER BY id"
                rows = db.execute(query, (moves,)).fetchall()
        for row in rows:
            try:
                saved = _record(row)
            except (RecordError, RulesError, ValueError, TypeError):
                continue  # damaged: not known to be the same game
            days = {m.astimezone(UTC).date() for m in (saved.started, record.started) if m}
            undated = replace(saved, started=None, finished=None)
            if len(days) < 2 and undated == replace(record, started=None, finished=None):
                return int(row[0])
        return None

    def get(self, game_id: int) -> Record:
        """The saved game ``game_id``.

        Raises :class:`GameNotFoundError` when there is none, and
        :class:`ArchiveError` when its row is damaged.
        """
        with self._reading() as opened:
            row = None
            if opened is not None:
                db, _ = opened
                row = db.execute(
                    f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)
                ).fetchone()
        if row is None:
            raise GameNotFoundError(f"there is no saved game {game_id}")
        try:
            return _record(row)
        except (RecordError, RulesError, ValueError, TypeError) as error:
            raise ArchiveError(self.path, f"game {game_id} is damaged: {error}") from None

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
        with self._reading() as opened:
            if opened is None:
                return Listing((), 0)
            db, _ = opened
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

    def result_counts(self) -> list[ResultCount]:
        """The scoreboard's raw counts: scored games with a person, and the past results.

        Before the file is upgraded to this version (or when there is none
        yet), the old scores file's results. Reads only; nothing is created.
        """
        with self._reading() as opened:
            if opened is None or opened[1] < SCHEMA_VERSION:
                rows = _old_scores(self.path.with_name(OLD_SCORES_NAME))
            else:
                db, _ = opened
                rows = db.execute(
                    f"{_SCORED_RESULTS} UNION ALL SELECT {_RESULT}, games FROM past_results",
                    {"human": HUMAN},
                ).fetchall()
        return [self._count(row) for row in rows]

    def _count(self, row: tuple[object, ...]) -> ResultCount:
        m, n, k, x_player, o_player, winner, games = row
        try:
            rules = Rules(m, n, k)  # type: ignore[arg-type]
            return ResultCount(
                rules,
                str(x_player),
                str(o_player),
                None if winner is None else Mark(str(winner)),
                int(games),  # type: ignore[call-overload]
            )
        except (RulesError, ValueError, TypeError) as error:
            raise ArchiveError(
                self.path, f"a game on an impossible board: {error}", Problem.DAMAGED
            ) from None


def _old_scores(path: Path) -> list[tuple[object, ...]]:
    """The results in a scores file of the versions before the one store (none if damaged).

    A busy file is an :class:`ArchiveError` (try again later); nothing is written.
    """
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return []
        uri = path.absolute().as_uri() + "?mode=ro"
        with closing(sqlite3.connect(uri, uri=True, timeout=safe_file.READ_WAIT_SECONDS)) as db:
            return db.execute(
                f"SELECT {_RESULT}, COUNT(*) FROM games WHERE x_player = ? OR o_player = ?"
                f" GROUP BY {_RESULT}",
                (HUMAN, HUMAN),
            ).fetchall()
    except sqlite3.OperationalError as error:
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF
        if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise ArchiveError(path, error, Problem.BUSY) from None
        return []
    except (sqlite3.Error, OSError):
        return []


def _retire(old: Path) -> None:
    """Rename an imported old scores file ``<name>.imported`` (kept; never imported twice)."""
    with contextlib.suppress(OSError):  # it stays: a file made anew would import it again
        old.replace(free_name(old, ".imported"))


def record_of(game: Game, finished: datetime | None = None) -> Record:
    """The record of ``game`` as it stands: its outcome, or unfinished while it goes on."""
    outcome = game.outcome
    return Record(
        game.rules,
        game.moves,
        players.kept_name(game.player(Mark.X)),
        players.kept_name(game.player(Mark.O)),
        None if outcome is None else outcome.winner,
        Termination.UNFINISHED if outcome is None else outcome.termination,
        started=game.started_at.replace(microsecond=0),
        finished=(finished or datetime.now(UTC)).replace(microsecond=0),
    )


def _row(record: Record) -> tuple[object, ...]:
    """The stored columns of ``record``, in :data:`_COLUMNS` order without the id."""
    rules = record.rules
    return (
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
    )


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
    "OLD_SCORES_NAME",
    "Archive",
    "ArchiveError",
    "GameNotFoundError",
    "Listing",
    "Problem",
    "ResultCount",
    "ResultFilter",
    "SavedGame",
    "record_of",
]
