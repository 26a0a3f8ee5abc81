"""The translation loader: language choice, .po parsing, plurals."""

from __future__ import annotations

import pytest

from tictactoe.i18n import LANGUAGES, Translator, detect, normalise, parse_po, translator


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("ru_RU.UTF-8", "ru"),
        ("zh_CN.UTF-8", "zh_CN"),
        ("zh-Hans", "zh_CN"),
        ("zh", "zh_CN"),
        ("vi_VN", "vi"),
        ("en_GB.UTF-8", "en"),
        ("C", None),
        ("POSIX", None),
        ("de_DE", None),
        ("", None),
    ],
)
def test_normalise(code: str, expected: str | None) -> None:
    assert normalise(code) == expected


def test_detect_prefers_the_choice_then_the_locale() -> None:
    assert detect("ru", {"LANG": "vi_VN.UTF-8"}) == "ru"
    assert detect(None, {"LANG": "vi_VN.UTF-8"}) == "vi"
    assert detect(None, {"LANGUAGE": "de:zh_CN", "LANG": "ru_RU"}) == "zh_CN"
    assert detect(None, {"LC_ALL": "", "LANG": "ru_RU.UTF-8"}) == "ru"
    assert detect(None, {"LANG": "de_DE.UTF-8", "LANGUAGE": "de"}) == "en"
    assert detect(None, {"LANGUAGE": "ru", "LANG": "C.UTF-8"}) == "ru"


@pytest.mark.parametrize("c_locale", ["C", "POSIX", "C.UTF-8", "C.utf8"])
def test_lc_all_c_means_english_whatever_lang_says(c_locale: str) -> None:
    assert detect(None, {"LC_ALL": c_locale, "LANG": "ru_RU.UTF-8"}) == "en"
    assert detect(None, {"LC_MESSAGES": c_locale, "LANG": "vi_VN"}) == "en"
    assert detect(None, {}) == "en"


def test_unknown_choice_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="en, ru, zh_CN, vi"):
        detect("klingon")


PO = r"""
# comment
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\n"

msgid "Hello"
msgstr "Привет"

msgid ""
"long "
"text"
msgstr ""
"длинный "
"текст"

#, fuzzy
msgid "Fuzzy"
msgstr "Нечётко"

msgid "Empty"
msgstr ""

msgid "{n} game"
msgid_plural "{n} games"
msgstr[0] "{n} игра"
msgstr[1] "{n} игры"
msgstr[2] "{n} игр"
"""


def test_parse_po() -> None:
    catalog = parse_po(PO)
    assert catalog["Hello"] == "Привет"
    assert catalog["long text"] == "длинный текст"
    assert "Fuzzy" not in catalog and "Empty" not in catalog and "" not in catalog
    assert catalog[("{n} game", 2)] == "{n} игр"


@pytest.mark.parametrize(
    ("count", "form"),
    [(1, "игра"), (3, "игры"), (5, "игр"), (11, "игр"), (21, "игра"), (22, "игры"), (112, "игр")],
)
def test_russian_plurals(count: int, form: str) -> None:
    _ = Translator("ru", parse_po(PO))
    assert _.ngettext("{n} game", "{n} games", count) == "{n} " + form


def test_english_and_missing_messages_fall_back_to_the_source() -> None:
    english = Translator("en", {})
    assert english("Hello") == "Hello"
    assert english.ngettext("{n} game", "{n} games", 2) == "{n} games"
    assert Translator("vi", {})("Untranslated") == "Untranslated"


def test_shipped_catalogs_load_for_every_language() -> None:
    for code in LANGUAGES:
        assert translator(code).language == code
