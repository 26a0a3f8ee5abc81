"""The page's words in four languages, from the catalog every front end reads.

The page's own texts (its JavaScript calls ``t("English text")``, its HTML
marks elements ``data-i18n``) and the server's messages to it are in the
one gettext catalog of each language, with the level titles and
descriptions and the end-of-game sentences every front end shares
(:func:`tictactoe.texts.sentences.phrasebook`). :func:`catalog` bundles them as one
JSON document per language, which the page loads (``/i18n/<lang>.json``).
"""

from __future__ import annotations

from typing import Any

from tictactoe import players
from tictactoe.texts.i18n import LANGUAGES, Translator, translator
from tictactoe.texts.sentences import phrasebook


def page_messages(tr: Translator) -> dict[str, str]:
    """Every message of ``tr``'s catalog: English text -> translation (empty for English)."""
    return {key: text for key, text in tr.messages().items() if isinstance(key, str)}


PLURAL_TABLE = 200
"""Counts whose plural form the page is sent: 0-199; a larger count takes the form of 100 + its
last two digits (every language's rule looks at those and no further)."""


def page_plurals(tr: Translator) -> dict[str, list[str]]:
    """Every counted message of ``tr``'s catalog: English singular -> its plural forms, in the
    order the catalog's plural rule (:meth:`Translator.plural_form`) numbers them."""
    forms: dict[str, dict[int, str]] = {}
    for key, text in tr.messages().items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
    return {singular: [found[n] for n in sorted(found)] for singular, found in forms.items()}


def catalog(language: str) -> dict[str, Any]:
    """Everything the page needs to speak ``language`` (a code from :data:`LANGUAGES`)."""
    tr = translator(language)
    return {
        "language": language,
        "languages": dict(LANGUAGES),
        "messages": page_messages(tr),
        "plurals": page_plurals(tr),
        "plural": [tr.plural_form(count) for count in range(PLURAL_TABLE)],
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
