"""Seed 001's look as plain numbers: window size, palette, cell geometry on any m x n board.

Nothing here imports pygame, so the geometry is tested on its own. On 3 x 3
the numbers are exactly the seed's: a 400 x 400 window, ``CELL = WIDTH // 3``,
glyphs ``WIDTH // 4`` high, each cell a dimgray square with a 1-pixel gold
border and a khaki face inset by 7 pixels. Larger boards shrink the cells
(and glyphs) so that the whole board fits the same window, centred.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe.core.rules import Rules

TITLE = "tic-tac-toe"
"""The window's name in seed 001 (kept in every language, like the seed)."""
WIDTH = HEIGHT = 400
"""Seed 001's window size."""

GLYPH = "sienna"
CELL_FACE = "khaki"
GRID = "dimgray"
BORDER = "gold"
HIGHLIGHT = "yellow"
"""The winning line's cell faces (seed 002 highlights the winning squares in yellow)."""
BANNER = (40, 40, 40, 170)
"""The message strip: dark grey, translucent so the cells under it still show."""
BANNER_TEXT = "white"

SEED_CELL = WIDTH // 3
"""Seed 001's cell size; its 7-pixel inset and 1-pixel border are scaled from this."""
SEED_INSET = 7
SMALLEST_GLYPH = 18
"""Font size under which X and O are hard to tell apart (pygame draws capitals half as high)."""

RGB = tuple[int, int, int]
NAMED: dict[str, RGB] = {
    "sienna": (160, 82, 45),
    "khaki": (240, 230, 140),
    "dimgray": (105, 105, 105),
    "gold": (255, 215, 0),
    "yellow": (255, 255, 0),
    "white": (255, 255, 255),
}
"""The RGB values of the named colours above (as pygame's colour table has them)."""

HINT_TINTS: dict[str, RGB] = {
    "win": (46, 160, 67),
    "draw": (80, 140, 220),
    "loss": (200, 40, 40),
}
"""Hint overlay tint per :class:`~tictactoe.core.analysis.Value` (for the mover)."""
HINT_STRENGTH = 0.6
"""How much of the tint shows over the khaki face (0 none, 1 solid)."""


def rgb(colour: str | RGB) -> RGB:
    """The RGB triple of a colour name from :data:`NAMED`, or the triple itself."""
    return NAMED[colour] if isinstance(colour, str) else colour


def blend(base: str | RGB, tint: str | RGB, strength: float) -> RGB:
    """``tint`` laid over ``base`` with opacity ``strength`` (0..1)."""
    low, high = rgb(base), rgb(tint)
    return (
        round(low[0] + (high[0] - low[0]) * strength),
        round(low[1] + (high[1] - low[1]) * strength),
        round(low[2] + (high[2] - low[2]) * strength),
    )


def hint_colour(value: str) -> RGB:
    """A cell face tinted for a hint value (``win``, ``draw`` or ``loss``)."""
    return blend(CELL_FACE, HINT_TINTS[value], HINT_STRENGTH)


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
    height: int = HEIGHT

    @property
    def cell(self) -> int:
        """Side of one square cell in pixels (seed 001: ``WIDTH // 3`` on 3 x 3)."""
        return min(self.width // self.rules.n, self.height // self.rules.m)

    @property
    def origin(self) -> tuple[int, int]:
        """Top-left pixel of the board, which is centred in the window."""
        return (
            (self.width - self.cell * self.rules.n) // 2,
            (self.height - self.cell * self.rules.m) // 2,
        )

    @property
    def glyph_size(self) -> int:
        """Font size of X and O: a quarter of the width on 3 x 3, scaled with the cells.

        On boards so big that this falls under :data:`SMALLEST_GLYPH`, the glyphs
        grow to fill more of their cells, so X and O stay easy to tell apart.
        """
        scaled = min(3 * self.width // (4 * self.rules.n), 3 * self.height // (4 * self.rules.m))
        face = self.cell - 2 * self.inset
        return max(scaled, min(SMALLEST_GLYPH, face * 3 // 2))

    @property
    def inset(self) -> int:
        """Gap between a cell's edge and its khaki face (seed 001: 7 pixels)."""
        return max(2, round(SEED_INSET * self.cell / SEED_CELL))

    def n_to_xy(self, n: int) -> tuple[int, int]:
        """The centre pixel of cell ``n`` (seed 001's ``n_to_xy``, any m x n)."""
        return self.cell_rect(n).centre

    def xy_to_n(self, x: int, y: int) -> int | None:
        """The cell under pixel (x, y), or None off the board (seed 001's ``xy_to_n``)."""
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

    def border_rect(self, n: int) -> Rect:
        """The gold part of cell ``n``: the square less its 1-pixel dimgray grid line."""
        whole = self.cell_rect(n)
        return Rect(whole.x + 1, whole.y + 1, whole.w - 1, whole.h - 1)

    def face_rect(self, n: int) -> Rect:
        """The khaki face of cell ``n``, inside its gold border."""
        whole, inset = self.cell_rect(n), self.inset
        return Rect(whole.x + inset, whole.y + inset, whole.w - 2 * inset, whole.h - 2 * inset)

    @property
    def banner_font_size(self) -> int:
        """Font size of the messages at the bottom of the window."""
        return max(24, self.height // 15) * 4 // 5

    def banner_rect(self, text_height: int = 0) -> Rect:
        """The strip at the bottom of the window for a message ``text_height`` pixels high."""
        high = max(24, self.height // 15, text_height + 6)
        return Rect(0, self.height - high, self.width, high)
