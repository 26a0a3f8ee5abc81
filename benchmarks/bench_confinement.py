"""Start-up cost of a confined own player against a trusted one.

Run ``python benchmarks/bench_confinement.py [--rounds N]`` (default 10).
Each round, in turn, makes a player from a small file and times its first
move (the child process started, the player loaded, one move answered),
then its tenth (the process kept), under each protection:

- trusted (``--trust``): the child as this process runs it;
- limits: the fallback's resource limits and audit hook (``TICTACTOE_BWRAP=``
  empty);
- bubblewrap: the sandbox, where ``bwrap`` works here (else left out).

Printed: the median of each, and its ratio to the trusted player's. The
first move is what a game or a tournament pays once per player and worker
process; later moves pay only the pipes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tictactoe import players
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits
from tictactoe.players import confinement

PLAYER = "def choose(board):\n    return board.legal_moves()[0]\n"
LIMITS = Limits(seconds=5.0)


def timed(path: str) -> tuple[float, float]:
    """Seconds of a new player's first move, and of its tenth."""
    board = Board.empty(Rules(5, 5, 4))
    started = time.perf_counter()
    player = players.create(path, own=True)
    try:
        player.choose(board, LIMITS)
        first = time.perf_counter() - started
        for _ in range(8):
            board = board.play(player.choose(board, LIMITS))
        started = time.perf_counter()
        player.choose(board, LIMITS)
        return first, time.perf_counter() - started
    finally:
        player.close()  # type: ignore[attr-defined]


def setting(name: str, path: str) -> None:
    """Set the environment for the protection ``name``."""
    os.environ.pop(confinement.TRUST_VARIABLE, None)
    os.environ.pop(confinement.BWRAP_VARIABLE, None)
    if name == "trusted":
        os.environ[confinement.TRUST_VARIABLE] = path
    elif name == "limits":
        os.environ[confinement.BWRAP_VARIABLE] = ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "first_free.py")
        Path(path).write_text(PLAYER)
        names = ["trusted", "limits"]
        if confinement.bubblewrap() is not None:
            names.append("bubblewrap")
        else:
            print("bubblewrap: not here, left out")
        firsts: dict[str, list[float]] = {name: [] for name in names}
        laters: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(args.rounds):
            for name in names:
                setting(name, path)
                first, later = timed(path)
                firsts[name].append(first)
                laters[name].append(later)
    base_first = statistics.median(firsts["trusted"])
    base_later = statistics.median(laters["trusted"])
    print(f"{'protection':<12}{'first move':>12}{'ratio':>8}{'later move':>13}{'ratio':>8}")
    for name in names:
        first, later = statistics.median(firsts[name]), statistics.median(laters[name])
        print(
            f"{name:<12}{first * 1000:>9.0f} ms{first / base_first:>7.2f}x"
            f"{later * 1000:>10.2f} ms{later / base_later:>7.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
