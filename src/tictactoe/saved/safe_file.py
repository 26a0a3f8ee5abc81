"""The saved-games file on disk: opened with care, and what is wrong with it named.

Reading never writes: it goes through a read-only connection, so a
read-only file can be read (and is said to be read-only), and a missing
file is simply no games. The file is created whole (schema included) under
another name and then linked into place, so a 0-byte file is never one of
ours: it is reported as :attr:`Problem.EMPTY`, not silently reused.
Anything wrong raises :class:`ArchiveError` naming the :class:`Problem`
(busy, read-only, damaged, a folder that cannot be created, ...); only a
damaged or empty file is worth setting aside (:meth:`ArchiveFile.set_aside`).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from enum import StrEnum
from pathlib import Path

from tictactoe.core.system import system_reason
from tictactoe.texts.i18n import N_

READ_WAIT_SECONDS = 3.0
"""How long reading waits for another process's write to finish before saying it is busy."""


class Problem(StrEnum):
    """Why the saved-games file cannot be used."""

    BUSY = "busy"
    """Another program is writing it right now: wait and try again (never reset)."""
    READ_ONLY = "read-only"
    """It can be read but not written (permissions, a read-only disk)."""
    DAMAGED = "damaged"
    """It is not ours: not a database, a malformed one, another program's."""
    EMPTY = "empty"
    """It is 0 bytes long: whatever it held is gone (the file is never created empty)."""
    NO_FOLDER = "no-folder"
    """Its folder does not exist and cannot be created."""
    UNREADABLE = "unreadable"
    """It cannot be opened at all (no permission, a folder in its place)."""
    FAILED = "failed"
    """The system refused for another reason (a full disk, an I/O error, a newer version)."""

    @property
    def needs_reset(self) -> bool:
        """True when only starting a new file (``--reset``) helps."""
        return self in (Problem.DAMAGED, Problem.EMPTY)


class ArchiveError(Exception):
    """The saved-games file cannot be read or written; the message says which file and why."""

    def __init__(self, path: Path, reason: object, problem: Problem = Problem.FAILED) -> None:
        super().__init__(f"saved games file {path} is unusable: {reason}")
        self.path = path
        """The file."""
        self.reason = str(reason)
        """What is wrong with it, in English: a message marked for translation (say it with
        :meth:`said_reason`) or, for what the program has no words of its own, the system's."""
        self.problem = problem
        """The kind of trouble: what can be done about it."""

    def said_reason(self, gettext: Callable[[str], str]) -> str:
        """:attr:`reason` in the language of ``gettext``."""
        return gettext(self.reason)


Setup = Callable[[sqlite3.Connection], None]
"""Makes a connection's file ready (creating its tables, refusing one it cannot use) in the
open transaction."""


