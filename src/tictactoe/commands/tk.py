"""``tictactoe tk``: the desktop window (tkinter)."""

from __future__ import annotations

import argparse
import sys

from tictactoe.commands.options import add_game_options, rng_from, rules_from, starter_from
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Starter, strongest_player
from tictactoe.i18n import translator

HELP = "play in a desktop window (tkinter): menus, skill levels, hints, sounds"

EXIT_ERROR = 1
EXIT_USAGE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared game options and ``--no-sound``."""
    add_game_options(parser)
    parser.add_argument("--no-sound", action="store_true", help="start with the sounds off")


def run(args: argparse.Namespace) -> int:
    """Open the window and play until it is closed."""
    _ = translator(args.lang)
    try:
        rules = rules_from(args, Rules()) or Rules()
    except RulesError as error:
        print(_("Impossible board: {reason}").format(reason=error), file=sys.stderr)
        return EXIT_USAGE

    import tkinter as tk

    from tictactoe.ui.tk.app import App

    level = args.opponent if args.opponent not in (None, HUMAN) else strongest_player(rules)
    match = Match(
        rules,
        HUMAN if args.opponent == HUMAN else level,
        starter=starter_from(args) or Starter.ALTERNATE,
        rng=rng_from(args),
        you=args.you or HUMAN,
        think=getattr(args, "think", None),
    )
    try:
        root = tk.Tk(className="Tictactoe")
    except tk.TclError as error:
        print(_("Cannot open a window: {reason}").format(reason=error), file=sys.stderr)
        return EXIT_ERROR
    App(root, match, level=level, language=_.language, sound=not args.no_sound)
    root.mainloop()
    return 0
