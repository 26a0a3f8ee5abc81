"""The scoreboard: tallies per opponent and board over the saved games, reset, bad files."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import FILE_NAME, ArchiveError, Problem
from tictactoe.saved.paths import HOME_VARIABLE, data_home
from tictactoe.saved.scoreboard import Scoreboard, Tally, describe
from tictactoe.texts.i18n import translator

SaveResult = Callable[..., None]


def test_default_file_follows_tictactoe_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    assert data_home() == tmp_path / "home"
    assert Scoreboard().path == tmp_path / "home" / FILE_NAME


def test_tallies_from_your_side(tmp_path: Path, save_result: SaveResult) -> None:
    board = Scoreboard(tmp_path / "s.db")
    save_result(board.path, Rules(), "human", "perfect", None)
    save_result(board.path, Rules(), "perfect", "human", Mark.X)
    save_result(board.path, Rules(), "random", "human", Mark.O)
    save_result(board.path, Rules(4, 4, 4), "human", "random", Mark.X)
    save_result(board.path, Rules(), "random", "perfect", Mark.X)  # no person: not a tally
    assert board.tallies() == [
        Tally("perfect", Rules(), wins=0, losses=1, draws=1),
        Tally("random", Rules(), wins=1, losses=0, draws=0),
        Tally("random", Rules(4, 4, 4), wins=1, losses=0, draws=0),
    ]


def test_two_people_count_x_wins_as_wins(tmp_path: Path, save_result: SaveResult) -> None:
    board = Scoreboard(tmp_path / "s.db")
    save_result(board.path, Rules(), "human", "human", Mark.O)
    assert board.tallies() == [Tally("human", Rules(), wins=0, losses=1, draws=0)]


def test_reset(tmp_path: Path, save_result: SaveResult) -> None:
    board = Scoreboard(tmp_path / "s.db")
    save_result(board.path, Rules(), "human", "random", Mark.X)
    board.reset()
    assert board.tallies() == []


def test_corrupt_file_is_reported_with_the_reason(tmp_path: Path, save_result: SaveResult) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database" * 100)
    board = Scoreboard(path)
    with pytest.raises(ArchiveError, match="not a file of saved games") as error:
        save_result(board.path, Rules(), "human", "random", Mark.X)
    assert error.value.problem is Problem.DAMAGED and error.value.problem.needs_reset
    with pytest.raises(ArchiveError) as error:
        board.tallies()
    assert error.value.problem is Problem.DAMAGED


def test_rows_of_an_impossible_board_are_reported(tmp_path: Path, save_result: SaveResult) -> None:
    path = tmp_path / "s.db"
    board = Scoreboard(path)
    save_result(board.path, Rules(), "human", "random", Mark.X)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE games SET rows = 0, k = 'three'")
    with pytest.raises(ArchiveError, match="impossible board"):
        board.tallies()


def test_boards_differing_only_in_k_are_listed_in_k_order(
    tmp_path: Path, save_result: SaveResult
) -> None:
    board = Scoreboard(tmp_path / "s.db")
    for k in (5, 3, 4):
        save_result(board.path, Rules(7, 7, k), "human", "random", None)
    assert [tally.rules.k for tally in board.tallies()] == [3, 4, 5]


def test_a_folder_that_cannot_be_made_is_named(tmp_path: Path, save_result: SaveResult) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    board = Scoreboard(blocker / "sub" / "s.db")
    with pytest.raises(ArchiveError) as error:
        save_result(board.path, Rules(), "human", "random", None)
    assert error.value.problem is Problem.NO_FOLDER and not error.value.problem.needs_reset
    assert describe(error.value, translator("en")) == (
        f"The folder {blocker / 'sub'} for the scoreboard cannot be created"
        " (a file stands where a folder should be)."
    )
    assert board.tallies() == []  # nothing to read there: an empty scoreboard
    problem = board.write_problem()
    assert problem is not None and problem.problem is Problem.NO_FOLDER


RECORD_SCRIPT = """
import sys
from pathlib import Path
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive
from tictactoe.core.records import Record, Termination
archive = Archive(Path(sys.argv[1]))
won = Record(Rules(), (), "human", "random", Mark.X, Termination.ADJUDICATED)
for _ in range(int(sys.argv[2])):
    archive.save(won, scored=True)
