#!/usr/bin/env python3
"""Issue 15's audit, repeatable: the game and the engine under hostile input, signals and
broken outputs. Prints how many runs of each kind were made and how many went wrong.

Sections (each can be sized on the command line; ``--quick`` is the small version the
test suite runs):

- ``sessions``: terminal games (``tictactoe play`` in this process) fed random bytes,
  numbers of thousands of digits, lines of megabytes, control characters, commands and
  valid answers, ending anywhere. No exception, status 0 (2 for bad flags), short lines.
- ``solves``: random positions checked against a brute-force solver, and junk text
  through ``tictactoe solve``: the same answers, junk refused with status 2.
- ``api``: the engine's public calls with junk arguments (None, huge ints, text,
  floats, the wrong objects) and attempts to change frozen values: only the engine's
  own errors (``TicTacToeError``), nothing changed.
- ``scoreboards``: stats, reset and games on missing, healthy, empty, corrupt, cut,
  locked, read-only scoreboards and folders in the way: the cause said, no reset advised
  for a lock, no finished game lost while the file is healthy.
- ``signals`` (real processes): Ctrl-C, SIGTERM and SIGHUP at a random moment of a
  game, a solve, a question or a match: status 130 (128 + the signal for a match),
  no traceback after the program's first instant, no worker left behind.
- ``outputs`` (real processes): a full disk, closed descriptors, a reader that goes
  away, ASCII-only output, endless input lines (``< /dev/zero``): a message or a
  quiet end, the conventional status, memory bounded.

    python scripts/fuzz.py              # the full audit (several minutes on two cores)
    python scripts/fuzz.py --quick      # about twenty seconds
    python scripts/fuzz.py --sessions 5000 --signals 0 --seed 7
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import os
import random
import re
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tictactoe.cli import command
from tictactoe.cli.commands import solve as solve_command
from tictactoe.core import cells, numbers
from tictactoe.core.analysis import analyse
from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.exact.solver import Solver, Value
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import FILE_NAME, Archive
from tictactoe.saved.scoreboard import Scoreboard

FULL = {
    "sessions": 2000,
    "solves": 10000,
    "api": 400_000,
    "scoreboards": 400,
    "signals": 150,
    "outputs": 150,
}
"""Runs of each section in the full audit."""

QUICK = {
    "sessions": 60,
    "solves": 400,
    "api": 6000,
    "scoreboards": 24,
    "signals": 6,
    "outputs": 8,
}
"""Runs of each section in the small version (the test suite's)."""

MEMORY_LIMIT_KB = 300 * 1024
"""Most memory a process fed endless input may use."""

FAST_OPPONENTS = ("human", "first-free", "random", "win-block", "centre-first", "corner-first")


@dataclass
class Section:
    """Counts of one section: runs, outcomes by kind, and the first failures in full."""

    name: str
    runs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def ok(self, outcome: str) -> None:
        self.runs += 1
        self.outcomes[outcome] += 1

    def fail(self, what: str, detail: str) -> None:
        self.runs += 1
        self.outcomes["FAILED"] += 1
        if len(self.failures) < 5:
            self.failures.append(f"{what}\n{detail[-1500:]}")

    @property
    def failed(self) -> int:
        return self.outcomes["FAILED"]


# --- sessions -------------------------------------------------------------------------

VALID_ANSWERS = [
    "3x3", "4x4", "5x5", "3x4", "7x7", "9x9", "3", "4", "5", "1", "2", "y", "n", "yes",
    "no", "да", "нет", "có", "không", "是", "否", "1", "5", "9", "a1", "b2", "c3", "d4",
    "undo", "redo", "hint", "help", "?", "u", "resign", "new", "quit", "q",
]  # fmt: skip


def junk_line(rng: random.Random) -> bytes:
    """One line a hostile or clumsy user might type or pipe (without its newline)."""
    kind = rng.randrange(9)
    if kind == 0:
        return rng.randbytes(rng.randrange(80)).replace(b"\n", b" ")
    if kind == 1:
        return b"9" * rng.choice([5, 19, 900, 4301, 5000, 20_000])
    if kind == 2:
        return rng.choice([b"x", b"\x00", "ж".encode(), b"1"]) * rng.randrange(1001, 300_000)
    if kind == 3:
        return bytes(rng.choice(b"\x00\x07\x08\x1b\x7f[A2J") for _ in range(rng.randrange(20)))
    if kind == 4:
        return "".join(chr(rng.randrange(32, 0x2FFFF)) for _ in range(rng.randrange(12))).encode(
            "utf-8", "replace"
        )
    if kind == 5:
        return f"{rng.randrange(-(10**30), 10**30)}".encode()
    return rng.choice(VALID_ANSWERS).encode()


def session_flags(rng: random.Random) -> list[str]:
    """Random ``play`` flags; about one set in six is refused (a usage error)."""
    flags: list[str] = []
    opponent = rng.choice([*FAST_OPPONENTS, "perfect", None])
    if opponent == "perfect":
        flags += ["--opponent", "perfect", "--size", "3x3"]
    elif opponent is not None:
        flags += ["--opponent", opponent]
        if rng.random() < 0.5:
            flags += ["--size", rng.choice(["3x3", "4x4", "5x5", "3x7", "7x7", "26x26"])]
    if rng.random() < 0.3:
        flags += ["--lang", rng.choice(["en", "ru", "zh_CN", "vi"])]
    if rng.random() < 0.3:
        flags += ["--first", rng.choice(["you", "computer", "coin", "alternate"])]
    if rng.random() < 0.1:
        flags += ["--numbering", rng.choice(["index", "coords"])]
    if rng.random() < 0.1:
        flags += ["--seed", rng.choice(["1", "9" * 18])]
    if rng.random() < 0.15:  # one bad flag
        flags += rng.choice(
            [
                ["--k", "9" * 5000],
                ["--k", "-1"],
                ["--size", "0x0"],
                ["--lang", "tlh"],
                ["--first", "who"],
                ["--numbering", "roman"],
                ["--delay", "nan"],
                ["--seed", "x"],
            ]
        )
    return flags


def run_in_process(argv: list[str], stdin: bytes) -> tuple[int, str]:
    """``command.main(argv)`` with ``stdin`` as standard input; (status, everything printed)."""
    source = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="replace")
    sink = io.StringIO()
    saved = sys.stdin
    sys.stdin = source
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            try:
                status = command.main(argv)
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin = saved
    return status, sink.getvalue()


