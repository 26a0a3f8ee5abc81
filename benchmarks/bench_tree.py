"""How fast the game tree appears: its top, and every search's counts, of the empty 3 x 3 board.

Run ``python benchmarks/bench_tree.py [--repeat 5] [--position .../.../...]``.

Each round builds a fresh :class:`~tictactoe.core.tree.Tree` (new tables, modules
already imported) and times, in turn: the top of the tree (the root and every
move with its value, what ``tictactoe solve --tree`` and the desktop panel show
first), then the whole minimax count (549,946 nodes for the empty board), then
the other searches' counts. Prints the fastest and the median of the rounds
and FAIL (exit status 1) if the fastest top takes 100 ms or more or the fastest
minimax count 2 s or more.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tictactoe.core.board import Board
from tictactoe.core.tree import Search, Tree

TOP_SECONDS = 0.1
"""The target for the top of the tree."""

COUNT_SECONDS = 2.0
"""The target for the whole minimax count."""


def one_round(board: Board) -> tuple[float, float, float, Tree]:
    """Seconds for the top of a fresh tree, then its minimax count, then the other counts."""
    start = time.perf_counter()
    tree = Tree(board, Search.MINIMAX)
    for child in tree.root.children:
        _ = child.value
    top = time.perf_counter()
    _ = tree.root.count
    minimax = time.perf_counter()
    _ = tree.counts
    rest = time.perf_counter()
    return top - start, minimax - top, rest - minimax, tree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--position", default=".../.../...", help="the root (default empty 3 x 3)")
    args = parser.parse_args()
    board = Board.parse(args.position)
    rounds = [one_round(board) for _ in range(max(1, args.repeat))]
    counts = rounds[0][3].counts
    named = ", ".join(f"{name} {count:,}" for name, count in counts._asdict().items())
    print(f"{board.text}: {named}")
    failed = False
    for index, (what, target) in enumerate(
        (("top of the tree", TOP_SECONDS), ("minimax count", COUNT_SECONDS), ("other counts", None))
    ):
        times = [found[index] for found in rounds]
        best = min(times)
        verdict = ""
        if target is not None:
            verdict = "  ok" if best < target else f"  FAIL (target {target * 1000:.0f} ms)"
            failed |= best >= target
        print(
            f"  {what}: fastest {best * 1000:.1f} ms, median "
            f"{statistics.median(times) * 1000:.1f} ms{verdict}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
