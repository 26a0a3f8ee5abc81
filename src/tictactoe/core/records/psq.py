"""Piskvork's PSQ files, the format of Gomocup tournament games.

::

    Piskvorky 15x15, 11:11, 0
    8,8,0
    9,9,1250
    ...
    RAPFI25.zip
    JAX25.zip
    -1
    1,Freestyle15_1

The first line gives the board as columns x rows, then Piskvork's two player
levels (``0`` for a person) and which of the two listed players moved first
(``0`` the first, ``1`` the second). Each move is ``column,row,milliseconds``
counted from 1 at the top left. After the moves Piskvork writes the two
players' names (in tournaments and command-line games only) and an end code
(``-1`` in the Gomocup archives). The Gomocup archives add one more line,
``result,tournament``: ``1`` the first listed player won, ``2`` the second,
``0`` a draw. It is the only place a PSQ file states a result the board does
not show (a timeout, a crash, a foul): such a game reads as adjudicated.

Reading is lenient where other programs differ and strict where a mistake
would change the game: a first line ``Piskvorky 15x15 , 0 - 0`` (no levels)
or CRLF line ends are fine, anything after the end code other than the
Gomocup result line is ignored, and a line that is neither a move, a name
followed by the end code, nor the end code itself is refused with its line
number. Piskvork plays five in a row (five or more win), so these files hold
games whose k is the usual one for the board, ``min(rows, columns, 5)``;
other games are refused with the reason (save them as text or SGF).
Thinking times are not kept.
"""

from __future__ import annotations

import re

from tictactoe.core.board import Mark
from tictactoe.core.errors import N_, RulesError, shown
from tictactoe.core.numbers import whole_number
from tictactoe.core.outcome import Termination
from tictactoe.core.records.record import Record, RecordError, clean_name
from tictactoe.core.rules import Rules, default_k

_HEADER = re.compile(r"Piskvorky\s+(\d+)\s*x\s*(\d+)([\s\d,:-]*)", re.IGNORECASE)
_LEVELS = re.compile(r"\s*,\s*-?\d+\s*:\s*-?\d+\s*,\s*(\d+)\s*")
"""Piskvork's ``, level:level, first`` after the board size."""
_MOVE = re.compile(r"(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*-?\d+\s*)?")
_CODE = re.compile(r"[-+]?\d+")
_GOMOCUP_RESULT = re.compile(r"([012])\s*,.*")
END_CODE = "-1"
HEADER_EXAMPLE = "Piskvorky 15x15, 0:0, 0"


def write(record: Record) -> str:
    """``record`` as a PSQ file; :class:`RecordError` for a k that Piskvork does not play."""
    rules = record.rules
    if rules.k != default_k(rules.m, rules.n):
        raise RecordError.worded(
            N_(
                "PSQ files hold games of {usual} in a row on a {m} x {n} board, and this game"
                " is {k} in a row: save it as text or SGF"
            ),
            usual=default_k(rules.m, rules.n), m=rules.m, n=rules.n, k=rules.k,
        )  # fmt: skip
    for name in (record.x_player, record.o_player):
        if _MOVE.fullmatch(name):
            raise RecordError.worded(
                N_(
                    "PSQ files cannot hold the player name {name}: it reads as a move;"
                    " save the game as text or SGF"
                ),
                name=shown(name),
            )
    lines = [f"Piskvorky {rules.n}x{rules.m}, 0:0, 0"]
    for cell in record.moves:
        row, col = rules.row_col(cell)
        lines.append(f"{col + 1},{row + 1},0")
    lines += [record.x_player, record.o_player, END_CODE]
    return "\n".join(lines) + "\n"


def read(text: str) -> Record:
    """The record in PSQ ``text``; :class:`RecordError` says why a file cannot be read."""
    lines = [
        (number, line.strip())
        for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1)
        if line.strip()
    ]
    header = _HEADER.fullmatch(lines[0][1]) if lines else None
    if header is None:
        raise RecordError.worded(
            N_("PSQ: the first line must look like {example}"), example=repr(HEADER_EXAMPLE)
        )
    rules = _rules(lines[0][1], header)
    first = _first_mover(lines[0][1], header.group(3))
    moves: list[int] = []
    rest = lines[1:]
    while rest and (found := _MOVE.fullmatch(rest[0][1])):
        moves.append(_move(rules, found, rest.pop(0)[1], len(moves) + 1))
    names, result = _trailer(rest)
    if first == 1:  # the second listed player made the first move
        names.reverse()
    x_player, o_player = (clean_name(name) for name in names)
    try:
        record = Record.of(rules, moves, x_player, o_player)
    except RecordError as error:
        raise RecordError.worded(N_("PSQ: {reason}"), reason=error) from None
    return record if result is None else _with_result(record, result, first)


