"""``tictactoe solve --tree``: the tree as text and JSON, the search switch, its options."""

from __future__ import annotations

import json

import pytest

from tictactoe.cli.commands import solve
from tictactoe.cli.parser import Parser
from tictactoe.core.board import Board
from tictactoe.core.exact.solver import Solver


def run(argv: list[str]) -> int:
    parser = Parser(prog="tictactoe solve")
    solve.add_arguments(parser)
    args = parser.parse_args(argv)
    args.parser = parser
    return solve.run(args)


def test_the_empty_board_reports_every_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([".../.../...", "--tree"]) == 0
    out = capsys.readouterr().out
    assert "X to move: draw (exact)" in out
    assert (
        "tree: minimax, 549,946 positions (alpha-beta 1,869; table 5,478; "
        "table with symmetries 765)" in out
    )
    assert "  b2  draw  [55,505 positions]" in out
    assert len([line for line in out.splitlines() if line.startswith("  ") and "[" in line]) == 9


def test_values_at_the_top_are_solves(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board.parse("X../.O./...")
    assert run([board.text, "--tree", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    moves = Solver().move_outcomes(board)
    children = record["tree"]["children"]
    assert [child["move"] for child in children] == sorted(moves)
    for child in children:
        move = moves[child["move"]]
        assert (child["value"], child["plies"], child["winner_moves"]) == (
            str(move.value),
            move.plies,
            move.winner_moves,
        )
        assert "children" not in child  # --depth 1
    assert set(record["counts"]) == {"minimax", "alphabeta", "table", "symmetry"}
    assert record["counts"]["minimax"] == record["tree"]["positions"]


def test_depth_and_the_search_switch(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["X../.../...", "--tree", "--depth", "2", "--search", "alphabeta"]) == 0
    out = capsys.readouterr().out
    assert "tree: alpha-beta, 337 positions (minimax 59,705;" in out
    assert (
        "    a2  X wins in 3  [cut off: X already has draw or better with b2; O can hold X" in out
    )
    assert run(["X../.../...", "--tree", "--depth", "3", "--search", "table", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["search"] == "table" and record["tree"]["positions"] == 1_870
    third = [
        node
        for child in record["tree"]["children"]
        for grandchild in child["children"]
        for node in grandchild.get("children", [])
    ]
    assert {node["visit"] for node in third} == {"searched", "seen"}
    assert all(node["positions"] == 0 for node in third if node["visit"] == "seen")


def test_a_big_board_gets_the_engines_search(capsys: pytest.CaptureFixture[str]) -> None:
    rows = ["." * 9] * 4 + ["....X....", "...O....."] + ["." * 9] * 3
    assert run(["/".join(rows), "--tree", "--nodes", "2000", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["exact"] is False and record["search"] == "engine"
    assert record["moves"] and record["pruned"] and record["pv"][0] == record["best"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [".../.../...", "--tree", "--depth", "0"],
            "--depth must be a whole number of at least 1, not '0'.",
        ),
        ([".../.../...", "--tree", "--depth", "deep"], "--depth must be a whole number"),
        ([".../.../...", "--depth", "2"], "--depth and --search go with --tree"),
        (
            [".../.../...", "--tree", "--search", "bfs"],
            "--search must be one of minimax, alphabeta, table, symmetry, not bfs.",
        ),
        ([".../.../...", "--tree", "--proof"], "--tree and --proof cannot be used together"),
    ],
)
def test_bad_options_say_why(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_a_finished_position_and_a_bad_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["XXX/OO./...", "--tree"]) == 0
    assert "game over: X has won" in capsys.readouterr().out
    assert run(["XXXX/...", "--tree"]) == 2
    assert "bad position" in capsys.readouterr().err
