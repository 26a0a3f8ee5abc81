"""Measure the exact outcome of every opening position of the slow boards: ``core/openings.tsv``.

Run ``python scripts/build_openings.py [--jobs 2]`` after changing the solver,
then ``python scripts/build_capability.py`` (which measures with this table in
place). For each board of :data:`BOARDS` it lists every position with at most
the given number of marks that is not over, up to symmetry, and proves its
value and plies to the end (with fresh tables that ignore the old file). Only
wins and losses are written; every other covered position is a draw. Then,
for each mark count of :data:`SLOW_MARKS`, it values every move of every
position with that many marks, from fresh tables as ``tictactoe solve``
does, and where that took more than :data:`HARD_NODES` positions it writes
the position (``covers``, with the outcome after each of its moves; its own
outcome on a line of its own). A board with rows and columns of different lengths is written in both
orientations.

``--covers-of 5`` runs only the second step, for positions with five marks,
and adds what it finds to the table as it is: the same lines a whole run
writes (the table's lines are sorted), in a fraction of its time.
``--only 6x5k4`` rebuilds that board's part (both orientations) and keeps
the others' as they are.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import multiprocessing.pool
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from tictactoe.core.board import Board, Mark
from tictactoe.core.exact import openings
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import every_move
from tictactoe.core.exact.symmetry import make_canonical, orientation
from tictactoe.core.exact.values import Prospect, Value
from tictactoe.core.rules import Rules

BOARDS = {Rules(5, 5, 4): 4, Rules(6, 5, 4): 3}
"""Each board with an opening table, and the most marks its table covers (6 x 5: the
position after every first move has every move valued from it)."""

SLOW_MARKS = {Rules(5, 5, 4): (4, 5), Rules(6, 5, 4): ()}
"""Each board's mark counts whose slow positions have their children covered."""

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
# symmetry: its canonical key (hexadecimal) and "w"/"l" with the plies to the end. "covers KEY
# CELL=CODE ...": a position slow to value every move of, and the outcome after each of its
# moves that is not a draw (the cell in the key's orientation); its own outcome is listed too.
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


Slow = tuple[str, list[tuple[str, str]], dict[int, str]]
"""A position slow to value every move of (as text), its own outcome past the table's plies
(as a position and a code, if not a draw), and the outcome after each move that is not a
draw (by cell)."""


def slow_chunk(texts: list[str], k: int, plies: int) -> list[Slow]:
    """Each position of the chunk whose every move is slow to value (more than
    :data:`HARD_NODES` positions as ``solve`` does it, from fresh tables, with a table of
    ``plies`` marks), as a :data:`Slow`."""
    found = []
    for text in texts:
        board = Board.parse(text, k)
        engine = Prover(board.rules, MAX_ENTRIES, use_openings=False)
        rows = []
        if board.move_count > plies:  # past the table: its own outcome is needed too
            outcome = engine.outcome(*sides(board))
            if outcome.value is not Value.DRAW:
                rows.append((text, openings.encode(outcome)))
        moves = every_move(engine, board)
        if engine.nodes <= HARD_NODES:
            continue
        found.append((text, rows, written(board, moves)))
    return found


def written(board: Board, moves: dict[int, Prospect]) -> dict[int, str]:
    """What a ``covers`` line keeps of ``board``'s moves (their outcomes, by cell): the
    outcome after each move that does not lead to a draw or end the game, for the side to
    move then, encoded."""
    return {
        # the move's outcome for its player, seen from the other side
        cell: openings.encode(Prospect(move.value.flipped, move.plies - 1))
        for cell, move in moves.items()
        if move.value is not Value.DRAW and not board.play_unchecked(cell).is_over
    }


def _pool(jobs: int) -> multiprocessing.pool.Pool:
    """Worker processes that leave Ctrl-C to this one; leaving the ``with`` block stops
    them at once (a deadline, Ctrl-C), dropping the chunks they were on."""
    return multiprocessing.Pool(
        jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)
    )


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def transposed(board: Board) -> Board:
    """The same position on the board with rows and columns swapped."""
    rows = board.text.split("/")
    return Board.parse(
        "/".join("".join(column) for column in zip(*rows, strict=True)), board.rules.k
    )


Lines = dict[str, set[str]]
"""A table's lines per board: its ``board`` line -> its ``covers`` and outcome lines."""

Parent = tuple[Board, dict[int, str]]
"""A covered position and the outcome after each of its moves that is not a draw, by cell."""


def section(
    rules: Rules, plies: int, decided: list[tuple[Board, str]], parents: list[Parent]
) -> Lines:
    """One board's lines: its non-draw positions' keys and outcomes, the covered ones."""
    canonical = make_canonical(rules)

    def key(board: Board) -> str:
        mover, other = sides(board)
        return f"{canonical(mover | other << rules.size):x}"

    rows = {f"{key(board)} {code}" for board, code in decided}
    covers = {covers_line(board, after, canonical) for board, after in parents}
    return {board_line(rules, plies): rows | covers}


