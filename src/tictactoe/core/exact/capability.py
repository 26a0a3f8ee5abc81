"""How exact play works on each board: a table measured once, not a clock at run time.

``capability.tsv`` beside this module holds one line per board of up to
:data:`TABLE_CELLS` cells (with fewer rows than columns, standing for both
orientations, unless the other one has a line of its own): how exact play
works there and what that was measured to cost, in units of search work
(:attr:`~tictactoe.core.exact.prover.Prover.work`: positions searched weighed by the
board's lines, plus the pairing search's steps - a count, the same on every
machine, one unit a position of 5 x 5 with k = 4). ``python scripts/build_capability.py`` measures
every board and writes it again; rerun it when the solver changes.

- :attr:`Play.EVERY_MOVE`: every legal move is valued exactly (value and
  plies) within about a second: ``solve``, hints, ``Game.hint()``;
- :attr:`Play.ONE_MOVE`: the position's value is proved, then one move
  that keeps it (``perfect`` and the exact hints of the best moves);
- :attr:`Play.REFUSED`: too slow even for that; the gomoku engine plays it.

    >>> from tictactoe.core.rules import Rules
    >>> capability(Rules(3, 3, 3)).play
    <Play.EVERY_MOVE: 'every'>
    >>> capability(Rules(15, 15, 5)).play
    <Play.REFUSED: 'refused'>
"""

from __future__ import annotations

import functools
import os
from enum import StrEnum
from typing import NamedTuple

from tictactoe.core.rules import Rules

TABLE = os.path.join(os.path.dirname(__file__), "capability.tsv")
"""The measured table (tab-separated: m, n, k, play, then the two measured costs)."""

TABLE_CELLS = 49
"""Largest board the table covers; bigger boards are refused without measuring."""

EVERY_MOVE_WORK = 100_000
"""Most work valuing every move of a probe position may take for :attr:`Play.EVERY_MOVE`:
about a second here (``perfect``'s traps add at most their own budget of work)."""

ONE_MOVE_WORK = 200_000
"""Most work proving one best move may take, on each probe, for :attr:`Play.ONE_MOVE`:
about two seconds here, for the slowest move of a game (most take far less)."""


class Play(StrEnum):
    """How exact play works on a board."""

    EVERY_MOVE = "every"
    """Every legal move valued exactly."""
    ONE_MOVE = "one"
    """The value proved, then one move that keeps it."""
    REFUSED = "refused"
    """Not played exactly."""


class Cost(NamedTuple):
    """What a kind of exact play was measured to cost on a board's probe positions."""

    work: int
    """Most work one probe position took (or what it had spent when it gave up)."""
    finished: bool
    """False when a probe gave up past its cap, after :attr:`work`."""

    def __str__(self) -> str:
        units = f"{self.work:,} units of search"
        return units if self.finished else f"over {units}"


class Capability(NamedTuple):
    """How exact play works on one board, and what it was measured to cost."""

    play: Play
    every_move: Cost | None
    """Valuing every move of the probe positions (None: not measured, too big)."""
    one_move: Cost | None
    """Proving one best move on the probe positions (None: not measured)."""


def _parse_cost(text: str) -> Cost | None:
    if text == "-":
        return None
    if text.startswith(">"):
        return Cost(int(text[1:]), False)
    return Cost(int(text), True)


def read_table(path: str) -> dict[tuple[int, int, int], Capability]:
    """A capability table file: (rows, columns, k) with rows <= columns -> capability."""
    found = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            m, n, k, play, every, one = line.split()
            found[int(m), int(n), int(k)] = Capability(
                Play(play), _parse_cost(every), _parse_cost(one)
            )
    return found


@functools.lru_cache(maxsize=1)
def _table() -> dict[tuple[int, int, int], Capability]:
    """The package's table, read once."""
    return read_table(TABLE)


def capability(rules: Rules) -> Capability:
    """How exact play works on ``rules``'s board (the same answer on every machine).

    A line for the board as given wins (a board with an opening book for one
    orientation is measured in that one too); else the line with rows and
    columns in order stands for both.
    """
    if rules.size > TABLE_CELLS:
        return Capability(Play.REFUSED, None, None)
    table = _table()
    m, n = sorted((rules.m, rules.n))
    known = table.get((rules.m, rules.n, rules.k)) or table.get((m, n, rules.k))
    return known if known is not None else Capability(Play.REFUSED, None, None)


def unsupported_reason(rules: Rules) -> str | None:
    """Why exact play does not value every move of ``rules``'s board, or None if it does."""
    known = capability(rules)
    if known.play is Play.EVERY_MOVE:
        return None
    return _why(rules, known, "value every move exactly")


def unplayable_reason(rules: Rules) -> str | None:
    """Why exact play refuses ``rules``'s board even one best move at a time, or None."""
    known = capability(rules)
    if known.play is not Play.REFUSED:
        return None
    return _why(rules, known, "play exactly")


def _why(rules: Rules, known: Capability, what: str) -> str:
    every = what.startswith("value")
    cost = known.every_move if every else known.one_move
    if cost is None:
        return (
            f"{rules.m} x {rules.n} has {rules.size} cells: exact play is limited to boards of "
            f"at most {TABLE_CELLS} cells"
        )
    limit = EVERY_MOVE_WORK if every else ONE_MOVE_WORK
    return (
        f"{rules.m} x {rules.n} with k={rules.k} is too slow to {what}: its test positions "
        f"took {cost} (exact play allows {limit:,} each)"
    )
