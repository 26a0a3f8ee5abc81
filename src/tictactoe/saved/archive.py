"""Saved games: every finished game, kept for replaying, export and the scoreboard.

The one store of finished games: an SQLite file, ``games.sqlite3``, in the
data folder (:func:`tictactoe.saved.paths.data_home`). Each game is one row
(rules, players, moves, result, times), so two games finishing at once in
two processes both land: SQLite serialises the writes and a busy file is
waited for. Anything wrong with the file raises :class:`ArchiveError` naming
the :class:`Problem` (:mod:`tictactoe.saved.safe_file`); a row that no longer
makes a valid game is listed as damaged instead of hiding the others.

The scoreboard (:mod:`tictactoe.saved.scoreboard`) is a query over this file
(:meth:`Archive.result_counts`): the *scored* games plus ``past_results``,
tallies whose games are not kept as rows. A game is scored when it was
played here (saved with ``scored=True``: what the writer,
:class:`tictactoe.saved.writer.Writer`, saves for every front end; imported
games are not) and :func:`counts` says the scoreboard counts it - the one
rule. ``stats --reset`` unscores every game; ``games --reset`` forgets the
games but keeps what they counted as past results.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
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
from tictactoe.saved.safe_file import ArchiveError, ArchiveFile, Problem
from tictactoe.texts.i18n import N_

FILE_NAME = "games.sqlite3"
BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another process's write to finish."""
SCHEMA_VERSION = 2
"""Stored in SQLite's ``user_version``; a file of another version is refused, not changed
(a newer one as newer, an older one - no release wrote one - as damaged)."""

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
_SCORED_RESULTS = f"SELECT {_RESULT}, COUNT(*) FROM games WHERE scored GROUP BY {_RESULT}"
"""The scoreboard's counts of the games kept as rows."""


def counts(record: Record) -> bool:
    """True when the scoreboard counts ``record``, a game played here: every finished game a
    person played, against the computer or another person (not a demo between two computer
    players, not a game left unfinished), whichever front end played it."""
    return record.termination is not Termination.UNFINISHED and HUMAN in (
        record.x_player,
        record.o_player,
    )


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
        """Add ``record``; returns its id. ``scored``: it was played here, and the scoreboard
        counts it when :func:`counts` says so (an imported game is not scored).

        Waits up to ``wait`` seconds for a busy file (default :data:`BUSY_TIMEOUT_SECONDS`).
        """
        (game_id,) = self.save_all([(record, scored)], wait=wait)
        return game_id

    def save_all(
        self, games: Iterable[tuple[Record, bool]], *, wait: float | None = None
    ) -> list[int]:
        """Add each (record, scored) pair, as :meth:`save` does, in one transaction; returns
        their ids."""
        ids = []
        with self._file.writing(BUSY_TIMEOUT_SECONDS if wait is None else wait) as db:
            for record, scored in games:
                cursor = db.execute(
                    f"INSERT INTO games ({_COLUMNS.partition(', ')[2]}, scored)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*_row(record), int(scored and counts(record))),
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
                    db.execute(statement)
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

    def _setup(self, db: sqlite3.Connection) -> None:
        """Create the tables of a new file (the open write transaction); refuse another
        version's."""
        version = self._version(db)
        if version == 0:
            db.execute(_GAMES)
            db.execute(_PAST_RESULTS)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _version(self, db: sqlite3.Connection) -> int:
        """The file's version: :data:`SCHEMA_VERSION`, or 0 for a new one; raises for any other."""
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise ArchiveError(self.path, N_("it was written by a newer version of tictactoe"))
        if version not in (0, SCHEMA_VERSION):
            raise ArchiveError(
                self.path, f"its version {version} is not a saved-games file's", Problem.DAMAGED
            )
        return version

    # --- reading --------------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection; None when there are no games yet."""
        with self._file.reading() as db:
            if db is None or self._version(db) == 0:
                yield None
                return
            yield db

    def find(self, record: Record) -> int | None:
        """The id of a saved game that is ``record`` again, or None.

        The same game: the same board and win length, players, moves, winner
        and way it ended, and, when both say when they started, the same day
        (a PSQ file says no time, an SGF file only the day).
        """
        moves = " ".join(map(str, record.moves))
        rows = []
        with self._reading() as db:
            if db is not None:
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
        with self._reading() as db:
            row = None
            if db is not None:
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
        with self._reading() as db:
            if db is None:
                return Listing((), 0)
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
        """The scoreboard's raw counts: the scored games and the past results (none when there
        is no file yet). Reads only; nothing is created."""
        with self._reading() as db:
            rows = []
            if db is not None:
                rows = db.execute(
                    f"{_SCORED_RESULTS} UNION ALL SELECT {_RESULT}, games FROM past_results"
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
    "Archive",
    "ArchiveError",
    "GameNotFoundError",
    "Listing",
    "Problem",
    "ResultCount",
    "ResultFilter",
    "SavedGame",
    "counts",
    "record_of",
]
