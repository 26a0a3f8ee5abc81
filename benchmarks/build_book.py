"""Write ``perfect``'s opening book for one board: its reply to every first move, and
the first player's answer to that reply.

Run ``python benchmarks/build_book.py 6 5 4`` (columns, rows, k); each move
is found by :meth:`tictactoe.core.exact.solver.Solver.choose` (without the book)
with one solver kept over the whole run, and its nodes and seconds go to
stderr. The board's section of ``src/tictactoe/core/exact/book.tsv`` is written
anew (other boards' sections are kept). Takes a minute or two for 6 x 5.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tictactoe.core.board import Board
from tictactoe.core.exact import book as opening_book
from tictactoe.core.exact import solver
from tictactoe.core.rules import Rules


def chosen(exact: solver.Solver, board: Board, key: tuple[int, ...]) -> opening_book.Entry:
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
    book: opening_book.Book = {}
    for first in range(rules.size):
        board = empty.play_unchecked(first)
        book[(first,)] = reply = chosen(exact, board, (first,))
        book[(first, reply[0])] = chosen(exact, board.play_unchecked(reply[0]), (first, reply[0]))
    write({**opening_book.replies(), rules: book}, Path(opening_book.TABLE))


def write(books: dict[Rules, opening_book.Book], table: Path) -> None:
    """Write ``books`` to ``table`` under its header (its comment lines are kept)."""
    lines = [line for line in table.read_text(encoding="utf-8").splitlines() if line[:1] == "#"]
    for each, entries in books.items():
        lines.append(f"board {each.m} {each.n} {each.k}")
        for played, (cell, value, plies) in entries.items():
            moves = ",".join(map(str, played))
            lines.append(f"{moves}\t{cell}\t{value}\t{'-' if plies is None else plies}")
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {table}")


if __name__ == "__main__":
    main()
