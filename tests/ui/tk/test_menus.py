"""Every menu entry, invoked through the real Menu widget; settings remembered."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from tkinter import font as tkfont

import pytest

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Starter
from tictactoe.saved.settings import BOARD_PRESETS, SettingsStore, Theme
from tictactoe.texts.i18n import LANGUAGES, translator
from tictactoe.ui.tk.menus import board_key
from tictactoe.ui.tk.theme import DARK, LIGHT

from .conftest import Harness

SaveResult = Callable[..., None]

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


def test_game_menu_checks_the_play_mode(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    m = h.app.menus
    assert h.app.vars.mode.get() == "x"
    h.click_cell(4)
    h.pump(lambda: len(h.marks()) == 2)
    m.invoke("game", "new")
    assert h.marks() == {}
    m.invoke("game", "o")
    assert h.app.session.match.your_mark is Mark.O
    assert h.app.vars.mode.get() == "o", "Play as O is checked"
    assert h.pump(lambda: h.marks() == {0: Mark.X}), "the computer is X and moves first"
    m.invoke("game", "x")
    assert h.app.session.match.your_mark is Mark.X and h.marks() == {}
    assert h.app.vars.mode.get() == "x"
    m.invoke("game", "two")
    assert h.app.two_players and h.app.session.match.opponent == HUMAN
    assert h.app.vars.mode.get() == "two"
    assert h.app.toolbar.level.get() == "Two players"
    h.click_cell(4)
    h.click_cell(0)
    h.settle()
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    assert h.status == "X to move"
    m.invoke("game", "undo")
    assert h.marks() == {4: Mark.X}
    m.invoke("game", "redo")
    assert h.marks() == {4: Mark.X, 0: Mark.O}
    m.invoke("game", "hint")
    assert h.pump(lambda: bool(h.app.session.hints))
    m.invoke("game", "x")
    assert not h.app.two_players and h.app.session.match.opponent == "first-free"
    m.invoke("game", "quit")
    assert h.app.closed


def test_levels_by_friendly_name_applied_from_the_next_move(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    m = h.app.menus
    assert m.label("level", "random").startswith("Easy")
    assert "seed" not in " ".join(m.label("level", s.name) for s in players.STRATEGIES)
    for strategy in players.STRATEGIES:
        m.invoke("level", strategy.name)
        assert h.app.session.match.opponent == strategy.name
        assert h.app.session.game.player(Mark.O) == strategy.name
        assert h.app.toolbar.level.get() == strategy.title
    m.invoke("level", "first-free")
    h.click_cell(4)
    assert h.pump(lambda: h.marks().get(0) is Mark.O)


def test_the_toolbar_drop_down_chooses_the_level(make_app: MakeApp) -> None:
    h = make_app(opponent="win-block", rules=Rules(7, 7, 5))
    box = h.app.toolbar.level
    titles = list(box.cget("values"))
    assert "Perfect" not in titles, "only levels that can play this board"
    assert titles[0] == "Beginner"
    box.current(titles.index("Hard"))
    box.event_generate("<<ComboboxSelected>>")
    h.settle()
    assert h.app.session.match.opponent == "fork-aware"
    assert h.app.vars.level.get() == "fork-aware"


def test_a_level_that_cannot_play_a_new_board_gives_way_to_the_strongest(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="perfect", starter=Starter.COMPUTER)
    m = h.app.menus
    assert h.pump(lambda: len(h.marks()) == 1)
    m.invoke("board", board_key(Rules(15, 15, 5)))
    assert h.app.session.match.rules == Rules(15, 15, 5)
    strongest = h.app.session.match.opponent
    assert strongest != "perfect"
    assert players.get(strongest).unsupported_reason(Rules(15, 15, 5)) is None
    title = players.get(strongest).title
    assert h.notice == f"Perfect does not play 15 x 15: {title} plays instead."
    assert m.state("level", "perfect") == "disabled"
    assert m.label("level", "perfect") == "Perfect (not on this board)"
    assert h.pump(lambda: len(h.marks()) == 1), "the computer moves first, at once"
    h.click_cell(h.app.cursor if h.app.cursor not in h.marks() else 0)
    assert h.pump(lambda: len(h.marks()) == 3), "and answers"
    m.invoke("level", "perfect")
    assert h.app.session.match.opponent == strongest, "a disabled entry does nothing"
    m.invoke("board", board_key(Rules()))
    assert h.app.session.match.opponent == "perfect", "the chosen level plays again where it can"
    assert h.notice == ""


def test_the_window_grows_for_a_bigger_board_after_one_idle_flush(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fitting the window measures its rows once Tk has laid them out: one update_idletasks
    (it made two, the second with nothing changed in between)."""
    h = make_app(opponent="random")
    flushes: list[str] = []
    flush = h.root.update_idletasks

    def counted() -> None:
        flushes.append("flush")
        flush()

    monkeypatch.setattr(h.root, "update_idletasks", counted)
    small = (h.root.winfo_width(), h.root.winfo_height())
    h.app.menus.invoke("board", board_key(Rules(15, 15, 5)))
    assert flushes == ["flush"]
    h.settle(0.2)
    width, height = h.root.winfo_width(), h.root.winfo_height()
    assert width >= small[0] and height > small[1], "the window grew for 15 x 15"
    assert h.app.view.winfo_width() == width >= h.root.minsize()[0]
    rows = sum(part.winfo_height() for part in (h.app.toolbar, h.app.banner, h.app.footer))
    assert h.app.view.winfo_height() == height - rows, "the board takes the rest"


