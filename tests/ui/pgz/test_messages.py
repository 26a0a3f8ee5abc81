"""The Pygame Zero game's messages are in the template (so the catalog tests check their
translations), and its results read as seed 001 words them in Russian."""

from __future__ import annotations

from collections.abc import Callable

from tictactoe.texts.i18n import translator


def test_the_game_has_messages(messages_used_in: Callable[..., set[str]]) -> None:
    game = messages_used_in("src/tictactoe/ui/pgz/", "src/tictactoe/cli/commands/pgzero.py")
    assert {"{mark} wins", "Draw", "Sound on", "tic-tac-toe"} <= game


def test_russian_results_are_seed_001s_words() -> None:
    _ = translator("ru")
    assert _("{mark} wins").format(mark="O") == "Победа O"
    assert _("Draw") == "Ничья"
