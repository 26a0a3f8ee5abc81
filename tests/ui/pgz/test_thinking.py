"""While ``search`` thinks the strip shows its depth, line and time (and only the strip is
drawn again); undo, a new game and closing the window stop it at once (the real engine in the
real game loop)."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.session.picture import BoardPicture
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.painter import Scene, only_the_strip_changed

Play = Callable[..., Any]
PROGRESS = re.compile(r"^depth \d+ · [a-i]\d( [a-i]\d)*( …)? · \d+\.\d s$")
LONG = ("--think", "60")
"""Longer than any test waits: only a cancelled search ends in time."""


def searching(d: Any) -> bool:
    """True once the computer's search has reported a completed depth."""
    job = d.app.session._moves.job
    return d.app.busy and job is not None and job.progress is not None


def painted(d: Any) -> str:
    """The strip's second line as the last frame painted it."""
    drawn = d.app._drawn
    return drawn.detail if drawn is not None else ""


def test_the_strip_shows_the_search_progress_without_moving_the_board(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.settle()
        layout = d.app.layout
        d.click(40)
        yield from d.until(lambda: searching(d) and PROGRESS.match(painted(d)))
        detail = painted(d)
        report = d.app.session._moves.job.progress
        # The search runs on while the frame is drawn: the painted depth is the
        # report's depth or an earlier one, never a depth it has not reached.
        painted_depth = int(detail.split(" ")[1])
        assert 1 <= painted_depth <= report.depth
        assert d.app.scene().status.startswith("Expert (O) is thinking")
        assert d.app.layout == layout
        strip = layout.strip_rect
        area = d.surface.subsurface(pygame.Rect(strip.x, strip.y, strip.w, strip.h))
        muted = pygame.mask.from_threshold(area, view.STRIP_MUTED, (30, 30, 30, 255)).count()
        assert muted > 50, "the progress is written in the strip"
        d.key(pygame.K_u)  # done looking: stop it
        yield from d.until(lambda: not d.app.working)

    play(script, "--opponent", "search", "--size", "9x9", "--first", "you", "--analysis", *LONG)


def test_undo_stops_the_search_at_once(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(40)
        yield from d.until(lambda: searching(d))
        job = d.app.session._moves.job
        d.key(pygame.K_u)
        yield from d.until(lambda: job.done)
        assert job.cancelled
        assert d.app.session.game.board.move_count == 0
        yield from d.settle()
        assert not d.app.busy and d.app.session.game.waiting_for_human

    play(script, "--opponent", "search", "--size", "9x9", "--first", "you", *LONG)


def test_a_new_game_stops_the_search_at_once(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(40)
        yield from d.until(lambda: searching(d))
        job = d.app.session._moves.job
        d.key(pygame.K_n)
        yield from d.until(lambda: job.done)
        assert job.cancelled
        assert d.app.session.game.board.move_count <= 1  # the computer may open the new game

    play(script, "--opponent", "search", "--size", "9x9", "--first", "you", *LONG)


def test_closing_the_window_stops_the_search(new_app: Any, run: Any) -> None:
    app = new_app("--opponent", "search", "--size", "9x9", "--first", "you", *LONG)

    jobs = []

    def script(d: Any) -> Any:
        d.click(40)
        yield from d.until(lambda: searching(d))
        jobs.append(d.app.session._moves.job)

    run(app, script)
    (job,) = jobs
    assert job is not None and job.cancelled
    assert job.wait(10), "the search ended"


def test_the_details_show_the_think_time_of_expert(new_app: Any) -> None:
    app = new_app("--opponent", "search", "--size", "9x9", "--think", "0.5")
    assert app.details.startswith("Expert · 0.5 s a move · 5 in a row · ")
    assert app.session.match.rules == Rules(9, 9, 5)
    medium = new_app("--opponent", "win-block", "--size", "9x9", "--think", "0.5")
    assert "a move" not in medium.details, "only the searching player has a think time"


def test_while_the_computer_thinks_only_the_strip_is_drawn_again(
    play: Play, monkeypatch: Any
) -> None:
    go_on = threading.Event()
    think = Game.think

    def slow_think(self: Game, **options: Any) -> Any:
        go_on.wait(10)
        return think(self, **options)

    monkeypatch.setattr(Game, "think", slow_think)
    marker = (255, 0, 255)

    def script(d: Any) -> Any:
        d.click(0)
        yield from d.until(lambda: d.app.busy)
        box = d.app.layout.face_rect(200)
        d.surface.fill(marker, pygame.Rect(box.x, box.y, 4, 4))  # a mark no frame would paint
        drawn = d.app.frames_drawn
        status = d.app._drawn.status
        yield from d.until(lambda: d.app.frames_drawn > drawn and d.app._drawn.status != status)
        assert d.pixel((box.x + 1, box.y + 1)) == marker, "the board was not drawn again"
        go_on.set()
        yield from d.computer_done()
        assert d.pixel((box.x + 1, box.y + 1)) != marker, "a move draws the whole board"

    play(script, "--opponent", "win-block", "--size", "15x15", "--first", "you")


def test_only_a_change_of_the_strips_text_is_drawn_alone() -> None:
    layout = view.Layout(Rules(15, 15, 5))
    board = BoardPicture.of(Board.empty(layout.rules))
    before = Scene(layout=layout, board=board, status="Expert (O) is thinking.", detail="depth 2")
    assert only_the_strip_changed(replace(before, status="Expert (O) is thinking.."), before)
    assert only_the_strip_changed(replace(before, detail="depth 3 · h8 · 0.4 s"), before)
    assert not only_the_strip_changed(before, before)
    assert not only_the_strip_changed(before, None)
    moved = replace(before, board=BoardPicture.of(Board.empty(layout.rules).play(112), 112))
    assert not only_the_strip_changed(replace(moved, detail="x"), before)
    assert not only_the_strip_changed(replace(before, board=replace(board, ranks={1: "1"})), before)
