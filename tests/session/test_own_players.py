"""Own players in a window's session: one plays like a level, one that fails loses, said once."""

from __future__ import annotations

import random
import textwrap
import time
from pathlib import Path

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.outcome import Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Match
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import Choices, Settings
from tictactoe.session import Session

WAIT = 20.0


def session_against(tmp_path: Path, source: str, *, think: float = 0.3) -> Session:
    path = tmp_path / "student.py"
    path.write_text(textwrap.dedent(source))
    match = Match(Rules(), str(path), rng=random.Random(1), think=think)
    return Session(
        match,
        choices=Choices(Settings(level=str(path), think=think)),
        scoreboard=Scoreboard(tmp_path / "games.sqlite3"),
        reply_pause=0.0,
    )


def until(session: Session, done: object) -> None:
    deadline = time.monotonic() + WAIT
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        session.update()
        session.wait(0.05)
    session.update()


def test_an_own_player_plays_like_a_level(tmp_path: Path) -> None:
    session = session_against(tmp_path, "def choose(board):\n    return board.legal_moves()[0]\n")
    try:
        assert session.level_title(session.match.opponent) == "student.py"
        session.play(4)
        until(session, lambda: len(session.game.moves) == 2)
        assert session.game.moves == (4, 0)
        assert session.notice == ""
    finally:
        session.close()


def test_a_failing_player_loses_the_game_counted_and_kept(tmp_path: Path) -> None:
    session = session_against(tmp_path, "def choose(board):\n    return 'b2!'\n")
    try:
        session.play(4)
        until(session, lambda: session.game.is_over)
        outcome = session.game.outcome
        assert outcome is not None
        assert (outcome.termination, outcome.winner) == (Termination.FORFEIT, Mark.X)
        assert (
            session.notice == "student.py loses this game: it answered 'b2!', which is not a cell."
        )
        assert session.match.score.wins == 1
        assert session.writer.wait(5)
        [saved] = Archive(tmp_path / "games.sqlite3").games().games
        record = Archive(tmp_path / "games.sqlite3").get(saved.id)
        # A saved game keeps the file's name: short, and the same wherever the file is kept.
        assert (record.o_player, record.termination) == ("student.py", Termination.FORFEIT)
    finally:
        session.close()


def test_the_loss_is_said_in_the_players_language(tmp_path: Path) -> None:
    session = session_against(tmp_path, "def choose(board):\n    while True:\n        pass\n")
    session.set_language("ru")
    try:
        session.play(4)
        until(session, lambda: session.game.is_over)
        assert (
            session.notice == "student.py проигрывает эту партию: он думал над ходом дольше 0.3 с."
        )
        assert session.result == "У student.py вышло время: вы выиграли."
        session.set_language("vi")
        assert session.notice == "student.py thua ván này: nó nghĩ một nước lâu hơn 0.3 giây."
        assert session.result == "student.py hết thời gian: bạn thắng.", "said again in it"
    finally:
        session.close()


def test_an_own_player_is_chosen_but_not_remembered(tmp_path: Path) -> None:
    session = session_against(tmp_path, "def choose(board):\n    return board.legal_moves()[0]\n")
    path = str(tmp_path / "student.py")
    session.choose_level("medium")
    assert session.settings.level == "win-block"
    assert session.choose_level(path)
    assert session.preferred == path and session.settings.level == "win-block"
    session.close()


def test_an_engine_stands_aside_on_boards_it_does_not_play(tmp_path: Path) -> None:
    import shlex
    import sys

    engine = f"brain:{shlex.quote(sys.executable)} -m tictactoe brain"
    match = Match(Rules(), "medium", rng=random.Random(1))
    session = Session(match, choices=Choices(Settings()), reply_pause=0.0)
    try:
        assert not session.choose_level(engine)
        assert session.notice == "tictactoe brain does not play 3 x 3: choose another level."
        session.choose_board(Rules(15, 15, 5))
        assert session.choose_level(engine)
        session.choose_board(Rules())
        assert session.match.opponent == "perfect"
        assert session.notice == "tictactoe brain does not play 3 x 3: Perfect plays instead."
        assert players.is_own(session.preferred)
    finally:
        session.close()
