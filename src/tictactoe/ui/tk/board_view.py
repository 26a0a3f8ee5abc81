"""The board drawn on a Canvas that fills the window and scales when it is resized.

:class:`BoardView` draws a :class:`Picture` (what to show: marks, the
winning line, hints, the cursor, the computer's last move, cell names) and
maps pointer positions back to cells. It knows nothing about the game.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Mapping
from dataclasses import dataclass, field

from tictactoe.core.board import Mark

BACKGROUND = "#f4f1ea"
CELL = "#fffdf8"
GRID = "#5a5a5a"
WIN_HIGHLIGHT = "yellow"
"""Seed 002 highlights the winning squares in yellow."""
GLYPH_COLOURS: Mapping[Mark, str] = {Mark.X: "#1f4e9c", Mark.O: "#b8322a"}
HINT_COLOURS: Mapping[str, str] = {"win": "#9ed99e", "draw": "#bcd3f2", "loss": "#f2b1a8"}
"""Background of a free cell by the outcome of playing there: Value.WIN / DRAW / LOSS."""
CURSOR = "#2a7de1"
LAST_MOVE = "#e08a00"
LABEL = "#9a9a9a"

MARGIN = 8
"""Pixels between the board and the canvas edge."""
GLYPH_FILL = 0.62
"""A glyph's size as a fraction of its cell."""
GLYPH_STROKE = 0.11
"""A glyph's line width as a fraction of its cell (bold)."""
MIN_LABEL_POINTS = 8
"""Cell names never get smaller than this, so they stay readable on 15 x 15."""
CURSOR_STROKE = 0.025
"""The cursor's line width as a fraction of its cell; it runs along the cell's edge."""
LABEL_ROOM = 0.8
"""A cell name must fit in this fraction of its cell's width, else it is not drawn."""


@dataclass(frozen=True)
class Picture:
    """Everything the board shows, by cell index."""

    rows: int
    cols: int
    marks: Mapping[int, Mark] = field(default_factory=dict)
    winning: frozenset[int] = frozenset()
    hints: Mapping[int, str] = field(default_factory=dict)
    """Free cell -> ``win`` / ``draw`` / ``loss`` for the side to move."""
    cursor: int | None = None
    last_computer_move: int | None = None
    labels: Mapping[int, str] = field(default_factory=dict)
    """Free cell -> its name, drawn small in the corner."""


@dataclass(frozen=True)
class Geometry:
    """Where the cells are on the canvas."""

    left: float
    top: float
    cell: float
    rows: int
    cols: int

    @classmethod
    def fit(cls, width: int, height: int, rows: int, cols: int) -> Geometry:
        """The largest square cells that fit ``width`` x ``height``, centred."""
        cell = max(4.0, min((width - 2 * MARGIN) / cols, (height - 2 * MARGIN) / rows))
        left = (width - cell * cols) / 2
        top = (height - cell * rows) / 2
        return cls(left, top, cell, rows, cols)

    def box(self, index: int) -> tuple[float, float, float, float]:
        """The cell's rectangle: x0, y0, x1, y1."""
        row, col = divmod(index, self.cols)
        x0 = self.left + col * self.cell
        y0 = self.top + row * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def centre(self, index: int) -> tuple[float, float]:
        """The middle of the cell, in canvas pixels."""
        x0, y0, x1, y1 = self.box(index)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under canvas point (x, y), or None outside the board."""
        col = int((x - self.left) // self.cell)
        row = int((y - self.top) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None


class BoardView(tk.Canvas):
    """A canvas that redraws its :class:`Picture` whenever it is resized."""

    def __init__(self, master: tk.Misc, picture: Picture, *, width: int, height: int) -> None:
        super().__init__(
            master, background=BACKGROUND, highlightthickness=0, width=width, height=height
        )
        self.picture = picture
        self.geometry = Geometry.fit(1, 1, picture.rows, picture.cols)
        self.bind("<Configure>", lambda _event: self.redraw())

    def show(self, picture: Picture) -> None:
        """Draw ``picture`` (at once)."""
        self.picture = picture
        self.redraw()

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under canvas point (x, y), or None."""
        return self.geometry.cell_at(x, y)

    def redraw(self) -> None:
        """Draw the current picture at the canvas's current size."""
        picture = self.picture
        self.geometry = geometry = Geometry.fit(
            self.winfo_width(), self.winfo_height(), picture.rows, picture.cols
        )
        self.delete("all")
        for index in range(picture.rows * picture.cols):
            fill = CELL
            if index in picture.winning:
                fill = WIN_HIGHLIGHT
            elif index in picture.hints:
                fill = HINT_COLOURS.get(picture.hints[index], CELL)
            self.create_rectangle(
                *geometry.box(index), fill=fill, outline=GRID, width=1, tags=("cell", f"c{index}")
            )
        for index, text in picture.labels.items():
            if index not in picture.marks:
                self._label(index, text)
        if picture.last_computer_move is not None:
            self._frame(picture.last_computer_move, LAST_MOVE, "last", 0.05)
        for index, mark in picture.marks.items():
            self._glyph(index, mark)
        if picture.cursor is not None:
            # Along the cell's edge, clear of the cell name and over the last move's frame.
            self._frame(picture.cursor, CURSOR, "cursor", CURSOR_STROKE)

    def _label(self, index: int, text: str) -> None:
        """The cell's name in its top left corner, inside the cursor; left out if it cannot fit."""
        g = self.geometry
        x0, y0, _x1, _y1 = g.box(index)
        points = max(MIN_LABEL_POINTS, round(g.cell * 0.15))
        clear = max(2.0, g.cell * CURSOR_STROKE) + 2
        item = self.create_text(
            x0 + max(g.cell * 0.06, clear),
            y0 + max(g.cell * 0.04, clear),
            text=text,
            anchor="nw",
            fill=LABEL,
            font=("TkDefaultFont", -points),
            tags=("label", f"l{index}"),
        )
        left, top, right, bottom = self.bbox(item)
        if right - left > g.cell * LABEL_ROOM or bottom - top > g.cell * 0.45:
            self.delete(item)

    def _frame(self, index: int, colour: str, tag: str, thickness: float) -> None:
        """An outline along the inside of the cell's edge, ``thickness`` (of the cell) wide."""
        g = self.geometry
        x0, y0, x1, y1 = g.box(index)
        width = max(2.0, g.cell * thickness)
        inset = width / 2 + 1
        self.create_rectangle(
            x0 + inset,
            y0 + inset,
            x1 - inset,
            y1 - inset,
            outline=colour,
            width=width,
            tags=(tag,),
        )

    def _glyph(self, index: int, mark: Mark) -> None:
        g = self.geometry
        cx, cy = g.centre(index)
        half = g.cell * GLYPH_FILL / 2
        width = max(2.0, g.cell * GLYPH_STROKE)
        colour = GLYPH_COLOURS[mark]
        tags = ("glyph", f"g{index}", mark.value)
        if mark is Mark.X:
            for dx in (-half, half):
                self.create_line(
                    cx - dx,
                    cy - half,
                    cx + dx,
                    cy + half,
                    fill=colour,
                    width=width,
                    capstyle="round",
                    tags=tags,
                )
        else:
            self.create_oval(
                cx - half, cy - half, cx + half, cy + half, outline=colour, width=width, tags=tags
            )
