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
win-block and random, as X and as O, within 2 points of the optimum. Exit
status 1 if a target is missed.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

from tictactoe.arena import run_match
from tictactoe.core.analysis import best_moves, mistakes
from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.core.solver import Solver
from tictactoe.core.strategies.perfect import PerfectPlayer
from tictactoe.core.strategies.seeds import CentreFirst, CornerFirst, RandomPlayer, WinBlock
from tictactoe.core.traps import PlayerFactory, best_win_chance, win_chance

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


def make_safe(solver: Solver) -> Policy:
    """The moves a never-losing player may make: the solver's best."""
    return lambda board: best_moves(solver.move_outcomes(board))


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else DEFAULT_GAMES
    solver = Solver()
    safe = make_safe(solver)
    perfect = PerfectPlayer(random.Random(0), solver).candidates
    baseline = old_tie_break(solver)
    print(f"perfect on 3 x 3: win rates, {games} arena games per match (seed 2024)")
    print("opponent      perfect  arena    exact  | optimum  never-losing | baseline | target")
    missed = 0
    started = time.perf_counter()
    for name, side in MATCHES:
        factory = OPPONENTS[name]
        empty = Board.empty()
        rate = arena_rate(name, side, games)
        exact = win_chance(empty, side, factory, perfect)
        optimum = best_win_chance(empty, side, factory)
        never_losing = best_win_chance(empty, side, factory, safe)
        old = win_chance(empty, side, factory, baseline)
        if name in ("centre-first", "corner-first"):
            passed, target = rate == 1.0, "100%"
        else:
            passed, target = rate >= optimum - MARGIN, f">= {percent(optimum - MARGIN).strip()}"
        missed += not passed
        print(
            f"{name:13} as {side}  {percent(rate)} {percent(exact)} | {percent(optimum)} "
            f"{percent(never_losing)}      | {percent(old)}  | {target} "
            f"{'PASS' if passed else 'FAIL'}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    print(
        "Against win-block and random as O the optimum needs moves that can lose;\n"
        "a never-losing player cannot be within 2 points of both either:"
    )
    print("\n".join(edge_opening_table(solver)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
