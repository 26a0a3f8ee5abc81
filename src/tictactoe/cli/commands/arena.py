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
from tictactoe.console import EXIT_INTERRUPTED, EXIT_USAGE, display_width, padded
from tictactoe.core.errors import RulesError, TicTacToeError
from tictactoe.core.rules import Rules
from tictactoe.matches import arena
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import decimal, player_name, span, why

HELP = N_("play computer players against each other and count the wins and draws")

DEFAULT_GAMES = 100
PROGRESS_WIDTH = 30
"""Characters in the progress bar."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--x --o --games`` and the match options (``--size``, ``--seed``, ``--lang`` ...)
    to ``parser``."""
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
    tr = translator(args.lang)
    check_jobs(parser, args.jobs)
    rules = match_rules(parser, args.size, args.k, [args.x, args.o])
    try:
        arena.check_players(rules, args.x, args.o)
    except TicTacToeError as error:
        print(f"tictactoe arena: {why(tr, error)}", file=sys.stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    jobs = (
        args.jobs
        if args.jobs is not None
        else arena.default_jobs(args.games, rules, args.x, args.o)
    )
    if not args.json:
        print(heading(tr, args.x, args.o, rules, args.games, seed), flush=True)
        print_protection(tr, [args.x, args.o])
    bar = ProgressBar(tr, args.games, sys.stderr) if sys.stderr.isatty() else None
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
        print(_stopped(tr, stop.result, args.games, as_json=args.json), flush=True)
        return EXIT_INTERRUPTED
    if bar is not None:
        bar.close()
    print(json.dumps(result.as_dict()) if args.json else counts(tr, result))
    return 0


def print_protection(tr: Translator, names: list[str]) -> None:
    """Say in one line what confines the own players among ``names`` (nothing if none play)."""
    if any(players.is_own(name) for name in names):
        from tictactoe.players.confinement import protection_line

        line = protection_line(names, tr.gettext)
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


def heading(tr: Translator, x: str, o: str, rules: Rules, games: int, seed: int) -> str:
    """The first line: who plays whom, on which board, how many games, with which seed (levels
    by their titles, as every menu shows them; own players by their files' or programs'
    names)."""
    return tr.ngettext(
        "{x} (X) against {o} (O) on {board}: {games} game, seed {seed}",
        "{x} (X) against {o} (O) on {board}: {games} games, seed {seed}",
        games,
    ).format(x=player_name(tr, x), o=player_name(tr, o), board=rules, games=games, seed=seed)


def counts(tr: Translator, result: arena.MatchResult) -> str:
    """The counts as a few lines of text (wins, draws, the average game)."""
    tally = result.tally
    games = tally.games
    if not games:
        return "  " + tr.gettext("no game finished")
    counted = (
        (N_("X wins"), tally.x_wins),
        (N_("O wins"), tally.o_wins),
        (N_("draws"), tally.draws),
    )
    rows = [(tr.gettext(label), count) for label, count in counted]
    width = max(7, *(display_width(label) for label, _ in rows))
    lines = [
        f"  {padded(label, width)}{count:>8}  {decimal(tr, f'{100 * count / games:5.1f}')}%"
        for label, count in rows
    ]
    average = decimal(tr, f"{tally.moves / games:.1f}")
    lines.append("  " + tr.gettext("average game: {moves} moves").format(moves=average))
    for mark, lost in (("X", tally.x_forfeits), ("O", tally.o_forfeits)):
        if lost:
            forfeits = tr.ngettext(
                "{mark} lost {count} game by forfeit", "{mark} lost {count} games by forfeit", lost
            )
            lines.append("  " + forfeits.format(mark=mark, count=lost))
    lines.extend(f"    {reason.said(tr.gettext)}" for reason in tally.reasons)
    return "\n".join(lines)


def report(tr: Translator, result: arena.MatchResult) -> str:
    """The whole result as text: :func:`heading` and :func:`counts`."""
    games = result.tally.games
    top = heading(tr, result.x, result.o, result.rules, games, result.seed)
    return top + "\n" + counts(tr, result)


def _stopped(tr: Translator, result: arena.MatchResult, games: int, *, as_json: bool) -> str:
    """What is printed after Ctrl-C: the games finished so far."""
    if as_json:
        return json.dumps({**result.as_dict(), "stopped": True, "planned_games": games})
    stopped = tr.ngettext(
        "Stopped after {done} of {games} game:", "Stopped after {done} of {games} games:", games
    )
    return stopped.format(done=result.tally.games, games=games) + "\n" + counts(tr, result)


class ProgressBar:
    """A one-line bar redrawn in place on a terminal, with the time left once it can tell."""

    def __init__(
        self,
        tr: Translator,
        total: int,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tr = tr
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
        tr = self.tr
        games = tr.ngettext("{done}/{total} game", "{done}/{total} games", self.total)
        line = f"[{bar}] " + games.format(done=done, total=self.total)
        elapsed = self.clock() - self.started
        if 0 < done < self.total and elapsed > 0:
            left = span(tr, elapsed * (self.total - done) / done)
            line += tr.gettext(", about {time} left").format(time=left)
        self.width = max(self.width, display_width(line))
        self.stream.write("\r" + line + " " * (self.width - display_width(line)))
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * self.width + "\r")
        self.stream.flush()
