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

REPLIES: dict[Rules, dict[int, tuple[int, str]]] = {
    Rules(6, 5, 4): {
        0: (12, "win"),
        1: (12, "draw"),
        2: (12, "win"),
        3: (12, "draw"),
        4: (12, "win"),
        5: (12, "draw"),
        6: (12, "loss"),
        7: (12, "draw"),
        8: (12, "loss"),
        9: (12, "draw"),
        10: (12, "draw"),
        11: (17, "loss"),
        12: (16, "loss"),
        13: (17, "loss"),
        14: (12, "draw"),
        15: (12, "draw"),
        16: (12, "loss"),
        17: (11, "loss"),
        18: (12, "loss"),
        19: (12, "draw"),
        20: (12, "draw"),
        21: (17, "loss"),
        22: (12, "draw"),
        23: (17, "loss"),
        24: (12, "draw"),
        25: (12, "win"),
        26: (12, "draw"),
        27: (12, "win"),
        28: (12, "draw"),
        29: (12, "win"),
    },
}
"""First move -> (the reply, ``win``/``draw``/``loss`` for the player replying)."""
