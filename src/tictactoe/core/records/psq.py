"""Piskvork's PSQ files, the format of Gomocup tournament games.

::

    Piskvorky 15x15, 0:0, 0
    8,8,0
    9,9,0
    ...
    human
    search
    -1

The first line gives the board as columns x rows; each move is ``column,row,
milliseconds`` counted from 1 at the top left; after the moves come the two
players' names and a closing code. Piskvork plays five in a row, so these
files hold games whose k is the usual one for the board, ``min(rows,
columns, 5)``; other games are refused with the reason (save them as text or
SGF). A file does not say how a game ended beyond the position, so a
resignation reads back as an unfinished game; thinking times are not kept.
"""

from __future__ import annotations

import re

from tictactoe.core.errors import RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.records.record import Record, RecordError, clean_name
from tictactoe.core.rules import Rules, default_k

_HEADER = re.compile(
    r"Piskvorky\s+(\d+)\s*x\s*(\d+)\s*,\s*(-?\d+)\s*:\s*(-?\d+)\s*,\s*([01])\s*", re.IGNORECASE
)
_MOVE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*-?\d+\s*)?")
END_CODE = "-1"


def write(record: Record) -> str:
    """``record`` as a PSQ file; :class:`RecordError` for a k that Piskvork does not play."""
    rules = record.rules
    if rules.k != default_k(rules.m, rules.n):
        raise RecordError(
            f"PSQ files hold games of {default_k(rules.m, rules.n)} in a row on a"
            f" {rules.m} x {rules.n} board, and this game is {rules.k} in a row:"
            " save it as text or SGF"
        )
    lines = [f"Piskvorky {rules.n}x{rules.m}, 0:0, 0"]
    for cell in record.moves:
        row, col = rules.row_col(cell)
        lines.append(f"{col + 1},{row + 1},0")
    lines += [record.x_player, record.o_player, END_CODE]
    return "\n".join(lines) + "\n"


def read(text: str) -> Record:
    """The record in PSQ ``text``; :class:`RecordError` says why a file cannot be read."""
    lines = [line.strip() for line in text.lstrip("\ufeff").splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        raise RecordError("PSQ: the first line must look like 'Piskvorky 15x15, 0:0, 0'")
    cols, rows = (whole_number(part) for part in header.groups()[:2])
    if cols is None or rows is None:
        raise RecordError(f"PSQ: {lines[0]!r}: the board is too big")
    try:
        rules = Rules.of(rows, cols)
    except RulesError as error:
        raise RecordError(f"PSQ: {lines[0]!r}: {error}") from None
    moves: list[int] = []
    rest = lines[1:]
    while rest and (found := _MOVE.fullmatch(rest[0])):
        col, row = (whole_number(part, signed=True) for part in found.groups())
        if col is None or row is None or not (1 <= col <= cols and 1 <= row <= rows):
            raise RecordError(
                f"PSQ: move {len(moves) + 1} ({rest[0]}) is off the {cols}x{rows} board"
            )
        moves.append(rules.cell(row - 1, col - 1))
        rest.pop(0)
    trailer = [line for line in rest if line]
    if trailer and whole_number(trailer[-1], signed=True) is not None:
        trailer.pop()
    names = [clean_name(line) for line in trailer] if len(trailer) == 2 else ["", ""]
    if header.group(5) == "1":  # the second player of the file made the first move
        names.reverse()
    try:
        return Record.of(rules, moves, clean_name(names[0]), clean_name(names[1]))
    except RecordError as error:
        raise RecordError(f"PSQ: {error}") from None