def sessions(count: int, rng: random.Random, section: Section) -> None:
    for _ in range(count):
        lines = [junk_line(rng) for _ in range(rng.randrange(1, 50))]
        text = b"\n".join(lines)
        if rng.random() < 0.7:
            text += b"\n"
        argv = ["play", *session_flags(rng)]
        try:
            status, out = run_in_process(argv, text)
        except BaseException:
            section.fail(f"{argv} {text[:200]!r}", traceback.format_exc())
            continue
        longest = max((len(line) for line in out.splitlines()), default=0)
        if status not in (0, 2) or "Traceback" in out or longest > 1000:
            section.fail(f"{argv} status {status}, longest line {longest}", out[-1500:])
        else:
            section.ok("usage error" if status == 2 else "played")


# --- solves ---------------------------------------------------------------------------


def brute_force(board: Board) -> tuple[Value, int]:
    """Value and plies to the end under best play, by plain negamax (no pruning)."""
    memo: dict[Board, tuple[int, int]] = {}

    def search(position: Board) -> tuple[int, int]:
        if position.winner is not None:
            return -1, 0
        if position.is_full:
            return 0, 0
        if position in memo:
            return memo[position]
        best: tuple[int, int] | None = None
        for cell in position.legal_moves():
            score, plies = search(position.play(cell))
            mine = (-score, plies + 1)
            if best is None or _better(mine, best):
                best = mine
        assert best is not None
        memo[position] = best
        return best

    score, plies = search(board)
    return {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}[score], plies


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Win sooner, lose later; draws all alike (a draw fills the board)."""
    if a[0] != b[0]:
        return a[0] > b[0]
    return a[1] < b[1] if a[0] > 0 else a[1] > b[1] if a[0] < 0 else False


SMALL_BOARDS = [Rules(), Rules(3, 4, 3), Rules(4, 3, 3), Rules(2, 5, 3), Rules(4, 4, 4)]


BRUTE_FORCE_EMPTIES = 8
"""Most empty cells a position checked by brute force keeps (more takes seconds)."""


def random_position(rng: random.Random) -> Board:
    """A position reached by random play on a small board, at most 8 cells left empty."""
    rules = rng.choice(SMALL_BOARDS)
    board = Board.empty(rules)
    for _ in range(rng.randrange(rules.size + 1)):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    while not board.is_over and rules.size - board.move_count > BRUTE_FORCE_EMPTIES:
        board = board.play(rng.choice(board.legal_moves()))
    return board


def junk_position(rng: random.Random) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return rng.randbytes(rng.randrange(40)).decode("utf-8", "replace").replace("\n", " ")
    if kind == 1:
        width = rng.randrange(1, 30)
        return "/".join(
            "".join(rng.choice("XO.xo") for _ in range(width)) for _ in range(rng.randrange(1, 30))
        )
    if kind == 2:
        return "X" * rng.randrange(700, 20_000)
    if kind == 3:
        return "/" * rng.randrange(1, 5000)
    return rng.choice(["", " ", "X", "XXX/OOO/...", "9x9", "../..", "X.O/.X./..O/"])


def solves(count: int, rng: random.Random, section: Section) -> None:
    solver = Solver()
    for _ in range(count):
        if rng.random() < 0.6:
            board = random_position(rng)
            try:
                solution = solver.solve(board)
                expected = brute_force(board)
            except BaseException:
                section.fail(board.text, traceback.format_exc())
                continue
            if (solution.value, solution.plies) != expected:
                section.fail(board.text, f"solver {solution}, brute force {expected}")
            else:
                section.ok("matches brute force")
            continue
        texts = [junk_position(rng) for _ in range(rng.randrange(1, 4))]
        stdin = io.StringIO("\n".join(texts) + "\n")
        out, err = io.StringIO(), io.StringIO()
        try:
            status = solve_command.solve_all(["-"], None, rng.random() < 0.5, stdin, out, err)
        except BaseException:
            section.fail(repr(texts)[:300], traceback.format_exc())
            continue
        longest = max((len(line) for line in err.getvalue().splitlines()), default=0)
        if status not in (0, 2) or longest > 2000:
            section.fail(repr(texts)[:300], f"status {status}, longest line {longest}")
        else:
            section.ok("junk refused" if status == 2 else "junk that was a position")


# --- api ------------------------------------------------------------------------------


def _junk_values() -> list[object]:
    return [
        None, True, False, -1, 0, 1, 2, 3, 4, 8, 9, 26, 27, 2**64, 10**5000, -(10**5000),
        3.0, math.nan, math.inf, "", "3x3", "b2", "5", "X.O/.X./..O", "9" * 5000, "x" * 100_000,
        b"3x3", [3, 3], (3, 3), {"m": 3}, object(), Rules(), Rules(3, 4, 3), Rules(4, 4, 4),
        Board.empty(), Board.parse("XX./OO./..."), Board.parse("XXX/OO./..."), Mark.X,
        Numbering.COORDS, "coords", "numpad", "win", Value.DRAW, Rules, Board,
    ]  # fmt: skip


def api_calls(solver: Solver) -> dict[str, Callable[[object, object, object], object]]:
    """The engine's public calls, each taking up to three (junk) arguments."""
    board = Board.parse("X.O/.X./..O")
    return {
        "Rules": lambda a, b, c: Rules(a, b, c),  # type: ignore[arg-type]
        "Rules.of": lambda a, b, c: Rules.of(a, b, c),  # type: ignore[arg-type]
        "Rules.parse_size": lambda a, b, c: Rules.parse_size(a, b),  # type: ignore[arg-type]
        "Rules.cell": lambda a, b, c: Rules(3, 4, 3).cell(a, b),  # type: ignore[arg-type]
        "Rules.row_col": lambda a, b, c: Rules(3, 4, 3).row_col(a),  # type: ignore[arg-type]
        "Board": lambda a, b, c: Board(a, b, c),  # type: ignore[arg-type]
        "Board.empty": lambda a, b, c: Board.empty(a),  # type: ignore[arg-type]
        "Board.parse": lambda a, b, c: Board.parse(a, b),  # type: ignore[arg-type]
        "Board.play": lambda a, b, c: board.play(a),  # type: ignore[arg-type]
        "Board[]": lambda a, b, c: board[a],  # type: ignore[index]
        "Board.is_legal": lambda a, b, c: board.is_legal(a),  # type: ignore[arg-type]
        "cells.parse": lambda a, b, c: cells.parse(a, b, c),  # type: ignore[arg-type]
        "cells.label": lambda a, b, c: cells.label(a, b, c),  # type: ignore[arg-type]
        "whole_number": lambda a, b, c: numbers.whole_number(a),  # type: ignore[arg-type]
        "decimal_number": lambda a, b, c: numbers.decimal_number(a),  # type: ignore[arg-type]
        "Solver.solve": lambda a, b, c: solver.solve(a),  # type: ignore[arg-type]
        "Solver.value": lambda a, b, c: solver.value(a),  # type: ignore[arg-type]
        "Solver.reaches": lambda a, b, c: solver.reaches(a, b),  # type: ignore[arg-type]
        "Solver.move_outcomes": lambda a, b, c: solver.move_outcomes(a),  # type: ignore[arg-type]
        "analyse": lambda a, b, c: analyse(a, solver),  # type: ignore[arg-type]
    }


