"""``tictactoe replay ID|FILE``: step through a saved game, or a text, SGF or PSQ file."""

from __future__ import annotations

import argparse
import sys

from tictactoe.cli.commands.options import add_language_option, at_least
from tictactoe.cli.parser import N_
from tictactoe.console import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK
from tictactoe.core.records import Record
from tictactoe.saved.archive import Archive, ArchiveError, Problem
from tictactoe.session import replay
from tictactoe.session.replay import OpenError
from tictactoe.texts.i18n import Translator, translator

HELP = N_("step through a saved game (by its number) or a game file (text, SGF or PSQ)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ID|FILE``, ``--move``, ``--all`` and ``--lang``."""
    parser.add_argument(
        "game",
        metavar="ID|FILE",
        help=N_(
            "the number of a saved game (tictactoe games lists them), or a .txt, .sgf or .psq"
            " file (write ./5 for a file named 5)"
        ),
    )
    parser.add_argument(
        "--move",
        type=at_least(0),
        default=0,
        metavar="N",
        help=N_("start at the position after move N (default 0, the empty board)"),
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=N_("print every position one after the other, without asking"),
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """Open the game and step through it; 2 when it cannot be opened or has no move ``--move``,
    1 for an unusable saved games file."""
    from tictactoe.session.board_text import use_colour
    from tictactoe.ui.terminal.answers import quit_words
    from tictactoe.ui.terminal.prompts import Prompter, Quit
    from tictactoe.ui.terminal.replay import Replay

    tr = translator(args.lang)
    try:
        record = open_game(args.game, tr)
    except OpenError as error:
        print(error, file=sys.stderr)
        return error.status
    if args.move > record.plies:
        message = tr.gettext("There is no move {move}: give a move number from 0 to {last}.")
        print(message.format(move=args.move, last=record.plies), file=sys.stderr)
        return EXIT_BAD_INPUT
    prompter = Prompter(sys.stdin, sys.stdout, quit_words(tr))
    stepper = Replay(record, prompter, tr, colour=use_colour(sys.stdout))
    if args.all:
        stepper.print_all()
        return EXIT_OK
    try:
        stepper.run(start=args.move)
    except (EOFError, Quit):
        pass
    except KeyboardInterrupt:
        prompter.say()
        return EXIT_INTERRUPTED
    return EXIT_OK


def open_game(reference: str, tr: Translator, archive: Archive | None = None) -> Record:
    """The record that ``ID|FILE`` names; :class:`OpenError` (its message says how to start
    anew when the saved games file is unusable)."""
    try:
        return replay.open_game(reference, tr, archive)
    except OpenError as error:
        cause = error.__cause__
        if not isinstance(cause, ArchiveError):
            raise
        raise OpenError(unusable(tr, cause), error.status) from None


def unusable(tr: Translator, error: ArchiveError) -> str:
    """What to say when the saved games file cannot be used, and what to do about it."""
    advice = (
        tr.gettext("Try again in a moment.")
        if error.problem is Problem.BUSY
        else tr.gettext("To start a new one, run: tictactoe games --reset")
    )
    return f"{replay.unusable(tr, error)}\n{advice}"
