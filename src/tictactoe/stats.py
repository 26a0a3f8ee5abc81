"""The scoreboard that lasts between runs: every finished game in an SQLite file.

Each game is one row (who played X and O, the board, the winner), so two
games finishing at once in two processes both land: SQLite serialises the
writes, and a busy database is waited for. Anything wrong with the file
raises :class:`ScoreboardError` naming the :class:`Problem` (busy, read-only,
damaged, a folder that cannot be created, ...); front ends say that cause
and play on. Only a damaged file is worth a ``stats --reset``.

Reading never writes: the tallies come from a read-only connection, so a
read-only file can be read (and is said to be read-only), and a missing file
is simply an empty scoreboard. The file is created whole (schema included)
under another name and then linked into place, so a 0-byte scoreboard is
never one of ours: it is reported as damaged, not silently reused.

:class:`Recorder` keeps a finished game that found the file busy and writes
it in the background while the next game is played.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN
from tictactoe.i18n import Translator
from tictactoe.paths import data_home

FILE_NAME = "scores.sqlite3"
READ_WAIT_SECONDS = 3.0
"""How long reading waits for another process's write to finish before saying it is busy."""
WRITE_WAIT_SECONDS = 1.0
"""How long a write waits for the file before :class:`Recorder` hands it to the background."""
RETRY_WAIT_SECONDS = 5.0
"""How long each background attempt waits for the file."""

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


class Problem(StrEnum):
    """Why the scoreboard file cannot be used."""

    BUSY = "busy"
    """Another program is writing it right now: wait and try again (never reset)."""
    READ_ONLY = "read-only"
    """It can be read but not written (permissions, a read-only disk)."""
    DAMAGED = "damaged"
    """It is not a scoreboard: not a database, a malformed one, another program's."""
    EMPTY = "empty"
    """It is 0 bytes long: whatever it held is gone (a scoreboard is never created empty)."""
    NO_FOLDER = "no-folder"
    """Its folder does not exist and cannot be created."""
    UNREADABLE = "unreadable"
    """It cannot be opened at all (no permission, a folder in its place)."""
    FAILED = "failed"
    """The system refused for another reason (a full disk, an I/O error)."""

    @property
    def needs_reset(self) -> bool:
        """True when only starting a new file (``stats --reset``) helps."""
        return self in (Problem.DAMAGED, Problem.EMPTY)


class ScoreboardError(Exception):
    """The scoreboard file cannot be read or written; :attr:`problem` says why."""

    def __init__(self, problem: Problem, path: Path, detail: str) -> None:
        super().__init__(f"scoreboard {path}: {problem}: {detail}")
        self.problem = problem
        self.path = path
        self.detail = detail
        """The system's own words (SQLite's or the operating system's)."""


