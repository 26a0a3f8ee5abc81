"""Forgetting what is kept (the saved games, the scores), after asking: one shape for both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tictactoe.console import EXIT_OK
from tictactoe.texts.i18n import N_, Translator
from tictactoe.ui.terminal.answers import parse_yes_no
from tictactoe.ui.terminal.prompts import Prompter

MESSAGES: dict[str, tuple[str, str, str, str]] = {
    "games": (
        N_("Forget every saved game? (yes or no)"),
        N_("The saved games are unchanged."),
        N_("The damaged saved games file was kept as {path}."),
        N_("There are no saved games now."),
    ),
    "scores": (
        N_("Forget every recorded game? (yes or no)"),
        N_("The scoreboard is unchanged."),
        N_("The damaged scoreboard file was kept as {path}."),
        N_("The scoreboard is empty now."),
    ),
}
"""What forgetting the saved games (``tictactoe games --reset``) or the scores (``tictactoe
stats --reset``) asks and says, in English."""


def forget(
    prompter: Prompter,
    tr: Translator,
    reset: Callable[[], Path | None],
    *,
    confirmed: bool,
    messages: tuple[str, str, str, str],
) -> int:
    """Ask (unless ``confirmed``), then ``reset()``; say what became of it. ``messages`` are the
    English question, "unchanged", "the damaged file was kept as {path}" and "done"."""
    question, unchanged, kept, done = messages
    if not confirmed and not prompter.ask(tr.gettext(question), lambda t: parse_yes_no(t, tr)):
        prompter.say(tr.gettext(unchanged))
        return EXIT_OK
    set_aside = reset()
    if set_aside is not None:
        prompter.say(tr.gettext(kept).format(path=set_aside))
    prompter.say(tr.gettext(done))
    return EXIT_OK
