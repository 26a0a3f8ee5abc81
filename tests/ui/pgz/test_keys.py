"""Every key of the Pygame Zero game, pressed as real key events in the running loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tictactoe.core.board import Mark
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.levels import skill_levels

Play = Callable[..., Any]
KHAKI = view.rgb("khaki")


def face(d: Any, cell: int) -> tuple[int, int, int]:
    box = d.app.layout.face_rect(cell)
    return d.pixel((box.x + 3, box.y + 3))


def test_n_starts_a_new_game(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.game.board.move_count == 2
        d.key(pygame.K_n)
        yield from d.settle()
        assert d.app.game.board.move_count == 0
        assert d.app.match.games_started == 1
        assert d.count(4, view.rgb("sienna")) == 0
        assert d.app.message == "New game: you play X"

    play(script, "--opponent", "win-block", "--first", "you")


def test_u_undoes_your_move_and_the_answer(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_u)
        yield from d.settle()
        assert d.app.message == "Nothing to undo"
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_u)
        yield from d.settle()
        assert d.app.game.board.move_count == 0
        assert d.caption == "tic-tac-toe — your move (X)"
        assert all(d.count(cell, view.rgb("sienna")) == 0 for cell in range(9))

    play(script, "--opponent", "win-block", "--first", "you")


def test_h_tints_each_free_cell_by_its_value(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(0)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_h)
        yield from d.settle()
        game = d.app.game
        values = {cell: str(move.value) for cell, move in game.hint().items()}
        assert "win" in values.values() and "draw" in values.values()
        yield from d.until(lambda: face(d, next(iter(values))) != KHAKI)
        for cell in range(9):
            expected = view.hint_colour(values[cell]) if cell in values else KHAKI
            assert face(d, cell) == expected
        d.key(pygame.K_h)
        yield from d.settle()
        assert all(face(d, cell) == KHAKI for cell in range(9))
        assert d.app.message == "Hints off"

    play(script, "--opponent", "first-free", "--first", "you")


def test_h_on_a_board_too_big_to_solve_says_so(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_h)
        yield from d.until(lambda: d.app.message == "This board is too big for hints")
        assert face(d, 0) == KHAKI

    play(script, "--opponent", "win-block", "--size", "7x7", "--first", "you")


def test_digits_choose_the_skill_level(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_1)
        yield from d.settle()
        assert d.app.match.opponent == "random"
        assert d.app.message == "Level 1: random"
        d.key(pygame.K_KP2)
        yield from d.settle()
        assert d.app.match.opponent == "win-block"
        d.key(pygame.K_3)
        yield from d.settle()
        assert d.app.match.opponent == "perfect"
        for digit in range(4, 10):
            d.key(getattr(pygame, f"K_{digit}"))
            yield from d.settle()
            if digit <= len(skill_levels()):
                assert d.app.match.opponent == skill_levels()[digit - 1]
            else:
                assert d.app.message == f"There is no level {digit}"
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.game.player(Mark.O) == d.app.match.opponent

    play(script, "--opponent", "first-free", "--first", "you")


def test_a_level_that_cannot_play_the_board_is_refused(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_3)
        yield from d.settle()
        assert d.app.match.opponent == "win-block"
        assert d.app.message == "Уровень 3 (perfect) не умеет играть на этой доске"

    play(script, "--opponent", "win-block", "--size", "7x7", "--lang", "ru")


def test_s_switches_sound_off_and_on(play: Play) -> None:
    def script(d: Any) -> Any:
        assert d.app.speaker.enabled
        d.key(pygame.K_s)
        yield from d.settle()
        assert not d.app.speaker.enabled
        assert d.app.message == "Sound off"
        d.key(pygame.K_s)
        yield from d.settle()
        assert d.app.speaker.enabled
        assert d.app.message == "Sound on"

    play(script, "--opponent", "first-free")


def test_escape_quits(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_ESCAPE)
        while True:
            yield

    driver = play(script, "--opponent", "first-free")
    assert not driver.quit_by_script
    assert driver.frames < 30
