"""How long ``perfect`` takes per move on its big boards (target: about a second).

Run ``python benchmarks/bench_perfect_big.py [games] [--boards 6x6k4,7x7k5]``
(default 3 games per pairing; a few minutes a board). The boards are by
default 5 x 5 with k = 4 and every board the capability table
(``core/capability.tsv``) plays one proved move at a time - run it after
rebuilding that table, since its probes are a few positions and a game is
many. On each board ``perfect`` plays as X and as O
against ``win-block``, ``random``, ``fork-aware``, ``search`` (the
engine, at a fixed node budget so games repeat) and ``perfect`` itself; as O each game opens with a
different first move of the opponent's (corner, edges, next to them on the second row),
the positions the opening book and the proofs must answer. Every move of
``perfect`` is timed with a fresh solver per game, as a new game starts.

Prints per board the one-time cost of deciding the board is playable
(``unplayable_reason``, measured once per process, before the first move),
then the median, 90th percentile and worst move time, and PASS
when the median is under :data:`TARGET_MEDIAN` and the worst under
:data:`TARGET_WORST` seconds; also checks that ``perfect`` threw no game away
(lost one the opening had not already lost for it: 5 x 5 is a draw, 6 x 5 a
first-player win, and some first moves lose there). Then the exact hints
(``suggest``, the best three moves) at every position of games of win-block
against perfect from the same openings: PASS when the worst is under
:data:`TARGET_HINT` seconds. For comparison the same run
times the old way, valuing every move, where it was slowest: the replies to
a corner on 5 x 5, the first moves on 6 x 5. Exit status 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tictactoe import players
from tictactoe.core.advice import suggest
from tictactoe.core.board import Board, Mark
from tictactoe.core.exact import capability
from tictactoe.core.exact import solver as exact
from tictactoe.core.exact.prover import Prover
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.perfect import PerfectPlayer

TARGET_MEDIAN = 1.0
"""Seconds: a typical move."""
TARGET_WORST = 3.0
"""Seconds: the slowest move of the run ("about a second" on a loaded 2-core machine)."""

TARGET_HINT = 2.0
"""Seconds: the slowest exact hint (the best three moves) of the run."""

OPPONENTS = ("win-block", "random", "fork-aware", "search", "perfect")


def default_boards() -> list[Rules]:
    """5 x 5 with k = 4, then every board the capability table plays one move at a time."""
    table = capability.read_table(capability.TABLE)
    ones = [Rules(*size) for size, known in table.items() if known.play is capability.Play.ONE_MOVE]
    return [Rules(5, 5, 4), *sorted(ones, key=lambda rules: (rules.size, rules.k))]


def openings(rules: Rules) -> tuple[int, ...]:
    """The opponent's first moves when ``perfect`` plays O (cells, row by row): the
    corner, the two cells beside it, and the two after the corner on the second row."""
    return (0, 1, 2, rules.n + 1, rules.n + 2)


def parse_boards(text: str) -> list[Rules]:
    """``6x6k4,7x7k5`` -> the boards."""
    return [Rules.parse_compact(each) for each in text.split(",")]


SEARCH_NODES = 3000
BASELINES = (
    (Rules(5, 5, 4), 0, "every reply to a corner"),
    (Rules(6, 5, 4), None, "every first move"),
)
"""What perfect used to do on these boards before choosing a move (about half a minute each)."""


def play(
    rules: Rules, opponent: str, perfect_mark: Mark, opening: int, seed: int
) -> tuple[list[float], Mark | None, bool]:
    """One game; perfect's move times, the winner, and whether the opening left it lost."""
    perfect = PerfectPlayer(random.Random(seed))
    other = players.create(
        opponent, seed=seed, nodes=SEARCH_NODES if opponent == "search" else None
    )
    board = Board.empty(rules)
    if perfect_mark is Mark.O:
        board = board.play(opening)
    lost_at_start = exact.Solver().choose(board, refine=0).value is exact.Value.LOSS
    times = []
    while not board.is_over:
        if board.turn is perfect_mark:
            start = time.perf_counter()
            cell = perfect.choose(board)
            times.append(time.perf_counter() - start)
        else:
            cell = other.choose(board)
        board = board.play(cell)
    return times, board.winner, lost_at_start


