"""The menus' state and the replay's steps, without a window."""

from __future__ import annotations

import pytest

from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.core.search import THINK_RANGE
from tictactoe.saved.archive import SavedGame
from tictactoe.session.replay import Replay, Step
from tictactoe.ui.pgz.menus import THINK_STEPS, GamesList, Setting, SettingsMenu, next_think


def test_think_steps_cover_the_range_in_order() -> None:
    assert (THINK_STEPS[0], THINK_STEPS[-1]) == THINK_RANGE
    assert list(THINK_STEPS) == sorted(set(THINK_STEPS))
    assert 1.0 in THINK_STEPS


@pytest.mark.parametrize(
    ("seconds", "up", "down"),
    [
        (1.0, 2.0, 0.5),
        (0.7, 1.0, 0.5),
        (0.05, 0.1, 0.05),
        (600.0, 600.0, 300.0),
        (450.0, 600.0, 300.0),
    ],
)
def test_next_think_steps_up_and_down_and_stays_at_the_ends(
    seconds: float, up: float, down: float
) -> None:
    assert next_think(seconds, 1) == up
    assert next_think(seconds, -1) == down


def games(count: int) -> tuple[SavedGame, ...]:
    record = Record.of(Rules(), ())
    return tuple(SavedGame(n, record) for n in range(count, 0, -1))


def test_the_list_keeps_the_chosen_game_in_view() -> None:
    listing = GamesList(games(20), 20, loading=False)
    listing.move(7, visible=5)
    assert (listing.chosen, listing.top) == (7, 3)
    assert listing.shown(5)[-1] is listing.selected
    listing.move(-100, visible=5)
    assert (listing.chosen, listing.top) == (0, 0)
    listing.move(100, visible=5)
    assert (listing.chosen, listing.top) == (19, 15)
    assert GamesList(loading=False).selected is None
    empty = GamesList(loading=False)
    empty.move(1, visible=5)
    assert empty.chosen == 0


def test_the_settings_menu_stays_on_its_rows() -> None:
    menu = SettingsMenu()
    assert menu.setting is Setting.LEVEL
    menu.move(-1)
    assert menu.setting is Setting.LEVEL
    menu.move(9)
    assert menu.setting is Setting.LANGUAGE
    menu.choose(Setting.THINK)
    assert menu.chosen == 2


def test_a_replay_steps_within_its_record() -> None:
    record = Record.of(Rules(), (4, 0, 8, 2, 1, 7, 6, 3, 5))
    replay = Replay(record, "game", ply=99)
    assert replay.ply == 9 and not replay.can_play_on
    assert not replay.can(Step.FORWARD) and not replay.can(Step.LAST) and replay.can(Step.CLOSE)
    assert replay.go(Step.BACK) and replay.ply == 8
    assert replay.can_play_on and replay.moves_so_far == record.moves[:8]
    assert replay.last_move == 3 and replay.board == record.positions()[8]
    assert replay.go(Step.FIRST) and replay.last_move is None
    assert not replay.go(Step.BACK), "nothing before the empty board"
    assert not replay.go(Step.PLAY) and replay.ply == 0, "play on is the app's, not a step"
