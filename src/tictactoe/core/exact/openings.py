"""Exact outcomes of the first plies of boards whose openings are too slow to search at once.

Valuing every move of an early 5 x 5 position (k = 4) means proving twenty
or so draws from a nearly empty board: a few hundred thousand positions,
seconds in pure Python. Later positions take a fraction of that. So the
outcome (value and plies to the end) of every position with at most a few
marks is measured once, by ``python scripts/build_openings.py``, and kept in
``openings.tsv`` beside this module; the solver reads it for those positions
and searches the rest.

The file holds, per board, a line ``board M N K PLIES`` and then one line per
position with at most ``PLIES`` marks whose value is not a draw (positions up
to symmetry, by the solver's canonical key in hexadecimal): ``KEY w5`` (the
side to move wins in 5 plies) or ``KEY l4``. Every other position with at
most ``PLIES`` marks is a draw (which always fills the board). A line
``covers KEY CELL=CODE ...`` names a position with ``PLIES`` or more marks
whose every move was still slow to value, with the outcome after each of its
moves that does not lead to a draw or end the game: the cell (its index in
the orientation the key has, see :func:`~tictactoe.core.exact.symmetry.orientation`)
and the outcome for the side to move then, as above (``7=l6``: after the
move on cell 7 the opponent loses in 6). Its own outcome is listed as any
position's. ``scanned MARKS COUNT`` says how many of the positions with that
many marks the script has looked at for such covers.
"""

from __future__ import annotations

import functools
import os
from typing import NamedTuple

from tictactoe.core.board import Board
from tictactoe.core.exact.values import Prospect, Value
from tictactoe.core.rules import Rules

TABLE = os.path.join(os.path.dirname(__file__), "openings.tsv")
"""The measured outcomes (see the module's docstring for the format)."""

_VALUES = {"w": Value.WIN, "l": Value.LOSS}


class Openings(NamedTuple):
    """The measured outcomes of one board's first plies."""

    plies: int
    """Positions with at most this many marks are covered."""
    outcomes: dict[int, Prospect]
    """Canonical key -> outcome for the side to move, for every covered position
    that is not a draw."""
    covers: dict[int, str]
    """Positions with :attr:`plies` or more marks whose every move is measured too: their
    canonical key -> the outcomes after their moves, as written (see :meth:`children`)."""

    def knows(self, key: int, marks: int) -> bool:
        """True if the table has the outcome of this position (its canonical key, its marks)."""
        return marks <= self.plies or key in self.covers

    def children(self, key: int) -> dict[int, Prospect]:
        """The outcome after each move of a covered position (its canonical key) that does
        not lead to a draw or end the game, for the side to move then, by the move's cell in
        the key's orientation."""
        found = {}
        for field in self.covers[key].split():
            cell, code = field.split("=")
            found[int(cell)] = decode(code)
        return found

    def outcome(self, key: int, empties: int) -> Prospect:
        """The outcome of a covered position (its canonical key, its empty cells)."""
        known = self.outcomes.get(key)
        return known if known is not None else Prospect(Value.DRAW, empties)


def encode(outcome: Prospect) -> str:
    """``w5`` / ``l4`` for a win or loss (draws are not written)."""
    return f"{outcome.value.value[0]}{outcome.plies}"


def decode(code: str) -> Prospect:
    """The outcome written as ``code`` by :func:`encode`."""
    return Prospect(_VALUES[code[0]], int(code[1:]))


def position(rules: Rules, key: int) -> Board:
    """The position of a key of the table (the side to move's marks, then the other's;
    X moves when both have as many)."""
    mover, other = key & rules.full_mask, key >> rules.size
    if mover.bit_count() == other.bit_count():
        return Board(rules, mover, other)
    return Board(rules, other, mover)


@functools.lru_cache(maxsize=16)
def _read(board: tuple[int, int, int]) -> Openings | None:
    """One board's part of the table (the others' lines are skipped, not parsed: a
    Prover of any size asks, and the 5 x 5 part is most of the file)."""
    if not os.path.exists(TABLE):
        return None
    plies: int | None = None
    outcomes: dict[int, Prospect] = {}
    covers: dict[int, str] = {}
    with open(TABLE, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("board "):
                if plies is not None:
                    break  # the board's part is over
                *size, last = map(int, line.split()[1:])
                if tuple(size) == board:
                    plies = last
                continue
            if plies is None or not line.strip() or line.startswith("#"):
                continue
            if line.startswith("covers "):  # its moves are read when asked for
                _, key, *moves = line.split(maxsplit=2)
                covers[int(key, 16)] = moves[0] if moves else ""
            elif not line.startswith("scanned "):  # (how far the script has got)
                key, code = line.split()
                outcomes[int(key, 16)] = decode(code)
    return None if plies is None else Openings(plies, outcomes, covers)


def openings(rules: Rules) -> Openings | None:
    """The measured opening outcomes of ``rules``'s board, if it has any."""
    return _read((rules.m, rules.n, rules.k))
