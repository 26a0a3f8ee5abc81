"""Measure the exact outcome of every opening position of the slow boards: ``core/openings.tsv``.

Run ``python scripts/build_openings.py [--jobs 2]`` after changing the solver,
then ``python scripts/build_capability.py`` (which measures with this table in
place). For each board of :data:`BOARDS` it lists every position with at most
the given number of marks that is not over, up to symmetry, and proves its
value and plies to the end (with fresh tables that ignore the old file). Only
wins and losses are written; every other covered position is a draw. Then it
values every move of each position with that many marks, from fresh tables as
``tictactoe solve`` does, and where that took more than :data:`HARD_NODES`
positions it writes the position (``covers``) and its children's outcomes
too. A board with rows and columns of different lengths is written in both
orientations.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tictactoe.core import openings
from tictactoe.core.board import Board, Mark
from tictactoe.core.prover import Prover
from tictactoe.core.rules import Rules
from tictactoe.core.solver import every_move
from tictactoe.core.symmetry import make_canonical
from tictactoe.core.values import Prospect, Value

BOARDS = {Rules(5, 5, 4): 4}
"""Each board with an opening table, and the most marks its table covers."""

CHUNK = 64
"""Positions a worker proves in one go, sharing its tables."""

HARD_NODES = 60_000
"""A position whose every move takes more positions than this to value has its children
written too (well under the capability table's limit, which it must meet)."""

MAX_ENTRIES = 3_000_000
"""Table entries a worker keeps (about a gigabyte)."""

HEADER = """\
# Exact outcomes of the opening positions of the boards too slow to search there at once:
# written by scripts/build_openings.py (rerun it when the solver changes). Per board a line
# "board M N K PLIES", then every position with at most PLIES marks that is not a draw, up to
# symmetry: its canonical key (hexadecimal) and "w"/"l" with the plies to the end.
"""


def sides(board: Board) -> tuple[int, int]:
    """(bits of the side to move, bits of the other side)."""
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


def positions(rules: Rules, plies: int) -> list[Board]:
    """Every position with at most ``plies`` marks that is not over, one per symmetry class."""
    canonical = make_canonical(rules)
    level = [Board.empty(rules)]
    found = list(level)
    for _ in range(plies):
        seen: dict[int, Board] = {}
        for board in level:
            for cell in board.legal_moves():
                child = board.play_unchecked(cell)
                if child.is_over:
                    continue
                mover, other = sides(child)
                seen.setdefault(canonical(mover | other << rules.size), child)
        level = list(seen.values())
        found += level
    return found


_PROVERS: dict[Rules, Prover] = {}
"""Each worker process's prover per board, kept between chunks."""


def prove_chunk(texts: list[str], k: int) -> list[tuple[str, str]]:
    """(position, encoded outcome) for each position of the chunk that is not a draw."""
    found = []
    for text in texts:
        board = Board.parse(text, k)
        engine = _PROVERS.get(board.rules)
        if engine is None:
            engine = _PROVERS[board.rules] = Prover(board.rules, MAX_ENTRIES, use_openings=False)
        outcome = engine.outcome(*sides(board))
        if outcome.value is not Value.DRAW:
            found.append((text, openings.encode(outcome)))
    return found


def hard_chunk(texts: list[str], k: int) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each position of the chunk whose every move is slow to value, with its children's
    outcomes that are not draws (as positions and codes)."""
    found = []
    for text in texts:
        board = Board.parse(text, k)
        engine = Prover(board.rules, MAX_ENTRIES, use_openings=False)
        outcomes = every_move(engine, board)
        if engine.nodes <= HARD_NODES:
            continue
        children = [  # each move's outcome for its player, seen from the other side
            (board.play(cell).text, openings.encode(Prospect(move.value.flipped, move.plies - 1)))
            for cell, move in outcomes.items()
            if move.value is not Value.DRAW and not board.play(cell).is_over
        ]
        found.append((text, children))
    return found


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def transposed(board: Board) -> Board:
    """The same position on the board with rows and columns swapped."""
    rows = board.text.split("/")
    return Board.parse(
        "/".join("".join(column) for column in zip(*rows, strict=True)), board.rules.k
    )


def section(
    rules: Rules, plies: int, decided: list[Board], outcomes: list[str], parents: list[Board]
) -> list[str]:
    """The lines of one board (its non-draw positions' keys and outcomes, the parents
    whose children are covered)."""
    canonical = make_canonical(rules)

    def key(board: Board) -> str:
        mover, other = sides(board)
        return f"{canonical(mover | other << rules.size):x}"

    rows = {f"{key(board)} {code}" for board, code in zip(decided, outcomes, strict=True)}
    covers = {f"covers {key(board)}" for board in parents}
    return [f"board {rules.m} {rules.n} {rules.k} {plies}", *sorted(covers), *sorted(rows)]


def build(rules: Rules, plies: int, jobs: int) -> list[str]:
    """Prove the board's opening positions over ``jobs`` processes; its table lines."""
    start = time.perf_counter()
    boards = positions(rules, plies)
    texts = [board.text for board in boards]
    print(f"{rules}: {len(texts):,} positions with at most {plies} marks", flush=True)
    found: list[tuple[str, str]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(prove_chunk, chunk, rules.k) for chunk in chunks(texts, CHUNK)]
        for done, future in enumerate(futures, 1):
            found += future.result()
            if done % 10 == 0 or done == len(futures):
                print(
                    f"  {done * CHUNK:,}/{len(texts):,} positions, {len(found):,} decided, "
                    f"{time.perf_counter() - start:.0f} s",
                    flush=True,
                )
    last = [text for text in texts if Board.parse(text, rules.k).move_count == plies]
    print(f"  valuing every move of the {len(last):,} positions with {plies} marks", flush=True)
    parents: list[str] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(hard_chunk, chunk, rules.k) for chunk in chunks(last, CHUNK)]
        for done, future in enumerate(futures, 1):
            for parent, children in future.result():
                parents.append(parent)
                found += children
            if done % 10 == 0 or done == len(futures):
                print(
                    f"  {done * CHUNK:,}/{len(last):,} positions, {len(parents):,} slow, "
                    f"{time.perf_counter() - start:.0f} s",
                    flush=True,
                )
    decided = [Board.parse(text, rules.k) for text, _ in found]
    codes = [code for _, code in found]
    slow = [Board.parse(text, rules.k) for text in parents]
    lines = section(rules, plies, decided, codes, slow)
    if rules.m != rules.n:
        flipped = Rules(rules.n, rules.m, rules.k)
        lines += section(
            flipped,
            plies,
            [transposed(board) for board in decided],
            codes,
            [transposed(board) for board in slow],
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Prove every board's openings and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--table", type=Path, default=Path(openings.TABLE))
    args = parser.parse_args(argv)
    lines: list[str] = []
    for rules, plies in BOARDS.items():
        lines += build(rules, plies, args.jobs)
    args.table.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
