"""``benchmarks/bench_strength.py --ladder``: a match against a Gomocup brain held to each rung."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

# A stand-in for a node-limited Gomocup brain: it plays the first free cell from the top left,
# and writes down the node budgets it is given (INFO max_node) and the stones of each position
# sent whole (BOARD).
FAKE_BRAIN = """\
import sys
taken, size = set(), 15
def move():
    cell = min(set(range(size * size)) - taken)
    taken.add(cell)
    print(f"{cell % size},{cell // size}", flush=True)
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START") or line == "RESTART":
        taken.clear()
        print("OK", flush=True)
    elif line.startswith("INFO max_node"):
        with open(sys.argv[0] + ".nodes", "a") as out:
            out.write(line.split()[-1] + "\\n")
    elif line.startswith("TURN"):
        x, y = map(int, line.split()[1].split(","))
        taken.add(y * size + x)
        move()
    elif line == "BOARD":
        taken.clear()
    elif line.count(",") == 2:
        x, y, _ = map(int, line.split(","))
        taken.add(y * size + x)
    elif line in ("DONE", "BEGIN"):
        if line == "DONE":
            with open(sys.argv[0] + ".boards", "a") as out:
                out.write(f"{len(taken)}\\n")
        move()
    elif line == "END":
        break
"""


@pytest.fixture
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/bench_strength.py", "bench_strength")


@pytest.fixture
def brain(python_program: Callable[[str, str], Path]) -> Path:
    return python_program("brain", FAKE_BRAIN)


def test_the_ladder_holds_the_engine_to_nodes_and_the_brain_to_each_rung(
    script: ModuleType, brain: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("h8i9\ng7\n")
    argv = ["--ladder", str(brain), "--rungs", "100,200", "--nodes", "500"]
    assert script.main([*argv, "--openings", "1", "--openings-file", str(openings)]) == 0
    printed = capsys.readouterr().out
    assert "engine at 500 nodes a move, 15 x 15:" in printed
    summary = printed.split("engine at 500 nodes a move")[1].splitlines()[1:]
    assert [line.split(":")[0].split()[0] for line in summary] == ["100", "200"]
    assert all("+2 -0 =0 of 2" in line for line in summary), summary  # it beats first-free
    assert "FAIL" not in printed.split("---")[1]  # no target at these rungs
    assert Path(f"{brain}.nodes").read_text().split() == ["100", "200"]
    # each rung's games start from the file's first opening, h8 i9: the brain is given it
    # after the engine's first move, then (colours swapped) as it is
    assert Path(f"{brain}.boards").read_text().split() == ["3", "2", "3", "2"]


def test_a_brain_that_cannot_start_is_named_without_a_traceback(
    script: ModuleType, tmp_path: Path
) -> None:
    argv = ["--ladder", str(tmp_path / "no-brain"), "--rungs", "100", "--nodes", "500"]
    with pytest.raises(SystemExit, match=r"bench_strength\.py: .*could not be started"):
        script.main([*argv, "--openings", "1"])
