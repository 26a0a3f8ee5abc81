"""The ``tictactoe`` command: one subcommand per module in :mod:`tictactoe.commands`.

Each command module has ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; toolkits are imported inside ``run`` so that ``--help``
and the engine commands work without them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from tictactoe import __version__
from tictactoe.display import NoWindowError, has_display, no_display_reason
from tictactoe.i18n import translator

COMMANDS = ("play", "tk", "pgzero", "web", "solve", "arena", "stats", "games", "replay")
"""Subcommand names; each is the module ``tictactoe.commands.<name>``."""

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 1


def _command(name: str) -> ModuleType:
    return importlib.import_module(f"tictactoe.commands.{name}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="tictactoe",
        description="Tic-tac-toe and every m,n,k-game, 3 x 3 to 15 x 15 gomoku and beyond: "
        "play in a terminal or a window, solve positions, run matches.",
        epilog="With no command (or only game options): the desktop window when one "
        "can be opened, else the terminal game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = _command(name)
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run, parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    default = not args_list or (
        args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")
    )
    if default:  # the window where one opens, else the terminal game
        args_list.insert(0, "tk" if has_display() else "play")
    args, unknown = parser.parse_known_args(args_list)
    if unknown:  # the command's own usage lists what it takes
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.fallback = default
    try:
        try:
            if default and args.command == "play":
                _terminal_instead(args, no_display_reason(translator(args.lang)))
            status: int = args.run(args)
        except NoWindowError as error:  # raised by ``tk`` only when ``args.fallback``
            args = parser.parse_args(["play", *(a for a in args_list[1:] if a != "--no-sound")])
            _terminal_instead(args, str(error))
            status = args.run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``tictactoe solve ... | head -1``)
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    return status


def _terminal_instead(args: argparse.Namespace, reason: str) -> None:
    """Say in one line that no window opens, so the game is played in the terminal."""
    _ = translator(args.lang)
    message = _("No window can be opened ({reason}): playing in the terminal instead.")
    print(message.format(reason=reason), file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """Point standard output at the null device, so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass


if __name__ == "__main__":
    sys.exit(main())
