"""``benchmarks/revision.py``: the package at a git revision, beside today's, as yardstick."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules

REPOSITORY = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None
    or subprocess.run(
        ["git", "-C", str(REPOSITORY), "rev-parse", "HEAD"], capture_output=True
    ).returncode,
    reason="needs the git repository",
)


@pytest.fixture(scope="module")
def revision(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/revision.py", "revision_script")


def test_a_module_of_a_revision_is_loaded_beside_todays(revision: ModuleType) -> None:
    today = sys.modules["tictactoe.core.board"]
    old = revision.load("HEAD", "tictactoe.core.board")
    assert old is not today and old.Board is not Board
    assert Path(old.__file__).is_relative_to(revision.source("HEAD"))
    assert sys.modules["tictactoe.core.board"] is today, "today's modules are put back"
    assert revision.load("HEAD", "tictactoe.core.board") is old, "each revision loads once"
    assert old.Rules is revision.load("HEAD", "tictactoe.core.rules").Rules, "its own imports"


def test_a_board_is_converted_to_the_revisions(revision: ModuleType) -> None:
    board = Board.empty(Rules(4, 4, 3)).play(5).play(6)
    old = revision.board("HEAD", board)
    assert type(old) is revision.load("HEAD", "tictactoe.core.board").Board
    assert (old.x, old.o, old.text) == (board.x, board.o, board.text)


def test_a_subprocess_imports_the_revisions_package(revision: ModuleType) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import tictactoe; print(tictactoe.__file__)"],
        env=revision.env("HEAD"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(done.stdout.strip()).is_relative_to(revision.source("HEAD"))


def test_the_old_lookahead_plays_and_counts_its_positions(
    load_script: Callable[[str, str], ModuleType],
) -> None:
    match = load_script("benchmarks/match.py", "match_script")
    board = Board.empty(Rules(7, 7, 5)).play(24).play(25)
    baseline = match.Baseline(1)
    assert board.is_legal(baseline.choose(board))
    assert baseline.nodes() > 0
