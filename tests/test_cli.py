"""The ``tictactoe`` command as a user runs it: help, unknown commands, an arena match."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tictactoe import cli


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
    assert "usage: tictactoe" in done.stdout
    for name in cli.COMMANDS:
        assert name in done.stdout
    assert done.stderr == ""


def test_unknown_command_exits_2() -> None:
    done = tictactoe("juggle")
    assert done.returncode == 2
    assert "invalid choice: 'juggle'" in done.stderr
    assert "Traceback" not in done.stderr


def test_unknown_command_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["juggle"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


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
    assert "unknown player 'grandmaster'" in done.stderr
    assert "Traceback" not in done.stderr
