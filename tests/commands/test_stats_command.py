"""``tictactoe stats``: the scoreboard per opponent and board, and resetting it."""

from __future__ import annotations

from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.stats import Scoreboard


def _board(home: Path) -> Scoreboard:
    return Scoreboard(home / "scores.sqlite3")


def test_empty_scoreboard(run) -> None:
    status, out, _ = run(["stats"])
    assert status == 0
    assert "No games recorded yet." in out


def test_tallies_per_opponent_and_board(run, home: Path) -> None:
    board = _board(home)
    board.record(Rules(), "human", "perfect", None)
    board.record(Rules(), "perfect", "human", Mark.O)
    board.record(Rules.of(7, 7, 4), "human", "win-block", Mark.O)
    board.record(Rules(), "human", "human", Mark.X)
    status, out, _ = run(["stats"])
    assert status == 0
    lines = out.splitlines()
    rows = [line.split() for line in lines]
    assert lines[0].split() == ["Opponent", "Board", "Wins", "Losses", "Draws"]
    assert ["human", "3x3,", "3", "in", "a", "row", "1", "0", "0"] in rows
    assert ["perfect", "3x3,", "3", "in", "a", "row", "1", "0", "1"] in rows
    assert ["win-block", "7x7,", "4", "in", "a", "row", "0", "1", "0"] in rows
    assert "Against a human: wins are X's, losses are O's." in out


def test_stats_in_chinese(run, home: Path) -> None:
    _board(home).record(Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--lang", "zh_CN"])
    assert status == 0
    assert out.splitlines()[0].split() == ["对手", "棋盘", "胜", "负", "平"]


def test_reset_asks_first(run, home: Path) -> None:
    _board(home).record(Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset"], "maybe\nno\n")
    assert status == 0
    assert "Please answer yes or no." in out
    assert "The scoreboard is unchanged." in out
    assert len(_board(home).tallies()) == 1
    status, out, _ = run(["stats", "--reset", "--lang", "ru"], "да\n")
    assert status == 0
    assert "Таблица результатов очищена." in out
    assert _board(home).tallies() == []


def test_reset_yes_does_not_ask(run, home: Path) -> None:
    _board(home).record(Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset", "--yes"])
    assert status == 0
    assert "Forget every recorded game?" not in out
    assert _board(home).tallies() == []


def test_reset_end_of_input_keeps_the_games(run, home: Path) -> None:
    _board(home).record(Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset"], "")
    assert status == 0
    assert "Goodbye!" in out
    assert len(_board(home).tallies()) == 1


def test_corrupt_scoreboard_is_reported(run, home: Path) -> None:
    (home / "scores.sqlite3").write_bytes(b"not a database" * 50)
    status, out, err = run(["stats"])
    assert status == 1
    assert "scores.sqlite3 is damaged (file is not a database)." in out
    assert "Traceback" not in out + err
    assert "tictactoe stats --reset" in out


def test_reset_repairs_a_corrupt_scoreboard(run, home: Path) -> None:
    (home / "scores.sqlite3").write_bytes(b"not a database" * 50)
    status, out, _ = run(["stats", "--reset", "--yes"])
    assert status == 0
    assert "kept as" in out and "scores.sqlite3.broken" in out
    assert "The scoreboard is empty now." in out
    status, out, _ = run(["stats"])
    assert status == 0
    assert "No games recorded yet." in out
