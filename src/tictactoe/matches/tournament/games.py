"""A tournament's players and games: who takes part, the round robin, playing the games.

:func:`entrants` checks the players named (levels, own players, engines) and
gives each a name of its own for tables and saved games; :func:`schedule`
pairs everyone with everyone, each pair playing ``rounds`` times twice with
the colours swapped (from the same balanced opening on big boards:
:mod:`.openings`), the rounds in the circle method's order, so everyone has
played about as often at any moment; :func:`play` plays the games on worker
processes and yields each result as it ends.

A level's randomness comes from the tournament's seed and the game's number
alone (as in :mod:`tictactoe.matches.arena`); searching levels count positions unless a
time is given, so a tournament of levels gives the same results on every
machine. An own player keeps its process for all the games a worker plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import N_, TicTacToeError, UnknownPlayerError, Wording
from tictactoe.core.outcome import Termination
from tictactoe.core.rules import Rules
from tictactoe.matches import arena, workers
from tictactoe.matches.tournament.openings import openings
from tictactoe.players.own import Kind, student_folder


class TournamentError(TicTacToeError):
    """A tournament that cannot be played: too few players, one named twice, one that cannot
    play the board."""


@dataclass(frozen=True)
class Entrant:
    """A player taking part: its exact name, and the name tables and saved games show."""

    name: str
    title: str


@dataclass(frozen=True)
class GameTask:
    """One game to play: its number, who plays X and O (indices and names), the board, the
    opening it starts from, and the budget of searching and own players."""

    number: int
    x: int
    o: int
    x_name: str
    o_name: str
    rules: Rules
    opening: tuple[int, ...]
    seed: int
    think: float | None
    nodes: int | None


@dataclass(frozen=True)
class GameResult:
    """A game played: who played it, its moves (the opening's first), how it ended."""

    number: int
    x: int
    o: int
    moves: tuple[int, ...]
    winner: Mark | None
    termination: Termination
    reason: Wording | None = None
    """Why the loser forfeited, when it did."""

    def score(self, mark: Mark) -> float:
        """What ``mark``'s side scored: 1 for a win, ½ for a draw, 0 for a loss."""
        return 0.5 if self.winner is None else float(self.winner is mark)


def entrants(names: Sequence[str], rules: Rules) -> list[Entrant]:
    """The players ``names`` names (levels, own players' files, ``brain:COMMAND``), each with a
    title of its own: a level's (``Medium``), an own player's student name (``anna`` for
    ``anna/player.py``: :func:`~tictactoe.players.own.student_name`) or program, with its
    folder when two have the same name.

    Raises :class:`TournamentError` for fewer than two players, one named twice or one that
    cannot play ``rules``'s board, and UnknownPlayerError for a name that names nobody.
    """
    found = [players.get(name, own=True) for name in names]
    if len(found) < 2:
        raise TournamentError.worded(N_("a tournament needs at least two players"))
    exact = [strategy.name for strategy in found]
    twice = sorted({name for name in exact if exact.count(name) > 1})
    if twice:
        raise TournamentError.worded(
            N_("{players} named twice: each player takes part once"), players=_listed(twice)
        )
    for strategy in found:
        reason = strategy.unsupported_reason(rules)
        if reason is not None:
            raise TournamentError.worded(
                N_("{player} cannot play {board}: {reason}"),
                player=strategy.title,
                board=rules,
                reason=reason,
            )
    given = [strategy.title for strategy in found]
    titles = list(given)
    for index, strategy in enumerate(found):
        if given.count(strategy.title) > 1 and isinstance(strategy, players.OwnPlayer):
            spec = strategy.spec
            if spec.kind is Kind.FILE:
                folder = student_folder(spec.target)
            else:
                folder = Path(spec.target).parent.name
            titles[index] = f"{folder}/{strategy.title}"
    for index, title in enumerate(titles):
        if titles.count(title) > 1:
            titles[index] = f"{title} ({index + 1})"
    return [Entrant(strategy.name, title) for strategy, title in zip(found, titles, strict=True)]


def _listed(names: Sequence[str]) -> str:
    return ", ".join(repr(players.title_of(name)) for name in names)


def pairings(count: int) -> list[tuple[int, int]]:
    """Every pair of ``count`` players once, in rounds by the circle method: in each round each
    player plays at most once (with an odd count, one rests)."""
    seats: list[int | None] = list(range(count))
    if count % 2:
        seats.append(None)
    found: list[tuple[int, int]] = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        for first, second in zip(seats[:half], reversed(seats[half:]), strict=True):
            if first is not None and second is not None:
                found.append((min(first, second), max(first, second)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return found


def schedule(
    entered: Sequence[Entrant],
    rules: Rules,
    *,
    rounds: int = 1,
    seed: int,
    think: float | None = None,
    nodes: int | None = None,
) -> list[GameTask]:
    """Every game of the tournament in the order to play them: each pair, ``rounds`` times,
    once with each colour, both games from the same opening (on big boards)."""
    starts = openings(rules) or ((),)
    tasks: list[GameTask] = []
    pairs = pairings(len(entered))
    for round_ in range(rounds):
        for index, (first, second) in enumerate(pairs):
            opening = starts[(round_ * len(pairs) + index) % len(starts)]
            for x, o in ((first, second), (second, first)):
                names = (entered[x].name, entered[o].name)
                number = len(tasks)
                tasks.append(GameTask(number, x, o, *names, rules, opening, seed, think, nodes))
    return tasks


def game_player() -> Callable[[GameTask], GameResult]:
    """What a worker process plays the games with: own players are made once (their processes
    serve every game the worker plays), levels for each game (so their games do not depend on
    the games before)."""
    own: dict[str, players.Player] = {}

    def play_one(task: GameTask) -> GameResult:
        sides: dict[Mark, players.Player] = {}
        for mark, name in ((Mark.X, task.x_name), (Mark.O, task.o_name)):
            budget = {"think": task.think, "nodes": task.nodes}
            if players.is_own(name):
                if name not in own:
                    own[name] = players.create(name, own=True, **budget)  # type: ignore[arg-type]
                sides[mark] = own[name]
            else:
                rng = random.Random(arena.game_seed(task.seed, task.number, mark))
                sides[mark] = players.create(name, rng, **budget)  # type: ignore[arg-type]
        board = Board.empty(task.rules)
        for cell in task.opening:
            board = board.play(cell)
        end, moves = arena.play_out(sides[Mark.X], sides[Mark.O], board)
        moves = task.opening + moves
        if isinstance(end, arena.Forfeit):
            return GameResult(
                task.number, task.x, task.o, moves, end.winner, Termination.FORFEIT, end.why
            )
        outcome = end.outcome()
        assert outcome is not None
        return GameResult(task.number, task.x, task.o, moves, outcome.winner, outcome.termination)

    return play_one


def play(tasks: Sequence[GameTask], jobs: int) -> Iterator[GameResult]:
    """Play ``tasks`` on ``jobs`` worker processes (1: here), each result as its game ends."""
    if jobs == 1:
        play_one = game_player()
        for task in tasks:
            yield play_one(task)
        return
    yield from workers.results(iter(tasks), jobs, game_player)


__all__ = [
    "Entrant",
    "GameResult",
    "GameTask",
    "TournamentError",
    "UnknownPlayerError",
    "entrants",
    "game_player",
    "pairings",
    "play",
    "schedule",
]
