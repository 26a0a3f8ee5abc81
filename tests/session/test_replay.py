"""Opening a saved game or a file for every front end, stepping through it, playing on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game
from tictactoe.saved.archive import Archive
from tictactoe.session.replay import (
    EXIT_BAD_INPUT,
    EXIT_ERROR,
    OpenError,
    Replay,
    Step,
    continue_from,
    open_game,
    title,
)
from tictactoe.texts.i18n import translator

EN = translator("en")


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return Archive(tmp_path / "games.sqlite3")


def test_a_number_opens_that_saved_game(archive: Archive) -> None:
    record = Record.of(Rules(), (4, 0, 8), "human", "win-block")
    game_id = archive.save(record)
    assert open_game(str(game_id), EN, archive).moves == (4, 0, 8)


def test_a_missing_saved_game_is_refused_with_how_to_list_them(archive: Archive) -> None:
    with pytest.raises(OpenError) as caught:
        open_game("7", EN, archive)
    assert str(caught.value) == "There is no saved game 7: tictactoe games lists them."
    assert caught.value.status == EXIT_BAD_INPUT


def test_an_unusable_saved_games_file_is_refused_with_status_1(tmp_path: Path) -> None:
    broken = tmp_path / "games.sqlite3"
    broken.write_bytes(b"not a database at all" * 100)
    with pytest.raises(OpenError) as caught:
        open_game("1", EN, Archive(broken))
    assert str(caught.value).startswith(f"The saved games file {broken} cannot be used: ")
    assert caught.value.status == EXIT_ERROR


def test_a_file_opens_and_a_bad_one_says_why(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("Board: 3x3\nMoves: b2 a1 c3", encoding="utf-8")
    assert open_game(str(good), EN).moves == (4, 0, 8)
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[4]SZ[15];B[hh];W[hh])", encoding="utf-8")
    with pytest.raises(OpenError, match=r"^This game cannot be opened: .*already taken"):
        open_game(str(bad), EN)


def test_a_missing_file_is_named_without_control_characters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OpenError) as caught:
        open_game("no\x1b[2Jfile.sgf", EN)
    message = str(caught.value)
    assert "\x1b" not in message and message.endswith("no?[2Jfile.sgf.")


def test_titles_name_a_saved_game_by_number_and_a_file_by_its_name() -> None:
    assert title(12, EN) == "Saved game 12"
    assert title("12", EN) == "Saved game 12"
    assert title("/some/where/game.psq", EN) == "game.psq"
    assert title(3, translator("ru")) != "Saved game 3", "translated"


def test_stepping_stays_within_the_record() -> None:
    replay = Replay(Record.of(Rules(), (4, 0, 8, 2, 6)), "game", ply=99)
    assert replay.ply == 5 and replay.last_move == 6
    assert not replay.can(Step.FORWARD) and replay.can(Step.BACK)
    assert replay.go(Step.FIRST) and replay.board.move_count == 0
    assert not replay.go(Step.BACK)
    assert replay.show(2) and replay.moves_so_far == (4, 0)
    assert not replay.show(2)
    assert replay.show(-5) and replay.ply == 0


def test_play_on_is_possible_only_where_the_game_is_not_over() -> None:
    replay = Replay(Record.of(Rules(), (0, 3, 1, 4, 2)), "won")
    assert replay.can(Step.PLAY)
    replay.go(Step.LAST)
    assert not replay.can_play_on and not replay.can(Step.PLAY)


def test_continue_from_replays_the_moves_whoever_plays_each_side() -> None:
    game = Game(players={Mark.X: "perfect", Mark.O: HUMAN})
    continue_from(game, (4, 0, 8))
    assert game.moves == (4, 0, 8)
    assert game.player(Mark.X) == "perfect" and game.is_human(Mark.O)
    assert game.turn is Mark.O and game.can_undo
