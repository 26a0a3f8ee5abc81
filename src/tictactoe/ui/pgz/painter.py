"""Drawing the Pygame Zero game: the board in the shared look, the strip, the panels.

:class:`Scene` is everything one frame shows, as plain values: the session's
:class:`~tictactoe.session.picture.BoardPicture` of the board and what the
window says around it. The app builds one and draws it only when it differs
from the last one drawn, so an idle window does no drawing at all. :func:`paint` puts a
scene on pgzero's ``screen``.

Besides the board and the strip a scene may hold a :class:`Panel` over the
board (help, quit?, the saved games, the settings: text lines, or rows to
choose from with the chosen one lit) and buttons (:class:`Button`) in the strip
(the replay's first / back / forward / last / play on / close), drawn as
icons so they need no font. Where panel rows and buttons go is
:class:`~.view.Layout`'s geometry, which the app also uses to hit-test
clicks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from tictactoe.core import Mark
from tictactoe.session.colours import LAST_MOVE_DOT
from tictactoe.session.picture import BoardPicture
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.text import BannerText


@dataclass(frozen=True)
class Panel:
    """A panel over the board: a title, then lines of text or rows to choose from."""

    title: str
    lines: tuple[str, ...] = ()
    """Text lines under the title, centred (help, quit?, "no saved games yet")."""
    rows: tuple[str, ...] = ()
    """Rows to choose from, in :meth:`~.view.Layout.menu_rows` (a row's lines split at "\\n")."""
    row_lines: int = 1
    chosen: int | None = None
    """The row drawn lit."""
    values: tuple[str, ...] = ()
    """A settings panel: each row's value, drawn on the right between two arrows."""
    footer: str = ""
    """The keys that work here, at the bottom."""

    @property
    def text(self) -> str:
        """Everything the panel says, one line each (for tests and logs)."""
        values = [*self.values, *[""] * (len(self.rows) - len(self.values))]
        rows = [f"{row} {value}".strip() for row, value in zip(self.rows, values, strict=True)]
        return "\n".join([self.title, *self.lines, *rows, self.footer])


@dataclass(frozen=True)
class Button:
    """A button in the strip: ``kind`` is an icon (first, back, forward, last, close) or
    ``play``, which is written as ``text``."""

    kind: str
    rect: view.Rect
    text: str = ""
    enabled: bool = True


@dataclass(frozen=True)
class Scene:
    """What one frame shows."""

    layout: view.Layout
    board: BoardPicture
    """The board: marks, last move, winning lines, hints, the cursor, a refused cell."""
    status: str = ""
    status_colour: view.RGB = (255, 255, 255)
    detail: str = ""
    panel: Panel | None = None
    """A panel over the board (help, quit?, saved games, settings)."""
    buttons: tuple[Button, ...] = ()
    """Buttons in the strip's second line, instead of ``detail`` (a replay's)."""


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


STATUS_HEIGHT = 34
"""Most pixels a result on two lines takes in the strip (two lines of details fit under it)."""
STRIP_GAP = 2
"""Pixels the strip keeps free around its two blocks of text, at least."""

STRIP_FIELDS = ("status", "status_colour", "detail")
"""What the strip shows: a scene that differs from the last one only in these is drawn by
redrawing the strip alone (:func:`paint` with ``before``)."""


def only_the_strip_changed(scene: Scene, before: Scene | None) -> bool:
    """True when ``before`` was drawn and ``scene`` differs from it in the strip's text only
    (the computer's thinking dots and progress, a message)."""
    if before is None or scene == before:
        return False
    kept = {name: getattr(before, name) for name in STRIP_FIELDS}
    return replace(scene, **kept) == before


def paint(screen: Any, scene: Scene, fonts: Fonts, before: Scene | None = None) -> None:
    """Draw ``scene`` on pgzero's ``screen``: its whole surface, or only the strip when the
    scene ``before`` it (already on the screen) differs only there.

    A whole frame of a 26 x 26 board takes tens of milliseconds of Python; the
    strip alone a fraction of one, so the clock and the progress of a thinking
    computer cost its search next to nothing.
    """
    surface: pygame.Surface = screen.surface
    if only_the_strip_changed(scene, before):
        _strip(surface, scene.layout, scene, fonts)
        return
    layout, board = scene.layout, scene.board
    surface.fill(view.board_colour(layout.rules))
    _grid(surface, layout)
    faces = tiles(board)
    for n in range(layout.rules.size):
        _cell(surface, layout, n, board, faces.get(n), fonts)
    _coordinates(surface, layout, fonts)
    if board.last_move is not None:
        radius = max(3, round(layout.cell * LAST_MOVE_DOT / 2))
        pygame.draw.circle(
            surface, view.rgb(view.LOOK.last_move), layout.n_to_xy(board.last_move), radius
        )
    casing, line = view.rgb(view.LOOK.casing), view.rgb(view.LOOK.win)
    for colour, wider in ((casing, 4), (line, 0)):  # over the last move's dot, as in tk
        for first, last, _cells in board.lines:  # every casing under every line
            _win_line(surface, layout, first, last, colour, wider)
    if board.cursor is not None:
        _frame(surface, layout.face_rect(board.cursor), view.CURSOR, layout.cell)
    if board.refused is not None:
        box = layout.cell_rect(board.refused)
        _frame(surface, box, view.FLASH, box.w)
    _strip(surface, layout, scene, fonts)
    if scene.panel is not None:
        _panel(surface, layout, scene.panel, fonts)


def _frame(surface: pygame.Surface, box: view.Rect, colour: str, size: int) -> None:
    """A frame around ``box`` (the keyboard cursor, a refused cell's flash), its width a
    sixteenth of ``size`` (2 pixels at least)."""
    pygame.draw.rect(
        surface, view.rgb(colour), pygame.Rect(box.x, box.y, box.w, box.h), max(2, size // 16)
    )


def _coordinates(surface: pygame.Surface, layout: view.Layout, fonts: Fonts) -> None:
    """Column letters above the board and row numbers left of it, on bigger boards (in the
    strip's fonts, unkerned: pygame.font's kerning pulled the ones of "11" together)."""
    size = layout.coordinate_font_size
    text = fonts.coloured(view.line_colour(layout.rules))
    for label, centre in layout.coordinates():
        glyph = text.render_line(label, size)
        surface.blit(glyph, glyph.get_rect(center=centre))


def _grid(surface: pygame.Surface, layout: view.Layout) -> None:
    """The lines between the cells (none around the board's edge, as on paper)."""
    rules, cell = layout.rules, layout.cell
    left, top = layout.origin
    right, bottom = left + cell * rules.n, top + cell * rules.m
    ink, width = view.line_colour(rules), max(1, cell // 40)
    for col in range(1, rules.n):
        x = left + col * cell
        pygame.draw.line(surface, ink, (x, top), (x, bottom - 1), width)
    for row in range(1, rules.m):
        y = top + row * cell
        pygame.draw.line(surface, ink, (left, y), (right - 1, y), width)
    if view.is_wooden(rules):  # a wooden board is framed
        pygame.draw.rect(surface, ink, pygame.Rect(left, top, right - left, bottom - top), width)


def tiles(board: BoardPicture) -> dict[int, view.RGB]:
    """The cells with a tile and its colour: a hint's tone, the winning lines' halo over it;
    the others show the board."""
    faces = {n: view.hint_colour(tone) for n, tone in board.hints.items()}
    faces.update(dict.fromkeys(board.winning, view.rgb(view.LOOK.halo)))
    return faces


def _cell(
    surface: pygame.Surface,
    layout: view.Layout,
    n: int,
    board: BoardPicture,
    colour: view.RGB | None,
    fonts: Fonts,
) -> None:
    """Cell ``n``: its tile (in ``colour``, if it has one), then its mark or a hint's rank."""
    face = layout.face_rect(n)
    if colour is not None:
        surface.fill(colour, pygame.Rect(face.x, face.y, face.w, face.h))
    mark = board.marks[n]
    if mark is None:
        badge = board.ranks.get(n)
        if badge:
            _badge(surface, fonts, badge, layout.n_to_xy(n), face.h)
        return
    ink = view.mark_colour(mark.value)
    x, y = layout.n_to_xy(n)
    width = layout.stroke
    reach = layout.mark_size // 2 - width // 2  # the stroke's middle: X and O the same size
    if mark is Mark.X:
        slanted = round(width * 1.4)  # pygame measures a slanted line's width across x or y
        for dx in (-reach, reach):
            start, end = (x - dx, y - reach), (x + dx, y + reach)
            pygame.draw.line(surface, ink, start, end, slanted)
            for point in (start, end):  # round ends
                pygame.draw.circle(surface, ink, point, width // 2)
    else:
        pygame.draw.circle(surface, ink, (x, y), reach + width // 2, width)


def _badge(
    surface: pygame.Surface, fonts: Fonts, text: str, centre: tuple[int, int], height: int
) -> None:
    """A hint's rank, dark, filling most of a cell's face, its ink centred on the cell (in
    the strip's fonts, as the coordinates: every text of the window goes through
    :class:`BannerText`)."""
    glyph = fonts.coloured(view.BADGE_TEXT).render_line(text, max(12, round(height * 1.1)))
    ink = glyph.get_bounding_rect()  # the digit itself centred, not the line's box
    surface.blit(glyph, (centre[0] - ink.centerx, centre[1] - ink.centery))


def _win_line(
    surface: pygame.Surface,
    layout: view.Layout,
    first: int,
    last: int,
    colour: view.RGB,
    wider: int,
) -> None:
    """A winning line from end to end through its marks, in ``colour``, ``wider`` pixels wider
    than the line itself (its casing)."""
    (x0, y0), (x1, y1) = layout.n_to_xy(first), layout.n_to_xy(last)
    reach = layout.cell * 0.3
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    start = (round(x0 - ux * reach), round(y0 - uy * reach))
    end = (round(x1 + ux * reach), round(y1 + uy * reach))
    thick = max(4, layout.cell // 14) + wider
    pygame.draw.line(surface, colour, start, end, thick)
    for point in (start, end):
        pygame.draw.circle(surface, colour, point, thick // 2)


def _strip(surface: pygame.Surface, layout: view.Layout, scene: Scene, fonts: Fonts) -> None:
    """The status strip: the turn or the result, then a line of details or a message."""
    strip = layout.strip_rect
    surface.fill(view.STRIP_BACKGROUND, pygame.Rect(strip.x, strip.y, strip.w, strip.h))
    room = strip.w - 16
    if scene.buttons:
        top = fonts.coloured(scene.status_colour).block(
            scene.status, layout.detail_font_size, room, 12, lines=1
        )
        buttons_top = min(button.rect.y for button in scene.buttons)
        y = strip.y + max(2, (buttons_top - strip.y - top.get_height()) // 2)
        surface.blit(top, top.get_rect(midtop=(strip.w // 2, y)))
        for button in scene.buttons:
            _button(surface, button, layout, fonts)
        return
    top, bottom = strip_text(layout, scene, fonts)
    gap = max(0, (strip.h - top.get_height() - bottom.get_height()) // 3)
    surface.blit(top, top.get_rect(midtop=(strip.w // 2, strip.y + gap)))
    surface.blit(
        bottom, bottom.get_rect(midtop=(strip.w // 2, strip.y + 2 * gap + top.get_height()))
    )


def strip_text(
    layout: view.Layout, scene: Scene, fonts: Fonts
) -> tuple[pygame.Surface, pygame.Surface]:
    """The strip's two blocks of text, as wide as the strip and as tall, together, as it
    is: the turn or the result on one line (a result too long for it on two, smaller), then
    the details or a message on up to two lines, smaller where the room left needs it."""
    strip, room = layout.strip_rect, layout.strip_rect.w - 16
    status = fonts.coloured(scene.status_colour)
    top = status.block(scene.status, layout.status_font_size, room, 16, lines=1)
    if top.get_width() > room:
        top = status.block(
            scene.status, layout.detail_font_size, room, 14, lines=2, height=STATUS_HEIGHT
        )
    left = strip.h - top.get_height() - STRIP_GAP
    bottom = fonts.muted.block(scene.detail, layout.detail_font_size, room, 12, 2, left)
    return top, bottom


def _button(surface: pygame.Surface, button: Button, layout: view.Layout, fonts: Fonts) -> None:
    """One of the strip's buttons: a grey box with an icon or a word, dimmed when it does
    nothing here."""
    box = button.rect
    face = view.BUTTON if button.enabled else view.BUTTON_OFF
    ink = view.BUTTON_INK if button.enabled else view.BUTTON_INK_OFF
    pygame.draw.rect(surface, face, pygame.Rect(box.x, box.y, box.w, box.h), border_radius=4)
    if button.kind == "play":
        text = fonts.coloured(ink).block(button.text, layout.detail_font_size - 2, box.w - 8, 11, 1)
        surface.blit(text, text.get_rect(center=box.centre))
        return
    x, y = box.centre
    half = max(4, box.h // 2 - 7)
    if button.kind == "close":
        for dx in (-half, half):
            pygame.draw.line(surface, ink, (x - dx, y - half), (x + dx, y + half), 3)
        return
    pointing = -1 if button.kind in ("first", "back") else 1
    shift = 0 if button.kind in ("back", "forward") else pointing * 2
    _triangle(surface, ink, (x + shift, y), half, pointing)
    if button.kind in ("first", "last"):
        bar = x + shift + pointing * (half + 1)
        pygame.draw.line(surface, ink, (bar, y - half), (bar, y + half), 3)


def _triangle(
    surface: pygame.Surface, ink: view.RGB, centre: tuple[int, int], half: int, pointing: int
) -> None:
    """A solid triangle pointing left (-1) or right (1), ``half`` pixels from its centre."""
    x, y = centre
    tip = (x + pointing * half, y)
    back = x - pointing * half
    pygame.draw.polygon(surface, ink, [tip, (back, y - half), (back, y + half)])


def _panel(surface: pygame.Surface, layout: view.Layout, panel: Panel, fonts: Fonts) -> None:
    """A dark panel over the board: a title and lines of text (help, quit?), or rows to
    choose from (saved games, settings)."""
    shade = pygame.Surface((layout.width, layout.board_height), pygame.SRCALPHA)
    shade.fill(view.OVERLAY)
    surface.blit(shade, (0, 0))
    size = layout.overlay_font_size
    room = layout.width - 40
    if panel.footer:
        footer = fonts.muted.block(
            panel.footer, layout.menu_font_size - 2, room, 12, lines=view.FOOTER_LINES
        )
        bottom = layout.board_height - view.PANEL_MARGIN // 2
        surface.blit(footer, footer.get_rect(midbottom=(layout.width // 2, bottom)))
    if not panel.rows:
        rendered = [fonts.text.block(panel.title, size + 6, room, 14)]
        rendered += [fonts.text.block(line, size, room, 12) for line in panel.lines]
        height = sum(r.get_height() for r in rendered) + 8 * (len(rendered) - 1)
        y = max(8, (layout.board_height - height) // 2)
        for number, block in enumerate(rendered):
            surface.blit(block, block.get_rect(midtop=(layout.width // 2, y)))
            y += block.get_height() + (16 if number == 0 else 8)
        return
    title = fonts.text.block(panel.title, size + 2, room, 14, lines=1)
    surface.blit(title, title.get_rect(midtop=(layout.width // 2, view.PANEL_MARGIN)))
    small = layout.menu_font_size
    places = layout.menu_rows(panel.row_lines)
    for number, (text, row) in enumerate(zip(panel.rows, places, strict=False)):
        if number == panel.chosen:
            lit = pygame.Rect(row.x, row.y, row.w, row.h)
            pygame.draw.rect(surface, view.PANEL_ROW, lit, border_radius=6)
        if number < len(panel.values):
            _setting_row(surface, layout, row, text, panel.values[number], fonts)
            continue
        lines = [
            fonts.text.block(line, small, row.w - 16, 11, lines=1) for line in text.split("\n")
        ]
        y = row.y + (row.h - sum(line.get_height() for line in lines)) // 2
        for line in lines:
            surface.blit(line, (row.x + 8, y))
            y += line.get_height()


def _setting_row(
    surface: pygame.Surface,
    layout: view.Layout,
    row: view.Rect,
    name: str,
    value: str,
    fonts: Fonts,
) -> None:
    """A settings row: its name on the left, its value between two arrows on the right."""
    small = layout.menu_font_size
    left, right = layout.value_arrows(row)
    label = fonts.text.block(name, small, max(20, left.x - row.x - 12), 11, lines=1)
    surface.blit(label, label.get_rect(midleft=(row.x + 8, row.y + row.h // 2)))
    between = view.Rect(left.x + left.w, row.y, right.x - left.x - left.w, row.h)
    shown = fonts.text.block(value, small, max(20, between.w - 4), 11, lines=1)
    surface.blit(shown, shown.get_rect(center=between.centre))
    half = max(4, row.h // 2 - 8)
    _triangle(surface, view.BUTTON_INK, left.centre, half, -1)
    _triangle(surface, view.BUTTON_INK, right.centre, half, 1)
