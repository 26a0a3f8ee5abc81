"""The strip's text: no empty boxes in any language with only the fonts the game ships,
and long messages wrap instead of shrinking."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pygame.freetype
import pytest

from tictactoe.core.rules import Rules
from tictactoe.texts.i18n import LANGUAGES, translator
from tictactoe.texts.sentences import phrasebook
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


SIZES = sorted({16, 18, 20, 22, 24, 26, 28, 30, 32, 36})
"""The sizes the game draws text at: menus 16-22, the strip 22 and 30, panels up to 36."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Medium", "game", "computer", "Click", "Hooray"]),
        ("ru", ["Средний", "компьютер", "игра"]),
        ("vi", ["Trung", "bình", "máy"]),
        ("zh_CN", ["Medium", "等级"]),
    ],
)
def test_letters_in_a_word_are_no_further_apart_than_alone(
    language: str, words: list[str], size: int
) -> None:
    """No pair of letters is drawn wider than its two letters side by side: pygame.font
    applied FreeSans Bold's broken kerning, "M edium", "ga me", "compu ter"."""
    text = BannerText(language, "white")

    def width(run: str) -> int:
        return text.render_line(run, size).get_width()

    for word in words:
        for a, b in itertools.pairwise(word):
            assert width(a + b) <= width(a) + width(b), f"{word}: {a}{b} pushed apart at {size}"
        assert width(word) <= sum(width(char) for char in word), f"{word} at {size}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ["a", "one", "Hooray! You have won the game!", "Agjy (1-9)…"]),
        ("ru", ["а", "Ваш ход", "Средний компьютер"]),
        ("vi", ["a", "Lượt của bạn", "Máy trung bình"]),
        ("zh_CN", ["等级 2：win-block", "等级", "轮到 X"]),
    ],
)
def test_a_lines_height_does_not_depend_on_its_letters(
    language: str, lines: list[str], size: int
) -> None:
    """Each line as tall as its fonts, whatever its letters, so the strip does not jump."""
    text = BannerText(language, "white")
    assert len({text.render_line(line, size).get_height() for line in lines}) == 1


def test_a_glyph_left_of_the_pen_is_not_cut_off() -> None:
    text = BannerText("vi", "white")  # DejaVu's j starts left of its pen position
    line = text.render_line("j", 30)
    alpha = pygame.surfarray.array_alpha(line)
    assert alpha[0].any() and not alpha[0].all()
    face = pygame.freetype.Font(banner.LATIN, round(30 * banner.SCALE[banner.LATIN]))
    assert line.get_width() >= face.get_rect("j").w


def test_a_list_breaks_between_its_parts_and_never_before_a_dot() -> None:
    """The strip's second line on 3 x 3 broke "F1 or ?: help" after "F1", and a big board's
    hints in a narrow window started a line with the dot between two of them."""
    layout = Layout(Rules())
    size, width = layout.detail_font_size, layout.strip_rect.w - 16
    text = BannerText("en", "white")
    detail = "Expert · 1 s a move · You 0 · computer 0 · draws 0 · F1 or ?: help"
    assert text.wrap(detail, size, width) == [
        "Expert · 1 s a move · You 0 · computer 0 · draws 0 ·",
        "F1 or ?: help",
    ]
    hints = (
        "1 g11: the computer wins with its next move · 2 l6: the computer wins with its next move"
    )
    narrow = text.width("1 g11: the computer wins with its next move ·", size) + 4
    assert text.wrap(hints, size, narrow) == [
        "1 g11: the computer wins with its next move ·",
        "2 l6: the computer wins with its next move",
    ]
    chinese = BannerText("zh_CN", "white")
    said = "1 g11：计算机下一步就赢 · 2 l6：计算机下一步就赢 · 3 h5：计算机下一步就赢"
    for language, words in (("en", detail), ("en", hints), ("zh_CN", said)):
        renderer = chinese if language == "zh_CN" else text
        for room in range(120, 520, 7):
            lines = renderer.wrap(words, size, room)
            assert not any(line.startswith("·") for line in lines), (room, lines)
            assert "".join(lines).replace(" ", "") == words.replace(" ", "")


def test_whole_parts_give_way_to_words_before_the_text_shrinks() -> None:
    """Three parts that fit two lines only broken inside one: the block keeps its size."""
    text = BannerText("en", "white")
    size = 22
    words = "aaaa bbbb cccc · dddd eeee ffff · gggg hhhh iiii"
    width = text.width("aaaa bbbb cccc · dddd eeee", size) + 2
    assert len(text.wrap(words, size, width)) == 3
    assert len(text.wrap(words, size, width, parts=False)) == 2
    block = text.block(words, size, width, smallest=10, lines=2)
    one_line = text.render_line("aaaa", size).get_height()
    assert block.get_height() >= 2 * one_line, "two lines at full size, not shrunk"
