"""SGF with GM[4]: our files, files from elsewhere, the renju library reading ours, bad files."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import renju

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.records import Record, RecordError, Termination, sgf
from tictactoe.core.rules import Rules

GOMOKU = Rules(15, 15, 5)


def gomoku_win() -> Record:
    """Black (X) makes five down column h; White answers beside it."""
    names = ["h8", "i8", "h7", "i7", "h6", "i6", "h5", "i5", "h4"]
    moves = [cells.parse(GOMOKU, name) for name in names]
    return Record.of(
        GOMOKU, moves, "human", "search", started=datetime(2025, 6, 1, 10, 0, tzinfo=UTC)
    )


def test_writes_gomoku_as_gomoku_programs_do() -> None:
    assert sgf.write(gomoku_win()) == (
        "(;GM[4]FF[4]CA[UTF-8]AP[tictactoe]SZ[15]RU[Freestyle]PB[human]PW[search]"
        "DT[2025-06-01]RE[B+];B[hh];W[ih];B[hg];W[ig];B[hf];W[if];B[he];W[ie];B[hd])\n"
    )


def test_the_renju_library_reads_our_gomoku_files() -> None:
    record = gomoku_win()
    board = renju.RenjuBoard.from_sgf(sgf.write(record))
    assert board.board_size == 15
    assert board.rule == renju.Rule.FREESTYLE
    assert board.status == renju.BoardStatus.BLACK_WIN
    assert board.get_pos() == "h8i8h7i7h6i6h5i5h4"
    ours = [cells.label(GOMOKU, cell) for cell in record.moves]
    assert [renju.coordinate_to_strxy(x, y) for x, y in board.get_moves()] == [
        (name[0], name[1:]) for name in ours
    ]


def test_we_read_what_the_renju_library_writes() -> None:
    theirs = renju.RenjuBoard("h8i9h9i10h10i11h11i12h12", rule="freestyle")
    record = sgf.read(theirs.to_sgf(black_name="Alice", white_name="Bob", date="2024-05-04"))
    assert (record.x_player, record.o_player) == ("Alice", "Bob")
    assert (record.winner, record.termination) == (Mark.X, Termination.LINE)
    assert record.started == datetime(2024, 5, 4, tzinfo=UTC)
    assert [cells.label(GOMOKU, cell) for cell in record.moves[:3]] == ["h8", "i9", "h9"]


def test_other_boards_keep_their_shape_and_k() -> None:
    record = Record.of(Rules(4, 6, 4), (0, 7), "human", "random", resigned=Mark.O)
    written = sgf.write(record)
    assert "SZ[6:4]RU[4 in a row]" in written and "RE[B+R]" in written
    assert sgf.read(written) == record


def test_names_are_escaped() -> None:
    record = Record.of(Rules(), (4,), r"a]b\c", "d")
    written = sgf.write(record)
    assert r"PB[a\]b\\c]" in written
    assert sgf.read(written).x_player == r"a]b\c"


def test_the_main_line_is_the_first_variation_of_the_first_game() -> None:
    content = """
        (;GM[4]SZ[5]RU[Freestyle]C[a comment; with a semicolon]
          ;B[cc](;W[aa];B[bb])(;W[ee]))
        (;GM[4];B[aa])
    """
    record = sgf.read(content)
    assert [cells.label(record.rules, cell) for cell in record.moves] == ["c3", "a1", "b2"]
    assert record.rules == Rules(5, 5, 5)


def test_a_missing_size_and_rule_mean_15_x_15_gomoku() -> None:
    assert sgf.read("(;GM[4];B[hh])").rules == GOMOKU
    assert sgf.read("(;SZ[4];B[aa])").rules == Rules(4, 4, 4)  # k as usual for the board
    assert sgf.read("(;)").moves == ()


@pytest.mark.parametrize(
    ("value", "winner", "how"),
    [
        ("B+R", Mark.X, Termination.RESIGNATION),
        ("W+Resign", Mark.O, Termination.RESIGNATION),
        ("B+F", Mark.X, Termination.FORFEIT),
        ("W+T", Mark.O, Termination.ADJUDICATED),
        ("B+", Mark.X, Termination.ADJUDICATED),
        ("0", None, Termination.ADJUDICATED),
        ("Draw", None, Termination.ADJUDICATED),
        ("Void", None, Termination.UNFINISHED),
        ("?", None, Termination.UNFINISHED),
        ("something else", None, Termination.UNFINISHED),
    ],
)
def test_results_the_board_does_not_show(value: str, winner: Mark | None, how: Termination) -> None:
    record = sgf.read(f"(;GM[4]SZ[15]RE[{value}];B[hh];W[ii])")
    assert (record.winner, record.termination) == (winner, how)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("", "a game must start with '\\('"),
        ("GM[4]", "a game must start with"),
        ("(;GM[4];B[hh]", "the file ends in the middle of the game"),
        ("(;GM[4]PB[open", "no closing"),
        ("(;GM[1]SZ[19];B[dd])", r"GM\[1\] is not gomoku"),
        ("(;GM[4]SZ[99];B[aa])", "rows must be from 1 to 26"),
        ("(;GM[4]SZ[big])", "SZ\\[big\\] is not a board size"),
        ("(;GM[4]RU[Caro])", r"unknown rules RU\[Caro\]"),
        ("(;GM[4]AB[aa][bb];W[cc])", r"setup stones \(AB\)"),
        ("(;GM[4];W[aa])", r"move 1 is W\[aa\], but it is B's turn"),
        ("(;GM[4];B[aa];B[bb])", r"move 2 is B\[bb\], but it is W's turn"),
        ("(;GM[4];B[])", "move 1 is a pass"),
        ("(;GM[4]SZ[15];B[tt])", "move 1 is a pass"),
        ("(;GM[4]SZ[5];B[ff])", r"move 1 B\[ff\] is off the 5:5 board"),
        ("(;GM[4];B[h8])", r"move 1 B\[h8\] is not a point"),
        ("(;GM[4];B[aa];W[aa])", r"move 2 \(a1\) is not possible: a1 is already taken"),
        ("(;GM[4];B[aa]B[bb])", r"property B appears twice"),
        ("(;GM[4]SZ[3]RE[W+];B[aa];W[ba];B[ab];W[bb];B[ac])", "Black has 3 in a row"),
        ("(;GM[4]SZ[3]RE[0];B[aa];W[ba];B[ab];W[bb];B[ac])", "Black has 3 in a row"),
        (
            "(;GM[4]SZ[5]RU[Freestyle];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae];W[be])",
            r"move 10 \(b5\) is not possible: the game was already over",
        ),
        ("(;GM[4]SZ[1:2]RE[B+];B[aa];W[ab])", "the board is full with no line"),
        ("()", "the game has no nodes"),
        ("(;GM[4] ! )", "unexpected '!'"),
        ("(;GM[4]gm)", "property name 'gm' has no capitals"),
        ("(;GM[4]PB)", "property PB has no value"),
    ],
)
def test_bad_files_are_refused_with_the_reason(content: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        sgf.read(content)


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2025-06-01", datetime(2025, 6, 1, tzinfo=UTC)),
        ("20250601", datetime(2025, 6, 1, tzinfo=UTC)),
        ("2025.06.01", datetime(2025, 6, 1, tzinfo=UTC)),
        ("2025/06/01,02", datetime(2025, 6, 1, tzinfo=UTC)),
        ("2025-0601", None),
        ("202506011", None),
        ("2025-13-01", None),
    ],
)
def test_dates_as_gomoku_programs_write_them(value: str, day: datetime | None) -> None:
    assert sgf.read(f"(;GM[4]DT[{value}];B[hh])").started == day


def test_renju_servers_game_numbers_rules_and_numbered_properties_are_read() -> None:
    record = sgf.read("(;GM[5]FF[4]RU[RIF]5A[gg][ii]SZ[15]PB[Ann]PW[Bob];B[hh];W[hi];)")
    assert (record.rules, record.x_player, record.plies) == (GOMOKU, "Ann", 2)
    for rule in ("Yamaguchi", "swap2", "五子棋"):
        assert sgf.read(f"(;GM[4]RU[{rule}];B[hh])").rules == GOMOKU
