"""Every text the page shows is translated in each language (its JavaScript and HTML)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictactoe.texts.i18n import ENGLISH, LANGUAGES, translator
from tictactoe.texts.sentences import PHRASES, phrasebook
from tictactoe.ui.web.texts import catalog

PAGE = "src/tictactoe/ui/web/static/"
"""The page's scripts and HTML."""


def test_the_page_has_texts(messages_used_in: Callable[..., set[str]]) -> None:
    expected = {"Play a friend", "Your move ({mark})", "{m} x {n}, {k} in a row"}
    assert expected <= messages_used_in(PAGE)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != ENGLISH])
def test_every_page_text_is_translated(
    language: str, messages_used_in: Callable[..., set[str]]
) -> None:
    messages = catalog(language)["messages"]
    missing = sorted(text for text in messages_used_in(PAGE) if not messages.get(text))
    assert not missing, f"the page in {language} lacks: {missing}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_gets_every_end_of_game_sentence_the_other_front_ends_say(language: str) -> None:
    endings = catalog(language)["endings"]
    assert endings == phrasebook(translator(language))
    assert set(endings) == set(PHRASES)
