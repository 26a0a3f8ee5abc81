"""``tictactoe solve``: the value of positions: exact wherever it is fast, the engine's elsewhere.

On boards where exact play values every move within about a second (the
capability table, :mod:`tictactoe.core.exact.capability`: 3 x 3 up to 5 x 5 with
k = 4 and more) every legal move gets its exact value and length (a finished
game's is exact on any board); elsewhere the gomoku engine searches for
``--think`` seconds (or ``--nodes`` positions) and reports its best move,
score and principal variation, and a forced win its threat search proves
(VCF / VCT) with the winning line. Each report says whether it is exact, in
words and in JSON. Results are counted in the winner's own moves ("X wins in
3": X's third move from now completes the line).

``--proof`` proves a position's value from scratch instead, however long it
takes; with ``--jobs N`` the proof is split over N worker processes, and
with ``--checkpoint FILE`` finished parts are kept on disk, so that a proof
stopped at any point (even killed) carries on from there when run again.

The engine is imported only for a board too big to solve exactly.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

from tictactoe.cli.commands.options import DEFAULT_THINK, at_least, think_seconds
from tictactoe.cli.commands.solve_tree import report as tree_report
from tictactoe.cli.parser import N_, Text
from tictactoe.console import LineReader
from tictactoe.core.board import MAX_TEXT, Board
from tictactoe.core.cells import Numbering, label
from tictactoe.core.errors import TicTacToeError, UnsolvableError, shown
from tictactoe.core.exact.solver import (
    DEFAULT_MEMORY,
    ENTRY_BYTES,
    MAX_CELLS,
    Choice,
    Prospect,
    Solution,
    Solver,
    Value,
    prove,
    unplayable_reason,
    unsupported_reason,
)
from tictactoe.core.rules import MIN_K
from tictactoe.core.search import Limits
from tictactoe.core.tree import Search

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.core.analysis import MoveValue
    from tictactoe.core.gomoku.engine import Engine, Reason, Result

LINE_LIMIT = 4096
"""Longest line of standard input read as a position (the biggest board takes 701 characters)."""

HELP = N_("solve positions: exact values wherever that is fast, the engine's best move elsewhere")

UNIT = N_(
    "Wins are counted in the winner's own moves: 'X wins in 3' means X's third move from "
    "now completes the line."
)

EXIT_OK = 0
EXIT_BAD_INPUT = 2
STDIN = "-"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``POSITION... --k --json`` to ``parser``."""
    parser.add_argument(
        "positions",
        nargs="+",
        metavar="POSITION",
        help=N_(
            "a position such as X.O/.X./..O (rows from the top, / between rows); - reads"
            " positions from standard input, one per line"
        ),
    )
    parser.add_argument(
        "--k",
        type=at_least(MIN_K),
        metavar="K",
        help=N_("marks in a row to win (default min(rows, columns, 5))"),
    )
    parser.add_argument(
        "--json", action="store_true", help=N_("print one JSON object per position per line")
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        help=Text(
            N_(
                "boards too big to solve exactly: seconds the engine searches each position"
                " (default {seconds})"
            ),
            seconds=f"{DEFAULT_THINK:g}",
        ),
    )
    budget.add_argument(
        "--nodes",
        type=at_least(1),
        metavar="N",
        help=N_(
            "boards too big to solve exactly: positions the engine searches instead (the same"
            " answer on every machine)"
        ),
    )
    parser.add_argument(
        "--proof",
        action="store_true",
        help=N_(
            "prove each position's value from scratch instead, however long it takes: progress"
            " on standard error, then the positions searched"
        ),
    )
    parser.add_argument(
        "--jobs",
        type=at_least(1),
        metavar="N",
        help=N_("with --proof: split the proof over N worker processes"),
    )
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help=N_(
            "with --proof: keep finished parts of the proof in FILE and resume from it (after"
            " a stop, a kill or a reboot, run the same command again)"
        ),
    )
    parser.add_argument(
        "--tree",
        action="store_true",
        help=N_(
            "print the search tree instead: each move's value and what the search visited,"
            " cut off or read from its table, with every search's counts"
        ),
    )
    parser.add_argument(
        "--depth",
        type=at_least(1),
        metavar="N",
        help=N_("with --tree: plies of the tree printed (default 1: the moves of the position)"),
    )
    parser.add_argument(
        "--search",
        choices=[str(search) for search in Search],
        help=N_("with --tree: the search whose tree is printed (default minimax)"),
    )
    parser.epilog = UNIT


