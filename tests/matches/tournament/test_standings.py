"""Standings as games end: points, the order, each pair's score."""

from __future__ import annotations

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Termination
from tictactoe.matches.tournament.games import GameResult
from tictactoe.matches.tournament.standings import Standings


def result(number: int, x: int, o: int, winner: Mark | None) -> GameResult:
    how = Termination.FULL_BOARD if winner is None else Termination.LINE
    return GameResult(number, x, o, (), winner, how)


def test_points_order_and_pairs() -> None:
    standings = Standings(3)
    for game in (
        result(0, 0, 1, Mark.X),
        result(1, 1, 0, None),
        result(2, 2, 0, Mark.O),
        result(3, 1, 2, Mark.O),
    ):
        standings.add(game)
    assert [s.points for s in standings.scores] == [2.5, 0.5, 1.0]
    assert standings.order() == [0, 2, 1]
    assert standings.met[(0, 1)] == (1.5, 2) and standings.met[(1, 0)] == (0.5, 2)
    assert standings.games == 4
    best, *_ = standings.ratings()
    assert best.elo > 0
