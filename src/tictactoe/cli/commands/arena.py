"""``tictactoe arena``: computer against computer, many games, the counts."""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections.abc import Callable
from typing import TextIO

from tictactoe import players
from tictactoe.cli.commands.options import add_match_options, at_least, computer_player
from tictactoe.cli.parser import N_, Parser, Text
from tictactoe.console import EXIT_INTERRUPTED, EXIT_USAGE
from tictactoe.core.errors import RulesError, TicTacToeError
from tictactoe.core.rules import Rules
from tictactoe.matches import arena

HELP = N_("play computer players against each other and count the wins and draws")

DEFAULT_GAMES = 100
PROGRESS_WIDTH = 30
"""Characters in the progress bar."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--x --o --games --size --k --seed --jobs --think --nodes --json`` to ``parser``."""
    catalogue = ", ".join(players.names())
    parser.add_argument(
        "--x",
        required=True,
        type=computer_player,
        metavar="NAME",
        help=Text(
            N_(
                "X's player: {players} (or its level: expert for search); results name them so;"
                " or your own player, a Python file defining choose(board) (my_player.py), or a"
                " Gomocup engine (brain:COMMAND)"
            ),
            players=catalogue,
        ),
    )
    parser.add_argument(
        "--o",
        required=True,
        type=computer_player,
        metavar="NAME",
        help=N_("O's player (X moves first)"),
    )
    parser.add_argument(
        "--games",
        type=at_least(1),
        default=DEFAULT_GAMES,
        metavar="N",
        help=Text(N_("games to play (default {games})"), games=DEFAULT_GAMES),
    )
    add_match_options(
        parser,
        seed=N_("seed for reproducible matches (default: a random one, printed)"),
        jobs=Text(
            N_(
                "worker processes (default: every core for big matches, 1 for small; at most"
                " {jobs} per core)"
            ),
            jobs=arena.JOBS_PER_CORE,
        ),
        think=N_(
            "seconds a move for the search player (results then vary from run to run), and the"
            " time limit of own players' moves (default 1)"
        ),
    )


def run(args: argparse.Namespace) -> int:
    """Play the match; 2 with a message for a board or player that cannot be used.

    The seed is shown before the first game (text output), so a match
    stopped early can be played again. Ctrl-C shows the counts of the games
    finished so far and exits 130; SIGTERM and SIGHUP end it (workers
    included) with 128 + the signal's number, quietly.
    """
    parser: Parser = args.parser
    check_jobs(parser, args.jobs)
    rules = match_rules(parser, args.size, args.k, [args.x, args.o])
    try:
        arena.check_players(rules, args.x, args.o)
    except TicTacToeError as error:
        print(f"tictactoe arena: {error}", file=sys.stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    jobs = (
        args.jobs
        if args.jobs is not None
        else arena.default_jobs(args.games, rules, args.x, args.o)
    )
    if not args.json:
        print(heading(args.x, args.o, rules, args.games, seed), flush=True)
        print_protection([args.x, args.o])
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
    except arena.MatchStopped as stop:
        if bar is not None:
            bar.close()
        if stop.signum != signal.SIGINT:
            return 128 + stop.signum
        print(_stopped(stop.result, args.games, as_json=args.json), flush=True)
        return EXIT_INTERRUPTED
    if bar is not None:
        bar.close()
    print(json.dumps(result.as_dict()) if args.json else counts(result))
    return 0


def print_protection(names: list[str]) -> None:
    """Say in one line what confines the own players among ``names`` (nothing if none play)."""
    if any(players.is_own(name) for name in names):
        from tictactoe.players.confinement import protection_line

        line = protection_line(names, str)
        if line:
            print(f"  {line}", flush=True)


def check_jobs(parser: Parser, jobs: int | None) -> None:
    """End the program when ``jobs`` worker processes are more than this machine can use."""
    if jobs is not None and jobs > arena.max_jobs():
        parser.fail(
            N_(
                "--jobs {jobs} is more than this machine can use: at most {most} ({per_core}"
                " per core, {cores} cores)."
            ),
            jobs=jobs,
            most=arena.max_jobs(),
            per_core=arena.JOBS_PER_CORE,
            cores=arena.available_cpus(),
        )


def match_rules(parser: Parser, size: tuple[int, int], k: int | None, names: list[str]) -> Rules:
    """The board of ``--size`` and ``--k``; the program ends with what is wrong when there is
    none, or when one of the players ``names`` cannot play it."""
    from tictactoe.session import rules_problem, unplayable_level

    try:
        rules = Rules.of(*size, k)
    except RulesError as error:
        parser.say(rules_problem(error, parser.translate))
    problem = unplayable_level(names, rules, parser.translate)
    if problem is not None:
        parser.say(problem)
    return rules


def heading(x: str, o: str, rules: Rules, games: int, seed: int) -> str:
    """The first line: who plays whom, on which board, how many games, with which seed (levels
    by their titles, as every menu shows them; own players by their files' or programs'
    names)."""
    return f"{shown(x)} (X) against {shown(o)} (O) on {rules}: {games} games, seed {seed}"


def shown(name: str) -> str:
    """A player as results name it: a level's title (``Medium``), an own player's file or
    program."""
    return players.title_of(name)


def counts(result: arena.MatchResult) -> str:
    """The counts as a few lines of text (wins, draws, the average game)."""
    tally = result.tally
    games = tally.games
    if not games:
        return "  no game finished"
    rows = (("X wins", tally.x_wins), ("O wins", tally.o_wins), ("draws", tally.draws))
    lines = [
        *(f"  {label:<7}{count:>8}  {100 * count / games:5.1f}%" for label, count in rows),
        f"  average game: {tally.moves / games:.1f} moves",
    ]
    for mark, lost in (("X", tally.x_forfeits), ("O", tally.o_forfeits)):
        if lost:
            lines.append(f"  {mark} lost {lost} {'game' if lost == 1 else 'games'} by forfeit")
    lines.extend(f"    {reason}" for reason in tally.reasons)
    return "\n".join(lines)


def report(result: arena.MatchResult) -> str:
    """The whole result as text: :func:`heading` and :func:`counts`."""
    games = result.tally.games
    return heading(result.x, result.o, result.rules, games, result.seed) + "\n" + counts(result)


def _stopped(result: arena.MatchResult, games: int, *, as_json: bool) -> str:
    """What is printed after Ctrl-C: the games finished so far."""
    if as_json:
        return json.dumps({**result.as_dict(), "stopped": True, "planned_games": games})
    return f"Stopped after {result.tally.games} of {games} games:\n{counts(result)}"


class ProgressBar:
    """A one-line bar redrawn in place on a terminal, with the time left once it can tell."""

    def __init__(
        self, total: int, stream: TextIO, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.width = 0
        """Characters of the longest line drawn, for :meth:`close` to erase."""

    def update(self, done: int) -> None:
        """Show ``done`` of the total finished, and the estimated time left."""
        filled = PROGRESS_WIDTH * done // self.total
        bar = "#" * filled + "." * (PROGRESS_WIDTH - filled)
        line = f"[{bar}] {done}/{self.total} games"
        elapsed = self.clock() - self.started
        if 0 < done < self.total and elapsed > 0:
            line += f", about {duration(elapsed * (self.total - done) / done)} left"
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * self.width + "\r")
        self.stream.flush()


def duration(seconds: float) -> str:
    """A time span for people: ``8 s``, ``4 min 05 s``, ``2 h 03 min``, ``12 days``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    if whole < 48 * 3600:
        return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
    return f"{whole // 86400} days"
