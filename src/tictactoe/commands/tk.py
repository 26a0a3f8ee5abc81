"""``tictactoe tk``: the desktop window (tkinter)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tictactoe.commands.options import add_game_options, rng_from, rules_from, starter_from
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.display import NoWindowError, has_display, no_display_reason
from tictactoe.game import HUMAN, Match, Starter, strongest_player
from tictactoe.i18n import Gettext, translator

if TYPE_CHECKING:
    import tkinter

HELP = "play in a desktop window (tkinter): menus, skill levels, hints, sounds"

EXIT_ERROR = 1
EXIT_USAGE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared game options and ``--no-sound``."""
    add_game_options(parser)
    parser.add_argument("--no-sound", action="store_true", help="start with the sounds off")


def run(args: argparse.Namespace) -> int:
    """Open the window and play until it is closed.

    When no window opens, say why and return 1; for plain ``tictactoe``
    (``args.fallback``) raise :class:`NoWindowError` so it plays in the terminal.
    """
    _ = translator(args.lang)
    try:
        rules = rules_from(args, Rules()) or Rules()
    except RulesError as error:
        print(_("Impossible board: {reason}").format(reason=error), file=sys.stderr)
        return EXIT_USAGE

    try:
        root = open_window(_)
    except NoWindowError as error:
        if getattr(args, "fallback", False):  # plain ``tictactoe``: the terminal game instead
            raise
        print(_("Cannot open a window: {reason}").format(reason=error), file=sys.stderr)
        return EXIT_ERROR

    from tictactoe.ui.tk.app import App

    level = args.opponent if args.opponent not in (None, HUMAN) else strongest_player(rules)
    match = Match(
        rules,
        HUMAN if args.opponent == HUMAN else level,
        starter=starter_from(args) or Starter.ALTERNATE,
        rng=rng_from(args),
        you=args.you or HUMAN,
    )
    App(root, match, level=level, language=_.language, sound=not args.no_sound)
    root.mainloop()
    return 0


def open_window(_: Gettext) -> tkinter.Tk:
    """The main window; :class:`NoWindowError` says why when none can be opened."""
    try:
        import tkinter
    except ImportError:
        raise NoWindowError(_("tkinter is not installed")) from None
    try:
        return tkinter.Tk(className="Tictactoe")
    except tkinter.TclError as error:
        if has_display():
            raise NoWindowError(no_display_reason(_)) from error
        raise NoWindowError(str(error)) from error
