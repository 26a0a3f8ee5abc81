"""Benchmark of ``solve`` on many 5 x 5 (k = 4) positions, against an older solver in the same run.

Run ``python benchmarks/bench_exact_moves.py [--samples 300] [--all 5]``.
``solve`` values every legal move of a position exactly (its value and plies
to the end), from fresh tables: this times that (``Solver.solve`` and
``Solver.move_outcomes`` on a new ``Solver``, as one ``tictactoe solve``
command does) on

- ``--samples`` positions per mark count from 0 to ``--marks`` (12), each
  reached by seeded random moves and not over (distinct up to symmetry);
- every reachable position with the mark counts given to ``--all`` (for
  example ``--all 5``: about 64,000 positions, an hour or two on one core);
- the slowest positions earlier runs found (:data:`KNOWN_SLOW`).

Today's solver and the one at ``--against`` (a git revision, default the
commit before the opening table reached five marks; its ``src`` is extracted
to a temporary folder by ``benchmarks/revision.py``) value each chunk of positions in turn in worker
processes, so both see the same load. It prints per mark count the median,
99th percentile and slowest processor time per position of both, the
slowest positions, and whether every move's value and plies agree. Then the
slowest positions again as whole ``tictactoe solve`` commands (wall-clock,
the interpreter's start included).

Target (PASS/FAIL, exit status 1 if missed): today's slowest position under
:data:`TARGET_SECONDS` of processor time, and every answer the same as the
older solver's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import revision

from tictactoe.core.board import Board
from tictactoe.core.exact.symmetry import make_canonical
from tictactoe.core.rules import Rules

RULES = Rules(5, 5, 4)

TARGET_SECONDS = 1.0
"""Processor seconds the slowest position may take (``solve``: "under a second")."""

BEFORE = "510711b"
"""The revision compared against by default: before the opening table's fifth mark."""

CHUNK = 40
"""Positions one worker process values before the other solver takes its turn."""

KNOWN_SLOW = (
    "...XO/...../...../O...X/...X.",
    ".X..O/...../...../...../X.X.O",
    "X..X./...../O...X/...../.O...",
    "..X.O/...../...../...../XX..O",
    "...O./...../X...X/...../OX...",
    ".X.../...../X...O/...../.XO..",
    "O.O.X/...../...../....X/..X..",
    "..X../...../....X/...../O.XO.",
    "X..../....X/...../O..../XO.O.",
    "..X../...../...../O...O/..XOX",
    "..X.O/...../....X/....X/O.XO.",
    "X..XO/...../....O/...../.X...",
    "X..../O...O/X..../...../..X.O",
    "XOXOX/...../...../...../.O...",
    "X.OO./...../...../X..../XX..O",
    ".X.OO/...../X...X/...../...O.",
    "XX..O/...../X..../...../O..O.",
    "XO..X/O..../...../...../O.X..",
    "....O/....O/...../...../XXXO.",
    "X.O.O/...../....X/...../OX..X",
)
"""The slowest positions found by earlier runs of this benchmark (5 to 7 marks), and
six- and seven-mark ones found slow by random sampling (issue 25: over 60,000
positions, or the slowest of 2,000 six-mark and 3,000 seven-mark positions after its
seventh round, about 0.8 s of processor time)."""

WORKER = """
import json, sys, time
from tictactoe.core.board import Board
try:
    from tictactoe.core.exact.solver import Solver
except ImportError:  # a revision from before the solver's folder
    from tictactoe.core.solver import Solver
for text in json.loads(sys.stdin.read()):
    board = Board.parse(text, 4)
    solver = Solver()
    cpu, wall = time.process_time(), time.perf_counter()
    solution = solver.solve(board)
    moves = solver.move_outcomes(board)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    answer = [str(solution.value), solution.plies,
              sorted((cell, str(m.value), m.plies) for cell, m in moves.items())]
    print(json.dumps([text, cpu, wall, solver.nodes, answer]), flush=True)
"""


def random_positions(marks: int, count: int, seed: int) -> list[str]:
    """``count`` positions with ``marks`` marks reached by random moves, not over,
    distinct up to symmetry (fewer when there are not that many)."""
    rng = random.Random(seed * 1000 + marks)
    canonical = make_canonical(RULES)
    found: dict[int, str] = {}
    for _ in range(count * 50):
        if len(found) >= count:
            break
        board = Board.empty(RULES)
        for _ in range(marks):
            board = board.play_unchecked(rng.choice(board.legal_moves()))
            if board.is_over:
                break
        if not board.is_over:
            found.setdefault(canonical(board.x | board.o << RULES.size), board.text)
    return list(found.values())


