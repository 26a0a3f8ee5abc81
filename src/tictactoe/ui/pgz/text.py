"""The banner's text in every language: each character drawn in a font that has it.

pygame's own font (FreeSans Bold) covers English and Russian but has no
Vietnamese ``ơ ư ạ ế`` and no Chinese, which it would draw as empty boxes.
The game ships two small fonts (``fonts/``, made by
``scripts/pgzero_fonts.py``): DejaVu Sans Bold for Latin and the whole
Vietnamese alphabet, and the Chinese characters of the game's own messages
from Droid Sans Fallback. Vietnamese text is set in the first, so its letters
match; any other character takes the first font that has it, and a Chinese
character outside the game's messages (a folder name in an error, say) is
looked for in the system's CJK fonts last.

Long messages wrap onto more lines instead of shrinking out of legibility.

The text is drawn with ``pygame.freetype``, not ``pygame.font``, which applies
the broken kerning of pygame's font (see :data:`KERNING`) with no way to turn
it off. A line's runs share one baseline, in a box as tall as its fonts'
ascender, descender and :data:`TALLEST` letters (taller only where a glyph
reaches past them, the breve of a capital Й say), so a line's height does not
depend on its letters.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pygame
import pygame.freetype

from tictactoe.console import CLOSING_MARKS, HAN

FONTS = Path(str(resources.files("tictactoe.ui.pgz"))) / "fonts"
LATIN = str(FONTS / "banner-latin.ttf")
CJK = str(FONTS / "banner-cjk.ttf")
DEFAULT = ""
"""pygame's own font."""
SYSTEM_CJK = (
    "notosanscjksc",
    "notosanscjk",
    "sourcehansanssc",
    "wenquanyizenhei",
    "wenquanyimicrohei",
    "droidsansfallbackfull",
    "droidsansfallback",
    "microsoftyahei",
    "simhei",
    "pingfangsc",
    "arialunicodems",
)
"""System fonts tried, in order, for Chinese characters the shipped font lacks."""
OWN_LATIN_LANGUAGES = frozenset({"vi"})
"""Languages set in the shipped Latin font rather than pygame's (which lacks their letters)."""
SCALE = {DEFAULT: 0.6875, LATIN: 0.6, CJK: 0.6875}
"""Font size of each font for size 1 of the game's: pygame's at 0.6875, the size
``pygame.font.Font(None, size)`` draws it at; DejaVu at 0.6 has FreeSans' letter height;
Chinese characters fill the em square."""
KERNING = False
"""Kerning stays off: pygame's FreeSans Bold (version 0.4) has a broken ``kern`` table,
1291 of its 1535 pairs pushing ordinary letters apart (``Me`` +0.077 em, ``am`` +0.072,
``ut`` +0.068), which ``pygame.font`` applies, drawing "M edium", "ga me", "compu ter". The
shipped fonts keep their kerning in GPOS, which FreeType's kerning does not read anyway."""
TALLEST = "Ấ|(gjpqy"
"""Letters a font's line box makes room for, where it has them: the hinted ``g`` reaches a pixel
below the descender, and Vietnamese's stacked accents above the ascender."""
MAX_LINES = 3
TOKENS = re.compile(rf"[{HAN}][{CLOSING_MARKS}]*(?:\s+·)?\s*|[^\s{HAN}]+(?:\s+[—–·])?\s*|\s+")
"""Where a line may break: after a word (and a dash or list dot after it), or after a Chinese
character."""
PARTS = " · "
"""What joins the parts of the strip's lists ("Expert · 1 s a move · You 0 · ... · F1 or ?:
help", a big board's hints): a line breaks between them where it can."""