class ArchiveFile:
    """The SQLite file at ``path``; ``setup`` runs in each write transaction, first."""

    def __init__(self, path: Path, setup: Setup) -> None:
        self.path = path
        self._setup = setup

    # --- opening ----------------------------------------------------------------

    @contextmanager
    def writing(self, wait: float) -> Iterator[sqlite3.Connection]:
        """A connection in a write transaction, committed at the end (the file made if need be).

        Waits up to ``wait`` seconds for another writer.
        """
        self._create()
        try:
            uri = self.path.absolute().as_uri() + "?mode=rw"
            with closing(sqlite3.connect(uri, uri=True, timeout=wait, isolation_level=None)) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    self._setup(db)
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.Error as error:
            raise self.error(error) from None
        except OSError as error:
            raise ArchiveError(self.path, system_reason(error)) from None

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection, or None when there is no file (nothing is created)."""
        if not self.exists():
            yield None
            return
        self._check_file()
        try:
            uri = self.path.absolute().as_uri() + "?mode=ro"
            with closing(sqlite3.connect(uri, uri=True, timeout=READ_WAIT_SECONDS)) as db:
                yield db
        except sqlite3.Error as error:
            raise self.error(error) from None
        except OSError as error:
            raise ArchiveError(self.path, system_reason(error)) from None

    def exists(self) -> bool:
        """True when something is at the file's place; a folder that cannot be looked
        into is an :class:`ArchiveError` (unreadable)."""
        try:
            return self.path.exists()
        except OSError as error:
            raise ArchiveError(self.path, system_reason(error), Problem.UNREADABLE) from None

    def _create(self) -> None:
        """Make sure the file exists: built whole under another name, then linked into place."""
        if self.exists():
            self._check_file()
            return
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ArchiveError(self.path, system_reason(error), Problem.NO_FOLDER) from None
        draft = folder / f".{self.path.name}.{os.getpid()}.{threading.get_ident()}.new"
        try:
            with closing(sqlite3.connect(draft, isolation_level=None)) as db:
                db.execute("BEGIN IMMEDIATE")
                self._setup(db)
                db.execute("COMMIT")
            try:
                os.link(draft, self.path)
            except FileExistsError:  # another process was quicker: its file is as good
                pass
            except OSError:  # no hard links here (some network or FAT disks)
                if not self.exists():
                    os.replace(draft, self.path)
        except (sqlite3.Error, OSError) as error:
            if not os.access(folder, os.W_OK):
                raise ArchiveError(
                    self.path, f"the folder {folder} cannot be written", Problem.READ_ONLY
                ) from None
            if isinstance(error, sqlite3.Error):
                raise self.error(error) from None
            raise ArchiveError(self.path, system_reason(error)) from None
        finally:
            draft.unlink(missing_ok=True)

    # --- setting aside ------------------------------------------------------------

    def set_aside(self) -> Path:
        """Move a damaged file to ``<name>.broken`` (``.broken-2`` ... if taken); returns where."""
        broken = free_name(self.path, ".broken")
        try:
            self.path.replace(broken)
        except OSError as error:
            raise ArchiveError(self.path, system_reason(error)) from None
        return broken

    def write_problem(self) -> ArchiveError | None:
        """Why the file could not be written now, or None if it could.

        Writes nothing, but creates the data folder if it is missing (as the
        first finished game would): only trying tells whether it can be made.
        """
        try:
            if not self.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
                writable = os.access(self.path.parent, os.W_OK)
            else:
                writable = os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)
        except ArchiveError as error:
            return error
        except OSError as error:
            return ArchiveError(self.path, system_reason(error), Problem.NO_FOLDER)
        if not writable:
            return ArchiveError(self.path, N_("no permission to write"), Problem.READ_ONLY)
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
            raise ArchiveError(self.path, N_("a folder is in its place"), Problem.UNREADABLE)
        if empty:
            raise ArchiveError(self.path, N_("the file is empty (0 bytes)"), Problem.EMPTY)

    def error(self, error: sqlite3.Error) -> ArchiveError:
        """The :class:`ArchiveError` for what SQLite reported."""
        code = getattr(error, "sqlite_errorcode", None)
        primary = None if code is None else code & 0xFF
        detail = str(error)
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            problem = Problem.BUSY
        elif primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
            problem = Problem.READ_ONLY
        elif primary == sqlite3.SQLITE_CORRUPT:
            problem, detail = Problem.DAMAGED, N_("its contents are broken")
        elif primary in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_ERROR):
            # not a database, or other tables than ours in it
            problem, detail = Problem.DAMAGED, N_("it is not a file of saved games")
        elif primary == sqlite3.SQLITE_CANTOPEN:
            problem, detail = self._cannot_open(detail)
        else:
            problem = Problem.FAILED  # a full disk, an I/O error, ...
        return ArchiveError(self.path, detail, problem)

    def _cannot_open(self, detail: str) -> tuple[Problem, str]:
        """Why SQLite could not open the file, in the operating system's words."""
        if self.path.is_dir():
            return Problem.UNREADABLE, N_("a folder is in its place")
        try:
            with open(self.path, "rb"):
                pass
        except OSError as error:
            if _is_permission(error):
                return Problem.UNREADABLE, system_reason(error)
            return Problem.FAILED, system_reason(error)
        return Problem.READ_ONLY, detail


def free_name(path: Path, suffix: str) -> Path:
    """``path`` with ``suffix`` added, numbered (``-2``, ``-3`` ...) past any existing file."""
    candidate = path.with_name(path.name + suffix)
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}{suffix}-{number}")
    return candidate


def _is_permission(error: OSError) -> bool:
    return isinstance(error, PermissionError) or error.errno == 30  # EROFS


__all__ = ["READ_WAIT_SECONDS", "ArchiveError", "ArchiveFile", "Problem", "Setup", "free_name"]
