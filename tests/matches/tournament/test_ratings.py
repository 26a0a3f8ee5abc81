"""Elo ratings with error bars: they find the strengths that made the results, their mean is 0,
and more games make the bars narrower."""

from __future__ import annotations

import random

import pytest

from tictactoe.matches.tournament.ratings import Rating, ratings


def games_between(
    strengths: list[float], meetings: int, seed: int = 1
) -> list[tuple[int, int, float]]:
    rng = random.Random(seed)
    found = []
    for _ in range(meetings):
        for a in range(len(strengths)):
            for b in range(a + 1, len(strengths)):
                expected = 1 / (1 + 10 ** ((strengths[b] - strengths[a]) / 400))
                found.append((a, b, 1.0 if rng.random() < expected else 0.0))
    return found


def test_the_strengths_behind_the_results_are_found_within_their_bars() -> None:
    truth = [300.0, 100.0, -100.0, -300.0]
    for rating, true in zip(ratings(games_between(truth, 300), 4), truth, strict=True):
        assert abs(rating.elo - true) < rating.error
        assert 20 < rating.error < 60


def test_ratings_average_zero_and_more_games_narrow_the_bars() -> None:
    few = ratings(games_between([100, 0, -100], 10), 3)
    many = ratings(games_between([100, 0, -100], 400), 3)
    assert sum(r.elo for r in many) == pytest.approx(0, abs=1e-6)
    assert all(m.error < f.error / 3 for m, f in zip(many, few, strict=True))


def test_a_clean_sweep_still_has_a_finite_rating() -> None:
    winner, loser = ratings([(0, 1, 1.0)] * 20, 2)
    assert winner.elo == pytest.approx(-loser.elo)
    assert 200 < winner.elo < 800


def test_draws_are_half_points() -> None:
    even = ratings([(0, 1, 0.5)] * 10 + [(1, 0, 1.0), (0, 1, 1.0)], 2)
    assert even[0].elo == pytest.approx(0, abs=1e-9) == even[1].elo


def test_nobody_and_no_games() -> None:
    assert ratings([], 0) == []
    alone = ratings([], 2)
    assert [r.elo for r in alone] == [0.0, 0.0] and alone[0].error > 300
    assert isinstance(alone[0], Rating)
