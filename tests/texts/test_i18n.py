"""The translation loader: language choice, compiled catalogs read with gettext, plurals
from the catalog's header, and what a missing or outdated catalog says."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tictactoe.texts import i18n
from tictactoe.texts.i18n import LANGUAGES, Translator, detect, load, normalise, translator


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
msgid ""
msgstr ""
"Language: ru\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello"
msgstr "Привет"

#, fuzzy
msgid "Fuzzy"
msgstr "Нечётко"

msgid "Empty"
msgstr ""

msgid "{n} game"
msgid_plural "{n} games"
msgstr[0] "{n} игра (one)"
msgstr[1] "{n} игры (other)"
"""
"""A catalog whose header gives Russian a two-form rule, to show whose rule counts."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A locale folder with :data:`PO` compiled as Russian (and its ``.po`` beside it)."""
    messages = tmp_path / "ru" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "tictactoe.po").write_text(PO, encoding="utf-8")
    with (messages / "tictactoe.mo").open("wb") as file:
        write_mo(file, read_po(io.StringIO(PO)))
    return tmp_path


@pytest.fixture(autouse=True)
def _said_again() -> Iterator[None]:
    """Each test sees the first complaint about a catalog (they are said once a run)."""
    i18n._say_once.cache_clear()
    yield
    i18n._say_once.cache_clear()


def test_a_compiled_catalog_translates(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _ = Translator("ru", load("ru", str(folder)))
    assert _("Hello") == "Привет" and _.gettext("Hello") == "Привет"
    assert _("Fuzzy") == "Fuzzy" and _("Empty") == "Empty"  # left out, as msgfmt does
    assert _("") == ""  # not the catalog's header
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("count", "form"), [(0, "other"), (1, "one"), (2, "other"), (21, "other")])
def test_plural_forms_come_from_the_catalog_header(folder: Path, count: int, form: str) -> None:
    _ = Translator("ru", load("ru", str(folder)))
    assert _.ngettext("{n} game", "{n} games", count).endswith(f"({form})")


def test_a_missing_catalog_is_said_once_with_the_fix(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "ru" / "LC_MESSAGES" / "tictactoe.mo").unlink()
    for _attempt in range(2):
        assert Translator("ru", load("ru", str(folder)))("Hello") == "Hello"
    said = capsys.readouterr().err
    assert said.count("tictactoe:") == 1
    assert "tictactoe.mo is missing, so the messages are in English" in said
    assert "python -m pip install -e ." in said


def test_an_installed_package_without_its_catalog_says_reinstall(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("tictactoe.mo", "tictactoe.po"):
        (folder / "ru" / "LC_MESSAGES" / name).unlink()
    load("ru", str(folder))
    assert "Reinstall tictactoe-mnk" in capsys.readouterr().err


def test_a_catalog_changed_after_compiling_is_said(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = folder / "ru" / "LC_MESSAGES" / "tictactoe.po"
    compiled = source.with_suffix(".mo").stat().st_mtime
    os.utime(source, (compiled + 10, compiled + 10))
    assert Translator("ru", load("ru", str(folder)))("Hello") == "Привет"  # the old one
    assert "is newer than its compiled catalog" in capsys.readouterr().err


def test_english_and_missing_messages_fall_back_to_the_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    english = translator("en")
    assert english("Hello") == "Hello"
    assert english.ngettext("{n} game", "{n} games", 2) == "{n} games"
    assert english.messages() == {}
    assert Translator("vi")("Untranslated") == "Untranslated"
    assert translator("vi")("Untranslated") == "Untranslated"
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_shipped_catalogs_load_for_every_language(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tr = translator(code)
    assert tr.language == code
    assert (code == "en") == (tr.messages() == {})
    assert capsys.readouterr().err == ""  # compiled, and as new as its .po file
