"""Matches between computer players: many games, counted, reproducible, on several cores.

Each game's randomness comes from ``(seed, game index, mark)`` alone, so a
match gives the same counts however its games are split between processes.
Players are built once per batch of games and their generator is reseeded
before every game; that relies on players drawing all their randomness from
the injected :class:`random.Random`, as the registry asks. Two ``random``
players are played by :class:`~tictactoe.core.playout.Playout` instead of
move by move: the same games from the same generators, several times quicker.

A match stopped by Ctrl-C, SIGTERM or SIGHUP raises :class:`MatchStopped`
with the counts of the games finished so far; worker processes end with it
(and on their own within a moment if their parent is killed outright).

Own players (a Python file, ``module:name``, ``brain:COMMAND``: see
:mod:`tictactoe.players.own`) play in matches too, each in a child process of
its own per batch. One that fails to move loses that game by forfeit
(:class:`Forfeit`); the tally counts the forfeits and keeps their reasons.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError, Wording
from tictactoe.core.playout import Ending, Playout
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.simple import RandomPlayer
from tictactoe.matches import workers
from tictactoe.players.own import PlayerForfeit, PlayerUnavailable

PARALLEL_WORK = 20_000
"""Games x cells from which a match uses every core by default (below, one)."""

BATCHES_PER_MATCH = 100
"""How many batches a match is cut into at least: the progress display's resolution."""

BATCH_WORK = 20_000
"""Most games x cells in one batch (2,222 games on 3 x 3, 88 on 15 x 15), so that
progress keeps coming however many games a match has."""


OWN_BATCHES = 10
"""Batches a match with an own player is cut into: each starts the players' processes anew."""

REASONS_KEPT = 3
"""Different reasons for forfeits a tally keeps (the first ones)."""

DEFAULT_NODES = 20_000
"""Positions a move for searching players when a match sets no budget (reproducible)."""

JOBS_PER_CORE = 4
"""Most worker processes per core a match may ask for (:func:`max_jobs`)."""


class MatchError(TicTacToeError):
    """A match that cannot be played: a player that cannot play this board, or bad counts."""


class MatchStopped(KeyboardInterrupt):
    """A match ended early by Ctrl-C (``signum`` SIGINT), SIGTERM or SIGHUP.

    :attr:`result` holds the counts of the games finished before the stop.
    """

    def __init__(self, result: MatchResult, signum: int) -> None:
        super().__init__(signum)
        self.result = result
        self.signum = signum


class Forfeit(NamedTuple):
    """A game lost by a player that failed to move (an own player that raised, hung ...)."""

    winner: Mark
    move_count: int
    """Moves played before it failed."""
    reason: Wording
    """What went wrong, as the player's forfeit says it."""
    why: Wording
    """The reason alone, without the player's name ("it took longer than 1 s to move.")."""


@dataclass(frozen=True)
class Tally:
    """Results of some games of a match."""

    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    moves: int = 0
    """Moves played in all those games together."""
    x_forfeits: int = 0
    """Games X lost by failing to move (counted in ``o_wins`` too)."""
    o_forfeits: int = 0
    reasons: tuple[Wording, ...] = ()
    """The first few different reasons for those forfeits."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.x_wins + other.x_wins,
            self.o_wins + other.o_wins,
            self.draws + other.draws,
            self.moves + other.moves,
            self.x_forfeits + other.x_forfeits,
            self.o_forfeits + other.o_forfeits,
            tuple(dict.fromkeys(self.reasons + other.reasons))[:REASONS_KEPT],
        )

    @property
    def games(self) -> int:
        """Games counted."""
        return self.x_wins + self.o_wins + self.draws

    def add_game(self, board: Board | Ending | Forfeit) -> Tally:
        """This tally plus the finished game ``board`` (a final position, a playout's end, or a
        game lost by forfeit)."""
        won = board.winner
        game = Tally(int(won is Mark.X), int(won is Mark.O), int(won is None), board.move_count)
        if isinstance(board, Forfeit):
            lost_by_x = board.winner is Mark.O
            game = Tally(
                game.x_wins, game.o_wins, 0, board.move_count, int(lost_by_x), int(not lost_by_x),
                (board.reason,),
            )  # fmt: skip
        return self + game


@dataclass(frozen=True)
class Pairing:
    """Who plays X and who O, on what board, with which seed and search budget."""

    x: str
    o: str
    rules: Rules
    seed: int
    think: float | None = None
    """Seconds a move for searching players (None: they count nodes)."""
    nodes: int | None = None
    """Positions a move for searching players (None: they are timed)."""

    def result(self, tally: Tally) -> MatchResult:
        """This match with the counts of the games played."""
        return MatchResult(**vars(self), tally=tally)


@dataclass(frozen=True)
class MatchResult(Pairing):
    """A finished match: who played, on what board, with which seed, and the counts."""

    tally: Tally = Tally()

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
            "x_wins": tally.x_wins,
            "o_wins": tally.o_wins,
            "draws": tally.draws,
            "average_moves": round(tally.moves / tally.games, 2) if tally.games else 0.0,
            "x_forfeits": tally.x_forfeits,
            "o_forfeits": tally.o_forfeits,
            "forfeit_reasons": [str(reason) for reason in tally.reasons],
        }


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of a match: what one worker process plays."""

    pairing: Pairing
    start: int
    stop: int


