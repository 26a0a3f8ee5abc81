"""Saved games in the desktop window: every finished game is saved (demos too), and says so
when it cannot; Game > Open a game shows a saved game or a game file on the board, step by
step, and play goes on from any position."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from tkinter import ttk

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.saved.archive import Archive
from tictactoe.session.replay import Replay, Step, open_saved, title
from tictactoe.texts.i18n import translator
from tictactoe.ui.tk import dialogs as dialogs_module

from .conftest import Harness

MakeApp = Callable[..., Harness]


def play(h: Harness, *cells: int) -> None:
    for cell in cells:
        h.click_cell(cell)
        h.pump(lambda: not h.app.session.game.computer_to_move)


def test_a_finished_game_is_saved_once_with_its_moves(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)
    assert h.app.session.game.is_over
    (saved,) = Archive().games().games
    record = saved.record
    assert (record.x_player, record.o_player, record.moves) == (
        "human",
        "first-free",
        (4, 0, 3, 1, 5),
    )
    assert (record.winner, record.termination) == (Mark.X, Termination.LINE)


def test_a_demo_is_saved_too(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", you="corner-first")
    assert h.pump(lambda: h.app.session.game.is_over)
    (saved,) = Archive().games().games
    assert (saved.record.x_player, saved.record.o_player) == ("corner-first", "first-free")
    assert h.app.session.scoreboard.tallies() == []


def test_unusable_saved_games_are_reported_and_play_goes_on(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    (tmp_path / "games.sqlite3").mkdir()
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)
    assert h.notice.startswith("Scoreboard unavailable: ")
    assert "a folder is in its place" in h.notice
    h.app.new_game()
    assert not h.app.session.game.moves, "play goes on"


# --- opening a saved game or a game file -------------------------------------------------


def opened_saved(game_id: int) -> Replay:
    tr = translator("en")
    return Replay(open_saved(game_id, tr, Archive()), title(game_id, tr))


def shows_replay(h: Harness) -> bool:
    return bool(h.app.replay_bar.winfo_ismapped()) and not h.app.toolbar.winfo_ismapped()


def enabled(h: Harness, key: str) -> bool:
    return not h.app.replay_bar.buttons[key].instate(["disabled"])


def test_a_saved_game_steps_through_on_the_board(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    play(h, 4, 3, 5)  # X: b2, a2, c2 wins; O: a1, b1
    h.app.new_game()
    h.dialogs.opened = opened_saved(1)
    h.key("o", "Control")
    assert h.dialogs.opens_asked == 1
    assert h.pump(lambda: shows_replay(h))
    assert h.status == "The empty board; 5 moves follow."
    assert h.notice.startswith("X: You, O: Beginner; 3 x 3, 3 in a row; ")
    assert h.root.title() == "Tic-tac-toe — Saved game 1"
    assert not h.app.view.find_withtag("glyph")
    assert not enabled(h, "first") and not enabled(h, "back") and enabled(h, "forward")
    assert enabled(h, "play"), "the empty board can be played on"
    h.key("Right")
    assert h.status == "Move 1 of 5: X plays 5.", "named as the game named it: keypad 1-9"
    assert h.app.view.find_withtag("g4") and h.app.view.find_withtag("last")
    h.app.replay_bar.buttons["forward"].invoke()
    assert h.status == "Move 2 of 5: O plays 7."
    h.key("End")
    assert h.status == "Move 5 of 5: X plays 6."
    assert h.notice == "The end: X won with 3 in a row."
    assert h.app.view.find_withtag("winline"), "the winning line is drawn"
    assert not enabled(h, "play") and not enabled(h, "forward")
    h.key("Left")
    assert h.status == "Move 4 of 5: O plays 8." and enabled(h, "play")
    h.app.replay_bar.buttons["first"].invoke()
    assert h.status == "The empty board; 5 moves follow."
    h.click_cell(0)
    assert not h.app.view.find_withtag("glyph"), "a click plays nothing in a saved game"
    assert "Play from here" in h.notice
    h.key("z", "Control")
    assert h.app.session.game.moves == () and h.app.menus.state("game", "undo") == "disabled"
    h.key("Escape")
    assert h.pump(lambda: not shows_replay(h) and h.app.toolbar.winfo_ismapped())
    assert h.app.session.viewing is None and h.status == "Your move (X)"
    assert h.app.session.game.moves == (), "the game as it was"


def test_the_computer_waits_while_a_saved_game_shows_and_then_goes_on(
    make_app: MakeApp, slow_strategy: threading.Event
) -> None:
    h = make_app(opponent="slow", level="slow", starter=Starter.COMPUTER)
    assert h.pump(lambda: h.app.session.thinking)
    h.dialogs.opened = Replay(Record.of(Rules(), (4,)), "one.txt")
    h.app.menus.invoke("game", "open")
    assert h.app.session.viewing is not None and not h.app.session.thinking
    slow_strategy.set()
    assert h.pump(lambda: h.app.session.jobs.running == 0)
    h.settle(0.1)
    assert h.app.session.game.moves == (), "no move behind the saved game"
    h.app.replay_bar.buttons["close"].invoke()
    assert h.pump(lambda: h.app.session.game.moves == (0,)), "the computer moves once it is back"


def test_play_from_here_goes_on_from_the_position_shown(make_app: MakeApp) -> None:
    h = make_app(opponent="perfect", think=0.1)
    record = Record.of(Rules(15, 15, 5), (112, 0, 113, 1, 114), "human", "search")
    h.dialogs.opened = Replay(record, "gomoku.psq")
    h.app.open_game()
    assert h.app.view.gomoku, "the saved game's board is drawn"
    assert h.root.title() == "Tic-tac-toe — gomoku.psq"
    h.key("End")
    h.key("Left")  # after move 4: X to move
    assert h.status == "Move 4 of 5: O plays b1.", "coordinates, as on the board's edges"
    h.app.replay_bar.buttons["play"].invoke()
    assert h.app.session.viewing is None and not shows_replay(h)
    game = h.app.session.game
    assert (h.app.session.match.rules, game.moves) == (Rules(15, 15, 5), (112, 0, 113, 1))
    assert h.app.session.match.your_mark is Mark.X and game.waiting_for_human, (
        "you play the side to move"
    )
    assert game.player(Mark.O) == h.app.session.match.opponent == "search", (
        "Expert stands in on 15 x 15"
    )
    assert h.app.vars.board.get() == "15x15k5"
    assert h.app.menus.state("game", "undo") == "normal", "the moves before can be undone"
    h.click_cell(114)
    assert h.pump(lambda: len(h.app.session.game.moves) == 6), "the computer answers"


def test_play_from_here_as_o_and_for_two_people(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    h.dialogs.opened = Replay(Record.of(Rules(), (4, 0, 8)), "three.txt")
    h.app.open_game()
    h.key("End")
    h.app.step(Step.PLAY)
    assert h.app.session.game.moves == (4, 0, 8) and h.app.session.match.your_mark is Mark.O
    assert h.status == "Your move (O)"
    h.app.play_two()
    h.app.open_game()
    h.key("Right")
    h.app.step(Step.PLAY)
    assert h.app.session.game.moves == (4,) and h.status == "O to move"
    assert all(h.app.session.game.is_human(mark) for mark in Mark)


def drawn(button: ttk.Button, option: str) -> str:
    """The colour ``button`` is drawn in now (its style's, in its current state)."""
    style = str(button.cget("style")) or button.winfo_class()
    return str(ttk.Style(button).lookup(style, option, state=list(button.state())))


def test_play_from_here_is_off_and_looks_off_at_the_end_of_a_finished_game(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="first-free")
    h.dialogs.opened = Replay(Record.of(Rules(), (4, 0, 3, 1, 5)), "won.txt")  # X wins: c2
    h.app.open_game()
    bar = h.app.replay_bar
    play_button, forward = bar.buttons["play"], bar.buttons["forward"]
    active = (drawn(play_button, "background"), drawn(play_button, "foreground"))
    h.key("End")
    assert h.status == "Move 5 of 5: X plays 6."
    assert play_button.instate(["disabled"])
    assert (drawn(play_button, "background"), drawn(play_button, "foreground")) == (
        drawn(forward, "background"),
        drawn(forward, "foreground"),
    ), "greyed like the other buttons that do nothing here, not in the accent colour"
    x, y = play_button.winfo_width() // 2, play_button.winfo_height() // 2
    play_button.event_generate("<Enter>", x=x, y=y)
    play_button.event_generate("<ButtonPress-1>", x=x, y=y)
    play_button.event_generate("<ButtonRelease-1>", x=x, y=y)
    for key in ("Return", "space"):
        h.key(key)
    h.settle(0.05)
    assert h.app.session.viewing is not None and shows_replay(h), "nothing plays on"
    assert h.app.session.game.moves == ()
    h.key("Left")
    assert not play_button.instate(["disabled"])
    assert (drawn(play_button, "background"), drawn(play_button, "foreground")) == active
    play_button.invoke()
    assert h.app.session.viewing is None and h.app.session.game.moves == (4, 0, 3, 1)


def test_the_real_open_window_lists_games_and_refuses_bad_files(
    make_app: MakeApp, tmp_path: Path
) -> None:
    archive = Archive()
    archive.save(Record.of(Rules(), (4, 0, 3, 1, 5), "human", "first-free"))
    archive.save(Record.of(Rules(15, 15, 5), (112, 0, 113), "search", "human"))
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15];B[hh];W[hh])", encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text("Board: 3x3\nMoves: b2 a1 c3", encoding="utf-8")
    h = make_app(opponent="first-free", real_dialogs=True)
    seen: dict[str, object] = {}

    def answer() -> None:
        found = [w for w in h.root.winfo_children() if isinstance(w, dialogs_module.OpenGameWindow)]
        if not found:
            h.root.after(50, answer)
            return
        window = found[0]
        table = window.table
        seen["rows"] = [tuple(table.item(row, "values")) for row in table.get_children()]
        seen["selected"] = table.selection()
        window.ask_path = lambda: str(bad)
        window.file_button.invoke()
        seen["refused"] = str(window.message.cget("text"))
        seen["still open"] = bool(window.winfo_exists())
        window.ask_path = lambda: ""
        window.file_button.invoke()
        window.ask_path = lambda: str(good)
        window.file_button.invoke()

    h.root.after(50, answer)
    h.app.menus.invoke("game", "open")
    rows = seen["rows"]
    assert isinstance(rows, list) and [row[0] for row in rows] == ["2", "1"], "newest first"
    assert rows[0][2:] == ("15 x 15, 5 in a row", "Expert", "You", "unfinished")
    assert rows[1][2:] == ("3 x 3, 3 in a row", "You", "Beginner", "X won with 3 in a row")
    assert seen["selected"] == ("2",)
    refused = seen["refused"]
    assert isinstance(refused, str) and refused.startswith("This game cannot be opened: ")
    assert "bad.sgf" in refused and "h8 is already taken" in refused
    assert seen["still open"]
    assert h.app.session.viewing is not None and h.app.session.viewing.name == "good.txt"
    assert h.app.session.viewing.record.moves == (4, 0, 8)

    def open_first() -> None:
        found = [w for w in h.root.winfo_children() if isinstance(w, dialogs_module.OpenGameWindow)]
        if not found:
            h.root.after(50, open_first)
            return
        found[0].table.selection_set("1")
        found[0].open_button.invoke()

    h.root.after(50, open_first)
    h.app.menus.invoke("game", "open")
    assert h.app.session.viewing.name == "Saved game 1"
    assert h.app.session.viewing.record.o_player == "first-free"


