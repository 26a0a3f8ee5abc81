"""Game records: a game as plain data, and its files (text move list, SGF, PSQ).

A :class:`Record` holds the rules, both players, the moves, the result and
when the game was played; it is checked when made, so it always replays.
Every format has a reader and a writer:

- ``text``: a plain move list with a few ``Key: value`` lines (:mod:`.text`);
- ``sgf``: SGF with GM[4], as gomoku programs write it (:mod:`.sgf`);
- ``psq``: Piskvork's format of Gomocup games (:mod:`.psq`).

Opening a record to show it is three steps::

    >>> from tictactoe.core.records import Format, read, write
    >>> record = read("Board: 3x3\\nMoves: b2 a1 c3")          # or load(path)
    >>> [board.text for board in record.positions()][-1]
    'O../.X./..X'
    >>> print(write(record, Format.SGF), end="")
    (;GM[4]FF[4]CA[UTF-8]AP[tictactoe]SZ[3]RU[3 in a row]PB[?]PW[?];B[bb];W[aa];B[cc])

:func:`read` recognises the format by its first characters; bad input raises
:class:`RecordError` (a ``ValueError``) with the reason.
"""

from __future__ import annotations

import os
import re
import stat
from enum import StrEnum
from pathlib import Path

from tictactoe.core.errors import N_, Wording
from tictactoe.core.outcome import Termination
from tictactoe.core.records import psq, sgf, text
from tictactoe.core.records.record import (
    MAX_NAME,
    UNKNOWN_PLAYER,
    Record,
    RecordError,
    clean_name,
)
from tictactoe.core.system import system_reason

MAX_FILE_BYTES = 1_000_000
"""Largest file :func:`load` reads: a 26 x 26 game in any format is far smaller."""


class Format(StrEnum):
    """A file format for records; the value is also the usual file extension."""

    TEXT = "text"
    SGF = "sgf"
    PSQ = "psq"

    @property
    def suffix(self) -> str:
        """The file extension, with its dot."""
        return ".txt" if self is Format.TEXT else f".{self.value}"


_WRITERS = {Format.TEXT: text.write, Format.SGF: sgf.write, Format.PSQ: psq.write}
_READERS = {Format.TEXT: text.read, Format.SGF: sgf.read, Format.PSQ: psq.read}


def detect(content: str) -> Format:
    """The format ``content`` is written in: SGF starts with ``(``, PSQ with ``Piskvorky``."""
    start = content.lstrip("\ufeff \t\r\n")
    if start.startswith("("):
        return Format.SGF
    if start[:9].lower() == "piskvorky":
        return Format.PSQ
    return Format.TEXT


def read(content: str, format: Format | None = None) -> Record:
    """The record in ``content`` (format detected unless given); :class:`RecordError` if bad."""
    return _READERS[detect(content) if format is None else Format(format)](content)


def write(record: Record, format: Format = Format.TEXT) -> str:
    """``record`` in ``format``; :class:`RecordError` if the format cannot hold this game."""
    return _WRITERS[Format(format)](record)


def format_for(path: Path) -> Format | None:
    """The format a file name's extension names (``.sgf``, ``.psq``, ``.txt``), or None."""
    suffix = path.suffix.lower()
    return next((f for f in Format if f.suffix == suffix), None)


def load(path: Path | str) -> Record:
    """The record in the file at ``path``.

    The format is recognised by the content; content that is none of them
    in a file named ``.sgf`` or ``.psq`` is read as that format, so the
    reason given is that format's. :class:`RecordError` for a file that
    cannot be read, is not a regular file (a pipe would block for ever),
    is empty, too big or not text, or does not hold a valid game.
    """
    path = Path(path)
    data = _read_bytes(path)
    if len(data) > MAX_FILE_BYTES:
        raise RecordError.worded(N_("{path}: the file is too big to be a game record"), path=path)
    content = _decode(data)
    if "\x00" in content:
        raise RecordError.worded(N_("{path}: the file is not text"), path=path)
    if not content.strip("\ufeff \t\r\n"):
        raise RecordError.worded(N_("{path}: the file is empty"), path=path)
    form = detect(content)
    named = format_for(path)
    if form is Format.TEXT and named in (Format.SGF, Format.PSQ):
        form = named
    try:
        return read(content, form)
    except RecordError as error:
        raise RecordError.worded(N_("{path}: {reason}"), path=path, reason=error) from None


def _read_bytes(path: Path) -> bytes:
    """At most ``MAX_FILE_BYTES + 1`` bytes of the regular file at ``path``.

    The file is opened without blocking and checked before it is read: a
    FIFO would otherwise wait for a writer for ever, and a device never end.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise _unreadable(path, error) from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        if stat.S_ISDIR(mode):
            raise RecordError.worded(
                N_("{path}: it is a folder, so it is not read as a game"), path=path
            )
        raise RecordError.worded(
            N_(
                "{path}: it is not a regular file (a pipe or a device), so it is not read as a game"
            ),
            path=path,
        )
    with os.fdopen(handle, "rb") as file:
        try:
            return file.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise _unreadable(path, error) from None


def _unreadable(path: Path, error: OSError) -> RecordError:
    """The error saying that the file at ``path`` cannot be read, and the system's reason."""
    reason = Wording(system_reason(error))
    return RecordError.worded(N_("{path}: {reason}"), path=path, reason=reason)


def _decode(data: bytes) -> str:
    """``data`` as text: UTF-8, else the charset SGF declares (``CA[GB2312]``), else Latin-1."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    declared = re.search(rb"CA\[\s*([A-Za-z0-9_.:-]{1,40})\s*\]", data)
    if declared is not None:
        try:
            return data.decode(declared.group(1).decode("ascii"))
        except (LookupError, UnicodeDecodeError):
            pass
    return data.decode("latin-1")


def dump(record: Record, path: Path | str, format: Format | None = None) -> Format:
    """Write ``record`` to ``path`` in ``format`` (default: from the extension, else text).

    Returns the format written. :class:`RecordError` when the format cannot
    hold the game; :class:`OSError` when the file cannot be written.
    """
    path = Path(path)
    chosen = format or format_for(path) or Format.TEXT
    content = write(record, chosen)
    path.write_text(content, encoding="utf-8")
    return chosen


__all__ = [
    "MAX_NAME",
    "UNKNOWN_PLAYER",
    "Format",
    "Record",
    "RecordError",
    "Termination",
    "clean_name",
    "detect",
    "dump",
    "format_for",
    "load",
    "read",
    "write",
]
