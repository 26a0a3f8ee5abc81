"""The Pygame Zero game saves every finished game (and says so when it cannot), lists the
saved games (G), steps through one on the board and plays on from a position of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive
from tictactoe.ui.pgz import view

WIN = [4, 3, 5]
"""Against first-free (which answers 0, then 1) X makes the middle row."""


def test_a_finished_game_is_saved_with_its_moves(play: Callable[..., Any]) -> None:
    def script(d: Any) -> Any:
        yield from d.play(WIN)
        assert d.app.session.game.is_over

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")
    (saved,) = Archive().games().games
    record = saved.record
    assert (record.x_player, record.o_player) == ("human", "first-free")
    assert (record.moves, record.winner, record.termination) == (
        (4, 0, 3, 1, 5),
        Mark.X,
        Termination.LINE,
    )


def test_unusable_saved_games_are_shown_and_play_goes_on(
    play: Callable[..., Any], monkeypatch: Any, tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    (tmp_path / "games.sqlite3").mkdir()

    def script(d: Any) -> Any:
        yield from d.play(WIN)
        assert d.app.message.startswith("Scoreboard unavailable: ")

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


# --- the saved games in the window (G) and stepping through one ---------------------------

GOMOKU = Rules(15, 15, 5)
FIVE = (112, 113, 97, 98, 127, 128, 82, 83, 142)
"""X makes five down the middle column while O follows beside it."""


def open_list(d: Any) -> Any:
    """Press G and wait until the saved games are read."""
    d.key(pygame.K_g)
    yield from d.until(lambda: d.app.panel == "games" and not d.app.games.loading)


def saved(*records: Record) -> list[int]:
    archive = Archive()
    return [archive.save(record) for record in records]


def test_g_lists_the_saved_games_newest_first_and_enter_opens_one(play: Callable[..., Any]) -> None:
    old, new = saved(
        Record.of(Rules(), (4, 0, 8, 2, 1, 7, 6, 3, 5), "human", "win-block"),
        Record.of(GOMOKU, FIVE, "human", "search"),
    )

    def script(d: Any) -> Any:
        yield from open_list(d)
        panel = d.app.scene().panel
        assert panel.title == "Saved games: 2"
        assert [row.split(" · ")[0] for row in panel.rows] == [str(new), str(old)]
        assert panel.rows[0].endswith("X: You, O: Expert · X won with 5 in a row")
        assert "3 x 3, 3 in a row" in panel.rows[1] and panel.rows[1].endswith("· draw")
        assert panel.chosen == 0
        d.key(pygame.K_DOWN)
        yield from d.settle()
        assert d.app.scene().panel.chosen == 1
        d.key(pygame.K_UP)
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.panel is None and d.app.session.viewing is not None
        assert d.app.session.viewing.record.moves == FIVE
        assert d.caption == f"Saved game {new} — X: You, O: Expert; 15 x 15, 5 in a row; -"
        assert d.app.layout.rules == GOMOKU
        assert d.surface.get_size() == (d.app.layout.width, d.app.layout.height)
        assert d.surface.get_size() != (400, 464), "the window took the big board's size"
        assert d.app.scene().status == "The empty board; 9 moves follow."

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_keys_step_through_the_game_on_the_board(play: Callable[..., Any]) -> None:
    saved(Record.of(GOMOKU, FIVE, "human", "search"))
    blue, orange = view.mark_colour("X"), view.mark_colour("O")

    def script(d: Any) -> Any:
        yield from open_list(d)
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert all(d.count(cell, blue) == 0 for cell in FIVE)
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_SPACE)
        yield from d.settle()
        assert d.app.session.viewing.ply == 2
        assert d.count(112, blue) > 50 and d.count(113, orange) > 50
        assert d.count(97, blue) == 0
        assert d.app.scene().status == "Move 2 of 9: O plays i8."
        d.key(pygame.K_END)
        yield from d.settle()
        assert d.app.scene().status == "Move 9 of 9: X plays h10. The end: X won with 5 in a row."
        assert d.count(142, blue) > 50
        assert d.count(112, view.rgb(view.LOOK.halo)) > 100, "the winning line is lit"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_BACKSPACE)
        yield from d.settle()
        assert (
            d.app.session.viewing.ply == 7 and d.count(142, blue) == 0 and d.count(83, orange) == 0
        )
        d.key(pygame.K_HOME)
        yield from d.settle()
        assert d.app.session.viewing.ply == 0
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        assert d.app.session.viewing is None
        assert d.app.layout.rules == Rules()
        assert d.caption == "tic-tac-toe — your move (X)"
        assert d.surface.get_size() == (400, 464), "back to the game's own window"

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_the_strips_buttons_step_and_grey_out_at_the_ends(play: Callable[..., Any]) -> None:
    saved(Record.of(GOMOKU, FIVE, "human", "search"))

    def script(d: Any) -> Any:
        yield from open_list(d)
        d.click_at(d.app.layout.menu_rows(2)[0].centre)  # a click on the row opens it
        yield from d.settle()
        first, back, forward, last, play_on, close = d.app.layout.replay_buttons()
        buttons = {b.kind: b for b in d.app.scene().buttons}
        assert not buttons["first"].enabled and not buttons["back"].enabled
        assert buttons["forward"].enabled and buttons["play"].enabled
        assert buttons["play"].text == "Play on from here"
        assert d.pixel((back.x + 1, back.y + back.h // 2)) == view.BUTTON_OFF
        assert d.pixel((forward.x + 1, forward.y + forward.h // 2)) == view.BUTTON
        d.click_at(forward.centre)
        d.click_at(forward.centre)
        d.click_at(back.centre)
        yield from d.settle()
        assert d.app.session.viewing.ply == 1
        d.click_at(last.centre)
        yield from d.settle()
        assert d.app.session.viewing.ply == 9
        buttons = {b.kind: b for b in d.app.scene().buttons}
        assert not buttons["last"].enabled and not buttons["play"].enabled
        d.click_at(play_on.centre)
        yield from d.settle()
        assert d.app.session.viewing is not None
        assert d.app.scene().status == "The game is over in this position."
        d.click_at(first.centre)
        yield from d.settle()
        assert d.app.session.viewing.ply == 0
        d.click_at(close.centre)
        yield from d.settle()
        assert d.app.session.viewing is None

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_play_on_from_the_shown_position_against_the_computer(play: Callable[..., Any]) -> None:
    saved(Record.of(GOMOKU, FIVE, "human", "search"))

    def script(d: Any) -> Any:
        yield from open_list(d)
        d.key(pygame.K_RETURN)
        for _ in range(4):
            d.key(pygame.K_RIGHT)
        yield from d.settle()
        d.key(pygame.K_p)
        yield from d.settle()
        game = d.app.session.game
        assert d.app.session.viewing is None
        assert game.rules == GOMOKU and game.moves == FIVE[:4]
        assert d.app.session.match.your_mark is Mark.X and game.waiting_for_human
        assert d.app.message == "Playing on from move 4: you play X."
        assert d.app.session.match.opponent == "win-block", "Medium plays 15 x 15"
        d.click(127)
        yield from d.settle()
        yield from d.computer_done()
        assert game.moves[:5] == (*FIVE[:4], 127) and len(game.moves) == 6
        d.key(pygame.K_u)
        yield from d.settle()
        assert game.moves == FIVE[:4], "undo goes back to where play went on"

    play(script, "--opponent", "win-block", "--first", "you", "--no-sound")


def test_play_on_as_o_when_o_is_to_move(play: Callable[..., Any]) -> None:
    saved(Record.of(GOMOKU, FIVE, "human", "search"))

    def script(d: Any) -> Any:
        yield from open_list(d)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.session.match.your_mark is Mark.O
        assert d.app.session.game.moves == FIVE[:1] and d.app.session.game.waiting_for_human
        assert d.caption == "tic-tac-toe — your move (O)"

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_an_empty_or_unreadable_list_says_so(play: Callable[..., Any], tmp_path: Path) -> None:
    def script(d: Any) -> Any:
        yield from open_list(d)
        assert d.app.scene().panel.lines == ("No saved games yet.",)
        d.key(pygame.K_RETURN)  # nothing to open
        yield from d.settle()
        assert d.app.session.viewing is None
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        assert d.app.panel is None
        (tmp_path / "games.sqlite3").mkdir()
        d.app.session.archive = Archive(tmp_path / "games.sqlite3")
        yield from open_list(d)
        (line,) = d.app.scene().panel.lines
        assert line.startswith("Saved games unavailable: ")

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")


def test_the_list_scrolls_to_keep_the_chosen_game_in_view(play: Callable[..., Any]) -> None:
    numbers = saved(
        *[Record.of(Rules(), (4, n), "human", "random") for n in (0, 1, 2, 3, 5, 6, 7, 8)] * 2
    )

    def script(d: Any) -> Any:
        yield from open_list(d)
        visible = len(d.app.layout.menu_rows(2))
        assert len(d.app.scene().panel.rows) == visible < len(numbers)
        d.key(pygame.K_END)
        yield from d.settle()
        panel = d.app.scene().panel
        assert panel.rows[panel.chosen].startswith(f"{numbers[0]} · ")
        assert panel.chosen == visible - 1
        d.key(pygame.K_PAGEUP)
        yield from d.settle()
        assert d.app.games.chosen == len(numbers) - 1 - visible

    play(script, "--opponent", "first-free", "--first", "you", "--no-sound")
