"""How people name cells: ``index`` 0-8, ``numpad`` 1-9, ``coords`` (``b2``).

Inside the engine a cell is an int counted row by row from the top left.
Coordinates work on every board: a column letter (``a`` is the left column)
then a row number (``1`` is the top row), so ``b2`` is the centre of 3 x 3;
``2b`` and ``b 2`` are read as ``b2`` too.
The numeric-keypad numbering exists only on 3 x 3, laid out like a keypad:
7 8 9 on the top row, 1 2 3 on the bottom.
"""

from __future__ import annotations

from enum import StrEnum
from string import ascii_lowercase

from tictactoe.core.errors import N_, CellNameError, shown
from tictactoe.core.numbers import whole_number
from tictactoe.core.rules import Rules


class Numbering(StrEnum):
    """A way of naming cells."""

    INDEX = "index"
    NUMPAD = "numpad"
    COORDS = "coords"

    def supports(self, rules: Rules) -> bool:
        """True when this numbering can name every cell of ``rules``'s board."""
        return self is not Numbering.NUMPAD or (rules.m, rules.n) == (3, 3)


_NUMPAD = (7, 8, 9, 4, 5, 6, 1, 2, 3)
"""Keypad digit of each 3 x 3 cell, row-major from the top left."""


def label(rules: Rules, cell: int, numbering: Numbering = Numbering.COORDS) -> str:
    """The name of ``cell`` in ``numbering`` (for example ``4``, ``5`` or ``b2``).

    A cell off the board (or not a cell at all) raises :class:`CellNameError`.
    """
    numbering = _checked(rules, numbering)
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < rules.size:
        raise CellNameError(
            f"cell {shown(cell)} is not on the {rules.m} x {rules.n} board "
            f"(cells are 0 to {rules.size - 1})"
        )
    if numbering is Numbering.INDEX:
        return str(cell)
    if numbering is Numbering.NUMPAD:
        _require_numpad(rules)
        return str(_NUMPAD[cell])
    row, col = rules.row_col(cell)
    return f"{column_name(col)}{row + 1}"


def column_name(col: int) -> str:
    """A column's letter in coordinates (``a`` is the left column); rows are numbered from 1
    at the top."""
    return ascii_lowercase[col]


def parse(rules: Rules, text: str, numbering: Numbering = Numbering.COORDS) -> int:
    """The cell that ``text`` names in ``numbering``.

    Raises :class:`CellNameError` with the valid range for anything else
    (text that is not a string included). Surrounding spaces and letter case
    are ignored; coordinates may have a space inside or the row first (``b 2``,
    ``2b`` and ``2 B`` are all ``b2``).
    """
    numbering = _checked(rules, numbering)
    if not isinstance(text, str):
        raise CellNameError(f"a cell name is text such as b2, not {shown(text)}")
    cleaned = text.strip().lower()
    if numbering is Numbering.COORDS:
        return _parse_coords(rules, cleaned, text)
    if numbering is Numbering.NUMPAD:
        _require_numpad(rules)
    low, high = (1, 9) if numbering is Numbering.NUMPAD else (0, rules.size - 1)
    number = whole_number(cleaned)
    if number is None or not low <= number <= high:
        raise CellNameError.worded(
            N_("{text} is not a cell: type a number from {low} to {high}"),
            text=shown(text), low=low, high=high,
        )  # fmt: skip
    return _NUMPAD.index(number) if numbering is Numbering.NUMPAD else number


def _parse_coords(rules: Rules, cleaned: str, text: str) -> int:
    """``b2``; also ``b 2``, and the row first: ``2b``, ``2 b``."""
    cleaned = "".join(cleaned.split())
    if cleaned[-1:] in ascii_lowercase and cleaned[:1].isdigit():
        cleaned = cleaned[-1] + cleaned[:-1]
    if len(cleaned) >= 2 and cleaned[0] in ascii_lowercase:
        col = ascii_lowercase.index(cleaned[0])
        number = whole_number(cleaned[1:])
        if number is not None and col < rules.n and 1 <= number <= rules.m:
            return rules.cell(number - 1, col)
    raise CellNameError.worded(
        N_("{text} is not a cell: type a letter a-{column} then a number 1-{row}, like b2"),
        text=shown(text), column=ascii_lowercase[rules.n - 1], row=rules.m,
    )  # fmt: skip


def _checked(rules: object, numbering: object) -> Numbering:
    """``numbering`` (its name accepted too), once ``rules`` is known to be :class:`Rules`.

    Raises :class:`CellNameError` for anything else.
    """
    if not isinstance(rules, Rules):
        raise CellNameError(f"cells are named on a board's Rules, not on {shown(rules)}")
    if isinstance(numbering, str) and numbering in tuple(Numbering):
        return Numbering(numbering)
    raise CellNameError(f"numbering must be one of {', '.join(Numbering)}, not {shown(numbering)}")


def _require_numpad(rules: Rules) -> None:
    if not Numbering.NUMPAD.supports(rules):
        raise CellNameError(f"numpad numbering is only for 3 x 3 boards, not {rules.m} x {rules.n}")
