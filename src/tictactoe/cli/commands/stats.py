"""``tictactoe stats``: wins, losses and draws per opponent and board; ``--reset`` forgets them."""

from __future__ import annotations

import argparse
import sys

from tictactoe.cli.commands.forget import MESSAGES, forget
from tictactoe.cli.commands.options import add_language_option
from tictactoe.cli.parser import N_, Parser
from tictactoe.console import EXIT_ERROR, EXIT_OK, EXIT_USAGE, columns
from tictactoe.game import HUMAN
from tictactoe.saved.archive import ArchiveError, Problem
from tictactoe.saved.scoreboard import Scoreboard, Tally, describe
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import player_name
from tictactoe.ui.terminal.answers import quit_words
from tictactoe.ui.terminal.prompts import Prompter, Quit, too_long_message

HELP = N_("show the scoreboard: wins, losses and draws per opponent and board")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--reset``, ``--yes`` and ``--lang``."""
    parser.add_argument("--reset", action="store_true", help=N_("forget every recorded game"))
    parser.add_argument(
        "--yes", "-y", action="store_true", help=N_("with --reset: do not ask for confirmation")
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """Show (or reset) the scoreboard; 1 when its file cannot be used (the cause is said)."""
    if args.yes and not args.reset:
        parser: Parser | None = getattr(args, "parser", None)
        if parser is not None:
            parser.fail(N_("--yes works only with --reset."))
        return EXIT_USAGE
    tr = translator(args.lang)
    board = Scoreboard()
    prompter = Prompter(sys.stdin, sys.stdout, quit_words(tr), too_long=too_long_message(tr))
    try:
        if args.reset:
            return forget(
                prompter, tr, board.reset, confirmed=args.yes, messages=MESSAGES["scores"]
            )
        _show(board, prompter, tr)
    except ArchiveError as error:
        prompter.say(describe(error, tr))
        if error.problem.needs_reset and not args.reset:
            prompter.say(tr.gettext("To start a new one, run: tictactoe stats --reset"))
        elif error.problem is Problem.BUSY:
            prompter.say(tr.gettext("Try again in a moment."))
        return EXIT_ERROR
    except (EOFError, Quit):
        prompter.say(tr.gettext("Goodbye!"))
    return EXIT_OK


def _show(board: Scoreboard, prompter: Prompter, tr: Translator) -> None:
    tallies = board.tallies()
    if not tallies:
        prompter.say(tr.gettext("No games recorded yet."))
    else:
        _table(tallies, prompter, tr)
    problem = board.write_problem()
    if problem is not None:
        prompter.say(describe(problem, tr))
        prompter.say(tr.gettext("New results are not saved."))


def _table(tallies: list[Tally], prompter: Prompter, tr: Translator) -> None:
    heads = [
        tr.gettext("Opponent"),
        tr.gettext("Board"),
        tr.gettext("Wins"),
        tr.gettext("Losses"),
        tr.gettext("Draws"),
    ]
    rows = [
        [
            tr.gettext("Two players")
            if tally.opponent == HUMAN
            else player_name(tr, tally.opponent),
            tr.gettext("{rows}x{cols}, {k} in a row").format(
                rows=tally.rules.m, cols=tally.rules.n, k=tally.rules.k
            ),
            str(tally.wins),
            str(tally.losses),
            str(tally.draws),
        ]
        for tally in tallies
    ]
    for line in columns([heads, *rows], right=range(2, len(heads))):
        prompter.say(line)
    if any(tally.opponent == HUMAN for tally in tallies):
        prompter.say(tr.gettext("Two players: wins are X's, losses are O's."))
