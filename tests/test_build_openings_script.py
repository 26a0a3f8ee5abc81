"""``scripts/build_openings.py``: the table it writes, and its scan that stops and goes on."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe.core.board import Board
from tictactoe.core.exact import openings
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import every_move
from tictactoe.core.exact.symmetry import make_canonical
from tictactoe.core.rules import Rules

RULES = Rules(5, 5, 4)


def late_positions(count: int, marks: int = 12) -> list[Board]:
    """Positions with ``marks`` marks that are not over: quick to value every move of."""
    rng = random.Random(7)
    found: list[Board] = []
    while len(found) < count:
        board = Board.empty(RULES)
        while board.move_count < marks and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over and board not in found:
            found.append(board)
    return found


@pytest.fixture(scope="module")
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("scripts/build_openings.py", "build_openings")


def test_the_shipped_table_is_written_back_as_it_is(script: ModuleType, tmp_path: Path) -> None:
    table = Path(openings.TABLE)
    copy = tmp_path / "openings.tsv"
    script.write(copy, script.read(table))
    assert copy.read_text(encoding="utf-8") == table.read_text(encoding="utf-8")


def test_a_scan_stops_at_its_deadline_and_goes_on_from_there(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = late_positions(3)
    marks = boards[0].move_count
    monkeypatch.setattr(script, "positions", lambda rules, plies: boards)
    monkeypatch.setattr(script, "CHUNK", 1)
    monkeypatch.setattr(script, "HARD_NODES", -1)  # every position counts as slow
    lines: dict[str, set[str]] = {}
    counts: list[int] = []

    def save(found: dict[str, set[str]], count: int) -> None:
        script.merge(lines, found, marks, count)
        counts.append(count)

    assert not script.cover_slow(RULES, 4, marks, 1, 0, save, deadline=0.0)
    assert counts == [1]
    (board_line,) = lines
    assert board_line == "board 5 5 4 4"
    assert script.scanned(lines[board_line], marks) == 1
    assert script.cover_slow(RULES, 4, marks, 1, 1, save, deadline=math.inf)
    assert counts == [1, 2, 3]
    rows = lines[board_line]
    assert script.scanned(rows, marks) == 3
    assert [row for row in rows if row.startswith("scanned")] == [f"scanned {marks} 3"]
    assert sum(row.startswith("covers ") for row in rows) == 3


def test_covers_written_the_older_way_are_read_as_today(script: ModuleType) -> None:
    """An older table listed a covered position's children as positions of their own."""
    table = openings.openings(RULES)
    assert table is not None
    canonical = make_canonical(RULES)
    board = "board 5 5 4 4"
    today = set()
    older = {"scanned 4 9664"}
    for key in sorted(table.covers)[:3]:
        parent = openings.position(RULES, key)
        after = script.written(parent, every_move(Prover(RULES), parent))
        today.add(script.covers_line(parent, after, canonical))
        older.add(f"covers {key:x}")
        for cell, code in after.items():
            mover, other = script.sides(parent.play(cell))
            older.add(f"{canonical(mover | other << RULES.size):x} {code}")
    assert script.upgraded(board, older) == today | {"scanned 4 9664"}


def test_only_rebuilds_one_board_and_keeps_the_others(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = Rules(4, 3, 3)
    monkeypatch.setattr(script, "BOARDS", {RULES: 4, small: 1})
    monkeypatch.setattr(script, "SLOW_MARKS", {RULES: (4, 5), small: ()})
    table = tmp_path / "openings.tsv"
    shipped = script.read(Path(openings.TABLE))
    script.write(table, {**shipped, "board 4 3 3 1": {"fff w3"}})  # a stale part
    assert script.main(["--only", "4x3k3", "--table", str(table)]) == 0
    lines = script.read(table)
    assert lines["board 5 5 4 4"] == shipped["board 5 5 4 4"]
    empty = Prover(small, use_openings=False).outcome(0, 0)
    for board in ("board 4 3 3 1", "board 3 4 3 1"):  # both orientations
        assert f"0 {openings.encode(empty)}" in lines[board]
        assert "fff w3" not in lines[board]


def test_only_takes_a_board_with_an_opening_table(
    script: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        script.main(["--only", "7x7k5"])
    assert "--only takes a board with an opening table: 5x5k4, 6x5k4" in capsys.readouterr().err
