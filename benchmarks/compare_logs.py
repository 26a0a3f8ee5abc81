"""Two versions' matches against the same opponent, compared opening by opening.

Run ``python benchmarks/compare_logs.py NEW.log OLD.log`` on two logs of
``match.py`` or ``bench_strength.py --ladder`` (each version as player A,
the same opponent and openings). Each log gives, per opening, the score of its
pair of games (colours swapped: 0, 0.5, 1, 1.5 or 2); on the openings both
played, the script prints each version's score, the mean difference of the
pairs (in points of score: +5.0 is five percentage points better) with its
95% interval, and how many pairs differ. Pairing by opening removes the
openings' own share of the noise: two versions that play alike differ on few
pairs, so a small difference can show where two separate scores could not.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

PAIR = re.compile(r"^opening\s+(\d+): pair ([\d.]+)", re.MULTILINE)


class Comparison(NamedTuple):
    """Two logs on their common openings."""

    openings: int
    new: float
    """The new version's score (0 to 1) on them."""
    old: float
    difference: float
    """The mean difference of the pairs' scores, halved: a difference of scores."""
    margin: float
    """The 95% interval's half-width of :attr:`difference`."""
    changed: int
    """Pairs whose score differs."""


def pairs(log: Path) -> dict[int, float]:
    """Opening number -> the score of its pair of games, as the log reports it."""
    return {int(number): float(score) for number, score in PAIR.findall(log.read_text())}


def compare(new: dict[int, float], old: dict[int, float]) -> Comparison | None:
    """The comparison on the openings both logs played (None if fewer than two)."""
    common = sorted(new.keys() & old.keys())
    if len(common) < 2:
        return None
    steps = [new[number] - old[number] for number in common]
    count = len(steps)
    mean = sum(steps) / count
    spread = math.sqrt(sum((step - mean) ** 2 for step in steps) / (count - 1))
    return Comparison(
        count,
        sum(new[number] for number in common) / (2 * count),
        sum(old[number] for number in common) / (2 * count),
        mean / 2,
        1.96 * spread / math.sqrt(count) / 2,
        sum(1 for step in steps if step),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new", type=Path, help="the new version's match log")
    parser.add_argument("old", type=Path, help="the old version's match log")
    args = parser.parse_args(argv)
    try:
        found = compare(pairs(args.new), pairs(args.old))
    except OSError as error:
        raise SystemExit(f"compare_logs.py: {error}") from None
    if found is None:
        print("the logs have fewer than two openings in common")
        return 1
    print(
        f"{found.openings} openings: new {100 * found.new:.1f}%, old {100 * found.old:.1f}%, "
        f"difference {100 * found.difference:+.1f} +- {100 * found.margin:.1f} points (95%), "
        f"{found.changed} pairs changed"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
