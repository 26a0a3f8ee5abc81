"""Your own player in the terminal game: chosen by flag or by typing its file, it plays, and a
player that fails loses that game with the reason said, the game going on."""

from __future__ import annotations

from pathlib import Path

from tictactoe.core.outcome import Termination
from tictactoe.saved.archive import Archive


def test_a_ten_line_player_plays_by_its_flag(run, home: Path, ten_line_player: Path) -> None:
    path = ten_line_player
    status, out = run(["play", "--opponent", str(path), "--size", "3x3"], "1\n1\n2\n9\nno\n")
    assert status == 0
    assert "corners.py thinks 1 s per move" in out
    assert "The computer (corners.py, O) plays 5." in out
    assert "The computer (corners.py, O) plays 7." in out
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
    assert "The computer (corners.py, O) plays 5." in out


def test_a_player_that_fails_loses_and_the_next_game_goes_on(run, home: Path) -> None:
    path = home / "sleepy.py"
    path.write_text("import time\n\ndef choose(board):\n    time.sleep(30)\n")
    argv = ["play", "--opponent", str(path), "--size", "3x3", "--first", "you", "--think", "0.2"]
    status, out = run(argv, "5\nyes\n1\nno\n")
    assert status == 0
    said = "sleepy.py loses this game: it took longer than 0.2 s to move."
    assert out.count(said) == 2
    assert "The computer left the game: you win this game." in out
    assert "Score: You 2 · computer 0 · draws 0." in out
    games = Archive(home / "games.sqlite3").games().games
    assert [game.record.termination for game in games] == [Termination.FORFEIT] * 2
