"""Every message the user can see exists in Russian, Chinese and Vietnamese.

Extracts with :mod:`ast` every literal string passed to ``_``, ``gettext``,
``ngettext`` (both forms) or ``N_`` anywhere under ``src/tictactoe`` (as a
plain name or an attribute, like ``tr.gettext``), adds every strategy
title and description, and checks each has a non-empty translation in every catalog
language. The ``.po`` files themselves must have no fuzzy or empty entries,
and each translation must use the same ``{placeholders}`` as its English text.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from tictactoe import players
from tictactoe.i18n import ENGLISH, LANGUAGES, parse_po, translator

SOURCE = Path(__file__).resolve().parents[1] / "src" / "tictactoe"
LOCALE = SOURCE / "locale"
TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]
MARKERS = {"_", "gettext", "ngettext", "N_"}


def _called_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def extract(tree: ast.AST) -> list[tuple[str, str | None]]:
    """(message, plural or None) for every marked literal in ``tree``."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _called_name(node) not in MARKERS:
            continue
        literals = [
            arg.value
            for arg in node.args[:2]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]
        if _called_name(node) == "ngettext" and len(literals) == 2:
            found.append((literals[0], literals[1]))
        elif node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.value, None))
    return found


def source_messages() -> dict[str, str | None]:
    """Every marked message in the package, mapped to its plural (or None)."""
    messages: dict[str, str | None] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for singular, plural in extract(tree):
            messages[singular] = plural if plural is not None else messages.get(singular)
    for strategy in players.STRATEGIES:
        messages.setdefault(strategy.title, None)
        messages.setdefault(strategy.description, None)
    return messages


def placeholders(text: str) -> set[str]:
    """The named ``{fields}`` of a format string."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def test_extraction_finds_marked_strings() -> None:
    tree = ast.parse(
        "_('a'); tr.gettext('b'); tr.ngettext('c', 'cs', n); N_('d'); other('e'); _(name)"
    )
    assert sorted(extract(tree)) == [("a", None), ("b", None), ("c", "cs"), ("d", None)]


@pytest.mark.slow
def test_there_are_messages() -> None:
    assert len(source_messages()) > 50


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    catalog = translator(language)._catalog
    plurals = 3 if language == "ru" else 1
    missing = []
    for message, plural in source_messages().items():
        if plural is None:
            if not catalog.get(message):
                missing.append(message)
        else:
            for form in range(plurals):
                if not catalog.get((message, form)):
                    missing.append(f"{message} [plural form {form}]")
    assert not missing, f"{len(missing)} messages lack a {language} translation:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("path", po_files(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_po_file_is_complete_and_consistent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "#, fuzzy" not in text, f"{path} has fuzzy entries"
    catalog = parse_po(text)
    ids = re.findall(r'^msgid "(.+)"$', text, flags=re.MULTILINE)
    for msgid in (ast.literal_eval(f'"{raw}"') for raw in ids):
        forms = [value for key, value in catalog.items() if key == msgid or key[0] == msgid]
        assert forms, f"{path}: {msgid!r} has an empty translation"
        for form in forms:
            expected = placeholders(msgid)
            assert placeholders(form) == expected, (
                f"{path}: {msgid!r} -> {form!r}: placeholders differ from {sorted(expected)}"
            )


@pytest.mark.parametrize("language", TRANSLATED)
def test_strategy_titles_and_descriptions_are_translated(language: str) -> None:
    tr = translator(language)
    for strategy in players.STRATEGIES:
        assert tr.gettext(strategy.title) != strategy.title
        assert tr.gettext(strategy.description) != strategy.description


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_in_two_catalogs_is_translated_the_same(language: str) -> None:
    # The catalogs of a language are merged, so the last file would silently win.
    seen: dict[str | tuple[str, int], tuple[str, str]] = {}
    clashes = []
    for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        for key, value in parse_po(path.read_text(encoding="utf-8")).items():
            if key == "":
                continue
            earlier = seen.setdefault(key, (path.name, value))
            if earlier[1] != value:
                clashes.append(f"{key!r}: {earlier[0]} {earlier[1]!r}, {path.name} {value!r}")
    assert not clashes, "\n".join(clashes)