def test_board_menu_and_the_window_growing_for_big_boards(make_app: MakeApp) -> None:
    h = make_app(opponent="random")
    m = h.app.menus
    small = (h.root.winfo_width(), h.root.winfo_height())
    for rules in BOARD_PRESETS:
        m.invoke("board", board_key(rules))
        assert h.app.session.match.rules == rules and h.app.session.game.rules == rules
    h.settle(0.2)
    assert h.root.winfo_height() > small[1], "the window grew for 19 x 19"
    assert h.root.winfo_height() <= h.root.winfo_screenheight()
    assert h.root.winfo_width() <= h.root.winfo_screenwidth()
    h.dialogs.board = Rules(4, 6, 3)
    m.invoke("board", "custom")
    assert h.dialogs.boards_asked == [BOARD_PRESETS[-1]]
    assert h.app.session.match.rules == Rules(4, 6, 3)
    h.dialogs.board = None
    m.invoke("board", "custom")
    assert h.app.session.match.rules == Rules(4, 6, 3), "cancel keeps the board"


def test_options_menu(make_app: MakeApp) -> None:
    h = make_app(opponent="random")
    m = h.app.menus
    for starter in Starter:
        m.invoke("starter", starter.value)
        assert h.app.session.match.starter is starter
    m.invoke("starter", "computer")
    m.invoke("game", "new")
    assert h.app.session.match.your_mark is Mark.O
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
    m.invoke("board", board_key(Rules(15, 15, 5)))
    assert m.state("numbering", "index") == "disabled", "a gomoku board has coordinates"
    assert h.app.view.find_withtag("coords")
    m.invoke("options", "names")
    assert not h.app.view.find_withtag("coords"), "Cell names also hides the coordinates"


def test_theme_menu_switches_light_and_dark(make_app: MakeApp) -> None:
    h = make_app(opponent="random", rules=Rules(15, 15, 5))
    h.click_cell(112)
    h.pump(lambda: len(h.marks()) == 2)
    assert h.app.colours is LIGHT
    h.app.menus.invoke("theme", "dark")
    assert h.app.colours is DARK
    view = h.app.view
    assert view.cget("background") == DARK.window
    board = view.find_withtag("board")[0]
    assert view.itemcget(board, "fill") == DARK.wood
    assert view.itemcget(view.find_withtag("g112")[0], "fill") == DARK.marks[Mark.X]
    assert str(h.app.menus.bar.cget("background")) == DARK.raised
    assert h.marks()[112] is Mark.X, "the game goes on"
    h.app.menus.invoke("theme", "light")
    assert view.cget("background") == LIGHT.window


