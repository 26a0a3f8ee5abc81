"""Does ``perfect`` set traps real opponents fall into? Win rates on 3 x 3 against the optimum.

Run with ``python benchmarks/bench_traps.py [games]`` (default 2000 per match;
about a minute). For each target match it plays ``tictactoe arena``
(``run_match``) and prints perfect's win rate beside three exact figures:

- ``exact``: perfect's own win chance, by expectimax over every game against
  the known strategy (the arena rate differs from it by sampling only);
- ``optimum``: the best win chance any strategy can reach against that
  opponent (expectimax, the seed's random choices giving the probabilities);
- ``never-losing``: the best any strategy can reach that keeps the exact
  value of every position, as ``perfect`` must (it never loses).

The baseline of the same run is the previous tie-break (among equal moves,
the most losing replies for the opponent), figured exactly. Targets (issue
10): as X, every game won against centre-first and corner-first; against
win-block and random as X, within 2 points of the optimum.

As O against those two the issue's target (2 points from the optimum) cannot
be met by a player that never loses: the optimum there takes risks. Nor can
one never-losing O reach the never-losing optimum against both, as they
punish different replies. The benchmark finds every best trade-off a
never-losing O can make between the two (:func:`o_frontier`, exact) and the
smallest larger gap to the never-losing optima any of them, or a mix, leaves;
perfect must stay within 2 points of that gap against each. Exit status 1 if
a target is missed.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

from tictactoe.core.analysis import best_moves, mistakes
from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.solver import Solver
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.perfect import PerfectPlayer
from tictactoe.core.strategies.simple import CentreFirst, CornerFirst, RandomPlayer, WinBlock
from tictactoe.core.strategies.traps import PlayerFactory, Traps, best_win_chance, win_chance
from tictactoe.matches.arena import run_match

DEFAULT_GAMES = 2000
MARGIN = Fraction(2, 100)
"""How far below the optimum perfect may stay against win-block and random."""

OPPONENTS: dict[str, PlayerFactory] = {
    "centre-first": CentreFirst,
    "corner-first": CornerFirst,
    "win-block": WinBlock,
    "random": RandomPlayer,
}
MATCHES = (
    ("centre-first", Mark.X),
    ("corner-first", Mark.X),
    ("win-block", Mark.X),
    ("win-block", Mark.O),
    ("random", Mark.X),
    ("random", Mark.O),
)

Policy = Callable[[Board], Sequence[int]]


def old_tie_break(solver: Solver) -> Policy:
    """The previous ``perfect``: among the best moves, those leaving the most losing replies."""
    memo: dict[Board, tuple[int, ...]] = {}

    def candidates(board: Board) -> tuple[int, ...]:
        known = memo.get(board)
        if known is None:
            best = best_moves(solver.move_outcomes(board))
            counts = {cell: mistakes(board, cell, solver) for cell in best}
            most = max(counts.values())
            known = memo[board] = tuple(cell for cell in best if counts[cell] == most)
        return known

    return candidates


def percent(chance: Fraction | float) -> str:
    return f"{float(chance) * 100:6.2f}%"


def arena_rate(opponent: str, side: Mark, games: int) -> float:
    """Perfect's share of wins in a seeded arena match."""
    x, o = ("perfect", opponent) if side is Mark.X else (opponent, "perfect")
    tally = run_match(x, o, Rules(), games, seed=2024).tally
    return (tally.x_wins if side is Mark.X else tally.o_wins) / games


def edge_opening_table(solver: Solver) -> list[str]:
    """Why no never-losing O meets both targets: its reply to an edge opening."""
    board = Board.empty().play(1)
    safe = make_safe(solver)
    lines = ["  O's best win chance after X b1 and each O reply that keeps the draw:"]
    for cell in best_moves(solver.move_outcomes(board)):
        after = board.play(cell)
        against = [
            percent(best_win_chance(after, Mark.O, OPPONENTS[name], safe))
            for name in ("random", "win-block")
        ]
        lines.append(
            f"    reply {cell}: against random {against[0]}, against win-block {against[1]}"
        )
    return lines


Point = tuple[Fraction, Fraction]
"""O's exact win chances against random and against win-block."""


def o_point(solver: Solver, weight: float) -> Point:
    """O's win chances with the tie-break weighing win-block ``weight`` to random's 1."""
    traps = Traps(solver, (RandomPlayer, WinBlock), budget=10**9, prior=(1.0, weight))
    safe = make_safe(solver)

    def policy(board: Board) -> Sequence[int]:
        return traps.narrow(board, safe(board))

    empty = Board.empty()
    return win_chance(empty, Mark.O, RandomPlayer, policy), win_chance(
        empty, Mark.O, WinBlock, policy
    )


