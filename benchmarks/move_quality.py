"""How much each version's moves give away, by a stronger engine's judgement: a quick screen.

Run ``python benchmarks/move_quality.py --judge PATH LOG [LOG ...] [--count 200]
[--nodes 60000] [--judge-nodes 200000] VERSION [VERSION ...]`` where each LOG is
the output of ``match.py`` or ``bench_strength.py`` (its ``lost: A as O,
opening N: moves`` lines give the games) and each VERSION is ``NAME=SRC``, a
checkout's ``src`` directory (``main=src``, ``new=../wt-new/src``), or
``NAME=SRC@NODES`` for a version held to its own node budget (each version's
name is in its environment as ``MOVE_QUALITY_VERSION``: an experimental
checkout may read its settings from it).

It samples ``--count`` positions from the games (after their openings, no
five to make or to block), lets every version choose a move in each (held to
``--nodes`` nodes, so the machine's load does not matter), and asks the judge,
a Gomocup brain that prints its evaluation as Rapfi does (``MESSAGE ... Eval
-224``, ``+M19`` for a forced win; held to ``--judge-nodes`` nodes), to value
the position before and after each move. A move's *drop* is what it gives
away: the judge's score for the mover before, minus the score after (mates
and large scores capped at :data:`CAP`). It prints each version's mean drop
with its 95 % interval, the share of moves after which the judge finds a
forced win for the opponent where it found none before (blunders), how often
it played the judge's own move and, against the first version, the paired
difference (positions where both chose the same move count zero).

With ``--whole-games`` (no versions) it judges every move of the logged games
instead: player A's drops against the other side's, and A's moves that left
the other side a forced win.

The judge is used for measuring only, as the ladder uses it: nothing it says
is trained on or shipped. A match against it takes 40 games to tell 15
points apart; this screen compares versions on the same positions in minutes.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import OPENINGS, openings

from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import label, parse
from tictactoe.core.gomoku.patterns import FIVES
from tictactoe.core.gomoku.position import Geometry, Position
from tictactoe.core.rules import Rules
from tictactoe.gomocup.manager import BrainError, BrainProcess

RULES = Rules(15, 15, 5)

GAME = re.compile(r"(?:lost|won): A as ([XO]), opening (\d+): ([a-o0-9 ]+)")

CAP = 1500
"""Judge scores are clipped to +-CAP (a forced win counts CAP): one lost game's score
does not swamp the mean."""

JUDGE_SECONDS = 60.0
"""The judge's time a position: far more than its node budget takes (about 0.3 s for
200,000 nodes)."""

EVAL = re.compile(r"\bEval ([+-]?M?\d+|VAL_NONE)")


# --- positions --------------------------------------------------------------------------------


class Game(NamedTuple):
    """One game of a match log."""

    start: int
    """Plies of the opening."""
    cells: list[int]
    side: int
    """The side player A of the match log played (0 X, 1 O)."""


def games(logs: Sequence[Path], path: Path = OPENINGS) -> list[Game]:
    """Every game listed in the logs (their openings numbered as in ``path``)."""
    known = openings(RULES, None, path)
    found = []
    for log in logs:
        for match in GAME.finditer(log.read_text()):
            number, moves = int(match.group(2)), match.group(3).split()
            cells = [parse(RULES, move) for move in moves]
            found.append(Game(len(known[number - 1]), cells, "XO".index(match.group(1))))
    return found


def positions(logs: Sequence[Path], count: int, seed: int) -> list[list[int]]:
    """``count`` positions (the cells played so far) sampled from the games: past the
    opening, with no five to make or to block."""
    geometry = Geometry(RULES)
    pool = []
    for start, cells, _ in games(logs):
        pos = Position(geometry)
        for ply, cell in enumerate(cells):
            if ply >= start and not (pos.threats[2 * FIVES] or pos.threats[2 * FIVES + 1]):
                pool.append(cells[:ply])
            pos.make(cell, ply % 2)
    random.Random(seed).shuffle(pool)
    return pool[:count]


def board_of(cells: Sequence[int]) -> Board:
    """The position after ``cells``, played in turn from the empty board."""
    return functools.reduce(Board.play, cells, Board.empty(RULES))


# --- the versions -----------------------------------------------------------------------------


def choose_all(name: str, src: str, nodes: int, sample: list[list[int]]) -> list[int]:
    """Each position's move by the engine in ``src`` (a subprocess with that checkout, the
    version's name in its environment as ``MOVE_QUALITY_VERSION``)."""
    env = {**os.environ, "PYTHONPATH": src, "MOVE_QUALITY_VERSION": name}
    command = [sys.executable, __file__, "--choose", "--nodes", str(nodes)]
    text = "".join(json.dumps(cells) + "\n" for cells in sample)
    done = subprocess.run(command, input=text, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the version in {src} failed:\n{done.stderr}")
    return [int(line) for line in done.stdout.split()]


def choose_main(nodes: int) -> int:
    """The ``--choose`` worker: a move for each position read from standard input."""
    from tictactoe.core.gomoku.engine import Engine
    from tictactoe.core.search import Limits

    engine = Engine(random.Random(1))
    for line in sys.stdin:
        engine.forget()
        print(engine.search(board_of(json.loads(line)), Limits(nodes=nodes)).move, flush=True)
    return 0


# --- the judge --------------------------------------------------------------------------------


class Judge:
    """A Gomocup brain that prints its evaluation; a fresh process for each position (so
    nothing carries over from one to the next)."""

    def __init__(self, path: str, nodes: int, cache: Path | None = None) -> None:
        self.path, self.nodes, self.cache = path, nodes, cache
        self.memo: dict[tuple[int, ...], int] = {}
        self.moves: dict[tuple[int, ...], int] = {}
        """The judge's own move in each position it searched."""
        if cache is not None and cache.exists():
            kept = json.loads(cache.read_text()).get(str(nodes), {})
            for text, (score, move) in kept.items():
                key = tuple(map(int, text.split()))
                self.memo[key] = score
                if move >= 0:
                    self.moves[key] = move
        self.geometry = Geometry(RULES)

    def save(self) -> None:
        """Add the scores found (and the judge's moves, -1 for none) to the cache file, under
        this judge's node budget; other runs' scores are kept."""
        if self.cache is None:
            return
        every = json.loads(self.cache.read_text()) if self.cache.exists() else {}
        kept = every.setdefault(str(self.nodes), {})
        for key, score in self.memo.items():
            kept[" ".join(map(str, key))] = [score, self.moves.get(key, -1)]
        self.cache.write_text(json.dumps(every))

    def score(self, cells: Sequence[int]) -> int:
        """The judge's score for the side to move, clipped to +-CAP. A five to make is
        won; a single five to block is played and the judge asked after it (a brain answers
        such positions without searching, and without a score)."""
        key = tuple(cells)
        if key not in self.memo:
            board = board_of(cells)
            side = 0 if board.turn is Mark.X else 1
            pos = Position(self.geometry, board.x, board.o)
            if pos.threats[2 * FIVES + side]:
                found = CAP
            elif pos.threats[2 * FIVES + (side ^ 1)]:
                blocks = pos.cells(FIVES, side ^ 1)
                found = -CAP if len(blocks) > 1 else -self.score([*cells, blocks[0]])
            else:
                found = self._ask(key, board)
            self.memo[key] = found
        return self.memo[key]

    def _ask(self, cells: tuple[int, ...], board: Board) -> int:
        """The judge's own score (through the package's brain manager: ``END`` goes only
        once the move is out, since a brain stops searching when it reads it)."""
        said: list[str] = []
        try:
            brain = BrainProcess(
                [self.path],
                turn_seconds=JUDGE_SECONDS,
                name="the judge",
                on_message=lambda text: said.extend(EVAL.findall(text)),
            )
            try:
                brain.start(RULES)
                brain.send(f"INFO max_node {self.nodes}")
                self.moves[cells] = brain.play(board, moves=cells)
            finally:
                brain.close()
        except BrainError as error:
            raise SystemExit(f"the judge failed: {error}") from None
        if not said:
            raise SystemExit(f"the judge printed no evaluation: {brain.last_words()}")
        if said[-1] == "VAL_NONE":  # answered at once (an only move): value the position after it
            return -self.score([*cells, self.moves[cells]])
        if "M" in said[-1]:
            return -CAP if said[-1].startswith("-") else CAP
        return max(-CAP, min(CAP, int(said[-1])))


# --- the report -------------------------------------------------------------------------------


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half the width of its 95 % interval."""
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(values))


def whole_games(logs: Sequence[Path], judge: Judge) -> None:
    """The judge's drops of every move of the logged games, player A's against the other
    side's, and A's moves that left the other a forced win it did not have."""
    mine: list[int] = []
    theirs: list[int] = []
    turning: list[int] = []
    for game in games(logs):
        for ply in range(game.start, len(game.cells) - 1):
            before = judge.score(game.cells[:ply])
            after = judge.score(game.cells[: ply + 1])
            ours = ply % 2 == game.side
            if abs(before) < CAP and abs(after) < CAP:
                (mine if ours else theirs).append(before + after)
            elif ours and after == CAP > -before:
                turning.append(before)
        judge.save()
    for name, drops in (("A", mine), ("the other side", theirs)):
        mean, half = interval(drops)
        print(
            f"{name}: {len(drops)} moves, mean drop {mean:+.0f} +- {half:.0f}, "
            f"median {statistics.median(drops):+.0f} (forced results left out)"
        )
    if turning:
        print(
            f"A's moves that left a forced win: {len(turning)}, the judge's score before them: "
            f"median {statistics.median(turning):+.0f}, "
            f"{sum(score > -250 for score in turning)} above -250"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--choose", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--judge", help="path of the judging Gomocup brain (Rapfi)")
    parser.add_argument("--judge-nodes", type=int, default=200_000)
    parser.add_argument("--nodes", type=int, default=60_000, help="each version's nodes a move")
    parser.add_argument("--count", type=int, default=200, help="positions sampled")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, help="a file keeping the judge's scores between runs")
    parser.add_argument("--log", type=Path, action="append", default=[], help="a match log")
    parser.add_argument(
        "--whole-games", action="store_true", help="judge every move of the logged games instead"
    )
    parser.add_argument("versions", nargs="*", help="NAME=SRC")
    args = parser.parse_args(argv)
    if args.choose:
        return choose_main(args.nodes)
    if not args.judge or not args.log:
        parser.error("--judge and at least one --log are needed")
    if args.whole_games:
        whole_games(args.log, Judge(args.judge, args.judge_nodes, args.cache))
        return 0
    if not args.versions:
        parser.error("name at least one version (NAME=SRC), or ask for --whole-games")
    sample = positions(args.log, args.count, args.seed)
    judge = Judge(args.judge, args.judge_nodes, args.cache)
    print(f"{len(sample)} positions, versions at {args.nodes:,} nodes a move", flush=True)
    drops: dict[str, list[int]] = {}
    moves: dict[str, list[int]] = {}
    for version in args.versions:
        name, _, src = version.partition("=")
        src, _, nodes = src.partition("@")
        moves[name] = choose_all(name, src, int(nodes or args.nodes), sample)
        drops[name] = [
            judge.score(cells) + judge.score([*cells, move])
            for cells, move in zip(sample, moves[name], strict=True)
        ]
        mean, half = interval(drops[name])
        blunders = sum(
            judge.score([*c, m]) == CAP > -judge.score(c)
            for c, m in zip(sample, moves[name], strict=True)
        )
        agree = sum(
            judge.moves.get(tuple(c)) == m for c, m in zip(sample, moves[name], strict=True)
        )
        judge.save()
        print(
            f"{name}: mean drop {mean:+.0f} +- {half:.0f}, blunders {blunders} "
            f"({blunders / len(sample):.1%}), the judge's move {agree / len(sample):.0%}",
            flush=True,
        )
    first = args.versions[0].partition("=")[0]
    for name in drops:
        if name == first:
            continue
        paired = [b - a for a, b in zip(drops[first], drops[name], strict=True)]
        same = sum(a == b for a, b in zip(moves[first], moves[name], strict=True))
        mean, half = interval(paired)
        print(
            f"{name} - {first}: {mean:+.0f} +- {half:.0f} ({same} of {len(sample)} moves the same)"
        )
    worst = sorted(zip(drops[first], sample, moves[first], strict=True), reverse=True)[:5]
    for drop, cells, move in worst:
        print(f"  {first} worst: {drop:+d} playing {label(RULES, move)} after {len(cells)} plies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
