"""Complete random games per second: the playout path against Board, a plain loop and pyspiel.

Run ``python benchmarks/bench_random_games.py [seconds] [rounds]`` (defaults
1.0 and 3). On 3 x 3 and on 15 x 15 with k = 5, every contestant plays
random legal moves until a win or a full board:

- ``Board 81497fb``: ``Board`` as it was at git revision 81497fb (before the
  playout path), loaded beside today's package by ``benchmarks/revision.py``,
  one ``play`` a move: the yardstick;
- ``Board``: the package's ``Board`` as it is now (it must be no slower);
- ``playout``: :meth:`Playout.random_game`, the path for simulations;
- ``playout, 2 rngs``: :meth:`Playout.random_players_game`, the path the
  arena takes for two random players (each side draws from its own
  generator, one ``randrange`` a move, as ``RandomPlayer`` does);
- ``plain loop``: a list of cells and a list of the free ones, every line
  checked after each move, the way seed 003 does (a line is left at its
  first cell that is not the mover's);
- ``pyspiel``: OpenSpiel's C++ states through its Python API
  (``tic_tac_toe`` and ``mnk``), moves drawn with ``random.choice`` of
  ``legal_actions()``; optional (``pip install -e '.[bench]'``).

Time is this process's CPU time, the contestants take turns for
``seconds`` each, ``rounds`` times over, and each keeps its best round, so
the others' load on the machine skews all alike. Targets (PASS/FAIL): the
playout path beats pyspiel on both boards (the plain loop if pyspiel is
missing), is at least 3 times as fast as ``Board 81497fb`` on 15 x 15 (issue
8), and ``Board`` is no slower than ``Board 81497fb`` (within 10%, the
timing noise).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import revision

from tictactoe.core.board import Board
from tictactoe.core.playout import Playout
from tictactoe.core.rules import Rules

YARDSTICK = "81497fb"
"""The revision whose ``Board`` the others are measured against (before the playout path)."""
OLD = f"Board {YARDSTICK}"
BOARDS = (Rules(3, 3, 3), Rules(15, 15, 5))
DEFAULT_SECONDS = 1.0
DEFAULT_ROUNDS = 3
TARGET_OVER_BOARD = 3.0
"""The playout path's games per second on 15 x 15 over today's Board's (issue 8)."""
NOISE = 0.9
"""``Board`` counts as no slower than the yardstick's at this fraction of its speed or more."""

Game = Callable[[random.Random], int]
"""One random game drawn from the generator; the number of moves it lasted."""


def board_game(empty: Any) -> Game:
    """Random games from the board ``empty`` (of today's package or of the yardstick's)."""

    def play(rng: random.Random) -> int:
        board = empty
        while not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        return board.move_count

    return play


def playout_game(rules: Rules) -> Game:
    playout = Playout(rules)

    def play(rng: random.Random) -> int:
        return playout.random_game(rng).move_count

    return play


def playout_players_game(rules: Rules) -> Game:
    playout = Playout(rules)

    def play(rng: random.Random) -> int:
        return playout.random_players_game(rng, rng).move_count

    return play


def plain_game(rules: Rules) -> Game:
    """A list of cells and a list of free ones; every line checked after each move (seed 003)."""
    lines, size = rules.lines, rules.size

    def play(rng: random.Random) -> int:
        cells = [0] * size
        free = list(range(size))
        player, moves = 1, 0
        while free:
            cells[free.pop(rng.randrange(len(free)))] = player
            moves += 1
            for line in lines:
                for cell in line:
                    if cells[cell] != player:
                        break
                else:
                    return moves
            player = -player
        return moves

    return play


def spiel_game(rules: Rules) -> Game | None:
    """pyspiel's state API on ``rules``' board, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if (rules.m, rules.n, rules.k) == (3, 3, 3):
        game = pyspiel.load_game("tic_tac_toe")
    else:
        game = pyspiel.load_game("mnk", {"m": rules.n, "n": rules.m, "k": rules.k})

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return play


def contestants(rules: Rules) -> dict[str, Game]:
    found = {
        OLD: board_game(revision.board(YARDSTICK, Board.empty(rules))),
        "Board": board_game(Board.empty(rules)),
        "playout": playout_game(rules),
        "playout, 2 rngs": playout_players_game(rules),
        "plain loop": plain_game(rules),
    }
    spiel = spiel_game(rules)
    if spiel is not None:
        found["pyspiel"] = spiel
    return found


def rate(play: Game, seconds: float, seed: int) -> tuple[float, float]:
    """(games per CPU second, average moves a game) over about ``seconds``."""
    rng = random.Random(seed)
    games = moves = 0
    clock = time.process_time
    start = clock()
    while (spent := clock() - start) < seconds:
        for _ in range(10):
            moves += play(rng)
        games += 10
    return games / spent, moves / games


def measure(rules: Rules, seconds: float, rounds: int) -> dict[str, tuple[float, float]]:
    """Each contestant's best (games/s, moves a game) over ``rounds`` interleaved rounds."""
    best: dict[str, tuple[float, float]] = {}
    games = contestants(rules)
    for number in range(rounds):
        for name, play in games.items():
            games_per_second, moves = rate(play, seconds, number)
            if games_per_second > best.get(name, (0.0, 0.0))[0]:
                best[name] = (games_per_second, moves)
    return best


def verdict(passed: bool) -> str:
    return "PASS" if passed else "FAIL"


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else DEFAULT_SECONDS
    rounds = int(argv[1]) if len(argv) > 1 else DEFAULT_ROUNDS
    failed = False
    for rules in BOARDS:
        best = measure(rules, seconds, rounds)
        yardstick = best[OLD][0]
        print(f"\n{rules}: complete random games per CPU second (best of {rounds} x {seconds} s)")
        print(f"  {'':<16}{'games/s':>12}{'x ' + OLD:>17}{'moves':>8}")
        for name, (games_per_second, moves) in best.items():
            print(
                f"  {name:<16}{games_per_second:>12,.0f}{games_per_second / yardstick:>16.2f}x"
                f"{moves:>8.1f}"
            )
        playout = best["playout"][0]
        rival = "pyspiel" if "pyspiel" in best else "plain loop"
        if rival != "pyspiel":
            print(
                "  (OpenSpiel is not installed: the playout path is compared with the plain loop)"
            )
        checks = [
            (f"playout beats {rival}", playout > best[rival][0]),
            (
                f"Board no slower than {OLD} (>= {NOISE:.0%})",
                best["Board"][0] >= NOISE * yardstick,
            ),
        ]
        if rules.size > 9:
            checks.append(
                (
                    f"playout >= {TARGET_OVER_BOARD:.0f}x {OLD}",
                    playout >= TARGET_OVER_BOARD * yardstick,
                )
            )
        for name, passed in checks:
            print(f"  {name}: {verdict(passed)}")
            failed |= not passed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