def run(args: argparse.Namespace) -> int:
    """Solve every position; exit status 2 if any of them was bad (or there were none), else 0."""
    if STDIN in args.positions and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not text: a bad position
    limits = Limits.of(getattr(args, "think", None), getattr(args, "nodes", None))
    tree = getattr(args, "tree", False)
    if not tree and (getattr(args, "depth", None) or getattr(args, "search", None)):
        args.parser.fail(N_("--depth and --search go with --tree."))
    if tree and getattr(args, "proof", False):
        args.parser.fail(N_("--tree and --proof cannot be used together."))
    return solve_all(
        args.positions,
        args.k,
        args.json,
        sys.stdin,
        sys.stdout,
        sys.stderr,
        limits,
        proof=getattr(args, "proof", False),
        jobs=getattr(args, "jobs", None),
        checkpoint=getattr(args, "checkpoint", None),
        tree=Search(args.search or Search.MINIMAX) if tree else None,
        depth=getattr(args, "depth", None) or 1,
    )


def solve_all(
    positions: Sequence[str],
    k: int | None,
    as_json: bool,
    stdin: TextIO,
    out: TextIO,
    err: TextIO,
    limits: Limits | None = None,
    *,
    proof: bool = False,
    jobs: int | None = None,
    checkpoint: str | None = None,
    tree: Search | None = None,
    depth: int = 1,
) -> int:
    """Answer each position on ``out`` and each bad one on ``err``; the exit status.

    Boards too big to solve exactly are searched by the engine within ``limits``;
    with ``proof`` each value is proved from scratch instead (:func:`proved`;
    split over ``jobs`` processes and kept in ``checkpoint``: :func:`split_proved`); with
    ``tree`` the search tree of that search, ``depth`` plies deep (:mod:`.solve_tree`).

    Lines of ``stdin`` longer than :data:`LINE_LIMIT` are bad positions (read
    in bounded memory); a ``-`` whose input holds no position is said to have
    had nothing to solve.
    """
    solver = Solver()
    engine: Engine | None = None
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
            note_one_row(text, board, err)
            if tree is not None and not board.is_over:
                found = tree_report(board, tree, depth, as_json, limits or Limits.of(),
                                    header(board), describe)  # fmt: skip
                report = _json(found) if isinstance(found, dict) else found
            elif proof:
                if jobs is not None or checkpoint is not None:
                    report = split_proved(board, as_json, err, jobs or 1, checkpoint)
                else:
                    report = proved(board, as_json, err)
            else:
                try:
                    solution = solver.solve(board)
                    moves = solver.move_outcomes(board)
                except UnsolvableError:
                    if unplayable_reason(board.rules) is None:  # one best move proved
                        choice = solver.choose(board)
                        report = (
                            _json(one_move_record(board, choice))
                            if as_json
                            else one_move_text(board, choice)
                        )
                    else:
                        from tictactoe.core.gomoku.engine import Engine

                        engine = engine or Engine()
                        # top > 1: a forced block is searched on too (not answered at once),
                        # so the report has a real score and line.
                        result = engine.search(board, limits or Limits.of(), top=3)
                        report = (
                            _json(engine_record(board, result))
                            if as_json
                            else engine_text(board, result)
                        )
                else:
                    report = (
                        _json(as_record(board, solution, moves))
                        if as_json
                        else as_text(board, solution, moves)
                    )
        except TicTacToeError as error:
            print(f"tictactoe solve: {bad_position(text, error)}", file=err, flush=True)
            status = EXIT_BAD_INPUT
            continue
        except OSError as error:  # the checkpoint file
            print(f"tictactoe solve: {error.strerror}: {error.filename}", file=err, flush=True)
            status = EXIT_BAD_INPUT
            continue
        if not as_json and not first:
            print(file=out)
        print(report, file=out, flush=True)
        first = False
    if not solved_any and status == EXIT_OK:
        print("tictactoe solve: nothing to solve: standard input held no position", file=err)
        status = EXIT_BAD_INPUT
    return status


