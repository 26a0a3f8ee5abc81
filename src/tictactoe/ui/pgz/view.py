"""The window's look as plain numbers: window size, colours, cell geometry on any m x n board.

Nothing here imports pygame, so the geometry is tested on its own. On 3 x 3
the board is a 400 x 400 square with ``CELL = WIDTH // 3``. The
colours are the board's shared look (:mod:`tictactoe.session.colours`), the same as the
desktop window's and the web page's: a pale board with grey lines (a wooden
one from 7 x 7 up), X blue and O orange, drawn the same size, the winning
line green through its marks on pale green tiles, the last move a pink dot
at the centre of its mark. Under the board a status strip says whose turn it
is, the result, the level and the score, so no message ever covers a row of
cells.

Bigger boards get a bigger window (up to what the screen holds) with cells
of at least :data:`BIG_CELL` pixels where there is room. The window can be
resized; the board scales with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tictactoe.core import Rules, column_name
from tictactoe.session import colours

TITLE = "tic-tac-toe"
"""The window's name (translated as the game's name in other languages)."""
WIDTH = HEIGHT = 400
"""The window's size on 3 x 3 (the board's square)."""
STRIP = 64
"""Height of the status strip under the board."""
BIG_CELL = 34
"""Cell size a big board gets when the screen has room."""
SCREEN_RESERVE = 100
"""Pixels of the screen left for the desktop's panels and the window's frame."""
SMALLEST = (320, 240)
"""The window never gets smaller than this (width, board height)."""
GUTTER = 22
"""Room left of and above a board bigger than 3 x 3 for its coordinates (``a`` ..., 1 ...),
the names its hints and the thinking progress give cells."""

LOOK = colours.LIGHT
"""The board's colours: the shared light look (the strip under it is dark)."""
WOOD_FROM = 7
"""Boards with this many rows or columns (or more) are wooden, as the desktop window's."""
FLASH = "white"
"""The outline of a cell clicked while the computer thinks."""
CURSOR = LOOK.window["cursor"]
"""The frame of the keyboard cursor's cell (the desktop window's violet)."""
STRIP_BACKGROUND = (40, 40, 40)
STRIP_TEXT = "white"
STRIP_MUTED = (200, 200, 200)
WIN_TEXT = (140, 230, 120)
LOSE_TEXT = (255, 150, 130)
OVERLAY = (30, 30, 30, 215)
"""The help and quit panels over the board: dark, the board still faintly visible."""

TILE_INSET = 0.06
"""A tile (a hint, the winning line) leaves this much of its cell free on each side."""
MARK_FILL = 0.62
"""An X or an O, stroke included, spans this much of its cell (the desktop window's too)."""
STROKE = 0.11
"""A mark's line width as a fraction of its cell."""

PANEL_MARGIN = 16
"""Space around a list or settings panel's contents."""
ROW_GAP = 4
"""Space between two rows of a panel."""
FOOTER_LINES = 3
"""Lines a panel's footer may take (a note on the chosen setting, then the keys)."""
VALUE_WIDTH = 200
"""Width of a settings row's value between its two arrows."""
BUTTON_SIZE = 26
"""Height (and width, for the arrows) of the replay's buttons in the strip."""
PLAY_BUTTON_WIDTH = 200
"""Widest the replay's "play on from here" button gets."""

RGB = tuple[int, int, int]
NAMED: dict[str, RGB] = {"white": (255, 255, 255)}
"""The RGB values of the named colours above."""
BADGE_TEXT = (25, 25, 25)
"""The rank (1, 2, 3) written in a suggested cell."""
PANEL_ROW = (70, 70, 70)
"""The chosen row of a list or settings panel."""
BUTTON = (75, 75, 75)
BUTTON_OFF = (55, 55, 55)
"""The replay's buttons in the strip, and a button that does nothing here (greyed)."""
BUTTON_INK = (235, 235, 235)
BUTTON_INK_OFF = (120, 120, 120)


def rgb(colour: str | RGB) -> RGB:
    """The RGB triple of a colour name from :data:`NAMED`, a ``#rrggbb`` colour, or the triple."""
    if isinstance(colour, str):
        return colours.rgb(colour) if colour.startswith("#") else NAMED[colour]
    return colour


def hint_colour(tone: str) -> RGB:
    """A hinted cell's tile (``win``, ``better``, ``draw``, ``worse``, ``loss``)."""
    return rgb(LOOK.hints[tone])


def is_wooden(rules: Rules) -> bool:
    """True for boards drawn wooden (7 x 7 and up), as the desktop window draws them."""
    return max(rules.m, rules.n) >= WOOD_FROM


