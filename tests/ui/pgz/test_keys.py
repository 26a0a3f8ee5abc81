"""Every key of the Pygame Zero game, pressed as real key events in the running loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tictactoe.core.board import Mark
from tictactoe.session import END_CLICK_GUARD
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.levels import skill_levels

Play = Callable[..., Any]
BOARD = view.rgb(view.LOOK.board)


def face(d: Any, cell: int) -> tuple[int, int, int]:
    box = d.app.layout.face_rect(cell)
    return d.pixel((box.x + 3, box.y + 3))


def test_n_starts_a_new_game(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.board.move_count == 2
        d.key(pygame.K_n)
        yield from d.settle()
        assert d.app.session.game.board.move_count == 0
        assert d.app.session.match.games_started == 1
        assert d.count(4, view.mark_colour("X")) == 0
        assert d.app.message == "New game: you play X · F1 or ?: help"

    play(script, "--opponent", "win-block", "--first", "you")


def test_u_undoes_your_move_and_the_answer(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_u)
        yield from d.settle()
        assert d.app.message == "There is nothing to undo."
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_u)
        yield from d.settle()
        assert d.app.session.game.board.move_count == 0
        assert d.caption == "tic-tac-toe — your move (X)"
        assert all(d.count(cell, view.mark_colour("X")) == 0 for cell in range(9))

    play(script, "--opponent", "win-block", "--first", "you")


def test_h_tints_each_free_cell_by_its_value(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(0)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_h)
        yield from d.settle()
        game = d.app.session.game
        values = {cell: str(move.value) for cell, move in game.hint().items()}
        assert "win" in values.values() and "draw" in values.values()
        yield from d.until(lambda: face(d, next(iter(values))) != BOARD)
        for cell in range(9):
            expected = view.hint_colour(values[cell]) if cell in values else BOARD
            assert face(d, cell) == expected
        d.key(pygame.K_h)
        yield from d.settle()
        assert all(face(d, cell) == BOARD for cell in range(9))
        assert d.app.message == "Hints off"

    play(script, "--opponent", "first-free", "--first", "you")


def test_digits_choose_the_level_from_the_weakest_up(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_1)
        yield from d.settle()
        assert d.app.session.match.opponent == "first-free"
        assert d.app.message == "Level 1: Beginner"
        d.key(pygame.K_KP2)
        yield from d.settle()
        assert d.app.session.match.opponent == "random"
        for digit in range(3, 10):
            d.key(getattr(pygame, f"K_{digit}"))
            yield from d.settle()
            if digit <= len(skill_levels()):
                assert d.app.session.match.opponent == skill_levels()[digit - 1]
            else:
                assert d.app.message == f"There is no level {digit}"
        assert d.app.session.match.opponent == "perfect"
        assert "Perfect" in d.app.details
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.player(Mark.O) == d.app.session.match.opponent

    play(script, "--opponent", "first-free", "--first", "you")


def test_a_level_that_cannot_play_the_board_is_refused(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_8)
        yield from d.settle()
        assert d.app.session.match.opponent == "win-block"
        assert d.app.message == "Уровень 8 (Безупречный) не умеет играть на этом поле"

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


def test_escape_quits_at_once_before_the_first_move(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_ESCAPE)
        while True:
            yield

    driver = play(script, "--opponent", "first-free", "--first", "you")
    assert not driver.quit_by_script
    assert driver.frames < 30


def test_escape_in_mid_game_asks_first(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        assert d.app.panel == "quit"
        assert d.app.scene().panel.title == "Quit the game?"
        d.key(pygame.K_u)
        yield from d.settle()
        assert d.app.panel is None, "any other key plays on"
        assert d.app.session.game.board.move_count == 2, "and does nothing else"
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        d.key(pygame.K_ESCAPE)
        while True:
            yield

    driver = play(script, "--opponent", "first-free", "--first", "you")
    assert not driver.quit_by_script, "Esc twice quits"


@pytest.mark.parametrize("how", ["F1", "?"])
def test_f1_and_question_mark_show_the_keys(play: Play, how: str) -> None:
    def script(d: Any) -> Any:
        yield from d.settle()
        assert "F1 or ?: help" in d.app.message, "said at the start"
        before = d.count(4, BOARD)
        if how == "F1":
            d.key(pygame.K_F1)
        else:
            d.key(pygame.K_SLASH, "?")
        yield from d.settle()
        panel = d.app.scene().panel
        assert panel.title == "Keys"
        shown = panel.text
        for key in (
            "Arrows, Enter:",
            "N:",
            "U:",
            "H:",
            "1-8:",
            "T:",
            "G:",
            "S:",
            "Esc:",
            "F1 or ?:",
        ):
            assert key in shown
        assert "Beginner" in shown and "Perfect" in shown
        assert d.count(4, BOARD) < before // 2, "the panel darkens the board"
        d.key(pygame.K_n)
        yield from d.settle()
        assert d.app.panel is None
        assert d.app.session.match.games_started == 0, "the key only closed the panel"
        assert d.count(4, BOARD) == before

    play(script, "--opponent", "first-free", "--first", "you")


def test_the_level_and_sound_are_remembered(new_app: Any, run: Any, tmp_path: Any) -> None:
    from tictactoe.saved.settings import Settings, SettingsStore

    store = SettingsStore(tmp_path / "settings.json")
    app = new_app("--first", "you", store=store)
    assert app.session.match.opponent == "win-block", "Medium for a new player"

    def script(d: Any) -> Any:
        d.key(pygame.K_6)
        yield from d.settle()
        d.key(pygame.K_s)
        yield from d.settle()

    run(app, script)
    saved = store.load().settings
    assert (saved.level, saved.sound) == ("fork-aware", False)
    again = new_app("--first", "you", settings=saved)
    assert again.session.match.opponent == "fork-aware" and not again.speaker.enabled
    stand_in = new_app("--size", "9x9", settings=Settings(language="en", level="perfect"))
    assert stand_in.session.match.opponent != "perfect"
    assert stand_in.message is not None and stand_in.message.startswith(
        "Perfect does not play 9 x 9: "
    )


CURSOR = view.rgb(view.CURSOR)


def test_arrows_and_enter_play_a_whole_game_without_the_mouse(play: Play) -> None:
    """Keyboard-only play: the first arrow shows the cursor in the middle, arrows move it
    (staying on the board), Enter or Space plays under it; after the end Enter starts the
    next game. The same intent as a click plays the cell."""

    def script(d: Any) -> Any:
        yield from d.settle()
        assert d.count(4, CURSOR) == 0, "no cursor until the keys are used"
        d.key(pygame.K_DOWN)
        yield from d.settle()
        assert d.app.cursor == 4 and d.count(4, CURSOR) > 40, "shown in the middle, not moved"
        d.key(pygame.K_RETURN)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.moves[0] == 4
        assert d.app.session.game.moves[1] == 0  # first-free
        for key in (pygame.K_UP, pygame.K_UP, pygame.K_UP, pygame.K_RIGHT):
            d.key(key)
        yield from d.settle()
        assert d.app.cursor == 2, "Up stops at the edge"
        assert d.count(2, CURSOR) > 40 and d.count(4, CURSOR) == 0
        d.key(pygame.K_SPACE)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.board[2] is Mark.X
        for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT, pygame.K_KP_ENTER):
            d.key(key)
        yield from d.settle()
        game = d.app.session.game
        assert game.board[6] is Mark.X and game.outcome is not None
        assert d.caption == "X wins"
        assert d.app.scene().board.cursor is None, "no cursor over a finished game"
        assert d.app.message == "Enter: the next game (or click the board twice)"
        d.app.session.ended_at -= END_CLICK_GUARD
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.session.match.games_started == 1
        assert d.app.session.game.board.move_count in (0, 1)

    play(script, "--opponent", "first-free", "--first", "you")


def test_a_click_hides_the_cursor_and_enter_first_shows_it(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.cursor == 4
        d.click(8)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.cursor is None and d.count(4, CURSOR) == 0
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.session.game.board.move_count == 2, "the first Enter only shows it"
        assert d.app.cursor == 4 and d.count(4, CURSOR) > 40
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.session.game.board[4] is Mark.X

    play(script, "--opponent", "first-free", "--first", "you")


def test_enter_while_the_computer_thinks_is_told_to_wait(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_LEFT)
        d.key(pygame.K_RETURN)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.moves[0] == 4
        d.key(pygame.K_n)  # the computer opens this one (alternate)
        d.key(pygame.K_RETURN)
        yield
        assert d.app.message == "Wait for the computer's move."
        yield from d.computer_done()
        assert d.app.session.game.board.move_count == 1

    play(script, "--opponent", "first-free", "--first", "alternate", "--think", "0.05")


def test_the_cursor_starts_in_the_middle_of_a_new_board(play: Play) -> None:
    def script(d: Any) -> Any:
        d.key(pygame.K_UP)
        yield from d.settle()
        assert d.app.cursor == 112
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RETURN)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.moves[0] == 113
        assert d.count(113, view.mark_colour("X")) > 50
        d.key(pygame.K_t)
        d.key(pygame.K_UP)
        d.key(pygame.K_LEFT)  # the Board row: 9 x 9
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        rules = d.app.session.rules
        assert (rules.m, rules.n) == (9, 9)
        assert d.app.cursor is None
        d.key(pygame.K_DOWN)
        yield from d.settle()
        assert d.app.cursor == 40

    play(script, "--opponent", "first-free", "--size", "15x15", "--first", "you")