def tamper(rng: random.Random, values: list[object]) -> str | None:
    """Try to change a frozen Rules or Board; what changed, or None."""
    target = rng.choice([Rules(4, 5, 3), Board.parse("XX./OO./...")])
    before = (repr(target), hash(target))
    name = rng.choice(["m", "n", "k", "x", "o", "rules", "_winner", "lines", "size", "new"])
    with contextlib.suppress(AttributeError, TypeError):
        setattr(target, name, rng.choice(values))
    with contextlib.suppress(AttributeError, TypeError):
        delattr(target, name)
    if isinstance(target, Rules) and name in "mnk":
        vars(target)[name] = 9
    after = (repr(target), hash(target))
    return None if after == before else f"{name}: {before} -> {after}"


def api(count: int, rng: random.Random, section: Section) -> None:
    values = _junk_values()
    solver = Solver()
    calls = api_calls(solver)
    names = sorted(calls)
    for number in range(count):
        if number % 20 == 0:
            changed = tamper(rng, values)
            if changed is not None:
                section.fail("a frozen value changed", changed)
            else:
                section.ok("frozen")
            continue
        name = rng.choice(names)
        args = [rng.choice(values) for _ in range(3)]
        try:
            calls[name](*args)
        except TicTacToeError:
            section.ok("refused")
        except Exception:
            section.fail(f"{name}{tuple(repr(a)[:40] for a in args)}", traceback.format_exc())
        else:
            section.ok("answered")