def hint_times(rules: Rules, opening: int, seed: int) -> list[float]:
    """Seconds of each exact hint (``suggest``, the game's solver kept) over one game of
    win-block against perfect after ``opening``."""
    solver = exact.Solver()
    perfect = PerfectPlayer(random.Random(seed))
    other = players.create("win-block", seed=seed)
    board = Board.empty(rules).play(opening)
    times = []
    while not board.is_over:
        start = time.perf_counter()
        found = suggest(board, 3, solver=solver)
        times.append(time.perf_counter() - start)
        assert found and all(s.exact for s in found)
        board = board.play((perfect if board.turn is Mark.O else other).choose(board))
    return times


def old_way(rules: Rules, first: int | None) -> float:
    """Seconds to value every move after ``first`` (None: of the empty board), as perfect
    used to."""
    board = Board.empty(rules) if first is None else Board.empty(rules).play(first)
    # bypass the refusal (this is what it refuses), and the opening table (which answers
    # these positions now)
    engine = Prover(rules, use_openings=False)
    start = time.perf_counter()
    for cell in board.legal_moves():
        child = board.play_unchecked(cell)
        if not child.is_over:
            engine.outcome(*exact._sides(child))
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=3, help="games per pairing")
    parser.add_argument("--boards", type=parse_boards, help="MxNkK,... (default: see above)")
    args = parser.parse_args()
    games: int = args.games
    boards: list[Rules] = args.boards or default_boards()
    failed = False
    for rules in boards:
        start = time.perf_counter()
        reason = exact.unplayable_reason(rules)
        print(
            f"{rules.m} x {rules.n}, k={rules.k}: {'playable' if reason is None else reason}; "
            f"measuring that took {time.perf_counter() - start:.1f} s (once per process, "
            "not counted below)",
            flush=True,
        )
        times: list[float] = []
        lost = 0
        firsts = openings(rules)
        for opponent in OPPONENTS:
            for mark in (Mark.X, Mark.O):
                for game in range(games):
                    opening = firsts[game % len(firsts)]
                    spent, winner, doomed = play(rules, opponent, mark, opening, seed=game)
                    times += spent
                    lost += winner is mark.other and not doomed
                    result = "lost" if winner is mark.other else "won" if winner is mark else "draw"
                    if doomed:
                        result += " (the opening left it lost)"
                    print(
                        f"  {rules.m}x{rules.n} perfect as {mark} vs {opponent:<10} "
                        f"(opening {opening}): {result}, "
                        f"worst move {max(spent):.2f} s",
                        flush=True,
                    )
        times.sort()
        median = statistics.median(times)
        mean = statistics.fmean(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        worst = times[-1]
        ok = median <= TARGET_MEDIAN and worst <= TARGET_WORST and not lost
        failed |= not ok
        print(
            f"{rules.m} x {rules.n}, k={rules.k}: {len(times)} moves, median {median:.3f} s, "
            f"mean {mean:.3f} s, "
            f"90% {p90:.2f} s, worst {worst:.2f} s, games thrown away {lost} "
            f"(targets: median <= {TARGET_MEDIAN:g} s, worst <= {TARGET_WORST:g} s, none) "
            f"{'PASS' if ok else 'FAIL'}",
            flush=True,
        )
    for rules in boards:
        hints = sorted(t for opening in openings(rules) for t in hint_times(rules, opening, seed=1))
        ok = hints[-1] <= TARGET_HINT
        failed |= not ok
        print(
            f"{rules.m} x {rules.n}, k={rules.k}: {len(hints)} exact hints (top 3), median "
            f"{statistics.median(hints):.2f} s, worst {hints[-1]:.2f} s "
            f"(target: worst <= {TARGET_HINT:g} s) {'PASS' if ok else 'FAIL'}",
            flush=True,
        )
    for rules, first, what in BASELINES:
        seconds = old_way(rules, first)
        print(f"baseline, {what} valued on {rules.m} x {rules.n}: {seconds:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
