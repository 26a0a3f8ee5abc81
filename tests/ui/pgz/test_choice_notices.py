"""What a key chooses (a level, the sound...) is said in the strip for its whole time, also
when it is pressed while the computer thinks: the computer's reply does not wipe it away.

The game runs with the real pause before the computer's reply (the other tests leave it
out), so the key lands while the reply is due, as when a person presses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tictactoe.session import REPLY_PAUSE
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.app import MESSAGE_SECONDS, PgzApp

NewApp = Callable[..., PgzApp]
Run = Callable[..., Any]


def painted(d: Any) -> str:
    """The strip's second line as the last frame painted it."""
    drawn = d.app._drawn
    return drawn.detail if drawn is not None else ""


def free_cell(d: Any) -> int:
    board = d.app.session.game.board
    return next(cell for cell in range(9) if board[cell] is None)


@pytest.mark.parametrize(
    ("key", "said"),
    [(pygame.K_3, "Level 3: Medium"), (pygame.K_s, "Sound off")],
)
def test_a_key_pressed_while_the_computer_thinks_is_said_for_the_whole_time(
    new_app: NewApp, run: Run, key: int, said: str
) -> None:
    app = new_app("--opponent", "first-free", "--first", "you")
    app.session.reply_pause = REPLY_PAUSE

    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        d.click(free_cell(d))
        yield from d.settle()
        assert d.app.busy, "the computer's reply is still due"
        pressed = time.monotonic()
        d.key(key)
        yield from d.until(lambda: painted(d) == said)
        yield from d.computer_done()
        assert d.app.session.game.board.move_count == 4
        assert painted(d) == said, "the computer's reply wiped the notice away"
        yield from d.until(lambda: painted(d) != said, frames=int(60 * (MESSAGE_SECONDS + 2)))
        assert time.monotonic() - pressed >= MESSAGE_SECONDS
        assert painted(d) == d.app.details

    run(app, script)


def test_a_level_chosen_just_before_a_losing_reply_leaves_the_result_in_sight(
    new_app: NewApp, run: Run
) -> None:
    """The result owns the strip's first line (and the title); the notice keeps the second."""
    app = new_app("--opponent", "first-free", "--first", "computer")
    app.session.reply_pause = REPLY_PAUSE

    def script(d: Any) -> Any:
        # Beginner plays the first free cell: 0, 1, then 2 for a row (a move it thinks about
        # when the key comes is played at the old level).
        yield from d.computer_done()
        for cell in (4, 3):
            d.click(cell)
            yield from d.settle()
            if cell == 3:
                d.key(pygame.K_3)
            yield from d.settle()
            yield from d.computer_done()
        scene = d.app.scene()
        assert d.app.session.game.is_over
        assert scene.status == "The computer has beaten you! You lose."
        assert scene.status_colour == view.LOSE_TEXT
        assert d.caption == "X wins"
        assert painted(d) == "Level 3: Medium"
        yield from d.until(lambda: painted(d) != "Level 3: Medium", frames=400)
        assert painted(d) == "Enter: the next game (or click the board twice)"

    run(app, script)


@pytest.mark.parametrize("by_key", [False, True], ids=["window-opens", "n-key"])
def test_a_new_game_the_computer_opens_keeps_its_notice_for_the_whole_time(
    new_app: NewApp, run: Run, by_key: bool
) -> None:
    """The computer's first move, due a moment after the game starts, leaves the notice that
    says which side you play in sight for its whole time."""
    said = "New game: you play O · F1 or ?: help"
    started = time.monotonic()
    app = new_app("--opponent", "first-free", "--first", "computer")
    app.session.reply_pause = REPLY_PAUSE

    def script(d: Any) -> Any:
        nonlocal started
        if by_key:
            yield from d.computer_done()
            d.key(pygame.K_n)
            started = time.monotonic()
        yield from d.until(lambda: painted(d) == said)
        yield from d.until(lambda: d.app.session.game.board.move_count == 1)
        yield from d.settle()
        assert painted(d) == said, "the computer's first move wiped the notice away"
        yield from d.until(lambda: painted(d) != said, frames=int(60 * (MESSAGE_SECONDS + 2)))
        assert time.monotonic() - started >= MESSAGE_SECONDS - 0.1
        assert painted(d) == d.app.details

    run(app, script)
