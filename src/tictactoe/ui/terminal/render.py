"""Drawing a board as text: empty cells show what to type, the last move in brackets.

Colours (ANSI) only when the output is a terminal, ``NO_COLOR`` is unset
and ``TERM`` is not ``dumb``; without colours the last move is still
marked by its brackets and the winning line by asterisks.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from string import ascii_lowercase
from typing import TextIO

from tictactoe.core import cells
from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules

RESET = "\x1b[0m"
STYLES = {Mark.X: "\x1b[1;36m", Mark.O: "\x1b[1;33m", None: "\x1b[2m"}
"""ANSI style of each mark, and of the names shown in empty cells (dim)."""
WIN_STYLE = "\x1b[1;97;42m"
"""Bold white on green: the winning line."""
ROOMY = 9
"""Boards with at most this many columns get wider cells and lines between rows."""
BIG_LABELS = 2
"""Empty cells show their coordinates only when names are at most this long; else a dot."""


def use_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``stream`` is a terminal and neither ``NO_COLOR`` nor ``TERM=dumb`` is set."""
    env = os.environ if environ is None else environ
    if "NO_COLOR" in env or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def default_numbering(rules: Rules) -> Numbering:
    """Numpad 1-9 on 3 x 3 (seed 004: the digits are where the keys are), coordinates elsewhere."""
    return Numbering.NUMPAD if Numbering.NUMPAD.supports(rules) else Numbering.COORDS


def render(
    board: Board,
    numbering: Numbering,
    *,
    last_move: int | None = None,
    line: frozenset[int] = frozenset(),
    colour: bool = False,
) -> str:
    """The board as lines of text (no trailing newline)."""
    rules = board.rules
    names = [cells.label(rules, cell, numbering) for cell in range(rules.size)]
    coords = numbering is Numbering.COORDS
    show_names = not coords or max(map(len, names)) <= BIG_LABELS
    longest = max(map(len, names)) if show_names else 1
    width = max(3, longest) if rules.n > ROOMY else longest + 4  # wide boards: tight cells
    width -= 1 - width % 2  # odd, so a mark sits in the middle
    margin = len(str(rules.m)) + 1 if coords else 0
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
            parts.append(
                _cell(
                    board[cell],
                    names[cell] if show_names else ".",
                    cell,
                    width,
                    last_move,
                    line,
                    colour,
                )
            )
        prefix = str(row + 1).rjust(margin - 1) + " " if coords else ""
        rows.append("  " + prefix + "|".join(parts).rstrip())
    return "\n".join(rows)


def _cell(
    mark: Mark | None,
    name: str,
    cell: int,
    width: int,
    last_move: int | None,
    line: frozenset[int],
    colour: bool,
) -> str:
    text = name if mark is None else str(mark)
    if cell == last_move:
        text = f"[{text}]"
    elif cell in line and not colour:
        text = f"*{text}*"
    padded = text.center(width)
    if not colour:
        return padded
    style = WIN_STYLE if cell in line else STYLES[mark]
    return f"{style}{padded}{RESET}"
