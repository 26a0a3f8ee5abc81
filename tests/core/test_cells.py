"""Cell names: index, numpad and coordinates round trip on every board; junk is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.cells import Numbering, label, parse
from tictactoe.core.errors import CellNameError, shown
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules

SIDES = st.integers(min_value=1, max_value=MAX_SIDE)


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """Any valid board up to 26 x 26 (k does not matter for names)."""
    m = draw(SIDES)
    n = draw(SIDES.filter(lambda n: max(m, n) >= MIN_K))
    return Rules(m, n, MIN_K)


def numberings(rules: Rules) -> list[Numbering]:
    return [numbering for numbering in Numbering if numbering.supports(rules)]


@settings(max_examples=40)
@given(rules())
def test_every_label_parses_back(rules: Rules) -> None:
    for numbering in numberings(rules):
        labels = [label(rules, cell, numbering) for cell in range(rules.size)]
        assert len(set(labels)) == rules.size
        for cell, text in enumerate(labels):
            assert parse(rules, text, numbering) == cell
            assert parse(rules, f"  {text.upper()} ", numbering) == cell


def test_classic_names() -> None:
    rules = Rules()
    assert [label(rules, cell, Numbering.INDEX) for cell in range(9)] == list("012345678")
    assert [label(rules, cell, Numbering.NUMPAD) for cell in range(9)] == list("789456123")
    assert [label(rules, cell) for cell in (0, 4, 8)] == ["a1", "b2", "c3"]
    assert parse(rules, "B2") == 4
    assert parse(rules, "7", Numbering.NUMPAD) == 0
    assert parse(rules, "3", Numbering.NUMPAD) == 8


def test_big_board_coordinates() -> None:
    rules = Rules(26, 26, 5)
    assert label(rules, rules.size - 1) == "z26"
    assert parse(rules, "z26") == rules.size - 1
    assert parse(rules, "a10") == 9 * 26


@settings(max_examples=40)
@given(rules(), st.data())
def test_coordinates_with_a_space_or_the_row_first(rules: Rules, data: st.DataObject) -> None:
    cell = data.draw(st.integers(0, rules.size - 1))
    name = label(rules, cell)
    letter, number = name[0], name[1:]
    for text in (f"{letter} {number}", f"{number}{letter}", f" {number} {letter.upper()} "):
        assert parse(rules, text) == cell


def test_row_first_and_spaces_on_3x3() -> None:
    rules = Rules()
    assert parse(rules, "2b") == parse(rules, "b 2") == parse(rules, "2 B") == 4
    assert parse(Rules(15, 15, 5), "10a") == 9 * 15
    for junk in ("2", "b", "2b2", "b2b", "22b", "2 b 2", "d1", "4a"):
        with pytest.raises(CellNameError, match="is not a cell"):
            parse(rules, junk)


def test_numpad_exists_only_on_3x3() -> None:
    assert Numbering.NUMPAD.supports(Rules())
    assert not Numbering.NUMPAD.supports(Rules(4, 4, 3))
    with pytest.raises(CellNameError, match="only for 3 x 3"):
        parse(Rules(4, 4, 3), "5", Numbering.NUMPAD)
    with pytest.raises(CellNameError, match="only for 3 x 3"):
        label(Rules(4, 4, 3), 5, Numbering.NUMPAD)


JUNK = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["", " ", "-1", "+1", "1.0", "b", "2", "b0", "b-1", "2bb", "٣", "b٢", "ab2"]),
)


@given(rules(), JUNK, st.sampled_from(list(Numbering)))
def test_junk_raises_cell_name_error(rules: Rules, text: str, numbering: Numbering) -> None:
    try:
        cell = parse(rules, text, numbering)
    except CellNameError as error:
        assert shown(text) in str(error) or "only for 3 x 3" in str(error)
    else:
        assert 0 <= cell < rules.size
        assert parse(rules, label(rules, cell, numbering), numbering) == cell


@pytest.mark.parametrize("numbering", list(Numbering))
@pytest.mark.parametrize("digits", ["9" * 5000, "0" * 5000 + "5", "1" + "0" * 5000])
def test_numbers_of_thousands_of_digits(numbering: Numbering, digits: str) -> None:
    """``int`` refuses over 4300 digits with a bare ValueError; a cell name never does."""
    for text in (digits, f"b{digits}"):
        try:
            cell = parse(Rules(), text, numbering)
        except CellNameError as error:
            assert "is not a cell" in str(error)
        else:
            assert cell == parse(Rules(), text.replace("0" * 5000, ""), numbering)


@pytest.mark.parametrize(
    ("numbering", "text", "hint"),
    [
        (Numbering.INDEX, "9", "from 0 to 8"),
        (Numbering.INDEX, "four", "from 0 to 8"),
        (Numbering.NUMPAD, "0", "from 1 to 9"),
        (Numbering.COORDS, "d1", "a-c then a number 1-3"),
        (Numbering.COORDS, "a4", "a-c then a number 1-3"),
        (Numbering.COORDS, "a0", "a-c then a number 1-3"),
        (Numbering.COORDS, "1a1", "like b2"),
    ],
)
def test_messages_give_the_valid_range(numbering: Numbering, text: str, hint: str) -> None:
    with pytest.raises(CellNameError, match=hint):
        parse(Rules(), text, numbering)


@pytest.mark.parametrize("text", [None, 5, b"b2", ["b2"]])
@pytest.mark.parametrize("numbering", list(Numbering))
def test_a_name_that_is_not_text(text: object, numbering: Numbering) -> None:
    with pytest.raises(CellNameError, match="a cell name is text"):
        parse(Rules(), text, numbering)  # type: ignore[arg-type]


def test_rules_and_numbering_are_checked() -> None:
    with pytest.raises(CellNameError, match="on a board's Rules, not on '3x3'"):
        parse("3x3", "b2")  # type: ignore[arg-type]
    with pytest.raises(CellNameError, match="numbering must be one of index, numpad, coords"):
        label(Rules(), 4, "keypad")  # type: ignore[arg-type]
    assert parse(Rules(), "b2", "coords") == 4  # type: ignore[arg-type]
    assert label(Rules(), 4, "index") == "4"  # type: ignore[arg-type]


@pytest.mark.parametrize("cell", [-1, 9, None, "4", 4.5, True, pytest.param(10**5000, id="huge")])
def test_label_of_a_cell_off_the_board(cell: object) -> None:
    with pytest.raises(CellNameError, match="not on the 3 x 3 board"):
        label(Rules(), cell)  # type: ignore[arg-type]


def test_a_long_name_is_quoted_short() -> None:
    with pytest.raises(CellNameError) as error:
        parse(Rules(), "b" * 100_000)
    assert len(str(error.value)) < 200
