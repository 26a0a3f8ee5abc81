"""Time control: the slowest move against ``--think``, over many moves and boards.

Run ``python benchmarks/bench_think_time.py [--think SECONDS] [--games N]``
(defaults 1.0 and 2). With ``think`` seconds a move it times, from the call
to the answer (the threat searches before the main search and the safety
check after it included):

- the engine playing itself on 15 x 15 from ``N`` balanced openings;
- one game each on 9 x 9 and 7 x 7 (k = 5, the openings moved to the
  middle) and on 26 x 26 from the empty board (its first search also
  builds the board's tables);
- hints: the best 3 moves (``top=3``, as ``core.advice.suggest`` asks) in
  every fourth position of the 15 x 15 games;
- the Gomocup brain (``pbrain-tictactoe`` as a subprocess, ``INFO
  timeout_turn`` set to the think time) for one 15 x 15 game against the
  engine: the time from sending ``DONE`` to reading its move, pipes and
  all (skipped with ``--no-brain``).

Target: the slowest move of each kind returns within the limit plus 50 ms
(PASS/FAIL). The median shows how much of the limit a move uses
(iterative deepening stops early when the next depth cannot finish, and a
win or a forced block is answered at once). Timings are wall-clock: on a
machine shared with other work they include the waits for a CPU. A slow
move is printed with the CPU time it got and how long it waited for a CPU
(Linux's ``/proc/thread-self/schedstat``), which tells the engine's lateness
from the machine's.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import openings

from tictactoe.core.board import Board
from tictactoe.core.gomoku.engine import Engine, Result
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits

SLACK = 0.050
"""Allowed overrun of the limit, in seconds."""

HINT_EVERY = 4
"""Hints are timed in every this many positions of the 15 x 15 games."""


def run_queue_wait(path: str = "/proc/thread-self/schedstat") -> float:
    """Seconds the thread (or the process ``path`` names) has waited for a CPU so far (0.0
    where Linux's scheduler statistics are not available)."""
    try:
        with open(path, encoding="ascii") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class Clock:
    """Times one move: wall-clock, CPU and waits for a CPU."""

    def __init__(self) -> None:
        self.wall, self.cpu, self.wait = time.perf_counter(), time.thread_time(), run_queue_wait()

    def stop(self) -> tuple[float, float, float]:
        """``(wall, cpu, waited)`` seconds since the clock was made."""
        return (
            time.perf_counter() - self.wall,
            time.thread_time() - self.cpu,
            run_queue_wait() - self.wait,
        )


class Timings:
    """Move times by kind, with the slow moves reported as they happen."""

    def __init__(self, think: float) -> None:
        self.think = think
        self.kinds: dict[str, list[float]] = {}

    def add(
        self,
        kind: str,
        spent: float,
        what: Callable[[], str],
        cpu: float | None = None,
        waited: float | None = None,
    ) -> None:
        """One move's wall-clock time (with the CPU time it got and its waits for a CPU, when
        known)."""
        self.kinds.setdefault(kind, []).append(spent)
        if spent > self.think + SLACK:
            got = "" if cpu is None else f"; {cpu:.3f} s on a CPU"
            if waited:
                got += f", {waited:.3f} s waiting for one"
            print(f"  slow: {spent:.3f} s ({kind}{got}) {what()}", flush=True)

    def report(self) -> bool:
        """Print one line a kind and the verdict; True when every kind passes."""
        limit = self.think + SLACK
        print(f"--think {self.think:g}: target slowest <= {limit:.3f} s")
        print("kind               moves   median   90th pct   slowest")
        everything = []
        for kind, times in self.kinds.items():
            everything += times
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
            print(
                f"{kind:17} {len(times):6}   {statistics.median(times):6.3f}   "
                f"{p90:8.3f}   {max(times):7.3f}"
            )
        slowest = max(everything)
        verdict = "PASS" if slowest <= limit else "FAIL"
        print(f"all {len(everything)} moves: slowest {slowest:.3f} s {verdict}")
        return slowest <= limit


def start_board(rules: Rules, opening: list[int]) -> Board:
    board = Board.empty(rules)
    for cell in opening:
        board = board.play(cell)
    return board


def describe(rules: Rules, board: Board, result: Result) -> str:
    return (
        f"on {rules} after {board.move_count} moves "
        f"({result.reason}, depth {result.depth}, {result.nodes} nodes)"
    )


def self_play(
    rules: Rules, opening: list[int], timings: Timings, kind: str, hints: bool = False
) -> list[Board]:
    """One engine-against-itself game; its positions."""
    board = start_board(rules, opening)
    think = timings.think
    engines = [Engine(random.Random(seed), think=think) for seed in (1, 2)]
    adviser = Engine(random.Random(3))
    seen = []
    while not board.is_over:
        seen.append(board)
        engine = engines[board.move_count % 2]
        clock = Clock()
        result = engine.search(board)
        spent, cpu, waited = clock.stop()
        timings.add(kind, spent, lambda b=board, r=result: describe(rules, b, r), cpu, waited)
        if hints and board.move_count % HINT_EVERY == 0:
            clock = Clock()
            hint = adviser.search(board, Limits(seconds=think), top=3)
            spent, cpu, waited = clock.stop()
            timings.add(
                "hint, top 3", spent, lambda b=board, r=hint: describe(rules, b, r), cpu, waited
            )
        board = board.play(result.move)
    return seen


def brain_game(rules: Rules, opening: list[int], timings: Timings) -> None:
    """The protocol brain (a subprocess) against the engine; the brain's answers timed."""
    from tictactoe.gomocup.manager import BrainProcess

    command = shutil.which("pbrain-tictactoe")
    argv = [command] if command else [sys.executable, "-m", "tictactoe", "brain"]
    brain = BrainProcess(argv, turn_seconds=timings.think)
    engine = Engine(random.Random(4), think=timings.think)
    board = start_board(rules, opening)
    try:
        brain.start(rules)
        while not board.is_over:
            if board.move_count % 2 == 0:
                before = brain.used
                stats = f"/proc/{brain.process.pid}/schedstat"  # the brain's main thread
                wait = run_queue_wait(stats)
                cell = brain.play(board)
                spent = brain.used - before
                waited = run_queue_wait(stats) - wait
                timings.add(
                    "brain (protocol)",
                    spent,
                    lambda b=board: f"after {b.move_count}",
                    waited=waited,
                )
            else:
                cell = engine.choose(board)
            board = board.play(cell)
    finally:
        brain.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move (default 1)")
    parser.add_argument("--games", type=int, default=2, help="15 x 15 games (default 2)")
    parser.add_argument("--no-brain", action="store_true", help="skip the protocol brain game")
    args = parser.parse_args(argv[1:])
    timings = Timings(args.think)
    gomoku = Rules(15, 15, 5)
    for opening in openings(gomoku, args.games):
        self_play(gomoku, opening, timings, "15 x 15", hints=True)
    for side in (9, 7):
        rules = Rules(side, side, 5)
        self_play(rules, openings(rules, 1)[0], timings, f"{side} x {side}")
    self_play(Rules(26, 26, 5), [], timings, "26 x 26")
    if not args.no_brain:
        brain_game(gomoku, openings(gomoku, 1, start=args.games)[0], timings)
    timings.report()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
