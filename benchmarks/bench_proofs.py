"""Benchmark of the proofs from the empty board, against the solver before them, in one run.

Run ``python benchmarks/bench_proofs.py [--rounds 3] [--quick]``. Each proof
runs in a fresh process, today's solver (``tictactoe.core.exact.solver.prove``) and
the one before relevance zones (the package at git revision
:data:`BEFORE_ZONES`, extracted by ``benchmarks/revision.py``) alternating,
``--rounds`` times each (the machine may be shared: medians are quoted); it
prints wall time, processor time, positions searched and the process's peak
memory of both, and their ratios. Then 7 x 7 with k = 5 is
proved split over one and over two worker processes
(``tictactoe.core.exact.proof_jobs``), alternating, for the speed-up. Last, the
4 x 4 and 5 x 4 figures against the solver before proofs past 20 cells
(revision :data:`BEFORE_PROOFS`, loaded beside today's package).

Targets (PASS/FAIL, exit status 1 if any is missed): every value as
published; 7 x 7 with k = 5 in under 10 s with at most a tenth of the
positions the solver before needed; two workers faster than one; today's
solver no slower than the old one on the small boards. ``--quick`` leaves out
the old solver's 7 x 7 proof (it takes minutes) and quotes its count from
docs/performance.md instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import revision

from tictactoe.core.board import Board
from tictactoe.core.exact import solver as today
from tictactoe.core.rules import Rules

BEFORE_ZONES = "98dc01c"
"""The revision of the solver before relevance zones (the old proofs)."""

BEFORE_PROOFS = "300b86c"
"""The revision of the solver before proofs past 20 cells (the old 4 x 4 and 5 x 4 figures)."""

PROOFS = (
    (Rules(5, 5, 4), "draw"),
    (Rules(6, 5, 4), "win"),
    (Rules(6, 6, 5), "draw"),
    (Rules(7, 7, 5), "draw"),
)
"""Each board proved from empty, with its published value."""

SEVEN = Rules(7, 7, 5)
SEVEN_SECONDS = 10.0
"""Target: 7 x 7 with k = 5 proved in under this many seconds."""

OLD_SEVEN_NODES = 2_900_000
"""The old solver's positions on 7 x 7 (docs/performance.md), for ``--quick``."""

PROOF_SCRIPT = """
import json, resource, sys
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
try:
    from tictactoe.core.exact.solver import prove
except ImportError:  # a revision from before the solver's folder
    from tictactoe.core.solver import prove
m, n, k = map(int, sys.argv[1:4])
proof = prove(Board.empty(Rules(m, n, k)))
print(json.dumps({"value": str(proof.value), "nodes": proof.nodes, "seconds": proof.seconds,
                  "cpu": proof.cpu_seconds,
                  "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

SPLIT_SCRIPT = """
import json, resource, sys
from tictactoe.core.board import Board
from tictactoe.core.exact.proof_jobs import SplitProof
from tictactoe.core.rules import Rules
workers, m, n, k = map(int, sys.argv[1:5])
found = SplitProof(Board.empty(Rules(m, n, k)), workers=workers).prove()
print(json.dumps({"value": str(found.value), "nodes": found.nodes, "seconds": found.seconds,
                  "jobs": found.jobs}))
"""


def in_process(script: str, *args: object, at: str | None = None) -> dict[str, float | str]:
    """The figures a script prints, run in a new Python process on the package at revision
    ``at`` (None: today's)."""
    done = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        check=True,
        capture_output=True,
        text=True,
        env=revision.env(at),
    )
    record: dict[str, float | str] = json.loads(done.stdout)
    return record


def median(records: list[dict[str, float | str]], field: str) -> float:
    return statistics.median(float(record[field]) for record in records)


