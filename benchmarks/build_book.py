"""Print ``perfect``'s opening book for one board: its reply to every first move.

Run ``python benchmarks/build_book.py 6 5 4`` (columns, rows, k); each reply
is found by :meth:`tictactoe.core.solver.Solver.choose` with one solver kept
over the whole run, and its nodes and seconds go to stderr. The output is
the dict kept in ``src/tictactoe/core/book.py``. Takes about half a minute
for 6 x 5.
"""

from __future__ import annotations

import sys
import time

from tictactoe.core import solver
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules


def main() -> None:
    m, n, k = (int(arg) for arg in sys.argv[1:4])
    rules = Rules(m, n, k)
    exact = solver.Solver()
    empty = Board.empty(rules)
    replies: dict[int, tuple[int, str, int | None]] = {}
    for cell in range(rules.size):
        start, nodes = time.perf_counter(), exact.nodes
        choice = exact.choose(empty.play_unchecked(cell), use_book=False)
        replies[cell] = (choice.cell, str(choice.value), choice.plies)
        print(
            f"{cell}: {choice.cell} {choice.value}, {exact.nodes - nodes:,} nodes, "
            f"{time.perf_counter() - start:.2f} s",
            file=sys.stderr,
            flush=True,
        )
    print(replies)


if __name__ == "__main__":
    main()
