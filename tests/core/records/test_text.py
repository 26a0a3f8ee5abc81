"""The plain-text move list: what is written, what is read, what is refused and why."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, RecordError, Termination, text
from tictactoe.core.rules import Rules

STARTED = datetime(2025, 6, 1, 10, 0, tzinfo=UTC)
FINISHED = datetime(2025, 6, 1, 10, 1, 12, tzinfo=UTC)

WRITTEN = """\
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
"""


def test_writes_the_documented_layout() -> None:
    record = Record.of(
        Rules(), (4, 0, 8, 6, 3, 2, 7, 1), "human", "perfect", started=STARTED, finished=FINISHED
    )
    assert (record.winner, record.termination) == (Mark.O, Termination.LINE)
    assert text.write(record) == WRITTEN
    assert text.read(WRITTEN) == record


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (Record.of(Rules(), (4, 0), resigned=Mark.O), "Result: X wins, O resigned"),
        (Record(Rules(), (4,), winner=Mark.O, termination="forfeit"), "O wins, X forfeited"),
        (Record.of(Rules(), (0, 4, 8, 1, 7, 6, 2, 5, 3)), "Result: draw, full board"),
        (Record(Rules(), (4,), winner=Mark.O, termination="adjudicated"), "O wins, adjudicated"),
        (Record(Rules(), (4,), termination=Termination.ADJUDICATED), "Result: draw, adjudicated"),
        (Record.of(Rules(), (4,)), "Result: unfinished"),
    ],
)
def test_every_ending_has_its_result_line(record: Record, line: str) -> None:
    written = text.write(record)
    assert line in written
    assert text.read(written) == record


def test_a_bare_list_with_a_board_is_enough() -> None:
    record = text.read("board: 7x7\nd4 c3")  # no k: the usual one
    assert record.rules == Rules(7, 7, 5)
    assert record.x_player == record.o_player == "?"
    assert record.termination is Termination.UNFINISHED


def test_reading_is_lenient_about_layout() -> None:
    content = (
        "\ufeff# a comment\n"
        "BOARD: 15 x 15, 5 in a row\n"
        "Event: club night\n"  # unknown keys are skipped
        "x:   Alice  \n"
        "Moves: h8, i9; h9\n"
        "2... i8\n"
        "3. H10 I10\n"
    )
    record = text.read(content)
    assert record.x_player == "Alice"
    assert [len(record.moves), record.rules.k] == [6, 5]


def test_a_winner_without_how_is_checked_against_the_board() -> None:
    line = text.read("Board: 3x3\nResult: X wins\nMoves: a1 a2 b1 b2 c1")
    assert line.termination is Termination.LINE
    adjudicated = text.read("Board: 3x3\nResult: O wins\nMoves: a1 a2")
    assert (adjudicated.winner, adjudicated.termination) == (Mark.O, Termination.ADJUDICATED)


def test_times_without_a_zone_are_taken_as_utc() -> None:
    record = text.read("Board: 3x3\nStarted: 2025-06-01 10:00")
    assert record.started == datetime(2025, 6, 1, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("", "no Board: line"),
        ("Moves: a1", "no Board: line"),
        ("Board: big", "line 1: the board must look like"),
        ("Board: 30x30", "line 1: rows must be from 1 to 26"),
        ("Board: 3x3, 9 in a row", "k must be from 2 to 3"),
        ("Board: 3x3\nBoard: 4x4", "line 2: a second Board: line"),
        ("Board: 3x3\n\nMoves: a1 d4", "line 3: 'd4' is not a cell"),
        ("Board: 3x3\nMoves: a1 5", "line 2: '5' is not a cell"),
        ("Board: 3x3\nMoves: a1 a1", r"move 2 \(a1\) is not possible: a1 is already taken"),
        ("Board: 3x3\nStarted: yesterday", "line 2: Started must be a date and time"),
        ("Board: 3x3\nResult: X won", "line 2: the result must be"),
        ("Board: 3x3\nResult: X wins, by a mile", "after the result comes how it ended"),
        ("Board: 3x3\nResult: X wins, X resigned\nMoves: a1", "X wins, so O resigned"),
        ("Board: 3x3\nResult: O wins, 3 in a row\nMoves: a1 a2 b1 b2 c1", "X has 3 in a row"),
        ("Board: 3x3\nResult: draw, full board\nMoves: a1", "the board is not full"),
        ("Board: 99999999999999999999999x3", "too big"),
    ],
)
def test_bad_text_is_refused_with_the_reason(content: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        text.read(content)