def proofs(rounds: int, quick: bool) -> bool:
    """Old and new proofs alternating; print the table; True if every target is met."""
    passed = True
    print(
        f"{'proof':<10} {'value':<6} {'solver':<7} {'wall s':>8} {'cpu s':>8} {'positions':>11} "
        f"{'peak MiB':>9}"
    )
    for rules, expected in PROOFS:
        runs: dict[str, list[dict[str, float | str]]] = {"old": [], "new": []}
        skip_old = quick and rules == SEVEN
        for _ in range(1 if rules == SEVEN else rounds):
            for which in ("new",) if skip_old else ("old", "new"):
                at = BEFORE_ZONES if which == "old" else None
                runs[which].append(in_process(PROOF_SCRIPT, rules.m, rules.n, rules.k, at=at))
        for which, records in runs.items():
            if not records:
                continue
            values = {str(record["value"]) for record in records}
            ok = values == {expected}
            passed &= ok
            print(
                f"{rules.m}x{rules.n} k={rules.k:<3} {'/'.join(values):<6} {which:<7} "
                f"{median(records, 'seconds'):>8.2f} {median(records, 'cpu'):>8.2f} "
                f"{int(median(records, 'nodes')):>11,} {median(records, 'peak_kib') / 1024:>9.1f}"
                + ("" if ok else f"  FAIL (published: {expected})")
            )
        old_nodes = median(runs["old"], "nodes") if runs["old"] else OLD_SEVEN_NODES
        new = runs["new"]
        if rules == SEVEN:
            seconds, nodes = median(new, "seconds"), median(new, "nodes")
            fast = seconds < SEVEN_SECONDS
            small = nodes * 10 <= old_nodes
            passed &= fast and small
            print(
                f"  7x7 k=5: {seconds:.2f} s "
                f"({'PASS' if fast else 'FAIL'}: < {SEVEN_SECONDS:g} s), "
                f"{old_nodes / nodes:.1f}x fewer positions "
                f"({'PASS' if small else 'FAIL'}: at least 10x)"
            )
        elif runs["old"]:
            print(
                f"  {median(runs['old'], 'seconds') / median(new, 'seconds'):.1f}x faster, "
                f"{old_nodes / median(new, 'nodes'):.1f}x fewer positions"
            )
    return passed


def split(rounds: int) -> bool:
    """7 x 7 split over one and two workers, alternating; True if two are faster."""
    runs: dict[int, list[dict[str, float | str]]] = {1: [], 2: []}
    for _ in range(rounds):
        for workers in (1, 2):
            runs[workers].append(in_process(SPLIT_SCRIPT, workers, SEVEN.m, SEVEN.n, SEVEN.k))
    print()
    print(f"{'7x7 k=5 split':<16} {'value':<6} {'wall s':>8} {'positions':>11} {'jobs':>6}")
    for workers, records in runs.items():
        print(
            f"{workers} worker{'s' if workers > 1 else ' '}        "
            f"{'/'.join({str(r['value']) for r in records}):<6} "
            f"{median(records, 'seconds'):>8.2f} {int(median(records, 'nodes')):>11,} "
            f"{int(median(records, 'jobs')):>6}"
        )
    one, two = median(runs[1], "seconds"), median(runs[2], "seconds")
    ok = two < one and all(r["value"] == "draw" for rs in runs.values() for r in rs)
    print(f"  speed-up {one / two:.2f}x ({'PASS' if ok else 'FAIL'}: two workers faster)")
    return ok


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def small_figures(solver_class: Any, board: Any) -> tuple[float, float]:
    """(seconds to prove the empty ``board``, seconds to value every first move), fresh
    solvers of ``solver_class`` (today's or an old revision's, with a board of its own)."""
    return (
        timed(lambda: solver_class().value(board)),
        timed(lambda: solver_class().move_outcomes(board)),
    )


def small_boards() -> bool:
    """4 x 4 and 5 x 4 against the solver before proofs past 20 cells."""
    passed = True
    print()
    print(f"{'small boards (fresh solver)':<40} {'before':>9} {'today':>9}  verdict")
    for rules in (Rules(4, 4, 4), Rules(5, 4, 4)):
        empty = Board.empty(rules)
        old = small_figures(
            revision.load(BEFORE_PROOFS, "tictactoe.core.solver").Solver,
            revision.board(BEFORE_PROOFS, empty),
        )
        new = small_figures(today.Solver, empty)
        for what, old_seconds, new_seconds in zip(
            ("prove the empty board", "value every first move"), old, new, strict=True
        ):
            ok = new_seconds <= old_seconds
            passed &= ok
            print(
                f"{rules.m}x{rules.n} k={rules.k}: {what:<30} {old_seconds:>8.3f}s "
                f"{new_seconds:>8.3f}s  {'PASS' if ok else 'FAIL'}"
            )
    return passed


def main(argv: list[str] | None = None) -> int:
    """Measure, print the tables, and return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each small proof")
    parser.add_argument("--quick", action="store_true", help="skip the old 7 x 7 proof")
    args = parser.parse_args(argv)
    passed = proofs(args.rounds, args.quick)
    passed &= split(max(1, args.rounds // 2))
    passed &= small_boards()
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
