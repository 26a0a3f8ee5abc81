"""``tictactoe games``: the list, filters, JSON, export, import, reset and bad input."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tictactoe.core import records
from tictactoe.core.board import Mark
from tictactoe.core.records import Format, Record
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive

X_WINS = (4, 0, 8, 2, 1, 6, 7)


def saved(home: Path) -> list[int]:
    """Three games in the saved games of ``home``: ids 1, 2, 3."""
    archive = Archive(home / "games.sqlite3")
    return [
        archive.save(Record.of(Rules(), X_WINS, "human", "perfect")),
        archive.save(Record.of(Rules(15, 15, 5), (112, 113), "search", "win-block")),
        archive.save(Record.of(Rules(7, 7, 4), (24, 0), "human", "human", resigned=Mark.O)),
    ]


def test_nothing_saved_yet(run, home: Path) -> None:
    assert run(["games"], "") == (0, "No saved games yet.\n", "")


def test_a_finished_terminal_game_is_listed(run) -> None:
    status, _, _ = run(["play", "--opponent", "first-free", "--size", "3x3"], "X\n5\n9\n1\nno\n")
    assert status == 0
    status, out, err = run(["games"], "")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["Number", "Date", "Board", "X", "O", "Result"]
    assert lines[1].split()[0] == "1"
    assert "3 x 3, 3 in a row  You  Beginner  X won with 3 in a row" in lines[1]
    assert lines[-1] == "To step through a game: tictactoe replay NUMBER"


def test_the_list_shows_titles_results_and_filters(run, home: Path) -> None:
    saved(home)
    _, out, _ = run(["games"], "")
    rows = out.splitlines()[1:4]
    assert [row.split()[0] for row in rows] == ["3", "2", "1"]
    assert rows[0].split()[-6:] == ["Player", "Player", "X", "won:", "O", "resigned"]
    assert "Expert" in rows[1] and rows[1].endswith("unfinished")
    assert "Perfect" in rows[2]
    for level in ("Search", "expert", "EXPERT"):  # the exact name, the level name, the title
        _, out, _ = run(["games", "--player", level], "")
        assert [row.split()[0] for row in out.splitlines()[1:-1]] == ["2"]
    _, out, _ = run(["games", "--size", "7x7"], "")
    assert [row.split()[0] for row in out.splitlines()[1:-1]] == ["3"]
    _, out, _ = run(["games", "--result", "O"], "")
    assert out == "No saved game matches.\n"
    _, out, _ = run(["games", "--limit", "1"], "")
    assert "The newest 1 of 3 games; --limit 0 lists them all." in out


def test_player_filters_by_the_kept_name_without_looking_for_the_player(run, home: Path) -> None:
    archive = Archive(home / "games.sqlite3")
    archive.save(Record.of(Rules(15, 15, 5), (112, 113), "pbrain-foo", "Alice"))  # as kept
    saved(home)
    for name in ("brain:pbrain-foo", "pbrain-foo", "alice"):
        status, out, err = run(["games", "--player", name], "")
        assert (status, err) == (0, "")
        assert [row.split()[0] for row in out.splitlines()[1:-1]] == ["1"]
    for name in ("brain:foo", "nobody", "lookahead", "my_player.py"):
        said = f"No saved game was played by {name}.\n"
        assert run(["games", "--player", name], "") == (0, said, "")


def test_player_takes_the_names_the_list_shows(run, home: Path) -> None:
    """The list calls a person You (Player when two people played): those names filter, in
    any case and in the list's language, as the name the games keep (human) does."""
    saved(home)
    for argv in (
        ["--player", "you"],
        ["--player", " YOU "],
        ["--player", "Player"],
        ["--player", "human"],
        ["--player", "вы", "--lang", "ru"],
    ):
        status, out, err = run(["games", *argv], "")
        assert (status, err) == (0, ""), argv
        assert [row.split()[0] for row in out.splitlines()[1:-1]] == ["3", "1"], argv
    _, out, _ = run(["games", "--player", "Эксперт", "--lang", "ru"], "")
    assert [row.split()[0] for row in out.splitlines()[1:-1]] == ["2"]