def game_seed(seed: int, game: int, mark: Mark) -> str:
    """The seed of ``mark``'s generator in game number ``game`` of a match seeded ``seed``."""
    return f"{seed}:{game}:{mark}"


class Played(NamedTuple):
    """A game played out: how it ended, and the moves played from where it started."""

    end: Board | Forfeit
    """The final position, or the forfeit of the player that failed to move."""
    moves: tuple[int, ...]


def play_game(x: players.Player, o: players.Player, rules: Rules) -> Board | Forfeit:
    """Play one game from the empty board; the final position, or the forfeit of a player that
    failed to move."""
    return play_out(x, o, Board.empty(rules)).end


def play_out(x: players.Player, o: players.Player, board: Board) -> Played:
    """Play the game on from ``board`` to its end (see :class:`Played`). A player that fails
    to move - or cannot play the board at all: an engine that refuses its size - loses it."""
    moves: list[int] = []
    while not board.is_over:
        mover = x if board.turn is Mark.X else o
        try:
            cell = mover.choose(board)
        except (PlayerForfeit, PlayerUnavailable) as failure:
            said = failure.wording or Wording(str(failure))
            why = failure.why if isinstance(failure, PlayerForfeit) else said
            forfeit = Forfeit(board.turn.other, board.move_count, said, why)
            return Played(forfeit, tuple(moves))
        board = board.play(cell)
        moves.append(cell)
    return Played(board, tuple(moves))


def play_batch(batch: Batch) -> Tally:
    """Play a batch of games; the counts. Runs in worker processes."""
    return sum(play_games(batch), Tally())


def play_games(batch: Batch) -> Iterator[Tally]:
    """Play a batch's games one at a time: each game's counts as it ends."""
    rngs = {mark: random.Random() for mark in Mark}
    match = batch.pairing
    budget = {"think": match.think, "nodes": match.nodes}
    x = players.create(match.x, rngs[Mark.X], own=True, **budget)  # type: ignore[arg-type]
    o = players.create(match.o, rngs[Mark.O], own=True, **budget)  # type: ignore[arg-type]
    for game in range(batch.start, batch.stop):
        for mark, rng in rngs.items():
            rng.seed(game_seed(match.seed, game, mark))
        fast = random_players_playout(match.x, match.o, match.rules)
        if fast is not None:  # the very game play_game would play, several times quicker
            yield Tally().add_game(fast.random_players_game(rngs[Mark.X], rngs[Mark.O]))
        else:
            yield Tally().add_game(play_game(x, o, match.rules))


@lru_cache(maxsize=4)
def random_players_playout(x: str, o: str, rules: Rules) -> Playout | None:
    """A :class:`Playout` of ``rules`` if players ``x`` and ``o`` both play at random
    (:class:`RandomPlayer`), else None."""
    if all(players.get(name, own=True).build is RandomPlayer for name in (x, o)):
        return Playout(rules)
    return None


