"""Measure how exact play works on every board and write ``core/capability.tsv``.

Run ``python scripts/build_capability.py`` after changing the solver (it takes
a while: every board of up to 49 cells, rows and columns in either order, every
k). For each board it counts the work the solver does (``Prover.work``: positions
weighed by the board's lines, plus the pairing search's steps, in positions of
5 x 5 with k = 4) - a count, not a time, so the table comes out the same on
every machine:

- **every move valued**: every legal move of each probe position valued
  exactly (its value and plies), from fresh tables as ``tictactoe solve``
  starts (``perfect``'s traps come on top, within a budget of work of their
  own). The probes are the empty board, the position after every first move
  (up to symmetry) and seeded random positions a few plies in; the board plays
  that way when each took at most ``EVERY_MOVE_WORK``. Positions the opening table
  answers (``core/openings.tsv``, see ``scripts/build_openings.py``) cost
  nothing.
- **one best move**: ``Solver.choose`` as ``perfect`` calls it on the empty
  board, after its first move, after its reply to that and after every first
  move (up to symmetry; the opening book answers those where it has them),
  each within ``ONE_MOVE_WORK``.
- otherwise the board is refused, with the figure that was over the limit.

``--only 5x5k4`` (repeatable) re-measures those boards and keeps the other
lines; ``--check`` measures the listed boards and prints what changed
without writing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from tictactoe.core.board import Board
from tictactoe.core.exact import capability
from tictactoe.core.exact.book import replies
from tictactoe.core.exact.capability import (
    EVERY_MOVE_WORK,
    ONE_MOVE_WORK,
    TABLE_CELLS,
    Capability,
    Cost,
    Play,
)
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import REFINE_NODES, _choose, every_move
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules
from tictactoe.core.search import Budget, Limits, SearchStopped

CAP = 10
"""A probe gives up at this many times its limit (the refusal quotes "over N")."""

RANDOM_PROBES = 3
"""Seeded random positions per ply among the probes, for plies 2 to :data:`RANDOM_PLIES`."""

RANDOM_PLIES = 6
"""Deepest ply of the random probes."""

HEADER = """\
# How exact play works on each board: written by scripts/build_capability.py (rerun it
# when the solver changes). Columns: rows, columns (a line with rows <= columns stands for
# both orientations unless the other has its own), k, play (every: every move valued; one:
# one best move proved at a time; refused), then the most work a probe took valuing
# every move and proving one move, in units of search (Prover.work: a position of 5 x 5
# with k = 4 is one) (">N": gave up past N; "-": not measured).
"""


def boards() -> Iterator[Rules]:
    """Every board the table covers, smallest first: rows <= columns, and the other
    orientation too where an opening book or table exists for it alone."""
    for m in range(1, MAX_SIDE + 1):
        for n in range(m, MAX_SIDE + 1):
            if m * n > TABLE_CELLS or n < MIN_K:
                continue
            for k in range(MIN_K, n + 1):
                yield Rules(m, n, k)
    yield from (rules for rules in replies() if rules.m > rules.n)


def first_moves(rules: Rules) -> Iterator[Board]:
    """The position after each first move, up to symmetry (the corner first)."""
    empty = Board.empty(rules)
    seen = set()
    for cell in (0, *rules.centre_distance_order):
        board = empty.play(cell)
        image = min(board.transformed(symmetry).text for symmetry in rules.symmetries)
        if image not in seen:
            seen.add(image)
            yield board


def every_move_probes(rules: Rules) -> Iterator[Board]:
    """The positions whose every move is valued, hardest-first where known."""
    empty = Board.empty(rules)
    yield empty
    yield from first_moves(rules)
    rng = random.Random(f"{rules.m}x{rules.n}k{rules.k}")
    for plies in range(2, RANDOM_PLIES + 1):
        for _ in range(RANDOM_PROBES):
            board = empty
            for _ in range(plies):
                if board.is_over:
                    break
                board = board.play(rng.choice(board.legal_moves()))
            if not board.is_over:
                yield board


def one_move_probes(rules: Rules, engine: Prover) -> Iterator[Board]:
    """The positions where one best move is proved (``engine`` picks the first two): the
    empty board, its best move and the reply to that, and the reply to every first move
    (up to symmetry) unless the opening book answers those."""
    empty = Board.empty(rules)
    yield empty
    first = empty.play(_choose(engine, empty, 0).cell)
    yield first
    if not first.is_over:
        yield first.play(_choose(engine, first, 0).cell)
    if rules not in replies():
        yield from first_moves(rules)


def _probe_engine(rules: Rules, limit: int) -> Prover:
    """Fresh tables, as a new game starts, given up at :data:`CAP` x ``limit`` positions."""
    engine = Prover(rules)
    engine.budget = Budget(Limits(seconds=None, nodes=CAP * limit))
    return engine


def measure_every_move(rules: Rules, limit: int = EVERY_MOVE_WORK) -> Cost:
    """The most work a probe took valuing every move (gives up past :data:`CAP` x
    ``limit`` positions). ``perfect``'s traps come on top, within their own budget of work
    (:data:`~tictactoe.core.strategies.traps.TRAP_BUDGET`)."""
    worst = 0
    for board in every_move_probes(rules):
        engine = _probe_engine(rules, limit)
        try:
            every_move(engine, board)
        except SearchStopped:
            return Cost(engine.work, False)
        worst = max(worst, engine.work)
        if worst > limit:
            break
    return Cost(worst, True)


def measure_one_move(rules: Rules, limit: int = ONE_MOVE_WORK) -> Cost:
    """The most work a probe took proving one best move as ``perfect`` does (fresh tables
    each; gives up past :data:`CAP` x ``limit``)."""
    worst = 0
    guide = _probe_engine(rules, limit)
    try:
        for board in one_move_probes(rules, guide):
            if board.is_over:
                continue
            engine = _probe_engine(rules, limit)
            try:
                _choose(engine, board, REFINE_NODES)
            except SearchStopped:
                return Cost(engine.work, False)
            worst = max(worst, engine.work)
            if worst > limit:
                break
    except SearchStopped:
        return Cost(guide.work, False)
    return Cost(worst, True)


def measure(rules: Rules) -> Capability:
    """How exact play works on ``rules``'s board, measured."""
    every = measure_every_move(rules)
    if every.finished and every.work <= EVERY_MOVE_WORK:
        return Capability(Play.EVERY_MOVE, every, None)
    one = measure_one_move(rules)
    if one.finished and one.work <= ONE_MOVE_WORK:
        return Capability(Play.ONE_MOVE, every, one)
    return Capability(Play.REFUSED, every, one)