def proved(board: Board, as_json: bool, err: TextIO) -> str:
    """Prove ``board``'s value from scratch: the memory bound, then progress, on ``err``;
    the report (value and positions searched) is returned."""
    warn_if_huge(board, err)
    print(
        f"proving {board.rules.m} x {board.rules.n}, k={board.rules.k}: tables held under "
        f"{DEFAULT_MEMORY / 2**30:g} GiB ({DEFAULT_MEMORY // ENTRY_BYTES:,} entries)",
        file=err,
        flush=True,
    )

    def progress(nodes: int, entries: int, elapsed: float) -> None:
        print(
            f"  {nodes:,} positions, table {entries:,} entries, {elapsed:.1f} s",
            file=err,
            flush=True,
        )

    result = prove(board, progress=progress)
    counts = {
        "nodes": result.nodes,
        "table_entries": result.entries,
        "peak_entries": result.peak_entries,
        "max_entries": result.max_entries,
        "evictions": result.evictions,
    }
    if as_json:
        return _json(
            {"position": board.text, "exact": True, "proof": True, "value": str(result.value)}
            | counts
            | {"seconds": round(result.seconds, 3), "cpu_seconds": round(result.cpu_seconds, 3)}
        )
    return proof_text(
        board,
        result.value,
        f"searched {result.nodes:,} positions in {result.seconds:.2f} s "
        f"({result.cpu_seconds:.2f} s of processor time); table {result.entries:,} entries "
        f"(at most {result.peak_entries:,}, bound {result.max_entries:,})",
    )


def proof_text(board: Board, value: Value, cost: str) -> str:
    """The text report of a proof: the board, its proved value, then ``cost``."""
    lines = header(board)
    if board.is_over:
        return "\n".join([*lines, game_over(board)])
    lines.append(f"{board.turn} to move: {_verdict(board, value)} (proved)")
    lines.append(cost)
    return "\n".join(lines)


SEVEN_BY_SEVEN_SECONDS = 50.0
"""About how long 7 x 7 with k = 5 takes to prove on one core (processor time measured by
benchmarks/bench_proofs.py)."""

EIGHT_BY_EIGHT_FACTOR = 25_000
"""How much longer 8 x 8 with k = 5 took than 7 x 7 for the 2020 C++ prover (17.4 hours
against 2.5 seconds): the basis of the estimate for boards past 49 cells."""


def note_one_row(text: str, board: Board, err: TextIO) -> None:
    """On ``err``, how to write a square board when a position of one row has a square's
    number of cells (``X...O....`` is 1 x 9: 3 x 3 is ``X../.O./...``)."""
    cells = text.strip()
    side = math.isqrt(len(cells))
    if board.rules.m != 1 or side < 3 or side * side != len(cells):
        return
    rows = "/".join(cells[row : row + side] for row in range(0, len(cells), side))
    print(
        f"note: {cells} is read as one row of {len(cells)} cells; for a {side} x {side} "
        f"board write its rows from the top with / between them: {rows}",
        file=err,
        flush=True,
    )


def warn_if_huge(board: Board, err: TextIO) -> None:
    """Warn on ``err`` before proving a board past :data:`MAX_CELLS` cells, with an estimate."""
    rules = board.rules
    if rules.size <= MAX_CELLS:
        return
    days = SEVEN_BY_SEVEN_SECONDS * EIGHT_BY_EIGHT_FACTOR / 86_400
    print(
        f"warning: {rules.m} x {rules.n} has {rules.size} cells, past the {MAX_CELLS} of "
        f"7 x 7: this proof may never finish. 8 x 8 with k=5 is estimated at {days:,.0f} days "
        f"on one core here ({EIGHT_BY_EIGHT_FACTOR:,} times the {SEVEN_BY_SEVEN_SECONDS:g} s "
        "of 7 x 7, as for the 2020 prover that first solved it); bigger boards at far more. "
        "Use --jobs and --checkpoint.",
        file=err,
        flush=True,
    )


