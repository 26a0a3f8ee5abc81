"""Where the engine lost: the move in each lost game after which the game was gone.

Run ``python benchmarks/losing_moves.py LOG [LOG ...] [--oracle 4] [--threats
10] [--size 15x15] [--k 5]`` on the output of ``match.py`` or
``bench_strength.py`` (their ``lost: A as O, opening N: moves`` lines). For
each lost game it walks back from the end over the loser's moves, searching
each position for ``--oracle`` seconds (reading on past forced blocks), to the
last one not yet seen lost (a proved loss, or a loss the search found among
the moves it kept: an unproved one): the losing move was played there. It prints that
move, the move the longer search prefers, and whether the winner had a forced
win by threes and fours (VCT) right after the losing move, at which depth and
how fast - the figures that tell whether more time, deeper threat search or
better judgement of quiet moves would have saved the game.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import label, parse
from tictactoe.core.gomoku.engine import Engine
from tictactoe.core.gomoku.position import Position
from tictactoe.core.gomoku.search import MATE_RANGE, UNPROVED
from tictactoe.core.gomoku.threats import ThreatSearch
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, Limits, SearchStopped

LOST = re.compile(r"lost: A as ([XO]), opening (\d+): ([a-z0-9 ]+)")

VCT_DEPTHS = (6, 8, 10, 12)
"""Depths (attacking moves) at which the winner's VCT after the losing move is looked for."""


@dataclass(frozen=True)
class LostGame:
    mark: Mark
    """The loser's mark (the engine's in a match log)."""
    opening: int
    moves: tuple[str, ...]


@dataclass(frozen=True)
class LosingMove:
    game: LostGame
    ply: int | None
    """Plies before the losing move; None when every position of the loser was proved lost
    (the game was gone from the opening on, as far as the longer search sees)."""
    played: str
    preferred: str
    """The longer search's move in the same position."""
    threats: tuple[str, ...]
    """The winner's VCT right after the losing move, by depth: ``d8: 31 plies in 0.8 s``."""


def lost_games(texts: list[str]) -> list[LostGame]:
    """Every ``lost:`` line of the logs."""
    games = []
    for text in texts:
        for found in LOST.finditer(text):
            mark = Mark.X if found.group(1) == "X" else Mark.O
            games.append(LostGame(mark, int(found.group(2)), tuple(found.group(3).split())))
    return games


def losing_move(game: LostGame, rules: Rules, oracle: float, threat_seconds: float) -> LosingMove:
    """Walk back from the end of ``game`` to its losing move (see the module docstring)."""
    boards = [Board.empty(rules)]
    for name in game.moves:
        boards.append(boards[-1].play(parse(rules, name)))
    engine = Engine(think=oracle)
    for ply in reversed(range(len(game.moves))):
        board = boards[ply]
        if board.turn is not game.mark:
            continue
        result = engine.search(board, top=2)
        if not seen_lost(result.score, result.proved):
            after = boards[ply + 1]
            winner = 0 if after.turn is Mark.X else 1
            threats = winner_threats(engine, after, winner, threat_seconds)
            return LosingMove(game, ply, game.moves[ply], label(rules, result.move), threats)
    return LosingMove(game, None, "", "", ())


def seen_lost(score: int, proved: bool) -> bool:
    """True when a search's result says the side to move loses: proved, or found among the
    moves it kept (see :func:`~tictactoe.core.gomoku.search.unproved`)."""
    return (proved and score < 0) or score <= MATE_RANGE - UNPROVED


def winner_threats(engine: Engine, board: Board, side: int, seconds: float) -> tuple[str, ...]:
    """The VCT of ``side`` (to move) on ``board`` at each of :data:`VCT_DEPTHS`."""
    geometry = engine.geometry(board.rules)
    found = []
    for depth in VCT_DEPTHS:
        search = ThreatSearch(
            Position(geometry, board.x, board.o), Budget(Limits(seconds=seconds), None)
        )
        start = time.perf_counter()
        try:
            line = search.vcf(side) or search.vct(side, depth, visited=True)
        except SearchStopped:
            found.append(f"d{depth}: not done in {seconds:g} s")
            break
        spent = time.perf_counter() - start
        if line is not None:
            found.append(f"d{depth}: {len(line)} plies in {spent:.2f} s")
            break
        found.append(f"d{depth}: none ({spent:.2f} s)")
    return tuple(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path, help="match or bench_strength output")
    parser.add_argument("--oracle", type=float, default=4.0, help="seconds a position")
    parser.add_argument("--threats", type=float, default=10.0, help="seconds for each VCT")
    parser.add_argument("--size", default="15x15", help="board, rows x columns (default 15x15)")
    parser.add_argument("--k", type=int, default=None, help="k in a row (default min(m, n, 5))")
    args = parser.parse_args(argv)
    games = lost_games([path.read_text() for path in args.logs])
    if not games:
        print("no lost games in these logs")
        return 1
    rules = Rules.parse_size(args.size, args.k)
    changed = 0
    for game in games:
        found = losing_move(game, rules, args.oracle, args.threats)
        if found.ply is None:
            print(f"opening {game.opening:2} as {game.mark}: lost from the opening on")
            continue
        changed += found.preferred != found.played
        print(
            f"opening {game.opening:2} as {game.mark}: ply {found.ply} played {found.played}, "
            f"{args.oracle:g} s prefers {found.preferred}; winner's VCT after it: "
            + ", ".join(found.threats),
            flush=True,
        )
    print(
        f"{len(games)} lost games; given {args.oracle:g} s the engine would change "
        f"{changed} of the losing moves"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
