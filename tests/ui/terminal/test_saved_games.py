"""The terminal game saves every finished game (demos too) and says once when it cannot."""

from __future__ import annotations

from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.records import Termination
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard

SEED_004 = ["play", "--opponent", "first-free", "--size", "3x3"]
WIN = "X\n5\n9\n1\n"


def test_every_finished_game_is_saved_with_its_moves(run, home: Path) -> None:
    status, _ = run(SEED_004, WIN + "yes\n3\n2\n6\nno\n")
    assert status == 0
    games = Archive(home / "games.sqlite3").games().games
    assert [game.record.winner for game in games] == [Mark.O, Mark.X]  # newest first
    first = games[-1].record
    assert (first.x_player, first.o_player, first.termination) == (
        "human",
        "first-free",
        Termination.LINE,
    )
    assert first.moves == (4, 0, 2, 1, 6)  # 5, 7, 9, 8, 1 on the keypad
    assert first.started is not None and first.finished is not None


def test_a_demo_is_saved_but_not_scored(run, home: Path) -> None:
    argv = ["play", "--you", "perfect", "--opponent", "fork-aware", "--size", "3x3"]
    status, _ = run([*argv, "--delay", "0"], "no\n")
    assert status == 0
    (game,) = Archive(home / "games.sqlite3").games().games
    assert (game.record.x_player, game.record.o_player) == ("perfect", "fork-aware")
    assert Scoreboard(home / "games.sqlite3").tallies() == []


def test_undo_after_the_end_keeps_the_first_ending_once(run, home: Path) -> None:
    status, _ = run(SEED_004, WIN + "undo\n3\n7\n2\nno\n")
    assert status == 0
    assert Archive(home / "games.sqlite3").games().total == 1


def test_an_unusable_saved_games_file_is_reported_once_and_play_goes_on(run, home: Path) -> None:
    (home / "games.sqlite3").mkdir()
    status, out = run(SEED_004, WIN + "yes\n3\n2\n6\nno\n")
    assert status == 0
    assert out.count(f"The scoreboard file {home / 'games.sqlite3'} cannot be opened") == 1
    assert out.count("Results are not saved; the game goes on.") == 1
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 1 · draws 0." in out


def test_the_report_is_in_the_users_language(run, home: Path) -> None:
    (home / "games.sqlite3").mkdir()
    status, out = run([*SEED_004, "--lang", "ru"], WIN + "нет\n")
    assert status == 0
    assert "Не удаётся открыть файл" in out and "Результаты не сохраняются" in out
