"""A board picture as text (the terminal game, the checker's reports): empty cells show what
to type, the last move in brackets.

Three layouts, the roomiest that fits the terminal's width: up to 9 columns
wide cells with ruled rows; wider boards narrow cells without rules (a
15 x 15 board takes 63 columns); a board still too wide (26 x 26 would
take 107) one character per cell with the marks for the last move, the
winning lines and the recommended cell in the spaces between (57 columns).
Each draws a :class:`~tictactoe.session.picture.BoardPicture`, the board as
every front end draws it.

Colours (ANSI) only when the output is a terminal, ``NO_COLOR`` is unset
and ``TERM`` is not ``dumb``; without colours the last move is still
marked by its brackets and every cell of every winning line (both lines of a
double win), the last move included, by asterisks. A hint shows in each free cell (``+`` win, ``=``
draw, ``-`` loss), the recommended cell in parentheses.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from string import ascii_lowercase
from typing import TextIO

from tictactoe.core import Mark, Numbering, Rules, cell_name
from tictactoe.session.picture import BoardPicture

RESET = "\x1b[0m"
STYLES = {Mark.X: "\x1b[1;34m", Mark.O: "\x1b[1;33m", None: "\x1b[2m"}
"""ANSI style of each mark - X blue, O yellow-orange, as near as a terminal's colours come
to the windows' colours (:mod:`tictactoe.session.colours`) - and of the names shown in empty
cells (dim)."""
ANSI = re.compile("\x1b\\[[0-9;]*m")
"""An ANSI style, which takes no room on the screen."""
WIN_STYLE = "\x1b[1;97;42m"
"""Bold white on green: the winning lines."""
HINT_STYLES = {"+": "\x1b[1;32m", "=": "\x1b[1;90m", "-": "\x1b[1;35m"}
"""Hint symbols in colour: green wins, grey draws, magenta (the windows' rose) loses."""
ROOMY = 9
"""Boards with at most this many columns get wider cells and lines between rows."""
BIG_LABELS = 2
"""Empty cells show their coordinates only when names are at most this long; else a dot."""
DEFAULT_COLUMNS = 80
"""Width assumed when the output is not a terminal (``COLUMNS`` overrides it)."""


def use_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``stream`` is a terminal and neither ``NO_COLOR`` nor ``TERM=dumb`` is set."""
    env = os.environ if environ is None else environ
    if "NO_COLOR" in env or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_columns() -> int:
    """The terminal's width (``COLUMNS`` if set), 80 when it cannot be told."""
    return shutil.get_terminal_size((DEFAULT_COLUMNS, 24)).columns


def default_numbering(rules: Rules) -> Numbering:
    """Numpad 1-9 on 3 x 3 (the digits are where the keys are), coordinates elsewhere."""
    return Numbering.NUMPAD if Numbering.NUMPAD.supports(rules) else Numbering.COORDS


@dataclass(frozen=True)
class _Marks:
    """What decorates the cells: the last move, the winning lines' cells, a hint."""

    last_move: int | None
    line: frozenset[int]
    hints: Mapping[int, str]
    recommended: int | None
    colour: bool

    def brackets(self, cell: int) -> str:
        """The pair of characters around ``cell`` ("  " for none)."""
        if cell in self.line and not self.colour:
            return "**"
        if cell == self.last_move:
            return "[]"
        if cell == self.recommended:
            return "()"
        return "  "

    def style(self, cell: int, mark: Mark | None, text: str) -> str:
        """The ANSI style of ``cell`` showing ``text`` (empty without colours)."""
        if not self.colour:
            return ""
        if cell in self.line:
            return WIN_STYLE
        if mark is None and cell in self.hints:
            return HINT_STYLES.get(text, STYLES[None])
        return STYLES[mark]


def render(
    picture: BoardPicture,
    numbering: Numbering,
    *,
    colour: bool = False,
    hints: Mapping[int, str] | None = None,
    recommended: int | None = None,
    columns: int = DEFAULT_COLUMNS,
) -> str:
    """``picture`` as lines of text (no trailing newline), at most ``columns`` wide if it can be.

    ``hints`` maps free cells to what to show instead of their names (a hint's
    ``+ = -``); ``recommended`` is put in parentheses.
    """
    marks = _Marks(picture.last_move, picture.winning, hints or {}, recommended, colour)
    board = picture.marks
    rules = picture.rules
    names = [cell_name(rules, cell, numbering) for cell in range(rules.size)]
    coords = numbering is Numbering.COORDS
    show_names = not coords or max(map(len, names)) <= BIG_LABELS
    texts = [
        str(board[cell])
        if board[cell] is not None
        else marks.hints.get(cell, names[cell] if show_names else ".")
        for cell in range(rules.size)
    ]
    margin = len(str(rules.m)) + 1 if coords else 0
    longest = max(map(len, texts))
    width = max(3, longest) if rules.n > ROOMY else longest + 4  # wide boards: tight cells
    width -= 1 - width % 2  # odd, so a mark sits in the middle
    rows = []
    if coords:
        header = " ".join(ascii_lowercase[col].center(width) for col in range(rules.n))
        rows.append(" " * (margin + 2) + header.rstrip())
    rule = " " * (margin + 2) + "+".join("-" * width for _ in range(rules.n))
    for row in range(rules.m):
        if row and rules.n <= ROOMY:
            rows.append(rule)
        parts = []
        for col in range(rules.n):
            cell = rules.cell(row, col)
            text = texts[cell]
            pair = marks.brackets(cell)
            shown = f"{pair[0]}{text}{pair[1]}" if pair != "  " else text
            style = marks.style(cell, board[cell], text)
            padded = shown.center(width)
            parts.append(f"{style}{padded}{RESET}" if style else padded)
        prefix = str(row + 1).rjust(margin - 1) + " " if coords else ""
        rows.append("  " + prefix + "|".join(parts).rstrip())
    if rules.n > ROOMY and max(len(ANSI.sub("", row)) for row in rows) > columns:
        return _compact(picture, marks, margin, coords)
    return "\n".join(rows)


def _compact(picture: BoardPicture, marks: _Marks, margin: int, coords: bool) -> str:
    """One character per cell (a dot when free); brackets, asterisks and parentheses go
    between the cells."""
    rules, board = picture.rules, picture.marks
    rows = []
    if coords:
        rows.append(" " * (margin + 2) + " " + " ".join(ascii_lowercase[: rules.n]))
    for row in range(rules.m):
        gaps = [" "] * (rules.n + 1)  # gaps[col] is left of column col
        chars = []
        for col in range(rules.n):
            cell = rules.cell(row, col)
            pair = marks.brackets(cell)
            left, right = pair[0], pair[1]
            if left != " ":
                gaps[col] = left if gaps[col] == " " else gaps[col]
                gaps[col + 1] = right
            mark = board[cell]
            text = str(mark) if mark is not None else marks.hints.get(cell, ".")
            style = marks.style(cell, mark, text)
            chars.append(f"{style}{text}{RESET}" if style else text)
        line = "".join(gap + char for gap, char in zip(gaps, chars, strict=False)) + gaps[-1]
        prefix = str(row + 1).rjust(margin - 1) + " " if coords else ""
        rows.append("  " + prefix + line.rstrip())
    return "\n".join(rows)
