"""The real game under SDL's dummy drivers: clicks, the computer's answer, pixels, title, sounds."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.session import END_CLICK_GUARD
from tictactoe.session.sound import Sound
from tictactoe.ui.pgz import text, view

X_INK = view.mark_colour("X")
O_INK = view.mark_colour("O")
BOARD = view.rgb(view.LOOK.board)
HALO = view.rgb(view.LOOK.halo)
WIN_LINE = view.rgb(view.LOOK.win)
GLYPH_PIXELS = 1000
"""A drawn X or O on 3 x 3 has well over this many pixels of its colour."""

Play = Callable[..., Any]


def moves_against_first_free(result: str) -> list[int]:
    """Moves for X (a person) against the ``first-free`` O that end in ``result``.

    ``result`` is "X" (you win), "O" (the computer wins) or "draw".
    """

    def search(board: Board, mine: list[int]) -> list[int] | None:
        if board.is_over:
            got = "draw" if board.winner is None else str(board.winner)
            return mine if got == result else None
        for cell in board.legal_moves():
            after = board.play(cell)
            if not after.is_over:
                after = after.play(after.legal_moves()[0])
            found = search(after, [*mine, cell])
            if found is not None:
                return found
        return None

    found = search(Board.empty(Rules()), [])
    assert found is not None
    return found


RGB = tuple[int, int, int]


def assert_cell_drawn(driver: Any, cell: int, mark: Mark | None, face: RGB) -> None:
    """The cell's square: ``face`` around it, X blue or O orange in it, or nothing."""
    box = driver.app.layout.cell_rect(cell)
    assert driver.pixel((box.x + 10, box.y + 10)) == face
    inks = {Mark.X: driver.count(cell, X_INK), Mark.O: driver.count(cell, O_INK)}
    for side, count in inks.items():
        assert (count > GLYPH_PIXELS) == (side is mark), (cell, side, count)


