"""Where the opponent's moves rank in the engine's move ordering: does the search look at them?

Run ``python benchmarks/ordering_ranks.py LOG [LOG ...] [--openings-file F]`` on
match logs (``match.py`` or ``bench_strength.py --ladder`` output: their ``lost:``
lines hold the games A lost; ``--openings-file``: the openings the match played,
if not the balanced ones). In every quiet position of those games - past the
opening, no four or five for either side to make - where the other side
(player B) moved, the engine's move ordering for that side ranks
the candidate cells (as ``Position.order_keys`` does, without the history), and
the script prints how often B's move was among the first 1, 3, 6 (what a node
with four plies or more left searches, ``WIDTH``), 10, 20 and 32 (the root's
width), and how often it was not a candidate at all. With ``PYTHONPATH``
pointing at another checkout's ``src`` it ranks by that checkout's ordering.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import OPENINGS
from move_quality import RULES, games

from tictactoe.core.gomoku.patterns import FIVES, FOURS
from tictactoe.core.gomoku.position import CELL_MASK, Geometry, Position

TOPS = (1, 3, 6, 10, 20, 32)
"""The ranks reported: how often the move was among this many first ones."""


def ranks(logs: Sequence[Path], path: Path = OPENINGS) -> list[int | None]:
    """The rank (from 1) of each of B's moves in the quiet positions of the logged games
    (their openings numbered as in ``path``) in the engine's ordering; None where the
    move was not a candidate."""
    geometry = Geometry(RULES)
    found: list[int | None] = []
    for game in games(logs, path):
        pos = Position(geometry)
        for ply, cell in enumerate(game.cells):
            side = ply % 2
            sharp = any(pos.threats[2 * kind + who] for kind in (FIVES, FOURS) for who in (0, 1))
            if side != game.side and ply >= game.start and not sharp:
                keys = sorted(pos.order_keys(pos.candidates(), side, [0] * RULES.size))
                order = [key & CELL_MASK for key in reversed(keys)]
                found.append(order.index(cell) + 1 if cell in order else None)
            pos.make(cell, side)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path, help="match logs")
    parser.add_argument(
        "--openings-file",
        type=Path,
        default=OPENINGS,
        help="the openings the matches played (default: the 40 balanced ones)",
    )
    args = parser.parse_args(argv)
    try:
        found = ranks(args.logs, args.openings_file)
    except (OSError, ValueError) as error:  # an unreadable log, a cell that is not one
        raise SystemExit(f"ordering_ranks.py: {error}") from None
    if not found:
        print("no quiet positions in those games")
        return 1
    total = len(found)
    print(f"{total} quiet positions of the lost games where the other side moved")
    for top in TOPS:
        share = sum(1 for rank in found if rank is not None and rank <= top) / total
        print(f"  among the first {top:2}: {100 * share:5.1f}%")
    missing = sum(1 for rank in found if rank is None) / total
    print(f"  not a candidate:      {100 * missing:5.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
