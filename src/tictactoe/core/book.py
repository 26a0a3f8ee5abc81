"""A small opening book: ``perfect``'s first moves on 6 x 5 (k = 4) where proving them is slow.

On 6 x 5 with k = 4 the first player wins, but a first move that throws the
win away leaves the second player a position whose proof takes up to
400,000 nodes (several seconds) from empty tables, and the first player's
answer to the reply as many again; later positions are fast (the
solver's tables carry over). So the reply to every first move, and the
first player's answer to that reply, are kept here, found by
:meth:`~tictactoe.core.solver.Solver.choose` (``python
benchmarks/build_book.py 6 5 4`` prints them again). On 5 x 5 every reply
takes under a second and needs no book.
"""

from __future__ import annotations

from tictactoe.core.rules import Rules

Entry = tuple[int, str, int | None]
"""A move, ``win``/``draw``/``loss`` for the player making it, and the plies to the end
counting the move (None where the deepening ran out of budget)."""

SIX_BY_FIVE: dict[tuple[int, ...], Entry] = {
    (0,): (12, "win", None),
    (0, 12): (17, "loss", None),
    (1,): (12, "draw", 29),
    (1, 12): (7, "draw", 28),
    (2,): (12, "win", 13),
    (2, 12): (11, "loss", 12),
    (3,): (12, "draw", 29),
    (3, 12): (7, "draw", 28),
    (4,): (12, "win", None),
    (4, 12): (18, "loss", 14),
    (5,): (12, "draw", 29),
    (5, 12): (11, "draw", 28),
    (6,): (12, "loss", 14),
    (6, 12): (17, "win", 13),
    (7,): (12, "draw", 29),
    (7, 12): (11, "draw", 28),
    (8,): (12, "loss", 14),
    (8, 12): (17, "win", 13),
    (9,): (12, "draw", 29),
    (9, 12): (13, "draw", 28),
    (10,): (12, "draw", 29),
    (10, 12): (16, "draw", 28),
    (11,): (17, "loss", 14),
    (11, 17): (16, "win", 13),
    (12,): (16, "loss", 10),
    (12, 16): (11, "win", 9),
    (13,): (17, "loss", 14),
    (13, 17): (18, "win", 13),
    (14,): (12, "draw", 29),
    (14, 12): (18, "draw", 28),
    (15,): (12, "draw", 29),
    (15, 12): (11, "draw", 28),
    (16,): (12, "loss", 14),
    (16, 12): (11, "win", 13),
    (17,): (11, "loss", 10),
    (17, 11): (13, "win", 9),
    (18,): (12, "loss", 14),
    (18, 12): (13, "win", 13),
    (19,): (12, "draw", 29),
    (19, 12): (13, "draw", 28),
    (20,): (12, "draw", 29),
    (20, 12): (18, "draw", 28),
    (21,): (17, "loss", 14),
    (21, 17): (12, "win", 13),
    (22,): (12, "draw", 29),
    (22, 12): (17, "draw", 28),
    (23,): (17, "loss", 14),
    (23, 17): (12, "win", 13),
    (24,): (12, "draw", 29),
    (24, 12): (16, "draw", 28),
    (25,): (12, "win", None),
    (25, 12): (17, "loss", None),
    (26,): (12, "draw", 29),
    (26, 12): (18, "draw", 28),
    (27,): (12, "win", 13),
    (27, 12): (26, "loss", 12),
    (28,): (12, "draw", 29),
    (28, 12): (16, "draw", 28),
    (29,): (12, "win", None),
    (29, 12): (6, "loss", 14),
}
"""Cells played so far (X's first move, then O's reply) -> the move to play next."""

REPLIES: dict[Rules, dict[tuple[int, ...], Entry]] = {Rules(6, 5, 4): SIX_BY_FIVE}
"""The book of each board that has one."""
