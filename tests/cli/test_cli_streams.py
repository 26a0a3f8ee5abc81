"""Every command with unusable input or output: a full disk, closed descriptors, a closed
pipe, an ASCII-only output encoding, endless lines. A message or a quiet end, never a
traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.rules import Rules
from tictactoe.saved.archive import FILE_NAME

SaveResult = Callable[..., None]

pytestmark = pytest.mark.slow  # every test here runs whole processes

GAME = ["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"]
WIN = "5\n9\n1\nno\n"
"""Numpad moves that beat first-free, then no more games."""

COMMANDS = {
    "play": (GAME, WIN),
    "solve": (["solve", "X.O/.X./..O"], ""),
    "solve-stdin": (["solve", "-"], "X.O/.X./..O\n"),
    "stats": (["stats"], ""),
    "arena": (["arena", "--x", "random", "--o", "random", "--games", "20"], ""),
}

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


def tictactoe(
    argv: list[str],
    home: Path,
    stdin: bytes | int | None = b"",
    stdout: int | None = subprocess.PIPE,
    preexec: Callable[[], None] | None = None,
    **env: str,
) -> subprocess.CompletedProcess[bytes]:
    """``python -m tictactoe argv`` with its own data folder and an English locale."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    feed = stdin if isinstance(stdin, bytes) else None
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *argv],
        input=feed,
        stdin=None if feed is not None else stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**clean, "TICTACTOE_HOME": str(home), **env},
        preexec_fn=preexec,
        timeout=120,
    )


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> None:
    text = (done.stdout or b"") + done.stderr
    assert b"Traceback" not in text and b"Exception ignored" not in text, text.decode()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


@needs_dev_full
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_full_disk_is_one_line_and_status_1(name: str, home: Path) -> None:
    argv, text = COMMANDS[name]
    with open("/dev/full", "wb") as full:
        done = tictactoe(argv, home, text.encode(), stdout=full.fileno())
    no_traceback(done)
    assert done.returncode == 1
    assert done.stderr == b"tictactoe: cannot write the output: the disk is full.\n"


@needs_dev_full
def test_a_full_disk_is_said_in_the_language_asked_for(home: Path) -> None:
    with open("/dev/full", "wb") as full:
        done = tictactoe(["play", "--lang", "ru"], home, b"", stdout=full.fileno())
    no_traceback(done)
    assert done.returncode == 1
    said = "tictactoe: не удаётся вывести результат: диск заполнен.\n"
    assert done.stderr.decode() == said


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_closed_output_is_one_line_and_status_1(name: str, home: Path) -> None:
    argv, text = COMMANDS[name]
    done = tictactoe(argv, home, text.encode(), preexec=lambda: os.close(1))
    no_traceback(done)
    assert done.returncode == 1
    assert done.stderr == b"tictactoe: cannot write the output: it is closed.\n"


def test_closed_input_ends_the_game_like_end_of_input(home: Path) -> None:
    done = tictactoe(["play"], home, preexec=lambda: os.close(0))
    no_traceback(done)
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith(b"Goodbye!")


def test_closed_input_gives_solve_nothing_to_solve(home: Path) -> None:
    done = tictactoe(["solve", "-"], home, preexec=lambda: os.close(0))
    no_traceback(done)
    assert done.returncode == 2
    assert done.stderr == b"tictactoe solve: nothing to solve: standard input held no position\n"


def test_closed_input_does_not_stop_stats(home: Path) -> None:
    done = tictactoe(["stats"], home, preexec=lambda: os.close(0))
    assert (done.returncode, done.stdout) == (0, b"No games recorded yet.\n")
    done = tictactoe(["stats", "--reset"], home, preexec=lambda: os.close(0))
    no_traceback(done)
    assert done.returncode == 0 and done.stdout.rstrip().endswith(b"Goodbye!")


def test_every_standard_descriptor_closed(home: Path) -> None:
    done = tictactoe(
        ["solve", "X.O/.X./..O"], home, preexec=lambda: [os.close(fd) for fd in (0, 1, 2)]
    )
    assert done.returncode == 1 and done.stderr == b""


