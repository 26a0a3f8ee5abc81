"""A window's session without a window: intents in, what to draw out, the work in the background."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictactoe.core.board import Board, Mark, WinningLine
from tictactoe.core.errors import UnsolvableError
from tictactoe.core.outcome import Termination
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session import END_CLICK_GUARD, REFUSED_SECONDS, Session
from tictactoe.session.replay import Step
from tictactoe.session.sound import Sound

WAIT = 10.0


class Clock:
    """Time that moves only when told (the pauses and guards are measured on it)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def made() -> Iterator[list[Session]]:
    sessions: list[Session] = []
    yield sessions
    for session in sessions:
        session.close()


@pytest.fixture
def make(
    clock: Clock, made: list[Session], tmp_path: Path
) -> Callable[..., tuple[Session, list[Sound]]]:
    def build(
        opponent: str = "first-free",
        rules: Rules | None = None,
        *,
        you: str = HUMAN,
        starter: Starter = Starter.YOU,
        settings: Settings | None = None,
        remembered: Settings | None = None,
        store: SettingsStore | None = None,
        **options: object,
    ) -> tuple[Session, list[Sound]]:
        match = Match(rules, opponent, starter=starter, you=you, rng=random.Random(1))
        sounds: list[Sound] = []
        options.setdefault("reply_pause", 0.0)
        options.setdefault("demo_delay", 0.0)
        options.setdefault("scoreboard", Scoreboard(tmp_path / "games.sqlite3"))
        chosen = settings or Settings(level=opponent if opponent != HUMAN else "win-block")
        session = Session(
            match,
            choices=Choices(chosen, remembered, store),
            sound=sounds.append,
            clock=clock,
            **options,  # type: ignore[arg-type]
        )
        made.append(session)
        return session, sounds

    return build


