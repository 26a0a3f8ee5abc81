"""Complete random games per second: the engine's Board against a naive list board.

Run with ``python benchmarks/bench_random_games.py [seconds per measurement]``.
Both sides play the same kind of game (random legal moves until a win or a
full board) with the same generator; the naive board is a list of cells that
rescans every line after each move, the way the seeds do.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules

BOARDS = (Rules(3, 3, 3), Rules(15, 15, 5))
DEFAULT_SECONDS = 2.0


def engine_game(rules: Rules, rng: random.Random) -> int:
    """One random game on :class:`Board`; the number of moves."""
    board = Board.empty(rules)
    while not board.is_over:
        board = board.play(rng.choice(board.legal_moves()))
    return board.move_count


def naive_game(rules: Rules, rng: random.Random) -> int:
    """One random game on a list of cells, every line rescanned after each move."""
    cells = [0] * rules.size
    lines = rules.lines
    player, moves = 1, 0
    while True:
        free = [cell for cell, mark in enumerate(cells) if mark == 0]
        if not free:
            return moves
        cells[rng.choice(free)] = player
        moves += 1
        if any(all(cells[cell] == player for cell in line) for line in lines):
            return moves
        player = -player


def games_per_second(
    play: Callable[[Rules, random.Random], int], rules: Rules, seconds: float
) -> tuple[float, float]:
    """(games per second, average moves per game) over about ``seconds``."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        moves += play(rules, rng)
        games += 1
    return games / elapsed, moves / games


def main(argv: list[str]) -> None:
    """Measure both boards and print a small table."""
    seconds = float(argv[0]) if argv else DEFAULT_SECONDS
    print(f"{'board':<14}{'engine games/s':>16}{'naive games/s':>16}{'speed-up':>10}{'moves':>8}")
    for rules in BOARDS:
        engine, moves = games_per_second(engine_game, rules, seconds)
        naive, _ = games_per_second(naive_game, rules, seconds)
        print(f"{rules!s:<14}{engine:>16,.0f}{naive:>16,.0f}{engine / naive:>9.1f}x{moves:>8.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
