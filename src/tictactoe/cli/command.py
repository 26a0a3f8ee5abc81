"""The ``tictactoe`` command: one subcommand per module in :mod:`tictactoe.cli.commands`.

Each command module has ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; toolkits are imported inside ``run`` so that ``--help``
and the engine commands work without them. A command line that names its
command imports that command's module alone (:func:`build_parser`), so
``tictactoe solve`` or ``tictactoe brain`` loads no front end, scoreboard or
translation.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from tictactoe import __version__, console
from tictactoe.cli.parser import N_, Parser, asked_language

COMMANDS = (
    "play", "tk", "pgzero", "web", "solve", "arena", "tournament",
    "stats", "games", "replay", "brain", "learn", "check",
)  # fmt: skip
"""Subcommand names; each is the module ``tictactoe.cli.commands.<name>``."""

GREETING_COMMANDS = frozenset({"play", "stats", "games", "tk", "pgzero"})
"""Commands that talk to a person: Ctrl-C they did not catch themselves still says goodbye."""

EXIT_USAGE = 2
EXIT_INTERRUPTED = console.EXIT_INTERRUPTED
EXIT_BROKEN_PIPE = console.EXIT_BROKEN_PIPE


def _command(name: str) -> ModuleType:
    return importlib.import_module(f"tictactoe.cli.commands.{name}")


def build_parser(command: str | None = None, language: str | None = None) -> Parser:
    """The argument parser with every subcommand, or with ``command``'s alone, speaking
    ``language`` (a ``--lang`` value; None: the locale's).

    A command line that names its command needs no other: only that
    command's module is imported (the list of every command, which such a
    parser lacks, is printed only by ``tictactoe --help``).
    """
    parser = Parser(
        prog="tictactoe",
        description=N_(
            "Tic-tac-toe and every m,n,k-game, 3 x 3 to 15 x 15 gomoku and beyond: "
            "play in a terminal or a window, solve positions, run matches."
        ),
        epilog=N_(
            "With no command (or only game options): the desktop window when one "
            "can be opened, else the terminal game."
        ),
        language=language,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=N_("show the program's version"),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", title=N_("Commands"))
    for name in COMMANDS if command is None else (command,):
        module = _command(name)
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run, parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Whatever happens to the output, no traceback: a closed pipe ends quietly
    with 141, an output that cannot be written (a full disk, a closed
    descriptor) with a one-line message and 1, Ctrl-C with 130.
    """
    console.prepare_streams()
    args_list = list(sys.argv[1:] if argv is None else argv)
    default = not args_list or (
        args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")
    )
    if default:  # the window where one opens, else the terminal game
        from tictactoe.cli.display import has_display

        args_list.insert(0, "tk" if has_display() else "play")
    named = args_list[0] if args_list and args_list[0] in COMMANDS else None
    parser = build_parser(named, asked_language(args_list))
    args, unknown = parser.parse_known_args(args_list)
    if unknown:  # said by the command's own parser, which lists what it takes
        getattr(args, "parser", parser).unrecognized(unknown)
    args.fallback = default
    if getattr(args, "trust", None):  # own players to run unconfined
        from tictactoe.cli.commands.options import apply_trust

        apply_trust(args)
    try:
        console.release_interrupts()  # Ctrl-C during the start-up is raised here
        status = _window_or_terminal(args, args_list) if default else args.run(args)
        console.flush_output()
    except KeyboardInterrupt:
        return _interrupted(args)
    except BrokenPipeError:  # the reader went away (``tictactoe solve ... | head -1``)
        console.silence_output()
        return EXIT_BROKEN_PIPE
    except OSError as error:
        console.silence_output()
        if not console.is_output_error(error):
            raise
        console.say_error(_cannot_write(parser, error))
        return console.EXIT_FAILURE
    return status


def _cannot_write(parser: Parser, error: OSError) -> str:
    """The line saying that the output cannot be written, and why."""
    from tictactoe.core.system import SYSTEM_REASONS  # only now: the entry point loads no engine

    reason = parser.translate(SYSTEM_REASONS.get(error.errno or 0, N_("it cannot be written to")))
    return parser.translate(N_("tictactoe: cannot write the output: {reason}.")).format(
        reason=reason
    )


def _window_or_terminal(args: argparse.Namespace, args_list: list[str]) -> int:
    """Plain ``tictactoe``: the window, or the terminal game with a line saying why not."""
    from tictactoe.cli.display import NoWindowError, no_display_reason
    from tictactoe.texts.i18n import translator

    try:
        if args.command == "play":
            _terminal_instead(args, no_display_reason(translator(args.lang)))
        status: int = args.run(args)
    except NoWindowError as error:  # raised by ``tk`` only when ``args.fallback``
        argv = ["play", *(a for a in args_list[1:] if a != "--no-sound")]
        args = build_parser("play", asked_language(argv)).parse_args(argv)
        _terminal_instead(args, str(error))
        status = args.run(args)
    return status


def _terminal_instead(args: argparse.Namespace, reason: str) -> None:
    """Say in one line that no window opens, so the game is played in the terminal."""
    from tictactoe.texts.i18n import translator

    _ = translator(args.lang)
    message = _("No window can be opened ({reason}): playing in the terminal instead.")
    print(message.format(reason=reason), file=sys.stderr, flush=True)


def _interrupted(args: argparse.Namespace) -> int:
    """Ctrl-C that the command did not handle itself: goodbye (or a new line), 130."""
    if args.command not in GREETING_COMMANDS:
        console.say_error("")
        return EXIT_INTERRUPTED
    from tictactoe.texts.i18n import translator  # loaded already by every greeting command

    try:
        print("\n" + translator(getattr(args, "lang", None)).gettext("Goodbye!"), flush=True)
    except (OSError, ValueError):
        console.silence_output()
    return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
