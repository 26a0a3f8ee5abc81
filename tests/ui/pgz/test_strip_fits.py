"""What the strip says fits it at the window's smallest, in every language: a result on
one line, or on two where one is too short; a message under it on up to two, all of it in
the strip's height."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pygame.freetype
import pytest

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.session.picture import BoardPicture
from tictactoe.texts.i18n import LANGUAGES, translator
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.painter import Fonts, Scene, strip_text
from tictactoe.ui.pgz.text import BannerText

Said = Callable[[str], tuple[list[str], list[str]]]


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    pygame.freetype.init()
    yield


def fits(layout: view.Layout, language: str, status: str, detail: str) -> list[str]:
    """What does not fit when the strip of ``layout`` says ``status`` over ``detail``."""
    fonts = Fonts(BannerText(language, view.STRIP_TEXT), BannerText(language, view.STRIP_MUTED))
    board = BoardPicture.of(Board.empty(layout.rules), None)
    top, bottom = strip_text(layout, Scene(layout, board, status=status, detail=detail), fonts)
    strip, room = layout.strip_rect, layout.strip_rect.w - 16
    wrong = []
    if max(top.get_width(), bottom.get_width()) > room:
        wrong.append(f"too wide: {status!r} / {detail!r}")
    if top.get_height() + bottom.get_height() > strip.h:
        wrong.append(f"too tall: {status!r} / {detail!r}")
    return wrong


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_result_and_message_fits_the_smallest_strip(said_in: Said, language: str) -> None:
    layout = view.Layout(Rules()).resized(1, 1)
    assert (layout.width, layout.strip_rect.h) == (view.SMALLEST[0], view.STRIP)
    results, notices = said_in(language)
    standing = translator(language).gettext("Enter: the next game (or click the board twice)")
    wrong = [
        problem
        for result in results
        for notice in [*notices, standing]
        for problem in fits(layout, language, result, notice)
    ]
    assert wrong == []


def test_a_result_too_long_for_one_line_takes_two() -> None:
    layout = view.Layout(Rules()).resized(1, 1)
    long = "forever.py (O) answered something that is not a cell: X wins."
    fonts = Fonts(BannerText("en", "white"), BannerText("en", view.STRIP_MUTED))
    board = BoardPicture.of(Board.empty(layout.rules), None)
    top, _bottom = strip_text(layout, Scene(layout, board, status=long, detail="…"), fonts)
    line = fonts.text.render_line("forever.py", layout.detail_font_size).get_height()
    assert top.get_height() > line, "two lines"