def test_an_unknown_player_is_said_plainly(run, home: Path) -> None:
    saved(home)
    assert run(["games", "--player", "Bob"], "") == (0, "No saved game was played by Bob.\n", "")
    said = "Нет сохранённых партий с игроком «Bob».\n"
    assert run(["games", "--player", "Bob", "--lang", "ru"], "") == (0, said, "")
    # a player who has games, none of them on this board: the filters match none
    assert run(["games", "--player", "you", "--size", "4x4"], "") == (
        0,
        "No saved game matches.\n",
        "",
    )
    status, out, err = run(["games", "--player", "  "], "")
    assert (status, out) == (2, "")
    assert "tictactoe games: --player must not be blank." in err
    assert "Traceback" not in err


def test_the_help_names_no_inner_names(run) -> None:
    status, out, _ = run(["games", "--help"], "")
    assert status == 0
    player = " ".join(out.partition("--player NAME  ")[2].partition("--size")[0].split())
    assert player.startswith("only games NAME played, on either side: you, a level")
    assert "human" not in out and "win-block" not in out


def test_json_lists_exact_names_and_cells(run, home: Path) -> None:
    saved(home)
    status, out, _ = run(["games", "--json", "--limit", "0"], "")
    games = json.loads(out)
    assert status == 0 and [game["id"] for game in games] == [3, 2, 1]
    assert games[2] == {
        "id": 1,
        "started": None,
        "finished": None,
        "rows": 3,
        "cols": 3,
        "k": 3,
        "x": "human",
        "o": "perfect",
        "winner": "X",
        "termination": "line",
        "moves": list(X_WINS),
    }
    assert games[0]["termination"] == "resignation"


@pytest.mark.parametrize("form", list(Format))
def test_export_to_standard_output(run, home: Path, form: Format) -> None:
    saved(home)
    status, out, err = run(["games", "--export", "2", "--format", form.value], "")
    assert (status, err) == (0, "")
    assert out == records.write(Archive(home / "games.sqlite3").get(2), form)


