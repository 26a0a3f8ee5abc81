"""Matches between computer players: many games, counted, reproducible, on several cores.

Each game's randomness comes from ``(seed, game index, mark)`` alone, so a
match gives the same counts however its games are split between processes.
Players are built once per batch of games and their generator is reseeded
before every game; that relies on players drawing all their randomness from
the injected :class:`random.Random`, as the registry asks.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules

PARALLEL_WORK = 20_000
"""Games x cells from which a match uses every core by default (below, one)."""

BATCHES_PER_MATCH = 100
"""How many batches a match is cut into at least: the progress display's resolution."""

BATCH_WORK = 20_000
"""Most games x cells in one batch (2,222 games on 3 x 3, 88 on 15 x 15), so that
progress keeps coming however many games a match has."""


DEFAULT_NODES = 20_000
"""Positions a move for searching players when a match sets no budget (reproducible)."""


class MatchError(TicTacToeError):
    """A match that cannot be played: a player that cannot play this board, or bad counts."""


@dataclass(frozen=True)
class Tally:
    """Results of some games of a match."""

    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    moves: int = 0
    """Moves played in all those games together."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.x_wins + other.x_wins,
            self.o_wins + other.o_wins,
            self.draws + other.draws,
            self.moves + other.moves,
        )

    @property
    def games(self) -> int:
        """Games counted."""
        return self.x_wins + self.o_wins + self.draws

    def add_game(self, board: Board) -> Tally:
        """This tally plus the finished game ``board``."""
        won = board.winner
        return self + Tally(
            int(won is Mark.X), int(won is Mark.O), int(won is None), board.move_count
        )


@dataclass(frozen=True)
class MatchResult:
    """A finished match: who played, on what board, with which seed, and the counts."""

    x: str
    o: str
    rules: Rules
    seed: int
    tally: Tally
    think: float | None = None
    """Seconds a move for searching players (None: they counted nodes)."""
    nodes: int | None = None
    """Positions a move for searching players (None: they were timed)."""

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON: names, board, seed, search budget and counts."""
        tally = self.tally
        return {
            "x": self.x,
            "o": self.o,
            "size": f"{self.rules.m}x{self.rules.n}",
            "k": self.rules.k,
            "seed": self.seed,
            "think": self.think,
            "nodes": self.nodes,
            "games": tally.games,
            **{key: value for key, value in asdict(tally).items() if key != "moves"},
            "average_moves": round(tally.moves / tally.games, 2) if tally.games else 0.0,
        }


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of a match: what one worker process plays."""

    x: str
    o: str
    rules: Rules
    seed: int
    start: int
    stop: int
    think: float | None = None
    nodes: int | None = None


def game_seed(seed: int, game: int, mark: Mark) -> str:
    """The seed of ``mark``'s generator in game number ``game`` of a match seeded ``seed``."""
    return f"{seed}:{game}:{mark}"


def play_game(x: players.Player, o: players.Player, rules: Rules) -> Board:
    """Play one game from the empty board; the final position."""
    board = Board.empty(rules)
    while not board.is_over:
        mover = x if board.turn is Mark.X else o
        board = board.play(mover.choose(board))
    return board


def play_batch(batch: Batch) -> Tally:
    """Play a batch of games; the counts. Runs in worker processes."""
    rngs = {mark: random.Random() for mark in Mark}
    budget = {"think": batch.think, "nodes": batch.nodes}
    x = players.create(batch.x, rngs[Mark.X], **budget)  # type: ignore[arg-type]
    o = players.create(batch.o, rngs[Mark.O], **budget)  # type: ignore[arg-type]
    tally = Tally()
    for game in range(batch.start, batch.stop):
        for mark, rng in rngs.items():
            rng.seed(game_seed(batch.seed, game, mark))
        tally = tally.add_game(play_game(x, o, batch.rules))
    return tally


def check_players(rules: Rules, *names: str) -> None:
    """Raise unless every named player exists and can play ``rules``'s board.

    :class:`~tictactoe.core.errors.UnknownPlayerError` lists the valid names;
    :class:`MatchError` gives the strategy's reason for refusing the board.
    """
    for name in names:
        strategy = players.get(name)
        try:
            reason = strategy.unsupported_reason(rules)
        except ImportError as error:
            raise MatchError(f"player {name!r} is not available: {error}") from None
        if reason is not None:
            raise MatchError(f"player {name!r} cannot play {rules}: {reason}")


def available_cpus() -> int:
    """Cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_jobs(games: int, rules: Rules) -> int:
    """Worker processes for a match: every core for big matches, one for small."""
    return available_cpus() if games * rules.size >= PARALLEL_WORK else 1


def batch_count(games: int, rules: Rules) -> int:
    """How many batches a match of ``games`` games is cut into.

    :data:`BATCHES_PER_MATCH` (or one per game if there are fewer), more when
    a batch would hold over :data:`BATCH_WORK` games x cells. It depends on
    the match only, never on the number of processes.
    """
    most_games = max(1, BATCH_WORK // rules.size)
    return max(min(games, BATCHES_PER_MATCH), -(-games // most_games))


def batches(
    x: str,
    o: str,
    rules: Rules,
    seed: int,
    games: int,
    think: float | None = None,
    nodes: int | None = None,
) -> Iterator[Batch]:
    """The match cut into :func:`batch_count` batches of near-equal size, in game order."""
    parts = batch_count(games, rules)
    for part in range(parts):
        yield Batch(
            x, o, rules, seed, part * games // parts, (part + 1) * games // parts, think, nodes
        )


def run_match(
    x: str,
    o: str,
    rules: Rules,
    games: int,
    *,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    think: float | None = None,
    nodes: int | None = None,
) -> MatchResult:
    """Play ``games`` games of ``x`` (moving first) against ``o``.

    ``jobs`` worker processes share the games (1: play here). ``progress``
    is called with the number of games finished so far after each batch.
    Searching players (``search``) get ``think`` seconds or ``nodes``
    positions a move; with neither, :data:`DEFAULT_NODES` positions. The
    counts depend only on the players, the board, ``games`` and ``seed``
    (and, with ``think``, on the machine's speed).
    """
    if think is None and nodes is None:
        nodes = DEFAULT_NODES
    if games < 1:
        raise MatchError(f"a match needs at least one game, not {games}")
    if jobs < 1:
        raise MatchError(f"jobs must be at least 1, not {jobs}")
    check_players(rules, x, o)
    work = batches(x, o, rules, seed, games, think, nodes)
    done = Tally()
    for tally in _tallies(work, min(jobs, batch_count(games, rules))):
        done += tally
        if progress is not None:
            progress(done.games)
    return MatchResult(x, o, rules, seed, done, think, nodes)


def _tallies(work: Iterable[Batch], jobs: int) -> Iterator[Tally]:
    """Each batch's tally as it finishes (in order when ``jobs`` is 1).

    The workers ignore Ctrl-C: the interrupt reaches this process only, which
    then ends them at once (``terminate``) rather than waiting for their batch.
    Batches are handed out as workers take them, never all queued up front.
    """
    if jobs == 1:
        yield from map(play_batch, work)
        return
    pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    try:
        yield from pool.imap_unordered(play_batch, work)
    except BaseException:
        pool.terminate()
        raise
    else:
        pool.close()
    finally:
        pool.join()


def _ignore_interrupts() -> None:
    """Worker set-up: Ctrl-C is the parent's to handle (no traceback from every worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
