"""Ctrl-C, SIGTERM and SIGHUP at every moment: during the start-up, while the computer
thinks, at each kind of question, in the middle of a solve or a match. Goodbye (or the
counts so far) and the conventional status, never a traceback, no process left behind.

Every child gets SIGINT's default disposition back before it starts, so these tests
also pass when the suite itself runs with SIGINT ignored (started in the background).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.rules import Rules
from tictactoe.saved.archive import FILE_NAME
from tictactoe.saved.scoreboard import Scoreboard

SaveResult = Callable[..., None]

pytestmark = pytest.mark.slow  # every test here runs whole processes


def default_signals() -> None:
    """In the child before it starts: Ctrl-C, SIGTERM and SIGHUP as a terminal delivers them,
    even when the test suite itself runs with them ignored (in the background, ``nohup``)."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def hangup_ignored() -> None:
    """As :func:`default_signals`, then SIGHUP ignored: started by ``nohup``."""
    default_signals()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


class Child:
    """``python -m tictactoe`` (or ``python -c``) in its own session, output collected."""

    def __init__(
        self, argv: list[str], home: Path, *, code: str | None = None, nohup: bool = False
    ) -> None:
        command = ["-c", code, *argv] if code else ["-m", "tictactoe", *argv]
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        self.process = subprocess.Popen(
            [sys.executable, *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**clean, "TICTACTOE_HOME": str(home), "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
            preexec_fn=hangup_ignored if nohup else default_signals,
        )
        self.out = b""

    def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def wait_for(self, marker: bytes, seconds: float = 30) -> None:
        """Read standard output until ``marker`` shows."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + seconds
        while marker not in self.out and time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.1)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.out += chunk
        assert marker in self.out, self.out.decode(errors="replace")

    def signal(self, signum: int) -> tuple[int, str, str]:
        """Send ``signum`` (to the whole session, as a terminal does) and wait for the end."""
        try:
            os.killpg(self.process.pid, signum)
            out, err = self.process.communicate(timeout=30)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.returncode, (self.out + out).decode(), err.decode()

    def nothing_left(self, seconds: float = 5) -> bool:
        """True once no process of the session is left (workers included)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return True
            time.sleep(0.05)
        return False


def clean(err: str) -> None:
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "Exception ignored" not in err, err


INTERRUPTED_START = """
import os, signal, sys
from tictactoe import __main__ as entry, console

hold = console.hold_interrupts

def hold_then_ctrl_c():
    hold()
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C before the commands are even imported

console.hold_interrupts = hold_then_ctrl_c
sys.exit(entry.main())
"""


@pytest.mark.parametrize(
    ("argv", "goodbye"),
    [
        (["play"], "Goodbye!"),
        (["play", "--lang", "ru"], "До свидания!"),
        (["stats", "--lang", "vi"], "Tạm biệt!"),
        (["solve", "X.O/.X./..O"], None),
        (["arena", "--x", "random", "--o", "random"], None),
    ],
)
def test_ctrl_c_during_the_start_up(argv: list[str], goodbye: str | None, tmp_path: Path) -> None:
    child = Child(argv, tmp_path, code=INTERRUPTED_START)
    out, err = child.process.communicate(timeout=60)
    clean(err.decode())
    assert child.process.returncode == 130
    if goodbye is None:
        assert out == b"" and err == b"\n"
    else:
        assert out.decode().strip() == goodbye


@pytest.mark.parametrize("delay", [0.0, 0.2, 0.8])
def test_ctrl_c_at_any_moment_of_a_game_with_a_thinking_computer(
    delay: float, tmp_path: Path
) -> None:
    """5 x 4 with the perfect player moving first: a second or so of thinking to start."""
    argv = ["play", "--size", "5x4", "--k", "4", "--opponent", "perfect", "--first", "computer"]
    child = Child(argv, tmp_path)
    child.wait_for(b"\n")  # the game has begun
    time.sleep(delay)
    status, out, err = child.signal(signal.SIGINT)
    clean(err)
    assert status == 130
    assert out.rstrip().endswith("Goodbye!")


def test_ctrl_c_at_play_again(tmp_path: Path) -> None:
    child = Child(["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"], tmp_path)
    child.type("5\n9\n1\n")
    child.wait_for(b"Do you want to play again?")
    status, out, err = child.signal(signal.SIGINT)
    clean(err)
    assert status == 130 and out.rstrip().endswith("Goodbye!")
    assert Scoreboard(tmp_path / FILE_NAME).tallies()[0].wins == 1  # the game was saved


def test_ctrl_c_at_the_reset_question(tmp_path: Path, save_result: SaveResult) -> None:
    save_result(tmp_path / FILE_NAME, Rules(), "human", "random", None)
    child = Child(["stats", "--reset"], tmp_path)
    child.wait_for(b"(yes or no)")
    status, out, err = child.signal(signal.SIGINT)
    clean(err)
    assert status == 130 and out.rstrip().endswith("Goodbye!")
    assert len(Scoreboard(tmp_path / FILE_NAME).tallies()) == 1


def test_ctrl_c_in_the_middle_of_a_solve(tmp_path: Path) -> None:
    middle = "/".join(["." * 15] * 6 + [".......X.......", ".......XO......"] + ["." * 15] * 7)
    child = Child(["solve", middle, "--think", "600"], tmp_path)  # minutes of search
    time.sleep(0.5)
    status, _, err = child.signal(signal.SIGINT)
    clean(err)
    assert status == 130 and err == "\n"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_arena_ends_with_its_workers_on_sigterm_and_sighup(
    signum: int, jobs: str, tmp_path: Path
) -> None:
    argv = ["arena", "--x", "random", "--o", "random", "--games", "100000000", "--jobs", jobs]
    child = Child([*argv, "--seed", "3"], tmp_path)
    child.wait_for(b"seed 3\n")
    time.sleep(1.0)  # the workers are playing
    status, out, err = child.signal(signum)
    assert status == 128 + signum
    assert out == "Easy (X) against Easy (O) on 3x3, k=3: 100000000 games, seed 3\n"
    assert err == ""
    assert child.nothing_left()


def test_arena_started_by_nohup_goes_on_after_sighup(tmp_path: Path) -> None:
    argv = ["arena", "--x", "random", "--o", "random", "--games", "100000000", "--jobs", "2"]
    child = Child(argv, tmp_path, nohup=True)
    child.wait_for(b"games, seed")
    time.sleep(1.0)  # the workers are playing
    os.killpg(child.process.pid, signal.SIGHUP)  # the terminal closes
    time.sleep(1.0)
    assert child.process.poll() is None, "the match stopped on a hangup it was told to ignore"
    status, _, err = child.signal(signal.SIGTERM)
    assert status == 128 + signal.SIGTERM
    assert err == ""
    assert child.nothing_left()


def test_arena_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    argv = ["arena", "--x", "random", "--o", "random", "--games", "100000000", "--jobs", "2"]
    child = Child(argv, tmp_path)
    child.wait_for(b"games, seed")
    time.sleep(1.0)
    os.kill(child.process.pid, signal.SIGKILL)  # the parent only, at once
    child.process.wait(timeout=10)
    assert child.nothing_left(10), "a worker outlived its parent"
    assert child.process.stderr is not None
    clean(child.process.stderr.read().decode())
