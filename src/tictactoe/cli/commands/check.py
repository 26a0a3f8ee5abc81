"""``tictactoe check PLAYER.py...``: runs a player file's ``choose(board)`` on the positions each
check needs and says, for every check, passed or not and why, with the position."""

from __future__ import annotations

import argparse
import json
import os

from tictactoe.cli.commands.options import add_language_option, think_seconds, whole_number
from tictactoe.cli.parser import N_
from tictactoe.console import EXIT_ERROR, EXIT_OK, EXIT_USAGE
from tictactoe.lessons import report
from tictactoe.lessons.catalog import LESSONS, lesson
from tictactoe.players.own import check as own_check
from tictactoe.players.own import hand_in
from tictactoe.texts.i18n import translator

HELP = N_("check player files: what each does wrong, with the position (a table for several)")

EXIT_FAILED = 1
"""The exit status when some check failed."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files or folders, ``--lesson``, ``--json``, ``--csv``, ``--think`` and ``--lang``."""
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help=N_("a player file, or a folder of them (NAME.py or NAME/player.py each)"),
    )
    parser.add_argument(
        "--lesson",
        type=whole_number,
        metavar="N",
        help=N_("run lesson N's checks (default: how it plays)"),
    )
    parser.add_argument("--json", action="store_true", help=N_("every check's result as JSON"))
    parser.add_argument(
        "--csv", metavar="FILE", help=N_("write the table (a row a student) to FILE")
    )
    parser.add_argument(
        "--think",
        type=think_seconds,
        default=1.0,
        metavar="S",
        help=N_("seconds a move (default 1)"),
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """Check every file; 0 only when every check asked for passed."""
    tr = translator(args.lang)
    chosen = lesson(args.lesson) if args.lesson is not None else None
    if args.lesson is not None and chosen is None:
        print(
            tr.gettext("There is no lesson {number}: the lessons are 1 to {last}.").format(
                number=args.lesson, last=LESSONS[-1].number
            )
        )
        return EXIT_USAGE
    if not 0.05 <= args.think <= 60:
        print(tr.gettext("The time a move must be from 0.05 to 60 seconds."))
        return EXIT_USAGE
    paths = hand_in(args.players)
    problems = [problem for path in paths if (problem := own_check(path, tr.gettext))]
    missing = [path for path in args.players if not os.path.exists(path)]
    if not paths or missing:
        for path in missing or args.players:
            print(tr.gettext("There is no player file {file}.").format(file=path))
        return EXIT_USAGE
    every = report.run(paths, report.checks_for(chosen), think=args.think)
    if args.json:
        print(
            json.dumps(
                [report.as_json(tr, checked) for checked in every], ensure_ascii=False, indent=2
            )
        )
    elif len(every) == 1:
        print(report.report(tr, every[0], chosen))
    else:
        print(report.table(tr, every))
    for problem in problems:
        if not args.json:
            print(problem)
    if args.csv:
        try:
            with open(args.csv, "w", encoding="utf-8", newline="") as out:
                out.write(report.csv_text(tr, every))
        except OSError as error:
            print(
                tr.gettext("The table cannot be written: {error}").format(
                    error=error.strerror or error
                )
            )
            return EXIT_ERROR
    return EXIT_OK if all(checked.passed for checked in every) else EXIT_FAILED