class BannerText:
    """Renders banner messages for one language; fonts and finished surfaces are cached."""

    def __init__(self, language: str, colour: str | tuple[int, int, int]) -> None:
        self.language = language
        self.colour = colour
        first = (LATIN, DEFAULT) if language in OWN_LATIN_LANGUAGES else (DEFAULT, LATIN)
        self._first = first[0]
        self._sources: list[str | None] = [*first, CJK, None]  # None: a system CJK font, if any
        self._system: str | None = None
        self._faces: dict[str, pygame.freetype.Font] = {}
        self._fonts: dict[tuple[str, int], pygame.freetype.Font] = {}
        self._box: dict[tuple[str, int], tuple[int, int]] = {}
        """Each font's ascender and descender (down, positive), in pixels."""
        self._chosen: dict[str, str] = {}
        self._done: dict[tuple[str, int, int, int, int | None], pygame.Surface] = {}

    def source_for(self, char: str) -> str:
        """The font (a path, or "" for pygame's) that draws ``char``; pygame's if none has it."""
        if char not in self._chosen:
            self._chosen[char] = self._find(char)
        return self._chosen[char]

    def render_line(self, text: str, size: int) -> pygame.Surface:
        """``text`` on one line, each run of characters in its font, at font size ``size``,
        the runs on one baseline (no ink cut off, a glyph reaching left of the pen included)."""
        placed, width, above, below = self._lay_out(text, size)
        line = pygame.Surface((width, above + below), pygame.SRCALPHA)
        for font, run, x in placed:
            font.render_to(line, (x, above), run, self.colour)
        return line

    def width(self, text: str, size: int) -> int:
        """The width of ``render_line(text, size)``, without drawing it."""
        return self._lay_out(text, size)[1]

    def wrap(self, text: str, size: int, width: int, parts: bool = True) -> list[str]:
        """``text`` broken into lines no wider than ``width`` where it can be: with ``parts``,
        between the parts of a list (:data:`PARTS`) where a part fits a line whole (so "F1 or
        ?: help" is not split), else after any word; never before a list's dot."""
        pieces = text.split(PARTS) if parts else [text]
        lines: list[str] = []
        line = ""
        for number, piece in enumerate(pieces):
            part = piece + PARTS if number < len(pieces) - 1 else piece
            if self.width((line + part).rstrip(), size) <= width:
                line += part
                continue
            if line and self.width(part.rstrip(), size) <= width:
                lines.append(line.rstrip())
                line = part
                continue
            for token in TOKENS.findall(part):
                if line and self.width((line + token).rstrip(), size) > width:
                    lines.append(line.rstrip())
                    line = token.lstrip()
                else:
                    line += token
        if line.strip() or not lines:
            lines.append(line.rstrip())
        return lines

    def block(
        self,
        text: str,
        size: int,
        width: int,
        smallest: int,
        lines: int = MAX_LINES,
        height: int | None = None,
    ) -> pygame.Surface:
        """``text`` centred in lines that fit ``width`` (and ``height``, if given): smaller
        (down to ``smallest``) only when even ``lines`` lines do not fit."""
        key = (text, size, width, lines, height)
        if key not in self._done:
            while True:
                wrapped = self.wrap(text, size, width) if lines > 1 else [text]
                if len(wrapped) > lines:  # whole parts took too many lines: any word then
                    wrapped = self.wrap(text, size, width, parts=False)
                rendered = [self.render_line(line, size) for line in wrapped]
                fits = all(r.get_width() <= width for r in rendered) and len(wrapped) <= lines
                low = height is None or sum(r.get_height() for r in rendered) <= height
                if (fits and low) or size <= smallest:
                    break
                size -= 1
            self._done[key] = _stack(rendered)
        return self._done[key]

    # --- inside ----------------------------------------------------------------------

    def _lay_out(
        self, text: str, size: int
    ) -> tuple[list[tuple[pygame.freetype.Font, str, int]], int, int, int]:
        """Each run's font and pen position, and the line's width, height above and below
        the baseline."""
        runs: list[tuple[str, str]] = []
        for char in text:
            source = self._first if char.isspace() else self.source_for(char)
            if runs and runs[-1][0] == source:
                runs[-1] = (source, runs[-1][1] + char)
            else:
                runs.append((source, char))
        if not runs:
            runs.append((self._first, ""))
        placed: list[tuple[pygame.freetype.Font, str, int]] = []
        pen = left = right = above = below = 0
        for source, run in runs:
            font = self._font(source, size)
            ink = font.get_rect(run)  # x, y: from the pen's start on the baseline
            ascender, descender = self._box[source, size]
            above = max(above, ascender, ink.y)
            below = max(below, descender, ink.h - ink.y)
            left, right = min(left, pen + ink.x), max(right, pen + ink.x + ink.w)
            placed.append((font, run, pen))
            pen += round(sum(metrics[4] for metrics in font.get_metrics(run) if metrics))
        shifted = [(font, run, x - left) for font, run, x in placed]
        return shifted, max(pen, right) - left, above, below

    def _find(self, char: str) -> str:
        for source in self._sources:
            path = source if source is not None else self._system_cjk()
            if path is not None and self._has(path, char):
                return path
        return self._first

    def _has(self, path: str, char: str) -> bool:
        if path not in self._faces:
            self._faces[path] = _freetype(path, 12)
        return self._faces[path].get_metrics(char)[0] is not None

    def _system_cjk(self) -> str | None:
        if self._system is None:
            self._system = pygame.font.match_font(list(SYSTEM_CJK)) or ""
        return self._system or None

    def _font(self, source: str, size: int) -> pygame.freetype.Font:
        key = (source, size)
        if key not in self._fonts:
            scale = SCALE.get(source, SCALE[CJK])  # a system CJK font's like the shipped one's
            # pygame.font.Font(None, size) truncates its size; the shipped fonts' round
            points = max(1, int(size * scale) if source == DEFAULT else round(size * scale))
            font = _freetype(source, points)
            font.kerning = KERNING
            font.origin = True  # render_to's position is the pen's start on the baseline
            font.ucs4 = True
            self._fonts[key] = font
            tallest = font.get_rect("".join(c for c in TALLEST if self._has(source, c)))
            self._box[key] = (
                max(font.get_sized_ascender(points), tallest.y),
                max(-font.get_sized_descender(points), tallest.h - tallest.y),
            )
        return self._fonts[key]


def _freetype(path: str, points: int) -> pygame.freetype.Font:
    """The font at ``path`` ("" for pygame's own) at ``points``, FreeType started if need be."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path or None, points)


def _stack(lines: list[pygame.Surface]) -> pygame.Surface:
    """The lines one under another, each centred."""
    width = max(line.get_width() for line in lines)
    height = sum(line.get_height() for line in lines)
    block = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for line in lines:
        block.blit(line, ((width - line.get_width()) // 2, y))
        y += line.get_height()
    return block
