"""``tictactoe brain`` and ``pbrain-tictactoe``: the Gomocup brain as a command."""

from __future__ import annotations

import os
import subprocess
import sys

from tictactoe.cli.command import COMMANDS, build_parser
from tictactoe.cli.commands import brain


def test_registered_with_a_one_line_help() -> None:
    assert "brain" in COMMANDS and "\n" not in brain.HELP
    assert "brain" in build_parser().format_help()


def run(argv: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        argv, input=stdin, capture_output=True, timeout=120, check=False, env={**os.environ}
    )


def test_plays_through_the_tictactoe_command() -> None:
    done = run(
        [sys.executable, "-m", "tictactoe", "brain"],
        b"START 15\r\nINFO timeout_turn 200\r\nBEGIN\r\nTURN 0,0\r\nEND\r\n",
    )
    answers = [line for line in done.stdout.decode().splitlines() if not line.startswith("MESSAGE")]
    assert done.returncode == 0 and done.stderr == b""
    assert answers[0] == "OK" and answers[1] == "7,7" and "," in answers[2]


def test_help_describes_the_protocol() -> None:
    done = run([sys.executable, "-m", "tictactoe", "brain", "--help"], b"")
    assert done.returncode == 0 and b"Gomocup" in done.stdout and b"x,y" in done.stdout


def test_console_script_entry_point() -> None:
    code = "import sys; from tictactoe.cli.commands.brain import main; sys.exit(main())"
    done = run([sys.executable, "-c", code], b"ABOUT\nEND\n")
    assert done.returncode == 0 and done.stdout.startswith(b'name="tictactoe"')


def test_end_of_input_without_end_exits_cleanly() -> None:
    done = run([sys.executable, "-m", "tictactoe", "brain"], b"START 15\n")
    assert done.returncode == 0 and done.stdout == b"OK\n" and done.stderr == b""