# --- scoreboards ----------------------------------------------------------------------

STATES = ("missing", "healthy", "empty", "corrupt", "cut", "folder", "locked", "read-only")


@contextlib.contextmanager
def scoreboard_in_state(home: Path, state: str) -> Iterator[Callable[[], None]]:
    """``home``'s scoreboard put in ``state``; yields a function that frees a lock."""
    path = home / FILE_NAME
    won = Record(Rules(), (), "human", "random", Mark.X, Termination.ADJUDICATED)
    for _ in range(3):
        Archive(path).save(won, scored=True)
    holder: sqlite3.Connection | None = None
    protected = False
    if state == "missing":
        path.unlink()
    elif state == "empty":
        path.write_bytes(b"")
    elif state == "corrupt":
        path.write_bytes(os.urandom(4096))
    elif state == "cut":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif state == "folder":
        path.unlink()
        path.mkdir()
    elif state == "locked":
        holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
    elif state == "read-only":
        protected = _protect(path, True)

    def release() -> None:
        if holder is not None and holder.in_transaction:
            holder.execute("COMMIT")

    try:
        yield release
    finally:
        release()
        if holder is not None:
            holder.close()
        if protected:
            _protect(path, False)


def _protect(path: Path, on: bool) -> bool:
    """Make ``path`` read-only (or writable again), even for root; False if impossible."""
    if os.geteuid() != 0:
        path.chmod(0o444 if on else 0o644)
        path.parent.chmod(0o555 if on else 0o755)
        return True
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", "+i" if on else "-i", str(path)]).returncode == 0