def check_players(rules: Rules, *names: str) -> None:
    """Raise unless every named player exists and can play ``rules``'s board.

    :class:`~tictactoe.core.errors.UnknownPlayerError` lists the valid names;
    :class:`MatchError` gives the strategy's reason for refusing the board.
    """
    for name in names:
        strategy = players.get(name, own=True)
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


def max_jobs() -> int:
    """Most worker processes a match may use: :data:`JOBS_PER_CORE` per core."""
    return JOBS_PER_CORE * available_cpus()


def default_jobs(games: int, rules: Rules, *names: str) -> int:
    """Worker processes for a match: every core for big matches and for own players (named
    among ``names``), one for small."""
    if games > 1 and any(players.is_own(name) for name in names):
        return available_cpus()
    return available_cpus() if games * rules.size >= PARALLEL_WORK else 1


def batch_count(games: int, rules: Rules, *names: str) -> int:
    """How many batches a match of ``games`` games is cut into.

    :data:`BATCHES_PER_MATCH` (or one per game if there are fewer), more when
    a batch would hold over :data:`BATCH_WORK` games x cells; with an own
    player among ``names``, :data:`OWN_BATCHES` (its processes start once a
    batch). It depends on the match only, never on the number of processes.
    """
    if any(players.is_own(name) for name in names):
        return min(games, OWN_BATCHES)
    most_games = max(1, BATCH_WORK // rules.size)
    return max(min(games, BATCHES_PER_MATCH), -(-games // most_games))


def batches(pairing: Pairing, games: int) -> Iterator[Batch]:
    """The match cut into :func:`batch_count` batches of near-equal size, in game order."""
    parts = batch_count(games, pairing.rules, pairing.x, pairing.o)
    for part in range(parts):
        yield Batch(pairing, part * games // parts, (part + 1) * games // parts)


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

    ``jobs`` worker processes share the games (1: play here; at most
    :func:`max_jobs`). ``progress`` is called with the number of games
    finished so far after each batch. Searching players (``search``) get
    ``think`` seconds or ``nodes`` positions a move; with neither,
    :data:`DEFAULT_NODES` positions. The counts depend only on the players,
    the board, ``games`` and ``seed`` (and, with ``think``, on the machine's
    speed). Ctrl-C, SIGTERM or SIGHUP (in the main thread) raise
    :class:`MatchStopped` with the games finished so far.
    """
    if think is None and nodes is None:
        nodes = DEFAULT_NODES
    if games < 1:
        raise MatchError(f"a match needs at least one game, not {games}")
    if not 1 <= jobs <= max_jobs():
        raise MatchError(
            f"jobs must be from 1 to {max_jobs()} ({JOBS_PER_CORE} per core), not {jobs}"
        )
    check_players(rules, x, o)
    pairing = Pairing(x, o, rules, seed, think, nodes)
    work = batches(pairing, games)
    done = Tally()
    try:
        jobs = min(jobs, batch_count(games, rules, x, o))
        with workers.stop_signals_raise(), closing(_tallies(work, jobs)) as tallies:
            for tally, batch_ended in tallies:
                done += tally
                if batch_ended and progress is not None:
                    progress(done.games)
    except KeyboardInterrupt as stop:
        signum = stop.signum if isinstance(stop, workers.Signalled) else signal.SIGINT
        raise MatchStopped(pairing.result(done), signum) from None
    return pairing.result(done)


def _tallies(work: Iterable[Batch], jobs: int) -> Generator[tuple[Tally, bool], None, None]:
    """Counts as games finish, and whether a batch ended with them.

    With one job: game by game, in order (a stop loses no finished game).
    With more: batch by batch as worker processes finish them (:func:`workers.results`).
    """
    if jobs == 1:
        for batch in work:
            for number, tally in enumerate(play_games(batch), batch.start + 1):
                yield tally, number == batch.stop
        return
    for tally in workers.results(iter(work), jobs, batch_player):
        yield tally, True


def batch_player() -> Callable[[Batch], Tally]:
    """What a worker process plays its batches with (:func:`play_batch`)."""
    return play_batch