def describe(error: ScoreboardError, tr: Translator) -> str:
    """The cause of ``error`` as one sentence in ``tr``'s language, naming the file."""
    path, reason = error.path, error.detail
    if error.problem is Problem.BUSY:
        text = tr.gettext("The scoreboard file {path} is in use by another program right now.")
    elif error.problem is Problem.READ_ONLY and not _exists_quietly(path):
        text = tr.gettext("The folder {folder} of the scoreboard is read-only.")
    elif error.problem is Problem.READ_ONLY:
        text = tr.gettext("The scoreboard file {path} is read-only.")
    elif error.problem is Problem.EMPTY:
        text = tr.gettext("The scoreboard file {path} is empty (0 bytes): its games are lost.")
    elif error.problem is Problem.DAMAGED:
        text = tr.gettext("The scoreboard file {path} is damaged ({reason}).")
    elif error.problem is Problem.NO_FOLDER:
        text = tr.gettext("The folder {folder} for the scoreboard cannot be created ({reason}).")
    elif error.problem is Problem.UNREADABLE:
        text = tr.gettext("The scoreboard file {path} cannot be opened ({reason}).")
    else:
        text = tr.gettext("The scoreboard file {path} cannot be used ({reason}).")
    return text.format(path=path, folder=path.parent, reason=reason)


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

    # --- writing --------------------------------------------------------------

    def record(
        self,
        rules: Rules,
        x_player: str,
        o_player: str,
        winner: Mark | None,
        *,
        wait: float = RETRY_WAIT_SECONDS,
    ) -> None:
        """Add one finished game, waiting up to ``wait`` seconds for a busy file."""
        row = (
            datetime.now(UTC).isoformat(timespec="seconds"),
            rules.m,
            rules.n,
            rules.k,
            x_player,
            o_player,
            None if winner is None else str(winner),
        )
        with self._writing(wait) as db:
            db.execute(
                "INSERT INTO games (played_at, rows, cols, k, x_player, o_player, winner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                row,
            )

    def reset(self) -> Path | None:
        """Forget every recorded game.

        A file that is not a scoreboard at all (corrupt, 0 bytes, or something
        else saved under its name) is set aside as ``<name>.broken`` (``.broken-2``
        and so on if that is taken) and a new one started; returns where it
        went, or None when nothing was set aside. A busy or read-only file is
        left alone (the error says so).
        """
        if not self._exists():
            return None
        try:
            with self._writing(READ_WAIT_SECONDS) as db:
                db.execute("DELETE FROM games")
            return None
        except ScoreboardError as error:
            if not error.problem.needs_reset:
                raise
        broken = _free_name(self.path, ".broken")
        try:
            self.path.replace(broken)
        except OSError as error:
            raise ScoreboardError(Problem.FAILED, self.path, _os_reason(error)) from None
        self._create()
        return broken

    @contextmanager
    def _writing(self, wait: float) -> Iterator[sqlite3.Connection]:
        """A connection in a transaction, committed at the end (the file created if need be)."""
        self._create()
        try:
            uri = self.path.absolute().as_uri() + "?mode=rw"
            with closing(sqlite3.connect(uri, uri=True, timeout=wait)) as db, db:
                db.execute(_SCHEMA)
                yield db
        except sqlite3.Error as error:
            raise self._error(error) from None
        except OSError as error:
            raise ScoreboardError(Problem.FAILED, self.path, _os_reason(error)) from None

    def _create(self) -> None:
        """Make sure the file exists: built whole under another name, then linked into place."""
        if self._exists():
            self._check_file()
            return
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ScoreboardError(Problem.NO_FOLDER, self.path, _os_reason(error)) from None
        draft = folder / f".{self.path.name}.{os.getpid()}.{threading.get_ident()}.new"
        try:
            with closing(sqlite3.connect(draft)) as db, db:
                db.execute(_SCHEMA)
            try:
                os.link(draft, self.path)
            except FileExistsError:  # another process was quicker: its file is as good
                pass
            except OSError:  # no hard links here (some network or FAT disks)
                if not self._exists():
                    os.replace(draft, self.path)
        except (sqlite3.Error, OSError) as error:
            if not os.access(folder, os.W_OK):
                raise ScoreboardError(
                    Problem.READ_ONLY, self.path, f"the folder {folder} cannot be written"
                ) from None
            if isinstance(error, sqlite3.Error):
                raise self._error(error) from None
            raise ScoreboardError(Problem.FAILED, self.path, _os_reason(error)) from None
        finally:
            draft.unlink(missing_ok=True)

    def _exists(self) -> bool:
        """True when something is at the file's place; a folder that cannot be looked
        into is a :class:`ScoreboardError` (unreadable)."""
        try:
            return self.path.exists()
        except OSError as error:
            raise ScoreboardError(Problem.UNREADABLE, self.path, _os_reason(error)) from None

    # --- reading --------------------------------------------------------------

    def tallies(self) -> list[Tally]:
        """Wins, losses and draws per opponent and board, games with a person only.

        A missing file is an empty scoreboard; nothing is created or written.
        """
        if not self._exists():
            return []
        self._check_file()
        try:
            uri = self.path.absolute().as_uri() + "?mode=ro"
            with closing(sqlite3.connect(uri, uri=True, timeout=READ_WAIT_SECONDS)) as db:
                if not db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
                ).fetchone():
                    return []
                rows = db.execute(
                    "SELECT rows, cols, k, x_player, o_player, winner, COUNT(*) FROM games"
                    " WHERE x_player = ? OR o_player = ?"
                    " GROUP BY rows, cols, k, x_player, o_player, winner",
                    (HUMAN, HUMAN),
                ).fetchall()
        except sqlite3.Error as error:
            raise self._error(error) from None
        except OSError as error:
            raise ScoreboardError(Problem.FAILED, self.path, _os_reason(error)) from None
        return _tallies(self.path, rows)

    def write_problem(self) -> ScoreboardError | None:
        """Why results could not be added to the file now, or None if they could.

        Writes nothing, but creates the data folder if it is missing (as the
        first finished game would): only trying tells whether it can be made.
        """
        try:
            if not self._exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
                writable = os.access(self.path.parent, os.W_OK)
            else:
                writable = os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)
        except ScoreboardError as error:
            return error
        except OSError as error:
            return ScoreboardError(Problem.NO_FOLDER, self.path, _os_reason(error))
        if not writable:
            return ScoreboardError(Problem.READ_ONLY, self.path, "no permission to write")
        return None

    # --- what went wrong --------------------------------------------------------

    def _check_file(self) -> None:
        """Raise for a folder in the file's place, or a 0-byte file (ours never are)."""
        try:
            folder = self.path.is_dir()
            empty = not folder and self.path.stat().st_size == 0
        except OSError:
            return  # looked at again when opened, with the reason
        if folder:
            raise ScoreboardError(Problem.UNREADABLE, self.path, "a folder is in its place")
        if empty:
            raise ScoreboardError(Problem.EMPTY, self.path, "the file is empty (0 bytes)")

    def _error(self, error: sqlite3.Error) -> ScoreboardError:
        """The :class:`ScoreboardError` for what SQLite reported."""
        code = getattr(error, "sqlite_errorcode", None)
        primary = None if code is None else code & 0xFF
        detail = str(error)
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            problem = Problem.BUSY
        elif primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
            problem = Problem.READ_ONLY
        elif primary in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_ERROR):
            problem = Problem.DAMAGED  # not a database, or another table than ours in it
        elif primary == sqlite3.SQLITE_CANTOPEN:
            problem, detail = self._cannot_open(detail)
        else:
            problem = Problem.FAILED  # a full disk, an I/O error, ...
        return ScoreboardError(problem, self.path, detail)

    def _cannot_open(self, detail: str) -> tuple[Problem, str]:
        """Why SQLite could not open the file, in the operating system's words."""
        if self.path.is_dir():
            return Problem.UNREADABLE, "a folder is in its place"
        try:
            with open(self.path, "rb"):
                pass
        except OSError as error:
            if _is_permission(error):
                return Problem.UNREADABLE, _os_reason(error)
            return Problem.FAILED, _os_reason(error)
        return Problem.READ_ONLY, detail


