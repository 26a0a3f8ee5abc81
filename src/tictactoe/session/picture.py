"""The board as every front end draws it: one toolkit-neutral :class:`BoardPicture`.

A picture is worked out once from the position on the screen (the game's or a
saved game's) and holds everything the board shows: each cell's mark, the last
move, the winning lines - each a straight run with its two end cells, two of
them for a move that completes two at once, one through all the marks of an
overline -, the hints, the keyboard cursor and a cell just refused. The tk
canvas, the Pygame Zero window and the terminal draw it; the web room sends its
lines to the page (:meth:`BoardPicture.ends`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tictactoe.core import Board, Mark, Rules, WinningLine
from tictactoe.session.jobs import Hints


@dataclass(frozen=True)
class BoardPicture:
    """What the board shows, by cell index (see the module's description)."""

    rules: Rules
    marks: tuple[Mark | None, ...]
    """Each cell's mark, None where it is free."""
    last_move: int | None = None
    """The move that led to this position (a dot on its mark)."""
    lines: tuple[WinningLine, ...] = ()
    """The winning lines, in the order the board finds them (empty until somebody has won)."""
    hints: Mapping[int, str] = field(default_factory=dict)
    """Hinted free cell -> its tone for the side to move: ``win``, ``better``, ``draw``,
    ``worse``, ``loss``."""
    ranks: Mapping[int, str] = field(default_factory=dict)
    """A big board's suggested cells -> "1", "2", "3" (the best first)."""
    cursor: int | None = None
    """The keyboard cursor's cell, while it can play there."""
    refused: int | None = None
    """A cell just clicked that could not be played (the computer's turn, or taken)."""

    @classmethod
    def of(
        cls,
        board: Board,
        last_move: int | None = None,
        *,
        hints: Hints | None = None,
        cursor: int | None = None,
        refused: int | None = None,
    ) -> BoardPicture:
        """The picture of ``board`` reached by ``last_move``, with ``hints`` for it if given."""
        return cls(
            rules=board.rules,
            marks=tuple(board[cell] for cell in range(board.rules.size)),
            last_move=last_move,
            lines=board.winning_lines,
            hints=hints.tones if hints is not None else {},
            ranks=hints.ranks if hints is not None else {},
            cursor=cursor,
            refused=refused,
        )

    @property
    def placed(self) -> dict[int, Mark]:
        """The taken cells and their marks."""
        return {cell: mark for cell, mark in enumerate(self.marks) if mark is not None}

    @property
    def winning(self) -> frozenset[int]:
        """Every cell of every winning line (the cells a front end highlights)."""
        return frozenset(cell for line in self.lines for cell in line.cells)

    def ends(self) -> list[list[int]]:
        """Each winning line's first and last cell, ``[[start, end], ...]`` (the web room's
        ``lines``)."""
        return [[line.start, line.end] for line in self.lines]
