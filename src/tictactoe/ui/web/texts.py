"""The page's words in four languages, from the same gettext catalogs as the other front ends.

The page's own texts (its JavaScript calls ``t("English text")``) and the
server's messages to it are in ``locale/<lang>/LC_MESSAGES/web.po``; the level
titles and descriptions, and the end-of-game sentences every front end
shares (:func:`tictactoe.announce.phrasebook`), come from ``core.po`` through
:func:`tictactoe.i18n.translator`. :func:`catalog` bundles them as one JSON
document per language, which the page loads (``/i18n/<lang>.json``).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from tictactoe import players
from tictactoe.announce import phrasebook
from tictactoe.i18n import ENGLISH, LANGUAGES, parse_po, translator


def page_messages(language: str) -> dict[str, str]:
    """``web.po`` of ``language``: English text -> translation (empty for English)."""
    if language == ENGLISH:
        return {}
    file = resources.files("tictactoe") / "locale" / language / "LC_MESSAGES" / "web.po"
    if not file.is_file():
        return {}
    return {
        key: value
        for key, value in parse_po(file.read_text(encoding="utf-8")).items()
        if isinstance(key, str) and key
    }


def catalog(language: str) -> dict[str, Any]:
    """Everything the page needs to speak ``language`` (a code from :data:`LANGUAGES`)."""
    tr = translator(language)
    return {
        "language": language,
        "languages": dict(LANGUAGES),
        "messages": page_messages(language),
        "endings": phrasebook(tr),
        "levels": [
            {
                "name": strategy.name,
                "title": tr.gettext(strategy.title),
                "description": tr.gettext(strategy.description),
                "thinks": strategy.thinks,
            }
            for strategy in players.STRATEGIES
        ],
    }
