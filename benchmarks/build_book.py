"""Print ``perfect``'s opening book for one board: its reply to every first move, and
the first player's answer to that reply.

Run ``python benchmarks/build_book.py 6 5 4`` (columns, rows, k); each move
is found by :meth:`tictactoe.core.solver.Solver.choose` (without the book)
with one solver kept over the whole run, and its nodes and seconds go to
stderr. The output is the dict kept in ``src/tictactoe/core/book.py``.
Takes a minute or two for 6 x 5.
"""

from __future__ import annotations

import sys
import time

from tictactoe.core import solver
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules

Entry = tuple[int, str, int | None]


def chosen(exact: solver.Solver, board: Board, key: tuple[int, ...]) -> Entry:
    start, nodes = time.perf_counter(), exact.nodes
    choice = exact.choose(board, use_book=False)
    print(
        f"{key}: {choice.cell} {choice.value} {choice.plies}, {exact.nodes - nodes:,} nodes, "
        f"{time.perf_counter() - start:.2f} s",
        file=sys.stderr,
        flush=True,
    )
    return choice.cell, str(choice.value), choice.plies


def main() -> None:
    m, n, k = (int(arg) for arg in sys.argv[1:4])
    rules = Rules(m, n, k)
    exact = solver.Solver()
    empty = Board.empty(rules)
    book: dict[tuple[int, ...], Entry] = {}
    for first in range(rules.size):
        board = empty.play_unchecked(first)
        book[(first,)] = reply = chosen(exact, board, (first,))
        book[(first, reply[0])] = chosen(exact, board.play_unchecked(reply[0]), (first, reply[0]))
    print("{")
    for key, entry in book.items():
        print(f"    {key}: {entry},")
    print("}")


if __name__ == "__main__":
    main()
