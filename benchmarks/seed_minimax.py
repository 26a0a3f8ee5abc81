"""Seed 001's plain recursive minimax, the baseline the benchmarks compare against.

The logic of ``won(pg)`` and ``minmax(pg, step)`` from the Pygame Zero
tutorial, kept as it was (a list of 9 cells, 1 = X, -1 = O, 0 = empty; no
pruning, no table), only typed and renamed.
"""

from __future__ import annotations

X_STEP = 1
"""``step`` value of X (O is -1)."""


def won(pg: list[int]) -> int:
    """1 if X has three in a row, -1 if O has, else 0 (the eight line sums)."""
    standings = [0] * 8
    for i in range(3):
        standings[i] = pg[i * 3] + pg[i * 3 + 1] + pg[i * 3 + 2]
        standings[i + 3] = pg[i] + pg[i + 3] + pg[i + 6]
    standings[6] = pg[0] + pg[4] + pg[8]
    standings[7] = pg[2] + pg[4] + pg[6]
    if 3 in standings:
        return 1
    if -3 in standings:
        return -1
    return 0


def minmax(pg: list[int], step: int) -> tuple[int, int | None]:
    """(score, best cell) for the side ``step`` (1 = X, -1 = O) on board ``pg``."""
    best: tuple[int, int | None] = (-2 * step, None)
    if won(pg) != 0:
        return (won(pg), None)
    if 0 not in pg:
        return (0, None)
    for i in range(9):
        if pg[i] != 0:
            continue
        pgcp = pg.copy()
        pgcp[i] = step
        x = minmax(pgcp, -1 * step)[0]
        if (step == 1 and x > best[0]) or (step == -1 and x < best[0]):
            best = (x, i)
    return best
