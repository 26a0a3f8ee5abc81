"""The scoreboard: recording, tallies per opponent and board, reset, bad files."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.paths import HOME_VARIABLE, data_home
from tictactoe.stats import FILE_NAME, Scoreboard, ScoreboardError, Tally


def test_default_file_follows_tictactoe_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    assert data_home() == tmp_path / "home"
    Scoreboard().record(Rules(), "human", "random", Mark.X)
    assert (tmp_path / "home" / FILE_NAME).is_file()


def test_tallies_from_your_side(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "s.db")
    board.record(Rules(), "human", "perfect", None)
    board.record(Rules(), "perfect", "human", Mark.X)
    board.record(Rules(), "random", "human", Mark.O)
    board.record(Rules(4, 4, 4), "human", "random", Mark.X)
    board.record(Rules(), "random", "perfect", Mark.X)  # no person: not a tally
    assert board.tallies() == [
        Tally("perfect", Rules(), wins=0, losses=1, draws=1),
        Tally("random", Rules(), wins=1, losses=0, draws=0),
        Tally("random", Rules(4, 4, 4), wins=1, losses=0, draws=0),
    ]


def test_two_people_count_x_wins_as_wins(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "s.db")
    board.record(Rules(), "human", "human", Mark.O)
    assert board.tallies() == [Tally("human", Rules(), wins=0, losses=1, draws=0)]


def test_reset(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "s.db")
    board.record(Rules(), "human", "random", Mark.X)
    board.reset()
    assert board.tallies() == []


def test_corrupt_file_is_reported_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database" * 100)
    board = Scoreboard(path)
    with pytest.raises(ScoreboardError, match="not a database"):
        board.record(Rules(), "human", "random", Mark.X)
    with pytest.raises(ScoreboardError):
        board.tallies()


def test_rows_of_an_impossible_board_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    board = Scoreboard(path)
    board.record(Rules(), "human", "random", Mark.X)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE games SET rows = 0, k = 'three'")
    with pytest.raises(ScoreboardError, match="impossible board"):
        board.tallies()


def test_boards_differing_only_in_k_are_listed_in_k_order(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "s.db")
    for k in (5, 3, 4):
        board.record(Rules(7, 7, k), "human", "random", None)
    assert [tally.rules.k for tally in board.tallies()] == [3, 4, 5]


def test_unwritable_location_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ScoreboardError):
        Scoreboard(blocker / "sub" / "s.db").record(Rules(), "human", "random", None)


RECORD_SCRIPT = """
import sys
from pathlib import Path
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.stats import Scoreboard
board = Scoreboard(Path(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    board.record(Rules(), "human", "random", Mark.X)
"""


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    workers = [
        subprocess.Popen([sys.executable, "-c", RECORD_SCRIPT, str(path), "40"]) for _ in range(2)
    ]
    assert [worker.wait(60) for worker in workers] == [0, 0]
    (tally,) = Scoreboard(path).tallies()
    assert tally.wins == 80


def test_reset_sets_a_corrupt_file_aside_and_starts_anew(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database" * 100)
    board = Scoreboard(path)
    set_aside = board.reset()
    assert set_aside == tmp_path / "s.db.broken"
    assert set_aside.read_bytes().startswith(b"this is not a database")
    board.record(Rules(), "human", "random", Mark.X)
    assert board.tallies() == [Tally("random", Rules(), wins=1, losses=0, draws=0)]


def test_reset_of_a_healthy_file_sets_nothing_aside(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "s.db")
    board.record(Rules(), "human", "random", Mark.X)
    assert board.reset() is None
    assert not (tmp_path / "s.db.broken").exists()


def test_reset_leaves_a_directory_in_the_way_alone(tmp_path: Path) -> None:
    (tmp_path / "s.db").mkdir()
    with pytest.raises(ScoreboardError):
        Scoreboard(tmp_path / "s.db").reset()
    assert (tmp_path / "s.db").is_dir()
