"""``tictactoe tournament``: every player against every other, both colours; a live table, then
the standings with ratings, the crosstable, and every game kept."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TextIO

from tictactoe import players
from tictactoe.cli.commands.arena import check_jobs, match_rules, print_protection
from tictactoe.cli.commands.options import add_match_options, at_least, computer_player
from tictactoe.cli.parser import N_, Parser
from tictactoe.console import EXIT_INTERRUPTED, EXIT_USAGE, columns, display_width, padded
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.records import Record
from tictactoe.core.records.record import clean_name
from tictactoe.core.rules import Rules
from tictactoe.matches import arena, workers
from tictactoe.matches.tournament.games import (
    Entrant,
    GameResult,
    TournamentError,
    entrants,
    play,
    schedule,
)
from tictactoe.matches.tournament.standings import Standings
from tictactoe.players.own import hand_in
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import span, why

if TYPE_CHECKING:
    from tictactoe.saved.archive import ArchiveError

HELP = N_("play a round robin between levels, your own players and engines, and rank them")

LIVE_ROWS = 12
"""Players the live table shows (the leaders)."""
SAVE_EVERY = 50
"""Finished games kept together in one write to the saved games."""
NAME_WIDTH = 24
"""Most characters of a player's name in the tables."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``PLAYER... --rounds`` and the match options (``--size``, ``--seed``, ``--lang`` ...)."""
    parser.add_argument(
        "players",
        nargs="+",
        type=player_or_folder,
        metavar="PLAYER",
        help=N_(
            "a level (beginner ... perfect), your own player - a Python file defining"
            " choose(board), like my_player.py - or a Gomocup engine, brain:COMMAND; or a"
            " folder of a class's files (NAME.py or NAME/player.py each, the student called"
            " NAME); two players at least"
        ),
    )
    add_match_options(
        parser,
        seed=N_("seed for the levels' random choices"),
        jobs=N_("games played at once (default: one a core)"),
        think=N_(
            "seconds a move for searching levels, and every own player's and engine's time a"
            " move (default 1)"
        ),
    )
    parser.add_argument(
        "--rounds",
        type=at_least(1),
        default=1,
        metavar="R",
        help=N_("how often each pair meets (default 1): each time two games, the colours swapped"),
    )


def player_or_folder(text: str) -> str:
    """Argument type: a folder of players' files as it is, else :func:`computer_player`."""
    return text if os.path.isdir(text) else computer_player(text)


def named(given: Sequence[str]) -> list[str]:
    """The players ``given`` names, each folder's files in its place (see
    :func:`~tictactoe.players.own.hand_in`); :class:`TournamentError` for a folder of none."""
    found: list[str] = []
    for name in given:
        files = hand_in([name])
        if os.path.isdir(name) and not files:
            raise TournamentError.worded(
                N_("{folder} holds no player file (NAME.py or NAME/player.py)"), folder=name
            )
        found += files
    return found


def run(args: argparse.Namespace) -> int:
    """Play the tournament; 2 with a message for players or a board that cannot be used.

    Ctrl-C shows the standings of the games finished so far (and keeps
    them) and exits 130; SIGTERM and SIGHUP end it quietly with 128 + the
    signal's number.
    """
    parser: Parser = args.parser
    tr = translator(args.lang)
    check_jobs(parser, args.jobs)
    try:
        names = named(args.players)
    except TournamentError as error:
        return _error(tr, error)
    if len(names) < 2:
        parser.fail(N_("A tournament needs at least two players."))
    rules = match_rules(parser, args.size, args.k, names)
    try:
        entered = entrants(names, rules)
    except TicTacToeError as error:
        return _error(tr, error)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    nodes = args.nodes if args.think is None and args.nodes is not None else None
    if args.think is None and nodes is None:
        nodes = arena.DEFAULT_NODES
    tasks = schedule(entered, rules, rounds=args.rounds, seed=seed, think=args.think, nodes=nodes)
    jobs = min(args.jobs or arena.available_cpus(), len(tasks))
    if not args.json:
        print(heading(tr, entered, rules, len(tasks), args.rounds, seed), flush=True)
        print_protection(tr, [entrant.name for entrant in entered])
    live = LiveTable(tr, entered, len(tasks), sys.stderr) if sys.stderr.isatty() else None
    standings = Standings(len(entered))
    keeper = Keeper(entered, rules)
    stopped = None
    try:
        with workers.stop_signals_raise():
            for result in play(tasks, jobs):
                standings.add(result)
                keeper.keep(result)
                if live is not None:
                    live.show(standings)
    except KeyboardInterrupt as stop:
        stopped = stop.signum if isinstance(stop, workers.Signalled) else signal.SIGINT
    finally:
        if live is not None:
            live.close()
        keeper.flush()
    if stopped is not None and stopped != signal.SIGINT:
        return 128 + stopped
    if args.json:
        print(json.dumps(as_json(entered, rules, seed, len(tasks), standings, keeper)))
    else:
        if stopped is not None:
            games = len(tasks)
            said = tr.ngettext(
                "Stopped after {done} of {games} game.",
                "Stopped after {done} of {games} games.",
                games,
            )
            print(said.format(done=standings.games, games=games))
        print(report(tr, entered, standings, keeper))
    return EXIT_INTERRUPTED if stopped is not None else 0


