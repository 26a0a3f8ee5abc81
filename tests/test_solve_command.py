"""``tictactoe solve``: text and JSON output, standard input, bad positions and flags."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys

import pytest

from tictactoe import cli
from tictactoe.commands import solve


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tictactoe solve")
    solve.add_arguments(parser)
    args = parser.parse_args(argv)
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
    assert "X to move: win in 1 ply" in out
    assert "best: 2 (c1)" in out
    assert "2 (c1)  win in 1 ply" in out
    assert "5 (c2)  draw in 5 plies" in out
    assert "6 (a3)  loss in 2 plies" in out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XX./OO./...", "--json"]) == 0
    assert run(["..../..../..../....", "--k", "4", "--json"]) == 0
    first, second = records(capsys.readouterr().out)
    assert first == {
        "position": "XX./OO./...",
        "value": "win",
        "plies": 1,
        "best": [2],
        "moves": {
            "2": {"value": "win", "plies": 1},
            "5": {"value": "draw", "plies": 5},
            "6": {"value": "loss", "plies": 2},
            "7": {"value": "loss", "plies": 2},
            "8": {"value": "loss", "plies": 2},
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


def test_k_option_changes_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["..../..../..../....", "--k", "3", "--json"]) == 0
    (record,) = records(capsys.readouterr().out)
    assert (record["value"], record["plies"], record["best"]) == ("win", 5, [5, 6, 9, 10])


def test_finished_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XXX/OO./...", "XOX/XOO/OXX", "--json"]) == 0
    won, full = records(capsys.readouterr().out)
    assert won == {"position": "XXX/OO./...", "value": "loss", "plies": 0, "best": [], "moves": {}}
    assert (full["value"], full["plies"], full["moves"]) == ("draw", 0, {})
    assert run(["XXX/OO./..."]) == 0
    assert "game over, X has won: loss for O to move" in capsys.readouterr().out


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


def test_too_big_board_is_a_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    big = "/".join(["......."] * 7)
    assert run([big, "X../.../..."]) == 2
    captured = capsys.readouterr()
    assert "cannot solve" in captured.err and big in captured.err
    assert "X../.../..." in captured.out


@pytest.mark.parametrize("argv", [["--k", "x", "..."], ["--k", "1", "..."], [], ["--bogus", "."]])
def test_bad_flags_exit_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(argv)
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_through_the_tictactoe_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "XX./OO./...", "--json"]) == 0
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
