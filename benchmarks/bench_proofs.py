"""Benchmark of the proofs past 20 cells: 5 x 5 and 6 x 5 with k = 4, and the small boards.

Run ``python benchmarks/bench_proofs.py``. Each proof runs in a fresh process
(``tictactoe.core.solver.prove`` from the empty board, default 2 GiB bound)
and reports wall time, processor time, nodes, table entries and the
process's peak memory; targets: the known value, under 10 minutes, peak
memory under the bound. The 4 x 4 and 5 x 4 figures (proof of the empty
board, and every first move valued) are timed against the solver as it was
before (``baselines/solver_before_proofs.py``) in the same run: PASS when
today's is no slower. Exits with status 1 if any target is missed. Takes
about half a minute (mostly the baseline's 5 x 4 analysis).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "baselines"))

import solver_before_proofs as before

from tictactoe.core import solver as today
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules

PROOF_SECONDS = 600.0
"""Target: each proof under 10 minutes."""

PROOFS = ((Rules(5, 5, 4), "draw"), (Rules(6, 5, 4), "win"))

PROOF_SCRIPT = """
import json, resource, sys
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.core.solver import prove
m, n, k = map(int, sys.argv[1:4])
proof = prove(Board.empty(Rules(m, n, k)))
print(json.dumps({**proof._asdict(), "value": str(proof.value),
                  "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""
"""One proof in a fresh process; ``ru_maxrss`` is the peak resident memory in KiB."""


def proof_in_process(rules: Rules) -> dict[str, object]:
    """The proof's figures, measured in a new Python process."""
    args = [sys.executable, "-c", PROOF_SCRIPT, str(rules.m), str(rules.n), str(rules.k)]
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    record: dict[str, object] = json.loads(done.stdout)
    return record


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def small_figures(module: object, rules: Rules) -> tuple[float, float]:
    """(seconds to prove the empty board, seconds to value every first move), fresh solvers."""
    solver_class = module.Solver  # type: ignore[attr-defined]
    board = Board.empty(rules)
    return (
        timed(lambda: solver_class().value(board)),
        timed(lambda: solver_class().move_outcomes(board)),
    )


def main() -> int:
    """Measure, print the tables, and return 1 if a target is missed."""
    passed = True
    print(
        f"{'proof':<14} {'value':<6} {'wall':>8} {'cpu':>8} {'nodes':>9} {'entries':>9} "
        f"{'peak MiB':>9} {'bound MiB':>9}  verdict"
    )
    for rules, expected in PROOFS:
        record = proof_in_process(rules)
        peak_mib = int(record["peak_kib"]) / 1024  # type: ignore[call-overload]
        bound_mib = int(record["memory"]) / 2**20  # type: ignore[call-overload]
        seconds = float(record["seconds"])  # type: ignore[arg-type]
        ok = record["value"] == expected and seconds < PROOF_SECONDS and peak_mib < bound_mib
        passed &= ok
        print(
            f"{rules.m}x{rules.n} k={rules.k:<6} {record['value']!s:<6} {seconds:>7.2f}s "
            f"{float(record['cpu_seconds']):>7.2f}s {record['nodes']:>9,} "  # type: ignore[arg-type]
            f"{record['peak_entries']:>9,} {peak_mib:>9.1f} {bound_mib:>9.0f}  "
            f"{'PASS' if ok else 'FAIL'} (known: {expected}, < {PROOF_SECONDS:.0f} s, < bound)"
        )
    print()
    print(f"{'small boards (fresh solver)':<40} {'before':>9} {'today':>9}  verdict")
    for rules in (Rules(4, 4, 4), Rules(5, 4, 4)):
        old = small_figures(before, rules)
        new = small_figures(today, rules)
        for what, old_seconds, new_seconds in zip(
            ("prove the empty board", "value every first move"), old, new, strict=True
        ):
            ok = new_seconds <= old_seconds
            passed &= ok
            print(
                f"{rules.m}x{rules.n} k={rules.k}: {what:<30} {old_seconds:>8.3f}s "
                f"{new_seconds:>8.3f}s  {'PASS' if ok else 'FAIL'}"
            )
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
