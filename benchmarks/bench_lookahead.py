"""The ``lookahead`` player: time per move and results against fork-aware.

Run with ``python benchmarks/bench_lookahead.py [games per side]`` (default 4).
For each board it plays ``lookahead`` against ``fork-aware`` from both sides,
timing every move of both players (fork-aware's time per move is the baseline
of the same run), then prints the median and slowest move of each and the
results from lookahead's side.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules

BOARDS = (Rules(7, 7, 5), Rules(15, 15, 5), Rules(5, 5, 4))
OPPONENT = "fork-aware"
DEFAULT_GAMES = 4


def play(rules: Rules, seed: int, lookahead_mark: Mark, times: dict[str, list[float]]) -> str:
    """One game; "win", "loss" or "draw" for lookahead. Move times go into ``times``."""
    names = {lookahead_mark: "lookahead", lookahead_mark.other: OPPONENT}
    built = {
        mark: players.create(name, random.Random(f"{seed}:{mark}")) for mark, name in names.items()
    }
    board = Board.empty(rules)
    while not board.is_over:
        mark = board.turn
        start = time.perf_counter()
        cell = built[mark].choose(board)
        times[names[mark]].append(time.perf_counter() - start)
        board = board.play(cell)
    if board.winner is None:
        return "draw"
    return "win" if board.winner is lookahead_mark else "loss"


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else DEFAULT_GAMES
    print(f"lookahead against {OPPONENT}, {games} games from each side per board")
    print("board        side  wins losses draws | median/slowest move: lookahead   fork-aware")
    for rules in BOARDS:
        for mark in Mark:
            times: dict[str, list[float]] = {"lookahead": [], OPPONENT: []}
            results = [play(rules, seed, mark, times) for seed in range(games)]
            ours, theirs = times["lookahead"], times[OPPONENT]
            print(
                f"{rules!s:12} {mark:>4}  {results.count('win'):4} {results.count('loss'):6} "
                f"{results.count('draw'):5} | "
                f"{statistics.median(ours) * 1000:8.1f} / {max(ours) * 1000:6.0f} ms "
                f"{statistics.median(theirs) * 1000:8.2f} / {max(theirs) * 1000:5.1f} ms"
            )


if __name__ == "__main__":
    main(sys.argv)
