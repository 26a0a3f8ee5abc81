"""The one bounded parser for numbers people type."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.core.errors import RulesError
from tictactoe.core.numbers import MAX_DIGITS, whole_number
from tictactoe.core.rules import Rules


@given(st.integers(min_value=0, max_value=10**MAX_DIGITS - 1), st.integers(0, 5))
def test_digits_read_as_int_does(value: int, zeros: int) -> None:
    assert whole_number(" " + "0" * zeros + str(value) + " ") == value


@given(st.integers(min_value=-(10**MAX_DIGITS) + 1, max_value=10**MAX_DIGITS - 1))
def test_signed_numbers_only_when_asked(value: int) -> None:
    assert whole_number(str(value), signed=True) == value
    assert whole_number(f"{value:+d}") is None


@given(st.text())
def test_any_text_gives_a_number_or_none(text: str) -> None:
    value = whole_number(text)
    assert value is None or (value >= 0 and str(value) == (text.strip().lstrip("0") or "0"))


@pytest.mark.parametrize("length", [MAX_DIGITS + 1, 4_301, 100_000])
def test_huge_numbers_are_not_converted(length: int) -> None:
    assert whole_number("9" * length) is None
    assert whole_number("0" * length + "7") == 7


@pytest.mark.parametrize("text", ["", " ", "+", "-", "1.5", "1e3", "٣", "５", "0x10", None])
def test_what_is_not_a_whole_number(text: str) -> None:
    assert whole_number(text) is None


def test_a_huge_board_size_is_refused_with_the_range() -> None:
    with pytest.raises(RulesError, match="from 1 to 26, not '9999"):
        Rules.parse_size("9" * 5000 + "x5")
