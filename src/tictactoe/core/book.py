"""A small opening book: ``perfect``'s answer to each first move where proving it is slow.

On 6 x 5 with k = 4 the first player wins, but a first move that throws the
win away leaves the second player a position whose proof takes up to
400,000 nodes (several seconds) from empty tables; later positions reuse the
tables and are fast. So the reply to every first move is kept here, found by
:meth:`~tictactoe.core.solver.Solver.choose` (``python
benchmarks/build_book.py 6 5 4`` prints it again). On 5 x 5 every reply
takes under a second and needs no book.
"""

from __future__ import annotations

from tictactoe.core.rules import Rules

REPLIES: dict[Rules, dict[int, tuple[int, str, int | None]]] = {
    Rules(6, 5, 4): {
        0: (12, "win", None),
        1: (12, "draw", 29),
        2: (12, "win", 13),
        3: (12, "draw", 29),
        4: (12, "win", None),
        5: (12, "draw", 29),
        6: (12, "loss", 14),
        7: (12, "draw", 29),
        8: (12, "loss", 14),
        9: (12, "draw", 29),
        10: (12, "draw", 29),
        11: (17, "loss", 14),
        12: (16, "loss", 10),
        13: (17, "loss", 14),
        14: (12, "draw", 29),
        15: (12, "draw", 29),
        16: (12, "loss", 14),
        17: (11, "loss", 10),
        18: (12, "loss", 14),
        19: (12, "draw", 29),
        20: (12, "draw", 29),
        21: (17, "loss", 14),
        22: (12, "draw", 29),
        23: (17, "loss", 14),
        24: (12, "draw", 29),
        25: (12, "win", None),
        26: (12, "draw", 29),
        27: (12, "win", 13),
        28: (12, "draw", 29),
        29: (12, "win", None),
    },
}
"""First move -> (the reply, ``win``/``draw``/``loss`` for the player replying, plies to
the end counting the reply, or None where the deepening ran out of budget)."""