def test_language_menu_translates_every_label_at_once(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    m = h.app.menus
    m.invoke("language", "ru")
    m = h.app.menus
    assert h.app.session.tr.language == "ru"
    assert m.bar.entrycget(0, "label") == "Игра"
    assert m.label("game", "new") == "Новая игра"
    assert h.app.toolbar.buttons["new"].cget("text") == "Новая игра"
    assert h.app.toolbar.level.get() == "Новичок"
    assert "Ваш ход" in h.status
    assert "Крестики-нолики" in h.root.title()
    m.invoke("language", "zh_CN")
    assert h.app.menus.label("game", "new") == "新游戏"
    m = h.app.menus
    m.invoke("language", "vi")
    assert h.app.menus.label("game", "new") == "Ván mới"
    h.app.menus.invoke("language", "en")
    assert h.app.menus.label("game", "new") == "New game"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_level_is_described_and_no_menu_is_wider_than_the_screen(
    make_app: MakeApp, language: str
) -> None:
    h = make_app(opponent="win-block", language=language)
    h.settle(0.1)
    width = h.root.winfo_width()
    assert width <= h.root.winfo_screenwidth()
    assert h.app.toolbar.winfo_reqwidth() <= width, "the toolbar fits"
    _ = translator(language)
    for strategy in players.STRATEGIES:
        label = h.app.menus.label("level", strategy.name)
        assert _(strategy.description) in label, f"{language}: {strategy.name} is not described"
    for name, menu in h.app.menus.menus.items():
        menu.post(h.root.winfo_rootx(), h.root.winfo_rooty())
        try:
            h.root.update()
            assert menu.winfo_width() <= h.root.winfo_screenwidth(), f"{language}: {name}"
        finally:
            menu.unpost()
            h.root.update()


def test_scoreboard_menu_shows_totals_and_percentages(
    make_app: MakeApp, save_result: SaveResult
) -> None:
    h = make_app(opponent="first-free")
    for cell in (4, 3, 5):
        h.click_cell(cell)
        h.pump(lambda: not h.app.session.game.computer_to_move)
    save_result(h.app.session.scoreboard.path, Rules(), HUMAN, "first-free", Mark.O)
    save_result(h.app.session.scoreboard.path, Rules(), HUMAN, "first-free", None)
    save_result(h.app.session.scoreboard.path, Rules(7, 7, 5), "perfect", HUMAN, None)
    h.app.menus.invoke("scores", "show")
    title, headings, rows = h.dialogs.scores[-1]
    assert title == "Scoreboard"
    assert headings == ("Opponent", "Board", "Games", "Wins", "Losses", "Draws", "Won")
    assert rows == [
        ("Beginner", "3 x 3, 3 in a row", "3", "1", "1", "1", "33%"),
        ("Perfect", "7 x 7, 5 in a row", "1", "0", "0", "1", "0%"),
        ("All games", "", "4", "1", "1", "2", "25%"),
    ]
    h.app.menus.invoke("scores", "reset")
    assert h.dialogs.asked[-1] == ("Reset the scoreboard", "Forget every recorded game?")
    assert h.app.session.scoreboard.tallies() == []
    assert h.app.session.match.score.wins == 0
    h.app.menus.invoke("scores", "show")
    assert h.dialogs.scores[-1][2] == [("No games recorded yet", "", "", "", "", "", "")]


def test_a_broken_scoreboard_is_reported_and_play_goes_on(
    make_app: MakeApp, tmp_path: Path
) -> None:
    from tictactoe.saved.scoreboard import Scoreboard

    folder = tmp_path / "not-a-file"
    folder.mkdir()
    h = make_app(opponent="first-free", scoreboard=Scoreboard(folder))
    for cell in (4, 3, 5):
        h.click_cell(cell)
        h.pump(lambda: not h.app.session.game.computer_to_move)
    assert h.notice.startswith("Scoreboard unavailable")
    assert h.status == "Hooray! You have won the game!"
    h.app.new_game()
    h.click_cell(4)
    assert h.pump(lambda: len(h.app.session.game.moves) == 2)
    h.app.menus.invoke("scores", "show")
    assert h.notice.startswith("Scoreboard unavailable")


def test_choices_are_saved_for_the_next_launch(make_app: MakeApp, tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    h = make_app(opponent="win-block", store=store)
    assert not store.path.exists(), "nothing is written until something changes"
    m = h.app.menus
    m.invoke("level", "perfect")
    m.invoke("numbering", "coords")
    m.invoke("board", board_key(Rules(7, 7, 5)))
    m.invoke("options", "sound")
    m.invoke("options", "names")
    m.invoke("theme", "dark")
    h.app.menus.invoke("language", "vi")
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert saved == {
        "language": "vi",
        "level": "perfect",
        "board": {"rows": 7, "columns": 7, "k": 5},
        "think": 1.0,
        "names": False,
        "numbering": "coords",
        "sound": False,
        "analysis": False,
        "theme": "dark",
    }
    assert h.app.session.match.opponent != "perfect", "perfect is remembered, another plays 7 x 7"
    settings = store.load().settings
    again = make_app(opponent="win-block", settings=settings, rules=settings.board)
    assert again.app.colours is DARK
    assert again.app.session.tr.language == "vi"
    assert again.app.session.match.opponent != "perfect"
    assert again.notice.startswith("Hoàn hảo"), "the stand-in is announced"


def test_a_failed_save_is_a_notice_not_a_crash(make_app: MakeApp, tmp_path: Path) -> None:
    blocked = tmp_path / "settings.json"
    blocked.mkdir()
    h = make_app(opponent="win-block", store=SettingsStore(blocked))
    h.app.menus.invoke("options", "sound")
    assert h.notice.startswith("Settings not saved: ")
    h.click_cell(4)
    assert h.marks()[4] is Mark.X


def test_command_line_options_are_not_remembered(make_app: MakeApp, tmp_path: Path) -> None:
    from tictactoe.saved.settings import Settings

    store = SettingsStore(tmp_path / "settings.json")
    launched = Settings(language="ru", sound=False, level="win-block")  # --lang ru --no-sound
    h = make_app(opponent="win-block", store=store, settings=launched, remembered=Settings())
    assert h.app.session.tr.language == "ru" and not h.app.vars.sound.get()
    h.app.menus.invoke("theme", "dark")
    saved = store.load().settings
    assert saved == Settings(theme=Theme.DARK), "only what was chosen in the window"


def whole_at_least_width(h: Harness) -> None:
    """At the window's minimum width every part of the toolbar and the replay bar is whole,
    the level drop-down wide enough for the longest level name of the language."""
    least, _height = h.root.minsize()
    h.root.geometry(f"{least}x{h.root.winfo_height()}")
    assert h.pump(lambda: h.root.winfo_width() == least)
    language = h.app.session.tr.language
    toolbar, level = h.app.toolbar, h.app.toolbar.level
    assert level.winfo_width() >= level.winfo_reqwidth(), f"{language}: the level name is cut"
    font = tkfont.nametofont(str(level.cget("font")) or "TkTextFont")
    _ = h.app.session.tr
    longest = max(font.measure(_(strategy.title)) for strategy in players.STRATEGIES)
    arrow = level.winfo_height()
    assert longest <= level.winfo_width() - arrow, f"{language}: the longest level is cut"
    for bar in (toolbar, h.app.replay_bar):
        assert bar.winfo_reqwidth() <= least, f"{language}: {type(bar).__name__} fits"
    for part in (*toolbar.buttons.values(), toolbar.level_label, level):
        right = part.winfo_x() + part.winfo_width()
        assert part.winfo_width() >= part.winfo_reqwidth() and right <= toolbar.winfo_width()


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_at_the_minimum_width_the_level_shows_whole_after_a_language_switch(
    make_app: MakeApp, language: str
) -> None:
    h = make_app(opponent="search")  # Expert: "Эксперт", the name that was cut to "Эк"
    whole_at_least_width(h)
    english = h.root.minsize()
    h.app.menus.invoke("language", language)
    level = h.app.toolbar.level
    assert h.pump(lambda: level.winfo_width() >= level.winfo_reqwidth()), (
        "a window narrower than the new language needs grows"
    )
    whole_at_least_width(h)
    h.app.menus.invoke("language", "en")
    assert h.root.minsize() == english, "back in English, the English minimum"
    whole_at_least_width(h)


def test_the_notice_showing_is_said_again_in_the_new_language(make_app: MakeApp) -> None:
    """A notice stays in the footer until the next action: it stayed in English in a Russian
    window."""
    h = make_app(opponent="first-free")
    h.click_cell(4)
    assert h.pump(lambda: len(h.marks()) == 2)
    h.click_cell(4)
    assert h.notice == "That cell is taken."
    h.app.menus.invoke("language", "ru")
    ru = translator("ru")
    assert h.notice == ru("That cell is taken.") != "That cell is taken."
    assert h.app.footer.notice.cget("text") == h.notice
    h.app.menus.invoke("language", "zh_CN")
    assert h.notice == translator("zh_CN")("That cell is taken.")
    h.app.menus.invoke("language", "en")
    assert h.notice == "That cell is taken."


def test_a_level_standing_in_is_said_again_in_the_new_language(make_app: MakeApp) -> None:
    h = make_app(opponent="perfect")
    h.app.menus.invoke("board", board_key(Rules(15, 15, 5)))
    title = players.get(h.app.session.match.opponent).title
    assert h.notice == f"Perfect does not play 15 x 15: {title} plays instead."
    h.app.menus.invoke("language", "ru")
    ru = translator("ru")
    assert h.notice == ru("{chosen} does not play {m} x {n}: {playing} plays instead.").format(
        chosen=ru("Perfect"), playing=ru(title), m=15, n=15
    )
    h.app.menus.invoke("language", "en")
    assert h.notice == f"Perfect does not play 15 x 15: {title} plays instead."
