"""Fixtures for the play and stats commands: run ``tictactoe`` in-process with piped input."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.cli.command import main

Run = Callable[[list[str], str], tuple[int, str, str]]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private TICTACTOE_HOME and an English environment."""
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.fixture
def run(home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(argv, input_text)``: exit status (SystemExit included), stdout, stderr."""

    def go(argv: list[str], text: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = int(exit_.code or 0)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return go
