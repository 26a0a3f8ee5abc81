"""Every menu entry, invoked through the real Menu widget."""

from __future__ import annotations

from collections.abc import Callable

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Starter
from tictactoe.ui.tk.menus import BOARD_PRESETS, board_key, level_order

from .conftest import Harness

MakeApp = Callable[..., Harness]


def test_every_entry_is_known_and_invokable(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    menus = h.app.menus
    for name, menu in menus.menus.items():
        last = menu.index("end")
        assert last is not None
        for index in range(last + 1):
            if menu.type(index) == "separator":
                continue
            assert any(e.menu is menu and e.index == index for e in menus.entries.values()), (
                f"{name} entry {index} has no key"
            )


def test_game_menu(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    m = h.app.menus
    h.click_cell(4)
    h.pump(lambda: len(h.marks()) == 2)
    m.invoke("game", "new")
    assert h.marks() == {}
    m.invoke("game", "play_o")
    assert h.app.match.your_mark is Mark.O
    assert h.pump(lambda: h.marks() == {0: Mark.X}), "the computer is X and moves first"
    m.invoke("game", "play_x")
    assert h.app.match.your_mark is Mark.X and h.marks() == {}
    m.invoke("game", "two_players")
    assert h.app.two_players and h.app.match.opponent == HUMAN
    h.click_cell(4)
    h.click_cell(0)
    h.settle()
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert "X to move" in h.app.status.cget("text")
    m.invoke("game", "undo")
    assert h.marks() == {4: Mark.X}
    m.invoke("game", "redo")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    m.invoke("game", "hint")
    assert h.pump(lambda: bool(h.app.hints))
    m.invoke("game", "two_players")
    assert not h.app.two_players and h.app.match.opponent == "first-free"
    m.invoke("game", "quit")
    assert h.app.closed


def test_skill_levels_grouped_and_applied_from_the_next_move(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    ordered = level_order()
    assert [s.level for s in ordered[:3]] == [1, 2, 3]
    assert {s.name for s in ordered} == set(players.names())
    m = h.app.menus
    assert m.label("level", "random").startswith("1: random - ")
    assert "plays any free square at random" in m.label("level", "random")
    for strategy in ordered:
        m.invoke("level", strategy.name)
        assert h.app.match.opponent == strategy.name
        assert h.app.game.player(Mark.O) == strategy.name
    m.invoke("level", "first-free")
    h.click_cell(4)
    assert h.pump(lambda: h.marks().get(0) is Mark.O)


def test_a_level_that_cannot_play_the_board_is_disabled_with_the_reason(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="perfect", level="perfect")
    m = h.app.menus
    assert m.state("level", "perfect") == "normal"
    m.invoke("board", board_key(Rules(7, 7, 5)))
    assert h.app.match.rules == Rules(7, 7, 5)
    assert m.state("level", "perfect") == "disabled"
    assert "unavailable: 7 x 7 is too big: exact play solves boards of at most 20 cells" in (
        m.label("level", "perfect")
    )
    assert h.app.match.opponent == "perfect", "never silently replaced"
    assert "perfect cannot play this board" in h.app.status.cget("text"), "said at once"
    h.click_cell(24)
    h.settle(0.3)
    assert len(h.marks()) == 1
    assert "perfect cannot play this board" in h.app.status.cget("text")
    m.invoke("level", "perfect")
    assert h.app.match.opponent == "perfect", "a disabled entry does nothing"
    m.invoke("level", "win-block")
    assert h.pump(lambda: len(h.marks()) == 2), "the new level moves at once"


def test_board_menu(make_app: MakeApp) -> None:
    h = make_app(opponent="random")
    m = h.app.menus
    for rules in BOARD_PRESETS:
        m.invoke("board", board_key(rules))
        assert h.app.match.rules == rules and h.app.game.rules == rules
        assert len(h.app.view.find_withtag("cell")) == rules.size
    h.dialogs.board = Rules(4, 6, 3)
    m.invoke("board", "custom")
    assert h.dialogs.boards_asked == [BOARD_PRESETS[-1]]
    assert h.app.match.rules == Rules(4, 6, 3)
    h.dialogs.board = None
    m.invoke("board", "custom")
    assert h.app.match.rules == Rules(4, 6, 3), "cancel keeps the board"


def test_options_menu(make_app: MakeApp) -> None:
    h = make_app(opponent="random")
    m = h.app.menus
    for starter in Starter:
        m.invoke("starter", starter.value)
        assert h.app.match.starter is starter
    m.invoke("starter", "computer")
    m.invoke("game", "new")
    assert h.app.match.your_mark is Mark.O
    assert h.app.vars.sound.get()
    m.invoke("options", "sound")
    assert not h.app.vars.sound.get()
    m.invoke("options", "hints")
    assert h.app.vars.hints.get()
    assert h.app.view.find_withtag("label")
    m.invoke("options", "names")
    assert not h.app.view.find_withtag("label")
    m.invoke("options", "names")
    m.invoke("numbering", "index")
    assert h.app.view.itemcget(h.app.view.find_withtag("l8")[0], "text") == "8"
    m.invoke("numbering", "coords")
    assert h.app.view.itemcget(h.app.view.find_withtag("l8")[0], "text") == "c3"
    m.invoke("numbering", "numpad")
    assert h.app.view.itemcget(h.app.view.find_withtag("l8")[0], "text") == "3"
    m.invoke("board", board_key(Rules(4, 4, 4)))
    assert m.state("numbering", "numpad") == "disabled"
    assert h.app.view.itemcget(h.app.view.find_withtag("l15")[0], "text") == "15"


def test_language_menu_translates_every_label_at_once(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    m = h.app.menus
    m.invoke("language", "ru")
    m = h.app.menus
    assert h.app.translate.language == "ru"
    bar = m.bar
    assert bar.entrycget(0, "label") == "Игра"
    assert m.label("game", "new") == "Новая игра"
    assert "Ваш ход" in h.app.status.cget("text")
    assert "Крестики-нолики" in h.root.title()
    m.invoke("language", "zh_CN")
    assert h.app.menus.label("game", "new") == "新游戏"
    m = h.app.menus
    m.invoke("language", "vi")
    assert h.app.menus.label("game", "new") == "Ván mới"
    h.app.menus.invoke("language", "en")
    assert h.app.menus.label("game", "new") == "New game"


def test_scoreboard_menu(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", answers=[True, True])
    for cell in (4, 3, 5):
        h.click_cell(cell)
        h.pump(lambda: not h.app.game.computer_to_move)
    h.pump(lambda: not h.app.game.moves)
    h.app.menus.invoke("scores", "show")
    title, headings, rows = h.dialogs.scores[-1]
    assert title == "Scoreboard"
    assert headings == ("Opponent", "Board", "Wins", "Losses", "Draws")
    assert rows == [("first-free", "3 x 3, 3 in a row", "1", "0", "0")]
    h.app.menus.invoke("scores", "reset")
    assert h.dialogs.asked[-1] == ("Reset the scoreboard", "Forget every recorded game?")
    assert h.app.scoreboard.tallies() == []
    assert h.app.match.score.wins == 0
    h.app.menus.invoke("scores", "show")
    assert h.dialogs.scores[-1][2] == [("No games recorded yet", "", "", "", "")]


def test_a_broken_scoreboard_is_reported_and_play_goes_on(
    make_app: MakeApp, tmp_path: object
) -> None:
    from pathlib import Path

    from tictactoe.stats import Scoreboard

    folder = Path(str(tmp_path)) / "not-a-file"
    folder.mkdir()
    h = make_app(opponent="first-free", scoreboard=Scoreboard(folder), answers=[True])
    for cell in (4, 3, 5):
        h.click_cell(cell)
        h.pump(lambda: not h.app.game.computer_to_move)
    assert "Scoreboard unavailable" in h.app.status.cget("text")
    h.pump(lambda: not h.app.game.moves)
    h.click_cell(4)
    assert h.marks()[4] is Mark.X
    h.app.menus.invoke("scores", "show")
    assert "Scoreboard unavailable" in h.app.status.cget("text")


def test_why_a_level_cannot_play_is_said_in_the_window_language(make_app: MakeApp) -> None:
    h = make_app(opponent="perfect", level="perfect", language="ru")
    m = h.app.menus
    m.invoke("board", board_key(Rules(15, 15, 5)))
    label = m.label("level", "perfect")
    assert "недоступно: 15 x 15 — слишком большое поле" in label
    assert "cells" not in label and "exact" not in label, "no English engine text"
    status = h.app.status.cget("text")
    assert "perfect не умеет играть на этом поле (15 x 15 — слишком большое поле" in status
    assert "cells" not in status
