"""Finished web games as records, written in batches to the saved games every front end shares."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.outcome import Outcome
from tictactoe.core.records import Termination
from tictactoe.core.rules import Rules
from tictactoe.online.records import GameLog, is_scored, record_of_finished
from tictactoe.online.room import FinishedGame
from tictactoe.saved.archive import FILE_NAME, Archive
from tictactoe.saved.scoreboard import Scoreboard, Tally

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
X_WINS = (3, 0, 4, 1, 5)


def finished(
    moves: tuple[int, ...] = X_WINS,
    winner: Mark | None = Mark.X,
    ended: Termination | None = None,
    players: tuple[str, str] = ("human", "first-free"),
) -> FinishedGame:
    """A room's finished game; ``ended`` None: as the moves show (a line or a full board)."""
    board = Board.empty(Rules())
    for cell in moves:
        board = board.play(cell)
    outcome = board.outcome() if ended is None else Outcome(ended, winner)
    assert outcome is not None
    return FinishedGame("room1", Rules(), *players, moves, outcome)


def test_a_line_and_a_full_board_follow_from_the_moves() -> None:
    record = record_of_finished(finished(), NOW)
    assert (record.winner, record.termination, record.moves) == (Mark.X, Termination.LINE, X_WINS)
    assert (record.x_player, record.o_player, record.finished) == ("human", "first-free", NOW)
    draw = record_of_finished(finished((4, 0, 8, 2, 1, 7, 6, 3, 5), None), NOW)
    assert (draw.winner, draw.termination) == (None, Termination.FULL_BOARD)


def test_a_resignation_and_a_player_who_left() -> None:
    resigned = record_of_finished(finished((4, 0), Mark.O, Termination.RESIGNATION), NOW)
    assert (resigned.winner, resigned.termination) == (Mark.O, Termination.RESIGNATION)
    assert resigned.resigned is Mark.X
    left = record_of_finished(finished((4,), Mark.X, Termination.FORFEIT), NOW)
    assert (left.winner, left.termination) == (Mark.X, Termination.FORFEIT)


def test_only_games_against_the_computer_are_scored() -> None:
    assert is_scored(finished(players=("human", "perfect")))
    assert is_scored(finished(players=("perfect", "human")))
    assert not is_scored(finished(players=("human", "human")))


def test_a_batch_lands_in_the_saved_games_and_the_scoreboard(tmp_path: Path) -> None:
    log = GameLog(tmp_path)
    log.add(finished())
    log.add(finished(players=("human", "human")))
    asyncio.run(log.flush())
    assert log.count() == 2
    games = Archive(tmp_path / FILE_NAME).games().games
    assert [game.record.o_player for game in games] == ["human", "first-free"]
    assert Scoreboard(tmp_path / FILE_NAME).tallies() == [Tally("first-free", Rules(), 1, 0, 0)]


def test_a_busy_file_keeps_the_batch_for_the_next_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tictactoe.saved.archive.BUSY_TIMEOUT_SECONDS", 0.1)
    log = GameLog(tmp_path)
    Archive(log.path).save_all([])  # the file exists
    log.add(finished())
    with closing(sqlite3.connect(log.path, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        asyncio.run(log.flush())
        holder.execute("ROLLBACK")
    assert log.count() == 0
    asyncio.run(log.flush())
    assert log.count() == 1


def test_an_unusable_file_is_logged_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / FILE_NAME).mkdir()
    log = GameLog(tmp_path)
    for _ in range(2):
        log.add(finished())
        asyncio.run(log.flush())
    assert [r.message for r in caplog.records].count(
        f"finished games cannot be saved: saved games file {tmp_path / FILE_NAME} is unusable:"
        " a folder is in its place"
    ) == 1


OLD_WEB_GAMES = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    room TEXT NOT NULL,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    k INTEGER NOT NULL,
    x_player TEXT NOT NULL,
    o_player TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('X', 'O') OR winner IS NULL),
    ended TEXT NOT NULL,
    moves TEXT NOT NULL
)
"""


def test_the_web_games_of_an_earlier_version_are_copied_in_once(tmp_path: Path) -> None:
    old = tmp_path / "web-games.sqlite3"
    with closing(sqlite3.connect(old)) as db, db:
        db.execute(OLD_WEB_GAMES)
        db.executemany(
            "INSERT INTO games (finished_at, room, rows, cols, k, x_player, o_player, winner,"
            " ended, moves) VALUES (?, 'r', 3, 3, 3, ?, ?, ?, ?, ?)",
            [
                ("2025-03-01T10:00:00+00:00", "human", "perfect", "X", "win", "3 0 4 1 5"),
                ("2025-03-02T10:00:00+00:00", "human", "human", "O", "resign", "4 0"),
                ("2025-03-03T10:00:00+00:00", "human", "human", "X", "win", "4 4"),  # damaged
            ],
        )

    async def start_and_stop(log: GameLog) -> None:
        await log.start()
        await log.close()

    asyncio.run(start_and_stop(GameLog(tmp_path)))
    games = Archive(tmp_path / FILE_NAME).games().games
    assert [(g.record.termination, g.record.finished) for g in games] == [
        (Termination.RESIGNATION, datetime(2025, 3, 2, 10, tzinfo=UTC)),
        (Termination.LINE, datetime(2025, 3, 1, 10, tzinfo=UTC)),
    ]
    assert Scoreboard(tmp_path / FILE_NAME).tallies() == []  # the old scoreboard counted them
    assert not old.exists() and (tmp_path / "web-games.sqlite3.imported").is_file()
    asyncio.run(start_and_stop(GameLog(tmp_path)))
    assert Archive(tmp_path / FILE_NAME).games().total == 2