def board_colour(rules: Rules) -> RGB:
    """The board's surface under ``rules``'s cells."""
    return rgb(LOOK.wood if is_wooden(rules) else LOOK.board)


def line_colour(rules: Rules) -> RGB:
    """The lines between the cells (and the coordinates beside them)."""
    return rgb(LOOK.wood_line if is_wooden(rules) else LOOK.grid)


def mark_colour(mark: str) -> RGB:
    """The colour of ``mark`` ("X" or "O"): X blue, O orange, on every board."""
    return rgb(LOOK.x if mark == "X" else LOOK.o)


def is_seed_board(rules: Rules) -> bool:
    """True on 3 x 3, the classic board: its own window, with no coordinates beside it."""
    return (rules.m, rules.n) == (3, 3)


def window_size(rules: Rules, desktop: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window's first size for ``rules``: a 400 x 400 board on 3 x 3 (plus the
    strip), bigger boards with cells of :data:`BIG_CELL` pixels, within ``desktop``."""
    longest = max(rules.m, rules.n)
    gutter = gutter_for(rules)
    side = max(WIDTH, BIG_CELL * longest)
    if desktop is not None:
        room = min(desktop[0], desktop[1] - STRIP) - SCREEN_RESERVE - gutter
        side = max(min(side, room), SMALLEST[1])
    cell = side // longest
    width = side if rules.n == longest else max(min(side, WIDTH), cell * rules.n)
    board = side if rules.m == longest else max(SMALLEST[1], cell * rules.m)
    return width + gutter, board + gutter + STRIP


def gutter_for(rules: Rules) -> int:
    """The room for coordinates beside and above the board: none on 3 x 3."""
    return 0 if is_seed_board(rules) else GUTTER


@dataclass(frozen=True)
class Rect:
    """A rectangle in window pixels: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def centre(self) -> tuple[int, int]:
        """The middle pixel."""
        return self.x + self.w // 2, self.y + self.h // 2

    def contains(self, x: int, y: int) -> bool:
        """True when pixel (x, y) is inside."""
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


