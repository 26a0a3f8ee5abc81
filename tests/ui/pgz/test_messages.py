"""Every message of the Pygame Zero game is translated in its own catalog, pgzero.po."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tictactoe
from tictactoe.i18n import parse_po

PACKAGE = Path(tictactoe.__file__).parent
SOURCES = [*sorted((PACKAGE / "ui" / "pgz").glob("*.py")), PACKAGE / "commands" / "pgzero.py"]


def calls(marker: str) -> list[str]:
    """The literal first arguments of every ``marker(...)`` call in the game's modules."""
    found: list[str] = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name == marker and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append(first.value)
    return found


def messages() -> list[str]:
    """Every ``_(...)`` message of the game."""
    return calls("_")


def test_the_game_has_messages() -> None:
    assert {"{mark} wins", "Draw", "Sound on"} <= set(messages())


@pytest.mark.parametrize("language", ["ru", "zh_CN", "vi"])
def test_each_is_translated(language: str) -> None:
    po = PACKAGE / "locale" / language / "LC_MESSAGES" / "pgzero.po"
    catalog = parse_po(po.read_text(encoding="utf-8"))
    for message in messages():
        assert catalog.get(message), f"{language}: {message!r} is not translated"
        for placeholder in ("{mark}", "{level}", "{name}", "{reason}", "{m}", "{n}"):
            assert (placeholder in message) == (placeholder in catalog[message]), message


def test_russian_results_are_seed_001s_words() -> None:
    po = PACKAGE / "locale" / "ru" / "LC_MESSAGES" / "pgzero.po"
    catalog = parse_po(po.read_text(encoding="utf-8"))
    assert catalog["{mark} wins"].format(mark="O") == "Победа O"
    assert catalog["Draw"] == "Ничья"
