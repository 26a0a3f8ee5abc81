"""Time control: the slowest move against ``--think``, over many moves.

Run ``python benchmarks/bench_think_time.py [seconds] [games]`` (defaults
0.5 and 2). The engine plays itself on 15 x 15 from balanced openings (and
one game on 26 x 26 from the empty board, where the first search also
builds the board's tables) with ``think`` seconds a move; every move is
timed from the call to the answer. Target: the slowest move returns within
the limit plus 50 ms (PASS/FAIL). The median shows how much of the limit a
move uses (iterative deepening stops early when the next depth cannot
finish, and a win or a forced block is answered at once).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import openings

from tictactoe.core.board import Board
from tictactoe.core.gomoku.engine import Engine
from tictactoe.core.rules import Rules

SLACK = 0.050
"""Allowed overrun of the limit, in seconds."""


def play(rules: Rules, opening: list[int], think: float, times: list[float]) -> None:
    board = Board.empty(rules)
    for cell in opening:
        board = board.play(cell)
    engines = [Engine(random.Random(seed), think=think) for seed in (1, 2)]
    while not board.is_over:
        engine = engines[board.move_count % 2]
        start = time.perf_counter()
        result = engine.search(board)
        spent = time.perf_counter() - start
        times.append(spent)
        if spent > think + SLACK:
            print(
                f"  slow: {spent:.3f} s on {rules} after {board.move_count} moves "
                f"({result.reason}, depth {result.depth}, {result.nodes} nodes)"
            )
        board = board.play(result.move)


def main(argv: list[str]) -> int:
    think = float(argv[1]) if len(argv) > 1 else 0.5
    games = int(argv[2]) if len(argv) > 2 else 2
    times: list[float] = []
    for opening in openings(Rules(15, 15, 5), games):
        play(Rules(15, 15, 5), opening, think, times)
    play(Rules(26, 26, 5), [], think, times)
    slowest = max(times)
    verdict = "PASS" if slowest <= think + SLACK else "FAIL"
    print(
        f"--think {think:g}: {len(times)} moves, median {statistics.median(times):.3f} s, "
        f"90th percentile {statistics.quantiles(times, n=10)[-1]:.3f} s, "
        f"slowest {slowest:.3f} s (target <= {think + SLACK:.3f} s) {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
