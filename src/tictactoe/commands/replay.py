"""``tictactoe replay ID|FILE``: step through a saved game, or a text, SGF or PSQ file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tictactoe.archive import Archive, ArchiveError, GameNotFoundError, Problem
from tictactoe.commands.options import at_least, language
from tictactoe.core import records
from tictactoe.core.numbers import whole_number
from tictactoe.core.records import Record, RecordError
from tictactoe.i18n import LANGUAGES, Translator, translator

HELP = "step through a saved game (by its number) or a game file (text, SGF or PSQ)"

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ID|FILE``, ``--move``, ``--all`` and ``--lang``."""
    parser.add_argument(
        "game",
        metavar="ID|FILE",
        help="the number of a saved game (tictactoe games lists them), or a .txt, .sgf or"
        " .psq file (write ./5 for a file named 5)",
    )
    parser.add_argument(
        "--move",
        type=at_least(0),
        default=0,
        metavar="N",
        help="start at the position after move N (default 0, the empty board)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="print every position one after the other, without asking",
    )
    parser.add_argument(
        "--lang",
        type=language,
        metavar="LANG",
        help=f"language: {', '.join(LANGUAGES)} (default: your locale)",
    )


class OpenError(Exception):
    """A game that cannot be opened: the message (in the user's language) and the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def run(args: argparse.Namespace) -> int:
    """Open the game and step through it; 2 when it cannot be opened, 1 for an unusable file."""
    from tictactoe.ui.terminal.answers import quit_words
    from tictactoe.ui.terminal.prompts import Prompter, Quit
    from tictactoe.ui.terminal.render import use_colour
    from tictactoe.ui.terminal.replay import Replay

    tr = translator(args.lang)
    try:
        record = open_game(args.game, tr)
    except OpenError as error:
        print(error, file=sys.stderr)
        return error.status
    prompter = Prompter(sys.stdin, sys.stdout, quit_words(tr))
    replay = Replay(record, prompter, tr, colour=use_colour(sys.stdout))
    if args.all:
        replay.print_all()
        return EXIT_OK
    try:
        replay.run(start=args.move)
    except (EOFError, Quit):
        pass
    except KeyboardInterrupt:
        prompter.say()
        return EXIT_INTERRUPTED
    return EXIT_OK


def open_game(reference: str, tr: Translator, archive: Archive | None = None) -> Record:
    """The record that ``ID|FILE`` names: a whole number is a saved game, anything else a file.

    Raises :class:`OpenError` with a message in ``tr``'s language.
    """
    from tictactoe.ui.terminal.prompts import shown

    game_id = whole_number(reference)
    if game_id is not None:
        archive = archive or Archive()
        try:
            return archive.get(game_id)
        except GameNotFoundError:
            message = tr.gettext("There is no saved game {id}: tictactoe games lists them.")
            raise OpenError(message.format(id=game_id), EXIT_BAD_INPUT) from None
        except ArchiveError as error:
            raise OpenError(unusable(tr, error), EXIT_ERROR) from None
    path = Path(reference)
    if not path.is_file():
        message = tr.gettext("There is no saved game or file called {name}.")
        raise OpenError(message.format(name=shown(reference)), EXIT_BAD_INPUT)
    try:
        return records.load(path)
    except RecordError as error:
        message = tr.gettext("This game cannot be opened: {reason}")
        raise OpenError(message.format(reason=error), EXIT_BAD_INPUT) from None


def unusable(tr: Translator, error: ArchiveError) -> str:
    """What to say when the saved games file cannot be used, and what to do about it."""
    advice = (
        tr.gettext("Try again in a moment.")
        if error.problem is Problem.BUSY
        else tr.gettext("To start a new one, run: tictactoe games --reset")
    )
    return "\n".join(
        (
            tr.gettext("The saved games file {path} cannot be used: {reason}").format(
                path=error.path, reason=error.reason
            ),
            advice,
        )
    )
