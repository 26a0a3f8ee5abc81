"""What every front end says while a game goes on, in English and Russian (and Chinese)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tictactoe.core.advice import Suggestion, Verdict
from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.core.search import Progress
from tictactoe.texts import sentences
from tictactoe.texts.i18n import translator
from tictactoe.texts.sentences import Sides, played_at, summary
from tictactoe.ui.pgz.panels import listed

EN = translator("en")
RU = translator("ru")
GOMOKU = Rules(15, 15, 5)


@pytest.mark.parametrize(
    ("verdict", "moves", "computer", "english"),
    [
        (Verdict.WINNING, 1, True, "you win with this move"),
        (Verdict.WINNING, 3, True, "you win in 3 of your moves"),
        (Verdict.WINNING, None, True, "a forced win for you"),
        (Verdict.BETTER, None, True, "better for you"),
        (Verdict.EQUAL, None, True, "about equal"),
        (Verdict.WORSE, None, True, "worse for you"),
        (Verdict.LOSING, 1, True, "the computer wins with its next move"),
        (Verdict.LOSING, 2, True, "the computer wins in 2 of its moves"),
        (Verdict.LOSING, 2, False, "your opponent wins in 2 of their moves"),
        (Verdict.LOSING, 1, False, "your opponent wins with their next move"),
        (Verdict.LOSING, None, False, "a forced loss for you"),
    ],
)
def test_each_verdict_in_words(
    verdict: Verdict, moves: int | None, computer: bool, english: str
) -> None:
    suggestion = Suggestion(112, "h8", verdict, moves)
    assert (
        sentences.verdict(EN, suggestion, Sides.COMPUTER if computer else Sides.PEOPLE) == english
    )
    assert (
        sentences.verdict(RU, suggestion, Sides.COMPUTER if computer else Sides.PEOPLE) != english
    )


def test_russian_counts_take_the_right_form() -> None:
    said = [
        sentences.verdict(RU, Suggestion(0, "a1", Verdict.WINNING, n), Sides.COMPUTER)
        for n in (2, 5, 21)
    ]
    assert said == [
        "вы выигрываете за 2 своих хода",
        "вы выигрываете за 5 своих ходов",
        "вы выигрываете за 21 свой ход",
    ]


def test_the_suggestions_line_numbers_the_moves_as_the_board_does() -> None:
    found = (
        Suggestion(112, "h8", Verdict.BETTER),
        Suggestion(113, "i8", Verdict.EQUAL),
    )
    assert sentences.suggestions(EN, found, Sides.COMPUTER) == (
        "1 h8: better for you · 2 i8: about equal"
    )
    assert sentences.suggestions(EN, (), Sides.COMPUTER) == "No move to suggest here"


def test_progress_is_depth_line_and_time() -> None:
    report = Progress(depth=6, nodes=5000, seconds=0.8, score=40, pv=(112, 113, 97, 98, 127))
    assert sentences.progress(EN, GOMOKU, report, 1.25) == "depth 6 · h8 i8 h7 i7 … · 1.2 s"
    assert sentences.progress(RU, GOMOKU, report, 1.25) == "глубина 6 · h8 i8 h7 i7 … · 1,2 с"
    assert sentences.progress(EN, GOMOKU, None, 0.04) == "0 s"
    assert sentences.progress(EN, GOMOKU, report) == "depth 6 · h8 i8 h7 i7 …"


def test_think_times() -> None:
    assert [sentences.seconds(EN, s) for s in (0.05, 1.0, 600.0)] == ["0.05 s", "1 s", "600 s"]
    assert sentences.per_move(RU, 2.0) == "2 с на ход"


def test_a_saved_game_in_the_list_and_its_positions() -> None:
    record = Record.of(
        GOMOKU,
        (112, 113, 97, 98, 127, 128, 82, 83, 142),
        "human",
        "search",
        started=datetime(2025, 6, 1, 10, 4, tzinfo=UTC),
    )
    first, second = listed(EN, 12, record).split("\n")
    assert first.startswith("12 · 2025-06-01 ") and first.endswith(" · 15 x 15, 5 in a row")
    assert second == "X: You, O: Expert · X won with 5 in a row"
    assert sentences.replay_at(EN, record, 0) == "The empty board; 9 moves follow."
    assert sentences.replay_at(EN, record, 1) == "Move 1 of 9: X plays h8."
    assert sentences.replay_at(EN, record, 9) == (
        "Move 9 of 9: X plays h10. The end: X won with 5 in a row."
    )
    assert "h10。结束：" in sentences.replay_at(translator("zh_CN"), record, 9), "no space after 。"


def test_unfinished_and_resigned_records_and_names_from_files() -> None:
    unfinished = Record.of(Rules(), (4,), "Ann", "Bob")
    assert sentences.replay_at(EN, unfinished, 1) == (
        "Move 1 of 1: X plays b2. The record ends here, before the game was decided."
    )
    assert listed(EN, 3, unfinished).endswith("X: Ann, O: Bob · unfinished")
    resigned = Record.of(Rules(), (4,), "human", "perfect", resigned=Mark.X)
    assert summary(EN, resigned) == "O won: X resigned"
    assert played_at(resigned) == "-"
    dated = Record.of(Rules(), (4,), started=datetime(2025, 6, 1, tzinfo=UTC))
    assert played_at(dated) == "2025-06-01", "a file that gives the date only"
    decided = Record(Rules(), (4,), winner=Mark.O, termination=Termination.ADJUDICATED)
    assert summary(RU, decided) == "победа O по решению"
    empty = Record.of(Rules(), ())
    assert sentences.replay_at(EN, empty, 0) == "The record ends here, before the game was decided."