def o_frontier(solver: Solver) -> list[Point]:
    """Every never-losing O's best trade-offs between random and win-block, exactly.

    Expectimax against the mix "random, or win-block ``weight`` times as
    likely" (Bayes weighing the two by X's moves) gives the never-losing
    strategy with the most of ``chance_random + weight * chance_win_block``:
    a corner of the set of all never-losing strategies' win chances (mixed
    strategies fill in between). The corners are found as in a convex hull:
    between two neighbours ``a`` and ``b``, the weight that scores them alike
    either finds a corner beyond the segment or proves none is there.
    """
    low, high = o_point(solver, 1e-6), o_point(solver, 1e6)
    corners = {low, high}
    todo = [(low, high)]
    while todo:
        a, b = todo.pop()
        if a[1] == b[1] or a[0] == b[0]:
            continue
        weight = float((a[0] - b[0]) / (b[1] - a[1]))
        found = o_point(solver, weight)
        weighed = Fraction(weight)
        if found[0] + weighed * found[1] > a[0] + weighed * a[1] + Fraction(1, 10**9):
            corners.add(found)
            todo += [(a, found), (found, b)]
    return sorted(corners, reverse=True)


def least_worst_gap(corners: list[Point], best: Point) -> Fraction:
    """The smallest "larger gap to ``best``" any mix of the ``corners`` strategies reaches."""
    smallest = min(max(best[0] - r, best[1] - w) for r, w in corners)
    for (ra, wa), (rb, wb) in itertools.pairwise(corners):
        # Along the segment a + t (b - a) each gap changes linearly; where they cross.
        gap_random, gap_win_block = best[0] - ra, best[1] - wa
        rise_random, rise_win_block = ra - rb, wa - wb
        if rise_random != rise_win_block:
            t = (gap_win_block - gap_random) / (rise_random - rise_win_block)
            if 0 <= t <= 1:
                smallest = min(smallest, gap_random + t * rise_random)
    return smallest


def make_safe(solver: Solver) -> Policy:
    """The moves a never-losing player may make: the solver's best."""
    return lambda board: best_moves(solver.move_outcomes(board))


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else DEFAULT_GAMES
    solver = Solver()
    safe = make_safe(solver)
    perfect = PerfectPlayer(random.Random(0), solver).candidates
    baseline = old_tie_break(solver)
    started = time.perf_counter()
    empty = Board.empty()
    best_o = (
        best_win_chance(empty, Mark.O, RandomPlayer, safe),
        best_win_chance(empty, Mark.O, WinBlock, safe),
    )
    corners = o_frontier(solver)
    least = least_worst_gap(corners, best_o)
    print(f"perfect on 3 x 3: win rates, {games} arena games per match (seed 2024)")
    print("opponent      perfect   arena    exact | optimum never-losing | baseline | target")
    missed = 0
    for name, side in MATCHES:
        factory = OPPONENTS[name]
        rate = arena_rate(name, side, games)
        exact = win_chance(empty, side, factory, perfect)
        optimum = best_win_chance(empty, side, factory)
        never_losing = best_win_chance(empty, side, factory, safe)
        old = win_chance(empty, side, factory, baseline)
        if name in ("centre-first", "corner-first"):
            floor = Fraction(1)
        elif side is Mark.X:
            floor = optimum - MARGIN
        else:
            floor = never_losing - least - MARGIN
        passed = rate >= floor
        missed += not passed
        print(
            f"{name:13} as {side}  {percent(rate)} {percent(exact)} | {percent(optimum)} "
            f"{percent(never_losing)}      | {percent(old)}  | >= {percent(floor).strip()} "
            f"{'PASS' if passed else 'FAIL'}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    print(
        "As X the optimum keeps the draw, and the target is 2 points below it. As O\n"
        "against win-block and random the optimum needs moves that can lose, which\n"
        "perfect never plays; and no never-losing O is at the never-losing optimum\n"
        "against both at once. The best trade-offs any never-losing O can make (O's\n"
        "win chance against random, against win-block; mixing them fills in between):"
    )
    for chances in corners:
        print(f"  {percent(chances[0])} {percent(chances[1])}")
    print(
        f"Their least larger gap to the never-losing optima is {float(least) * 100:.2f} points\n"
        "(a mix of two of them), so as O the target is that gap plus 2 points. Why:"
    )
    print("\n".join(edge_opening_table(solver)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
