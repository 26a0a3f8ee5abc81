"""Elo ratings with error bars from the games of a tournament.

The Elo model: a player rated ``d`` points above another is expected to
score ``1 / (1 + 10 ** (-d / 400))`` against it (a win 1, a draw ½). The
ratings are the most likely ones given every game (Bradley-Terry, fitted by
Newton's method), with :data:`PRIOR_DRAWS` imagined draws of each player
against an average one - as BayesElo does - so a player who won or lost
every game still gets a finite rating. They are shifted so that their mean is
0, and each comes with the half-width of its 95 % interval, from the curvature
of the likelihood.

    >>> rated = ratings([(0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.5)], 2)
    >>> rated[0].elo > 0 > rated[1].elo
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

ELO = 400 / math.log(10)
"""Elo points per unit of the model's natural scale."""

PRIOR_DRAWS = 2.0
"""Imagined draws of each player against an average one (keeps every rating finite)."""

Z95 = 1.959964
"""Standard deviations either side of a normal mean that hold 95 % of it."""

STEPS = 100
"""Most Newton steps (a few dozen are plenty)."""


class Rating(NamedTuple):
    """One player's rating: Elo points above the field's mean, and its 95 % error bar."""

    elo: float
    error: float
    """Half the width of the 95 % interval (the rating is ``elo ± error``)."""


def ratings(games: Sequence[tuple[int, int, float]], count: int) -> list[Rating]:
    """The rating of each of ``count`` players from ``games``: (player, opponent, the player's
    score: 1 a win, 0.5 a draw, 0 a loss)."""
    if count == 0:
        return []
    strength = [0.0] * count
    for _ in range(STEPS):
        gradient, hessian = _slopes(games, strength)
        step = _solve([[-value for value in row] for row in hessian], gradient)
        strength = [value + change for value, change in zip(strength, step, strict=True)]
        if max(abs(change) for change in step) < 1e-10:
            break
    _, hessian = _slopes(games, strength)
    covariance = _inverse([[-value for value in row] for row in hessian])
    mean = sum(strength) / count
    # The variance of each rating less the mean of all: how well the games place it in the field.
    rows = [sum(row) / count for row in covariance]
    whole = sum(rows) / count
    return [
        Rating(
            ELO * (value - mean),
            ELO * Z95 * math.sqrt(max(covariance[i][i] - 2 * rows[i] + whole, 0.0)),
        )
        for i, value in enumerate(strength)
    ]


def _slopes(
    games: Sequence[tuple[int, int, float]], strength: Sequence[float]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and Hessian at ``strength`` (the prior included)."""
    count = len(strength)
    gradient = [0.0] * count
    hessian = [[0.0] * count for _ in range(count)]
    for player, value in enumerate(strength):
        expected = _logistic(value)
        gradient[player] += PRIOR_DRAWS * (0.5 - expected)
        hessian[player][player] -= PRIOR_DRAWS * expected * (1 - expected)
    for player, opponent, score in games:
        expected = _logistic(strength[player] - strength[opponent])
        weight = expected * (1 - expected)
        gradient[player] += score - expected
        gradient[opponent] -= score - expected
        hessian[player][player] -= weight
        hessian[opponent][opponent] -= weight
        hessian[player][opponent] += weight
        hessian[opponent][player] += weight
    return gradient, hessian


def _logistic(value: float) -> float:
    if value >= 0:
        return 1 / (1 + math.exp(-value))
    exp = math.exp(value)
    return exp / (1 + exp)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector`` (Gaussian elimination; the matrix is positive
    definite, so no pivoting is needed)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = rows[column][column]
        for below in range(column + 1, size):
            factor = rows[below][column] / pivot
            if factor:
                rows[below] = [
                    a - factor * b for a, b in zip(rows[below], rows[column], strict=True)
                ]
    found = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][column] * found[column] for column in range(row + 1, size))
        found[row] = (rows[row][size] - known) / rows[row][row]
    return found


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a positive definite matrix, a column at a time."""
    size = len(matrix)
    columns = [_solve(matrix, [float(i == j) for i in range(size)]) for j in range(size)]
    return [[columns[j][i] for j in range(size)] for i in range(size)]
