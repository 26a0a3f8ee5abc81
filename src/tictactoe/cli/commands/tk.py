"""``tictactoe tk``: the desktop window (tkinter).

The window starts with the settings remembered from last time (level,
board, think time, language, sound, theme, cell names); options given on
the command line win for this launch.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.cli.commands.options import (
    add_window_options,
    given_settings,
    rng_from,
    rules_from,
    starter_from,
)
from tictactoe.cli.display import NoWindowError, no_display_reason
from tictactoe.cli.parser import N_
from tictactoe.console import EXIT_ERROR, EXIT_USAGE
from tictactoe.core.errors import RulesError
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.saved.settings import Choices, Loaded, Settings, SettingsStore
from tictactoe.session import rules_problem, unplayable_level
from tictactoe.texts.i18n import Gettext, Translator, translator

if TYPE_CHECKING:
    import tkinter

HELP = N_("play in a desktop window (tkinter): menus, levels, hints, sounds, light and dark")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The windows' options (:func:`~tictactoe.cli.commands.options.add_window_options`)."""
    add_window_options(parser, sound_help=N_("start with the sounds off"))


def settings_for(args: argparse.Namespace, loaded: Settings) -> Settings | str:
    """The remembered settings with this launch's options applied, or what is wrong with them."""
    chosen = loaded
    if args.lang:
        chosen = chosen.changed(language=args.lang)
    if args.no_sound:
        chosen = chosen.changed(sound=False)
    if getattr(args, "analysis", False):
        chosen = chosen.changed(analysis=True)
    if getattr(args, "think", None) is not None:
        chosen = chosen.changed(think=args.think)
    _ = translator(chosen.language)
    try:
        rules = rules_from(args, loaded.board)
    except RulesError as error:
        return rules_problem(error, _)
    assert rules is not None
    chosen = chosen.changed(board=rules)
    problem = unplayable_level((args.opponent, args.you), rules, _)
    if problem is not None:
        return problem
    if args.opponent not in (None, HUMAN):
        chosen = chosen.changed(level=args.opponent)
    return chosen


def build_match(args: argparse.Namespace, settings: Settings) -> Match:
    """The first game's match: the level playing is the chosen one, where it can play."""
    rules = settings.board
    opponent = (
        HUMAN if args.opponent == HUMAN else players.fit_level(settings.level, rules, own=True)
    )
    return Match(
        rules,
        opponent,
        starter=starter_from(args) or Starter.ALTERNATE,
        rng=rng_from(args),
        you=args.you or HUMAN,
        think=settings.think,
    )


def startup_notice(_: Translator, loaded: Loaded) -> str:
    """One line when the saved settings could not be read."""
    if loaded.set_aside is None:
        return ""
    return _("Saved settings could not be read; starting with the defaults.")


def run(args: argparse.Namespace) -> int:
    """Open the window and play until it is closed.

    When no window opens, say why and return 1; for plain ``tictactoe``
    (``args.fallback``) raise :class:`NoWindowError` so it plays in the terminal.
    """
    store = SettingsStore()
    loaded = store.load()
    settings = settings_for(args, loaded.settings)
    if isinstance(settings, str):
        print(settings, file=sys.stderr)
        return EXIT_USAGE
    _ = translator(settings.language)

    try:
        root = open_window(_)
    except NoWindowError as error:
        if getattr(args, "fallback", False):  # plain ``tictactoe``: the terminal game instead
            raise
        print(_("Cannot open a window: {reason}").format(reason=error), file=sys.stderr)
        return EXIT_ERROR

    from tictactoe.ui.tk.app import App

    App(
        root,
        build_match(args, settings),
        choices=Choices(settings, loaded.settings, store, given_settings(args)),
        notice=startup_notice(_, loaded),
    )
    root.mainloop()
    return 0


def open_window(_: Gettext) -> tkinter.Tk:
    """The main window; :class:`NoWindowError` says why when none can be opened."""
    try:
        import tkinter
    except ImportError:
        raise NoWindowError(_("tkinter is not installed")) from None
    from tictactoe.ui.tk.theme import enable_hidpi

    enable_hidpi()
    try:
        return tkinter.Tk(className="Tictactoe")
    except tkinter.TclError as error:
        if sys.platform in ("win32", "darwin"):  # no display to name: Tk's reason is all there is
            raise NoWindowError(str(error)) from error
        raise NoWindowError(no_display_reason(_)) from error
