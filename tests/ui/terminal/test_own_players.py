"""Your own player in the terminal game: chosen by flag or by typing its file, it plays, and a
player that fails loses that game with the reason said, the game going on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.outcome import Termination
from tictactoe.saved.archive import Archive

Run = Callable[..., tuple[int, str]]


def test_a_ten_line_player_plays_by_its_flag(run, home: Path, ten_line_player: Path) -> None:
    path = ten_line_player
    status, out = run(["play", "--opponent", str(path), "--size", "3x3"], "1\n6\n7\n8\nno\n")
    assert status == 0
    assert "corners.py has 1 s per move: a longer move loses the game" in out
    assert "What is your next move? (0-8)" in out  # the cells as the player file numbers them
    assert "The computer (corners.py, O) plays 4, centre." in out
    assert "The computer (corners.py, O) plays 0, top left." in out
    [saved] = Archive(home / "games.sqlite3").games().games
    assert saved.record.o_player == "corners.py"


def test_an_own_player_is_typed_at_the_opponent_question(
    run, home: Path, ten_line_player: Path
) -> None:
    answers = f"\n{home / 'nothing.py'}\n{home / 'corners.py'}\n1\n1\nquit\n"
    status, out = run(["play"], answers)
    assert status == 0
    assert "  Or type your own player's file, like my_player.py, or brain: and an engine's" in out
    assert f"There is no file '{home / 'nothing.py'}'." in out
    assert "The computer (corners.py, O) plays 4, centre." in out


def test_a_player_that_fails_loses_and_the_next_game_goes_on(run, home: Path) -> None:
    path = home / "sleepy.py"
    path.write_text("import time\n\ndef choose(board):\n    time.sleep(30)\n")
    argv = ["play", "--opponent", str(path), "--size", "3x3", "--first", "you", "--think", "0.2"]
    status, out = run(argv, "5\nyes\n1\nno\n")
    assert status == 0
    said = "sleepy.py loses this game: it took longer than 0.2 s to move."
    assert out.count(said) == 2
    assert out.count("sleepy.py ran out of time: you win.") == 2
    assert "left the game" not in out
    assert "Score against sleepy.py, 3 x 3, 3 in a row: You 2 · computer 0 · draws 0." in out
    games = Archive(home / "games.sqlite3").games().games
    assert [game.record.termination for game in games] == [Termination.FORFEIT] * 2


def test_the_cells_are_numbered_as_the_player_file_numbers_them_unless_chosen(
    run: Run, home: Path, ten_line_player: Path
) -> None:
    argv = ["play", "--opponent", str(ten_line_player), "--size", "3x3", "--first", "you"]
    status, out = run([*argv, "--numbering", "numpad"], "7\nno\n")
    assert status == 0
    assert "What is your next move? (1-9)" in out
    assert "The computer (corners.py, O) plays 5 (4, centre)." in out
    status, out = run([*argv, "--numbering", "coords", "--lang", "ru"], "a1\nno\n")
    assert status == 0
    assert "(4, центр)" in out
    status, out = run(
        ["play", "--opponent", "medium", "--size", "3x3", "--first", "you"], "5\nno\n"
    )
    assert "(1-9)" in out, "against a level, the keypad as before"


def test_a_player_file_on_a_bigger_board_names_its_cells_both_ways(
    run: Run, home: Path, ten_line_player: Path
) -> None:
    argv = ["play", "--opponent", str(ten_line_player), "--size", "5x5", "--k", "4"]
    status, out = run([*argv, "--first", "you"], "a1\nno\n")
    assert status == 0
    assert "The computer (corners.py, O) plays 4, e1." in out


@pytest.mark.parametrize(
    ("source", "said", "result"),
    [
        (
            "def choose(board):\n    return 1 / 0\n",
            "broken.py loses this game: it raised ZeroDivisionError: division by zero at line 2"
            " of broken.py.",
            "broken.py crashed: you win.",
        ),
        (
            "def choose(board):\n    return 4\n",
            "broken.py loses this game: it played 4, centre,",
            "broken.py played a taken cell: you win.",
        ),
    ],
)
def test_the_result_and_the_line_before_it_say_how_a_player_file_failed(
    run: Run, home: Path, source: str, said: str, result: str
) -> None:
    path = home / "broken.py"
    path.write_text(source)
    status, out = run(
        ["play", "--opponent", str(path), "--size", "3x3", "--first", "you"], "4\nno\n"
    )
    assert status == 0
    lines = out.splitlines()
    [index] = [number for number, line in enumerate(lines) if line.startswith(said)]
    assert lines[index + 1] == result
    assert "broken.py has 1 s per move: a longer move loses the game" in out


def test_a_player_files_time_is_said_in_russian(
    run: Run, home: Path, ten_line_player: Path
) -> None:
    argv = ["play", "--opponent", str(ten_line_player), "--size", "3x3", "--lang", "ru"]
    status, out = run(argv, "1\nq\n")
    assert status == 0
    said = "У «corners.py» на ход 1 с: если он думает дольше, то проигрывает партию"
    assert said in out
