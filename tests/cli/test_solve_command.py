"""``tictactoe solve``: text and JSON output, standard input, bad positions and flags."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe.cli import command
from tictactoe.cli.commands import solve
from tictactoe.cli.parser import Parser
from tictactoe.core.board import Board
from tictactoe.core.exact.solver import Solver


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> int:
    parser = Parser(prog="tictactoe solve")
    solve.add_arguments(parser)
    args = parser.parse_args(argv)
    args.parser = parser
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return solve.run(args)


def records(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_help_is_one_line() -> None:
    assert solve.HELP and "\n" not in solve.HELP


def test_text_output_names_cells_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XX./OO./..."]) == 0
    out = capsys.readouterr().out
    assert "XX./OO./...  (3 x 3, k=3)" in out
    assert "     a b c\n   1 X X .\n   2 O O .\n   3 . . .\n" in out
    assert "X to move: X wins in 1 (exact)\n" in out
    assert "best: c1\n" in out
    assert "  c1  X wins in 1\n" in out
    assert "  c2  draw\n" in out
    assert "  a3  O wins in 1\n" in out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XX./OO./...", "--json"]) == 0
    assert run(["..../..../..../....", "--k", "4", "--json"]) == 0
    first, second = records(capsys.readouterr().out)
    assert first == {
        "position": "XX./OO./...",
        "exact": True,
        "every_move": True,
        "value": "win",
        "plies": 1,
        "winner_moves": 1,
        "best": [2],
        "best_names": ["c1"],
        "moves": {
            "2": {"name": "c1", "value": "win", "plies": 1, "winner_moves": 1},
            "5": {"name": "c2", "value": "draw", "plies": 5, "winner_moves": None},
            "6": {"name": "a3", "value": "loss", "plies": 2, "winner_moves": 1},
            "7": {"name": "b3", "value": "loss", "plies": 2, "winner_moves": 1},
            "8": {"name": "c3", "value": "loss", "plies": 2, "winner_moves": 1},
        },
    }
    assert second["value"] == "draw"
    assert second["plies"] == 16
    assert second["best"] == list(range(16))
    assert len(second["moves"]) == 16  # type: ignore[arg-type]


def test_empty_board_is_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([".../.../...", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert (record["value"], record["plies"], record["best"]) == ("draw", 9, list(range(9)))


def test_one_row_of_a_square_s_cells_is_answered_with_how_to_write_the_square(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["x...o....", "X.O.", "X../.O./...", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "note: x...o.... is read as one row of 9 cells; for a 3 x 3 board write its rows "
        "from the top with / between them: x../.o./...\n"
    )  # one note: a row of 4 cells is no square of 3 or more, and 3 x 3 was written as such
    first, _, third = records(captured.out)
    assert first["position"] == "X...O...." and third["position"] == "X../.O./..."


def test_k_option_changes_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["..../..../..../....", "--k", "3", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert (record["value"], record["plies"], record["best"]) == ("win", 5, [5, 6, 9, 10])


def test_finished_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XXX/OO./...", "XOX/XOO/OXX", "--json"]) == 0
    won, full = records(capsys.readouterr().out)
    assert won == {
        "position": "XXX/OO./...",
        "exact": True,
        "every_move": True,
        "value": "loss",
        "plies": 0,
        "winner_moves": 0,
        "best": [],
        "best_names": [],
        "moves": {},
    }
    assert (full["value"], full["plies"], full["moves"]) == ("draw", 0, {})
    assert run(["XXX/OO./...", "XOX/XOO/OXX"]) == 0
    out = capsys.readouterr().out
    assert "game over: X has won" in out and "game over: the board is full, a draw" in out


def test_positions_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = "XX./OO./...\n\n   \n.../.../...\n"
    assert run(["-", "X../.../...", "--json"], stdin, monkeypatch) == 0
    positions = [record["position"] for record in records(capsys.readouterr().out)]
    assert positions == ["XX./OO./...", ".../.../...", "X../.../..."]


def test_bad_positions_are_reported_and_the_rest_answered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = run(["bad", "XX./OO./...", "XXX/OOO/...", "XO/...", "--json"])
    assert status == 2
    captured = capsys.readouterr()
    assert [record["position"] for record in records(captured.out)] == ["XX./OO./..."]
    errors = captured.err.splitlines()
    assert len(errors) == 3
    assert "'bad'" in errors[0] and "unknown character" in errors[0]
    assert "'XXX/OOO/...'" in errors[1] and "both X and O" in errors[1]
    assert "'XO/...'" in errors[2] and "ragged" in errors[2]
    assert "Traceback" not in captured.err


def test_bad_win_length_for_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([".../...", "--k", "5"]) == 2
    assert "'.../...'" in capsys.readouterr().err


def test_big_board_is_searched_by_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    big = "/".join(["......."] * 3 + ["..XXX.."] + ["..OOO.."] + ["......."] * 2)
    assert run([big, "X../.../...", "--nodes", "500"]) == 0
    out = capsys.readouterr().out
    assert "7 x 7, k=5" in out and "X to move (not exact: 7 x 7 " in out
    assert "best: b4  (winning" in out or "best: f4  (winning" in out
    assert "forced: X wins in 2, by an open four" in out
    assert "winning line: X " in out
    assert "X../.../..." in out  # the small board after it is still solved exactly


def test_big_board_json_and_proved_vcf(capsys: pytest.CaptureFixture[str]) -> None:
    # X to move on 9 x 9: a four-three at e5 (the e column four and the fifth row three).
    rows = [
        ".........",
        "....X....",
        "....X....",
        "....X....",
        "..XX.....",
        ".........",
        "..O..OO..",
        ".....O...",
        "....O....",
    ]
    assert run(["/".join(rows), "--json", "--nodes", "20000"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["exact"] is False
    assert record["verdict"] == "winning" and record["best_name"] in ("e5", "e1")
    assert record["proof"] in ("vcf", "open-four", "win")
    assert isinstance(record["winner_moves"], int) and record["winner_moves"] <= 3
    assert record["pv_names"][0] == record["best_name"]
    assert record["pv"][0] == record["best"]


def test_finished_big_board(capsys: pytest.CaptureFixture[str]) -> None:
    big = "/".join(["......."] * 3 + ["XXXXX.."] + ["OOOO..."] + ["......."] * 2)
    assert run([big, "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    # A finished game's value is known on any board: O, to move, has lost.
    assert record["exact"] is True
    assert (record["value"], record["plies"], record["best"], record["moves"]) == (
        "loss",
        0,
        [],
        {},
    )
    assert run([big]) == 0
    assert capsys.readouterr().out.rstrip().endswith("game over: X has won")


def test_help_explains_the_unit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(["--help"])
    assert "the winner's own moves" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--k", "x", "..."],
        ["--k", "1", "..."],
        [],
        ["--bogus", "."],
        ["--think", "0", "..."],
        ["--think", "nan", "..."],
        ["--nodes", "0", "..."],
        ["--think", "1", "--nodes", "5", "..."],
    ],
)
def test_bad_flags_exit_with_one_line_and_the_help_to_see(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("tictactoe solve: ") and err.count("\n") == 1
    assert err.endswith("For help, type: tictactoe solve --help\n")


def test_through_the_tictactoe_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.main(["solve", "XX./OO./...", "--json"]) == 0
    assert records(capsys.readouterr().out)[0]["best"] == [2]


def tictactoe_process(
    argv: list[str], stdin: bytes = b"", **env: str
) -> subprocess.CompletedProcess[bytes]:
    """``python -m tictactoe`` in a fresh process, with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *argv],
        input=stdin,
        capture_output=True,
        env={**os.environ, **env},
        timeout=60,
        check=False,
    )


