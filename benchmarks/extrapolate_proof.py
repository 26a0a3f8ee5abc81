"""How much of a big proof (8 x 8 with k = 5) a day on this machine covers: an extrapolation.

Run ``python benchmarks/extrapolate_proof.py [--m 8 --n 8 --k 5] [--minutes 20]``.
A proof from the empty board is far too big to time, so this proves the
positions along one line of play instead, deepest first: the position after
``--from`` plies, then one ply earlier, and so on, each from fresh tables
(``tictactoe.core.exact.solver.prove``), until the time given is spent. The line
is one the searches try early: each side's first move in the solver's order
(wins, blocks, threats, then cells nearest the centre) that a short proof
does not show losing.

It prints each position's value, positions searched and seconds, the growth
from one ply to the one before (positions searched, geometric mean of the
last steps measured), and from that an estimate of the positions a proof
from the empty board searches, what a day at the measured speed covers and
what share of the estimate that is. The estimate assumes the growth stays
what it was over the measured plies; the tree near the top can grow faster
(more open lines, fewer pairings), so the share is an upper bound in
spirit, good to an order of magnitude at best.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time

from tictactoe.core.board import Board
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import UnsolvableError, _root_moves, prove
from tictactoe.core.exact.values import Value
from tictactoe.core.rules import Rules

DAY = 24 * 3600

LINE_NODES = 20_000
"""Positions spent checking that a move of the line does not lose."""


def line_of_play(rules: Rules, plies: int) -> list[Board]:
    """The positions after 0 .. ``plies`` plies of a line the searches try early: each
    side's first move in the solver's order not shown to lose within
    :data:`LINE_NODES` positions (a draw's proof is made of such moves)."""
    engine = Prover(rules, use_openings=False)
    boards = [Board.empty(rules)]
    for _ in range(plies):
        board = boards[-1]
        if board.is_over:
            break
        moves = _root_moves(engine, board)
        boards.append(board.play(next((c for c in moves if _holds(board, c)), moves[0])))
    return boards


def _holds(board: Board, cell: int) -> bool:
    """False if the move is proved to lose within :data:`LINE_NODES` positions."""
    child = board.play(cell)
    if child.is_over:
        return True
    try:
        return prove(child, max_nodes=LINE_NODES).value is not Value.WIN
    except UnsolvableError:
        return True


def main(argv: list[str] | None = None) -> int:
    """Prove the line's positions deepest first within the time given; print the estimate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--m", type=int, default=8)
    parser.add_argument("--n", type=int, default=8)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--from", dest="start", type=int, default=16, help="deepest ply")
    parser.add_argument("--minutes", type=float, default=20.0, help="time to spend")
    args = parser.parse_args(argv)
    rules = Rules(args.m, args.n, args.k)
    boards = line_of_play(rules, args.start)
    deadline = time.perf_counter() + args.minutes * 60
    print(f"{rules}, load average {os.getloadavg()[0]:.2f}", flush=True)
    print(f"{'plies':>5} {'value':<6} {'positions':>12} {'seconds':>9}  position")
    measured: list[tuple[int, int, float]] = []
    for plies in range(len(boards) - 1, -1, -1):
        board = boards[plies]
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        # Give up on a position that would take longer than the time left, judged by
        # the speed so far (a count, not a clock: the run stays reproducible).
        speed = sum(n for _, n, _ in measured) / max(sum(s for _, _, s in measured), 1e-9)
        cap = int(left * speed) if measured else None
        try:
            proof = prove(board, max_nodes=cap)
        except UnsolvableError:
            print(f"{plies:>5} {'-':<6} {'>' + format(cap, ','):>12} {'':>9}  {board.text}")
            break
        measured.append((plies, proof.nodes, proof.cpu_seconds))
        row = f"{plies:>5} {proof.value:<6} {proof.nodes:>12,} {proof.cpu_seconds:>9.1f}"
        print(f"{row}  {board.text}", flush=True)
    steps = [
        later[1] / earlier[1]
        for earlier, later in itertools.pairwise(measured)
        if earlier[1] >= 1000
    ]
    if len(steps) < 2:
        print("too few positions measured for an estimate: give it more minutes")
        return 1
    growth = math.exp(sum(map(math.log, steps[-4:])) / len(steps[-4:]))
    shallowest, nodes, _ = measured[-1]
    total = nodes * growth**shallowest
    speed = sum(n for _, n, _ in measured) / sum(s for _, _, s in measured)
    per_day = speed * DAY
    print(
        f"growth per ply {growth:.2f} (last {len(steps[-4:])} steps); "
        f"about {total:.1e} positions from the empty board; "
        f"{speed:,.0f} positions a second, {per_day:.1e} a day: {per_day / total:.1e} of the tree"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
