"""The template holds every message of the sources, and every language translates all of it.

The template (``locale/tictactoe.pot``) is extracted again here with the
translators' tool (``scripts/messages.py``: Babel's extractors for Python, the
page's JavaScript and its HTML), so a new ``_()`` string fails until the
template is updated and the string translated. Each catalog
(``locale/<lang>/LC_MESSAGES/tictactoe.po``) has the header gettext needs,
every message of the template and no other, every plural form, no fuzzy or
empty entry, and the same ``{placeholders}`` as the English text; the compiled
catalog the program reads says what the ``.po`` file says.
"""

from __future__ import annotations

import string
from types import ModuleType
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message

from tictactoe import players
from tictactoe.texts.i18n import ENGLISH, LANGUAGES, translator

TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]
PLURAL_FORMS = {"ru": 3, "zh_CN": 1, "vi": 1}
UPDATE = "run: python scripts/messages.py update"
MOVES = ("Result: {result}, after {count} move.", "Result: {result}, after {count} moves.")


def placeholders(text: str) -> set[str]:
    """The named ``{fields}`` of a format string."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def forms(message: Message) -> tuple[str, ...]:
    """The translation of ``message``: one string, or one per plural form."""
    return tuple(message.string) if message.pluralizable else (message.string,)


@pytest.fixture(scope="module", params=TRANSLATED)
def language(request: pytest.FixtureRequest) -> str:
    code: str = request.param
    return code


@pytest.fixture(scope="module")
def po(messages_tool: ModuleType, language: str) -> Catalog:
    """``language``'s catalog as Babel reads it."""
    catalog: Catalog = messages_tool.read(messages_tool.catalog_path(language))
    return catalog


def test_the_template_is_up_to_date_with_the_sources(
    messages_tool: ModuleType, message_template: Catalog
) -> None:
    extracted: set[Any] = messages_tool.keys(messages_tool.extract_template())
    template: set[Any] = messages_tool.keys(message_template)
    new = sorted(map(str, extracted - template))
    assert not new, f"new messages, not in the template ({UPDATE}):\n" + "\n".join(new)
    gone = sorted(map(str, template - extracted))
    assert not gone, f"messages gone from the sources ({UPDATE}):\n" + "\n".join(gone)


def test_the_template_has_every_kind_of_message(message_template: Catalog) -> None:
    assert len(message_template) > 400
    assert message_template.get("Medium") is not None  # a level title (players: N_)
    assert message_template.get("Play a friend") is not None  # the page's HTML
    assert message_template.get("Your move ({mark})") is not None  # the page's JavaScript
    assert any(message.id == MOVES for message in message_template)  # ngettext
    usage = message_template.get("Usage:")
    assert usage is not None and usage.auto_comments  # a "Translators:" comment


def test_the_catalog_header_is_what_gettext_needs(po: Catalog, language: str) -> None:
    assert po.num_plurals == PLURAL_FORMS[language]
    assert po.charset.lower() == "utf-8"
    assert not po.fuzzy  # a fuzzy header would keep the catalog from compiling
    headers = dict(po.mime_headers)
    assert headers["Language"] == language
    assert headers["Plural-Forms"].startswith(f"nplurals={PLURAL_FORMS[language]};")


def test_every_message_of_the_template_is_translated(
    po: Catalog, message_template: Catalog, language: str
) -> None:
    missing = []
    for message in message_template:
        if not message.id:
            continue
        found = po.get(message.id)
        if found is None:
            missing.append(f"{message.id!r}: not in the catalog ({UPDATE})")
        elif found.fuzzy:
            missing.append(f"{message.id!r}: fuzzy (check the translation, then drop the flag)")
        elif len(forms(found)) != po.num_plurals and found.pluralizable:
            missing.append(f"{message.id!r}: {len(forms(found))} plural forms")
        elif not all(forms(found)):
            missing.append(f"{message.id!r}: not translated")
    assert not missing, f"{len(missing)} messages of {language}:\n" + "\n".join(missing)


def test_the_catalog_has_no_message_the_template_lacks(
    po: Catalog, messages_tool: ModuleType, message_template: Catalog
) -> None:
    extra = messages_tool.keys(po) - messages_tool.keys(message_template)
    assert not extra, f"not in the sources any more ({UPDATE}): {sorted(map(str, extra))}"
    assert not po.obsolete


def test_translations_keep_the_placeholders(po: Catalog) -> None:
    wrong = []
    for message in po:
        if not message.id:
            continue
        english = message.id[-1] if message.pluralizable else message.id
        for form in forms(message):
            if placeholders(form) != placeholders(english):
                wrong.append(f"{english!r} -> {form!r}")
    assert not wrong, "placeholders differ from the English text:\n" + "\n".join(wrong)


def test_the_program_reads_what_the_catalog_says(po: Catalog, language: str) -> None:
    compiled = translator(language).messages()
    written: dict[Any, str] = {}
    for message in po:
        if not message.id:
            continue
        if message.pluralizable:
            written.update(((message.id[0], n), form) for n, form in enumerate(forms(message)))
        else:
            written[message.id] = message.string
    assert compiled == written, (
        "the compiled catalog is not the .po file's: run python scripts/messages.py compile "
        "(or python -m pip install -e . again)"
    )


def test_level_titles_and_descriptions_are_translated(language: str) -> None:
    tr = translator(language)
    for strategy in players.STRATEGIES:
        assert tr.gettext(strategy.title) != strategy.title
        assert tr.gettext(strategy.description) != strategy.description


@pytest.mark.parametrize(
    ("count", "word"),
    [
        (1, "ход"),
        (3, "хода"),
        (5, "ходов"),
        (11, "ходов"),
        (21, "ход"),
        (22, "хода"),
        (112, "ходов"),
    ],
)
def test_russian_plural_forms_follow_the_catalogs_rule(count: int, word: str) -> None:
    shown = translator("ru").ngettext(*MOVES, count).format(result="—", count=count)
    assert shown == f"Результат: —, {count} {word}."


def test_chinese_has_one_form() -> None:
    tr = translator("zh_CN")
    assert tr.ngettext(*MOVES, 1) == tr.ngettext(*MOVES, 5) == "结果：{result}，共 {count} 步。"
