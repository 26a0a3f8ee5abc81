"""``tictactoe arena``: computer against computer, many games, the counts."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from tictactoe import arena, players
from tictactoe.commands.options import (
    at_least,
    board_size,
    computer_player,
    think_seconds,
    whole_number,
)
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules

HELP = "play computer players against each other and count the wins and draws"

EXIT_USAGE = 2
DEFAULT_GAMES = 100
PROGRESS_WIDTH = 30
"""Characters in the progress bar."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--x --o --games --size --k --seed --jobs --think --nodes --json`` to ``parser``."""
    catalogue = ", ".join(players.names())
    parser.add_argument(
        "--x", required=True, type=computer_player, metavar="NAME", help=f"X's player: {catalogue}"
    )
    parser.add_argument(
        "--o",
        required=True,
        type=computer_player,
        metavar="NAME",
        help="O's player (X moves first)",
    )
    parser.add_argument(
        "--games",
        type=at_least(1),
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--size", type=board_size, default=(3, 3), metavar="MxN", help="board, e.g. 3x3, 7x7, 15x15"
    )
    parser.add_argument(
        "--k", type=whole_number, metavar="K", help="marks in a row to win (default min(M, N, 5))"
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help="seed for reproducible matches (default: a random one, printed)",
    )
    parser.add_argument(
        "--jobs",
        type=at_least(1),
        metavar="J",
        help="worker processes (default: every core for big matches, 1 for small)",
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        help="seconds a move for the search player (results then vary from run to run)",
    )
    budget.add_argument(
        "--nodes",
        type=at_least(1),
        metavar="N",
        help=f"positions a move for the search player (default {arena.DEFAULT_NODES:,}: "
        "the same counts on every machine)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    """Play the match; 2 with a message for a board or player that cannot be used."""
    try:
        rows, columns = args.size
        rules = Rules.of(rows, columns, args.k)
        arena.check_players(rules, args.x, args.o)
    except TicTacToeError as error:
        print(f"tictactoe arena: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    jobs = args.jobs if args.jobs is not None else arena.default_jobs(args.games, rules)
    bar = ProgressBar(args.games, sys.stderr) if sys.stderr.isatty() else None
    try:
        if bar is not None:
            bar.update(0)
        result = arena.run_match(
            args.x,
            args.o,
            rules,
            args.games,
            seed=seed,
            jobs=jobs,
            progress=bar.update if bar is not None else None,
            think=args.think,
            nodes=args.nodes,
        )
    finally:
        if bar is not None:
            bar.close()
    print(json.dumps(result.as_dict()) if args.json else report(result))
    return 0


def report(result: arena.MatchResult) -> str:
    """The result as a few lines of text."""
    tally = result.tally
    games = tally.games
    rows = (("X wins", tally.x_wins), ("O wins", tally.o_wins), ("draws", tally.draws))
    lines = [
        f"{result.x} (X) against {result.o} (O) on {result.rules}: "
        f"{games} games, seed {result.seed}",
        *(f"  {label:<7}{count:>8}  {100 * count / games:5.1f}%" for label, count in rows),
        f"  average game: {tally.moves / games:.1f} moves",
    ]
    return "\n".join(lines)


class ProgressBar:
    """A one-line bar redrawn in place on a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream

    def update(self, done: int) -> None:
        """Show ``done`` of the total finished."""
        filled = PROGRESS_WIDTH * done // self.total
        bar = "#" * filled + "." * (PROGRESS_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * (PROGRESS_WIDTH + 30) + "\r")
        self.stream.flush()
