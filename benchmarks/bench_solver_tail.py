"""The slow tail of ``solve`` on 5 x 5 (k = 4): today's solver against an older one, alternating.

Run ``python benchmarks/bench_solver_tail.py [--against REV] [--slow 40] [--random 300]``.

Values every move of each position (value and plies, from fresh tables, as
one ``tictactoe solve`` does) with two solvers in two long-lived worker
processes, this checkout's and the one at ``--against`` (a git revision, its
``src`` extracted to a temporary folder by ``benchmarks/revision.py``, or a
``src`` folder), one position at a time and
alternating which goes first, so that both see the same load (this machine's
speed swings: compare only within one run). Positions:

- slow ones: :data:`~bench_exact_moves.KNOWN_SLOW` (six- and seven-mark ones
  among them) and ``--slow`` positions drawn (seeded) from the opening table's ``covers``
  lines (four and five marks, each once over 60,000 positions), all with
  the opening table off (``Prover(use_openings=False)``), so that they
  measure the search;
- ``--random`` seeded random positions with 4 to 12 marks, as ``solve``
  values them (the opening table on), for the mean.

Prints per position both solvers' positions searched and processor seconds,
the totals and ratios per group, and FAIL (exit status 1) if any move's
value or plies differ.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import revision
from bench_exact_moves import KNOWN_SLOW, random_positions

from tictactoe.core.exact.openings import TABLE, position
from tictactoe.core.rules import Rules

RULES = Rules(5, 5, 4)

BEFORE = "dc12302"
"""The revision compared against by default: before the fifth round of issue 25."""

WORKER = """
import json, sys, time
from tictactoe.core.board import Board
try:
    from tictactoe.core.exact.prover import Prover
    from tictactoe.core.exact.solver import Solver
except ImportError:  # a revision from before the solver's folder
    from tictactoe.core.prover import Prover
    from tictactoe.core.solver import Solver
for line in sys.stdin:
    text, use_openings = json.loads(line)
    board = Board.parse(text, 4)
    solver = Solver()
    if not use_openings:
        solver._engines[board.rules] = Prover(board.rules, use_openings=False)
    cpu = time.process_time()
    solution = solver.solve(board)
    moves = solver.move_outcomes(board)
    cpu = time.process_time() - cpu
    answer = [str(solution.value), solution.plies,
              sorted((cell, str(m.value), m.plies) for cell, m in moves.items())]
    print(json.dumps([cpu, solver.nodes, answer]), flush=True)
"""


class Worker:
    """A long-lived process valuing positions with the solver of revision (or ``src`` folder)
    ``at`` (None: this one)."""

    def __init__(self, at: str | None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=revision.env(at),
        )

    def value(self, text: str, use_openings: bool) -> tuple[float, int, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([text, use_openings]) + "\n")
        self.process.stdin.flush()
        cpu, nodes, answer = json.loads(self.process.stdout.readline())
        return cpu, nodes, answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def covered(count: int, seed: int) -> list[str]:
    """``count`` positions drawn from the opening table's covers, half with four marks."""
    keys: dict[int, list[int]] = {4: [], 5: []}
    with open(TABLE, encoding="utf-8") as table:
        for line in table:
            if line.startswith("covers "):
                key = int(line.split()[1], 16)
                keys.setdefault(key.bit_count(), []).append(key)
    rng = random.Random(seed)
    four = rng.sample(keys[4], min(count // 2, len(keys[4])))
    five = rng.sample(keys[5], min(count - len(four), len(keys[5])))
    return [position(RULES, key).text for key in four + five]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--against", default=BEFORE, help="git revision (or a src folder) to compare with"
    )
    parser.add_argument("--slow", type=int, default=40, help="positions from the covers")
    parser.add_argument("--random", type=int, default=300, help="random positions, 4-12 marks")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    slow = list(dict.fromkeys([*KNOWN_SLOW, *covered(args.slow, args.seed)]))
    per_marks = -(-args.random // 9)
    randoms = [
        text for marks in range(4, 13) for text in random_positions(marks, per_marks, args.seed)
    ][: args.random]
    groups = {"slow (no table)": (slow, False), "random (table)": (randoms, True)}
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    failed = 0
    old, new = Worker(args.against), Worker(None)
    try:
        for name, (texts, use_openings) in groups.items():
            totals = {"old": [0.0, 0], "new": [0.0, 0]}
            print(f"\n{name}: {len(texts)} positions")
            heads = ("old nodes", "new nodes", "old s", "new s")
            print(f"{'position':<32} {heads[0]:>10} {heads[1]:>10} {heads[2]:>7} {heads[3]:>7}")
            for number, text in enumerate(texts):
                order = [("old", old), ("new", new)]
                if number % 2:
                    order.reverse()
                found = {which: worker.value(text, use_openings) for which, worker in order}
                for which in ("old", "new"):
                    totals[which][0] += found[which][0]
                    totals[which][1] += found[which][1]
                same = found["old"][2] == found["new"][2]
                failed += not same
                if not use_openings or not same:
                    print(
                        f"{text:<32} {found['old'][1]:>10,} {found['new'][1]:>10,} "
                        f"{found['old'][0]:>7.3f} {found['new'][0]:>7.3f}"
                        + ("" if same else "  DIFFERENT ANSWERS"),
                        flush=True,
                    )
            (old_s, old_n), (new_s, new_n) = totals["old"], totals["new"]
            print(
                f"{name} total: nodes {old_n:,} -> {new_n:,} ({old_n / max(new_n, 1):.2f}x), "
                f"processor s {old_s:.2f} -> {new_s:.2f} ({old_s / max(new_s, 1e-9):.2f}x), "
                f"mean s {old_s / len(texts):.4f} -> {new_s / len(texts):.4f}",
                flush=True,
            )
    finally:
        old.close()
        new.close()
    print("every answer the same: PASS" if not failed else f"FAIL: {failed} answers differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
