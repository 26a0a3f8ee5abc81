"""The small version of ``scripts/fuzz.py`` (issue 15's audit): every section, no failure."""

from __future__ import annotations

import random
import signal
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def fuzz(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("scripts/fuzz.py", "fuzz")


@pytest.mark.slow
def test_the_quick_audit_finds_nothing(fuzz: ModuleType) -> None:
    before = signal.getsignal(signal.SIGINT)
    lines: list[str] = []
    seed = random.randrange(2**32)
    failed = fuzz.audit(fuzz.QUICK, seed, out=lines.append)
    report = "\n".join(lines)
    assert failed == 0, f"seed {seed}:\n{report}"
    for name, runs in fuzz.QUICK.items():
        assert f"{name:<12}{runs:>8} runs     0 failed" in report
    assert signal.getsignal(signal.SIGINT) is before


def test_the_audit_counts_what_goes_wrong(fuzz: ModuleType) -> None:
    """The checks can fail: a session that raises, an API call that breaks, a lost game."""
    section = fuzz.Section("demo")
    section.ok("fine")
    section.fail("boom", "Traceback ...")
    assert (section.runs, section.failed) == (2, 1)
    assert fuzz.traceback_is_ours('File "/x/src/tictactoe/cli/command.py", line 9, in main\n')
    assert not fuzz.traceback_is_ours('File "/x/src/tictactoe/__main__.py", line 11, in <module>\n')
    assert fuzz._judge_scoreboard("locked", "stats", 1, "run: tictactoe stats --reset", Path("x"))
    assert fuzz._judge_scoreboard("healthy", "stats", 0, "Traceback", Path("x"))


def test_the_brute_force_agrees_on_known_positions(fuzz: ModuleType) -> None:
    from tictactoe.core.board import Board
    from tictactoe.core.exact.solver import Value

    assert fuzz.brute_force(Board.parse("XX./OO./...")) == (Value.WIN, 1)
    assert fuzz.brute_force(Board.parse(".../.../...")) == (Value.DRAW, 9)
    assert fuzz.brute_force(Board.parse("XO./.X./...")) == (Value.LOSS, 4)  # resists longest
