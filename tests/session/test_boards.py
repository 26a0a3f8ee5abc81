"""Boards asked for, and the level that plays them: the same answer in every front end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.core.errors import RulesError
from tictactoe.core.rules import MAX_SIDE, Rules
from tictactoe.game import HUMAN, Match
from tictactoe.session import (
    check_board,
    fit_opponent,
    rules_problem,
    unplayable_level,
)
from tictactoe.texts.i18n import translator

english = translator("en")
russian = translator("ru")


@pytest.mark.parametrize(
    ("rows", "columns", "k", "message"),
    [
        (40, 3, 3, "Rows must be from 1 to 26, not 40."),
        ("3", "40", "3", "Columns must be from 1 to 26, not 40."),
        ("3", "3", "9", "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 9."),
        (3, 3, 1, "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 1."),
        (1, 1, 2, "A 1 x 1 board is too small: a line needs at least 2 cells."),
        ("x", 3, 3, "Rows must be a whole number, not 'x'."),
        (3, 3, "", "k must be a whole number from 2 to 3."),
        (" ", 3, 3, "Rows must be a whole number from 1 to 26."),
        (3, "", 3, "Columns must be a whole number from 1 to 26."),
        ("x", "", 3, "Rows must be a whole number, not 'x'."),
        (1, 1, "", "A 1 x 1 board is too small: a line needs at least 2 cells."),
        (3.0, 3, 3, "Rows must be a whole number, not 3.0."),
        (True, 3, 3, "Rows must be a whole number, not True."),
        (None, 3, 3, "Rows must be a whole number, not None."),
        ("-3", 3, 3, "Rows must be from 1 to 26, not -3."),
        ("9" * 30, 3, 3, "Rows must be from 1 to 26, not a whole number of 100 bits."),
    ],
)
def test_a_board_that_cannot_be_is_one_sentence_naming_the_limit(
    rows: object, columns: object, k: object, message: str
) -> None:
    assert check_board(rows, columns, k, english.gettext) == message


def test_a_huge_number_typed_is_refused_without_a_traceback() -> None:
    problem = check_board("9" * 5000, 3, 3, english.gettext)
    assert isinstance(problem, str) and problem.startswith("Rows must be")


@given(st.integers(1, MAX_SIDE), st.integers(1, MAX_SIDE), st.integers(2, MAX_SIDE))
def test_text_or_numbers_give_the_rules_the_engine_gives(m: int, n: int, k: int) -> None:
    try:
        expected: Rules | str = Rules(m, n, k)
    except RulesError as error:
        expected = rules_problem(error, english.gettext)
    assert check_board(m, n, k, english.gettext) == expected
    assert check_board(f" {m} ", str(n), f"0{k}", english.gettext) == expected


def test_the_message_is_in_the_players_language() -> None:
    assert check_board(40, 3, 3, russian.gettext) == "Строк должно быть от 1 до 26, а не 40."
    assert check_board(3, 3, 9, russian.gettext) == (
        "k должно быть от 2 до 3 (длина большей стороны) на поле 3 x 3, а не 9."
    )


def test_an_error_without_a_template_is_said_as_it_is() -> None:
    assert rules_problem(RulesError("something odd"), russian.gettext) == "Something odd."


def test_a_level_that_cannot_play_the_board_is_named() -> None:
    big = Rules(15, 15, 5)
    assert unplayable_level(["win-block", None, HUMAN], big, english.gettext) is None
    assert unplayable_level([None, "perfect"], big, english.gettext) == (
        "Perfect does not play 15 x 15: choose another level."
    )
    assert unplayable_level(["perfect"], Rules(), english.gettext) is None


def test_fit_opponent_lets_the_chosen_level_play_where_it_can() -> None:
    match = Match(Rules(), "random")
    assert fit_opponent(match, "perfect", english.gettext) == ""
    assert match.opponent == "perfect"


def test_fit_opponent_says_which_level_plays_instead() -> None:
    match = Match(Rules(15, 15, 5), "random")
    notice = fit_opponent(match, "Perfect", russian.gettext)
    assert match.opponent == "search"
    assert notice == "Безупречный не играет на поле 15 x 15: вместо него играет Эксперт."


def test_fit_opponent_leaves_two_people_alone() -> None:
    match = Match(Rules(15, 15, 5), HUMAN)
    assert fit_opponent(match, "perfect", english.gettext) == ""
    assert match.opponent == HUMAN
