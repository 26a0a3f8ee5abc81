"""``tictactoe games``: list the saved games; export one, import files, or forget them all."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tictactoe.cli.commands.forget import MESSAGES, forget
from tictactoe.cli.commands.options import (
    add_language_option,
    at_least,
    board_size,
    non_blank,
    one_of,
    saved_player,
)
from tictactoe.cli.commands.replay import open_game, unusable
from tictactoe.cli.parser import N_, Text
from tictactoe.console import EXIT_BAD_INPUT, EXIT_ERROR, EXIT_OK, display_width, shown
from tictactoe.core import records
from tictactoe.core.records import Format, Record, RecordError
from tictactoe.saved.archive import Archive, ArchiveError, Listing, ResultFilter
from tictactoe.session.replay import OpenError
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import saved_headings, saved_row, why
from tictactoe.ui.terminal.answers import quit_words
from tictactoe.ui.terminal.prompts import Prompter, Quit

HELP = N_("list the saved games; export one as text, SGF or PSQ, or import game files")

DEFAULT_LIMIT = 20
MAX_SHOWN = 1000
"""Longest file name or reason printed (control characters in them are replaced)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Filters, ``--json``, ``--export``, ``--import``, ``--reset`` and ``--lang``."""
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--export",
        type=at_least(1),
        metavar="ID",
        help=N_("print saved game ID as a game file (see --format and --output)"),
    )
    what.add_argument(
        "--import",
        dest="import_files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help=N_("add game files (text, SGF or PSQ) to the saved games"),
    )
    what.add_argument("--reset", action="store_true", help=N_("forget every saved game"))
    parser.add_argument(
        "--format",
        type=one_of(Format),
        metavar="FORMAT",
        help=N_("with --export: text, sgf or psq (default: from the --output name, else text)"),
    )
    parser.add_argument(
        "--output", "-o", type=Path, metavar="FILE", help=N_("with --export: write to FILE")
    )
    parser.add_argument("--yes", "-y", action="store_true", help=N_("with --reset: do not ask"))
    parser.add_argument(
        "--limit",
        type=at_least(0),
        default=DEFAULT_LIMIT,
        metavar="N",
        help=Text(
            N_("list at most N games, newest first (default {limit}; 0 for all)"),
            limit=DEFAULT_LIMIT,
        ),
    )
    parser.add_argument(
        "--player",
        type=non_blank,
        metavar="NAME",
        help=N_(
            "only games NAME played, on either side: you, a level (medium, Expert) or another"
            " name the list shows, in any case"
        ),
    )
    parser.add_argument(
        "--size", type=board_size, metavar="MxN", help=N_("only games on this board, e.g. 3x3")
    )
    parser.add_argument(
        "--result",
        type=one_of(ResultFilter),
        metavar="RESULT",
        help=Text(
            N_("only games that ended so: {results} (x and o: that side won)"),
            results=", ".join(ResultFilter),
        ),
    )
    parser.add_argument("--json", action="store_true", help=N_("list the games as JSON"))
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """List, export, import or reset; 1 when the saved games file cannot be used."""
    if (args.format or args.output) and args.export is None:
        args.parser.fail(N_("--format and --output go with --export ID."))
    if args.yes and not args.reset:
        args.parser.fail(N_("--yes goes with --reset."))
    tr = translator(args.lang)
    archive = Archive()
    prompter = Prompter(sys.stdin, sys.stdout, quit_words(tr))
    try:
        if args.export is not None:
            return _export(archive, args.export, args.format, args.output, tr)
        if args.import_files:
            return _import(archive, args.import_files, prompter, tr)
        if args.reset:
            return forget(
                prompter, tr, archive.reset, confirmed=args.yes, messages=MESSAGES["games"]
            )
        player = None if args.player is None else saved_player(args.player, tr)
        listing = archive.games(
            player=player,
            size=args.size,
            result=args.result,
            limit=args.limit or None,
        )
        if args.json:
            print(json.dumps([_as_json(game.id, game.record) for game in listing.games]))
            return EXIT_OK
        if player is not None and not _played(archive, player, listing):
            prompter.say(
                tr.gettext("No saved game was played by {player}.").format(
                    player=shown(args.player, MAX_SHOWN)
                )
            )
        else:
            _show(listing, prompter, tr, filtered=bool(player or args.size or args.result))
    except ArchiveError as error:
        print(unusable(tr, error), file=sys.stderr)
        return EXIT_ERROR
    except (EOFError, Quit):
        prompter.say(tr.gettext("Goodbye!"))
    return EXIT_OK


def _export(
    archive: Archive, game_id: int, chosen: Format | None, output: Path | None, tr: Translator
) -> int:
    try:
        record = open_game(str(game_id), tr, archive)
    except OpenError as error:
        print(error, file=sys.stderr)
        return error.status
    form = chosen or (records.format_for(output) if output else None) or Format.TEXT
    try:
        content = records.write(record, form)
    except RecordError as error:
        message = tr.gettext("Game {id} cannot be written as {format}: {reason}")
        print(message.format(id=game_id, format=form, reason=why(tr, error)), file=sys.stderr)
        return EXIT_BAD_INPUT
    if output is None:
        sys.stdout.write(content)
        return EXIT_OK
    try:
        output.write_text(content, encoding="utf-8")
    except OSError as error:
        message = tr.gettext("{file} cannot be written: {reason}")
        print(message.format(file=output, reason=why(tr, error)), file=sys.stderr)
        return EXIT_ERROR
    print(tr.gettext("Game {id} written to {file}.").format(id=game_id, file=output))
    return EXIT_OK


def _import(archive: Archive, files: list[Path], prompter: Prompter, tr: Translator) -> int:
    """Add each file's game unless it is already saved (see :meth:`Archive.find`)."""
    status = EXIT_OK
    for path in files:
        name = shown(str(path), MAX_SHOWN)
        try:
            record = records.load(path)
        except RecordError as error:
            message = tr.gettext("Not added: {reason}")
            print(shown(message.format(reason=why(tr, error)), MAX_SHOWN), file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        game_id = archive.find(record)
        if game_id is not None:
            message = tr.gettext("{file} is already saved as game {id}, so it was not added again.")
            prompter.say(message.format(file=name, id=game_id))
            continue
        game_id = archive.save(record)
        prompter.say(tr.gettext("{file} was added as game {id}.").format(file=name, id=game_id))
    return status


def _played(archive: Archive, player: str, listing: Listing) -> bool:
    """True when a saved game was played by ``player``: one of ``listing`` (found with
    ``player`` among its filters), else one the other filters left out."""
    return bool(listing.games or archive.games(player=player, limit=1).games)


def _show(listing: Listing, prompter: Prompter, tr: Translator, *, filtered: bool) -> None:
    if not listing.games and not listing.damaged:
        prompter.say(
            tr.gettext("No saved game matches.") if filtered else tr.gettext("No saved games yet.")
        )
        return
    heads = saved_headings(tr)
    rows = [saved_row(tr, game.id, game.record) for game in listing.games]
    widths = [max(display_width(row[i]) for row in [heads, *rows]) for i in range(len(heads))]
    for row in [heads, *rows]:
        padded = [
            _pad(text, width, right=i == 0)
            for i, (text, width) in enumerate(zip(row, widths, strict=True))
        ]
        prompter.say("  ".join(padded).rstrip())
    shown_count = len(listing.games) + len(listing.damaged)
    if shown_count < listing.total:
        prompter.say(
            tr.gettext("The newest {shown} of {total} games; --limit 0 lists them all.").format(
                shown=shown_count, total=listing.total
            )
        )
    if listing.damaged:
        prompter.say(
            tr.gettext("Damaged, so left out: {ids}.").format(
                ids=", ".join(map(str, listing.damaged))
            )
        )
    prompter.say(tr.gettext("To step through a game: tictactoe replay NUMBER"))


def _pad(text: str, width: int, *, right: bool) -> str:
    space = " " * (width - display_width(text))
    return space + text if right else text + space


def _as_json(game_id: int, record: Record) -> dict[str, object]:
    rules = record.rules
    return {
        "id": game_id,
        "started": None if record.started is None else record.started.isoformat(),
        "finished": None if record.finished is None else record.finished.isoformat(),
        "rows": rules.m,
        "cols": rules.n,
        "k": rules.k,
        "x": record.x_player,
        "o": record.o_player,
        "winner": None if record.winner is None else str(record.winner),
        "termination": str(record.termination),
        "moves": list(record.moves),
    }
