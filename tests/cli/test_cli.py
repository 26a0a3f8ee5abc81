"""The ``tictactoe`` command as a user runs it: help, unknown commands, an arena match."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe.cli import command


def tictactoe(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tictactoe`` with ``argv`` in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_help_lists_every_command() -> None:
    done = tictactoe("--help")
    assert done.returncode == 0, done.stderr
    assert "Usage: tictactoe" in done.stdout
    for name in command.COMMANDS:
        assert name in done.stdout
    assert done.stderr == ""


def test_unknown_command_exits_2() -> None:
    done = tictactoe("juggle")
    assert done.returncode == 2
    assert "tictactoe: There is no command juggle." in done.stderr
    assert "Traceback" not in done.stderr


def test_unknown_command_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        command.main(["juggle"])
    assert exit_.value.code == 2
    assert "There is no command juggle." in capsys.readouterr().err


@pytest.mark.parametrize("line", ["arena --x random --o random", "solve X..", "stats"])
def test_unknown_flag_is_said_in_one_line_naming_the_command(
    line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = line.split()[0]
    with pytest.raises(SystemExit) as exit_:
        command.main([*line.split(), "--colour", "red"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        f"tictactoe {name}: There is no option --colour. For help, type: tictactoe {name} --help\n"
    )


def test_arena_help() -> None:
    done = tictactoe("arena", "--help")
    assert done.returncode == 0
    for option in ("--x", "--o", "--games", "--size", "--k", "--seed", "--jobs", "--json"):
        assert option in done.stdout


def test_arena_json_on_stdout_only() -> None:
    done = tictactoe("arena", "--x", "fork-aware", "--o", "random", "--games", "30", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 30
    assert done.stderr == ""


def test_arena_bad_player_exits_2_without_a_traceback() -> None:
    done = tictactoe("arena", "--x", "grandmaster", "--o", "random")
    assert done.returncode == 2
    assert "--x: there is no player 'grandmaster'. Choose a level (beginner," in done.stderr
    assert "Traceback" not in done.stderr


def test_arena_names_a_player_files_taken_cell_as_the_file_numbers_it(tmp_path: Path) -> None:
    (tmp_path / "centre.py").write_text("def choose(board):\n    return 4\n")
    (tmp_path / "pair.py").write_text("def choose(board):\n    return (0, 0)\n")
    done = tictactoe(
        "arena",
        "--x",
        str(tmp_path / "pair.py"),
        "--o",
        str(tmp_path / "centre.py"),
        "--games",
        "2",
    )
    assert done.returncode == 0, done.stderr
    assert "    pair.py loses this game: it played (0, 0), top left, which is taken." in done.stdout
    done = tictactoe("arena", "--x", "beginner", "--o", str(tmp_path / "centre.py"), "--games", "1")
    assert "    centre.py loses this game: it played 4, centre, which is taken." in done.stdout


class ArenaOnATerminal:
    """``tictactoe arena`` with its standard error on a pseudo-terminal, in its own session."""

    def __init__(self, *argv: str) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tictactoe", "arena", *argv],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        self.err = b""

    def read_until(self, pattern: bytes, seconds: float) -> bool:
        """Collect standard error until ``pattern`` shows (True) or time runs out."""
        deadline = time.monotonic() + seconds
        while pattern not in self.err and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.err += os.read(self.master, 4096)
                except OSError:  # the process has ended and closed the terminal
                    break
        return pattern in self.err

    def finish(self, seconds: float) -> tuple[int, str, str]:
        """Wait for the end; (status, stdout, stderr)."""
        out, _ = self.process.communicate(timeout=seconds)
        self.read_until(b"\0", 0.5)
        os.close(self.master)
        return self.process.returncode, out.decode(), self.err.decode(errors="replace")


@pytest.mark.slow
def test_arena_progress_bar_on_a_terminal_only() -> None:
    match = ArenaOnATerminal("--x", "random", "--o", "random", "--games", "3000", "--json")
    status, out, err = match.finish(60)
    assert status == 0
    assert json.loads(out)["games"] == 3000
    assert "] 3000/3000 games" in err and "\r" in err
    assert err.endswith("\r")  # the bar is erased at the end; without a terminal: no bar (above)


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_arena_endless_match_shows_progress_and_stops_on_ctrl_c(jobs: str) -> None:
    games = "1000000000"
    match = ArenaOnATerminal("--x", "random", "--o", "random", "--games", games, "--jobs", jobs)
    try:
        assert match.read_until(b"] 0/" + games.encode(), 20), match.err
        assert match.read_until(b"] 2", 20), match.err  # a batch or two: thousands of games
        os.killpg(match.process.pid, signal.SIGINT)  # what Ctrl-C on a terminal does
        status, out, err = match.finish(10)
    finally:
        if match.process.poll() is None:
            os.killpg(match.process.pid, signal.SIGKILL)
    assert status == 130
    heading, stopped, *counts = out.splitlines()
    assert heading.startswith(f"Easy (X) against Easy (O) on 3x3, k=3: {games} games, seed ")
    finished = int(stopped.removeprefix("Stopped after ").partition(" ")[0])
    assert stopped == f"Stopped after {finished} of {games} games:" and finished >= 2000
    wins = [int(line.split()[-2]) for line in counts if "%" in line]
    assert sum(wins) == finished
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    with pytest.raises(ProcessLookupError):  # no worker process is left behind
        os.killpg(match.process.pid, 0)
