"""The settings panel (T): level, board, think time, sound and language, by keys and clicks,
remembered; a ``--think`` on the command line wins for that launch only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from tictactoe.core.rules import Rules
from tictactoe.saved.settings import Settings, SettingsStore
from tictactoe.ui.pgz.menus import Setting


def test_t_shows_the_think_time_and_the_arrows_change_it(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    app = new_app("--opponent", "search", "--size", "9x9", "--first", "you", store=store)
    assert app.session.match.think_seconds == 1.0, "the default"

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        yield from d.settle()
        panel = d.app.scene().panel
        assert panel.title == "Settings"
        assert panel.rows == ("Level", "Board", "Think time", "Sound", "Analysis", "Language")
        assert panel.values == ("Expert", "9 x 9, 5 in a row", "1 s", "on", "off", "English")
        assert panel.rows[panel.chosen] == "Think time"
        assert "How long Expert thinks a move" in panel.footer
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.scene().panel.values[2] == "2 s"
        assert d.app.session.match.think_seconds == 2.0
        assert d.app.session.game.think_seconds == 2.0, "the game on the board thinks that long too"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_LEFT)
        d.key(pygame.K_MINUS)
        yield from d.settle()
        assert d.app.scene().panel.values[2] == "0.2 s"
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        assert d.app.panel is None
        assert d.app.details.startswith("Expert · 0.2 s a move")

    run(app, script)
    assert store.load().settings.think == 0.2
    again = new_app("--opponent", "search", "--size", "9x9", settings=store.load().settings)
    assert again.session.match.think_seconds == 0.2, "remembered for the next launch"


def test_the_arrows_can_be_clicked_and_a_row_chosen(new_app: Any, run: Any) -> None:
    app = new_app("--opponent", "search", "--size", "9x9", "--think", "5")

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        yield from d.settle()
        rows = d.app.layout.menu_rows()
        less, more = d.app.layout.value_arrows(rows[2])
        d.click_at(more.centre)
        yield from d.settle()
        assert d.app.session.match.think_seconds == 10.0
        d.click_at(less.centre)
        d.click_at(less.centre)
        yield from d.settle()
        assert d.app.session.match.think_seconds == 3.0
        d.click_at((rows[3].x + 10, rows[3].centre[1]))  # the sound row's name: chosen
        yield from d.settle()
        assert d.app.menu.setting is Setting.SOUND
        assert d.app.speaker.enabled
        d.click_at(d.app.layout.value_arrows(rows[3])[1].centre)
        yield from d.settle()
        assert not d.app.speaker.enabled
        assert d.app.scene().panel.values[3] == "off"
        d.click_at((d.app.layout.width // 2, d.app.layout.board_height - 5))  # below the rows
        yield from d.settle()
        assert d.app.panel is None

    run(app, script)


def test_the_level_row_skips_levels_that_cannot_play_the_board(new_app: Any, run: Any) -> None:
    app = new_app("--opponent", "fork-aware", "--size", "7x7")

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        yield from d.settle()
        d.key(pygame.K_UP)
        d.key(pygame.K_UP)
        yield from d.settle()
        assert d.app.menu.setting is Setting.LEVEL
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.session.match.opponent == "search"
        d.key(pygame.K_RIGHT)  # Perfect cannot play 7 x 7: after Expert, your own player
        yield from d.settle()
        assert d.app.scene().panel.title == "Your own player"
        d.key(pygame.K_ESCAPE)
        yield from d.settle()
        assert d.app.session.match.opponent == "search"
        assert d.app.scene().panel.values[0] == "Expert"
        d.key(pygame.K_LEFT)
        yield from d.settle()
        assert d.app.session.match.opponent == "fork-aware"

    run(app, script)


def test_a_think_time_between_the_steps_moves_to_the_next_one(new_app: Any, run: Any) -> None:
    app = new_app("--opponent", "search", "--size", "9x9", "--think", "0.7")

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        yield from d.settle()
        assert d.app.scene().panel.values[2] == "0.7 s"
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.session.match.think_seconds == 1.0

    run(app, script)


def test_think_on_the_command_line_wins_for_this_launch_only(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    remembered = Settings(language="en", think=5.0)
    store.save(remembered)
    plain = new_app("--size", "9x9", settings=remembered, store=store)
    assert plain.session.match.think_seconds == 5.0
    app = new_app("--size", "9x9", "--think", "2", settings=remembered, store=store)
    assert app.session.match.think_seconds == 2.0
    assert app.session.settings.think == 2.0

    def script(d: Any) -> Any:
        d.key(pygame.K_s)  # another setting saved: the launch's think time is not
        yield from d.settle()

    run(app, script)
    assert store.load().settings.think == 5.0


def test_the_board_row_starts_a_new_game_on_the_next_board_and_remembers_it(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    app = new_app("--opponent", "win-block", "--first", "you", store=store)

    def script(d: Any) -> Any:
        d.click(4)
        yield from d.settle()
        yield from d.computer_done()
        d.key(pygame.K_t)
        d.key(pygame.K_UP)
        yield from d.settle()
        assert d.app.menu.setting is Setting.BOARD
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.session.match.rules == Rules(4, 4, 4)
        assert d.app.session.game.moves == (), "a new game on the new board"
        assert d.app.layout.rules == Rules(4, 4, 4)
        assert d.app.scene().panel.values[1] == "4 x 4, 4 in a row"
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.session.match.rules == Rules(7, 7, 5)
        d.key(pygame.K_ESCAPE)
        d.click(24)
        yield from d.settle()
        assert d.app.session.game.moves[0] == 24, "play goes on on the new board"

    run(app, script)
    assert store.load().settings.board == Rules(7, 7, 5)


def test_the_language_row_changes_every_text_at_once_and_remembers_it(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    app = new_app("--opponent", "win-block", "--lang", "en", store=store)

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        yield from d.settle()
        assert d.app.menu.setting is Setting.LANGUAGE
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        panel = d.app.scene().panel
        assert panel.title == "Настройки"
        assert panel.values[5] == "Русский"
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.scene().panel.values[5] == "简体中文"
        assert d.app.title.startswith("井字棋")
        d.key(pygame.K_ESCAPE)
        yield from d.settle()

    run(app, script)
    assert store.load().settings.language == "zh_CN"


def test_the_first_opponent_is_medium_and_levels_go_by_their_names(new_app: Any) -> None:
    assert new_app().session.match.opponent == "win-block", (
        "nothing saved yet: Medium, as everywhere"
    )
    assert new_app("--opponent", "expert", "--size", "7x7").session.match.opponent == "search"
    assert new_app("--opponent", "Medium: corners").session.match.opponent == "corner-first"


def test_the_analysis_row_shows_the_depth_and_line_while_expert_thinks(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    app = new_app("--opponent", "win-block", "--lang", "en", store=store)

    def script(d: Any) -> Any:
        d.key(pygame.K_t)
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        yield from d.settle()
        assert d.app.menu.setting is Setting.ANALYSIS
        assert d.app.scene().panel.values[4] == "off"
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.scene().panel.values[4] == "on"
        assert d.app.session.settings.analysis

    run(app, script)
    assert json.loads(store.path.read_text(encoding="utf-8"))["analysis"] is True


def test_in_a_small_window_the_panel_scrolls_to_the_chosen_row(new_app: Any, run: Any) -> None:
    """Resized to its smallest, the window has room for three rows: the last ones scroll into
    view as they are chosen, and a click changes the row it is on."""
    app = new_app("--opponent", "first-free", "--first", "you")

    def script(d: Any) -> Any:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=320, h=304, size=(320, 304)))
        yield from d.settle()
        places = d.app.layout.menu_rows()
        assert len(places) < len(Setting), "too few rows fit for this test"
        d.key(pygame.K_t)
        for _ in Setting:
            d.key(pygame.K_DOWN)
        yield from d.settle()
        panel = d.app.scene().panel
        assert len(panel.rows) == len(places)
        assert panel.rows[panel.chosen] == "Language"
        assert panel.values[panel.chosen] == "English"
        _, more = d.app.layout.value_arrows(places[panel.chosen])
        d.click_at(more.centre)
        yield from d.settle()
        assert d.app.session.tr.language == "ru"
        d.key(pygame.K_UP)
        d.key(pygame.K_UP)
        d.key(pygame.K_UP)
        yield from d.settle()
        panel = d.app.scene().panel
        assert (panel.chosen, panel.rows[0]) == (0, "Время на ход"), "scrolled up to it"
        d.click_at(places[1].centre)  # the second row in view: Sound, not the menu's Board
        yield from d.settle()
        assert d.app.menu.setting is Setting.SOUND

    run(app, script)