def _tallies(path: Path, rows: list[Any]) -> list[Tally]:
    counts: dict[tuple[str, Rules], list[int]] = {}
    for m, n, k, x_player, o_player, winner, count in rows:
        you = Mark.X if x_player == HUMAN else Mark.O
        opponent = str(o_player if you is Mark.X else x_player)
        try:
            rules = Rules(m, n, k)
        except RulesError as error:
            raise ScoreboardError(
                Problem.DAMAGED, path, f"a game on an impossible board: {error}"
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


def _exists_quietly(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _free_name(path: Path, suffix: str) -> Path:
    """``path`` with ``suffix`` added, numbered (``-2``, ``-3`` ...) past any existing file."""
    candidate = path.with_name(path.name + suffix)
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}{suffix}-{number}")
    return candidate


def _is_permission(error: OSError) -> bool:
    return isinstance(error, PermissionError) or error.errno == 30  # EROFS


def _os_reason(error: OSError) -> str:
    return error.strerror or str(error)


class Recorder:
    """Records finished games; one that finds the file busy is written in the background.

    :meth:`record` tries for :data:`WRITE_WAIT_SECONDS`; if another program
    holds the file it keeps the game and returns at once, and a background
    thread writes it (and any that follow) as soon as the file is free, while
    the next game is played. :meth:`wait` before the program ends: nothing is
    lost while the file is healthy. Any other problem is raised by
    :meth:`record` (for a write in the background: by the next
    :meth:`record` or :meth:`wait`).
    """

    def __init__(self, scoreboard: Scoreboard) -> None:
        self.scoreboard = scoreboard
        self._lock = threading.Lock()
        self._pending: list[tuple[Rules, str, str, Mark | None]] = []
        self._failure: ScoreboardError | None = None
        self._worker: threading.Thread | None = None
        self._done = threading.Condition(self._lock)

    @property
    def path(self) -> Path:
        """The scoreboard's file."""
        return self.scoreboard.path

    @property
    def pending(self) -> int:
        """Finished games not written yet."""
        with self._lock:
            return len(self._pending)

    def record(self, rules: Rules, x_player: str, o_player: str, winner: Mark | None) -> None:
        """Write one finished game now, or keep it for the background if the file is busy."""
        self._raise_failure()
        game = (rules, x_player, o_player, winner)
        with self._lock:
            if self._pending:  # keep the order: behind the games already waiting
                self._pending.append(game)
                return
        try:
            self.scoreboard.record(*game, wait=WRITE_WAIT_SECONDS)
        except ScoreboardError as error:
            if error.problem is not Problem.BUSY:
                raise
            with self._lock:
                self._pending.append(game)
                self._start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every kept game is written; False if ``timeout`` ran out first.

        Raises the :class:`ScoreboardError` that stopped the background writes.
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
                target=self._write_pending, name="scoreboard", daemon=True
            )
            self._worker.start()

    def _write_pending(self) -> None:
        while True:
            with self._lock:
                if not self._pending:
                    self._done.notify_all()
                    return
                game = self._pending[0]
            try:
                self.scoreboard.record(*game, wait=RETRY_WAIT_SECONDS)
            except ScoreboardError as error:
                if error.problem is Problem.BUSY:
                    continue
                with self._lock:
                    self._failure = error
                    self._pending.clear()
                    self._done.notify_all()
                return
            with self._lock:
                self._pending.pop(0)