def test_standard_input_that_is_not_text_is_a_bad_position() -> None:
    """A strict UTF-8 locale (as on most desktops) would raise UnicodeDecodeError."""
    done = tictactoe_process(
        ["solve", "-", "--json"], b"X..\xff/.../...\nX../.../...\n", PYTHONIOENCODING="utf-8"
    )
    assert done.returncode == 2
    assert [record["position"] for record in records(done.stdout.decode())] == ["X../.../..."]
    err = done.stderr.decode()
    assert err.startswith("tictactoe solve: bad position") and "Traceback" not in err


def test_a_reader_that_stops_early_is_no_traceback() -> None:
    """``tictactoe solve ... | head -1``: the pipe closes under the solver."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "solve", *[".../.../..."] * 3000],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b".../.../...")
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141  # 128 + SIGPIPE, as for `yes | head -1`
    assert err == ""


EMPTY_5X5 = "/".join(["....."] * 5)
EMPTY_6X5 = "/".join(["....."] * 6)


def test_proof_of_the_empty_5x5_k4_is_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([EMPTY_5X5, "--k", "4", "--proof"]) == 0
    captured = capsys.readouterr()
    assert "X to move: draw (proved)\n" in captured.out
    assert "searched 2,946 positions" in captured.out
    assert captured.err.startswith(
        "proving 5 x 5, k=4: tables held under 2 GiB (7,158,278 entries)"
    )
    assert "2,946 positions, table 2,545 entries" in captured.err


def test_proof_of_the_empty_6x5_k4_is_a_first_player_win_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run([EMPTY_6X5, "--k", "4", "--proof", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["value"] == "win" and record["proof"] is True
    assert record["nodes"] == 158 and record["evictions"] == 0
    assert record["max_entries"] == 7158278


def test_proof_of_a_finished_or_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XXX/OO./...", "X", "--proof"]) == 2
    captured = capsys.readouterr()
    assert "game over: X has won" in captured.out
    assert "bad position" in captured.err and "Traceback" not in captured.err


def test_every_report_says_whether_it_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    opened = "X..../...../..O../...../....."
    assert run([opened, "--k", "4", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["exact"] is True and record["value"] == "draw"
    assert all(move["plies"] is not None for move in record["moves"].values())  # type: ignore[attr-defined]
    big = "/".join(["......."] * 3 + ["..X...."] + ["......."] * 3)
    assert run([big, "--json", "--nodes", "200"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["exact"] is False and str(record["not_exact"]).startswith("7 x 7 ")


def test_a_split_proof_keeps_a_checkpoint_it_resumes_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "proof.txt"
    assert run([EMPTY_5X5, "--k", "4", "--proof", "--jobs", "2", "--checkpoint", str(path)]) == 0
    captured = capsys.readouterr()
    assert "X to move: draw (proved)" in captured.out
    assert "over 2 worker processes" in captured.out and "jobs done" in captured.err
    again = [EMPTY_5X5, "--k", "4", "--proof", "--checkpoint", str(path), "--json"]
    assert run(again) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["value"] == "draw" and record["exact"] is True
    # One worker may need a few jobs two did not (which reply they settled first differs).
    assert record["jobs"] > 0 and record["reused_jobs"] >= 0.9 * record["jobs"]
    assert run(again) == 0  # the same walk again: everything is read back
    (record,) = records(capsys.readouterr().out)
    assert record["reused_jobs"] == record["jobs"] > 0
    assert run(["..../..../..../....", "--proof", "--checkpoint", str(path)]) == 2
    assert "checkpoint of another board" in capsys.readouterr().err


def test_a_proof_past_49_cells_is_taken_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    nearly_full = "/".join(["OXOXOXOX", "OXOXOXOX", "XOXOXOXO", "XOXOXOXO"] * 2)
    board = nearly_full[:-1] + "."  # O to move, one cell left: a draw
    assert run([board, "--k", "5", "--proof"]) == 0
    assert "O to move: draw (proved)" in capsys.readouterr().out
    assert run([board, "--k", "5", "--proof", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "warning: 8 x 8 has 64 cells" in err and "days" in err


def test_past_its_opening_table_6x5_gives_the_value_and_one_proved_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 6 x 5 with k = 4 is played one proved move at a time: past the opening table's
    # plies the report is still exact, for the value and the best move alone.
    position = "X..../.O.../..X../...O./...../....."
    assert run([position, "--k", "4"]) == 0
    out = capsys.readouterr().out
    assert "to move: " in out and "(exact; one best move proved, the others not valued: " in out
    assert "6 x 5 with k=4 is too slow to value every move" in out and "moves:" not in out
    assert run([position, "--k", "4", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["exact"] is True and record["every_move"] is False
    assert str(record["not_every_move"]).startswith("6 x 5 with k=4")
    board = Board.parse(position, 4)
    (best,) = record["best"]  # type: ignore[misc]
    value = Solver().value(board.play(best)).flipped
    assert record["value"] == str(value) == str(Solver().value(board))


def test_the_first_plies_of_6x5_have_every_move_valued(capsys: pytest.CaptureFixture[str]) -> None:
    empty = "/".join(["....."] * 6)
    assert run([empty, "--k", "4", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert record["exact"] is True and record["every_move"] is True
    assert record["value"] == "win" and len(record["moves"]) == 30  # type: ignore[arg-type]
    assert run([empty, "--k", "4"]) == 0
    assert "X to move: X wins in 6 (exact)\n" in capsys.readouterr().out
