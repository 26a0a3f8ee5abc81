"""``tictactoe solve``: the exact value of positions and of every legal move."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

from tictactoe.commands.options import at_least
from tictactoe.console import LineReader
from tictactoe.core.analysis import MoveValue
from tictactoe.core.board import MAX_TEXT, Board
from tictactoe.core.cells import Numbering, label
from tictactoe.core.errors import TicTacToeError, shown
from tictactoe.core.rules import MIN_K
from tictactoe.core.solver import Solution, Solver, Value

LINE_LIMIT = 4096
"""Longest line of standard input read as a position (the biggest board takes 701 characters)."""

HELP = "solve positions exactly: the value, the best moves and every move's value"

EXIT_OK = 0
EXIT_BAD_INPUT = 2
STDIN = "-"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``POSITION... --k --json`` to ``parser``."""
    parser.add_argument(
        "positions",
        nargs="+",
        metavar="POSITION",
        help="a position such as X.O/.X./..O (rows from the top, / between rows); "
        "- reads positions from standard input, one per line",
    )
    parser.add_argument(
        "--k",
        type=at_least(MIN_K),
        metavar="K",
        help="marks in a row to win (default min(rows, columns, 5))",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per position per line"
    )


def run(args: argparse.Namespace) -> int:
    """Solve every position; exit status 2 if any of them was bad (or there were none), else 0."""
    if STDIN in args.positions and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not text: a bad position
    return solve_all(args.positions, args.k, args.json, sys.stdin, sys.stdout, sys.stderr)


def solve_all(
    positions: Sequence[str],
    k: int | None,
    as_json: bool,
    stdin: TextIO,
    out: TextIO,
    err: TextIO,
) -> int:
    """Answer each position on ``out`` and each bad one on ``err``; the exit status.

    Lines of ``stdin`` longer than :data:`LINE_LIMIT` are bad positions (read
    in bounded memory); a ``-`` whose input holds no position is said to have
    had nothing to solve.
    """
    solver = Solver()
    status = EXIT_OK
    first = True
    solved_any = False
    for text in _expand(positions, stdin, err):
        if text is None:  # a line too long to be a position: already reported
            status = EXIT_BAD_INPUT
            continue
        solved_any = True
        try:
            board = Board.parse(text, k)
            solution = solver.solve(board)
            moves = solver.move_outcomes(board)
        except TicTacToeError as error:
            print(f"tictactoe solve: {bad_position(text, error)}", file=err, flush=True)
            status = EXIT_BAD_INPUT
            continue
        if as_json:
            print(json.dumps(as_record(board, solution, moves)), file=out, flush=True)
        else:
            if not first:
                print(file=out)
            print(as_text(board, solution, moves), file=out, flush=True)
        first = False
    if not solved_any and status == EXIT_OK:
        print("tictactoe solve: nothing to solve: standard input held no position", file=err)
        status = EXIT_BAD_INPUT
    return status


def _expand(positions: Sequence[str], stdin: TextIO, err: TextIO) -> Iterator[str | None]:
    """The positions in order, with ``-`` replaced by the non-blank lines of ``stdin``.

    A line over :data:`LINE_LIMIT` characters is reported on ``err`` and
    stands as None; closed (missing) standard input reads as empty.
    """
    for text in positions:
        if text != STDIN:
            yield text
            continue
        if stdin is None:
            continue
        lines = LineReader(stdin, LINE_LIMIT)
        number = 0
        while line := lines.readline():
            number += 1
            if lines.cut:
                print(
                    f"tictactoe solve: line {number} of standard input is too long for a "
                    f"position (over {LINE_LIMIT:,} characters): {shown(line, 40)} skipped",
                    file=err,
                    flush=True,
                )
                yield None
            elif line.strip():
                yield line.strip()


def bad_position(text: str, error: TicTacToeError) -> str:
    """Why ``text`` was not solved, naming it once."""
    reason = str(error)
    quoted = shown(text, MAX_TEXT)
    if quoted in reason:
        return f"bad position: {reason}"
    return f"bad position {quoted}: {reason}"


def as_record(board: Board, solution: Solution, moves: dict[int, MoveValue]) -> dict[str, object]:
    """The JSON object for one position (cells as row-major ints)."""
    return {
        "position": board.text,
        "value": str(solution.value),
        "plies": solution.plies,
        "best": list(solution.best),
        "moves": {
            str(cell): {"value": str(move.value), "plies": move.plies}
            for cell, move in sorted(moves.items())
        },
    }


def as_text(board: Board, solution: Solution, moves: dict[int, MoveValue]) -> str:
    """A readable report: the board, its value, the best moves and every move's value."""
    rules = board.rules
    lines = [f"{board.text}  ({rules.m} x {rules.n}, k={rules.k})"]
    lines += [f"  {' '.join(row)}" for row in str(board).splitlines()]
    if board.is_over:
        ending = f"{board.winner} has won" if board.winner else "the board is full"
        lines.append(f"game over, {ending}: {solution.value} for {board.turn} to move")
        return "\n".join(lines)
    lines.append(f"{board.turn} to move: {describe(solution.value, solution.plies)}")
    lines.append("best: " + ", ".join(cell_name(board, cell) for cell in solution.best))
    lines.append("moves:")
    width = max(len(cell_name(board, cell)) for cell in moves)
    for cell, move in sorted(moves.items()):
        lines.append(f"  {cell_name(board, cell):<{width}}  {describe(move.value, move.plies)}")
    return "\n".join(lines)


def cell_name(board: Board, cell: int) -> str:
    """A cell by index and coordinates, e.g. ``4 (b2)``."""
    return f"{cell} ({label(board.rules, cell, Numbering.COORDS)})"


def describe(value: Value, plies: int) -> str:
    """``win in 3 plies``, ``loss in 2 plies``, ``draw in 6 plies`` (a full board)."""
    unit = "ply" if plies == 1 else "plies"
    if value is Value.DRAW:
        return f"draw in {plies} {unit} (a full board)"
    return f"{value} in {plies} {unit}"
