"""Evaluation speed: the gomoku engine's nodes per second against other checkouts, same run.

Run ``python benchmarks/bench_eval_speed.py --against SRC [--against SRC ...]
[--positions 24] [--nodes 30000] [--depth 4] [--rounds 3]``. ``SRC`` is
another checkout's ``src`` folder (``git archive COMMIT src | tar -x -C DIR``
makes one). Every version searches the same positions - taken from games
against Rapfi in ``benchmarks/train/`` at different move numbers - in a
process of its own, twice:

- with a fixed node budget (``--nodes``): the nodes per second, from the
  process's CPU time, so other work on the machine does not skew it;
- to a fixed depth (``--depth``): the move and the score.

The versions take turns, round after round (``--rounds``), and each keeps its
fastest round: the same load for all. One engine searches every position
(its line descriptions stay memoised, as in a game) with its other tables
emptied before each (so a position's result does not depend on the one
before). Printed: each version's nodes per second and its ratio to this
checkout's, and whether its moves, scores and node counts are the same as
this checkout's (they are when a change makes the search faster without
changing what it finds).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = HERE / "train" / "rapfi-3k.txt"
SRC = HERE.parent / "src"


def positions(count: int) -> list[list[str]]:
    """The moves (as labels) of ``count`` positions: the games of :data:`GAMES` cut after 8
    to 27 moves, where neither side has a four or a forced win the threat searches find
    quickly (the main search answers: those positions make the bulk of a game's time)."""
    from tictactoe.core.board import Board
    from tictactoe.core.cells import parse
    from tictactoe.core.gomoku.engine import Engine, Reason
    from tictactoe.core.rules import Rules
    from tictactoe.core.search import Limits

    rules = Rules(15, 15, 5)
    engine = Engine()
    found: list[list[str]] = []
    tried = 0
    for line in GAMES.read_text(encoding="utf-8").splitlines():
        words = line.partition("#")[0].split()
        if not words:
            continue
        moves = words[1:]
        cut = 8 + (tried * 7) % 20
        tried += 1
        if len(moves) <= cut:
            continue
        board = Board.empty(rules)
        for label in moves[:cut]:
            board = board.play(parse(rules, label))
        engine.forget()
        if engine.search(board, Limits(seconds=None, nodes=5_000)).reason is Reason.SEARCH:
            found.append(moves[:cut])
            if len(found) == count:
                break
    return found


def worker(request: dict[str, object]) -> dict[str, object]:
    """Search every position of ``request`` (run with the version's ``src`` on the path)."""
    from tictactoe.core.board import Board
    from tictactoe.core.cells import parse
    from tictactoe.core.gomoku.engine import Engine
    from tictactoe.core.rules import Rules
    from tictactoe.core.search import Limits

    rules = Rules(15, 15, 5)
    boards = []
    for moves in request["positions"]:  # type: ignore[attr-defined]
        board = Board.empty(rules)
        for label in moves:
            board = board.play(parse(rules, label))
        boards.append(board)
    engine = Engine()
    engine.search(boards[0], Limits(seconds=None, nodes=2_000))  # warm-up
    nodes_limit = Limits(seconds=None, nodes=int(request["nodes"]))  # type: ignore[call-overload]
    depth_limit = Limits(seconds=None, depth=int(request["depth"]))  # type: ignore[call-overload]
    found: list[list[int]] = []
    nodes = 0
    seconds = 0.0
    for board in boards:
        engine.forget()
        start = time.process_time()
        result = engine.search(board, nodes_limit)
        seconds += time.process_time() - start
        nodes += result.nodes
        engine.forget()
        deep = engine.search(board, depth_limit)
        found.append([result.move, result.score, result.nodes, deep.move, deep.score, deep.nodes])
    return {"nodes": nodes, "seconds": seconds, "found": found}


def run_version(src: Path, request: dict[str, object]) -> dict[str, object]:
    """:func:`worker` in a process with ``src`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, __file__, "--worker"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"the version in {src} failed:\n{done.stderr}")
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[], metavar="SRC")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(json.load(sys.stdin)), sys.stdout)
        return 0
    request = {"positions": positions(args.positions), "nodes": args.nodes, "depth": args.depth}
    versions = {"this checkout": SRC, **{src: Path(src).resolve() for src in args.against}}
    best: dict[str, dict[str, object]] = {}
    for _ in range(args.rounds):
        for name, src in versions.items():
            answer = run_version(src, request)
            if name not in best or float(answer["seconds"]) < float(best[name]["seconds"]):  # type: ignore[arg-type]
                best[name] = answer
    count = len(request["positions"])  # type: ignore[arg-type]
    print(
        f"{count} positions on 15 x 15, k = 5; {args.nodes:,} nodes and depth {args.depth} each; "
        f"fastest of {args.rounds} rounds"
    )
    ours = best["this checkout"]
    ours_rate = int(ours["nodes"]) / float(ours["seconds"])  # type: ignore[call-overload,arg-type]
    print("version                                   nodes      CPU s    nodes/s   ratio   same")
    for name, answer in best.items():
        rate = int(answer["nodes"]) / float(answer["seconds"])  # type: ignore[call-overload,arg-type]
        same = "-" if answer is ours else "yes" if answer["found"] == ours["found"] else "no"
        print(
            f"{name[-40:]:40}  {answer['nodes']:>9,}  {float(answer['seconds']):8.2f}  "  # type: ignore[arg-type]
            f"{rate:9,.0f}  {rate / ours_rate:6.3f}   {same}"
        )
        if same == "no":
            differ = sum(a != b for a, b in zip(answer["found"], ours["found"], strict=True))  # type: ignore[call-overload]
            print(f"    {differ} of {count} positions found something else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