def _rules(line: str, header: re.Match[str]) -> Rules:
    cols, rows = (whole_number(part) for part in header.groups()[:2])
    if cols is None or rows is None:
        raise RecordError.worded(N_("PSQ: {line}: the board is too big"), line=shown(line))
    try:
        return Rules.of(rows, cols)
    except RulesError as error:
        raise RecordError.worded(
            N_("PSQ: {line}: {reason}"), line=shown(line), reason=error
        ) from None


def _first_mover(line: str, after_size: str) -> int:
    """0 or 1: which listed player moved first (0 when the line does not say)."""
    levels = _LEVELS.fullmatch(after_size)
    if levels is None:
        return 0
    first = whole_number(levels.group(1))
    if first not in (0, 1):
        raise RecordError.worded(
            N_("PSQ: {line}: the last number says which listed player moved first, 0 or 1"),
            line=shown(line),
        )
    return first


def _move(rules: Rules, found: re.Match[str], line: str, number: int) -> int:
    col, row = (whole_number(part, signed=True) for part in found.groups())
    if col is None or row is None or not (1 <= col <= rules.n and 1 <= row <= rules.m):
        raise RecordError.worded(
            N_("PSQ: move {number} ({line}) is off the {columns}x{rows} board"),
            number=number, line=line, columns=rules.n, rows=rules.m,
        )  # fmt: skip
    return rules.cell(row - 1, col - 1)


def _trailer(rest: list[tuple[int, str]]) -> tuple[list[str], int | None]:
    """The names (or two empty ones) and the Gomocup result in the lines after the moves."""
    names = ["", ""]
    if len(rest) >= 3 and not _MOVE.fullmatch(rest[1][1]) and _CODE.fullmatch(rest[2][1]):
        names = [rest[0][1], rest[1][1]]
        rest = rest[3:]
    elif rest and _CODE.fullmatch(rest[0][1]):
        rest = rest[1:]
    elif rest:
        number, line = rest[0]
        raise RecordError.worded(
            N_(
                "PSQ: line {number} ({line}) is not a move like '8,8,0'; after the moves come"
                " the two players' names and an end code like {end}"
            ),
            number=number, line=shown(line), end=END_CODE,
        )  # fmt: skip
    found = _GOMOCUP_RESULT.fullmatch(rest[0][1]) if rest else None
    return names, None if found is None else int(found.group(1))


def _with_result(record: Record, result: int, first: int) -> Record:
    """``record`` with the result of a Gomocup line (0 draw, 1 or 2 the listed player who won)."""
    winner = None if result == 0 else (Mark.X if result - 1 == first else Mark.O)
    board = record.board
    if board.is_over:
        if board.winner is not winner:
            raise _misfit(board.winner, winner, board.rules.k)
        return record
    return Record(
        record.rules,
        record.moves,
        record.x_player,
        record.o_player,
        winner,
        Termination.ADJUDICATED,
    )


def _misfit(shown_winner: Mark | None, said_winner: Mark | None, k: int) -> RecordError:
    """The error saying that a result line names ``said_winner`` although the finished board
    shows ``shown_winner`` (None: a full board without a line)."""
    if shown_winner is None:
        return RecordError.worded(
            N_("PSQ: the result line says {mark} won, but the board is full with no line"),
            mark=said_winner,
        )
    if said_winner is None:
        return RecordError.worded(
            N_("PSQ: the result line says the game is a draw, but {mark} has {k} in a row"),
            mark=shown_winner, k=k,
        )  # fmt: skip
    return RecordError.worded(
        N_("PSQ: the result line says {said} won, but {mark} has {k} in a row"),
        said=said_winner, mark=shown_winner, k=k,
    )  # fmt: skip
