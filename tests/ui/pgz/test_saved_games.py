"""The Pygame Zero game saves every finished game, and says so when it cannot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tictactoe.archive import Archive
from tictactoe.core.board import Mark
from tictactoe.core.records import Termination

WIN = [4, 3, 5]
"""Against first-free (which answers 0, then 1) X makes the middle row."""


def test_a_finished_game_is_saved_with_its_moves(play: Callable[..., Any]) -> None:
    def script(d: Any) -> Any:
        yield from d.play(WIN)
        assert d.app.game.is_over

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")
    (saved,) = Archive().games().games
    record = saved.record
    assert (record.x_player, record.o_player) == ("human", "first-free")
    assert (record.moves, record.winner, record.termination) == (
        (4, 0, 3, 1, 5),
        Mark.X,
        Termination.LINE,
    )


def test_unusable_saved_games_are_shown_and_play_goes_on(
    play: Callable[..., Any], monkeypatch: Any, tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    (tmp_path / "games.sqlite3").mkdir()

    def script(d: Any) -> Any:
        yield from d.play(WIN)
        assert d.app.message.startswith("Saved games unavailable: ")

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")
