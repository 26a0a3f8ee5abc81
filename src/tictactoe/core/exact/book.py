"""A small opening book: ``perfect``'s first moves on 6 x 5 (k = 4) where proving them is slow.

On 6 x 5 with k = 4 the first player wins, but a first move that throws the
win away leaves the second player a position whose proof takes up to
400,000 nodes (several seconds) from empty tables, and the first player's
answer to the reply as many again; later positions are fast (the
solver's tables carry over). So the reply to every first move, and the
first player's answer to that reply, are kept here, found by
:meth:`~tictactoe.core.exact.solver.Solver.choose` (``python
benchmarks/build_book.py 6 5 4`` writes them again, to ``book.tsv`` beside this
module). On 5 x 5 every reply takes under a second and needs no book.
"""

from __future__ import annotations

import functools
import os

from tictactoe.core.rules import Rules

Entry = tuple[int, str, int | None]
"""A move, ``win``/``draw``/``loss`` for the player making it, and the plies to the end
counting the move (None where the deepening ran out of budget)."""

TABLE = os.path.join(os.path.dirname(__file__), "book.tsv")
"""The book (its header says the format)."""

Book = dict[tuple[int, ...], Entry]
"""Cells played so far (X's first move, then O's reply) -> the move to play next."""


@functools.lru_cache(maxsize=1)
def replies() -> dict[Rules, Book]:
    """The book of each board that has one."""
    found: dict[Rules, Book] = {}
    book: Book = {}
    with open(TABLE, encoding="utf-8") as lines:
        for line in lines:
            fields = line.split()
            if not fields or line.startswith("#"):
                continue
            if fields[0] == "board":
                book = found[Rules(*map(int, fields[1:]))] = {}
                continue
            played, cell, value, plies = fields
            key = tuple(int(move) for move in played.split(","))
            book[key] = (int(cell), value, None if plies == "-" else int(plies))
    return found
