"""``tictactoe learn``: the lessons in writing players; ``learn N`` writes lesson N's starter."""

from __future__ import annotations

import argparse
from pathlib import Path

from tictactoe.cli.commands.options import add_language_option, whole_number
from tictactoe.cli.parser import N_
from tictactoe.console import EXIT_ERROR, EXIT_OK, EXIT_USAGE
from tictactoe.lessons.catalog import LESSONS, lesson
from tictactoe.lessons.starters import file_name, write
from tictactoe.texts.i18n import translator

HELP = N_("the lessons in writing a player: list them, or write lesson N's starter file here")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``N`` (optional), ``--folder`` and ``--lang``."""
    parser.add_argument(
        "lesson", nargs="?", type=whole_number, metavar="N", help=N_("the lesson to start")
    )
    parser.add_argument(
        "--folder",
        default=".",
        metavar="FOLDER",
        help=N_("where to write the starter (default: the current folder)"),
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """List the lessons, or write one's starter (never over a file that is there)."""
    tr = translator(args.lang)
    if args.lesson is None:
        for each in LESSONS:
            print(f"{each.number:>2}. {tr.gettext(each.title)}  ({file_name(each)})")
        print()
        print(tr.gettext("To start one, run: tictactoe learn N"))
        return EXIT_OK
    chosen = lesson(args.lesson)
    if chosen is None:
        print(
            tr.gettext("There is no lesson {number}: the lessons are 1 to {last}.").format(
                number=args.lesson, last=LESSONS[-1].number
            )
        )
        return EXIT_USAGE
    folder = Path(args.folder)
    try:
        written = write(tr, chosen, folder)
    except OSError as error:
        print(
            tr.gettext("The starter cannot be written: {error}").format(
                error=error.strerror or error
            )
        )
        return EXIT_ERROR
    heading = tr.gettext("Lesson {number}: {title}").format(
        number=chosen.number, title=tr.gettext(chosen.title)
    )
    print(heading)
    print(tr.gettext(chosen.text))
    print()
    name = folder / file_name(chosen)
    if written is None:
        print(tr.gettext("{file} is there already: it was left as it is.").format(file=name))
    else:
        print(
            tr.gettext(
                "Wrote {file}. Check it with: tictactoe check {file} --lesson {number}"
            ).format(file=name, number=chosen.number)
        )
    return EXIT_OK