def split_proved(
    board: Board, as_json: bool, err: TextIO, jobs: int, checkpoint: str | None
) -> str:
    """Prove ``board``'s value over ``jobs`` worker processes, resuming from ``checkpoint``;
    progress with an estimate on ``err``, the report returned."""
    from pathlib import Path

    from tictactoe.core.exact.proof_jobs import JobReport, SplitProof

    warn_if_huge(board, err)
    path = None if checkpoint is None else Path(checkpoint)
    resumed = " (resuming)" if path is not None and path.exists() else ""
    print(
        f"proving {board.rules.m} x {board.rules.n}, k={board.rules.k} over {jobs} worker "
        f"process{'es' if jobs > 1 else ''}"
        + (f", checkpoint {checkpoint}{resumed}" if checkpoint is not None else ""),
        file=err,
        flush=True,
    )

    def progress(report: JobReport) -> None:
        estimate = report.estimate
        left = "" if estimate is None else f", at least {_duration(estimate)} left"
        reused = f" ({report.reused:,} from the checkpoint)" if report.reused else ""
        print(
            f"  {report.done:,} jobs done{reused}, {report.running:,} running; "
            f"{report.nodes:,} positions; {_duration(report.seconds)}{left}",
            file=err,
            flush=True,
        )

    result = SplitProof(board, workers=jobs, checkpoint=path, progress=progress).prove()
    if as_json:
        return _json(
            {
                "position": board.text,
                "exact": True,
                "proof": True,
                "value": str(result.value),
                "nodes": result.nodes,
                "jobs": result.jobs,
                "reused_jobs": result.reused,
                "workers": jobs,
                "seconds": round(result.seconds, 3),
            }
        )
    return proof_text(
        board,
        result.value,
        f"searched {result.nodes:,} positions in {result.jobs:,} jobs over {jobs} worker "
        f"process{'es' if jobs > 1 else ''} in {result.seconds:.2f} s"
        + (f" ({result.reused:,} jobs read from the checkpoint)" if result.reused else ""),
    )


def _verdict(board: Board, value: Value) -> str:
    """``draw``, ``X wins`` or ``O wins`` for ``value`` of the side to move."""
    mover = board.turn
    if value is Value.DRAW:
        return "draw"
    return f"{mover if value is Value.WIN else _other(mover)} wins"


def _duration(seconds: float) -> str:
    """``42 s``, ``3.5 min``, ``2.1 h``, ``4.0 days``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    if seconds < 172_800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86_400:,.1f} days"


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


def _json(record: dict[str, object]) -> str:
    """``record`` as one line of JSON (:mod:`json` is loaded only for ``--json``)."""
    import json

    return json.dumps(record)


def bad_position(text: str, error: TicTacToeError) -> str:
    """Why ``text`` was not solved, naming it once."""
    reason = str(error)
    quoted = shown(text, MAX_TEXT)
    if quoted in reason:
        return f"bad position: {reason}"
    return f"bad position {quoted}: {reason}"


def as_record(board: Board, solution: Solution, moves: dict[int, MoveValue]) -> dict[str, object]:
    """The JSON object for one exactly solved position (cells as row-major ints, and names)."""
    rules = board.rules
    return {
        "position": board.text,
        "exact": True,
        "every_move": True,
        "value": str(solution.value),
        "plies": solution.plies,
        "winner_moves": Prospect(solution.value, solution.plies).winner_moves,
        "best": list(solution.best),
        "best_names": [name(board, cell) for cell in solution.best],
        "moves": {
            str(cell): {
                "name": label(rules, cell, Numbering.COORDS),
                "value": str(move.value),
                "plies": move.plies,
                "winner_moves": move.winner_moves,
            }
            for cell, move in sorted(moves.items())
        },
    }


def as_text(board: Board, solution: Solution, moves: dict[int, MoveValue]) -> str:
    """A readable report: the board, its value, the best moves and every move's value."""
    lines = header(board)
    if board.is_over:
        return "\n".join([*lines, game_over(board)])
    mover = board.turn
    prospect = Prospect(solution.value, solution.plies)
    lines.append(f"{mover} to move: {describe(prospect, mover)} (exact)")
    lines.append("best: " + ", ".join(name(board, cell) for cell in solution.best))
    lines.append("moves:")
    width = max(len(name(board, cell)) for cell in moves)
    for cell, move in sorted(moves.items()):
        lines.append(f"  {name(board, cell):<{width}}  {describe(move, mover)}")
    return "\n".join(lines)


def one_move_record(board: Board, choice: Choice) -> dict[str, object]:
    """The JSON object for a position solved one best move at a time (not over): the
    value, and the one move proved to keep it (its length where measured)."""
    outcome = choice.outcome
    return {
        "position": board.text,
        "exact": True,
        "every_move": False,
        "not_every_move": not_exact(board),
        "value": str(choice.value),
        "plies": choice.plies,
        "winner_moves": None if outcome is None else outcome.winner_moves,
        "best": [choice.cell],
        "best_names": [name(board, choice.cell)],
    }


def one_move_text(board: Board, choice: Choice) -> str:
    """A readable report of a position solved one best move at a time (not over)."""
    lines = header(board)
    mover = board.turn
    if choice.outcome is not None:
        verdict = describe(choice.outcome, mover)
    elif choice.value is Value.DRAW:
        verdict = "draw"
    else:
        verdict = f"{mover if choice.value is Value.WIN else _other(mover)} wins"
    lines.append(
        f"{mover} to move: {verdict} (exact; one best move proved, the others not valued: "
        f"{not_exact(board)})"
    )
    lines.append(f"best: {name(board, choice.cell)}")
    return "\n".join(lines)