@pytest.mark.parametrize(
    ("argv", "text", "expected"),
    [
        (["stats", "--lang", "ru"], "", "????????  ????"),
        ([*GAME, "--lang", "ru"], "5\n9\n1\nнет\n", "???! ?? ????????!"),
        (["solve", "X.O/.X./..O"], "", "X to move: draw (exact)\nbest: c2"),
        (["arena", "--x", "random", "--o", "random", "--games", "9", "--seed", "1"], "", "9 games"),
    ],
)
def test_an_ascii_only_output_gets_question_marks_not_a_crash(
    argv: list[str], text: str, expected: str, home: Path, save_result: SaveResult
) -> None:
    save_result(home / FILE_NAME, Rules(), "human", "perfect", None)
    done = tictactoe(argv, home, text.encode(), PYTHONIOENCODING="ascii")
    no_traceback(done)
    assert done.returncode == 0
    assert expected in done.stdout.decode("ascii")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", *[".../.../..."] * 3000],
        ["solve", "--json", "-"],
        # long enough (about a second) that the reader goes away before the result even
        # when the machine is busy and the test process is slow to close its end
        ["arena", "--x", "random", "--o", "random", "--games", "50000", "--jobs", "1"],
        [*GAME[:-2], "--you", "random", "--delay", "0"],
    ],
    ids=["solve", "solve-stdin", "arena", "demo"],
)
def test_a_reader_that_goes_away_ends_quietly_with_141(argv: list[str], home: Path) -> None:
    """``tictactoe ... | head -1``: 141, as for a program ended by SIGPIPE, and no message."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "TICTACTOE_HOME": str(home)},
    )
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    try:
        process.stdin.write(b"X.O/.X./..O\n" * 5000 + b"yes\n" * 100)
        process.stdin.close()
    except BrokenPipeError:  # the demo does not read that much
        pass
    assert process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert err == b""


def test_endless_input_lines_are_cut_and_the_game_ends(home: Path) -> None:
    """``tictactoe play < /dev/zero`` (here 80 MB of NUL, no line break) ends in bounded memory."""
    with open(home / "zeros", "wb") as zeros:
        zeros.truncate(80 * 1024 * 1024)
    with open(home / "zeros", "rb") as source:
        done = tictactoe(["play"], home, stdin=source.fileno())
    no_traceback(done)
    assert done.returncode == 0
    out = done.stdout.decode()
    assert out.count("That answer is too long (more than 1000 characters).") == 1
    assert out.rstrip().endswith("Goodbye!") and len(out) < 2000


def test_endless_input_of_solve(home: Path) -> None:
    with open(home / "zeros", "wb") as zeros:
        zeros.truncate(80 * 1024 * 1024)
    with open(home / "zeros", "rb") as source:
        done = tictactoe(["solve", "-"], home, stdin=source.fileno())
    no_traceback(done)
    assert done.returncode == 2
    assert done.stderr.startswith(b"tictactoe solve: line 1 of standard input is too long")
    assert len(done.stderr) < 300


def test_huge_numbers_and_long_lines_in_a_piped_game(home: Path) -> None:
    """Issue 15's reproductions: 5,000 digits for k, a 16 MB answer, 900 digits, then k."""
    text = "5x5\n" + "9" * 5000 + "\n" + "b" * 16_000_000 + "\n" + "9" * 900 + "\n4\nquit\n"
    done = tictactoe(["play", "--opponent", "first-free"], home, text.encode())
    no_traceback(done)
    assert done.returncode == 0
    out = done.stdout.decode()
    assert out.count("That answer is too long (more than 1000 characters).") == 2
    assert out.count("k must be from 2 to 5 (the longer side) on a 5 x 5 board, not a") == 1
    assert out.count("How many marks in a row win?") == 4
    assert "Who goes first? X always moves first." in out
    assert len(out) < 5_000
