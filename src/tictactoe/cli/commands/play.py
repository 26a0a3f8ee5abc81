"""``tictactoe play``: the terminal game (seeds 003 and 004), questions skipped by flags."""

from __future__ import annotations

import argparse
import contextlib
import sys

from tictactoe.cli.commands.options import (
    add_game_options,
    board_for_k,
    one_of,
    rng_from,
    rules_from,
    seconds,
    starter_from,
)
from tictactoe.cli.parser import N_, Parser, Text
from tictactoe.console import EXIT_INTERRUPTED, EXIT_OK
from tictactoe.core.cells import Numbering
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.texts.i18n import Translator, translator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.saved.writer import Writer

HELP = N_("play in the terminal: questions, then the board; type help during a game")

DEFAULT_DELAY = 1.0
"""Seconds between moves in a computer-against-computer demo."""
MAX_DELAY = 60.0
"""Longest pause between moves a demo accepts."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shared game options, ``--numbering`` and ``--delay``."""
    add_game_options(parser)
    parser.add_argument(
        "--numbering",
        type=one_of(Numbering),
        metavar="STYLE",
        help=N_(
            "how cells are named: index (0-8), numpad (1-9 as on a keypad, 3x3 only) or coords"
            " (b2, any board); default numpad on 3x3, coords elsewhere"
        ),
    )
    parser.add_argument(
        "--delay",
        type=seconds(0, MAX_DELAY),
        default=DEFAULT_DELAY,
        metavar="SECONDS",
        help=Text(
            N_("pause between moves when two computer players play (default {delay}; 0 for none)"),
            delay=f"{DEFAULT_DELAY:g}",
        ),
    )
    parser.add_argument(
        "--analysis",
        action="store_true",
        help=N_(
            "while the computer thinks, show the depth it has searched and the line it expects"
        ),
    )
    parser.set_defaults(play_parser=parser)


def _check(args: argparse.Namespace, parser: Parser) -> None:
    """End the program with a message when the flags cannot work together."""
    try:
        rules = rules_from(args)
    except RulesError as error:
        from tictactoe.session import rules_problem

        parser.say(rules_problem(error, parser.translate))
    if rules is not None and args.numbering is not None and not args.numbering.supports(rules):
        parser.fail(
            N_("--numbering numpad works only on a 3x3 board, not {rows}x{columns}."),
            rows=rules.m,
            columns=rules.n,
        )
    if args.first is not None and args.side is not None:
        implied = Starter.YOU if args.side == "X" else Starter.COMPUTER
        if args.first is Starter.COIN or (
            args.first in (Starter.YOU, Starter.COMPUTER) and args.first != implied
        ):
            parser.fail(
                N_("--side {side} contradicts --first {first}: X always moves first."),
                side=args.side,
                first=args.first,
            )
    for name in (args.opponent, args.you):
        if rules is not None and args.size is not None and name not in (None, HUMAN):
            from tictactoe.session import unplayable_level

            problem = unplayable_level([name], rules, parser.translate)
            if problem is not None:
                parser.say(problem)


def run(args: argparse.Namespace) -> int:
    """Run the terminal game; 0 at the end or at end of input, 130 on Ctrl-C."""
    _check(args, args.play_parser)
    for stream in (sys.stdin, sys.stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    from tictactoe.saved.writer import Writer
    from tictactoe.ui.terminal.prompts import Quit

    tr = translator(args.lang)
    writer = Writer()
    try:
        return _play(args, tr, writer)
    except (EOFError, Quit):
        _goodbye(tr)
        return EXIT_OK
    except KeyboardInterrupt:
        _goodbye(tr, newline=True)
        return EXIT_INTERRUPTED
    finally:
        _save_the_rest(writer, tr)


def _save_the_rest(writer: Writer, tr: Translator) -> None:
    """Wait for results kept while another program used the scoreboard file; Ctrl-C gives up
    (and says how many were not saved)."""
    from tictactoe.saved.archive import ArchiveError
    from tictactoe.saved.scoreboard import describe

    try:
        if writer.wait(timeout=0.5):
            return
        print(
            tr.gettext(
                "Saving the last results: the scoreboard file is in use by another program"
                " (Ctrl-C to give up)..."
            ),
            flush=True,
        )
        writer.wait()
    except KeyboardInterrupt:
        count = writer.pending
        print(
            "\n"
            + tr.ngettext(
                "The result of {count} game was not saved.",
                "The results of {count} games were not saved.",
                count,
            ).format(count=count),
            flush=True,
        )
    except ArchiveError as error:
        print(describe(error, tr), flush=True)


def _goodbye(tr: Translator, *, newline: bool = False) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(("\n" if newline else "") + tr.gettext("Goodbye!"), flush=True)


def _play(args: argparse.Namespace, tr: Translator, writer: Writer) -> int:
    from tictactoe.session.board_text import use_colour
    from tictactoe.ui.terminal.answers import quit_words
    from tictactoe.ui.terminal.loop import TerminalGame
    from tictactoe.ui.terminal.prompts import Prompter, too_long_message
    from tictactoe.ui.terminal.setup import Choices, ask_settings

    prompter = Prompter(sys.stdin, sys.stdout, quit_words(tr), too_long=too_long_message(tr))
    k_only = args.size is None and args.k is not None  # the size is asked, for this k
    choices = Choices(
        rules=None if k_only else rules_from(args),
        k=args.k if k_only else None,
        opponent=args.opponent,
        starter=starter_from(args),
        you=args.you or HUMAN,
        numbering=args.numbering,
        default_rules=board_for_k(args.k) if k_only else Rules(),
    )
    settings = ask_settings(choices, prompter, tr)
    match = Match(
        settings.rules,
        settings.opponent,
        starter=settings.starter,
        rng=rng_from(args),
        you=settings.you,
        think=getattr(args, "think", None),
    )
    if args.side is not None and settings.starter is Starter.ALTERNATE and args.side != "X":
        match.new_game(you_start=False)  # --side picks the first game; then they alternate
    TerminalGame(
        match,
        prompter,
        tr,
        numbering=args.numbering,
        choices=choices,
        colour=use_colour(sys.stdout),
        delay=args.delay,
        writer=writer,
        analysis=args.analysis,
    ).run()
    return EXIT_OK