def _cost_text(cost: Cost | None) -> str:
    if cost is None:
        return "-"
    return str(cost.work) if cost.finished else f">{cost.work}"


def line(rules: Rules, known: Capability) -> str:
    """The table line of one board."""
    return "\t".join(
        (
            str(rules.m),
            str(rules.n),
            str(rules.k),
            str(known.play),
            _cost_text(known.every_move),
            _cost_text(known.one_move),
        )
    )


def main(argv: list[str] | None = None) -> int:
    """Measure the boards and write the table (or print the changes with ``--check``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", type=Rules.parse_compact, metavar="MxNkK")
    parser.add_argument("--check", action="store_true", help="print changes, write nothing")
    parser.add_argument("--table", type=Path, default=Path(capability.TABLE))
    args = parser.parse_args(argv)
    old = capability.read_table(str(args.table)) if args.table.exists() else {}
    chosen = args.only or list(boards())
    found = dict(old) if args.only else {}
    for rules in chosen:
        start = time.perf_counter()
        known = measure(rules)
        found[rules.m, rules.n, rules.k] = known
        before = old.get((rules.m, rules.n, rules.k))
        change = "" if before is None or before.play is known.play else f" (was {before.play})"
        print(
            f"{rules.m}x{rules.n} k={rules.k}: {known.play}{change}  every {known.every_move}"
            f"  one {known.one_move}  [{time.perf_counter() - start:.1f} s]",
            flush=True,
        )
    if args.check:
        return 0
    rows = [line(Rules(*key), found[key]) for key in sorted(found)]
    args.table.write_text(HEADER + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} boards to {args.table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
