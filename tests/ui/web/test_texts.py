"""Every text the page shows is in each language's web.po (the page's JavaScript and HTML)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tictactoe.announce import PHRASES, phrasebook
from tictactoe.i18n import ENGLISH, LANGUAGES, translator
from tictactoe.ui.web.texts import catalog, page_messages

STATIC = resources.files("tictactoe.ui.web") / "static"


def page_texts() -> set[str]:
    """Each ``t("...")`` of the scripts and each ``data-i18n`` text of the HTML."""
    found: set[str] = set()
    for file in STATIC.iterdir():
        if file.name.endswith(".js"):
            for literal in re.findall(r'\bt\(\s*"((?:[^"\\]|\\.)*)"', file.read_text("utf-8")):
                found.add(json.loads(f'"{literal}"'))
    html = (STATIC / "index.html").read_text("utf-8")
    found.update(re.findall(r'data-i18n="([^"]*)"', html))
    return found


def test_the_page_has_texts() -> None:
    assert {"Play a friend", "Your move ({mark})", "{m} x {n}, {k} in a row"} <= page_texts()


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != ENGLISH])
def test_every_page_text_is_translated(language: str) -> None:
    catalog = page_messages(language)
    missing = sorted(text for text in page_texts() if not catalog.get(text))
    assert not missing, f"web.po of {language} lacks: {missing}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_gets_every_end_of_game_sentence_the_other_front_ends_say(language: str) -> None:
    endings = catalog(language)["endings"]
    assert endings == phrasebook(translator(language))
    assert set(endings) == set(PHRASES)
