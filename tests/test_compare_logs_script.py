"""``benchmarks/compare_logs.py``: two versions' matches compared opening by opening."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/compare_logs.py", "compare_logs")


def log(path: Path, scores: dict[int, float]) -> Path:
    """A match log with these pairs' scores (and the lines around them a log has)."""
    lines = ["--- search against brain (10,000 nodes), 4 openings from 0"]
    for number, score in scores.items():
        lines.append(f"  lost: A as X, opening {number}: h8 i9")
        lines.append(f"opening {number:2}: pair {score:.1f}  A +0 -0 =0  score   0.0%")
    path.write_text("\n".join(lines) + "\nA: 0 wins, 0 losses, 0 draws of 8: 0.0%\n")
    return path


def test_pairs_are_compared_on_the_common_openings(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = log(tmp_path / "new.log", {1: 2.0, 2: 1.0, 3: 1.0, 4: 0.0, 5: 2.0})
    old = log(tmp_path / "old.log", {1: 1.0, 2: 1.0, 3: 0.0, 4: 0.0})
    assert script.pairs(new) == {1: 2.0, 2: 1.0, 3: 1.0, 4: 0.0, 5: 2.0}
    found = script.compare(script.pairs(new), script.pairs(old))
    # opening 5 is in one log only; the steps are 1, 0, 1, 0: mean 0.5, sd 0.577
    assert found.openings == 4 and found.changed == 2
    assert found.new == pytest.approx(4 / 8) and found.old == pytest.approx(2 / 8)
    assert found.difference == pytest.approx(0.25)
    assert found.margin == pytest.approx(1.96 * (1 / 3) ** 0.5 / 2 / 2)
    assert script.main([str(new), str(old)]) == 0
    assert capsys.readouterr().out == (
        "4 openings: new 50.0%, old 25.0%, difference +25.0 +- 28.3 points (95%), 2 pairs changed\n"
    )


def test_logs_with_too_few_common_openings_are_refused(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = log(tmp_path / "new.log", {1: 2.0, 2: 1.0})
    old = log(tmp_path / "old.log", {2: 1.0, 3: 0.0})
    assert script.main([str(new), str(old)]) == 1
    assert "fewer than two openings in common" in capsys.readouterr().out


def test_a_missing_log_is_named_without_a_traceback(script: ModuleType, tmp_path: Path) -> None:
    old = log(tmp_path / "old.log", {1: 1.0, 2: 1.0})
    with pytest.raises(SystemExit, match=r"compare_logs\.py: .*missing\.log"):
        script.main([str(tmp_path / "missing.log"), str(old)])
