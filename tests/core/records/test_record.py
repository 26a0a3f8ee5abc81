"""Record: checked when made, result derived from the moves, positions for replaying."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.outcome import Outcome
from tictactoe.core.records import Record, RecordError, Termination, clean_name
from tictactoe.core.rules import Rules

X_WINS = (4, 0, 8, 2, 1, 6, 7)  # X: b2 c3 b1 b3 (the middle column); O: a1 c1 a3
FULL_DRAW = (0, 4, 8, 1, 7, 6, 2, 5, 3)


def test_a_line_is_a_win_for_its_owner() -> None:
    record = Record.of(Rules(), X_WINS, "human", "perfect")
    assert (record.winner, record.termination) == (Mark.X, Termination.LINE)
    assert record.board.winner is Mark.X
    assert record.plies == 7 and record.is_decided


def test_a_full_board_without_a_line_is_a_draw() -> None:
    record = Record.of(Rules(), FULL_DRAW)
    assert (record.winner, record.termination) == (None, Termination.FULL_BOARD)


def test_a_resignation_makes_the_other_side_the_winner() -> None:
    record = Record.of(Rules(), (4, 0), resigned=Mark.X)
    assert (record.winner, record.termination, record.resigned) == (
        Mark.O,
        Termination.RESIGNATION,
        Mark.X,
    )


def test_no_result_is_unfinished() -> None:
    record = Record.of(Rules(7, 7, 5), (24,))
    assert (record.winner, record.termination, record.is_decided) == (
        None,
        Termination.UNFINISHED,
        False,
    )


def test_positions_go_from_the_empty_board_to_the_end() -> None:
    record = Record.of(Rules(), X_WINS)
    boards = record.positions()
    assert len(boards) == len(X_WINS) + 1
    assert boards[0] == Board.empty(Rules())
    assert boards[-1] == record.board
    assert all(boards[i + 1] == boards[i].play(cell) for i, cell in enumerate(X_WINS))


def test_player_of_each_mark() -> None:
    record = Record.of(Rules(), (), "human", "search")
    assert (record.player(Mark.X), record.player(Mark.O)) == ("human", "search")


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ((4, 4), r"move 2 \(b2\) is not possible: b2 is already taken"),
        ((*X_WINS, 3), r"move 8 \(a2\) is not possible: the game was already over"),
        ((9,), "move 1: 9 is not a cell of the 3 x 3 board"),
        ((-1,), "move 1: -1 is not a cell"),
        ((True,), "move 1: True is not a cell"),
    ],
)
def test_impossible_moves_are_refused_with_the_move(moves: tuple[int, ...], reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        Record.of(Rules(), moves)


@pytest.mark.parametrize(
    ("moves", "winner", "how", "reason"),
    [
        (X_WINS, Mark.O, Termination.LINE, "X has 3 in a row"),
        (X_WINS, Mark.X, Termination.RESIGNATION, "X has 3 in a row"),
        (FULL_DRAW, Mark.X, Termination.ADJUDICATED, "the board is full with no line"),
        (FULL_DRAW, None, Termination.UNFINISHED, "the board is full"),
        ((4,), Mark.X, Termination.LINE, "nobody has 3 in a row"),
        ((4,), None, Termination.FULL_BOARD, "the board is not full"),
        ((4,), None, Termination.RESIGNATION, "a resignation needs a winner"),
        ((4,), None, Termination.FORFEIT, "a forfeit needs a winner"),
        ((4,), Mark.X, Termination.UNFINISHED, "an unfinished game has no winner"),
    ],
)
def test_a_result_must_fit_the_position(
    moves: tuple[int, ...], winner: Mark | None, how: Termination, reason: str
) -> None:
    with pytest.raises(RecordError, match=reason):
        Record(Rules(), moves, "a", "b", winner, how)


@pytest.mark.parametrize(
    ("record", "outcome"),
    [
        (Record.of(Rules(), X_WINS), Outcome(Termination.LINE, Mark.X, frozenset({1, 4, 7}))),
        (Record.of(Rules(), FULL_DRAW), Outcome(Termination.FULL_BOARD, None)),
        (Record.of(Rules(), (4,), resigned=Mark.X), Outcome(Termination.RESIGNATION, Mark.O)),
        (Record(Rules(), (4,), winner=Mark.O, termination="forfeit"), Outcome("forfeit", Mark.O)),
        (Record(Rules(), (4,), termination="adjudicated"), Outcome("adjudicated", None)),
        (Record.of(Rules(), (4,)), None),
    ],
)
def test_the_outcome_of_a_record_is_the_games(record: Record, outcome: Outcome | None) -> None:
    assert record.outcome == outcome
    if record.termination is Termination.LINE:
        assert record.outcome == record.board.outcome()


def test_results_the_position_does_not_show_may_be_adjudicated() -> None:
    assert Record(Rules(), (4,), winner=Mark.O, termination=Termination.ADJUDICATED).is_decided
    assert Record(Rules(), (4,), termination=Termination.ADJUDICATED).winner is None


@pytest.mark.parametrize("name", ["", " human", "a\nb", "x" * 81, 7])
def test_bad_player_names_are_refused(name: object) -> None:
    with pytest.raises(RecordError, match="name of X's player"):
        Record(Rules(), (), name)  # type: ignore[arg-type]


def test_times_must_carry_a_timezone() -> None:
    with pytest.raises(RecordError, match="timezone-aware"):
        Record(Rules(), (), started=datetime(2025, 6, 1))
    assert Record(Rules(), (), started=datetime(2025, 6, 1, tzinfo=UTC)).started is not None


def test_errors_are_value_errors_of_the_engine() -> None:
    assert issubclass(RecordError, TicTacToeError)
    assert issubclass(RecordError, ValueError)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Yixin\t2018 ", "Yixin 2018"),
        ("a\x00b\nc", "a b c"),
        ("", "?"),
        ("\n\t", "?"),
        ("z" * 100, "z" * 80),
    ],
)
def test_names_from_files_are_cleaned(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    Record(Rules(), (), clean_name(raw))  # always acceptable
