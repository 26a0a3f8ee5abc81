"""Saving finished games in the background when the file is busy."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive, ArchiveError, Problem
from tictactoe.saved.scoreboard import Scoreboard, Tally
from tictactoe.saved.writer import Recorder


def result(winner: Mark | None) -> Record:
    """A game of a person against ``random`` with that result."""
    return Record(Rules(), (), "human", "random", winner, Termination.ADJUDICATED)


def test_a_busy_write_is_kept_and_written_in_the_background(
    tmp_path: Path, busy: sqlite3.Connection
) -> None:
    recorder = Recorder(Archive(tmp_path / "s.db"))
    recorder.save(result(Mark.O), scored=True)  # returns: the file is busy
    recorder.save(result(None), scored=True)  # queued behind it
    assert recorder.pending == 2
    assert not recorder.wait(timeout=0.5)
    busy.execute("COMMIT")
    assert recorder.wait(timeout=30)
    assert recorder.pending == 0
    assert Scoreboard(tmp_path / "s.db").tallies() == [Tally("random", Rules(), 1, 1, 1)]
    recorder.save(result(None), scored=True)  # the file is free: written at once
    assert recorder.pending == 0


def test_a_background_write_that_fails_is_reported(
    tmp_path: Path, busy: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = Archive(tmp_path / "s.db")
    recorder = Recorder(archive)
    recorder.save(result(Mark.O), scored=True)
    gate = threading.Lock()  # no try of the background writer between the two steps below
    save = archive.save

    def gated_save(*args: Any, **kwargs: Any) -> Any:
        with gate:
            return save(*args, **kwargs)

    monkeypatch.setattr(archive, "save", gated_save)
    with gate:  # (once a try under way has ended)
        (tmp_path / "s.db").rename(tmp_path / "elsewhere.db")  # while still locked ...
        (tmp_path / "s.db").mkdir()  # ... a folder takes its place: no write can land
    busy.execute("COMMIT")
    with pytest.raises(ArchiveError) as error:
        recorder.wait(timeout=30)
    assert error.value.problem is Problem.UNREADABLE
    assert recorder.pending == 0
