"""What the game says of a change the player did not ask for stays in the strip until the
player's next action (not only its few seconds): the settings as last time at launch, a
level standing in for the one chosen on a new board, the side the player now plays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.saved.settings import Settings, SettingsStore
from tictactoe.ui.pgz.app import MESSAGE_SECONDS, PgzApp

NewApp = Callable[..., PgzApp]
Run = Callable[..., Any]
GOMOKU = Rules(15, 15, 5)


def test_at_launch_the_strip_says_the_board_is_last_times(
    new_app: NewApp, run: Run, tmp_path: Path
) -> None:
    oops = tmp_path / "oops.py"
    oops.write_text("def choose(board):\n    return board.legal_moves()[0]\n")
    store = SettingsStore(tmp_path / "settings.json")
    remembered = Settings(language="en", board=GOMOKU, level="search", sound=False)
    store.save(remembered)
    app = new_app("--opponent", str(oops), "--first", "you", settings=remembered, store=store)

    def script(d: Any) -> Any:
        yield from d.settle()
        said = "As last time: 15 x 15, 5 in a row; sound off."
        assert d.app.message is not None and d.app.message.startswith(said)
        d.app.session.notice_at -= MESSAGE_SECONDS + 1
        yield from d.settle()
        assert d.app.scene().detail.startswith(said), "past its few seconds: until an action"
        d.click(GOMOKU.cell(7, 7))
        yield from d.settle()
        assert d.app.message is None or not d.app.message.startswith("As last time")

    run(app, script)


def test_a_new_board_says_who_plays_instead_and_your_side_until_you_move(
    new_app: NewApp, run: Run
) -> None:
    app = new_app("--opponent", "perfect", "--first", "alternate", "--think", "0.1")

    def script(d: Any) -> Any:
        yield from d.settle()
        d.app.choose_board(GOMOKU)
        said = "Perfect does not play 15 x 15: Expert plays instead. You play O."
        assert d.app.message == said
        yield from d.computer_done()
        board = d.app.session.game.board
        assert [board[cell] for cell in range(GOMOKU.size) if board[cell]] == [Mark.X]
        d.app.session.notice_at -= MESSAGE_SECONDS + 1
        yield from d.settle()
        assert d.app.scene().detail == said, "after Expert's move, past its few seconds"
        d.click(GOMOKU.cell(0, 0))
        yield from d.settle()
        assert d.app.message != said

    run(app, script)


def test_a_new_game_that_changes_your_side_says_it_with_the_help_key(
    new_app: NewApp, run: Run
) -> None:
    app = new_app("--opponent", "first-free", "--first", "alternate")

    def script(d: Any) -> Any:
        yield from d.settle()
        d.key(pygame.K_n)
        yield from d.settle()
        assert d.app.message == "New game: you play O · F1 or ?: help", "the game's own line"

    run(app, script)
