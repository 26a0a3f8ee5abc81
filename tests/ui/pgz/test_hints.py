"""Hints on boards too big to solve: the engine's best moves ranked on the board, judged in
the strip, worked out off the frame loop and cancelled by a move (the real game, SDL dummy)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame
import pygame.freetype
import pytest

from tictactoe.core.advice import Suggestion, Verdict
from tictactoe.core.cells import label
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.session.jobs import TONES
from tictactoe.ui.pgz import text, view

Play = Callable[..., Any]
FAST = ("--think", "0.05")
"""A big board's hint searches this long (the game's think time)."""


def face(d: Any, cell: int) -> tuple[int, int, int]:
    box = d.app.layout.face_rect(cell)
    return d.pixel((box.x + 3, box.y + 3))


def hints_after_first_move(d: Any) -> Any:
    """Play the middle of a 7 x 7 board, let the computer answer, press H: the suggestions."""
    d.click(24)
    yield from d.settle()
    yield from d.computer_done()
    d.key(pygame.K_h)
    yield from d.until(lambda: d.app.session.hints is not None)
    return d.app.session.hints.suggestions


def test_h_on_a_big_board_ranks_the_engines_best_moves_on_the_board(play: Play) -> None:
    def script(d: Any) -> Any:
        found = yield from hints_after_first_move(d)
        assert 1 <= len(found) <= 3
        scene = d.app.scene()
        assert scene.board.ranks == {s.cell: str(rank) for rank, s in enumerate(found, start=1)}
        for s in found:
            assert d.app.session.game.board[s.cell] is None
            assert face(d, s.cell) == view.hint_colour(TONES[s.verdict.value])
            assert d.count(s.cell, view.BADGE_TEXT) > 10, "the rank is written in the cell"
        others = [n for n in d.app.session.game.board.legal_moves() if n not in scene.board.ranks]
        assert all(face(d, n) == view.board_colour(d.app.layout.rules) for n in others[:10])
        message = d.app.message
        assert message is not None and message.startswith(f"1 {found[0].label}: ")
        assert message.count(" · ") == len(found) - 1
        d.key(pygame.K_h)
        yield from d.settle()
        assert d.app.scene().board.ranks == {}
        assert all(face(d, s.cell) == view.board_colour(d.app.layout.rules) for s in found)
        assert d.app.message == "Hints off"

    play(script, "--opponent", "first-free", "--size", "7x7", "--first", "you", *FAST)


def test_a_proved_win_is_counted_in_your_own_moves(play: Play) -> None:
    # Against first-free (0, 1, 2 ...) X gets an open three in the middle row; c4 makes it
    # an open four: a win in 2 of X's moves whatever O does.
    def script(d: Any) -> Any:
        yield from d.play([24, 25, 26])
        d.key(pygame.K_h)
        yield from d.until(lambda: d.app.session.hints is not None)
        (best,) = d.app.session.hints.suggestions
        assert (best.cell, best.verdict, best.winner_moves) == (23, Verdict.WINNING, 2)
        assert d.app.message == f"1 {label(Rules(7, 7, 5), 23)}: you win in 2 of your moves"
        assert face(d, 23) == view.hint_colour("win")

    play(script, "--opponent", "first-free", "--size", "7x7", "--first", "you", *FAST)


def test_russian_hints_count_moves_in_russian(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.play([24, 25, 26])
        d.key(pygame.K_h)
        yield from d.until(lambda: d.app.session.hints is not None)
        assert d.app.message == "1 c4: вы выигрываете за 2 своих хода"

    play(
        script, "--opponent", "first-free", "--size", "7x7", "--first", "you", "--lang", "ru", *FAST
    )


def test_while_a_hint_is_worked_out_you_can_play_and_it_is_cancelled(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = threading.Event()
    cancelled: list[bool] = []

    def slow_suggestions(self: Game, top: int = 3, **options: Any) -> tuple[Suggestion, ...]:
        started.set()
        cancelled.append(options["cancel"].wait(30))  # a search that only ends when cancelled
        return ()

    monkeypatch.setattr(Game, "suggestions", slow_suggestions)

    def script(d: Any) -> Any:
        d.key(pygame.K_h)
        yield from d.until(started.is_set)
        assert d.app.message.startswith("Working out hints…")
        d.click(24)  # the hint must never block a move
        yield from d.settle()
        assert d.app.session.game.moves[:1] == (24,)
        yield from d.computer_done()
        yield from d.until(lambda: cancelled == [True])
        assert d.app.session.game.board.move_count == 2

    play(script, "--opponent", "first-free", "--size", "7x7", "--first", "you", *FAST)


def test_turning_hints_off_stops_the_search(play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    cancelled: list[bool] = []
    started = threading.Event()

    def slow_suggestions(self: Game, top: int = 3, **options: Any) -> tuple[Suggestion, ...]:
        started.set()
        cancelled.append(options["cancel"].wait(30))
        return ()

    monkeypatch.setattr(Game, "suggestions", slow_suggestions)

    def script(d: Any) -> Any:
        d.key(pygame.K_h)
        yield from d.until(started.is_set)
        d.key(pygame.K_h)
        yield from d.until(lambda: cancelled == [True] and not d.app.working)
        assert d.app.message == "Hints off"

    play(script, "--opponent", "first-free", "--size", "7x7", "--first", "you", *FAST)


def test_the_hint_shows_the_search_progress_while_it_works(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tictactoe.core.search import Progress

    go_on = threading.Event()

    def reporting(self: Game, top: int = 3, **options: Any) -> tuple[Suggestion, ...]:
        options["progress"](Progress(depth=4, nodes=900, seconds=0.2, score=30, pv=(24, 25, 17)))
        go_on.wait(30)
        return ()

    monkeypatch.setattr(Game, "suggestions", reporting)

    def script(d: Any) -> Any:
        d.key(pygame.K_h)
        yield from d.until(lambda: "depth" in (d.app.message or ""))
        assert d.app.message.startswith("Working out hints… depth 4 · d4 e4 d3 · ")
        assert d.app.message.endswith(" s")
        go_on.set()
        yield from d.until(lambda: d.app.message == "No move to suggest here")

    play(script, "--opponent", "first-free", "--size", "7x7", "--first", "you", "--analysis", *FAST)


def test_the_ranks_are_written_in_the_windows_own_fonts(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The badges go through the strip's freetype fonts, as the coordinates and all other
    text do: pygame.font is never asked for a font, and a rank is as tall as freetype
    draws that digit at the badge's size."""

    def no_pygame_font(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("pygame.font used")

    monkeypatch.setattr(pygame.font, "Font", no_pygame_font)
    monkeypatch.setattr(pygame.font, "SysFont", no_pygame_font)

    def script(d: Any) -> Any:
        found = yield from hints_after_first_move(d)
        assert found
        layout = d.app.layout
        size = max(12, round(layout.face_rect(found[0].cell).h * 1.1))
        points = size * text.SCALE[text.DEFAULT]
        for rank, s in enumerate(found, start=1):
            box = layout.face_rect(s.cell)
            area = d.surface.subsurface(pygame.Rect(box.x, box.y, box.w, box.h))
            ink = pygame.mask.from_threshold(area, view.BADGE_TEXT, (40, 40, 40, 255))
            rows = [y for y in range(box.h) if any(ink.get_at((x, y)) for x in range(box.w))]
            assert rows, f"rank {rank} is written in its cell"
            drawn = pygame.freetype.Font(None, points).get_rect(str(rank))
            assert abs((rows[-1] - rows[0] + 1) - drawn.h) <= 1, (rank, rows, drawn)
            middle = (rows[0] + rows[-1]) / 2
            assert abs(middle - (box.h - 1) / 2) <= 1, "the digit is centred on its tile"

    play(
        script, "--opponent", "first-free", "--size", "7x7", "--first", "you", "--lang", "zh", *FAST
    )
