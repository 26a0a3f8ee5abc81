"""What a window's session says of a change the player did not ask for - the settings as last
time at launch, a level standing in, the side - kept until the player's next action; and
the click on a finished game's board that first says how to go on."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictactoe.core.rules import Rules
from tictactoe.game import Match, Starter
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session import END_CLICK_GUARD, Session

WAIT = 10.0
GOMOKU = Rules(15, 15, 5)
LAST_TIME = Settings(board=GOMOKU, level="search", think=3.0, sound=False)
"""Settings a player left: 15 x 15 against Expert thinking 3 s, the sound off."""

Make = Callable[..., Session]


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Make]:
    """``make(match, settings, remembered, given=...)``: a session launched with a settings
    file that holds ``remembered``."""
    made: list[Session] = []

    def build(
        match: Match,
        settings: Settings,
        remembered: Settings,
        given: frozenset[str] = frozenset(),
    ) -> Session:
        store = SettingsStore(tmp_path / "settings.json")
        session = Session(
            match,
            choices=Choices(settings, remembered, store, given),
            scoreboard=Scoreboard(tmp_path / "games.sqlite3"),
            reply_pause=0.0,
        )
        made.append(session)
        return session

    yield build
    for session in made:
        session.close()


def settle(session: Session, until: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not until() and time.monotonic() < deadline:
        session.update()
        session.wait(0.01)
    assert until(), "the session did not get there"


def gomoku(starter: Starter = Starter.YOU) -> Match:
    return Match(GOMOKU, "search", starter=starter, rng=random.Random(1), think=3.0)


def test_at_launch_the_settings_from_last_time_are_said_until_the_first_move(
    make: Make,
) -> None:
    session = make(gomoku(Starter.COMPUTER), LAST_TIME, LAST_TIME)
    said = "As last time: 15 x 15, 5 in a row; Expert, 3 s a move; sound off."
    assert session.notice == said and session.notice_lasting
    session.match.set_think(0.05)
    settle(session, lambda: len(session.game.moves) == 1)
    assert session.notice == said, "the computer's first move leaves it"
    session.set_language("ru")
    assert (
        session.notice == "Как в прошлый раз: 15 x 15, 5 в ряд; Эксперт, 3 с на ход; звук выключен."
    )
    session.play(GOMOKU.cell(0, 0))
    assert session.notice == "", "the player's first move is the next action"


def test_what_the_command_line_gave_is_not_said_as_last_time(make: Make) -> None:
    given = LAST_TIME.changed(think=0.5)
    session = make(gomoku(), given, LAST_TIME, frozenset({"board", "think"}))
    assert session.notice == "As last time: Expert; sound off."
    first = make(gomoku(), Settings(), Settings())
    assert first.notice == "", "nothing remembered: nothing to say"


def test_a_remembered_level_that_cannot_play_the_remembered_board_says_who_stands_in(
    make: Make,
) -> None:
    remembered = LAST_TIME.changed(level="perfect", sound=True)
    session = make(gomoku(), remembered, remembered)
    assert session.notice == (
        "As last time: 15 x 15, 5 in a row. Perfect does not play 15 x 15: Expert plays instead."
    )
    assert session.match.opponent == "search"


def test_a_new_board_says_the_level_standing_in_and_the_side_until_the_next_action(
    make: Make,
) -> None:
    chosen = Settings(level="perfect", think=0.05)
    match = Match(Rules(), "perfect", starter=Starter.ALTERNATE, rng=random.Random(1), think=0.05)
    session = make(match, chosen, chosen, frozenset({"level", "think"}))
    assert session.notice == "", "both given on the command line"
    session.choose_board(GOMOKU)
    said = "Perfect does not play 15 x 15: Expert plays instead. You play O."
    assert session.notice == said and session.notice_lasting
    settle(session, lambda: len(session.game.moves) == 1)
    assert session.notice == said, "Expert's first move leaves it in sight"
    session.set_language("zh_CN")
    assert session.notice == "完美不下 15 x 15 棋盘,改由专家对弈。你执 O。"
    session.new_game()
    assert session.notice == "你执 X。", "the side again; the level was said already"
    session.play(GOMOKU.cell(7, 7))
    assert session.notice == ""


def test_the_first_click_on_a_finished_game_says_the_next_starts_the_next_game(
    make: Make,
) -> None:
    chosen = Settings(level="human")
    session = make(Match(Rules(), "human", rng=random.Random(1)), chosen, chosen)
    for cell in (0, 3, 1, 4, 2):
        session.play(cell)
    ended = session.game
    assert session.again() is False and session.game is ended
    assert session.notice == "The game is over: click the board again for the next one."
    assert session.notice_lasting
    assert session.again() is False, "a double click is one click"
    session.set_language("vi")
    session.notice_at -= END_CLICK_GUARD
    assert session.again() is True and session.game is not ended, "said again in Vietnamese"
    assert session.notice == ""