def every_position(marks: int) -> list[str]:
    """Every position with ``marks`` marks that a game reaches and is not over, up to symmetry."""
    canonical = make_canonical(RULES)
    level = {0: Board.empty(RULES)}
    for _ in range(marks):
        seen: dict[int, Board] = {}
        for board in level.values():
            for cell in board.legal_moves():
                child = board.play_unchecked(cell)
                if not child.is_over:
                    seen.setdefault(canonical(child.x | child.o << RULES.size), child)
        level = seen
    return [board.text for board in level.values()]


def run_chunk(at: str | None, texts: list[str]) -> Iterator[list[object]]:
    """Each position's [text, cpu, wall, nodes, answer], valued by the solver of revision
    ``at`` (None: this checkout's) in one worker process."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER],
        input=json.dumps(texts),
        check=True,
        capture_output=True,
        text=True,
        env=revision.env(at),
    )
    for line in done.stdout.splitlines():
        yield json.loads(line)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def command_seconds(at: str | None, text: str) -> float:
    """Wall-clock seconds of a whole ``tictactoe solve`` command on ``text``."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tictactoe", "solve", text, "--k", "4"],
        check=True,
        capture_output=True,
        env=revision.env(at),
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Measure, print the tables, and return 1 if the target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300, help="random positions per mark count")
    parser.add_argument("--marks", type=int, default=12, help="most marks of the random positions")
    parser.add_argument(
        "--all", type=int, action="append", default=[], help="also every position with N marks"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default=BEFORE, help="git revision to compare with")
    args = parser.parse_args(argv)
    groups: dict[str, list[str]] = {"slowest known": list(KNOWN_SLOW)}
    for marks in range(args.marks + 1):
        groups[f"{marks} marks"] = random_positions(marks, args.samples, args.seed)
    for marks in args.all:
        groups[f"all {marks}"] = every_position(marks)
    print(
        f"{sum(map(len, groups.values())):,} positions, against {args.against}; "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    passed = True
    slowest: list[tuple[float, str]] = []
    print(
        f"{'positions':<14} {'count':>7} {'solver':<6} {'median s':>9} {'p99 s':>7} "
        f"{'max s':>7} {'max positions':>14}"
    )
    for name, texts in groups.items():
        records: dict[str, list[list[object]]] = {"old": [], "new": []}
        for start in range(0, len(texts), CHUNK):
            chunk = texts[start : start + CHUNK]
            records["old"] += run_chunk(args.against, chunk)
            records["new"] += run_chunk(None, chunk)
        for which in ("old", "new"):
            cpu = [float(record[1]) for record in records[which]]  # type: ignore[arg-type]
            nodes = max(int(record[3]) for record in records[which])  # type: ignore[call-overload]
            print(
                f"{name:<14} {len(cpu):>7,} {which:<6} {statistics.median(cpu):>9.3f} "
                f"{percentile(cpu, 0.99):>7.3f} {max(cpu):>7.3f} {nodes:>14,}",
                flush=True,
            )
        wrong = [
            old[0]
            for old, new in zip(records["old"], records["new"], strict=True)
            if old[4] != new[4]
        ]
        if wrong:
            passed = False
            print(f"  FAIL: {len(wrong)} answers differ, e.g. {wrong[0]}")
        slowest += ((float(r[1]), str(r[0])) for r in records["new"])  # type: ignore[arg-type]
    slowest.sort(reverse=True)
    worst = slowest[0][0]
    ok = worst < TARGET_SECONDS
    passed &= ok
    print(
        f"today's slowest position: {worst:.3f} s of processor time "
        f"({'PASS' if ok else 'FAIL'}: < {TARGET_SECONDS:g} s)"
    )
    print(f"\n{'whole solve command (wall s)':<40} {'old':>7} {'new':>7}")
    for _, text in slowest[:5]:
        old = command_seconds(args.against, text)
        new = command_seconds(None, text)
        print(f"{text:<40} {old:>7.3f} {new:>7.3f}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
