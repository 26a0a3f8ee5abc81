"""Playing in the window: clicks, the computer's answers, the end of a game, undo, hints."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.session import END_CLICK_GUARD
from tictactoe.session.sound import Sound
from tictactoe.ui.tk.theme import LIGHT

from .conftest import Harness

MakeApp = Callable[..., Harness]


def play(h: Harness, *cells: int) -> None:
    """Click each cell in turn, waiting for the computer's answer after each."""
    for cell in cells:
        before = len(h.app.session.game.moves)
        h.click_cell(cell)
        assert len(h.app.session.game.moves) > before, f"cell {cell} was not played"
        h.pump(lambda: not h.app.session.game.computer_to_move)


def test_clicking_a_cell_plays_it_and_the_computer_answers(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    assert h.status == "Your move (X)"
    h.click_cell(4)
    assert h.marks()[4] is Mark.X
    assert h.app.view.find_withtag("g4"), "your mark is drawn at once"
    assert h.pump(lambda: len(h.marks()) == 2)
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert h.app.view.find_withtag("g4") and h.app.view.find_withtag("g0")
    x0, y0, x1, y1 = h.app.view.geometry.box(0)
    lx0, ly0, lx1, ly1 = h.app.view.bbox("last")
    assert x0 <= lx0 and lx1 <= x1 and y0 <= ly0 and ly1 <= y1, "the last move is marked"
    assert h.pump(lambda: h.status == "Your move (X)")


def test_a_taken_cell_cannot_be_overwritten(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4)
    h.click_cell(0)
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert h.notice == "That cell is taken."


def test_a_win_shows_in_the_window_with_the_board_and_no_dialog(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)
    outcome = h.app.session.game.outcome
    assert outcome is not None and outcome.winner is Mark.X
    assert h.status == "Hooray! You have won the game!"
    assert str(h.app.banner.text.cget("style")) == "Win.TLabel"
    assert h.app.banner.again.winfo_ismapped(), "New game is offered beside the result"
    assert [h.fill(c) for c in (3, 4, 5)] == [LIGHT.halo] * 3
    assert h.fill(0) != LIGHT.halo
    lines = h.app.view.find_withtag("winline")
    assert len(lines) == 2, "the line and its casing"
    assert h.pump(lambda: h.app.view.coords(lines[-1])[2] > h.app.view.geometry.centre(5)[0])
    assert len(h.marks()) == 5, "the board stays as it ended"
    assert "X won" in h.root.title()
    assert h.sounds == [Sound.WIN]
    h.settle(0.4)
    assert h.dialogs.asked == [], "no message box"
    assert h.app.session.game.is_over and not h.app.closed
    assert h.app.session.match.score.wins == 1
    assert "You 1 · computer 0" in str(h.app.footer.score.cget("text"))
    [tally] = h.app.session.scoreboard.tallies()
    assert (tally.opponent, tally.wins, tally.losses) == ("first-free", 1, 0)
    h.app.banner.again.invoke()
    assert h.app.session.game.moves == () or h.app.session.match.your_mark is Mark.O
    assert not h.app.session.game.is_over
    assert not h.app.view.find_withtag("winline")
    assert not h.app.banner.again.winfo_ismapped()


def test_a_double_win_draws_the_top_row_and_the_middle_column_and_nothing_else(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="human")
    for cell in (0, 3, 2, 5, 4, 6, 7, 8, 1):
        h.click_cell(cell)
    assert h.status == "X wins!"
    canvas, g = h.app.view, h.app.view.geometry
    assert [h.fill(c) == LIGHT.halo for c in range(9)] == [c in {0, 1, 2, 4, 7} for c in range(9)]
    strokes = [i for i in canvas.find_withtag("winline") if canvas.itemcget(i, "fill") == LIGHT.win]
    assert len(strokes) == 2 and len(canvas.find_withtag("winline")) == 4, "two lines, cased"
    assert h.pump(lambda: all(canvas.coords(i)[3] >= g.centre(7)[1] for i in strokes[1:]))
    h.settle(0.3)
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = (canvas.coords(i) for i in strokes)
    (x0, y0), (x2, _), (x1, y7) = g.centre(0), g.centre(2), g.centre(7)
    assert ay0 == ay1 == y0 and ax0 < x0 and ax1 > x2, "the top row, beyond both ends"
    assert bx0 == bx1 == x1 and by0 < y0 and by1 > y7, "the middle column, beyond both ends"


def test_losing_says_you_lose_and_never_closes_the_window(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 8, 7, 3)
    assert h.app.session.game.outcome is not None and h.app.session.game.outcome.winner is Mark.O
    assert h.status == "The computer has beaten you! You lose."
    assert str(h.app.banner.text.cget("style")) == "Lose.TLabel"
    assert h.sounds == [Sound.LOSE]
    h.key("Escape")
    h.settle(0.4)
    assert not h.app.closed, "Esc after a game closes nothing"
    assert h.app.session.game.is_over, "and starts nothing"
    assert h.dialogs.asked == []


def test_a_draw_between_two_people(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    for cell in (0, 1, 2, 4, 3, 5, 7, 6):
        h.click_cell(cell)
    assert h.sounds == []
    h.click_cell(8)
    assert h.app.session.game.outcome is not None and h.app.session.game.outcome.is_draw
    assert h.sounds == [Sound.DRAW]
    assert h.status == "The game is a tie!"
    assert "Nobody won" in h.root.title()


def test_two_people_see_which_mark_won(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    assert h.status == "X wins!"
    assert "X 1 · O 0" in str(h.app.footer.score.cget("text"))


@pytest.mark.parametrize(
    ("language", "win", "lose"),
    [
        ("ru", "Ура! Вы выиграли!", "Компьютер победил вас! Вы проиграли."),
        ("zh_CN", "太好了！你赢了这一局！", "计算机赢了！你输了。"),
        ("vi", "Hoan hô! Bạn đã thắng!", "Máy tính đã đánh bại bạn! Bạn thua."),
    ],
)
def test_the_result_in_every_language(
    make_app: MakeApp, language: str, win: str, lose: str
) -> None:
    h = make_app(opponent="first-free", language=language)
    play(h, 4, 3, 5)
    assert h.status == win
    h.app.new_game(you_start=True)
    play(h, 8, 7, 3)
    assert h.status == lose


@pytest.mark.parametrize("language", ["en", "ru", "vi", "zh_CN"])
def test_the_whole_result_shows_in_a_window_of_the_usual_size(
    make_app: MakeApp, language: str
) -> None:
    h = make_app(opponent="first-free", language=language)
    play(h, 8, 7, 3)  # the computer (first-free) takes the top row
    h.settle()
    assert h.app.session.game.outcome is not None and h.app.session.game.outcome.winner is Mark.O
    assert h.app.banner.text.cget("text") == h.status, "the result is not cut short"


def test_a_finished_game_stays_until_a_second_click_on_the_board(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    assert h.app.session.game.is_over
    result = h.status
    h.click_cell(8)
    assert len(h.app.session.game.moves) == 5, "a stray click leaves the result in sight"
    assert h.notice == "The game is over: click the board again for the next one."
    assert h.status == result
    h.click_cell(8)
    assert len(h.app.session.game.moves) == 5, "a double click is one click"
    h.app.session.notice_at = time.monotonic() - END_CLICK_GUARD
    h.click_cell(8)
    assert h.app.session.game.moves == (), "the second click starts the next game (seed 000)"
    assert h.notice == ""


def test_new_game_after_the_end_is_at_once(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    h.key("n", "Control")
    assert h.app.session.game.moves == ()
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    h.app.banner.again.invoke()
    assert h.app.session.game.moves == (), "the banner's New game too"


def test_sound_off_is_silent(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    h.app.menus.invoke("options", "sound")
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    assert h.app.session.game.outcome is not None
    assert h.sounds == []


def test_when_the_computer_starts_it_moves_first(make_app: MakeApp) -> None:
    h = make_app(opponent="random", starter=Starter.COMPUTER)
    assert h.pump(lambda: len(h.marks()) == 1)
    assert list(h.marks().values()) == [Mark.X]
    assert h.status == "Your move (O)"


def test_the_status_names_the_level_never_the_strategy(make_app: MakeApp) -> None:
    h = make_app(opponent="fork-aware", starter=Starter.COMPUTER, reply_pause_ms=300)
    assert h.pump(lambda: "thinking" in h.status)
    assert h.status == "Hard (X) is thinking…"
    assert h.app.banner.spinner.spinning
    assert h.pump(lambda: h.app.session.game.waiting_for_human)
    assert not h.app.banner.spinner.spinning
    shown = " ".join([h.status, h.notice, h.root.title(), h.app.toolbar.level.get()])
    for name in players.names():
        assert name not in shown


def test_the_reply_on_3x3_comes_after_a_short_pause(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", reply_pause_ms=300)
    clicked = time.monotonic()
    h.click_cell(4)
    assert h.pump(lambda: len(h.marks()) == 2)
    assert time.monotonic() - clicked >= 0.3
    assert h.status == "Your move (X)"


def test_undo_and_redo_take_back_both_moves(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 8)
    assert len(h.marks()) == 4
    h.key("z", "Control")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    h.app.toolbar.buttons["undo"].invoke()
    assert h.marks() == {}
    assert h.app.menus.state("game", "undo") == "disabled"
    assert h.app.toolbar.buttons["undo"].instate(["disabled"])
    h.key("y", "Control")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    h.app.toolbar.buttons["redo"].invoke()
    assert len(h.marks()) == 4
    assert h.app.menus.state("game", "redo") == "disabled"


def last_move_dot(h: Harness) -> tuple[int, int] | None:
    """The centre of the last-move dot on the canvas, if one is drawn."""
    items = h.app.view.find_withtag("last")
    if not items:
        return None
    x0, y0, x1, y1 = h.app.view.coords(items[0])
    return round((x0 + x1) / 2), round((y0 + y1) / 2)


def test_redo_shows_the_last_move_dot_at_once(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 8)  # X: 4, 8; O: 0, 1
    view = h.app.view
    redraws = view.full_redraws

    def centre(cell: int) -> tuple[int, int]:
        x, y = view.geometry.centre(cell)
        return round(x), round(y)

    assert last_move_dot(h) == centre(1)
    h.key("z", "Control")
    assert last_move_dot(h) == centre(0)
    h.key("y", "Control")
    assert last_move_dot(h) == centre(1), "on the redone move, as after a move"
    h.key("z", "Control")
    h.key("z", "Control")
    assert last_move_dot(h) is None
    h.app.toolbar.buttons["redo"].invoke()
    assert last_move_dot(h) == centre(0)
    assert view.full_redraws == redraws, "without redrawing the board"


def test_hints_colour_every_free_cell_with_a_legend(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3)  # X: 4, 3; O: 0, 1; X to move, 5 wins at once
    assert h.app.footer.legend_texts == []
    h.app.toolbar.buttons["hint"].invoke()
    hints = LIGHT.hints
    assert h.pump(lambda: h.fill(5) == hints["win"])
    free = h.app.session.game.board.legal_moves()
    assert all(h.fill(c) in hints.values() for c in free)
    assert h.fill(7) == hints["loss"], "leaving O's 0-1-2 open loses"
    assert set(hints.values()).isdisjoint(LIGHT.marks.values()), "hints never look like marks"
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    assert h.app.footer.legend_texts == ["Hints for X:", "wins", "draws", "loses"]
    h.click_cell(5)
    assert h.app.footer.legend_texts == []


def test_the_hints_option_keeps_hints_on_every_turn(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    h.app.menus.invoke("options", "hints")
    assert h.pump(lambda: h.fill(4) == LIGHT.hints["draw"])
    play(h, 8)
    assert h.pump(lambda: h.fill(4) in LIGHT.hints.values() and bool(h.app.session.hints))
    assert set(h.app.session.hints.tones) == set(h.app.session.game.board.legal_moves())


def test_a_board_too_big_to_solve_gets_the_engines_best_moves(make_app: MakeApp) -> None:
    h = make_app(opponent="random", rules=Rules(7, 7, 5), nodes=1_000)
    h.key("h")
    assert h.pump(lambda: h.app.session.hints is not None and bool(h.app.session.hints.suggestions))
    assert "No hints" not in h.notice
    assert h.app.footer.legend_texts[0] == "Best moves for X:"
    found = h.app.session.hints.suggestions
    assert set(h.app.session.hints.tones) == {s.cell for s in found}, "only the best few"
    assert len(h.app.view.find_withtag("rank")) == len(found)
    h.click_cell(24)
    assert h.marks()[24] is Mark.X


def test_a_hint_replaces_an_earlier_notice_in_the_footer(make_app: MakeApp) -> None:
    """ "That cell is taken." stayed in the footer after H, hiding the hints' legend (and a big
    board's best moves) until the next move."""
    h = make_app(opponent="first-free")
    play(h, 4)
    h.click_cell(4)
    assert h.notice == "That cell is taken."
    h.key("h")
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    assert h.notice == ""
    assert h.app.footer.legend_texts == ["Hints for X:", "wins", "draws", "loses"]
    assert h.app.footer.legend.winfo_ismapped() and not h.app.footer.notice.winfo_ismapped()
    h.click_cell(4)
    assert h.notice == "That cell is taken."
    h.app.menus.invoke("options", "hints")
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    assert h.notice == "", "so does turning Cell hints on"
