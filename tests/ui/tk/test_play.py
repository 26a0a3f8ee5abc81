"""Playing in the window: clicks, the computer's answers, the end of a game, undo, hints."""

from __future__ import annotations

from collections.abc import Callable
from tkinter import ttk

from tictactoe.core.board import Mark
from tictactoe.game import Starter
from tictactoe.sound import Sound
from tictactoe.ui.tk.board_view import HINT_COLOURS, WIN_HIGHLIGHT

from .conftest import Harness

MakeApp = Callable[..., Harness]


def play(h: Harness, *cells: int) -> None:
    """Click each cell in turn, waiting for the computer's answer after each."""
    for cell in cells:
        before = len(h.app.game.moves)
        h.click_cell(cell)
        assert len(h.app.game.moves) > before, f"cell {cell} was not played"
        h.pump(lambda: not h.app.game.computer_to_move)


def test_clicking_a_cell_plays_it_and_the_computer_answers(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    assert "Your move (X)" in h.app.status.cget("text")
    h.click_cell(4)
    assert h.marks()[4] is Mark.X
    assert h.pump(lambda: len(h.marks()) == 2)
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert h.app.view.find_withtag("g4") and h.app.view.find_withtag("g0")
    assert h.app.view.find_withtag("last"), "the computer's last move is marked"
    assert h.app.view.coords("last")[0] < h.app.view.geometry.box(1)[0]
    h.pump(lambda: "Your move" in h.app.status.cget("text"))


def test_a_taken_cell_cannot_be_overwritten(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4)
    h.click_cell(0)
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert "taken" in h.app.status.cget("text")


def test_a_win_is_highlighted_sounded_recorded_and_play_again_starts_a_new_game(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="first-free", answers=[True])
    play(h, 4, 3, 5)
    assert h.app.game.outcome is not None and h.app.game.outcome.winner is Mark.X
    assert [h.fill(c) for c in (3, 4, 5)] == [WIN_HIGHLIGHT] * 3
    assert h.fill(0) != WIN_HIGHLIGHT
    assert "You win!" in h.app.status.cget("text")
    assert "X won" in h.root.title()
    assert h.sounds == [Sound.WIN]
    assert h.pump(lambda: bool(h.dialogs.asked))
    assert h.dialogs.asked == [("X wins!", "X wins! Do you want to play again?")]
    assert h.pump(lambda: not h.app.game.moves), "yes starts a new game"
    assert h.app.match.score.wins == 1
    [tally] = h.app.scoreboard.tallies()
    assert (tally.opponent, tally.wins, tally.losses) == ("first-free", 1, 0)


def test_losing_plays_the_losing_sound_and_no_closes_the_program(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", answers=[False])
    play(h, 8, 7, 3)
    assert h.app.game.outcome is not None and h.app.game.outcome.winner is Mark.O
    assert "The computer wins." in h.app.status.cget("text")
    assert h.sounds == [Sound.LOSE]
    assert h.pump(lambda: h.app.closed)
    assert h.dialogs.asked == [("O wins!", "O wins! Do you want to play again?")]


def test_a_tie_meows_and_asks_seed_002s_question(make_app: MakeApp) -> None:
    h = make_app(opponent="human", answers=[True])
    for cell in (0, 1, 2, 4, 3, 5, 7, 6):
        h.click_cell(cell)
    assert h.sounds == []
    h.click_cell(8)
    assert h.app.game.outcome is not None and h.app.game.outcome.is_draw
    assert h.sounds == [Sound.DRAW]
    assert "It's a tie!" in h.app.status.cget("text")
    assert h.pump(lambda: bool(h.dialogs.asked))
    assert h.dialogs.asked == [("Cat's game", "It's a tie! Do you want to play again?")]


def test_sound_off_is_silent(make_app: MakeApp) -> None:
    h = make_app(opponent="human", answers=[True])
    h.app.menus.invoke("options", "sound")
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    assert h.app.game.outcome is not None
    assert h.sounds == []


def test_after_a_game_the_next_click_starts_a_new_one(make_app: MakeApp) -> None:
    h = make_app(opponent="human", answers=[])
    h.app.dialogs = h.dialogs
    for cell in (0, 3, 1, 4, 2):
        h.click_cell(cell)
    h.app._cancel_jobs()  # as if the question were not answered yet
    h.click_cell(4)
    assert h.app.game.moves == ()


def test_when_the_computer_starts_it_moves_first(make_app: MakeApp) -> None:
    h = make_app(opponent="random", starter=Starter.COMPUTER)
    assert h.pump(lambda: len(h.marks()) == 1)
    assert list(h.marks().values()) == [Mark.X]
    assert "Your move (O)" in h.app.status.cget("text")


def test_undo_and_redo_take_back_both_moves(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 8)
    assert len(h.marks()) == 4
    h.key("z", "Control")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    h.app.menus.invoke("game", "undo")
    assert h.marks() == {}
    assert h.app.menus.state("game", "undo") == "disabled"
    h.key("y", "Control")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    h.app.menus.invoke("game", "redo")
    assert len(h.marks()) == 4
    assert h.app.menus.state("game", "redo") == "disabled"


def test_hints_colour_every_free_cell_with_a_legend(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3)  # X: 4, 3; O: 0, 1; X to move, 5 wins at once
    assert not h.app.legend.winfo_ismapped()
    h.key("h")
    assert h.pump(lambda: h.fill(5) == HINT_COLOURS["win"])
    free = h.app.game.board.legal_moves()
    assert all(h.fill(c) in HINT_COLOURS.values() for c in free)
    assert h.fill(7) == HINT_COLOURS["loss"], "leaving O's 0-1-2 open loses"
    assert h.pump(lambda: h.app.legend.winfo_ismapped())
    legend = " ".join(
        str(label.cget("text"))
        for row in h.app.legend.winfo_children()
        for label in row.winfo_children()
        if isinstance(label, ttk.Label)
    )
    assert "wins" in legend and "draws" in legend and "loses" in legend
    h.click_cell(5)
    assert not h.app.legend.winfo_ismapped() or h.app.game.is_over


def test_the_hints_option_keeps_hints_on_every_turn(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    h.app.menus.invoke("options", "hints")
    assert h.pump(lambda: h.fill(4) == HINT_COLOURS["draw"])
    play(h, 8)
    assert h.pump(lambda: h.fill(4) in HINT_COLOURS.values() and bool(h.app.hints))
    assert set(h.app.hints) == set(h.app.game.board.legal_moves())


def test_no_hints_on_a_board_too_big_to_solve(make_app: MakeApp) -> None:
    from tictactoe.core.rules import Rules

    h = make_app(opponent="random", rules=Rules(7, 7, 5))
    h.key("h")
    assert h.pump(lambda: "No hints" in h.app.status.cget("text"))
    h.click_cell(24)
    assert h.marks()[24] is Mark.X
