"""``tictactoe pgzero``: seed 001's Pygame Zero game, on any board, against any computer player.

Pygame and Pygame Zero are the ``pgzero`` extra; without them the command
says how to install them and exits with status 1, as it does when there is
no display to open the window on.
"""

from __future__ import annotations

import argparse
import os
import sys

from tictactoe import DISTRIBUTION, players
from tictactoe.commands.options import add_game_options, rng_from, rules_from, starter_from
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.display import no_display_reason
from tictactoe.game import HUMAN, Match, Starter, strongest_player
from tictactoe.i18n import Translator, translator

HELP = "play in a Pygame Zero window: click the cells; keys N U H 1-9 S Esc"

EXIT_MISSING = 1
EXIT_NO_DISPLAY = 1
EXIT_USAGE = 2
"""Seed 001's computer plays minimax: the exact player."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared game options and ``--no-sound``."""
    add_game_options(parser)
    parser.add_argument(
        "--no-sound", action="store_true", help="start with sound off (S switches it on)"
    )


def missing_extra(_: Translator) -> str | None:
    """The install advice when pygame or pgzero cannot be imported, else None."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pgzero  # noqa: F401
        import pygame  # noqa: F401
    except ImportError:
        return _(
            "The Pygame Zero game needs pygame and pgzero. Install them with:\n"
            "    pip install '{package}[pgzero]'\n"
            "or, from a checkout of the source:\n"
            "    pip install '.[pgzero]'"
        ).format(package=DISTRIBUTION)
    return None


def build_match(args: argparse.Namespace, _: Translator) -> Match | str:
    """The match the options ask for, or a message saying what is wrong with them."""
    try:
        rules = rules_from(args, Rules())
    except RulesError as error:
        return _("That board is impossible: {reason}").format(reason=error)
    assert rules is not None
    opponent = args.opponent if args.opponent is not None else strongest_player(rules)
    you = args.you if args.you is not None else HUMAN
    for name in (opponent, you):
        if name != HUMAN and players.get(name).unsupported_reason(rules) is not None:
            return _("{name} cannot play a {m} x {n} board").format(name=name, m=rules.m, n=rules.n)
    starter = starter_from(args) or Starter.ALTERNATE
    return Match(rules, opponent, starter=starter, rng=rng_from(args), you=you)


def run(args: argparse.Namespace) -> int:
    """Open the window and play; returns the exit status."""
    _ = translator(args.lang)
    advice = missing_extra(_)
    if advice is not None:
        print(advice, file=sys.stderr)
        return EXIT_MISSING
    match = build_match(args, _)
    if isinstance(match, str):
        print(match, file=sys.stderr)
        return EXIT_USAGE

    from pgzero.loaders import SoundLoader

    from tictactoe.stats import Scoreboard
    from tictactoe.ui.pgz.app import PgzApp
    from tictactoe.ui.pgz.audio import Speaker
    from tictactoe.ui.pgz.runner import NoDisplayError
    from tictactoe.ui.pgz.runner import run as run_game

    speaker = Speaker(SoundLoader("sounds"), enabled=not args.no_sound)
    try:
        run_game(PgzApp(match, _, speaker=speaker, scoreboard=Scoreboard()))
    except NoDisplayError:  # SDL's reason would ask whether DISPLAY is set even when it is
        reason = no_display_reason(_)
        print(_("Cannot open a window: {reason}").format(reason=reason), file=sys.stderr)
        return EXIT_NO_DISPLAY
    return 0