def scoreboards(count: int, rng: random.Random, section: Section, home: Path) -> None:
    os.environ["TICTACTOE_HOME"] = str(home)
    for number in range(count):
        folder = home / str(number)
        folder.mkdir()
        os.environ["TICTACTOE_HOME"] = str(folder)
        state = rng.choice(STATES)
        command = rng.choice(["stats", "reset", "play"])
        argv, text = {
            "stats": (["stats"], b""),
            "reset": (["stats", "--reset", "--yes"], b""),
            "play": (["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"],
                     b"5\n9\n1\nno\n"),
        }[command]  # fmt: skip
        try:
            with scoreboard_in_state(folder, state) as release:
                timer = threading.Timer(0.3, release)  # the other program ends its write
                timer.start()
                status, out = run_in_process(argv, text)
                timer.cancel()
        except BaseException:
            section.fail(f"{command} on a {state} scoreboard", traceback.format_exc())
            continue
        problem = _judge_scoreboard(state, command, status, out, folder / FILE_NAME)
        if problem:
            section.fail(f"{command} on a {state} scoreboard: {problem}", out)
        else:
            section.ok(f"{state}")
    os.environ["TICTACTOE_HOME"] = str(home)


def _judge_scoreboard(state: str, command: str, status: int, out: str, path: Path) -> str:
    """What is wrong with the outcome of ``command`` on a scoreboard in ``state``, or ''."""
    if "Traceback" in out or status not in (0, 1):
        return f"status {status}"
    if state == "locked" and "--reset" in out:
        return "a reset was suggested for a file in use"
    if state in ("empty", "corrupt") and command != "reset" and "--reset" not in out:
        return "a damaged file without the way out"
    if state in ("healthy", "locked") and command == "play":
        wins = next((t.wins for t in Scoreboard(path).tallies() if t.opponent == "first-free"), 0)
        if wins != 1:
            return "the finished game was lost"
    if state == "read-only" and command != "reset" and "read-only" not in out:
        return "read-only not said"
    return ""


# --- real processes -------------------------------------------------------------------


def default_signals() -> None:
    """In the child before it starts: Ctrl-C, SIGTERM and SIGHUP as a terminal delivers them,
    even when the audit itself runs with them ignored (in the background, ``nohup``)."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


ONE_STONE = "/".join([*["." * 15] * 7, ".......X.......", *["." * 15] * 7])
"""15 x 15 with one stone: a search that takes as long as it is given."""

PROCESSES = {
    "game": (["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"], b"5\n"),
    "thinking": (
        ["play", "--size", "15x15", "--you", "search", "--opponent", "search", "--think", "600"],
        b"",
    ),
    "solve": (["solve", ONE_STONE, "--think", "600"], b""),
    "question": (["stats", "--reset"], b""),
    "match": (["arena", "--x", "random", "--o", "random", "--games", "100000000"], b""),
    "match-2": (
        ["arena", "--x", "random", "--o", "random", "--games", "100000000", "--jobs", "2"],
        b"",
    ),
}

STARTUP_FRAMES = re.compile(r'tictactoe/(__init__|__main__|console)\.py", line \d+, in <module>')
OUR_FRAMES = re.compile(r'src/tictactoe/[\w/]+\.py", line \d+')


def traceback_is_ours(err: str) -> bool:
    """True for a traceback through the program's own code after Ctrl-C was held, False for
    one in Python's own start-up (site, ``.pth`` files) or in loading the entry module."""
    frames = OUR_FRAMES.findall(err)
    return bool(frames) and len(STARTUP_FRAMES.findall(err)) < len(frames)


