"""Piskvork's PSQ files: ours, a Gomocup-style one, and files that are refused."""

from __future__ import annotations

import pytest

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.records import Record, RecordError, Termination, psq
from tictactoe.core.rules import Rules

GOMOKU = Rules(15, 15, 5)

# As Piskvork saves a tournament game: column,row,milliseconds from 1 at the top left, the
# two brains (first mover first), and a closing code.
GOMOCUP = """\
Piskvorky 15x15, 11:11, 0
8,8,0
9,9,1250
8,9,433
9,10,2100
8,10,120
9,11,870
8,11,90
9,12,1410
8,12,15
pbrain-embryo.exe
pbrain-yixin.exe
-1
"""


def test_reads_a_tournament_game() -> None:
    record = psq.read(GOMOCUP)
    assert record.rules == GOMOKU
    assert (record.x_player, record.o_player) == ("pbrain-embryo.exe", "pbrain-yixin.exe")
    assert [cells.label(GOMOKU, cell) for cell in record.moves[:3]] == ["h8", "i9", "h9"]
    assert (record.winner, record.termination) == (Mark.X, Termination.LINE)


def test_writes_what_it_reads() -> None:
    record = psq.read(GOMOCUP)
    written = psq.write(record)
    assert written.splitlines()[:3] == ["Piskvorky 15x15, 0:0, 0", "8,8,0", "9,9,0"]
    assert written.splitlines()[-3:] == ["pbrain-embryo.exe", "pbrain-yixin.exe", "-1"]
    assert psq.read(written) == record


def test_the_header_says_which_listed_player_moved_first() -> None:
    swapped = GOMOCUP.replace("11:11, 0", "11:11, 1")
    record = psq.read(swapped)
    assert (record.x_player, record.o_player) == ("pbrain-yixin.exe", "pbrain-embryo.exe")


def test_boards_that_are_not_square_are_columns_by_rows() -> None:
    record = Record.of(Rules(4, 6, 4), (5, 6), "human", "random")
    written = psq.write(record)
    assert written.startswith("Piskvorky 6x4, 0:0, 0\n6,1,0\n1,2,0\n")
    assert psq.read(written) == record


def test_a_first_line_without_levels_reads_as_the_first_listed_player_moving_first() -> None:
    record = psq.read("Piskvorky 15x15\n8,8\nAnn\nBob\n-1\n")
    assert (record.rules, record.x_player, record.o_player) == (GOMOKU, "Ann", "Bob")


def test_after_the_end_code_only_a_gomocup_result_line_counts() -> None:
    record = psq.read("Piskvorky 15x15, 0:0, 0\n8,8,0\n-1\n1,Freestyle\n8,8,0\nnoise\n")
    assert record.moves == (cells.parse(GOMOKU, "h8"),)
    assert (record.winner, record.termination) == (Mark.X, Termination.ADJUDICATED)


def test_a_gomocup_result_names_a_listed_player_so_it_follows_who_moved_first() -> None:
    content = "Piskvorky 15x15, 11:11, 1\n8,8,0\n9,9,0\nAnn\nBob\n-1\n1,Freestyle15\n"
    record = psq.read(content)  # Bob moved first (X); Ann, listed first, won
    assert (record.x_player, record.o_player, record.winner) == ("Bob", "Ann", Mark.O)
    draw = psq.read(content.replace("\n1,Free", "\n0,Free"))
    assert (draw.winner, draw.termination) == (None, Termination.ADJUDICATED)


def test_files_without_names_or_times_are_read() -> None:
    record = psq.read("Piskvorky 20x20, 0:0, 0\n10,10\n11,11\n")
    assert record.rules == Rules(20, 20, 5)
    assert record.x_player == record.o_player == "?"
    assert record.termination is Termination.UNFINISHED


def test_a_resignation_cannot_be_written_so_it_reads_back_unfinished() -> None:
    record = Record.of(GOMOKU, (112,), "human", "search", resigned=Mark.O)
    assert psq.read(psq.write(record)).termination is Termination.UNFINISHED


def test_other_win_lengths_are_refused_with_the_way_out() -> None:
    with pytest.raises(RecordError, match="this game is 4 in a row: save it as text or SGF"):
        psq.write(Record.of(Rules(7, 7, 4), ()))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("", "the first line must look like"),
        ("Piskvorky\n8,8,0", "the first line must look like"),
        ("Piskvorky 15x15 by me\n8,8,0", "the first line must look like"),
        ("Piskvorky 15x15, 0:0, 2\n8,8,0", "which listed player moved first, 0 or 1"),
        ("Piskvorky 15x15, 0:0, 0\nhello\n", r"line 2 \('hello'\) is not a move like '8,8,0'"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\nx;y\n9,9,0\n-1\n", r"line 3 \('x;y'\) is not a move"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\nAnn\nBob\n", r"line 3 \('Ann'\) is not a move"),
        ("(;GM[4])", "the first line must look like"),
        ("Piskvorky 30x30, 0:0, 0\n", "PSQ: 'Piskvorky 30x30, 0:0, 0': rows must be from 1 to 26"),
        ("Piskvorky 15x15, 0:0, 0\n16,1,0\n", r"move 1 \(16,1,0\) is off the 15x15 board"),
        ("Piskvorky 15x15, 0:0, 0\n0,1,0\n", r"move 1 \(0,1,0\) is off"),
        ("Piskvorky 15x15, 0:0, 0\n1,1,0\n1,1,0\n", r"move 2 \(a1\) is not possible"),
        ("Piskvorky 99999999999999999999x3, 0:0, 0", "the board is too big"),
        (
            GOMOCUP.replace("-1\n", "-1\n2,Freestyle15_1\n"),
            "says O won, but X has 5 in a row",
        ),
    ],
)
def test_bad_files_are_refused_with_the_reason(content: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        psq.read(content)
