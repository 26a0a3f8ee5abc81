"""Saved games: saving, listing with filters, bad files, two writers and the scored games."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Game
from tictactoe.saved.archive import (
    FILE_NAME,
    Archive,
    ArchiveError,
    GameNotFoundError,
    Problem,
    ResultFilter,
    counts,
    record_of,
)
from tictactoe.saved.paths import HOME_VARIABLE
from tictactoe.saved.scoreboard import Scoreboard, Tally

X_WINS = (4, 0, 8, 2, 1, 6, 7)


def finished_game(players: tuple[str, str] = ("human", "first-free")) -> Game:
    """X_WINS played to the end, then credited to ``players``."""
    game = Game(Rules(), {Mark.X: "human", Mark.O: "human"})
    for cell in X_WINS:
        game.play(cell)
    game.set_player(Mark.X, players[0])
    game.set_player(Mark.O, players[1])
    return game


def test_saved_games_come_back_as_they_went_in(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    record = record_of(finished_game())
    game_id = archive.save(record)
    assert archive.get(game_id) == record
    assert record.started is not None and record.finished is not None


@pytest.mark.parametrize("how", [Termination.RESIGNATION, Termination.FORFEIT])
def test_a_game_given_up_keeps_how_in_its_record(how: Termination) -> None:
    game = Game(Rules(), {Mark.X: "human", Mark.O: "human"})
    game.play(4)
    game.resign(Mark.O, how)
    record = record_of(game)
    assert record.outcome == game.outcome and record.termination is how


def test_an_unfinished_game_has_an_unfinished_record() -> None:
    game = Game(Rules(), {Mark.X: "human", Mark.O: "human"})
    game.play(4)
    assert record_of(game).termination is Termination.UNFINISHED and record_of(game).outcome is None


def test_default_file_is_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    Archive().save(Record.of(Rules(), (4,)))
    assert (tmp_path / "home" / FILE_NAME).is_file()


def test_a_missing_game_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(GameNotFoundError, match="no saved game 3"):
        Archive(tmp_path / "g.sqlite3").get(3)


def test_listing_is_newest_first_with_filters_and_a_limit(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    ids = [
        archive.save(Record.of(Rules(), X_WINS, "human", "random")),
        archive.save(Record.of(Rules(), (0, 4, 8, 1, 7, 6, 2, 5, 3), "Perfect", "human")),
        archive.save(Record.of(Rules(7, 7, 5), (24,), "search", "random")),
        archive.save(Record.of(Rules(), (4, 0), "human", "random", resigned=Mark.X)),
    ]
    everything = archive.games()
    assert [game.id for game in everything.games] == ids[::-1]
    assert everything.total == 4 and everything.damaged == ()

    def found(**filters: object) -> list[int]:
        return [game.id for game in archive.games(**filters).games]  # type: ignore[arg-type]

    assert found(player="HUMAN") == [ids[3], ids[1], ids[0]]
    assert found(player="perfect") == [ids[1]]  # names in any case
    assert found(size=(7, 7)) == [ids[2]]
    assert found(result=ResultFilter.X) == [ids[0]]
    assert found(result=ResultFilter.O) == [ids[3]]
    assert found(result=ResultFilter.DRAW) == [ids[1]]
    assert found(result=ResultFilter.UNFINISHED) == [ids[2]]
    limited = archive.games(player="human", limit=2)
    assert [game.id for game in limited.games] == [ids[3], ids[1]]
    assert limited.total == 3


def test_damaged_rows_are_listed_as_damaged_and_the_rest_still_shown(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    archive = Archive(path)
    good = archive.save(Record.of(Rules(), (4,)))
    bad = archive.save(Record.of(Rules(), (4, 0)))
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE games SET moves = '4 4' WHERE id = ?", (bad,))
    listing = archive.games()
    assert [game.id for game in listing.games] == [good]
    assert listing.damaged == (bad,)
    with pytest.raises(ArchiveError, match=f"game {bad} is damaged: move 2"):
        archive.get(bad)


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE games SET rows = 0",
        "UPDATE games SET rows = 'three'",
        "UPDATE games SET termination = 'nonsense'",
        "UPDATE games SET moves = 'a b'",
        "UPDATE games SET started = 'yesterday'",
        "UPDATE games SET x_player = ''",
    ],
)
def test_every_kind_of_damaged_row_is_caught(tmp_path: Path, change: str) -> None:
    path = tmp_path / "g.sqlite3"
    archive = Archive(path)
    game_id = archive.save(Record.of(Rules(), (4,), "human", "random"))
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(change)
    assert archive.games().damaged == (game_id,)


def test_a_corrupt_file_is_reported_with_the_reason_and_can_be_reset(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    archive = Archive(path)
    with pytest.raises(ArchiveError, match="not a file of saved games") as caught:
        archive.save(Record.of(Rules(), (4,)))
    assert caught.value.path == path
    with pytest.raises(ArchiveError):
        archive.games()
    assert archive.reset() == tmp_path / "g.sqlite3.broken"
    assert (tmp_path / "g.sqlite3.broken").read_bytes().startswith(b"this is not")
    archive.save(Record.of(Rules(), (4,)))
    assert archive.games().total == 1


def test_reset_of_a_healthy_file_forgets_every_game(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    archive.save(Record.of(Rules(), (4,)))
    assert archive.reset() is None
    assert archive.games().total == 0


def test_a_file_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(ArchiveError, match="newer version"):
        Archive(path).games()
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone() == (0,)


def test_a_file_of_another_version_is_refused_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        db.execute("PRAGMA user_version = 1")
    for use in (Archive(path).games, lambda: Archive(path).save(Record.of(Rules(), (4,)))):
        with pytest.raises(ArchiveError, match="version 1 is not") as error:
            use()
        assert error.value.problem is Problem.DAMAGED


def test_an_unwritable_location_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ArchiveError):
        Archive(blocker / "sub" / "g.sqlite3").save(Record.of(Rules(), ()))


SAVE_SCRIPT = """
import sys
from pathlib import Path
from tictactoe.saved.archive import Archive
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
archive = Archive(Path(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    archive.save(Record.of(Rules(), (4, 0, 8), "human", "random"))
"""


@pytest.mark.slow
def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    workers = [
        subprocess.Popen([sys.executable, "-c", SAVE_SCRIPT, str(path), "40"]) for _ in range(2)
    ]
    assert [worker.wait(60) for worker in workers] == [0, 0]
    assert Archive(path).games().total == 80


def test_a_resignation_is_saved_as_one(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    game = Game(Rules(), {Mark.X: "human", Mark.O: "random"})
    game.play(4)
    game.computer_move()
    game.resign()
    archive.save(record_of(game))
    record = archive.games().games[0].record
    assert (record.termination, record.winner, record.plies) == (
        Termination.RESIGNATION,
        Mark.O,
        2,
    )


# --- the scored games ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "moves", "counted"),
    [
        (("human", "random"), X_WINS, True),
        (("random", "human"), X_WINS, True),
        (("human", "human"), X_WINS, True),
        (("perfect", "random"), X_WINS, False),
        (("human", "random"), X_WINS[:3], False),
    ],
)
def test_the_scoreboard_counts_every_finished_game_a_person_played(
    players: tuple[str, str], moves: tuple[int, ...], counted: bool
) -> None:
    assert counts(Record.of(Rules(), moves, *players)) is counted


def test_imported_games_are_saved_but_not_scored(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    archive.save(Record.of(Rules(), X_WINS, "human", "random"))
    archive.save(Record.of(Rules(), X_WINS, "human", "random"), scored=True)
    assert Scoreboard(archive.path).tallies() == [Tally("random", Rules(), 1, 0, 0)]


def test_forgetting_the_scores_keeps_the_games(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    archive.save(Record.of(Rules(), X_WINS, "human", "random"), scored=True)
    assert archive.forget_scores() is None
    assert Scoreboard(archive.path).tallies() == []
    assert archive.games().total == 1


def test_forgetting_the_games_keeps_the_scores(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    archive.save(Record.of(Rules(), X_WINS, "human", "random"), scored=True)
    archive.save(Record.of(Rules(), X_WINS, "random", "human"), scored=True)
    archive.save(Record.of(Rules(), X_WINS, "perfect", "random"), scored=True)  # no person
    assert archive.reset() is None
    assert archive.games().total == 0
    assert Scoreboard(archive.path).tallies() == [Tally("random", Rules(), 1, 1, 0)]


def test_a_batch_is_saved_in_one_go(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "g.sqlite3")
    ids = archive.save_all([(Record.of(Rules(), (4,)), False), (Record.of(Rules(), (0,)), True)])
    assert [game.id for game in archive.games().games] == ids[::-1]


def test_find_knows_a_game_saved_before_by_its_rules_players_moves_and_result(
    tmp_path: Path,
) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    monday = datetime(2025, 6, 2, 9, 30, tzinfo=UTC)
    game = Record.of(Rules(), (4, 0, 8), "Ann", "Bob", resigned=Mark.O, started=monday)
    assert archive.find(game) is None
    game_id = archive.save(game)
    assert archive.find(game) == game_id
    same_day = Record.of(
        Rules(), (4, 0, 8), "Ann", "Bob", resigned=Mark.O, started=monday.replace(hour=0, minute=0)
    )
    undated = Record.of(Rules(), (4, 0, 8), "Ann", "Bob", resigned=Mark.O)
    assert archive.find(same_day) == archive.find(undated) == game_id
    others = [
        Record.of(
            Rules(),
            (4, 0, 8),
            "Ann",
            "Bob",
            resigned=Mark.O,
            started=datetime(2025, 6, 3, tzinfo=UTC),
        ),
        Record.of(Rules(), (4, 0, 8), "Ann", "Bob"),  # unfinished, not resigned
        Record.of(Rules(), (4, 0, 8), "Bob", "Ann", resigned=Mark.O),
        Record.of(Rules(), (4, 0, 2), "Ann", "Bob", resigned=Mark.O),
        Record.of(Rules(4, 4, 3), (4, 0, 8), "Ann", "Bob", resigned=Mark.O),
    ]
    assert [archive.find(other) for other in others] == [None] * len(others)