def test_export_to_a_file_takes_the_format_from_its_name(
    run, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved(home)
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(["games", "--export", "1", "-o", "game.sgf"], "")
    assert (status, out) == (0, "Game 1 written to game.sgf.\n")
    assert (tmp_path / "game.sgf").read_text(encoding="utf-8").startswith("(;GM[4]")
    status, _, err = run(["games", "--export", "1", "-o", "no/such/folder/game.txt"], "")
    assert status == 1 and "no/such/folder/game.txt cannot be written" in err


def test_export_refusals(run, home: Path) -> None:
    saved(home)
    status, _, err = run(["games", "--export", "3", "--format", "psq"], "")
    assert status == 2
    assert "Game 3 cannot be written as psq: PSQ files hold games of 5 in a row" in err
    status, _, err = run(["games", "--export", "9"], "")
    assert status == 2 and "There is no saved game 9: tictactoe games lists them." in err


def test_import_adds_files_and_reports_bad_ones(run, tmp_path: Path) -> None:
    good = tmp_path / "good.sgf"
    good.write_text("(;GM[4]SZ[15]PB[Alice]PW[Bob];B[hh];W[ii])", encoding="utf-8")
    bad = tmp_path / "bad.psq"
    bad.write_text("Piskvorky 15x15, 0:0, 0\n99,1,0\n", encoding="utf-8")
    status, out, err = run(["games", "--import", str(good), str(bad)], "")
    assert status == 2
    assert out == f"{good} was added as game 1.\n"
    assert err == f"Not added: {bad}: PSQ: move 1 (99,1,0) is off the 15x15 board\n"
    _, out, _ = run(["games"], "")
    assert "Alice" in out and "Bob" in out


def test_reset_asks_first(run, home: Path) -> None:
    saved(home)
    assert run(["games", "--reset"], "no\n")[1].endswith("The saved games are unchanged.\n")
    assert Archive(home / "games.sqlite3").games().total == 3
    _, out, _ = run(["games", "--reset"], "yes\n")
    assert out.endswith("There are no saved games now.\n")
    assert run(["games"], "")[1] == "No saved games yet.\n"


def test_a_corrupt_file_is_reported_and_reset_sets_it_aside(run, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"not a database" * 100)
    status, out, err = run(["games"], "")
    assert status == 1 and out == ""
    assert f"The saved games file {home / 'games.sqlite3'} cannot be used:" in err
    assert "To start a new one, run: tictactoe games --reset" in err
    status, out, _ = run(["games", "--reset", "--yes"], "")
    assert status == 0
    assert f"kept as {home / 'games.sqlite3.broken'}" in out


def test_a_busy_file_is_never_a_reason_to_reset(
    run, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tictactoe.saved.safe_file.READ_WAIT_SECONDS", 0.1)
    saved(home)
    with closing(sqlite3.connect(home / "games.sqlite3", isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        status, out, err = run(["games"], "")
        holder.execute("ROLLBACK")
    assert status == 1 and out == ""
    assert "Try again in a moment." in err and "--reset" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["games", "--format", "sgf"], "--format and --output go with --export ID"),
        (["games", "--yes"], "--yes goes with --reset"),
        (["games", "--export", "1", "--reset"], "--reset cannot go with --export."),
        (["games", "--export", "0"], "at least 1"),
        (["games", "--export", "1", "--format", "pgn"], "format must be one of text, sgf, psq"),
        (["games", "--result", "win"], "result must be one of x, o, draw, unfinished"),
        (["games", "--limit", "-1"], "at least 0"),
        (["games", "--size", "big"], "--size: Board size must look like"),
    ],
)
def test_bad_options_exit_2_with_the_reason(run, argv: list[str], message: str) -> None:
    status, _, err = run(argv, "")
    assert status == 2 and message in err and "Traceback" not in err


def test_in_russian(run, home: Path) -> None:
    saved(home)
    _, out, _ = run(["games", "--lang", "ru"], "")
    assert out.splitlines()[0].split()[:3] == ["Номер", "Дата", "Поле"]
    assert "победа X: O сдался" in out


def test_importing_a_game_already_saved_says_so_and_adds_nothing(run, tmp_path: Path) -> None:
    record = Record.of(Rules(15, 15, 5), (112, 113, 97, 98, 82, 83, 67, 68, 52), "Ann", "Bob")
    sgf_file, psq_file = tmp_path / "game.sgf", tmp_path / "game.psq"
    sgf_file.write_text(records.write(record, Format.SGF), encoding="utf-8")
    psq_file.write_text(records.write(record, Format.PSQ), encoding="utf-8")
    status, out, err = run(["games", "--import", str(sgf_file), str(sgf_file), str(psq_file)], "")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"{sgf_file} was added as game 1.",
        f"{sgf_file} is already saved as game 1, so it was not added again.",
        f"{psq_file} is already saved as game 1, so it was not added again.",
    ]
    assert [game.id for game in Archive().games().games] == [1]
    other = tmp_path / "other.psq"  # the same moves by other players are another game
    other.write_text(records.write(record, Format.PSQ).replace("Ann", "Eve"), encoding="utf-8")
    assert run(["games", "--import", str(other)], "")[1] == f"{other} was added as game 2.\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_pipe_is_refused_at_once_rather_than_waited_on(run, tmp_path: Path) -> None:
    pipe = tmp_path / "game.sgf"
    os.mkfifo(pipe)

    def give_up(signum: int, frame: object) -> None:
        raise AssertionError("importing a pipe blocked")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(10)
    try:
        status, out, err = run(["games", "--import", str(pipe)], "")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert (status, out) == (2, "")
    reason = "it is not a regular file (a pipe or a device), so it is not read as a game"
    assert err == f"Not added: {pipe}: {reason}\n"


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.sgf", "", "the file is empty"),
        ("blank.psq", "\ufeff\r\n  \n", "the file is empty"),
        ("notes.sgf", "Board games are fun", "SGF: a game must start with '('"),
        ("notes.psq", "Board games are fun", "PSQ: the first line must look like"),
        ("junk.psq", "Piskvorky 15x15, 0:0, 0\nfoo bar\nbaz\n", "line 2 ('foo bar') is not a move"),
    ],
)
def test_empty_and_junk_files_are_refused_with_their_formats_reason(
    run, tmp_path: Path, name: str, content: str, reason: str
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    status, out, err = run(["games", "--import", str(path)], "")
    assert (status, out) == (2, "")
    assert err.startswith(f"Not added: {path}: ") and reason in err
    assert Archive().games().total == 0


def test_control_characters_in_file_names_do_not_reach_the_terminal(run, tmp_path: Path) -> None:
    files = {
        "red\x1b[31m.sgf": "(;GM[4]SZ[15];B[hh])",
        "bell\x07.psq": "Piskvorky 15x15\n8,8,\x1b[2J\n",
    }
    for name, content in files.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    status, out, err = run(["games", "--import", *(str(tmp_path / name) for name in files)], "")
    assert status == 2
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert out == f"{tmp_path}/red?[31m.sgf was added as game 1.\n"
    assert err.startswith(f"Not added: {tmp_path}/bell?.psq: PSQ: line 2 ('8,8,\\x1b[2J')")