def _error(tr: Translator, error: TicTacToeError) -> int:
    print(f"tictactoe tournament: {why(tr, error)}", file=sys.stderr)
    return EXIT_USAGE


def heading(
    tr: Translator, entered: Sequence[Entrant], rules: Rules, games: int, rounds: int, seed: int
) -> str:
    """The first line: how many players, the board, the games, the seed."""
    if rounds == 1:
        text = tr.gettext(
            "Tournament of {count} players on {board}: {games} games, each pair twice with the"
            " colours swapped; seed {seed}"
        )
    else:
        text = tr.gettext(
            "Tournament of {count} players on {board}: {games} games, each pair {times} times"
            " with the colours swapped; seed {seed}"
        )
    return text.format(count=len(entered), board=rules, games=games, times=2 * rounds, seed=seed)


def short(name: str, width: int = NAME_WIDTH) -> str:
    """A name cut to ``width`` characters."""
    return name if len(name) <= width else name[: width - 1] + "…"


def title(tr: Translator, entrant: Entrant) -> str:
    """A player as the tables name it: a level's title in ``tr``'s language, an own player's
    name as it is, cut to :data:`NAME_WIDTH`."""
    return short(entrant.title if players.is_own(entrant.name) else tr.gettext(entrant.title))


def points(value: float) -> str:
    """Points as people write them: ``3``, ``2½``, ``½``."""
    whole, half = divmod(round(2 * value), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def standings_table(tr: Translator, standings: Standings, titles: Sequence[str]) -> list[str]:
    """The standings, best first: points, games, wins, draws, losses and the rating
    (``titles``: the players' names as the tables show them)."""
    rated = standings.ratings()
    heads = ["#", N_("Player"), N_("Points"), N_("Games"), N_("Wins"), N_("Draws"), N_("Losses")]
    rows = [[f"{heads[0]:>3}", *map(tr.gettext, heads[1:]), tr.gettext("Rating (95%)")]]
    for place, index in enumerate(standings.order(), 1):
        score, rating = standings.scores[index], rated[index]
        numbers = (points(score.points), score.games, score.wins, score.draws, score.losses)
        rows.append(
            [
                f"{place:>3}",
                titles[index],
                *map(str, numbers),
                f"{rating.elo:+5.0f} ± {rating.error:.0f}",
            ]
        )
    return ["  " + line for line in columns(rows, right=range(2, 7))]


def crosstable(standings: Standings, titles: Sequence[str]) -> list[str]:
    """Each player's points against each other (numbered as in the standings; ``titles``: the
    players' names as the tables show them)."""
    order = standings.order()
    rows = [["", "", *map(str, range(1, len(order) + 1))]]
    for place, index in enumerate(order, 1):
        cells = []
        for other in order:
            if other == index:
                cells.append("·")
            else:
                scored, games = standings.met.get((index, other), (0.0, 0))
                cells.append(points(scored) if games else "-")
        rows.append([f"{place:>3}", titles[index], *cells])
    name = max(display_width(row[1]) for row in rows)
    cell = max(3, *(len(text) for row in rows for text in row[2:]))
    return [
        f"  {padded(row[0], 3, right=True)}  {padded(row[1], name)}"
        + "".join(f"{text:>{cell + 1}}" for text in row[2:])
        for row in rows
    ]


def report(tr: Translator, entered: Sequence[Entrant], standings: Standings, keeper: Keeper) -> str:
    """Everything printed at the end: the standings, the crosstable, the forfeits, the games."""
    titles = [title(tr, entrant) for entrant in entered]
    lines = ["", tr.gettext("Standings:"), *standings_table(tr, standings, titles)]
    if standings.games:
        meets = max(games for _, games in standings.met.values())
        heading = tr.gettext("Crosstable (points against each, of {games}):")
        lines += ["", heading.format(games=meets), *crosstable(standings, titles)]
    forfeits = [
        [
            titles[number],
            str(score.forfeits),
            "" if score.reason is None else score.reason.said(tr.gettext),
        ]
        for number, score in enumerate(standings.scores)
        if score.forfeits
    ]
    if forfeits:
        lines += ["", tr.gettext("Games lost by failing to move (the first one's reason):")]
        lines += ["  " + line for line in columns(forfeits, right=(1,))]
    lines += ["", keeper.said(tr)]
    return "\n".join(lines)


def as_json(
    entered: Sequence[Entrant],
    rules: Rules,
    seed: int,
    planned: int,
    standings: Standings,
    keeper: Keeper,
) -> dict[str, object]:
    """The whole tournament as plain values: board, seed, standings, crosstable, games."""
    rated = standings.ratings()
    table = []
    for place, index in enumerate(standings.order(), 1):
        score = standings.scores[index]
        table.append(
            {
                "place": place,
                "player": entered[index].title,
                "name": entered[index].name,
                "points": score.points,
                "games": score.games,
                "wins": score.wins,
                "draws": score.draws,
                "losses": score.losses,
                "forfeits": score.forfeits,
                "forfeit_reason": None if score.reason is None else str(score.reason),
                "elo": round(rated[index].elo, 1),
                "elo_error": round(rated[index].error, 1),
            }
        )
    cross = {
        entered[a].title: {
            entered[b].title: standings.met[(a, b)][0]
            for b in range(len(entered))
            if (a, b) in standings.met
        }
        for a in range(len(entered))
    }
    games = [
        {
            "x": entered[r.x].title,
            "o": entered[r.o].title,
            "winner": None if r.winner is None else str(r.winner),
            "termination": str(r.termination),
            "moves": len(r.moves),
            "saved_as": keeper.ids.get(r.number),
            "reason": None if r.reason is None else str(r.reason),
        }
        for r in sorted(standings.results, key=lambda r: r.number)
    ]
    return {
        "size": f"{rules.m}x{rules.n}",
        "k": rules.k,
        "seed": seed,
        "planned_games": planned,
        "played_games": standings.games,
        "standings": table,
        "crosstable": cross,
        "games": games,
        "save_problem": None if keeper.problem is None else str(keeper.problem),
    }


class Keeper:
    """Keeps every finished game in the saved games (``tictactoe games``, ``replay``), a few
    at a time, and remembers the number each was given."""

    def __init__(self, entered: Sequence[Entrant], rules: Rules) -> None:
        self.names = [clean_name(e.title) if players.is_own(e.name) else e.name for e in entered]
        self.rules = rules
        self.waiting: list[tuple[int, Record]] = []
        self.ids: dict[int, int] = {}
        """Game number -> its number among the saved games."""
        self.problem: ArchiveError | None = None
        """Why games could not be kept, if they could not."""

    def keep(self, result: GameResult) -> None:
        """Keep a finished game (written with the next few)."""
        now = datetime.now(UTC).replace(microsecond=0)
        record = Record(
            self.rules,
            result.moves,
            self.names[result.x],
            self.names[result.o],
            result.winner,
            result.termination,
            started=now,
            finished=now,
        )
        self.waiting.append((result.number, record))
        if len(self.waiting) >= SAVE_EVERY:
            self.flush()

    def flush(self) -> None:
        """Write the games waiting."""
        if not self.waiting or self.problem:
            return
        from tictactoe.saved.archive import Archive, ArchiveError

        waiting, self.waiting = self.waiting, []
        try:
            ids = Archive().save_all([(record, False) for _, record in waiting])
        except ArchiveError as error:
            self.problem = error
            return
        self.ids.update(
            (number, game_id) for (number, _), game_id in zip(waiting, ids, strict=True)
        )

    def said(self, tr: Translator) -> str:
        """Where the games are: their numbers, and how to see them, in ``tr``'s language."""
        if self.problem is not None:
            from tictactoe.saved.scoreboard import describe

            reason = describe(self.problem, tr)
            return tr.gettext("The games could not be saved: {reason}").format(reason=reason)
        if not self.ids:
            return tr.gettext("No game was finished.")
        first, last = min(self.ids.values()), max(self.ids.values())
        return tr.gettext(
            "Every game is saved, numbers {first} to {last}: tictactoe games lists them,"
            " tictactoe replay {first} shows the first."
        ).format(first=first, last=last)


class LiveTable:
    """The leaders and the games played so far, redrawn in place on a terminal."""

    def __init__(
        self, tr: Translator, entered: Sequence[Entrant], total: int, stream: TextIO
    ) -> None:
        self.tr = tr
        self.titles = [title(tr, entrant) for entrant in entered]
        self.total = total
        self.stream = stream
        self.started = time.monotonic()
        self.height = 0

    def show(self, standings: Standings) -> None:
        """Draw the table after a game ended."""
        tr, done = self.tr, standings.games
        line = tr.gettext("Game {done} of {total}").format(done=done, total=self.total)
        elapsed = time.monotonic() - self.started
        if 0 < done < self.total:
            left = span(tr, elapsed * (self.total - done) / done)
            line += tr.gettext(", about {time} left").format(time=left)
        order = standings.order()
        width = max(display_width(name) for name in self.titles)
        rows = [line]
        of = tr.gettext("{points} of {games}")
        for place, index in enumerate(order[:LIVE_ROWS], 1):
            score = standings.scores[index]
            scored = of.format(points=f"{points(score.points):>5}", games=score.games)
            rows.append(f"  {place:>3}  {padded(self.titles[index], width)}  {scored}")
        if len(order) > LIVE_ROWS:
            more = len(order) - LIVE_ROWS
            rows.append(
                "  "
                + tr.ngettext("… and {count} more", "… and {count} more", more).format(count=more)
            )
        self._erase()
        self.stream.write("\n".join(rows) + "\n")
        self.stream.flush()
        self.height = len(rows)

    def _erase(self) -> None:
        if self.height:
            self.stream.write(f"\x1b[{self.height}F\x1b[J")

    def close(self) -> None:
        """Erase the table (the report follows)."""
        self._erase()
        self.stream.flush()
        self.height = 0
