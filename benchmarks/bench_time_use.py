"""Time use: how much of ``--think`` the gomoku engine spends a move, against other checkouts.

Run ``python benchmarks/bench_time_use.py [--against SRC ...] [--think 1.0]
[--positions 40]``. ``SRC`` is another checkout's ``src`` folder (see
``bench_eval_speed.py``). Every version is given the same positions - the
games of ``benchmarks/train/rapfi-3k.txt`` cut after 6 to 35 moves, as
they come: some are answered at once (a win, a forced block), some by the
threat searches, most by the main search - with ``--think`` seconds each,
in a process of its own; the versions take turns position by position, so
both see the same machine load.

Printed for each version: the wall-clock time a move (mean, median, slowest)
over every position and over those the main search answered, the mean depth
it reached there, and the moves over ``--think`` plus 50 ms (the hard limit:
FAIL when there is one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_eval_speed import GAMES, SRC

SLACK = 0.050
"""Allowed overrun of ``--think``, seconds."""


def positions(count: int) -> list[list[str]]:
    """The moves (as labels) of ``count`` positions from :data:`GAMES`, cut after 6 to 35
    moves (the game's length permitting)."""
    found = []
    for number, line in enumerate(GAMES.read_text(encoding="utf-8").splitlines()):
        moves = line.partition("#")[0].split()[1:]
        cut = 6 + (number * 11) % 30
        if len(moves) > cut:
            found.append(moves[:cut])
            if len(found) == count:
                break
    return found


class Worker:
    """One version's engine, searching the positions it is sent (with its ``src`` on the
    path)."""

    def __init__(self, src: Path, think: float) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(think)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def search(self, moves: list[str]) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(moves) + "\n")
        self.process.stdin.flush()
        answer: dict[str, object] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def serve(think: float) -> None:
    """The worker's side: a position a line in, its timing a line out."""
    from tictactoe.core.board import Board
    from tictactoe.core.cells import parse
    from tictactoe.core.gomoku.engine import Engine
    from tictactoe.core.rules import Rules

    rules = Rules(15, 15, 5)
    engine = Engine(think=think)
    for line in sys.stdin:
        board = Board.empty(rules)
        for label in json.loads(line):
            board = board.play(parse(rules, label))
        engine.forget()
        start = time.perf_counter()
        result = engine.search(board)
        spent = time.perf_counter() - start
        print(json.dumps({"seconds": spent, "reason": str(result.reason), "depth": result.depth}))
        sys.stdout.flush()


def summary(times: list[float]) -> str:
    if not times:
        return "-"
    return (
        f"{1000 * statistics.fmean(times):4.0f} / {1000 * statistics.median(times):4.0f} / "
        f"{1000 * max(times):4.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[], metavar="SRC")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worker", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        serve(args.worker)
        return 0
    versions = {"this checkout": SRC, **{src: Path(src).resolve() for src in args.against}}
    workers = {name: Worker(src, args.think) for name, src in versions.items()}
    found: dict[str, list[dict[str, object]]] = {name: [] for name in versions}
    try:
        for moves in positions(args.positions):
            for name, worker in workers.items():
                found[name].append(worker.search(moves))
    finally:
        for worker in workers.values():
            worker.close()
    limit = args.think + SLACK
    print(f"{args.positions} positions on 15 x 15, k = 5; --think {args.think:g}")
    print(f"{'ms a move (mean / median / slowest):':32} {'every move':>20}   {'main search':>20}")
    print(f"{'version':32} {'':20}   {'':20}   depth   over")
    failed = False
    for name, answers in found.items():
        every = [float(answer["seconds"]) for answer in answers]  # type: ignore[arg-type]
        main_search = [a for a in answers if a["reason"] in ("search", "block") and a["depth"]]
        searched = [float(answer["seconds"]) for answer in main_search]  # type: ignore[arg-type]
        depth = statistics.fmean(int(a["depth"]) for a in main_search) if main_search else 0.0  # type: ignore[call-overload]
        over = sum(spent > limit for spent in every)
        failed = failed or over > 0
        print(
            f"{name[-30:]:30}  {summary(every):>20}   {summary(searched):>20}   {depth:5.2f}   "
            f"{over}"
        )
    print(f"hard limit {1000 * limit:.0f} ms: {'FAIL' if failed else 'PASS'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
