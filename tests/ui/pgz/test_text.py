"""The strip's text: no empty boxes in any language with only the fonts the game ships,
and long messages wrap instead of shrinking."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pygame.freetype
import pytest

from tictactoe.announce import phrasebook
from tictactoe.core.rules import Rules
from tictactoe.i18n import LANGUAGES, translator
from tictactoe.ui.pgz import text as banner
from tictactoe.ui.pgz.text import BannerText
from tictactoe.ui.pgz.view import Layout

SHIPPED = {banner.DEFAULT, banner.LATIN, banner.CJK}


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    pygame.freetype.init()
    yield


def shown_text(language: str) -> str:
    """Every message the game can show in ``language``: the whole catalog's (it shows the
    words every front end shares, the end-of-game sentences among them)."""
    tr = translator(language)
    return "".join(tr.messages().values()) + "".join(phrasebook(tr).values())


def has_glyph(source: str, char: str) -> bool:
    return pygame.freetype.Font(source or None, 12).get_metrics(char)[0] is not None


@pytest.mark.parametrize("language", ["ru", "zh_CN", "vi"])
def test_every_character_of_the_messages_is_in_a_shipped_font(language: str) -> None:
    text = BannerText(language, "white")
    for char in sorted(set(shown_text(language)) - {"\n"}):
        source = text.source_for(char)
        assert source in SHIPPED, f"{language}: {char!r} needs a system font"
        assert has_glyph(source, char), f"{language}: {char!r} would be an empty box"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_languages_own_name_is_in_a_shipped_font(language: str) -> None:
    text = BannerText(language, "white")  # the settings show them in any language
    for char in sorted(set("".join(LANGUAGES.values())) - {" "}):
        source = text.source_for(char)
        assert source in SHIPPED and has_glyph(source, char), f"{language}: {char!r}"


def test_english_needs_only_pygames_font() -> None:
    text = BannerText("en", "white")
    assert {text.source_for(c) for c in "Working out hints… (1-9)"} == {banner.DEFAULT}


def test_pygames_own_font_lacks_what_the_shipped_fonts_add() -> None:
    for char in "ơư中":  # why the game ships fonts at all
        assert not has_glyph(banner.DEFAULT, char)
    assert has_glyph(banner.LATIN, "ơ") and has_glyph(banner.CJK, "中")


def test_vietnamese_is_set_in_one_font() -> None:
    text = BannerText("vi", "white")
    assert {text.source_for(c) for c in "Gợi ý: xanh lá là thắng (X) 1-9"} == {banner.LATIN}
    assert BannerText("en", "white").source_for("a") == banner.DEFAULT


def test_every_toned_vietnamese_letter_is_shipped() -> None:
    for code in range(0x1EA0, 0x1EFA):
        assert has_glyph(banner.LATIN, chr(code)), hex(code)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_longest_message_wraps_at_full_size(language: str) -> None:
    layout = Layout(Rules())
    _ = translator(language)
    message = _("Hints: green wins, grey draws, rose loses")
    text = BannerText(language, "white")
    size, width = layout.detail_font_size, layout.strip_rect.w - 16
    block = text.block(message, size, width, smallest=size * 2 // 3, lines=2)
    lines = text.wrap(message, size, width)
    assert len(lines) <= 2, "the strip's second line takes at most two"
    assert "".join(lines).replace(" ", "") == message.replace(" ", "")
    assert block.get_width() <= width
    one_line = text.render_line(lines[0], size).get_height()
    assert block.get_height() >= one_line * len(lines)  # wrapped, not shrunk
    assert not any(line.startswith(("—", "，")) for line in lines)


def test_a_line_mixing_chinese_and_latin_keeps_both() -> None:
    text = BannerText("zh_CN", "white")
    line = text.render_line("等级 2：win-block", 20)
    latin = text.render_line("win-block", 20)
    han = text.render_line("等级", 20)
    assert line.get_width() > latin.get_width() + han.get_width()
    assert abs(latin.get_height() - han.get_height()) <= 6