@pytest.mark.parametrize(
    ("language", "you", "person"),
    [
        ("en", "You", "Player"),
        ("ru", "Вы", "Игрок"),
        ("zh_CN", "你", "玩家"),
        ("vi", "Bạn", "Người chơi"),
    ],
)
def test_the_list_calls_a_person_you_against_the_computer_and_player_between_two(
    make_app: MakeApp, language: str, you: str, person: str
) -> None:
    archive = Archive()
    archive.save(Record.of(Rules(), (4, 0, 3, 1, 5), "human", "first-free"))
    archive.save(Record.of(Rules(), (4, 0), "perfect", "human"))
    archive.save(Record.of(Rules(), (4, 0), "human", "human"))
    h = make_app(opponent="first-free", real_dialogs=True, language=language)
    seen: list[tuple[str, ...]] = []

    def read(window: dialogs_module.OpenGameWindow) -> None:
        table = window.table
        seen.extend(tuple(table.item(row, "values"))[3:5] for row in table.get_children())
        window.table.selection_set("1")
        window.open_button.invoke()

    h.when_open(dialogs_module.OpenGameWindow, read)
    h.app.menus.invoke("game", "open")
    tr = translator(language)
    beginner, perfect = tr.gettext("Beginner"), tr.gettext("Perfect")
    assert seen == [(person, person), (perfect, you), (you, beginner)]
    assert h.app.session.viewing is not None
    header = tr.gettext("X: {x}, O: {o}; {board}; {when}").split("{board}")[0]
    assert h.notice.startswith(header.format(x=you, o=beginner)), "the footer names them so too"


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("ru", "SGF: ход 2 (h8) невозможен: h8 уже занята"),
        ("zh_CN", "SGF：第 2 步（h8）不可能：h8 已被占"),
    ],
)
def test_a_refused_file_is_said_wholly_in_the_players_language(
    make_app: MakeApp, tmp_path: Path, language: str, reason: str
) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15];B[hh];W[hh])", encoding="utf-8")
    h = make_app(opponent="first-free", real_dialogs=True, language=language)
    seen: list[str] = []

    def refuse(window: dialogs_module.OpenGameWindow) -> None:
        window.ask_path = lambda: str(bad)
        window.file_button.invoke()
        seen.append(str(window.message.cget("text")))
        window.destroy()

    h.when_open(dialogs_module.OpenGameWindow, refuse)
    h.app.menus.invoke("game", "open")
    tr = translator(language)
    where = tr.gettext("{path}: {reason}").format(path=bad, reason=reason)
    assert seen == [tr.gettext("This game cannot be opened: {reason}").format(reason=where)]
    assert h.app.session.viewing is None


