"""The end of a game: its sound, and the finished game kept once in the one store."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.game import HUMAN, Game
from tictactoe.saved.archive import Archive
from tictactoe.session import ending_sound, keep_finished
from tictactoe.session.sound import Sound
from tictactoe.texts.i18n import translator


def finished(players: tuple[str, str], moves: tuple[int, ...]) -> Game:
    game = Game(players={Mark.X: players[0], Mark.O: players[1]})
    for cell in moves:
        game.set_player(game.turn, HUMAN)
        game.play(cell)
    game.set_player(Mark.X, players[0])
    game.set_player(Mark.O, players[1])
    assert game.is_over
    return game


X_WINS = (0, 3, 1, 4, 2)
DRAW = (4, 0, 8, 2, 1, 7, 6, 3, 5)


@pytest.mark.parametrize(
    ("players", "moves", "sound"),
    [
        ((HUMAN, "random"), X_WINS, Sound.WIN),
        (("random", HUMAN), X_WINS, Sound.LOSE),
        ((HUMAN, HUMAN), X_WINS, Sound.WIN),
        (("random", "perfect"), X_WINS, Sound.WIN),
        ((HUMAN, "random"), DRAW, Sound.DRAW),
    ],
)
def test_the_ending_sound_is_a_loss_only_when_the_one_person_lost(
    players: tuple[str, str], moves: tuple[int, ...], sound: Sound
) -> None:
    game = finished(players, moves)
    outcome = game.outcome
    assert outcome is not None
    assert ending_sound(game, outcome) is sound


def test_a_finished_game_is_kept_once_in_the_store(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    game = finished((HUMAN, "random"), X_WINS)
    assert keep_finished(game, archive, translator("en")) is None
    (saved,) = archive.games().games
    assert saved.record.moves == X_WINS and saved.record.o_player == "random"


def test_a_store_that_cannot_be_written_is_said_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "not a folder"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    said = keep_finished(
        finished((HUMAN, "random"), X_WINS), Archive(folder / "g.sqlite3"), translator("en")
    )
    assert said is not None and said.startswith("Scoreboard unavailable: ")
    assert "\n" not in said
