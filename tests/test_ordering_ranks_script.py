"""``benchmarks/ordering_ranks.py``: where the other side's moves rank in the move ordering."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe.core.board import cells_of
from tictactoe.core.gomoku.patterns import FIVES, FOURS
from tictactoe.core.gomoku.position import Geometry, Position

LOG = """\
--- search against brain (10,000 nodes), 2 openings from 0
  lost: A as X, opening 1: b4 b5 f5 e4 f2 c1 d2 e2 b2 c6 e5 e6 d6 c7 g4 h3 d5 f6
  lost: A as O, opening 2: e5 e4 h2 c6 f2 b1 g4 i6 a7 h8 h9 g8 i8 f7 d6
"""


@pytest.fixture
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/ordering_ranks.py", "ordering_ranks")


def rank_by_scores(pos: Position, cell: int, side: int) -> int:
    """The move's rank among the candidates by their ordering scores (ties: the higher
    cell first, as the packed keys sort)."""
    scored = pos.order_scores(cells_of(pos.candidates()), side)
    order = [
        found for _, found in sorted(scored, key=lambda item: (item[0], item[1]), reverse=True)
    ]
    return order.index(cell) + 1


def test_ranks_are_those_of_the_other_sides_quiet_moves_after_the_opening(
    script: ModuleType, tmp_path: Path
) -> None:
    log = tmp_path / "match.log"
    log.write_text(LOG)
    expected = []
    for game in script.games([log]):
        pos = Position(Geometry(script.RULES))
        for ply, cell in enumerate(game.cells):
            side = ply % 2
            sharp = any(pos.threats[2 * kind + who] for kind in (FIVES, FOURS) for who in (0, 1))
            if side != game.side and ply >= game.start and not sharp:
                expected.append(rank_by_scores(pos, cell, side))
            pos.make(cell, side)
    found = script.ranks([log])
    assert found == expected
    assert 3 <= len(found) <= 6  # B's moves past the openings (10 and 9 stones), quiet ones


def test_the_report_gives_the_shares(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    log.write_text(LOG)
    assert script.main([str(log)]) == 0
    out = capsys.readouterr().out
    found = script.ranks([log])
    lines = out.splitlines()
    assert lines[0] == f"{len(found)} quiet positions of the lost games where the other side moved"
    for top, line in zip(script.TOPS, lines[1:], strict=False):
        share = 100 * sum(1 for rank in found if rank <= top) / len(found)
        assert line == f"  among the first {top:2}: {share:5.1f}%"
    assert lines[-1] == "  not a candidate:        0.0%"
    empty = tmp_path / "empty.log"
    empty.write_text("--- nothing lost\n")
    assert script.main([str(empty)]) == 1


def test_a_missing_log_is_named_without_a_traceback(script: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"ordering_ranks\.py: .*missing\.log"):
        script.main([str(tmp_path / "missing.log")])
