"""``tictactoe pgzero``: the Pygame Zero game, on any board, against any computer player.

Pygame and Pygame Zero are the ``pgzero`` extra; without them the command
says how to install them and exits with status 1, as it does when there is
no display to open the window on.

The game starts with the settings remembered from last time (level, board,
think time, language, sound; the desktop window shares them); options given
on the command line win for this launch. Levels, think times and the sound
chosen in the window are remembered.

``--open ID|FILE`` starts by showing a saved game (its number in
``tictactoe games``) or a game file (text, SGF, PSQ), as ``tictactoe replay``
opens them; one that cannot be opened is refused with the reason (status 2,
or 1 when the saved games file is unusable).
"""

from __future__ import annotations

import argparse
import os
import sys

from tictactoe import DISTRIBUTION, players
from tictactoe.cli.commands.options import (
    add_window_options,
    given_settings,
    rng_from,
    rules_from,
    starter_from,
)
from tictactoe.cli.display import no_display_reason
from tictactoe.cli.parser import N_
from tictactoe.console import EXIT_USAGE
from tictactoe.core.errors import RulesError
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session import rules_problem, unplayable_level
from tictactoe.texts.i18n import Translator, translator

HELP = N_("play in a Pygame Zero window: click the cells; keys N U H 1-8 T G S, F1 for help, Esc")

EXIT_MISSING = 1
EXIT_NO_DISPLAY = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The windows' options, and ``--open``."""
    add_window_options(parser, sound_help=N_("start with sound off (S switches it on)"))
    parser.add_argument(
        "--open",
        metavar="ID|FILE",
        help=N_(
            "start by showing a saved game (its number in tictactoe games) or a game file"
            " (text, SGF or PSQ), to step through or play on from"
        ),
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


def build_match(
    args: argparse.Namespace, _: Translator, settings: Settings | None = None
) -> Match | str:
    """The match the options and the remembered ``settings`` ask for, or what is wrong."""
    remembered = settings if settings is not None else Settings()
    try:
        rules = rules_from(args, remembered.board)
    except RulesError as error:
        return rules_problem(error, _)
    assert rules is not None
    problem = unplayable_level((args.opponent, args.you), rules, _)
    if problem is not None:
        return problem
    opponent = args.opponent or players.fit_level(remembered.level, rules, own=True)
    you = args.you if args.you is not None else HUMAN
    starter = starter_from(args) or Starter.ALTERNATE
    think = args.think if getattr(args, "think", None) is not None else remembered.think
    return Match(rules, opponent, starter=starter, rng=rng_from(args), you=you, think=think)


def settings_for(args: argparse.Namespace, remembered: Settings) -> Settings:
    """The remembered settings with this launch's options applied (language, level, think
    time, sound)."""
    chosen = remembered
    if args.lang:
        chosen = chosen.changed(language=args.lang)
    if args.opponent not in (None, HUMAN):
        chosen = chosen.changed(level=args.opponent)
    if getattr(args, "think", None) is not None:
        chosen = chosen.changed(think=args.think)
    if args.no_sound:
        chosen = chosen.changed(sound=False)
    if getattr(args, "analysis", False):
        chosen = chosen.changed(analysis=True)
    return chosen


def run(args: argparse.Namespace) -> int:
    """Open the window and play; returns the exit status."""
    store = SettingsStore()
    loaded = store.load()
    settings = settings_for(args, loaded.settings)
    _ = translator(settings.language)
    advice = missing_extra(_)
    if advice is not None:
        print(advice, file=sys.stderr)
        return EXIT_MISSING
    match = build_match(args, _, settings)
    if isinstance(match, str):
        print(match, file=sys.stderr)
        return EXIT_USAGE
    opened = None
    if getattr(args, "open", None):
        from tictactoe.session.replay import OpenError, open_game, title

        try:
            opened = (open_game(args.open, _), args.open)
        except OpenError as error:
            print(error, file=sys.stderr)
            return error.status
    notice = ""
    if loaded.set_aside is not None:
        notice = _("Saved settings could not be read; starting with the defaults.")

    from pgzero.loaders import SoundLoader

    from tictactoe.saved.scoreboard import Scoreboard
    from tictactoe.session import Session
    from tictactoe.ui.pgz.app import PgzApp
    from tictactoe.ui.pgz.audio import Speaker
    from tictactoe.ui.pgz.runner import NoDisplayError
    from tictactoe.ui.pgz.runner import run as run_game

    speaker = Speaker(SoundLoader("sounds"), enabled=settings.sound)
    session = Session(
        match,
        choices=Choices(settings, loaded.settings, store, given_settings(args)),
        scoreboard=Scoreboard(),
        sound=speaker.play,
        name="pgz",
    )
    app = PgzApp(session, speaker, notice=notice)
    if opened is not None:
        record, reference = opened
        app.open_record(record, title(reference, _))
    try:
        run_game(app)  # closing the window waits a moment for a result still being saved
    except NoDisplayError:  # SDL's reason would ask whether DISPLAY is set even when it is
        reason = no_display_reason(_)
        print(_("Cannot open a window: {reason}").format(reason=reason), file=sys.stderr)
        return EXIT_NO_DISPLAY
    return 0
