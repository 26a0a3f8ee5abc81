"""Strength of the engine against its sparring partners: the issue's targets, PASS/FAIL.

Run ``python benchmarks/bench_strength.py [--think 1.0] [--openings 40] [--only NAME]``.
Each match is ``benchmarks/match.py`` (balanced openings, colours swapped per
opening); on 7 x 7 and 9 x 9 (k = 5) the openings that fit are moved to the
middle of the board. Targets on 15 x 15, k = 5:

- today's lookahead (frozen in ``benchmarks/baselines/``): at least 95 %;
- win-block, centre-first, fork-aware: 100 %;
- OpenSpiel's MCTS bot (1,000 simulations, its ``mnk`` game; needs ``open_spiel``): 100 %;
- gomokubench's "standard" AI (needs ``gomokubench``): reported, no target.

The 7 x 7 and 9 x 9 matches against lookahead are reported without a target
(strong play there should mostly draw, or win as the first player). A full
run at 1 s a move takes about 50 minutes on a quiet 2-core machine (the
lookahead match over half of it): ``--openings`` and ``--only`` cut it
down, and the README says which settings gave its figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import make_player, run

from tictactoe.core.rules import Rules

MATCHES = (
    # (name, opponent, rules, target score or None, most openings)
    ("lookahead", "lookahead", Rules(15, 15, 5), 0.95, None),
    ("win-block", "win-block", Rules(15, 15, 5), 1.0, 20),
    ("centre-first", "centre-first", Rules(15, 15, 5), 1.0, 20),
    ("fork-aware", "fork-aware", Rules(15, 15, 5), 1.0, 20),
    ("mcts", "mcts", Rules(15, 15, 5), 1.0, 10),
    ("gomokubench", "gomokubench", Rules(15, 15, 5), None, 10),
    ("lookahead-9x9", "lookahead", Rules(9, 9, 5), None, 10),
    ("lookahead-7x7", "lookahead", Rules(7, 7, 5), None, 10),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="engine seconds a move")
    parser.add_argument("--openings", type=int, default=40, help="most openings per match")
    parser.add_argument("--only", action="append", help="run only these matches (by name)")
    parser.add_argument(
        "--start", type=int, default=0, help="skip the first N openings (to add to a run)"
    )
    args = parser.parse_args(argv)
    summary = []
    for name, opponent, rules, target, most in MATCHES:
        if args.only and name not in args.only:
            continue
        count = min(args.openings, most) if most else args.openings
        try:
            engine = make_player(f"engine:think={args.think}", 1, args.think)
            rival = make_player(opponent, 2, args.think)
        except ImportError as error:
            summary.append(f"{name:14} skipped: {error}")
            continue
        print(f"--- {engine.name} against {rival.name} on {rules}, up to {count} openings")
        start = time.perf_counter()
        tally = run(engine, rival, rules, count, 0, 50, 0.05, 0.05, start=args.start)
        minutes = (time.perf_counter() - start) / 60
        verdict = (
            ""
            if target is None
            else (" PASS" if tally.score >= target else f" FAIL (target {100 * target:.0f}%)")
        )
        line = (
            f"{name:14} {rules!s:12} +{tally.wins} -{tally.losses} ={tally.draws} "
            f"of {tally.games}: {100 * tally.score:5.1f}%{verdict}  ({minutes:.0f} min)"
        )
        print(line, flush=True)
        summary.append(line)
    print("\n".join(["", f"engine at {args.think:g} s a move:", *summary]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