def settle(session: Session, until: Callable[[], bool], timeout: float = WAIT) -> None:
    """Update the session (as a window's timer does) until ``until()`` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.update()
        if until():
            return
        time.sleep(0.002)
    raise AssertionError("the session did not get there")


def test_a_click_plays_and_the_computer_answers_in_the_background(make: Callable) -> None:
    session, _ = make("first-free")
    assert session.play(4).moved
    assert session.game.moves == (4,)
    assert session.update() or session.thinking  # the answer is worked out off this thread
    settle(session, lambda: len(session.game.moves) == 2)
    assert session.game.moves == (4, 0)
    assert session.game.waiting_for_human and not session.thinking


def test_the_answer_waits_for_the_reply_pause(make: Callable, clock: Clock) -> None:
    session, _ = make("first-free", reply_pause=0.4)
    session.play(4)
    settle(session, lambda: session._moves.job is None or session._answer is not None)
    assert session.thinking and session.game.moves == (4,)
    clock.advance(0.39)
    session.update()
    assert session.game.moves == (4,)
    clock.advance(0.02)
    assert session.update()
    assert session.game.moves == (4, 0)


def test_a_taken_cell_or_the_computers_turn_changes_nothing_and_says_why(
    make: Callable, slow_strategy: threading.Event
) -> None:
    session, _ = make("first-free")
    session.play(4)
    settle(session, lambda: len(session.game.moves) == 2)
    played = session.play(4)
    assert (played.moved, played.refused) == (False, "taken")
    assert session.notice == "That cell is taken." and session.game.moves == (4, 0)

    slow, _ = make("slow")
    slow.play(0)
    slow.update()
    assert slow.thinking
    played = slow.play(1)
    assert (played.moved, played.refused) == (False, "wait")
    assert slow.notice == "Wait for the computer's move." and slow.game.moves == (0,)


def test_undo_drops_the_answer_being_worked_out(
    make: Callable, slow_strategy: threading.Event
) -> None:
    session, _ = make("slow")
    session.play(0)
    session.update()
    job = session._moves.job
    assert job is not None and session.thinking
    assert session.undo()
    assert job.cancelled and session.game.moves == () and not session.thinking
    slow_strategy.set()
    job.wait(WAIT)
    session.update()
    assert session.game.moves == ()
    assert not session.undo() and session.notice == "There is nothing to undo."


def test_the_end_of_a_game_is_counted_kept_and_heard_once(
    make: Callable, clock: Clock, tmp_path: Path
) -> None:
    session, sounds = make("first-free")
    for cell in (4, 2, 6):  # first-free answers 0, then 1: X wins on the diagonal 2-4-6
        session.play(cell)
        settle(session, lambda: session.game.is_over or session.game.waiting_for_human)
    assert session.game.outcome is not None and session.game.outcome.winner is Mark.X
    assert session.picture().lines == (WinningLine(2, 6, (2, 4, 6)),)
    for _ in range(3):
        session.update()
    assert sounds == [Sound.WIN]
    assert session.match.score.wins == 1
    saved = Archive(tmp_path / "games.sqlite3").games().games
    assert len(saved) == 1 and saved[0].record.moves == (4, 0, 2, 1, 6)
    ended = session.game
    session.play(0)  # a click the moment the result shows is meant for the board
    assert session.game is ended
    clock.advance(END_CLICK_GUARD)
    session.play(0)
    assert session.game is not ended and session.game.moves == ()


def test_a_store_that_cannot_be_written_is_said_in_one_line_and_play_goes_on(
    make: Callable, tmp_path: Path
) -> None:
    folder = tmp_path / "not a folder"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    session, _ = make("human", scoreboard=Scoreboard(folder / "g.sqlite3"))
    for cell in (0, 3, 1, 4, 2):
        session.play(cell)
    session.update()
    assert session.save_problem is not None and session.match.score.wins == 1
    assert session.notice.startswith("Scoreboard unavailable: ") and "\n" not in session.notice


def test_no_sound_when_it_is_off(make: Callable) -> None:
    session, sounds = make("human", settings=Settings(sound=False))
    for cell in (0, 3, 1, 4, 2):
        session.play(cell)
    session.update()
    assert session.game.is_over and sounds == []


def test_a_demo_waits_between_moves(make: Callable, clock: Clock) -> None:
    session, _ = make("first-free", you="first-free", demo_delay=0.5)
    for _ in range(5):
        session.update()
        time.sleep(0.01)
    assert session.game.moves == ()
    clock.advance(0.5)
    settle(session, lambda: len(session.game.moves) == 1)


def test_hints_on_a_small_board_value_every_free_cell_for_this_move_only(
    make: Callable,
) -> None:
    session, _ = make("first-free")
    session.hint()
    settle(session, lambda: session.hints is not None)
    hints = session.hints
    assert hints is not None and hints.exact
    assert set(hints.values) == set(range(9)) and set(hints.values.values()) == {"draw"}
    session.play(0)
    settle(session, lambda: session.game.waiting_for_human)
    session.update()
    assert session.hints is None  # asked for one move only


def test_hints_for_every_move_on_a_big_board_suggest_the_best_moves(make: Callable) -> None:
    session, _ = make("human", Rules(15, 15, 5), settings=Settings(think=30.0))
    for cell in (112, 113, 97, 128):  # off the opening book
        session.play(cell)
    session.set_hints(True)
    session.update()
    assert session.searching
    started = time.monotonic()
    session.stop_hint()  # Esc: the best moves found so far, now
    settle(session, lambda: session.hints is not None)
    assert time.monotonic() - started < 10
    hints = session.hints
    assert hints is not None and not hints.exact and hints.suggestions
    session.set_hints(False)
    assert session.hints is None and not session.searching


def test_a_level_that_cannot_play_the_board_is_refused(make: Callable) -> None:
    session, _ = make("win-block", Rules(15, 15, 5))
    assert not session.choose_level("perfect")
    assert session.notice == "Perfect does not play 15 x 15: choose another level."
    assert session.match.opponent == "win-block"
    assert session.choose_level("expert")
    assert session.match.game.player(Mark.O) == "search" and session.preferred == "search"


def test_the_chosen_level_stands_aside_on_a_board_it_cannot_play_said_once(
    make: Callable,
) -> None:
    session, _ = make("perfect")
    session.choose_board(Rules(15, 15, 5))
    assert session.match.opponent == "search"
    assert session.notice == "Perfect does not play 15 x 15: Expert plays instead."
    session.new_game()
    assert session.notice == ""
    session.choose_board(Rules())
    assert session.match.opponent == "perfect" and session.preferred == "perfect"


def test_choices_made_are_remembered_but_the_options_are_not(
    make: Callable, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    session, _ = make(
        "first-free",
        settings=Settings(level="first-free", sound=False),
        remembered=Settings(level="first-free"),
        store=store,
    )
    session.set_think(2.0)
    session.set_language("ru")
    session.choose_board(Rules(4, 4, 4))
    kept = store.load().settings
    assert (kept.think, kept.language, kept.board, kept.sound) == (2.0, "ru", Rules(4, 4, 4), True)
    assert session.tr.language == "ru" and session.match.think_seconds == 2.0


def test_a_settings_file_that_cannot_be_written_is_said(make: Callable, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    session, _ = make("first-free", store=SettingsStore(blocker / "settings.json"))
    session.set_sound(False)
    assert session.notice.startswith("Settings not saved: ")
    assert session.settings.sound is False


def test_a_saved_game_is_shown_stepped_through_and_played_on(make: Callable) -> None:
    session, _ = make("first-free")
    record = Record.of(Rules(), (4, 0, 8), x_player=HUMAN, o_player="perfect")
    session.show_record(record, "Saved game 1")
    assert session.board == Board.empty(Rules()) and not session.play(1).moved
    assert session.notice.startswith("This is a saved game")
    session.step(Step.LAST)
    assert session.board.text == "O../.X./..X" and session.last_move == 8
    session.step(Step.BACK)
    session.play_from_here()
    assert session.viewing is None
    assert session.game.moves == (4, 0) and session.match.your_mark is Mark.X
    assert session.notice == "Playing on from move 2: you play X."
    assert session.game.can_undo


def test_the_game_waits_behind_a_saved_game_and_goes_on_after(
    make: Callable, slow_strategy: threading.Event
) -> None:
    session, _ = make("slow")
    session.play(4)
    session.update()
    session.show_record(Record.of(Rules(), (0,)), "a file")
    assert not session.thinking
    session.update()
    assert session._moves.job is None
    session.step(Step.CLOSE)
    session.update()
    assert session.thinking
    slow_strategy.set()
    settle(session, lambda: len(session.game.moves) == 2)


@pytest.mark.parametrize(
    "error",
    [
        RuntimeError("out of order"),
        # A level that fits the board yet refuses this position: it used to be asked
        # again at once, for ever.
        UnsolvableError("cannot solve this position"),
    ],
)
def test_a_computer_that_fails_is_said_once_and_not_asked_again(
    make: Callable, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    session, _ = make("first-free")
    calls = []

    def broken(board: Board, *args: object, **kwargs: object) -> int:
        calls.append(board)
        raise error

    session.play(4)
    engine = session.game._engine(Mark.O)
    monkeypatch.setattr(engine, "choose", broken)
    settle(session, lambda: bool(session.notice))
    assert session.notice == f"The computer could not move: {error}"
    for _ in range(5):
        session.update()
        time.sleep(0.005)
    assert len(calls) == 1


def test_the_scoreboard_can_be_reset(make: Callable) -> None:
    session, _ = make("human")
    for cell in (0, 3, 1, 4, 2):
        session.play(cell)
    session.update()
    tallies = session.tallies()
    assert tallies is not None and [t.games for t in tallies] == [1]
    session.reset_scores()
    assert session.tallies() == [] and session.match.score.games == 0
    assert session.notice == "The scoreboard is empty."


def test_closing_stops_the_search(make: Callable, slow_strategy: threading.Event) -> None:
    session, _ = make("slow")
    session.play(0)
    session.update()
    job = session._moves.job
    session.close()
    assert job is not None and job.cancelled and session.jobs.closed
    assert not session.update()


def test_while_expert_thinks_the_time_shows_and_the_analysis_on_demand(
    make: Callable, clock: Clock
) -> None:
    session, _ = make("search", Rules(9, 9, 5), settings=Settings(level="search", think=30.0))
    session.play(40)
    session.update()
    assert session.thinking and session.time_limit == 30.0
    assert session.progress == "", "a quick answer shows nothing"
    clock.advance(2.0)
    assert session.progress == "2.0 s of 30 s"
    settle(session, lambda: session.report is not None)
    session.set_analysis(True)
    assert session.progress.startswith("depth ") and session.progress.endswith(" · 2 s")
    session.undo()
    assert session.progress == "" and session.time_limit is None


DOUBLE_WIN = (0, 3, 2, 5, 4, 6, 7, 8, 1)
"""X's last move makes the top row and the middle column at once."""


