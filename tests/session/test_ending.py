"""The end of a game: its sound (keeping it is the Session's: tests/session/test_play.py)."""

from __future__ import annotations

import pytest

from tictactoe.core.board import Mark
from tictactoe.game import HUMAN, Game
from tictactoe.session import ending_sound
from tictactoe.session.sound import Sound


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
