"""``tictactoe tk`` and plain ``tictactoe`` open the window; bad options end with a message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tictactoe.cli import main


def test_an_impossible_board_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tk", "--size", "3x3", "--k", "9", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "Impossible board" in err and "Traceback" not in err


def test_no_display_is_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    assert main(["tk", "--lang", "en"]) == 1
    assert "Cannot open a window" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
@pytest.mark.parametrize("argv", [[], ["tk", "--size", "7x7", "--opponent", "human"]])
def test_the_program_opens_its_window(display: str, argv: list[str]) -> None:
    env = {**os.environ, "DISPLAY": display, "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    program = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv, "--no-sound"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        found = subprocess.run(
            ["timeout", "15", "xdotool", "search", "--sync", "--name", "Tic-tac-toe"],
            env=env,
            capture_output=True,
            text=True,
        )
        assert found.returncode == 0, "the window appeared"
        window = found.stdout.split()[0]
        title = subprocess.run(
            ["xdotool", "getwindowname", window], env=env, capture_output=True, text=True
        ).stdout
        assert "X to move" in title
    finally:
        program.terminate()
        _out, err = program.communicate(timeout=10)
    assert "Traceback" not in err