def test_an_unusable_saved_games_file_still_lets_files_open(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    (tmp_path / "games.sqlite3").mkdir()
    h = make_app(opponent="first-free", real_dialogs=True, language="vi")
    seen: list[str] = []

    def answer() -> None:
        found = [w for w in h.root.winfo_children() if isinstance(w, dialogs_module.OpenGameWindow)]
        if not found:
            h.root.after(50, answer)
            return
        window = found[0]
        seen.append(str(window.message.cget("text")))
        window.open_button.invoke()
        seen.append(str(window.message.cget("text")))
        window.destroy()

    h.root.after(50, answer)
    h.app.menus.invoke("game", "open")
    assert seen[0].startswith("Không dùng được")
    assert seen[1] == "Hãy chọn một ván trong danh sách, hoặc mở một tệp."
    assert h.app.session.viewing is None and h.app.toolbar.winfo_ismapped()


@pytest.mark.parametrize("language", ["en", "ru", "zh_CN", "vi"])
def test_the_step_buttons_take_the_toolbars_place_without_moving_the_board(
    make_app: MakeApp, language: str
) -> None:
    h = make_app(opponent="first-free", language=language)
    h.settle(0.1)
    board = (h.app.view.winfo_rooty(), h.app.view.winfo_height())
    h.dialogs.opened = Replay(Record.of(Rules(), (4, 0)), "two.txt")
    h.app.open_game()
    h.settle(0.1)
    assert (h.app.view.winfo_rooty(), h.app.view.winfo_height()) == board
    bar = h.app.replay_bar
    for button in bar.buttons.values():
        left, width = button.winfo_x(), button.winfo_width()
        assert left >= 0 and left + width <= bar.winfo_width(), "every button is whole"
    h.key("Escape")
    h.settle(0.1)
    assert (h.app.view.winfo_rooty(), h.app.view.winfo_height()) == board
