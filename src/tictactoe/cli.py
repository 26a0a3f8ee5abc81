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
        epilog="With no command: the desktop window when a display is available, "
        "else the terminal game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = _command(name)
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run, parser=sub)
    return parser


def has_display() -> bool:
    """True when a window can be opened (an X or Wayland display, or Windows/macOS)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list or (
        args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")
    ):
        args_list.insert(0, "tk" if has_display() else "play")
    args, unknown = parser.parse_known_args(args_list)
    if unknown:  # the command's own usage lists what it takes
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``tictactoe solve ... | head -1``)
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    return status


def _silence_stdout() -> None:
    """Point standard output at the null device, so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass


if __name__ == "__main__":
    sys.exit(main())
