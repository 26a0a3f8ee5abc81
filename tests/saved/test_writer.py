"""The one writer of finished games: saved once and scored, at once or in the background."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.saved.archive import Archive, ArchiveError, Problem, record_of
from tictactoe.saved.scoreboard import Scoreboard, Tally
from tictactoe.saved.writer import Writer

X_WINS = (4, 0, 8, 2, 1, 6, 7)


def finished_game(players: tuple[str, str] = ("human", "first-free")) -> Record:
    """X_WINS played to the end, credited to ``players``, as the Session hands it over."""
    game = Game(Rules(), {Mark.X: "human", Mark.O: "human"})
    for cell in X_WINS:
        game.play(cell)
    game.set_player(Mark.X, players[0])
    game.set_player(Mark.O, players[1])
    return record_of(game)


def result(winner: Mark | None) -> Record:
    """A game of a person against ``random`` with that result."""
    return Record(Rules(), (), "human", "random", winner, Termination.ADJUDICATED)


def test_a_game_with_a_person_is_saved_once_and_scored(tmp_path: Path) -> None:
    writer = Writer(Archive(tmp_path / "g.sqlite3"))
    assert writer.save(finished_game()) is None
    (saved,) = writer.archive.games().games
    assert (saved.record.x_player, saved.record.winner) == ("human", Mark.X)
    assert Scoreboard(writer.path).tallies() == [Tally("first-free", Rules(), 1, 0, 0)]


def test_a_demo_is_saved_but_not_scored(tmp_path: Path) -> None:
    writer = Writer(Archive(tmp_path / "g.sqlite3"))
    assert writer.save(finished_game(("perfect", "random"))) is None
    assert Scoreboard(writer.path).tallies() == []
    assert writer.archive.games().total == 1


def test_what_kept_a_game_from_being_saved_is_returned(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    problem = Writer(Archive(folder)).save(finished_game())
    assert isinstance(problem, ArchiveError) and problem.path == folder
    assert problem.problem is Problem.UNREADABLE


def test_games_handed_to_the_background_land_together_in_their_order(tmp_path: Path) -> None:
    writer = Writer(Archive(tmp_path / "g.sqlite3"))
    for winner in (Mark.X, None, Mark.O):
        assert writer.save(result(winner), background=True) is None
    assert writer.wait(timeout=30) and writer.pending == 0
    games = writer.archive.games().games
    assert [game.record.winner for game in games] == [Mark.O, None, Mark.X]  # newest first
    assert Scoreboard(writer.path).tallies() == [Tally("random", Rules(), 1, 1, 1)]


def test_a_busy_write_is_kept_and_written_in_the_background(
    tmp_path: Path, busy: sqlite3.Connection
) -> None:
    writer = Writer(Archive(tmp_path / "s.db"))
    assert writer.save(result(Mark.O)) is None  # returns: the file is busy
    assert writer.save(result(None)) is None  # queued behind it
    assert writer.pending == 2
    assert not writer.wait(timeout=0.5)
    busy.execute("COMMIT")
    assert writer.wait(timeout=30)
    assert writer.pending == 0
    assert Scoreboard(tmp_path / "s.db").tallies() == [Tally("random", Rules(), 1, 1, 1)]
    writer.save(result(None))  # the file is free: written at once
    assert writer.pending == 0


def test_a_background_write_that_fails_is_reported(
    tmp_path: Path, busy: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = Archive(tmp_path / "s.db")
    writer = Writer(archive)
    writer.save(result(Mark.O))
    gate = threading.Lock()  # no try of the background writer between the two steps below
    save_all = archive.save_all

    def gated_save_all(*args: Any, **kwargs: Any) -> Any:
        with gate:
            return save_all(*args, **kwargs)

    monkeypatch.setattr(archive, "save_all", gated_save_all)
    with gate:  # (once a try under way has ended)
        (tmp_path / "s.db").rename(tmp_path / "elsewhere.db")  # while still locked ...
        (tmp_path / "s.db").mkdir()  # ... a folder takes its place: no write can land
    busy.execute("COMMIT")
    with pytest.raises(ArchiveError) as error:
        writer.wait(timeout=30)
    assert error.value.problem is Problem.UNREADABLE
    assert writer.pending == 0


def test_a_failure_in_the_background_is_returned_by_the_next_save(tmp_path: Path) -> None:
    (tmp_path / "s.db").mkdir()  # no write can land
    writer = Writer(Archive(tmp_path / "s.db"))
    assert writer.save(result(Mark.O), background=True) is None
    deadline = time.monotonic() + 30
    while writer.pending and time.monotonic() < deadline:
        time.sleep(0.01)
    problem = writer.save(result(Mark.X), background=True)
    assert problem is not None and problem.problem is Problem.UNREADABLE
    with pytest.raises(ArchiveError):  # this one could not land either
        writer.wait(timeout=30)
    assert writer.wait(timeout=1)  # each failure is said once
