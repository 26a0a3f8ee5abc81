"""Forgetting what is kept (the saved games, the scores), after asking: one shape for both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tictactoe.console import EXIT_OK
from tictactoe.i18n import Translator
from tictactoe.ui.terminal.answers import parse_yes_no
from tictactoe.ui.terminal.prompts import Prompter


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
