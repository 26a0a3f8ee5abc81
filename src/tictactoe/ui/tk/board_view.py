"""The board on a Canvas: drawn once, then only what changed; scales with the window.

:class:`BoardView` draws a :class:`Drawing` - the session's
:class:`~tictactoe.session.picture.BoardPicture` (marks, the winning lines,
hints, the cursor, the last move, a refused cell) with the window's own cell
names - and maps pointer positions back to cells. It knows nothing about the
game.

Two looks:

- small boards (up to 6 x 6): marks in cells on a plain surface with inner
  grid lines, each free cell's name small in its corner;
- big boards (7 x 7 and up): a gomoku board - grid lines through the
  points, marks on the intersections, coordinates (``a``-``o`` across,
  ``1``-``15`` down, as cell names read) on the edges, star points.

:meth:`BoardView.show` compares the new picture with the one on screen and
touches only the cells that changed (a move on 26 x 26 redraws one mark,
not the board), so your mark is on the screen at once, before the
computer's thinking starts. A new mark grows in briefly; each winning line
is drawn from one end to the other.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Mapping
from dataclasses import dataclass, field

from tictactoe.core import Mark, column_name
from tictactoe.session.colours import LAST_MOVE_DOT
from tictactoe.session.picture import BoardPicture
from tictactoe.ui.tk.theme import Palette

GOMOKU_FROM = 7
"""Boards with this many rows or columns (or more) are drawn as gomoku boards."""
MARGIN = 8
"""Pixels between the board and the canvas edge (times the screen's scale)."""
EDGE = 0.6
"""A gomoku board's wood beyond its outer cells, for the coordinates (a fraction of a cell)."""
MARK_REACH = 0.4
"""How far a gomoku board's mark reaches from its point, stroke included (a fraction of a
cell): the coordinates keep out of it."""
GLYPH_FILL = 0.62
"""A mark's size as a fraction of its cell."""
GLYPH_STROKE = 0.11
"""A mark's line width as a fraction of its cell (bold)."""
GOMOKU_STROKE = 0.12
MIN_LABEL_POINTS = 8
"""Cell names and coordinates never get smaller than this (pixels), so they stay readable."""
CURSOR_STROKE = 0.025
"""The cursor's line width on small boards as a fraction of its cell; it runs along the edge."""
RANK_SIZE = 0.5
"""A recommended move's number, as a fraction of its cell's height."""
LABEL_ROOM = 0.8
"""A cell name must fit in this fraction of its cell's width, else it is not drawn."""
GROW_STEPS = (0.55, 0.75, 0.9, 1.0)
"""Sizes a new mark is drawn at, one step per :data:`STEP_MS` (it appears at once, small)."""
LINE_STEPS = 8
"""Steps the winning line takes to be drawn from one end to the other."""
STEP_MS = 30


def is_gomoku(rows: int, cols: int) -> bool:
    """True when the board is drawn as a gomoku board (marks on the intersections)."""
    return max(rows, cols) >= GOMOKU_FROM


@dataclass(frozen=True)
class Drawing:
    """What the canvas shows: the board's picture and the window's own cell names."""

    board: BoardPicture
    labels: Mapping[int, str] = field(default_factory=dict)
    """Free cell -> its name, drawn small in the corner (small boards)."""
    coordinates: bool = True
    """A gomoku board's letters and numbers on its edges."""

    @property
    def rows(self) -> int:
        """The board's rows."""
        return self.board.rules.m

    @property
    def cols(self) -> int:
        """The board's columns."""
        return self.board.rules.n


@dataclass(frozen=True)
class Geometry:
    """Where the cells are on the canvas (on a gomoku board a cell's centre is its point)."""

    left: float
    top: float
    cell: float
    rows: int
    cols: int

    @classmethod
    def fit(cls, width: int, height: int, rows: int, cols: int, *, scale: float = 1.0) -> Geometry:
        """The largest square cells that fit ``width`` x ``height``, centred."""
        edge = 2 * EDGE if is_gomoku(rows, cols) else 0.0
        margin = 2 * MARGIN * scale
        cell = max(4.0, min((width - margin) / (cols + edge), (height - margin) / (rows + edge)))
        left = (width - cell * cols) / 2
        top = (height - cell * rows) / 2
        return cls(left, top, cell, rows, cols)

    def box(self, index: int) -> tuple[float, float, float, float]:
        """The cell's square: x0, y0, x1, y1."""
        row, col = divmod(index, self.cols)
        x0 = self.left + col * self.cell
        y0 = self.top + row * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def centre(self, index: int) -> tuple[float, float]:
        """The middle of the cell (a gomoku board's intersection), in canvas pixels."""
        x0, y0, x1, y1 = self.box(index)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under canvas point (x, y) (the nearest point on a gomoku board), or None."""
        col = int((x - self.left) // self.cell)
        row = int((y - self.top) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None


LAYERS = ("tiles", "labels", "halos", "glyphs")
"""Per-cell items, bottom to top; the cursor, last-move dot and winning lines go over them."""


class BoardView(tk.Canvas):
    """A canvas showing a :class:`Drawing`; redrawn whole only when resized or restyled."""

    def __init__(
        self,
        master: tk.Misc,
        picture: Drawing,
        colours: Palette,
        *,
        width: int,
        height: int,
        scale: float = 1.0,
    ) -> None:
        super().__init__(
            master,
            background=colours.window,
            highlightthickness=0,
            width=width,
            height=height,
        )
        self.picture = picture
        self.colours = colours
        self.scale_factor = scale
        self.geometry = Geometry.fit(1, 1, picture.rows, picture.cols, scale=scale)
        self.full_redraws = 0
        """How many times the whole board was drawn (for tests and benchmarks)."""
        self._shown: Drawing | None = None
        self._ceilings: dict[str, int] = {}
        self._steps: dict[str, str] = {}
        self.bind("<Configure>", lambda _event: self.redraw())

    def destroy(self) -> None:
        """Cancel the animations still to come, then go.

        A timer left behind would fire later under a Tcl command name that
        tkinter may already have given to another callback.
        """
        self._stop_steps()
        super().destroy()

    def _stop_steps(self) -> None:
        for pending in self._steps.values():
            self.after_cancel(pending)
        self._steps.clear()

    @property
    def gomoku(self) -> bool:
        """True while the board is drawn as a gomoku board."""
        return is_gomoku(self.picture.rows, self.picture.cols)

    def show(self, picture: Drawing) -> None:
        """Bring the canvas to ``picture``, drawing only what changed."""
        old, self.picture = self._shown, picture
        if old is None or (old.board.rules, old.coordinates) != (
            picture.board.rules,
            picture.coordinates,
        ):
            self.redraw()
            return
        before, after = old.board, picture.board
        changed = set()
        if before.marks != after.marks:
            changed = {
                cell
                for cell, (was, now) in enumerate(zip(before.marks, after.marks, strict=True))
                if was != now
            }
        for was_at, now_at in (
            (before.hints, after.hints),
            (before.ranks, after.ranks),
            (old.labels, picture.labels),
        ):
            changed |= {cell for cell in {*was_at, *now_at} if was_at.get(cell) != now_at.get(cell)}
        changed |= before.winning ^ after.winning
        for cell in sorted(changed):
            grow = after.marks[cell] is not None and before.marks[cell] is None
            self._draw_cell(cell, grow=grow)
        markers = (before.cursor, before.last_move, before.refused)
        if markers != (after.cursor, after.last_move, after.refused) or changed:
            self._draw_markers()
        if before.lines != after.lines:
            self._draw_lines(animate=True)
        self._shown = picture

    def set_colours(self, colours: Palette) -> None:
        """Redraw everything in other colours (light or dark)."""
        self.colours = colours
        self.configure(background=colours.window)
        self.redraw()

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under canvas point (x, y), or None."""
        return self.geometry.cell_at(x, y)

    def redraw(self) -> None:
        """Draw the whole picture at the canvas's current size."""
        picture = self.picture
        self.full_redraws += 1
        self._stop_steps()
        self.geometry = Geometry.fit(
            self.winfo_width(),
            self.winfo_height(),
            picture.rows,
            picture.cols,
            scale=self.scale_factor,
        )
        self.delete("all")
        if self.gomoku:
            self._draw_gomoku_board()
        else:
            self._draw_grid()
        self._ceilings = {
            layer: self.create_line(0, 0, 0, 0, state="hidden", tags=("ceiling",))
            for layer in LAYERS
        }
        for cell in range(picture.rows * picture.cols):
            self._draw_cell(cell)
        self._draw_markers()
        self._draw_lines(animate=False)
        self._shown = picture

    # --- the board itself -------------------------------------------------------

    def _draw_grid(self) -> None:
        """A small board: the lines between the cells, none around the outside."""
        g, colours = self.geometry, self.colours
        width = max(2.0 * self.scale_factor, g.cell * 0.03)
        right, bottom = g.left + g.cols * g.cell, g.top + g.rows * g.cell
        inset = g.cell * 0.06
        lines = [
            (x, g.top + inset, x, bottom - inset)
            for x in (g.left + col * g.cell for col in range(1, g.cols))
        ] + [
            (g.left + inset, y, right - inset, y)
            for y in (g.top + row * g.cell for row in range(1, g.rows))
        ]
        for line in lines:
            self.create_line(
                *line, fill=colours.grid, width=width, capstyle="round", tags=("grid",)
            )

    def _draw_gomoku_board(self) -> None:
        """A big board: wood, lines through the points, star points, coordinates."""
        g, colours, picture = self.geometry, self.colours, self.picture
        edge = g.cell * EDGE
        right, bottom = g.left + g.cols * g.cell, g.top + g.rows * g.cell
        self.create_rectangle(
            g.left - edge,
            g.top - edge,
            right + edge,
            bottom + edge,
            fill=colours.wood,
            outline=colours.wood_line,
            width=1,
            tags=("board",),
        )
        first_x, first_y = g.centre(0)
        last_x, last_y = g.centre(g.rows * g.cols - 1)
        line = max(1.0, round(self.scale_factor))
        for col in range(g.cols):
            x = first_x + col * g.cell
            self.create_line(
                x, first_y, x, last_y, fill=colours.wood_line, width=line, tags=("grid",)
            )
        for row in range(g.rows):
            y = first_y + row * g.cell
            self.create_line(
                first_x, y, last_x, y, fill=colours.wood_line, width=line, tags=("grid",)
            )
        radius = max(2.0, g.cell * 0.08)
        for row, col in star_points(g.rows, g.cols):
            self._dot(g.centre(row * g.cols + col), radius, colours.wood_line, ("grid",))
        if not picture.coordinates:
            return
        size = -max(MIN_LABEL_POINTS, round(g.cell * 0.36))
        font = ("TkDefaultFont", size)
        # In the middle of the wood between its edge and the outer marks, which reach a third
        # of a cell beyond the first line: never under a mark.
        letters_y = g.top + g.cell * (0.5 - MARK_REACH) / 2 - edge / 2
        numbers_x = g.left + g.cell * (0.5 - MARK_REACH) / 2 - edge / 2
        for col in range(g.cols):
            self.create_text(
                first_x + col * g.cell,
                letters_y,
                text=column_name(col),
                fill=colours.wood_line,
                font=font,
                tags=("coords",),
            )
        for row in range(g.rows):
            self.create_text(
                numbers_x,
                first_y + row * g.cell,
                text=str(row + 1),
                fill=colours.wood_line,
                font=font,
                tags=("coords",),
            )

    # --- one cell -------------------------------------------------------------------

    def _draw_cell(self, index: int, *, grow: bool = False) -> None:
        """The tile (hint or win), name, halo and mark of one cell, replacing the old ones."""
        picture, g, colours = self.picture, self.geometry, self.colours
        for tag in (f"c{index}", f"l{index}", f"h{index}", f"g{index}"):
            self.delete(tag)
            pending = self._steps.pop(tag, None)
            if pending is not None:
                self.after_cancel(pending)
        board = picture.board
        won = index in board.winning
        hint = board.hints.get(index)
        if not self.gomoku:
            fill = colours.halo if won else colours.hints.get(hint, "") if hint else ""
            self._tile(index, max(1.0, g.cell * 0.07), fill)
        elif hint is not None:
            self._tile(index, g.cell * 0.12, colours.hints.get(hint, colours.wood))
        mark = board.marks[index]
        text = picture.labels.get(index)
        if text is not None and mark is None and not self.gomoku:
            self._label(index, text)
        rank = board.ranks.get(index)
        if rank is not None and mark is None:
            self._rank(index, rank)
        if won and self.gomoku:
            self._put(
                self._dot(g.centre(index), g.cell * 0.46, colours.halo, ("halo", f"h{index}")),
                "halos",
            )
        if mark is not None:
            self._glyph(index, mark, GROW_STEPS[0] if grow else 1.0)
            if grow:
                self._grow(index, mark, 1)

    def _put(self, item: int, layer: str) -> None:
        self.tag_lower(item, self._ceilings[layer])

    def _label(self, index: int, text: str) -> None:
        """The cell's name in its top left corner, inside the cursor; left out if it cannot fit."""
        g = self.geometry
        x0, y0, _x1, _y1 = g.box(index)
        points = max(MIN_LABEL_POINTS, round(g.cell * 0.15))
        clear = max(2.0, g.cell * CURSOR_STROKE) + 2
        item = self.create_text(
            x0 + max(g.cell * 0.08, clear),
            y0 + max(g.cell * 0.06, clear),
            text=text,
            anchor="nw",
            fill=self.colours.label,
            font=("TkDefaultFont", -points),
            tags=("label", f"l{index}"),
        )
        left, top, right, bottom = self.bbox(item)
        if right - left > g.cell * LABEL_ROOM or bottom - top > g.cell * 0.45:
            self.delete(item)
            return
        self._put(item, "labels")

    def _rank(self, index: int, rank: str) -> None:
        """A recommended move's number, bold in the middle of its hint tile."""
        g = self.geometry
        cx, cy = g.centre(index)
        points = max(MIN_LABEL_POINTS, round(g.cell * RANK_SIZE))
        item = self.create_text(
            cx,
            cy,
            text=rank,
            fill=self.colours.text,
            font=("TkDefaultFont", -points, "bold"),
            tags=("rank", f"l{index}"),
        )
        self._put(item, "labels")

    def _glyph_shape(self, index: int, mark: Mark, size: float) -> list[list[float]]:
        """Coordinates of a mark's items at ``size`` (1.0: full size)."""
        g = self.geometry
        cx, cy = g.centre(index)
        fill = GLYPH_FILL if not self.gomoku else 0.66
        half = g.cell * fill * size / 2
        if mark is Mark.X:
            return [
                [cx - half, cy - half, cx + half, cy + half],
                [cx + half, cy - half, cx - half, cy + half],
            ]
        return [[cx - half, cy - half, cx + half, cy + half]]

    def _glyph(self, index: int, mark: Mark, size: float) -> None:
        g = self.geometry
        stroke = GOMOKU_STROKE if self.gomoku else GLYPH_STROKE
        width = max(2.0, g.cell * stroke)
        colour = self.colours.marks[mark]
        tags = ("glyph", f"g{index}", mark.value)
        for coords in self._glyph_shape(index, mark, size):
            if mark is Mark.X:
                item = self.create_line(
                    *coords, fill=colour, width=width, capstyle="round", tags=tags
                )
            else:
                item = self.create_oval(*coords, outline=colour, width=width, tags=tags)
            self._put(item, "glyphs")

    def _tile(self, index: int, inset: float, fill: str) -> None:
        """The square behind cell ``index``, ``inset`` inside its edges (a hint's or a win's)."""
        x0, y0, x1, y1 = self.geometry.box(index)
        self._put(
            self.create_rectangle(
                x0 + inset, y0 + inset, x1 - inset, y1 - inset,
                fill=fill, outline="", tags=("cell", f"c{index}"),
            ),
            "tiles",
        )  # fmt: skip

    def _dot(
        self, centre: tuple[float, float], radius: float, colour: str, tags: tuple[str, ...]
    ) -> int:
        """A filled disc of ``radius`` around ``centre``, without an outline."""
        x, y = centre
        return self.create_oval(
            x - radius, y - radius, x + radius, y + radius, fill=colour, outline="", tags=tags
        )

    def _grow(self, index: int, mark: Mark, step: int) -> None:
        """One step of a new mark growing to full size."""
        tag = f"g{index}"
        self._steps.pop(tag, None)
        items = self.find_withtag(tag)
        if step >= len(GROW_STEPS) or not items:
            return
        for item, coords in zip(
            items, self._glyph_shape(index, mark, GROW_STEPS[step]), strict=False
        ):
            self.coords(item, *coords)
        self._steps[tag] = self.after(STEP_MS, lambda: self._grow(index, mark, step + 1))

    # --- markers over the cells --------------------------------------------------------

    def _draw_markers(self) -> None:
        """The cursor, the refused cell's frame and the last move's dot."""
        self.delete("cursor", "refused", "last")
        board, g, colours = self.picture.board, self.geometry, self.colours
        if board.last_move is not None:
            r = max(2.5 * self.scale_factor, g.cell * LAST_MOVE_DOT / 2)
            self._dot(g.centre(board.last_move), r, colours.last_move, ("last",))
        for cell, colour, tag in (
            (board.cursor, colours.cursor, "cursor"),
            (board.refused, colours.lose, "refused"),
        ):
            if cell is not None:
                self._frame(cell, colour, tag)
        self.tag_raise("winline")

    def _frame(self, cell: int, colour: str, tag: str) -> None:
        """A frame along the inside of ``cell``'s edges (the cursor, a refused cell)."""
        g = self.geometry
        x0, y0, x1, y1 = g.box(cell)
        if self.gomoku:
            width = max(1.5, 2.0 * self.scale_factor)
            inset = g.cell * 0.04
        else:
            width = max(2.0, g.cell * CURSOR_STROKE)
            inset = width / 2 + 1
        self.create_rectangle(
            x0 + inset, y0 + inset, x1 - inset, y1 - inset,
            outline=colour, width=width, tags=(tag,),
        )  # fmt: skip

    def _draw_lines(self, *, animate: bool) -> None:
        """Each winning line through its marks, over a casing; drawn end to end if ``animate``."""
        self.delete("winline")
        pending = self._steps.pop("winline", None)
        if pending is not None:
            self.after_cancel(pending)
        lines = self.picture.board.lines
        if not lines:
            return
        g, colours = self.geometry, self.colours
        width = max(4.0 * self.scale_factor, g.cell * (0.09 if self.gomoku else 0.07))
        casing = width + max(3.0, 2.0 * self.scale_factor) * 2
        for colour, thick in ((colours.casing, casing), (colours.win, width)):
            for first, last, _cells in lines:  # every casing under every line
                x0, y0 = g.centre(first)
                self.create_line(
                    x0,
                    y0,
                    x0,
                    y0,
                    fill=colour,
                    width=thick,
                    capstyle="round",
                    tags=("winline", f"winline{first}-{last}"),
                )
        self._extend_lines(LINE_STEPS if not animate else 1)

    def _extend_lines(self, step: int) -> None:
        self._steps.pop("winline", None)
        g = self.geometry
        progress = min(1.0, step / LINE_STEPS)
        reach = g.cell * 0.3
        for first, last, _cells in self.picture.board.lines:
            (x0, y0), (x1, y1) = g.centre(first), g.centre(last)
            length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            sx, sy = x0 - ux * reach, y0 - uy * reach
            ex, ey = x1 + ux * reach, y1 + uy * reach
            tip = (sx + (ex - sx) * progress, sy + (ey - sy) * progress)
            for item in self.find_withtag(f"winline{first}-{last}"):
                self.coords(item, sx, sy, *tip)
        self.tag_raise("winline")
        if progress < 1.0:
            self._steps["winline"] = self.after(STEP_MS, lambda: self._extend_lines(step + 1))


def star_points(rows: int, cols: int) -> list[tuple[int, int]]:
    """Where a gomoku board has its dots: the centre, and four more on boards of 13 and up."""
    points = []
    if rows % 2 and cols % 2:
        points.append((rows // 2, cols // 2))
    if min(rows, cols) >= 13:
        for row in (3, rows - 4):
            for col in (3, cols - 4):
                points.append((row, col))
    return points