def header(board: Board) -> list[str]:
    """The position as given, its size and k, and the board drawn with coordinates."""
    rules = board.rules
    lines = [f"{board.text}  ({rules.m} x {rules.n}, k={rules.k})"]
    letters = "".join(label(rules, col, Numbering.COORDS)[0] for col in range(rules.n))
    lines.append("     " + " ".join(letters))
    for row, text in enumerate(str(board).splitlines(), 1):
        lines.append(f"  {row:>2} {' '.join(text)}")
    return lines


def game_over(board: Board) -> str:
    """What a finished position says."""
    if board.winner is not None:
        return f"game over: {board.winner} has won"
    return "game over: the board is full, a draw"


def name(board: Board, cell: int) -> str:
    """A cell by its coordinates, e.g. ``b2`` (column letter, row number from the top)."""
    return label(board.rules, cell, Numbering.COORDS)


def describe(prospect: Prospect, mover: object) -> str:
    """``X wins in 3``, ``O wins in 1``, ``draw`` for ``prospect`` of ``mover`` (X or O).

    The count is the winner's own moves (:attr:`Prospect.winner_moves`).
    """
    moves = prospect.winner_moves
    if prospect.value is Value.DRAW or moves is None:
        return "draw"
    winner = mover if prospect.value is Value.WIN else _other(mover)
    return f"{winner} wins in {moves}"


def _other(mark: object) -> str:
    return "O" if str(mark) == "X" else "X"


def not_exact(board: Board) -> str:
    """Why ``board`` is not solved exactly (the capability table's reason, shortened)."""
    reason = unsupported_reason(board.rules) or "not solved exactly"
    return reason.partition(" (exact play allows")[0]


def engine_record(board: Board, result: Result) -> dict[str, object]:
    """The JSON object for a position the engine searched (not over)."""
    from tictactoe.core.advice import judged
    from tictactoe.core.gomoku.engine import Reason

    proofs = (Reason.WIN, Reason.OPEN_FOUR, Reason.VCF, Reason.VCT, Reason.SEARCH, Reason.BLOCK)
    verdict = judged(board, result.move, result.score, result.pv)
    return {
        "position": board.text,
        "exact": False,
        "not_exact": not_exact(board),
        "best": result.move,
        "best_name": name(board, result.move),
        "score": result.score,
        "verdict": str(verdict.verdict),
        "winner_moves": verdict.winner_moves,
        "proof": str(result.reason) if result.reason in proofs and verdict.winner_moves else None,
        "pv": list(result.pv),
        "pv_names": [name(board, cell) for cell in result.pv],
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
    }


def how(reason: Reason) -> str:
    """How the engine's forced win is forced: the line, an open four, VCF, VCT or search."""
    from tictactoe.core.gomoku.engine import Reason

    return {
        Reason.WIN: "completes the line",
        Reason.OPEN_FOUR: "an open four",
        Reason.VCF: "continuous fours (VCF)",
        Reason.VCT: "threes and fours (VCT)",
    }.get(reason, "search")


def engine_text(board: Board, result: Result) -> str:
    """A readable report of the engine's search of a big board (not over)."""
    from tictactoe.core.advice import judged

    lines = header(board)
    mover = board.turn
    verdict = judged(board, result.move, result.score, result.pv)
    if result.nodes:
        how_long = f"the engine searched {result.nodes:,} positions in {result.seconds:.2f} s" + (
            f", depth {result.depth}" if result.depth else ""
        )
    else:
        how_long = "the engine's threat check answers at once"
    lines.append(f"{mover} to move (not exact: {not_exact(board)}; {how_long})")
    lines.append(f"best: {name(board, result.move)}  ({verdict.verdict}, score {result.score:+d})")
    line = " ".join(
        f"{mover if index % 2 == 0 else _other(mover)} {name(board, cell)}"
        for index, cell in enumerate(result.pv)
    )
    if verdict.winner_moves is not None:
        winner = mover if verdict.score > 0 else _other(mover)
        lines.append(f"forced: {winner} wins in {verdict.winner_moves}, by {how(result.reason)}")
        lines.append(f"winning line: {line}")
    else:
        lines.append(f"expected line: {line}")
    return "\n".join(lines)