def covers_line(board: Board, after: dict[int, str], canonical: Callable[[int], int]) -> str:
    """The ``covers`` line of a position (``canonical``: its board's key function), the
    cells of its moves turned to its key's orientation."""
    mover, other = sides(board)
    key = mover | other << board.rules.size
    perm = orientation(board.rules, key)
    moves = [f"{cell}={code}" for cell, code in sorted((perm[c], v) for c, v in after.items())]
    return " ".join([f"covers {canonical(key):x}", *moves])


def board_line(rules: Rules, plies: int) -> str:
    """The line that starts a board's part of the table."""
    return f"board {rules.m} {rules.n} {rules.k} {plies}"


def sections(
    rules: Rules, plies: int, decided: list[tuple[Board, str]], parents: list[Parent]
) -> Lines:
    """:func:`section` of the board, and of its other orientation if it has one."""
    lines = section(rules, plies, decided, parents)
    if rules.m != rules.n:
        flipped = Rules(rules.n, rules.m, rules.k)
        turned = [(transposed(board), code) for board, code in decided]
        swap = [flipped.cell(col, row) for row, col in map(rules.row_col, range(rules.size))]
        turned_parents = [
            (transposed(board), {swap[cell]: code for cell, code in after.items()})
            for board, after in parents
        ]
        lines |= section(flipped, plies, turned, turned_parents)
    return lines


def prove_all(rules: Rules, plies: int, jobs: int) -> list[tuple[Board, str]]:
    """Every position with at most ``plies`` marks that is not a draw, with its outcome."""
    start = time.perf_counter()
    texts = [board.text for board in positions(rules, plies)]
    print(f"{rules}: {len(texts):,} positions with at most {plies} marks", flush=True)
    found: list[tuple[str, str]] = []
    with _pool(jobs) as pool:
        work = list(chunks(texts, CHUNK))
        results = pool.imap(functools.partial(prove_chunk, k=rules.k), work)
        for done, result in enumerate(results, 1):
            found += result
            if done % 10 == 0 or done == len(work):
                print(
                    f"  {min(done * CHUNK, len(texts)):,}/{len(texts):,} positions, "
                    f"{len(found):,} decided, {time.perf_counter() - start:.0f} s",
                    flush=True,
                )
    return [(Board.parse(text, rules.k), code) for text, code in found]


def cover_slow(
    rules: Rules,
    plies: int,
    marks: int,
    jobs: int,
    start: int,
    save: Callable[[Lines, int], None],
    deadline: float,
) -> bool:
    """Value every move of the positions with ``marks`` marks from the ``start``-th on (in a
    fixed order), handing each chunk's slow ones (see :func:`slow_chunk`) to ``save`` with
    how many positions are done; False if ``deadline`` (a ``time.monotonic`` time) came
    first."""
    began = time.perf_counter()
    texts = [board.text for board in positions(rules, marks) if board.move_count == marks]
    print(
        f"  valuing every move of the positions with {marks} marks: "
        f"{start:,} of {len(texts):,} done before",
        flush=True,
    )
    slow = 0
    with _pool(jobs) as pool:
        todo = list(chunks(texts[start:], CHUNK))
        results = pool.imap(functools.partial(slow_chunk, k=rules.k, plies=plies), todo)
        for done, found in enumerate(results, 1):
            slow += len(found)
            decided = [
                (Board.parse(text, rules.k), code) for _, rows, _ in found for text, code in rows
            ]
            parents = [(Board.parse(parent, rules.k), after) for parent, _, after in found]
            count = min(start + done * CHUNK, len(texts))
            save(sections(rules, plies, decided, parents), count)
            if done % 10 == 0 or done == len(todo):
                spent = time.perf_counter() - began
                left = spent / (count - start) * (len(texts) - count)
                print(
                    f"  {count:,}/{len(texts):,} positions, {slow:,} slow this run, "
                    f"{spent:.0f} s, about {left / 60:.0f} min left at this pace",
                    flush=True,
                )
            if time.monotonic() >= deadline and done < len(todo):
                print(f"  stopped at {count:,}: run it again to go on", flush=True)
                return False
    return True


def board_of(line: str) -> Rules:
    """The board of a table's ``board`` line."""
    m, n, k = map(int, line.split()[1:4])
    return Rules(m, n, k)


def scanned(rows: set[str], marks: int) -> int:
    """How many positions with ``marks`` marks a board's lines say were valued."""
    for row in rows:
        fields = row.split()
        if fields[0] == "scanned" and int(fields[1]) == marks:
            return int(fields[2])
    return 0