"""


@pytest.mark.slow
def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    workers = [
        subprocess.Popen([sys.executable, "-c", RECORD_SCRIPT, str(path), "40"]) for _ in range(2)
    ]
    assert [worker.wait(60) for worker in workers] == [0, 0]
    (tally,) = Scoreboard(path).tallies()
    assert tally.wins == 80


def test_reset_sets_a_corrupt_file_aside_and_starts_anew(
    tmp_path: Path, save_result: SaveResult
) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database" * 100)
    board = Scoreboard(path)
    set_aside = board.reset()
    assert set_aside == tmp_path / "s.db.broken"
    assert set_aside.read_bytes().startswith(b"this is not a database")
    save_result(board.path, Rules(), "human", "random", Mark.X)
    assert board.tallies() == [Tally("random", Rules(), wins=1, losses=0, draws=0)]


def test_reset_of_a_healthy_file_sets_nothing_aside(
    tmp_path: Path, save_result: SaveResult
) -> None:
    board = Scoreboard(tmp_path / "s.db")
    save_result(board.path, Rules(), "human", "random", Mark.X)
    assert board.reset() is None
    assert not (tmp_path / "s.db.broken").exists()


def test_reset_leaves_a_directory_in_the_way_alone(tmp_path: Path) -> None:
    (tmp_path / "s.db").mkdir()
    with pytest.raises(ArchiveError):
        Scoreboard(tmp_path / "s.db").reset()
    assert (tmp_path / "s.db").is_dir()


def test_reading_writes_nothing(tmp_path: Path) -> None:
    board = Scoreboard(tmp_path / "data" / "s.db")
    assert board.tallies() == []
    assert not (tmp_path / "data").exists()
    assert board.write_problem() is None  # made the folder, as the first game would
    assert list((tmp_path / "data").iterdir()) == []


def test_a_new_file_is_never_empty_and_leaves_no_draft(
    tmp_path: Path, save_result: SaveResult
) -> None:
    board = Scoreboard(tmp_path / "s.db")
    save_result(board.path, Rules(), "human", "random", None)
    assert [path.name for path in tmp_path.iterdir()] == ["s.db"]
    assert (tmp_path / "s.db").stat().st_size > 0


def test_a_zero_byte_file_is_not_silently_replaced(tmp_path: Path, save_result: SaveResult) -> None:
    path = tmp_path / "s.db"
    path.touch()
    board = Scoreboard(path)
    for attempt in (
        board.tallies,
        lambda: save_result(board.path, Rules(), "human", "random", None),
    ):
        with pytest.raises(ArchiveError) as error:
            attempt()
        assert error.value.problem is Problem.EMPTY and error.value.problem.needs_reset
    assert path.stat().st_size == 0
    assert "is empty (0 bytes): its games are lost" in describe(error.value, translator("en"))
    assert board.reset() == tmp_path / "s.db.broken"
    save_result(board.path, Rules(), "human", "random", None)
    assert len(board.tallies()) == 1


def test_an_earlier_broken_file_is_kept_too(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    (tmp_path / "s.db.broken").write_text("first")
    path.write_text("second")
    assert Scoreboard(path).reset() == tmp_path / "s.db.broken-2"
    assert (tmp_path / "s.db.broken").read_text() == "first"


def test_a_folder_in_the_files_place(tmp_path: Path) -> None:
    (tmp_path / "s.db").mkdir()
    with pytest.raises(ArchiveError) as error:
        Scoreboard(tmp_path / "s.db").tallies()
    assert error.value.problem is Problem.UNREADABLE
    assert "a folder is in its place" in str(error.value)


def test_a_busy_file_is_said_to_be_busy(tmp_path: Path, busy: sqlite3.Connection) -> None:
    board = Scoreboard(tmp_path / "s.db")
    with pytest.raises(ArchiveError) as error:
        board.tallies()
    assert error.value.problem is Problem.BUSY and not error.value.problem.needs_reset
    assert describe(error.value, translator("en")) == (
        f"The scoreboard file {tmp_path / 's.db'} is in use by another program right now."
    )
    with pytest.raises(ArchiveError) as error:
        board.reset()
    assert error.value.problem is Problem.BUSY
    assert not (tmp_path / "s.db.broken").exists()


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Callable[[Path], None]]:
    """Make a file or folder read-only even for root (``chattr +i``); undone afterwards."""
    made: list[Path] = []

    def make(path: Path) -> None:
        if os.geteuid() != 0:
            path.chmod(0o555 if path.is_dir() else 0o444)
            if not path.is_dir():
                path.parent.chmod(0o555)
                made.append(path.parent)
        elif subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("no way to make a file read-only for root here (chattr)")
        made.append(path)

    yield make
    for path in made:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_read_only_file_is_read_and_said_to_be_read_only(
    tmp_path: Path, read_only: Callable[[Path], None], save_result: SaveResult
) -> None:
    path = tmp_path / "s.db"
    save_result(path, Rules(), "human", "random", Mark.X)
    read_only(path)
    board = Scoreboard(path)
    assert board.tallies() == [Tally("random", Rules(), 1, 0, 0)]
    problem = board.write_problem()
    assert problem is not None and problem.problem is Problem.READ_ONLY
    with pytest.raises(ArchiveError) as error:
        save_result(board.path, Rules(), "human", "random", Mark.X)
    assert error.value.problem is Problem.READ_ONLY
    assert describe(error.value, translator("en")) == f"The scoreboard file {path} is read-only."
    with pytest.raises(ArchiveError) as error:
        board.reset()
    assert error.value.problem is Problem.READ_ONLY
    assert board.tallies() == [Tally("random", Rules(), 1, 0, 0)]


def test_a_read_only_folder(
    tmp_path: Path, read_only: Callable[[Path], None], save_result: SaveResult
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    read_only(folder)
    board = Scoreboard(folder / "s.db")
    with pytest.raises(ArchiveError) as error:
        save_result(board.path, Rules(), "human", "random", Mark.X)
    assert error.value.problem is Problem.READ_ONLY
    assert describe(error.value, translator("en")) == (
        f"The folder {folder} of the scoreboard is read-only."
    )


def test_a_home_of_an_unknown_user_is_taken_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_VARIABLE, "~nosuchuser-of-tictactoe/scores")
    assert data_home() == Path("~nosuchuser-of-tictactoe/scores")
    monkeypatch.setenv(HOME_VARIABLE, "~/games")
    assert data_home() == Path.home() / "games"