def test_a_click_draws_the_glyph_and_the_computer_answers(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.settle()
        assert d.caption == "tic-tac-toe — your move (X)"
        for cell in range(9):
            assert_cell_drawn(d, cell, None, BOARD)
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        board = d.app.session.game.board
        assert board[4] is Mark.X
        assert board.move_count == 2
        answer = d.app.session.game.last_move
        assert board[answer] is Mark.O
        for cell in range(9):
            assert_cell_drawn(d, cell, board[cell], BOARD)
        assert d.caption == "tic-tac-toe — your move (X)"

    play(script, "--opponent", "win-block", "--first", "you", "--seed", "3")


def test_clicks_on_taken_cells_and_other_buttons_change_nothing(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(0)
        yield from d.settle()
        yield from d.computer_done()
        before = d.app.session.game.board
        d.click(0)
        d.click(5, button=3)
        yield from d.settle()
        assert d.app.session.game.board is before
        assert d.app.message == "That cell is taken."

    play(script, "--opponent", "first-free", "--first", "you")


def test_a_double_win_draws_the_top_row_and_the_middle_column(play: Play, tmp_path: Path) -> None:
    def script(d: Any) -> Any:
        for cell in (0, 3, 2, 5, 4, 6, 7, 8, 1):
            d.click(cell)
            yield from d.settle()
        assert d.caption == "X wins"
        pygame.image.save(d.surface, str(tmp_path / "double-win.png"))
        winning = {0, 1, 2, 4, 7}
        for cell in range(9):
            assert (d.count(cell, HALO) > 1000) == (cell in winning), cell
            assert (d.count(cell, WIN_LINE) > 300) == (cell in winning), cell
        layout = d.app.layout
        (x0, y0), (x2, _), (x4, y4) = (layout.n_to_xy(n) for n in (0, 2, 4))
        assert d.pixel(((x0 + x2) // 2, y0)) == WIN_LINE, "the top row, end to end"
        assert d.pixel((x4, (y0 + y4) // 2)) == WIN_LINE, "the middle column, end to end"

    play(script, "--opponent", "human")


def test_a_win_is_highlighted_titled_and_cheered(play: Play) -> None:
    mine = moves_against_first_free("X")

    def script(d: Any) -> Any:
        yield from d.play(mine)
        outcome = d.app.session.game.outcome
        assert outcome is not None and outcome.winner is Mark.X
        assert d.caption == "X wins"
        for cell in range(9):
            tile = d.count(cell, HALO)
            assert (tile > 1000) == (cell in outcome.line), cell
        assert sum(d.count(cell, WIN_LINE) for cell in outcome.line) > 300, "a line through"
        assert d.app.scene().status == "Hooray! You have won the game!"
        assert d.app.speaker.last is Sound.WIN
        assert pygame.mixer.get_busy()
        assert d.app.session.match.score.wins == 1
        assert d.app.message == "Enter: the next game (or click the board twice)"
        strip = d.app.layout.strip_rect
        area = d.surface.subsurface(pygame.Rect(strip.x, strip.y, strip.w, strip.h))
        green = pygame.mask.from_threshold(area, view.WIN_TEXT, (40, 40, 40, 255)).count()
        assert green > 50, "the result is written in the window, in green"

    play(script, "--opponent", "first-free", "--first", "you")


@pytest.mark.parametrize(
    ("result", "title", "sound"),
    [("O", "Победа O", Sound.LOSE), ("draw", "Ничья", Sound.DRAW)],
)
def test_russian_titles_are_seed_001s(play: Play, result: str, title: str, sound: Sound) -> None:
    mine = moves_against_first_free(result)

    def script(d: Any) -> Any:
        yield from d.settle()
        assert d.caption == "Крестики-нолики — ваш ход (X)"
        yield from d.play(mine)
        assert d.caption == title
        assert d.app.speaker.last is sound

    play(script, "--opponent", "first-free", "--first", "you", "--lang", "ru")


def test_a_second_click_after_the_end_starts_the_next_game_alternating(play: Play) -> None:
    mine = moves_against_first_free("X")

    def script(d: Any) -> Any:
        yield from d.play(mine)
        assert d.app.session.game.is_over
        d.click(4)
        yield from d.settle()
        assert d.app.session.game.is_over, "a stray click leaves the result in sight"
        assert d.app.scene().status == "Hooray! You have won the game!"
        assert d.app.message == "The game is over: click the board again for the next one."
        d.app.session.notice_at = d.app._clock() + 60  # "a moment ago", however slow
        d.click(4)
        yield from d.settle()
        assert d.app.session.game.is_over, "a double click is one click"
        d.app.session.notice_at = d.app._clock() - END_CLICK_GUARD
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        game = d.app.session.game
        assert not game.is_over
        assert d.app.session.match.your_mark is Mark.O  # seed 000: who starts alternates
        assert game.board.move_count == 1 and game.board[0] is Mark.X
        assert d.caption == "tic-tac-toe — your move (O)"
        assert_cell_drawn(d, 4, None, BOARD)
        assert_cell_drawn(d, 0, Mark.X, BOARD)

    play(script, "--opponent", "first-free")


def test_first_you_keeps_you_starting(play: Play) -> None:
    mine = moves_against_first_free("draw")

    def script(d: Any) -> Any:
        yield from d.play(mine)
        yield from d.click_again((10, 10))
        assert d.app.session.match.your_mark is Mark.X
        assert d.app.session.game.board.move_count == 0

    play(script, "--opponent", "first-free", "--first", "you")


def test_no_sound_plays_nothing(play: Play) -> None:
    mine = moves_against_first_free("X")

    def script(d: Any) -> Any:
        yield from d.play(mine)
        assert d.app.session.game.is_over
        assert d.app.speaker.last is None

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_finished_games_go_to_the_scoreboard(play: Play) -> None:
    mine = moves_against_first_free("O")

    def script(d: Any) -> Any:
        yield from d.play(mine)

    play(script, "--opponent", "first-free", "--first", "you")
    (tally,) = Scoreboard().tallies()
    assert (tally.opponent, tally.wins, tally.losses, tally.draws) == ("first-free", 0, 1, 0)


def test_a_broken_scoreboard_is_shown_and_play_goes_on(
    new_app: Callable[..., Any], run: Callable[..., Any], tmp_path: Any
) -> None:
    mine = moves_against_first_free("X")
    app = new_app("--opponent", "first-free", scoreboard=Scoreboard(tmp_path))  # a folder

    def script(d: Any) -> Any:
        yield from d.play(mine)
        assert d.app.message.startswith("Scoreboard unavailable: ")
        yield from d.click_again(d.app.layout.n_to_xy(0))
        yield from d.computer_done()
        assert not d.app.session.game.is_over, "the next game"

    run(app, script)


def test_the_frame_loop_runs_while_the_computer_thinks(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = threading.Event()
    think = Game.think

    def slow_think(self: Game, **options: Any) -> Any:
        go_on.wait(10)
        return think(self, **options)

    monkeypatch.setattr(Game, "think", slow_think)

    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        start = d.frames
        for _ in range(20):
            yield
        assert d.frames - start >= 20  # drawing went on while the worker waited
        assert d.app.busy
        assert d.caption == "tic-tac-toe — computer's move (O)"
        assert d.count(4, X_INK) > GLYPH_PIXELS
        go_on.set()
        yield from d.computer_done()
        assert d.app.session.game.board.move_count == 2

    play(script, "--opponent", "win-block", "--first", "you")


def test_larger_boards_fill_the_window(play: Play) -> None:
    def script(d: Any) -> Any:
        layout = d.app.layout
        assert layout.cell == 400 // 7
        d.click(24)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.board[24] is Mark.X
        assert d.count(24, X_INK) > 20
        free = next(c for c in (40, 41, 47) if d.app.session.game.board[c] is None)
        assert d.pixel(layout.cell_rect(free).centre) == view.board_colour(layout.rules)

    play(script, "--opponent", "win-block", "--size", "7x7", "--first", "you")


def test_two_people_take_turns_at_one_mouse(play: Play) -> None:
    def script(d: Any) -> Any:
        assert d.caption == "tic-tac-toe — X to move"
        d.click(0)
        yield from d.settle()
        assert d.caption == "tic-tac-toe — O to move"
        d.click(4)
        yield from d.settle()
        board = d.app.session.game.board
        assert (board[0], board[4], board.move_count) == (Mark.X, Mark.O, 2)

    play(script, "--opponent", "human")


def test_two_computers_play_to_the_end_and_a_click_starts_another(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.until(lambda: d.app.session.game.is_over)
        assert d.caption == "Draw"
        yield from d.click_again(d.app.layout.n_to_xy(4))
        assert d.app.session.match.games_started == 1

    play(script, "--opponent", "perfect", "--you", "perfect")


def test_the_largest_board_plays_with_legible_glyphs(play: Play) -> None:
    def script(d: Any) -> Any:
        d.click(26 * 13 + 13)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.session.game.board.move_count == 2
        face = d.app.layout.face_rect(0)
        wood = view.board_colour(d.app.layout.rules)
        for cell in (26 * 13 + 13, d.app.session.game.last_move):
            assert d.ink(cell, wood) >= face.w * face.h // 8  # an X or an O, not a speck

    play(script, "--size", "26x26", "--first", "you")


def test_without_a_mixer_the_game_plays_silently_and_s_says_why(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = moves_against_first_free("X")
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")

    def script(d: Any) -> Any:
        assert not pygame.mixer.get_init()
        d.key(pygame.K_s)
        yield from d.settle()
        assert d.app.message == "Sound off"
        d.key(pygame.K_s)
        yield from d.settle()
        assert d.app.message == "Sound is not available on this computer"
        yield from d.play(mine)
        assert d.caption == "X wins"
        assert d.app.speaker.last is None

    try:
        play(script, "--opponent", "first-free", "--first", "you")
    finally:
        monkeypatch.undo()
        pygame.mixer.quit()  # the next game starts it again with the dummy driver


def test_nothing_is_drawn_while_nothing_changes(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.settle()
        drawn = d.app.frames_drawn
        for _ in range(30):
            yield
        assert d.app.frames_drawn == drawn, "an idle window draws nothing"
        d.click(4)
        yield from d.settle()
        assert d.app.frames_drawn > drawn, "a move is drawn"

    play(script, "--opponent", "first-free", "--first", "you")


def test_a_click_while_the_computer_thinks_is_answered_on_screen(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = threading.Event()
    think = Game.think

    def slow_think(self: Game, **options: Any) -> Any:
        go_on.wait(10)
        return think(self, **options)

    monkeypatch.setattr(Game, "think", slow_think)

    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        layout = d.app.layout
        assert d.app.scene().status.startswith("Medium (O) is thinking")
        d.click(8)
        yield from d.settle()
        assert d.app.message == "Wait for the computer's move."
        assert d.app.scene().board.refused == 8
        box = layout.cell_rect(8)
        assert d.pixel((box.x + 1, box.y + box.h // 2)) == view.rgb(view.FLASH)
        assert d.app.layout == layout, "the board does not move while the computer thinks"
        go_on.set()
        yield from d.computer_done()
        assert d.app.session.game.board[8] is not Mark.X, "the click played nothing"

    play(script, "--opponent", "win-block", "--first", "you")


def test_the_window_can_be_resized_and_the_board_follows(play: Play) -> None:
    def script(d: Any) -> Any:
        yield from d.settle()
        small = d.app.layout.cell
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=964, size=(900, 964)))
        yield from d.settle()
        assert d.surface.get_size() == (900, 964)
        assert d.app.layout.cell > small
        d.click(112)
        yield from d.settle()
        assert d.app.session.game.board[112] is Mark.X, "clicks land on the scaled board"
        assert d.count(112, X_INK) > 100

    play(script, "--opponent", "win-block", "--size", "15x15", "--first", "you")


def ink_starts(d: Any, label: str) -> list[int]:
    """Where each ink run of a coordinate label starts, left to right, in pixels."""
    layout = d.app.layout
    box = pygame.Rect(0, 0, layout.gutter, layout.cell)
    box.center = dict(layout.coordinates())[label]
    area = d.surface.subsurface(box)
    ink = pygame.mask.from_threshold(area, view.line_colour(layout.rules), (60, 60, 60, 255))
    columns = [any(ink.get_at((x, y)) for y in range(box.h)) for x in range(box.w)]
    return [x for x, inked in enumerate(columns) if inked and not (x and columns[x - 1])]


def test_the_coordinates_are_drawn_unkerned(play: Play) -> None:
    """The row number 11 is two ones an advance apart: pygame.font applied FreeSans Bold's
    kerning, pulling them together (and pushing others apart), as it did in the strip."""

    def script(d: Any) -> Any:
        yield from d.settle()
        points = int(d.app.layout.coordinate_font_size * text.SCALE[text.DEFAULT])
        metrics = pygame.freetype.Font(None, points).get_metrics("1")[0]
        assert metrics is not None
        first, second = ink_starts(d, "11")
        assert second - first == round(metrics[4])

    play(script, "--size", "15x15", "--first", "you")


def test_big_boards_show_the_goal_the_level_and_two_colours(play: Play) -> None:
    def script(d: Any) -> Any:
        assert (d.app.layout.width, d.app.layout.height) == view.window_size(
            Rules(15, 15, 5), pygame.display.get_desktop_sizes()[0]
        )
        d.click(112)
        yield from d.settle()
        yield from d.computer_done()
        assert d.app.details == (
            "Medium · 5 in a row · You 0 · computer 0 · draws 0 · F1 or ?: help"
        )
        last = d.app.session.game.last_move
        assert d.count(112, X_INK) > 50
        assert d.count(last, O_INK) > 50
        assert d.count(last, view.rgb(view.LOOK.last_move)) > 5, "the last move is marked"

    play(script, "--size", "15x15", "--first", "you")
