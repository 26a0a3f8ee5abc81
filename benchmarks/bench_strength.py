"""Strength of the engine against its sparring partners: the issue's targets, PASS/FAIL.

Run ``python benchmarks/bench_strength.py [--think 1.0] [--openings 40] [--only NAME]``,
or ``python benchmarks/bench_strength.py --ladder PATH [--rungs 1000,3000,10000,30000]``
for the ladder against a strong Gomocup brain held to a node budget (see below).
Each match is ``benchmarks/match.py`` (balanced openings, colours swapped per
opening); on 7 x 7 and 9 x 9 (k = 5) the openings that fit are moved to the
middle of the board. Targets on 15 x 15, k = 5:

- the old lookahead (``match.py``'s, the package at git revision ``match.LOOKAHEAD``):
  at least 95 %;
- win-block, centre-first, fork-aware: 100 %;
- OpenSpiel's MCTS bot (1,000 simulations, its ``mnk`` game; needs ``open_spiel``): 100 %;
- gomokubench's "standard" AI (needs ``gomokubench``): reported, no target.

The ladder (``--ladder PATH``, the path of a Gomocup brain that reads ``INFO
max_node``, such as Rapfi): a match against that brain held to each rung's
nodes a move, 15 x 15 free-style; each line gives the score, the Elo
difference with its 95 % interval, the time a move of each side and the
machine's load average (``uptime``'s, one minute) when the match started and
ended: the engine thinks for wall-clock time, so a busy machine makes it
weaker, while the brain's node budget is the same on every machine. Target
at the 10,000 rung: at least 50 %. ``--start 20`` plays the openings that
tuning did not use (the engine was tuned on the first 20).

``--nodes N`` holds the engine to N nodes a move too: both sides then play
the same game on any machine, however busy, and quickly (80 games at 30,000
nodes take about 4 minutes on one core) - a screen for changes, which the
1-second ladder then confirms. ``--openings-file`` plays other openings
(one a line, as ``match.py`` reads them), for more games than the 40
balanced ones give.

The 7 x 7 and 9 x 9 matches against lookahead are reported without a target
(strong play there should mostly draw, or win as the first player). A full
run at 1 s a move takes about 50 minutes on a quiet 2-core machine (the
lookahead match over half of it): ``--openings`` and ``--only`` cut it
down, and the README says which settings gave its figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import OPENINGS, Brain, Tally, elo_interval, make_player, run

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


LADDER = (1_000, 3_000, 10_000, 30_000)
"""The rungs: nodes a move the brain is held to."""

LADDER_TARGET = (10_000, 0.5)
"""The rung with a target, and the score to reach there."""


def load() -> float:
    """The one-minute load average (0.0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def move_times(tally: Tally, name: str) -> str:
    """``median / mean / slowest`` milliseconds a move of the player ``name``."""
    times = tally.times.get(name) or [0.0]
    return (
        f"{1000 * statistics.median(times):.0f} / {1000 * statistics.fmean(times):.0f} / "
        f"{1000 * max(times):.0f} ms"
    )


def ladder(args: argparse.Namespace) -> list[str]:
    """The matches against the brain at ``args.ladder`` held to each rung's nodes."""
    rules = Rules(15, 15, 5)
    summary = []
    for nodes in args.rungs:
        held = f"nodes={args.nodes}" if args.nodes else f"think={args.think}"
        engine = make_player(f"engine:{held}", 1, args.think)
        rival = Brain(args.ladder, args.think, nodes)
        print(f"--- {engine.name} against {rival.name}, {args.openings} openings from {args.start}")
        start, load_before = time.perf_counter(), load()
        try:
            tally = run(
                engine, rival, rules, args.openings, 0, 50, 0.05, 0.05,
                start=args.start, path=args.openings_file,
            )  # fmt: skip
        finally:
            rival.close()
        minutes = (time.perf_counter() - start) / 60
        mid, low, high = elo_interval(tally.pairs)
        target_nodes, target = LADDER_TARGET
        verdict = (
            ""
            if nodes != target_nodes
            else (" PASS" if tally.score >= target else f" FAIL (target {100 * target:.0f}%)")
        )
        line = (
            f"{nodes:>7,} nodes  +{tally.wins} -{tally.losses} ={tally.draws} of {tally.games}: "
            f"{100 * tally.score:5.1f}%{verdict}  Elo {mid:+.0f} [{low:+.0f}, {high:+.0f}]  "
            f"a move (median / mean / slowest): engine {move_times(tally, engine.name)}, "
            f"brain {move_times(tally, rival.name)}  load {load_before:.1f}-{load():.1f}  "
            f"({minutes:.0f} min)"
        )
        print(line, flush=True)
        summary.append(line)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="engine seconds a move")
    parser.add_argument("--openings", type=int, default=40, help="most openings per match")
    parser.add_argument("--only", action="append", help="run only these matches (by name)")
    parser.add_argument(
        "--start", type=int, default=0, help="skip the first N openings (to add to a run)"
    )
    parser.add_argument(
        "--ladder", metavar="PATH", help="play the ladder against this Gomocup brain instead"
    )
    parser.add_argument(
        "--nodes", type=int, help="ladder: hold the engine to N nodes a move (not to --think)"
    )
    parser.add_argument(
        "--openings-file",
        type=Path,
        default=OPENINGS,
        help="ladder: openings to play, one a line (default: the 40 balanced ones)",
    )
    parser.add_argument(
        "--rungs",
        type=lambda text: [int(part) for part in text.split(",")],
        default=list(LADDER),
        help="nodes a move of each rung, comma-separated (default 1000,3000,10000,30000)",
    )
    args = parser.parse_args(argv)
    if args.ladder:
        try:
            summary = ladder(args)
        except (OSError, ValueError) as error:  # a brain that fails, an unreadable openings file
            raise SystemExit(f"bench_strength.py: {error}") from None
        held = f"{args.nodes:,} nodes" if args.nodes else f"{args.think:g} s"
        print("\n".join(["", f"engine at {held} a move, 15 x 15:", *summary]))
        return 0
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
