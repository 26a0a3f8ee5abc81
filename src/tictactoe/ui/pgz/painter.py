"""Drawing the Pygame Zero game: the board in seed 001's colours, the strip, the panels.

:class:`Scene` is everything one frame shows, as plain values; the app
builds one from the game and draws it only when it differs from the last
one drawn, so an idle window does no drawing at all. :func:`paint` puts a
scene on pgzero's ``screen``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from tictactoe.core.board import Mark
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.text import BannerText

Line = tuple[int, int]
"""The first and last cell of a winning line."""


@dataclass(frozen=True)
class Scene:
    """What one frame shows."""

    layout: view.Layout
    marks: Mapping[int, Mark]
    faces: Mapping[int, view.RGB] = field(default_factory=dict)
    """Cells whose face is not plain khaki (the winning line, hints)."""
    lines: Sequence[Line] = ()
    last_move: int | None = None
    flash: int | None = None
    """A cell clicked while the computer thinks, outlined for a moment."""
    status: str = ""
    status_colour: view.RGB = (255, 255, 255)
    detail: str = ""
    panel: tuple[str, ...] = ()
    """A panel over the board (help, quit?): its title, then its lines."""


@dataclass
class Fonts:
    """The text renderer of the window's language."""

    text: BannerText
    muted: BannerText
    status: dict[view.RGB, BannerText] = field(default_factory=dict)

    def coloured(self, colour: view.RGB) -> BannerText:
        """A renderer drawing in ``colour`` (kept, so its caches are reused)."""
        if colour not in self.status:
            self.status[colour] = BannerText(self.text.language, colour)
        return self.status[colour]


def paint(screen: Any, scene: Scene, fonts: Fonts) -> None:
    """Draw ``scene`` on pgzero's ``screen`` (its whole surface)."""
    surface: pygame.Surface = screen.surface
    layout = scene.layout
    surface.fill(view.rgb(view.GRID))
    for n in range(layout.rules.size):
        _cell(surface, layout, n, scene)
    for first, last in scene.lines:
        _win_line(surface, layout, first, last)
    if scene.last_move is not None:
        face = layout.face_rect(scene.last_move)
        radius = max(3, layout.cell // 14)
        pygame.draw.circle(
            surface,
            view.rgb(view.LAST_MOVE),
            (face.x + face.w - radius - 2, face.y + radius + 2),
            radius,
        )
    if scene.flash is not None:
        box = layout.cell_rect(scene.flash)
        pygame.draw.rect(
            surface,
            view.rgb(view.FLASH),
            pygame.Rect(box.x, box.y, box.w, box.h),
            max(2, box.w // 16),
        )
    _strip(surface, layout, scene, fonts)
    if scene.panel:
        _panel(surface, layout, scene.panel, fonts)


def _cell(surface: pygame.Surface, layout: view.Layout, n: int, scene: Scene) -> None:
    border, face = layout.border_rect(n), layout.face_rect(n)
    surface.fill(view.rgb(view.BORDER), pygame.Rect(border.x, border.y, border.w, border.h))
    colour = scene.faces.get(n, view.rgb(view.CELL_FACE))
    surface.fill(colour, pygame.Rect(face.x, face.y, face.w, face.h))
    mark = scene.marks.get(n)
    if mark is None:
        return
    ink = view.glyph_colour(layout.rules, mark.value)
    x, y = layout.n_to_xy(n)
    if view.is_seed_board(layout.rules):
        _seed_glyph(surface, str(mark), (x, y), layout.glyph_size, ink)
        return
    half = layout.mark_size // 2
    width = layout.stroke
    if mark is Mark.X:
        width = round(width * 1.4)  # pygame measures a slanted line's width across x or y
        for dx in (-half, half):
            start, end = (x - dx, y - half), (x + dx, y + half)
            pygame.draw.line(surface, ink, start, end, width)
            for point in (start, end):  # round ends
                pygame.draw.circle(surface, ink, point, width // 2)
    else:
        pygame.draw.circle(surface, ink, (x, y), half, width)


_GLYPHS: dict[tuple[str, int, view.RGB], pygame.Surface] = {}


def _seed_glyph(
    surface: pygame.Surface, text: str, centre: tuple[int, int], size: int, ink: view.RGB
) -> None:
    """X or O as seed 001 draws it: pgzero's default font at ``WIDTH // 4``."""
    key = (text, size, ink)
    if key not in _GLYPHS:
        _GLYPHS[key] = pygame.font.Font(None, size).render(text, True, ink)
    glyph = _GLYPHS[key]
    surface.blit(glyph, glyph.get_rect(center=centre))


def _win_line(surface: pygame.Surface, layout: view.Layout, first: int, last: int) -> None:
    """A line through the winning marks, over a white casing, from end to end."""
    (x0, y0), (x1, y1) = layout.n_to_xy(first), layout.n_to_xy(last)
    reach = layout.cell * 0.3
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    start = (round(x0 - ux * reach), round(y0 - uy * reach))
    end = (round(x1 + ux * reach), round(y1 + uy * reach))
    width = max(4, layout.cell // 14)
    for colour, thick in ((view.rgb("white"), width + 4), (view.rgb(view.WIN_LINE), width)):
        pygame.draw.line(surface, colour, start, end, thick)
        for point in (start, end):
            pygame.draw.circle(surface, colour, point, thick // 2)


def _strip(surface: pygame.Surface, layout: view.Layout, scene: Scene, fonts: Fonts) -> None:
    """The status strip: the turn or the result, then a line of details or a message."""
    strip = layout.strip_rect
    surface.fill(view.STRIP_BACKGROUND, pygame.Rect(strip.x, strip.y, strip.w, strip.h))
    room = strip.w - 16
    top = fonts.coloured(scene.status_colour).block(
        scene.status, layout.status_font_size, room, 16, lines=1
    )
    bottom = fonts.muted.block(scene.detail, layout.detail_font_size, room, 14, lines=2)
    gap = max(0, (strip.h - top.get_height() - bottom.get_height()) // 3)
    surface.blit(top, top.get_rect(midtop=(strip.w // 2, strip.y + gap)))
    surface.blit(
        bottom, bottom.get_rect(midtop=(strip.w // 2, strip.y + 2 * gap + top.get_height()))
    )


def _panel(
    surface: pygame.Surface, layout: view.Layout, lines: tuple[str, ...], fonts: Fonts
) -> None:
    """A dark panel over the board with a title and lines of text (help, quit?)."""
    shade = pygame.Surface((layout.width, layout.board_height), pygame.SRCALPHA)
    shade.fill(view.OVERLAY)
    surface.blit(shade, (0, 0))
    size = layout.overlay_font_size
    room = layout.width - 40
    rendered = [fonts.text.block(lines[0], size + 6, room, 14)]
    rendered += [fonts.text.block(line, size, room, 12) for line in lines[1:]]
    height = sum(r.get_height() for r in rendered) + 8 * (len(rendered) - 1)
    y = max(8, (layout.board_height - height) // 2)
    for number, block in enumerate(rendered):
        surface.blit(block, block.get_rect(midtop=(layout.width // 2, y)))
        y += block.get_height() + (16 if number == 0 else 8)
