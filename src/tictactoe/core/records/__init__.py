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

from enum import StrEnum
from pathlib import Path

from tictactoe.core.outcome import Termination
from tictactoe.core.records import psq, sgf, text
from tictactoe.core.records.record import (
    MAX_NAME,
    UNKNOWN_PLAYER,
    Record,
    RecordError,
    clean_name,
)

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

    :class:`RecordError` for a file that cannot be read, is too big, is not
    text, or does not hold a valid game.
    """
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RecordError(f"{path}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(f"{path}: the file is too big to be a game record")
    try:
        content = data.decode("utf-8")
    except UnicodeDecodeError:
        content = data.decode("latin-1")
    if "\x00" in content:
        raise RecordError(f"{path}: the file is not text")
    try:
        return read(content)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


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
