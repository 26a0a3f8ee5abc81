"""Fixtures for the terminal game: run ``tictactoe`` in-process or as a real subprocess."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictactoe.cli.command import main

Run = Callable[..., tuple[int, str]]
Spawn = Callable[..., subprocess.CompletedProcess[str]]

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private TICTACTOE_HOME and an English, colour-neutral environment."""
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield tmp_path


@pytest.fixture
def run(home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(argv, input_text)``: the exit status and everything printed."""

    def go(argv: list[str], text: str) -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        status = main(argv)
        captured = capsys.readouterr()
        return status, captured.out + captured.err

    return go


def subprocess_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a real ``python -m tictactoe`` run."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES and k != "DISPLAY"}
    env.update(TICTACTOE_HOME=str(home), PYTHONUNBUFFERED="1", **extra)
    return env


@pytest.fixture
def spawn(home: Path) -> Spawn:
    """``spawn(argv, input_text)``: run ``python -m tictactoe`` with the input piped."""

    def go(argv: list[str], text: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tictactoe", *argv],
            input=text,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=subprocess_env(home, **extra),
            timeout=60,
        )

    return go


@pytest.fixture
def env(home: Path) -> dict[str, str]:
    """The environment for a hand-made ``subprocess.Popen`` of the game."""
    return subprocess_env(home)