def read(table: Path) -> Lines:
    """The lines of a table written before, per board."""
    lines: Lines = {}
    rows: set[str] = set()
    for line in table.read_text(encoding="utf-8").splitlines():
        if line.startswith("board "):
            rows = lines.setdefault(line, set())
        elif line.strip() and not line.startswith("#"):
            rows.add(line)
    return {board: upgraded(board, rows) for board, rows in lines.items()}


def upgraded(board: str, rows: set[str]) -> set[str]:
    """A board's lines with each ``covers`` line of the older form (the key alone, the
    outcomes of its children on lines of their own, by key) in today's form, and the
    children's lines that only those read dropped."""
    old = {row for row in rows if row.startswith("covers ") and len(row.split()) == 2}
    if not old:
        return rows
    m, n, k, plies = map(int, board.split()[1:])
    rules = Rules(m, n, k)
    canonical = make_canonical(rules)
    covered = {int(row.split()[1], 16) for row in rows if row.startswith("covers ")}
    codes: dict[int, str] = {}
    kept: set[str] = set()
    for row in rows - old:
        first, rest = row.split(maxsplit=1)
        if first in ("covers", "scanned"):
            kept.add(row)
            continue
        key = int(first, 16)
        codes[key] = rest
        if key.bit_count() <= plies or key in covered:  # (not a child read only by an old line)
            kept.add(row)
    for row in old:
        parent = openings.position(rules, int(row.split()[1], 16))
        after = {}
        for cell in parent.legal_moves():
            child = parent.play_unchecked(cell)
            mover, other = sides(child)
            code = codes.get(canonical(mover | other << rules.size))
            if code is not None and not child.is_over:
                after[cell] = code
        kept.add(covers_line(parent, after, canonical))
    return kept


def write(table: Path, lines: Lines) -> None:
    """The table, each board's lines sorted (how far the scans got, covers, outcomes),
    replacing the old one at once (a kill leaves one or the other)."""
    kinds = {"scanned": 0, "covers": 1}
    text = [HEADER.rstrip("\n")]
    for board, rows in lines.items():
        text += [board, *sorted(rows, key=lambda row: (kinds.get(row.split()[0], 2), row))]
    partial = table.with_name(table.name + ".part")
    partial.write_text("\n".join(text) + "\n", encoding="utf-8")
    partial.replace(table)


def merge(lines: Lines, found: Lines, marks: int, count: int) -> None:
    """Add ``found`` to ``lines``, saying that ``count`` positions with ``marks`` marks
    are now valued."""
    for board, rows in found.items():
        kept = lines.setdefault(board, set())
        kept -= {row for row in kept if row.startswith(f"scanned {marks} ")}
        kept |= rows | {f"scanned {marks} {count}"}


def main(argv: list[str] | None = None) -> int:
    """Prove every board's openings and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--table", type=Path, default=Path(openings.TABLE))
    parser.add_argument(
        "--covers-of",
        type=int,
        metavar="MARKS",
        help="only cover the slow positions with MARKS marks, added to the table as it is "
        "(going on from where the last such run stopped)",
    )
    parser.add_argument(
        "--minutes", type=float, help="stop after this long (the table keeps what was done)"
    )
    parser.add_argument(
        "--only",
        type=Rules.parse_compact,
        action="append",
        metavar="MxNkK",
        help="rebuild only this board's part of the table (repeatable; e.g. 6x5k4)",
    )
    args = parser.parse_args(argv)
    if args.only and any(rules not in BOARDS for rules in args.only):
        known = ", ".join(f"{r.m}x{r.n}k{r.k}" for r in BOARDS)
        parser.error(f"--only takes a board with an opening table: {known}")
    deadline = time.monotonic() + (args.minutes * 60 if args.minutes else float("inf"))
    lines: Lines = read(args.table) if args.covers_of is not None or args.only else {}
    finished = True
    for rules, plies in BOARDS.items():
        if (args.only and rules not in args.only) or (args.covers_of and not SLOW_MARKS[rules]):
            continue
        if args.covers_of is None:
            orientations = (rules, Rules(rules.n, rules.m, rules.k))
            for board in [line for line in lines if board_of(line) in orientations]:
                del lines[board]
            lines.update(sections(rules, plies, prove_all(rules, plies, args.jobs), []))
            write(args.table, lines)
        for marks in SLOW_MARKS[rules] if args.covers_of is None else (args.covers_of,):

            def save(found: Lines, count: int, marks: int = marks) -> None:
                merge(lines, found, marks, count)
                write(args.table, lines)

            start = scanned(lines.get(board_line(rules, plies), set()), marks)
            finished &= cover_slow(rules, plies, marks, args.jobs, start, save, deadline)
    print(f"wrote {args.table}" + ("" if finished else " (not finished)"))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nstopped: the table keeps the positions done; run it again to go on")
        sys.exit(130)
