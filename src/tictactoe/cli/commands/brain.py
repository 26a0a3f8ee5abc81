"""``tictactoe brain`` (also ``pbrain-tictactoe``): the engine as a Gomocup protocol brain."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tictactoe.cli.parser import N_, Parser

HELP = N_("play as a Gomocup (Piskvork) brain on standard input and output, for gomoku managers")

DESCRIPTION = N_(
    "Play as a Gomocup (Piskvork) brain on standard input and output, for gomoku managers."
    "\n\n"
    "It speaks the Gomocup protocol: START, RECTSTART, RESTART, BEGIN, TURN, BOARD ... DONE,"
    " TAKEBACK, INFO (timeout_turn, timeout_match, time_left, max_memory, rule, game_type),"
    " ABOUT, END. Coordinates are x,y (column, row) from 0 at the top left. Free-style (five"
    " or more wins) by default; INFO rule 1 plays exactly five. Give the manager the command"
    ' pbrain-tictactoe (or "tictactoe brain") as the brain.'
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The brain takes no options: the manager sends everything through the protocol."""
    parser.description = DESCRIPTION


def run(args: argparse.Namespace) -> int:
    """Serve the protocol until ``END`` or the end of input."""
    from tictactoe.gomocup.brain import serve

    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not text: a bad line, no crash
    return serve(sys.stdin, sys.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``pbrain-tictactoe`` console script (Gomocup brains are named ``pbrain-*``)."""
    parser = Parser(prog="pbrain-tictactoe", description=DESCRIPTION)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