def signals(count: int, rng: random.Random, section: Section, home: Path) -> None:
    env = {**os.environ, "TICTACTOE_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    for _ in range(count):
        name = rng.choice(sorted(PROCESSES))
        argv, text = PROCESSES[name]
        signum = rng.choice([signal.SIGINT, signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
        delay = rng.choice([rng.uniform(0, 0.15), rng.uniform(0.15, 1.5)])
        process = subprocess.Popen(
            [sys.executable, "-m", "tictactoe", *argv],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
            preexec_fn=default_signals,
        )
        assert process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            process.stdin.write(text)
            process.stdin.flush()
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signum)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            section.fail(f"{name} after {signal.Signals(signum).name}", "did not end in 30 s")
            continue
        what = f"{name}, {signal.Signals(signum).name} after {delay:.2f} s"
        status = process.returncode
        error = err.decode(errors="replace")
        if _left_behind(process.pid):
            section.fail(what, "a process of the session is still running")
        elif "Traceback" in error and traceback_is_ours(error):
            section.fail(what, error)
        elif "Traceback" in error:
            section.ok("in Python's own start-up (site, .pth files)")
        elif signum == signal.SIGINT and status == -signum:
            section.ok("before Python handles Ctrl-C")
        elif status in _expected_statuses(name, signum) and "Exception ignored" not in error:
            section.ok(f"{signal.Signals(signum).name} -> {status}")
        else:
            section.fail(f"{what}: status {status}", error + out.decode(errors="replace")[-500:])


def _expected_statuses(name: str, signum: int) -> set[int]:
    if signum == signal.SIGINT:
        return {130}
    if name.startswith("match"):
        return {128 + signum, -signum}  # ended by the signal itself if the match had not begun
    return {-signum}


def _left_behind(session: int, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(session, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(session, signal.SIGKILL)
    return True


OUTPUT_COMMANDS = {
    "play": (["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"],
             b"5\n9\n1\nno\n"),
    "solve": (["solve", *[".../.../..."] * 500], b""),
    "solve-stdin": (["solve", "-"], b"X../.../...\n" * 500),
    "stats": (["stats", "--lang", "ru"], b""),
    "arena": (["arena", "--x", "random", "--o", "random", "--games", "200"], b""),
}  # fmt: skip

DAMAGES = ("full disk", "closed output", "closed input", "closed error output", "ascii",
           "reader goes away", "endless input")  # fmt: skip


def outputs(count: int, rng: random.Random, section: Section, home: Path) -> None:
    env = {**os.environ, "TICTACTOE_HOME": str(home)}
    for _ in range(count):
        damage = rng.choice([d for d in DAMAGES if d != "full disk" or os.path.exists("/dev/full")])
        name = rng.choice(sorted(OUTPUT_COMMANDS))
        if damage == "endless input":
            name = rng.choice(["play", "solve-stdin"])
        argv, text = OUTPUT_COMMANDS[name]
        what = f"{name} with {damage}"
        try:
            status, out, err, memory = _damaged_run(argv, text, damage, env)
        except subprocess.TimeoutExpired:
            section.fail(what, "did not end in 120 s")
            continue
        expected = {
            "full disk": {1},
            "closed output": {1},
            "closed input": {0, 2},
            "closed error output": {0},
            "ascii": {0},
            "reader goes away": {0, 141},
            "endless input": {0, 2},
        }[damage]
        if "Traceback" in err or "Exception ignored" in err or status not in expected:
            section.fail(f"{what}: status {status}", err[-1500:] + out[-300:])
        elif memory > MEMORY_LIMIT_KB:
            section.fail(what, f"{memory // 1024} MB of memory")
        else:
            section.ok(f"{damage} -> {status}")


def _damaged_run(
    argv: list[str], text: bytes, damage: str, env: dict[str, str]
) -> tuple[int, str, str, int]:
    """Run ``argv`` with ``damage`` done to its streams; (status, out, err, peak KB)."""
    closing = {"closed output": (1,), "closed input": (0,), "closed error output": (2,)}
    to_close = closing.get(damage, ())

    def prepare() -> None:
        for fd in to_close:
            os.close(fd)

    stdout: int | None = subprocess.PIPE
    stdin: int | None = subprocess.PIPE
    opened: list[int] = []
    if damage == "full disk":
        stdout = os.open("/dev/full", os.O_WRONLY)
        opened.append(stdout)
    if damage == "endless input":
        stdin = os.open("/dev/zero", os.O_RDONLY)
        opened.append(stdin)
    extra = {"PYTHONIOENCODING": "ascii"} if damage == "ascii" else {}
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**env, **extra},
        preexec_fn=prepare,
    )
    for fd in opened:
        os.close(fd)
    out = b""
    if process.stdin is not None:
        with contextlib.suppress(BrokenPipeError, OSError):
            process.stdin.write(text)
            process.stdin.close()
    if process.stdout is not None:
        if damage == "reader goes away":
            ready, _, _ = select.select([process.stdout], [], [], 30)
            out = process.stdout.readline() if ready else b""
            process.stdout.close()
        else:
            out = process.stdout.read()
    assert process.stderr is not None
    err = process.stderr.read()
    _, wait_status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(wait_status)
    return (
        process.returncode,
        out.decode(errors="replace"),
        err.decode(errors="replace"),
        int(usage.ru_maxrss),
    )


# --- the audit ------------------------------------------------------------------------


def audit(sizes: dict[str, int], seed: int, out: Callable[[str], None] = print) -> int:
    """Run every section with ``sizes`` runs; print the counts; the number of failures."""
    rng = random.Random(seed)
    results: list[Section] = []
    with tempfile.TemporaryDirectory(prefix="tictactoe-fuzz-") as folder:
        home = Path(folder)
        saved_home = os.environ.get("TICTACTOE_HOME")
        os.environ["TICTACTOE_HOME"] = str(home / "games")
        try:
            steps: list[tuple[str, Callable[[int, random.Random, Section], None]]] = [
                ("sessions", sessions),
                ("solves", solves),
                ("api", api),
                ("scoreboards", lambda n, r, s: scoreboards(n, r, s, home / "boards")),
                ("signals", lambda n, r, s: signals(n, r, s, home / "signals")),
                ("outputs", lambda n, r, s: outputs(n, r, s, home / "outputs")),
            ]
            for name in ("boards", "signals", "outputs", "games"):
                (home / name).mkdir()
            for name, step in steps:
                section = Section(name)
                started = time.monotonic()
                step(sizes[name], rng, section)
                results.append(section)
                kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(section.outcomes.items()))
                out(
                    f"{name:<12}{section.runs:>8} runs  {section.failed:>4} failed  "
                    f"{time.monotonic() - started:6.1f} s  ({kinds})"
                )
        finally:
            if saved_home is None:
                os.environ.pop("TICTACTOE_HOME", None)
            else:
                os.environ["TICTACTOE_HOME"] = saved_home
    failed = sum(section.failed for section in results)
    for section in results:
        for failure in section.failures:
            out(f"\n--- {section.name} failure: {failure}")
    out(f"\n{'FAIL' if failed else 'PASS'}: {failed} of {sum(s.runs for s in results)} runs")
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the small version (tests)")
    parser.add_argument("--seed", type=int, default=None, help="for a reproducible audit")
    for name in FULL:
        parser.add_argument(f"--{name}", type=int, metavar="N", help=f"runs (full: {FULL[name]})")
    args = parser.parse_args(argv)
    sizes = dict(QUICK if args.quick else FULL)
    for name in FULL:
        if getattr(args, name) is not None:
            sizes[name] = getattr(args, name)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}: " + ", ".join(f"{name} {n}" for name, n in sizes.items()), flush=True)
    return 1 if audit(sizes, seed) else 0


if __name__ == "__main__":
    sys.exit(main())
