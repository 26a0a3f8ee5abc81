"""Benchmark of the exact solver and the ``perfect`` player against their targets.

Run ``python benchmarks/bench_solver.py``. Prints each figure next to its
target with PASS or FAIL, beside seed 001's plain minimax timed in the same
run; exits with status 1 if any target is missed. Takes about five seconds.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass

from seed_minimax import X_STEP, minmax

from tictactoe.core.board import Board
from tictactoe.core.exact.solver import Solver, Value
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.perfect import PerfectPlayer

WARM_CALLS = 2000
"""Calls timed for the warm move (the median is reported)."""
COLD_RUNS = 7
"""Fresh processes timed for the cold move."""
SEED_RUNS = 3
"""Runs of the seed's minimax (each is about a second)."""

COLD_SCRIPT = (
    "import random\n"
    "from tictactoe.core.board import Board\n"
    "from tictactoe.core.strategies.perfect import PerfectPlayer\n"
    "PerfectPlayer(random.Random()).choose(Board.empty())\n"
)
"""What a fresh process does for the cold figure: import, then one move."""


@dataclass(frozen=True)
class Figure:
    """One measured figure and its target, both in seconds."""

    name: str
    seconds: float
    target: float | None = None

    @property
    def passed(self) -> bool:
        return self.target is None or self.seconds < self.target

    def line(self) -> str:
        verdict = "" if self.target is None else "PASS" if self.passed else "FAIL"
        target = "" if self.target is None else f"< {_duration(self.target)}"
        return f"{self.name:<46} {_duration(self.seconds):>10}  {target:<10} {verdict}"


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def timed(action: Callable[[], object]) -> float:
    """Wall-clock seconds of one call."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def perfect_warm() -> float:
    """Median time of perfect's move from the empty 3x3 board, after the first call."""
    player = PerfectPlayer(random.Random(1))
    board = Board.empty()
    player.choose(board)
    return statistics.median(timed(lambda: player.choose(board)) for _ in range(WARM_CALLS))


def fresh_process(code: str, env: dict[str, str] | None = None) -> float:
    """Wall-clock seconds of ``python -c code`` in a new process."""
    return timed(lambda: subprocess.run([sys.executable, "-c", code], check=True, env=env))


def cold_median(code: str, bytecode_dir: str | None) -> float:
    """Median seconds of fresh processes running ``code``.

    With ``bytecode_dir`` the processes keep compiled modules there, as an
    installed package does (one untimed run fills it); without it every
    module is compiled from source each time (``PYTHONDONTWRITEBYTECODE``).
    """
    env = dict(os.environ)
    if bytecode_dir is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_dir
        fresh_process(code, env)
    return statistics.median(fresh_process(code, env) for _ in range(COLD_RUNS))


def seed_minimax() -> float:
    """Median time of seed 001's ``minmax`` choosing X's first move."""
    return statistics.median(timed(lambda: minmax([0] * 9, X_STEP)) for _ in range(SEED_RUNS))


def prove(rules: Rules, expected: Value) -> float:
    """Seconds a fresh solver takes to prove the empty board's value."""
    solver = Solver()
    start = time.perf_counter()
    value = solver.value(Board.empty(rules))
    elapsed = time.perf_counter() - start
    if value is not expected:
        raise SystemExit(f"{rules}: expected {expected}, solved {value}")
    return elapsed


def analyse_empty(rules: Rules) -> float:
    """Seconds a fresh solver takes to value every first move of ``rules``'s board."""
    solver = Solver()
    return timed(lambda: solver.move_outcomes(Board.empty(rules)))


def main() -> int:
    """Measure, print the table, and return 1 if a target is missed."""
    seed = seed_minimax()
    warm = perfect_warm()
    with tempfile.TemporaryDirectory(prefix="bench-pyc-") as bytecode_dir:
        interpreter = cold_median("pass", bytecode_dir)
        cold = cold_median(COLD_SCRIPT, bytecode_dir)
    uncompiled = cold_median(COLD_SCRIPT, None)
    figures = [
        Figure("perfect, empty 3x3, warm (median)", warm, 1e-4),
        Figure("perfect, empty 3x3, cold process (median)", cold, 0.05),
        Figure("  of which: python -c pass (median)", interpreter),
        Figure("  cold, compiling every module (no .pyc)", uncompiled),
        Figure("seed 001 minmax, empty 3x3 (baseline)", seed),
        Figure("prove 4x4 k=4 (draw)", prove(Rules(4, 4, 4), Value.DRAW), 0.3),
        Figure("prove 5x4 k=4 (draw)", prove(Rules(5, 4, 4), Value.DRAW), 3.0),
        Figure("prove 4x4 k=3 (first-player win)", prove(Rules(4, 4, 3), Value.WIN), 0.05),
        Figure("analyse every first move, 4x4 k=4", analyse_empty(Rules(4, 4, 4))),
        Figure("analyse every first move, 5x4 k=4", analyse_empty(Rules(5, 4, 4))),
        Figure("analyse every first move, 4x4 k=3", analyse_empty(Rules(4, 4, 3))),
    ]
    print(f"{'figure':<46} {'measured':>10}  {'target':<10}")
    for figure in figures:
        print(figure.line())
    print(f"perfect warm is {seed / warm:,.0f}x faster than the seed's minimax")
    print(f"perfect cold is {seed / cold:,.0f}x faster than the seed's minimax")
    return 0 if all(figure.passed for figure in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
