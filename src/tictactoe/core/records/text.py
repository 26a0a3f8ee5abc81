"""The plain-text move list: a few ``Key: value`` lines, then the moves by coordinates.

::

    # tictactoe game record
    Board: 3x3, 3 in a row
    X: human
    O: perfect
    Started: 2025-06-01T10:00:00+00:00
    Finished: 2025-06-01T10:01:12+00:00
    Result: O wins, 3 in a row
    Moves:
    1. b2 a1
    2. c3 a3
    3. a2 c1
    4. b3 b1

Cells are named as everywhere in the game: a column letter (``a`` on the
left) and a row number (``1`` at the top). Move numbers (``1.``) are
optional, and so is every line but ``Board``; keys are read in any case,
unknown keys and ``#`` comments are skipped. ``Result`` is one of ``X wins``,
``O wins``, ``draw`` or ``unfinished``, optionally followed by how: ``3 in a
row``, ``full board``, ``O resigned``, ``adjudicated``. Without it the result
follows from the moves.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.errors import N_, CellNameError, RulesError, shown
from tictactoe.core.numbers import whole_number
from tictactoe.core.outcome import Termination
from tictactoe.core.records.record import Record, RecordError, clean_name
from tictactoe.core.rules import Rules

HEADING = "# tictactoe game record"
_BOARD = re.compile(r"(\d+)\s*[x×]\s*(\d+)\s*(?:,\s*(\d+)\s+in\s+a\s+row)?", re.IGNORECASE)
_MOVE_NUMBER = re.compile(r"\d+\.(\.\.)?")


def write(record: Record) -> str:
    """``record`` as a text move list (ends with a newline)."""
    rules = record.rules
    lines = [
        HEADING,
        f"Board: {rules.m}x{rules.n}, {rules.k} in a row",
        f"X: {record.x_player}",
        f"O: {record.o_player}",
    ]
    if record.started is not None:
        lines.append(f"Started: {record.started.isoformat()}")
    if record.finished is not None:
        lines.append(f"Finished: {record.finished.isoformat()}")
    lines.append(f"Result: {result_text(record)}")
    lines.append("Moves:")
    names = [cells.label(rules, cell) for cell in record.moves]
    for turn in range(0, len(names), 2):
        lines.append(f"{turn // 2 + 1}. {' '.join(names[turn : turn + 2])}")
    return "\n".join(lines) + "\n"


def result_text(record: Record) -> str:
    """The result as the ``Result:`` line says it, e.g. ``X wins, 3 in a row``."""
    how = record.termination
    if how is Termination.UNFINISHED:
        return "unfinished"
    head = "draw" if record.winner is None else f"{record.winner} wins"
    if how is Termination.LINE:
        return f"{head}, {record.rules.k} in a row"
    if how is Termination.RESIGNATION:
        return f"{head}, {record.resigned} resigned"
    if how is Termination.FORFEIT and record.winner is not None:
        return f"{head}, {record.winner.other} forfeited"
    return f"{head}, {how}"


def read(text: str) -> Record:
    """The record in ``text``; :class:`RecordError` names the line and what is wrong."""
    fields: dict[str, tuple[int, str]] = {}
    tokens: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if colon:
            key = key.strip().lower()
            if key in fields:
                raise RecordError.worded(
                    N_("line {number}: a second {key}: line"), number=number, key=key.capitalize()
                )
            fields[key] = (number, value.strip())
            if key != "moves":
                continue
            line = value
        tokens += [(number, token) for token in re.split(r"[\s,;]+", line) if token]
    if "board" not in fields:
        raise RecordError.worded(
            N_(
                "no Board: line (like 'Board: 3x3, 3 in a row'), so this is not a game in this"
                " program's text format, nor SGF ('(;GM[4]...') nor PSQ ('Piskvorky 15x15...')"
            )
        )
    rules = _rules(*fields["board"])
    moves = []
    for number, token in tokens:
        if _MOVE_NUMBER.fullmatch(token):
            continue
        try:
            moves.append(cells.parse(rules, token))
        except CellNameError as error:
            raise RecordError.worded(
                N_("line {number}: {reason}"), number=number, reason=error
            ) from None
    x_player, o_player = (clean_name(fields.get(side, (0, ""))[1]) for side in ("x", "o"))
    started, finished = (_moment(fields.get(key), key) for key in ("started", "finished"))
    claim = fields.get("result")
    if claim is None:
        return Record.of(rules, moves, x_player, o_player, started=started, finished=finished)
    winner, how = _result(rules, moves, *claim)
    return Record(rules, tuple(moves), x_player, o_player, winner, how, started, finished)


def _rules(number: int, value: str) -> Rules:
    found = _BOARD.fullmatch(value)
    if found is None:
        raise RecordError.worded(
            N_("line {number}: the board must look like '3x3, 3 in a row' or '15x15', not {value}"),
            number=number, value=shown(value),
        )  # fmt: skip
    m, n, k = (whole_number(part) if part else None for part in found.groups())
    if m is None or n is None:
        raise RecordError.worded(
            N_("line {number}: board size {value} is too big"), number=number, value=shown(value)
        )
    try:
        return Rules.of(m, n, k)
    except RulesError as error:
        raise RecordError.worded(
            N_("line {number}: {reason}"), number=number, reason=error
        ) from None


def _moment(field: tuple[int, str] | None, key: str) -> datetime | None:
    if field is None or not field[1]:
        return None
    number, value = field
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise RecordError.worded(
            N_(
                "line {number}: {key} must be a date and time like"
                " 2025-06-01T10:00:00+00:00, not {value}"
            ),
            number=number, key=key.capitalize(), value=shown(value),
        ) from None  # fmt: skip
    return moment if moment.utcoffset() is not None else moment.replace(tzinfo=UTC)


_LOSSES = (
    (Termination.RESIGNATION, "resigned", N_("line {number}: {winner} wins, so {loser} resigned")),
    (Termination.FORFEIT, "forfeited", N_("line {number}: {winner} wins, so {loser} forfeited")),
)
"""The endings a ``Result:`` line names by the loser's verb, and the error naming the wrong
side."""


def _result(
    rules: Rules, moves: list[int], number: int, value: str
) -> tuple[Mark | None, Termination]:
    """The claimed result of a ``Result:`` line, checked against the moves."""
    head, _, detail = (part.strip().lower() for part in value.partition(","))
    board = Record.of(rules, moves).board
    if head == "unfinished" and not detail:
        return None, Termination.UNFINISHED
    if head in ("x wins", "o wins"):
        winner: Mark | None = Mark(head[0].upper())
    elif head == "draw":
        winner = None
    else:
        raise RecordError.worded(
            N_(
                "line {number}: the result must be 'X wins', 'O wins', 'draw' or"
                " 'unfinished', not {value}"
            ),
            number=number, value=shown(value),
        )  # fmt: skip
    if not detail:
        if winner is not None and board.winner is winner:
            return winner, Termination.LINE
        if winner is None and board.is_full:
            return None, Termination.FULL_BOARD
        return winner, Termination.ADJUDICATED
    if detail.endswith("in a row"):
        return winner, Termination.LINE
    if detail == "full board":
        return winner, Termination.FULL_BOARD
    for ending, verb, misnamed in _LOSSES:
        if detail.endswith(verb) and winner is not None:
            if detail.split()[0] != str(winner.other).lower():
                raise RecordError.worded(misnamed, number=number, winner=winner, loser=winner.other)
            return winner, ending
    if detail == "adjudicated":
        return winner, Termination.ADJUDICATED
    raise RecordError.worded(
        N_(
            "line {number}: after the result comes how it ended ('3 in a row', 'full board',"
            " 'O resigned', 'O forfeited' or 'adjudicated'), not {detail}"
        ),
        number=number, detail=shown(detail),
    )  # fmt: skip
