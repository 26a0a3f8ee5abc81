"""``tictactoe stats``: the scoreboard per opponent and board, and resetting it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.saved.scoreboard import Scoreboard

SaveResult = Callable[..., None]


def _board(home: Path) -> Scoreboard:
    return Scoreboard(home / "games.sqlite3")


def test_empty_scoreboard(run) -> None:
    status, out, _ = run(["stats"])
    assert status == 0
    assert "No games recorded yet." in out


def test_tallies_per_opponent_and_board(run, home: Path, save_result: SaveResult) -> None:
    board = _board(home)
    save_result(board.path, Rules(), "human", "perfect", None)
    save_result(board.path, Rules(), "perfect", "human", Mark.O)
    save_result(board.path, Rules.of(7, 7, 4), "human", "win-block", Mark.O)
    save_result(board.path, Rules(), "human", "human", Mark.X)
    status, out, _ = run(["stats"])
    assert status == 0
    lines = out.splitlines()
    rows = [line.split() for line in lines]
    assert lines[0].split() == ["Opponent", "Board", "Wins", "Losses", "Draws"]
    assert ["Two", "players", "3x3,", "3", "in", "a", "row", "1", "0", "0"] in rows
    assert ["Perfect", "3x3,", "3", "in", "a", "row", "1", "0", "1"] in rows
    assert ["Medium", "7x7,", "4", "in", "a", "row", "0", "1", "0"] in rows, "levels by title"
    assert "Two players: wins are X's, losses are O's." in out


def test_stats_in_chinese(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--lang", "zh_CN"])
    assert status == 0
    assert out.splitlines()[0].split() == ["对手", "棋盘", "胜", "负", "平"]
    assert out.splitlines()[1].startswith("完美"), "the level's title, translated"


def test_reset_asks_first(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset"], "maybe\nno\n")
    assert status == 0
    assert "Please answer yes or no." in out
    assert "The scoreboard is unchanged." in out
    assert len(_board(home).tallies()) == 1
    status, out, _ = run(["stats", "--reset", "--lang", "ru"], "да\n")
    assert status == 0
    assert "Таблица результатов очищена." in out
    assert _board(home).tallies() == []


def test_reset_yes_does_not_ask(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset", "--yes"])
    assert status == 0
    assert "Forget every recorded game?" not in out
    assert _board(home).tallies() == []


def test_reset_end_of_input_keeps_the_games(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset"], "")
    assert status == 0
    assert "Goodbye!" in out
    assert len(_board(home).tallies()) == 1


def test_corrupt_scoreboard_is_reported(run, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"not a database" * 50)
    status, out, err = run(["stats"])
    assert status == 1
    assert "games.sqlite3 is damaged (it is not a file of saved games)." in out
    assert "Traceback" not in out + err
    assert "tictactoe stats --reset" in out


def test_reset_repairs_a_corrupt_scoreboard(run, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"not a database" * 50)
    status, out, _ = run(["stats", "--reset", "--yes"])
    assert status == 0
    assert "kept as" in out and "games.sqlite3.broken" in out
    assert "The scoreboard is empty now." in out
    status, out, _ = run(["stats"])
    assert status == 0
    assert "No games recorded yet." in out


def test_yes_without_reset_is_an_error(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, err = run(["stats", "--yes"])
    assert status == 2 and out == ""
    assert err == (
        "tictactoe stats: --yes works only with --reset. For help, type: tictactoe stats --help\n"
    )
    assert len(_board(home).tallies()) == 1


def test_a_busy_scoreboard_is_never_a_reason_to_reset(
    run, home: Path, monkeypatch: pytest.MonkeyPatch, save_result: SaveResult
) -> None:
    monkeypatch.setattr("tictactoe.saved.safe_file.READ_WAIT_SECONDS", 0.1)
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    with closing(sqlite3.connect(home / "games.sqlite3", isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        status, out, _ = run(["stats"])
        reset_status, reset_out, _ = run(["stats", "--reset", "--yes"])
        holder.execute("COMMIT")
    assert status == reset_status == 1
    for text in (out, reset_out):
        assert "is in use by another program right now." in text
        assert "Try again in a moment." in text
        assert "--reset" not in text
    assert not (home / "games.sqlite3.broken").exists()
    assert len(_board(home).tallies()) == 1


def test_a_folder_that_cannot_be_made_is_named(
    run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("in the way")
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path / "file" / "data"))
    status, out, _ = run(["stats"])
    assert status == 0
    assert out.splitlines() == [
        "No games recorded yet.",
        f"The folder {tmp_path / 'file' / 'data'} for the scoreboard cannot be created"
        " (a file stands where a folder should be).",
        "New results are not saved.",
    ]
    assert "--reset" not in out


def test_a_zero_byte_scoreboard_is_reported_and_reset_keeps_it(run, home: Path) -> None:
    (home / "games.sqlite3").touch()
    status, out, _ = run(["stats"])
    assert status == 1
    assert "games.sqlite3 is empty (0 bytes): its games are lost." in out
    assert "To start a new one, run: tictactoe stats --reset" in out
    status, out, _ = run(["stats", "--reset", "--yes"])
    assert status == 0 and "games.sqlite3.broken" in out
    assert (home / "games.sqlite3.broken").stat().st_size == 0


def test_a_too_long_answer_to_the_reset_question(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    status, out, _ = run(["stats", "--reset", "--lang", "ru"], "д" * 50_000 + "\nнет\n")
    assert status == 0
    assert "Слишком длинный ответ (больше 1000 символов)." in out
    assert "Таблица результатов не изменилась." in out
    assert len(out) < 1000


def test_reset_forgets_the_results_not_the_games(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    run(["stats", "--reset", "--yes"])
    assert _board(home).tallies() == []
    assert "perfect" in run(["games"])[1].lower()


def test_forgetting_the_games_keeps_the_results(run, home: Path, save_result: SaveResult) -> None:
    save_result(_board(home).path, Rules(), "human", "perfect", None)
    run(["games", "--reset", "--yes"])
    assert run(["games"])[1] == "No saved games yet.\n"
    assert ["Perfect", "3x3,", "3", "in", "a", "row", "0", "0", "1"] in [
        line.split() for line in run(["stats"])[1].splitlines()
    ]
