"""Where to draw the line through a won game's marks (for every front end that draws one)."""

from __future__ import annotations

from tictactoe.core import DIRECTIONS, Rules

WinLine = tuple[int, int]
"""The first and last cell of one winning line."""


def winning_lines(cells: frozenset[int], last: int | None, rules: Rules) -> tuple[WinLine, ...]:
    """The winning lines through ``last`` whose cells are all in ``cells``, as (first, last).

    A game ends on the move that completes a line, so every winning line
    runs through the last move; each is as long as the marks go (k or more).
    """
    if last is None or last not in cells:
        return ()
    lines: list[WinLine] = []
    row, col = rules.row_col(last)
    for dr, dc in DIRECTIONS:
        ends = []
        for sign in (-1, 1):
            r, c = row, col
            while (
                0 <= r + sign * dr < rules.m
                and 0 <= c + sign * dc < rules.n
                and rules.cell(r + sign * dr, c + sign * dc) in cells
            ):
                r, c = r + sign * dr, c + sign * dc
            ends.append((r, c))
        (r0, c0), (r1, c1) = ends
        if max(abs(r1 - r0), abs(c1 - c0)) + 1 >= rules.k:
            lines.append((rules.cell(r0, c0), rules.cell(r1, c1)))
    return tuple(lines)
