"""``tictactoe replay ID|FILE``: stepping through saved games and files, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive

X_WINS = (4, 0, 8, 2, 1, 6, 7)  # X: b2 c3 b1 b3, the middle column


@pytest.fixture
def game(home: Path) -> int:
    return Archive(home / "games.sqlite3").save(Record.of(Rules(), X_WINS, "human", "perfect"))


def test_steps_forward_back_and_jumps(run, game: int) -> None:
    status, out, err = run(["replay", str(game)], "\nnext\nb\nlast\nfirst\n4\nq\n")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "X: You, O: Perfect; 3 x 3, 3 in a row; -"
    assert out.splitlines()[1] == "Result: X won with 3 in a row, after 7 moves."
    titles = [line.split(": ")[-1] for line in out.splitlines() if "Move " in line[:60]]
    assert [t for t in titles if t.startswith(("X plays", "O plays"))] == [
        "X plays 5.",
        "O plays 7.",
        "X plays 5.",
        "X plays 2.",
        "O plays 9.",
    ], "named as the game names them (the keypad on 3 x 3)"
    assert out.count("The empty board; 7 moves follow.") == 2
    assert "The end: X won with 3 in a row." in out


def test_the_final_position_shows_the_line(run, game: int) -> None:
    _, out, _ = run(["replay", str(game), "--move", "7"], "q\n")
    # Every cell of the winning line between asterisks, the last move included.
    assert out.count("*X*") == 3 and "[X]" not in out


def test_cannot_go_past_either_end(run, game: int) -> None:
    _, out, _ = run(["replay", str(game)], "back\nlast\nnext\n")
    assert "This is the empty board, before the first move." in out
    assert "This is the last move. Type quit to leave." in out


def test_bad_answers_get_help_and_the_question_again(run, game: int) -> None:
    _, out, _ = run(["replay", str(game)], "8\nfly\nhelp\n")
    assert out.count("Type next (or just Enter), back, first, last, a move number from 0 to 7") == 2
    assert "  first      the empty board" in out


def test_all_prints_every_position_without_asking(run, game: int) -> None:
    status, out, _ = run(["replay", str(game), "--all"], "")
    assert status == 0
    assert out.count("Move ") == 7 and "Enter for the next move" not in out


def test_a_file_in_any_format(run, tmp_path: Path) -> None:
    path = tmp_path / "game.psq"
    path.write_text("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\nAlice\nBob\n-1\n", encoding="utf-8")
    status, out, _ = run(["replay", str(path), "--all"], "")
    assert status == 0
    assert out.splitlines()[0] == "X: Alice, O: Bob; 15 x 15, 5 in a row; -"
    assert "Move 2 of 2: O plays i9." in out
    assert "The record ends here, before the game was decided." in out


def test_the_users_language(run, game: int) -> None:
    _, out, _ = run(["replay", str(game), "--lang", "ru"], "дальше\nконец\nвыход\n")
    assert "Ход 1 из 7: X ходит на 5." in out
    assert "Конец: победа X: 3 в ряд." in out


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["replay", "5"], 2, "There is no saved game 5: tictactoe games lists them."),
        (["replay", "nothing-here.sgf"], 2, "There is no saved game or file called nothing-here"),
        (["replay", "5", "--move", "-1"], 2, "at least 0"),
    ],
)
def test_what_cannot_be_opened_is_said(run, argv: list[str], status: int, message: str) -> None:
    done, _, err = run(argv, "")
    assert done == status and message in err and "Traceback" not in err


def test_a_move_past_the_end_is_refused_with_the_range(run, game: int) -> None:
    status, out, err = run(["replay", str(game), "--move", "99"], "q\n")
    assert status == 2 and out == ""
    assert err == "There is no move 99: give a move number from 0 to 7.\n"
    assert run(["replay", str(game), "--move", "8", "--all"], "")[0] == 2


def test_a_folder_is_said_to_be_one(run, tmp_path: Path) -> None:
    status, out, err = run(["replay", str(tmp_path)], "")
    assert status == 2 and out == ""
    assert err == (
        f"This game cannot be opened: {tmp_path}: it is a folder, so it is not read as a game\n"
    )


def test_a_bad_file_is_refused_with_the_reason(run, tmp_path: Path) -> None:
    path = tmp_path / "bad.sgf"
    path.write_text("(;GM[1]SZ[19];B[dd])", encoding="utf-8")
    status, _, err = run(["replay", str(path)], "")
    assert status == 2
    assert f"This game cannot be opened: {path}: SGF: GM[1] is not gomoku" in err


def test_a_bad_file_is_refused_in_the_players_language(run, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Board: 3x3\nResult: X won\nMoves: a1", encoding="utf-8")
    status, out, err = run(["replay", str(path), "--lang", "ru"], "")
    assert (status, out) == (2, "")
    assert err == (
        f"Не удаётся открыть партию: {path}: строка 2: результат — это 'X wins', 'O wins',"
        " 'draw' или 'unfinished', а не 'X won'\n"
    )


def test_a_corrupt_saved_games_file(run, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"junk" * 1000)
    status, _, err = run(["replay", "1"], "")
    assert status == 1 and "tictactoe games --reset" in err


def test_end_of_input_and_a_file_named_like_a_number(
    run, game: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["replay", str(game)], "")[0] == 0
    monkeypatch.chdir(tmp_path)
    (tmp_path / "5").write_text("Board: 3x3\nMoves: a1\n", encoding="utf-8")
    status, out, _ = run(["replay", "./5", "--all"], "")
    assert status == 0 and "Move 1 of 1: X plays 7." in out
