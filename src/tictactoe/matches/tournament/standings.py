"""A tournament's standings as its games end: points, wins, draws, losses, forfeits, each
pair's score, and the ratings."""

from __future__ import annotations

from dataclasses import dataclass, field

from tictactoe.core.board import Mark
from tictactoe.core.errors import Wording
from tictactoe.core.outcome import Termination
from tictactoe.matches.tournament.games import GameResult
from tictactoe.matches.tournament.ratings import Rating, ratings


@dataclass
class Score:
    """One player's results so far."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    """Games lost by failing to move (counted in ``losses`` too)."""
    reason: Wording | None = None
    """Why it lost its first forfeit."""

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """1 a win, ½ a draw."""
        return self.wins + self.draws / 2


@dataclass
class Standings:
    """The results of ``count`` players so far."""

    count: int
    scores: list[Score] = field(default_factory=list)
    met: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    """(player, opponent) -> the player's points against that opponent, and the games."""
    results: list[GameResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.scores = [Score() for _ in range(self.count)]

    def add(self, result: GameResult) -> None:
        """Count one finished game."""
        self.results.append(result)
        for mark, player, opponent in ((Mark.X, result.x, result.o), (Mark.O, result.o, result.x)):
            score, points = self.scores[player], result.score(mark)
            if result.winner is None:
                score.draws += 1
            elif result.winner is mark:
                score.wins += 1
            else:
                score.losses += 1
                if result.termination is Termination.FORFEIT:
                    score.forfeits += 1
                    score.reason = score.reason or result.reason
            before, games = self.met.get((player, opponent), (0.0, 0))
            self.met[(player, opponent)] = (before + points, games + 1)

    @property
    def games(self) -> int:
        """Games counted."""
        return len(self.results)

    def order(self) -> list[int]:
        """The players, best first: most points, then most wins, then the fewest games (one who
        has played less is not behind)."""
        return sorted(
            range(self.count),
            key=lambda i: (-self.scores[i].points, -self.scores[i].wins, self.scores[i].games, i),
        )

    def ratings(self) -> list[Rating]:
        """Each player's Elo rating with its 95 % error bar, from every game counted."""
        games = [(r.x, r.o, r.score(Mark.X)) for r in self.results]
        return ratings(games, self.count)