@dataclass(frozen=True)
class Layout:
    """Where each cell of an m x n board goes in a ``width`` x ``height`` window."""

    rules: Rules
    width: int = WIDTH
    height: int = HEIGHT + STRIP

    @property
    def board_height(self) -> int:
        """The window's height above the status strip."""
        return max(1, self.height - STRIP)

    @cached_property
    def gutter(self) -> int:
        """Room left of and above the board for the coordinates (0 on 3 x 3): :data:`GUTTER`
        in the window's first size or smaller, growing with the window beyond it (so do the
        coordinates, :attr:`coordinate_font_size`)."""
        gutter = gutter_for(self.rules)
        if not gutter:
            return 0
        first_width, first_height = window_size(self.rules)
        grown = min(self.width / first_width, self.height / first_height)
        return max(gutter, int(gutter * grown))

    @property
    def cell(self) -> int:
        """Side of one square cell in pixels (``WIDTH // 3`` on 3 x 3)."""
        rules, gutter = self.rules, self.gutter
        return max(
            4, min((self.width - gutter) // rules.n, (self.board_height - gutter) // rules.m)
        )

    @property
    def origin(self) -> tuple[int, int]:
        """Top-left pixel of the board, which is centred above the strip (right of and below
        the coordinates)."""
        gutter = self.gutter
        return (
            gutter + (self.width - gutter - self.cell * self.rules.n) // 2,
            gutter + (self.board_height - gutter - self.cell * self.rules.m) // 2,
        )

    def coordinates(self) -> tuple[tuple[str, tuple[int, int]], ...]:
        """Each column's letter centred above it and each row's number left of it (none on
        3 x 3), as (text, centre pixel)."""
        if not self.gutter:
            return ()
        left, top = self.origin
        cell, half = self.cell, self.gutter // 2
        columns = tuple(
            (column_name(col), (left + col * cell + cell // 2, top - half))
            for col in range(self.rules.n)
        )
        rows = tuple(
            (str(row + 1), (left - half, top + row * cell + cell // 2))
            for row in range(self.rules.m)
        )
        return columns + rows

    @property
    def mark_size(self) -> int:
        """Side of an X or an O, stroke included: as on the desktop window, X and O alike."""
        return max(4, round(self.cell * MARK_FILL))

    @property
    def stroke(self) -> int:
        """Line width of an X or an O."""
        return max(2, round(self.cell * STROKE))

    @property
    def inset(self) -> int:
        """Gap between a cell's edge and its tile (a hint, the winning line)."""
        return max(1, round(self.cell * TILE_INSET))

    def n_to_xy(self, n: int) -> tuple[int, int]:
        """The centre pixel of cell ``n`` (any m x n)."""
        return self.cell_rect(n).centre

    def xy_to_n(self, x: int, y: int) -> int | None:
        """The cell under pixel (x, y), or None off the board."""
        left, top = self.origin
        col, row = (x - left) // self.cell, (y - top) // self.cell
        if x < left or y < top or not (0 <= row < self.rules.m and 0 <= col < self.rules.n):
            return None
        return row * self.rules.n + col

    def cell_rect(self, n: int) -> Rect:
        """The whole square of cell ``n`` (grid line included)."""
        row, col = divmod(n, self.rules.n)
        left, top = self.origin
        return Rect(left + col * self.cell, top + row * self.cell, self.cell, self.cell)

    def face_rect(self, n: int) -> Rect:
        """The tile of cell ``n`` (where a hint or the winning line tints it)."""
        whole, inset = self.cell_rect(n), self.inset
        return Rect(whole.x + inset, whole.y + inset, whole.w - 2 * inset, whole.h - 2 * inset)

    @property
    def strip_rect(self) -> Rect:
        """The status strip under the board."""
        return Rect(0, self.board_height, self.width, self.height - self.board_height)

    @property
    def status_font_size(self) -> int:
        """Font size of the strip's first line (whose turn, the result)."""
        return 30

    @property
    def detail_font_size(self) -> int:
        """Font size of the strip's second line (level, goal, score)."""
        return 22

    @property
    def coordinate_font_size(self) -> int:
        """Font size of a big board's column letters and row numbers."""
        return max(12, min(self.gutter, self.cell) * 3 // 4)

    @property
    def overlay_font_size(self) -> int:
        """Font size of the help and quit panels."""
        return max(20, min(30, self.width // 18))

    # --- panels over the board and the replay's buttons ---------------------------------

    @property
    def panel_title_height(self) -> int:
        """Room for a list or settings panel's title at the top of the board."""
        return PANEL_MARGIN + self.overlay_font_size + 14

    @property
    def panel_footer_height(self) -> int:
        """Room for a panel's footer (which keys do what) at the bottom of the board."""
        return PANEL_MARGIN + FOOTER_LINES * self.menu_font_size

    @property
    def menu_font_size(self) -> int:
        """Font size of the rows of a list or settings panel."""
        return max(16, min(22, self.width // 22))

    def menu_rows(self, lines: int = 1) -> tuple[Rect, ...]:
        """Every row of ``lines`` lines that fits in a panel, top to bottom (at least one)."""
        height = lines * (self.menu_font_size + 2) + 10
        top = self.panel_title_height
        room = self.board_height - top - self.panel_footer_height
        count = max(1, room // (height + ROW_GAP))
        x, width = PANEL_MARGIN, self.width - 2 * PANEL_MARGIN
        return tuple(Rect(x, top + i * (height + ROW_GAP), width, height) for i in range(count))

    def menu_row_at(self, x: int, y: int, lines: int = 1) -> int | None:
        """Which row of :meth:`menu_rows` is under pixel (x, y), or None."""
        return next((i for i, row in enumerate(self.menu_rows(lines)) if row.contains(x, y)), None)

    def value_arrows(self, row: Rect) -> tuple[Rect, Rect]:
        """The "previous" and "next" arrows of a settings row, around its value on the right."""
        size = row.h
        right = Rect(row.x + row.w - size, row.y, size, size)
        value = min(VALUE_WIDTH, row.w * 2 // 5)
        left = Rect(right.x - value - size, row.y, size, size)
        return left, right

    def replay_buttons(self) -> tuple[Rect, ...]:
        """The strip's buttons while a record is shown: first, back, forward, last, play on
        from here, close; centred in a row at the bottom of the strip."""
        strip = self.strip_rect
        size, gap = BUTTON_SIZE, 4
        y = strip.y + strip.h - size - 6
        play = max(60, min(PLAY_BUTTON_WIDTH, strip.w - 16 - 5 * (size + gap) - 3 * gap))
        total = 5 * size + play + 4 * gap + 3 * gap
        x = strip.x + max(8, (strip.w - total) // 2)
        rects = [Rect(x + i * (size + gap), y, size, size) for i in range(4)]
        x += 4 * (size + gap)
        x += 2 * gap
        rects.append(Rect(x, y, play, size))
        x += play + gap
        rects.append(Rect(x, y, size, size))
        return tuple(rects)

    def resized(self, width: int, height: int) -> Layout:
        """The same board in a window of another size (never under :data:`SMALLEST`)."""
        return Layout(self.rules, max(SMALLEST[0], width), max(SMALLEST[1] + STRIP, height))
