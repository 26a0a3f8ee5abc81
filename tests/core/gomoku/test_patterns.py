"""Line shapes: the codes of known gomoku shapes, any k, the exactly-five rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.gomoku.patterns import (
    ATTACK,
    BLOCK3,
    BLOCK4,
    DEFEND,
    FIVE,
    FLEX3,
    FLEX4,
    FOURS,
    MASKS,
    MOVER_VALUE,
    NONE,
    OPPONENT_VALUE,
    LineTable,
    Shapes,
    Weights,
    line_shapes,
    parse_weights,
    shipped_weights,
)


def code(row: str, k: int = 5, exact: bool = False) -> int:
    """The code for X of the cell marked ``*`` in ``row`` (``X``, ``O``, ``.``; edges are walls)."""
    shapes = Shapes(k, exact)
    centre = row.index("*")
    mine = theirs = 0
    for offset in range(-shapes.radius, shapes.radius + 1):
        index = centre + offset
        bit = 1 << (offset + shapes.radius)
        char = row[index] if 0 <= index < len(row) else "#"
        if char == "X":
            mine |= bit
        elif char in "O#":
            theirs |= bit
    return shapes.code(mine, theirs)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("..XX*XX..", FIVE),
        ("XXXX*", FIVE),
        ("..XXX*..", FLEX4),  # makes an open four
        ("X.X*X.X", FLEX4),  # X.XXX.X: both gaps complete five (a double four in one line)
        (".X*X.X.", BLOCK4),  # XXX.X: one gap
        ("OXXX*...", BLOCK4),  # makes a four closed at one end
        ("OXX*X.", BLOCK4),
        ("..XX*.O", FLEX3),  # .XXXX. is still possible on the left
        ("..XX*...", FLEX3),  # makes an open three
        ("...X*...", 4),  # an open two (flex2)
        ("..X.X*..", FLEX3),  # a split three
        ("OX*X....", BLOCK3),
        ("O*..O", NONE),  # no room for five
        ("...*...", 2),  # a lone stone: flex1
    ],
)
def test_gomoku_shapes(row: str, expected: int) -> None:
    assert code(row) == expected


def test_other_k() -> None:
    assert code("XX*", k=3) == FIVE
    assert code("..X*..", k=3) == FLEX4  # an open two is k=3's open four
    assert code(".X*O", k=3) == BLOCK4
    assert code("..XXXX*..", k=7) == FLEX3  # five of seven, open: becomes an open "four" (k-1)
    assert code("X*", k=2) == FIVE
    assert code(".*.", k=2) == FLEX4


def test_exactly_five_rule() -> None:
    assert code("XXXX*X", exact=False) == FIVE
    assert code("XXXX*X", exact=True) != FIVE  # six in a row does not win
    assert code(".XXXX*.", exact=True) == FIVE
    assert code("XX.XX*.", exact=False) == BLOCK4  # the gap completes (six in a row)
    assert code("XX.XX*.", exact=True) < BLOCK4  # ... which does not win exactly five


def test_line_description_masks() -> None:
    shapes = Shapes(5)
    # X X X . . on a line of 9 from the edge: cells 3 and 4 make (closed) fours for X.
    xs = 0b000000111
    info = line_shapes(shapes, 9, xs, 0)
    assert info[0][3] == BLOCK4 and info[0][4] == BLOCK4
    assert info[MASKS + 2 * FOURS] == 0b11000  # X's four cells
    table = LineTable(shapes, 9)
    assert table[xs] == info and len(table) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(".XO"), min_size=5, max_size=12), st.data())
def test_five_code_means_the_stone_completes_five(cells: list[str], data: st.DataObject) -> None:
    empties = [index for index, char in enumerate(cells) if char == "."]
    if not empties:
        return
    spot = data.draw(st.sampled_from(empties))
    row = "".join(cells[:spot]) + "*" + "".join(cells[spot + 1 :])
    left = right = 0
    while spot - left - 1 >= 0 and cells[spot - left - 1] == "X":
        left += 1
    while spot + right + 1 < len(cells) and cells[spot + right + 1] == "X":
        right += 1
    assert (code(row) == FIVE) == (left + 1 + right >= 5)


def test_line_table_keeps_two_generations_within_its_limit() -> None:
    table = LineTable(Shapes(5), 9, limit=10)
    keys = [xs for xs in range(1, 40) if xs.bit_count() <= 3]
    infos = {}
    for key in keys:
        infos[key] = table[key]
        assert table.held() <= 10
        assert table[key] is infos[key]
    # The previous generation answers without working the description out again.
    old = next(iter(table.previous))
    assert table[old] is infos[old] and old not in table.previous
    assert table[old] == line_shapes(Shapes(5), 9, old, 0)
    table.forget()
    assert table.held() == 0


def test_the_shipped_weights_are_read() -> None:
    weights = shipped_weights()
    assert weights == Weights(MOVER_VALUE, OPPONENT_VALUE, ATTACK, DEFEND)
    assert all(len(table) == FIVE + 1 for table in weights)
    # Stronger shapes are worth more, to either side, from a closed three on.
    for table in weights:
        assert list(table[BLOCK3:]) == sorted(table[BLOCK3:])


def test_weights_text() -> None:
    text = (
        "# a comment\nmover 0 1 2 3 4 5 6 7 8 9\n\nopponent 9 8 7 6 5 4 3 2 1 0  # end\n"
        "defend 1 1 1 1 1 1 1 1 1 1\nattack 2 2 2 2 2 2 2 2 2 2\n"
    )
    assert parse_weights(text) == Weights(
        tuple(range(10)), tuple(range(9, -1, -1)), (2,) * 10, (1,) * 10
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("mover 1 2 3\nopponent 0 0 0 0 0 0 0 0 0 0", "line 1: 10 weights expected, not 3"),
        ("mover 0 0 0 0 0 0 0 0 0 x\nopponent 0 0 0 0 0 0 0 0 0 0", "whole numbers"),
        ("mover 0 0 0 0 0 0 0 0 0 0", "no opponent or attack or defend weights"),
        ("tempo 5", "line 1: unknown table 'tempo'"),
    ],
)
def test_bad_weights_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_weights(text)
