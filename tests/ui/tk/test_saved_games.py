"""The desktop window saves every finished game (demos too), and says so when it cannot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.archive import Archive
from tictactoe.core.board import Mark
from tictactoe.core.records import Termination

from .conftest import Harness

MakeApp = Callable[..., Harness]


def play(h: Harness, *cells: int) -> None:
    for cell in cells:
        h.click_cell(cell)
        h.pump(lambda: not h.app.game.computer_to_move)


def test_a_finished_game_is_saved_once_with_its_moves(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)
    assert h.app.game.is_over
    (saved,) = Archive().games().games
    record = saved.record
    assert (record.x_player, record.o_player, record.moves) == (
        "human",
        "first-free",
        (4, 0, 3, 1, 5),
    )
    assert (record.winner, record.termination) == (Mark.X, Termination.LINE)


def test_a_demo_is_saved_too(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", you="corner-first")
    assert h.pump(lambda: h.app.game.is_over)
    (saved,) = Archive().games().games
    assert (saved.record.x_player, saved.record.o_player) == ("corner-first", "first-free")
    assert h.app.scoreboard.tallies() == []


def test_unusable_saved_games_are_reported_and_play_goes_on(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    (tmp_path / "games.sqlite3").mkdir()
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)
    assert "Saved games unavailable" in h.notice
    assert len(h.app.scoreboard.tallies()) == 1
    h.app.new_game()
    assert not h.app.game.moves, "play goes on"