def test_the_picture_of_a_double_win_has_both_lines_and_nothing_else(make: Callable) -> None:
    session, _sounds = make(HUMAN)
    for cell in DOUBLE_WIN:
        assert session.play(cell).moved
    picture = session.picture(cursor=4)
    assert picture.lines == (WinningLine(0, 2, (0, 1, 2)), WinningLine(1, 7, (1, 4, 7)))
    assert picture.ends() == [[0, 2], [1, 7]]
    assert picture.winning == {0, 1, 2, 4, 7}
    assert picture.last_move == 1 and picture.marks[1] is Mark.X and picture.marks[3] is Mark.O
    assert picture.cursor is None, "no cursor over a finished game"
    assert session.picture() is session.picture(), "made again only when something changed"


def test_the_picture_shows_the_cursor_while_you_can_play_and_a_refused_cell_a_moment(
    make: Callable, clock: Clock
) -> None:
    session, _sounds = make(HUMAN)
    assert session.picture(cursor=4).cursor == 4
    assert session.picture(cursor=9).cursor is None, "off the board"
    session.play(4)
    assert not session.play(4).moved
    assert session.picture().refused == 4 and session.refused_until is not None
    clock.advance(REFUSED_SECONDS)
    assert session.update(), "the refused cell's frame goes"
    assert session.picture().refused is None and session.refused_until is None


def test_a_saved_game_shown_is_pictured_with_its_lines(make: Callable) -> None:
    session, _sounds = make(HUMAN)
    session.show_record(
        Record(Rules(), DOUBLE_WIN, winner=Mark.X, termination=Termination.LINE),
        "double",
        ply=len(DOUBLE_WIN),
    )
    picture = session.picture(cursor=5)
    assert picture.ends() == [[0, 2], [1, 7]] and picture.cursor is None
    session.step(Step.BACK)
    assert session.picture().lines == () and session.picture().last_move == 8
