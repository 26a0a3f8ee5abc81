"""Search speed: nodes per second of the engine against the old lookahead, same run.

Run ``python benchmarks/bench_search_speed.py [positions]`` (default 12).
The old lookahead is ``match.py``'s (the package at git revision
``match.LOOKAHEAD``, before the engine replaced it, loaded beside today's).
Both search the same 15 x 15 positions (balanced openings from
``benchmarks/openings/`` with a few moves played on by the engine), each
with a fixed node budget, one after the other so both see the same machine
load; time is the process's CPU time, so other programs on the machine
do not skew the figures. A node is a position the search scores: every position the tree
visits (the horizon's quiet moves included, for lookahead too) and every
position of the threat searches. Target: the engine visits at least 3
times as many nodes per second (PASS/FAIL).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import Baseline, openings

from tictactoe.core.board import Board
from tictactoe.core.gomoku.engine import Engine
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits

TARGET = 3.0
ENGINE_NODES = 30_000
"""Node budget of each engine search (about the work of one lookahead move)."""


def positions(count: int) -> list[Board]:
    rules = Rules(15, 15, 5)
    found = []
    for number, cells in enumerate(openings(rules, count)):
        board = Board.empty(rules)
        for cell in cells:
            board = board.play(cell)
        engine = Engine(random.Random(number), nodes=2_000)
        for _ in range(number % 4):
            if board.is_over:
                break
            board = board.play(engine.choose(board))
        if not board.is_over:
            found.append(board)
    return found


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 12
    boards = positions(count)
    totals = {"engine": [0, 0.0], "lookahead": [0, 0.0]}
    print(f"{len(boards)} positions on 15 x 15, k = 5; engine budget {ENGINE_NODES:,} nodes")
    engine = Engine(random.Random(0))  # one engine for all, as in a game (its tables persist)
    engine.search(boards[0], Limits(seconds=None, nodes=ENGINE_NODES))  # warm-up, not counted
    print("position   engine nodes/s   lookahead nodes/s   ratio")
    for number, board in enumerate(boards, 1):
        baseline = Baseline(number)
        old_board = baseline.convert(board)
        start = time.process_time()
        baseline.candidates(old_board)
        spent_b = time.process_time() - start
        nodes_b = baseline.searched
        start = time.process_time()
        result = engine.search(board, Limits(seconds=None, nodes=ENGINE_NODES))
        spent_e = time.process_time() - start
        nodes_e = result.nodes
        if result.depth == 0:  # a forced win or block: answered before the main search
            print(f"{number:8}   (answered by the threat search: {result.reason}, not counted)")
            continue
        for name, nodes, spent in (("engine", nodes_e, spent_e), ("lookahead", nodes_b, spent_b)):
            totals[name][0] += nodes
            totals[name][1] += spent
        if nodes_e and nodes_b:
            print(
                f"{number:8}   {nodes_e / spent_e:14,.0f}   {nodes_b / spent_b:17,.0f}   "
                f"{(nodes_e / spent_e) / (nodes_b / spent_b):5.2f}"
            )
    rate_e = totals["engine"][0] / totals["engine"][1]
    rate_b = totals["lookahead"][0] / totals["lookahead"][1]
    ratio = rate_e / rate_b
    verdict = "PASS" if ratio >= TARGET else "FAIL"
    print(f"all        {rate_e:14,.0f}   {rate_b:17,.0f}   {ratio:5.2f}", end="  ")
    print(f"(target >= {TARGET}x) {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
