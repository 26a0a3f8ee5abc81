"""``benchmarks/move_quality.py``: positions from match logs, a judge's scores, moves' drops."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe.core.cells import parse
from tictactoe.core.rules import Rules

RULES = Rules(15, 15, 5)

# A stand-in for a Gomocup brain that prints its evaluation as Rapfi does: the side to move
# (its stones are "1" in BOARD) scores the sum of its stones' columns (from 0) less the
# other's; with 12 stones or more of its own it reports a forced win; with exactly 3 stones
# on the board it answers a1 at once, without a score, as a brain does with an only move.
FAKE_JUDGE = """\
import sys
own = other = count = 0
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    if line == "END":
        break
    if line.count(",") == 2:
        col, _, who = line.split(",")
        count += 1
        if who == "1":
            own += int(col)
        else:
            other += int(col)
    if line == "DONE":
        if count == 3:
            print("MESSAGE Speed 0 | Depth 0-0 | Eval VAL_NONE | Node 0 | Time 0ms")
            print("0,0")
        else:
            score = "+M9" if count >= 24 else str(own - other)
            print(f"MESSAGE Depth 3-5 | Eval {score} | Time 1ms | H8")
            print("14,14")  # o15, free in every test position
        sys.stdout.flush()
"""

LOG = """\
--- search against brain (10,000 nodes), 2 openings from 0
  lost: A as X, opening 1: b4 b5 f5 e4 f2 c1 d2 e2 b2 c6 e5 e6 d6 c7
  lost: A as O, opening 2: e5 e4 h2 c6 f2 b1 g4 i6 a7 h8 h9
"""


@pytest.fixture
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/move_quality.py", "move_quality")


@pytest.fixture
def judge_path(python_program: Callable[[str, str], Path]) -> str:
    return str(python_program("judge", FAKE_JUDGE))


def cells(text: str) -> list[int]:
    return [parse(RULES, move) for move in text.split()]


def test_positions_come_from_past_each_opening(script: ModuleType, tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    log.write_text(LOG)
    games = script.games([log])
    assert [game.start for game in games] == [10, 9]  # the openings' stones
    assert [game.side for game in games] == [0, 1]  # player A as X, then as O
    sample = script.positions([log], 100, seed=1)
    # 14 - 10 plies of the first game, 11 - 9 of the second: every position after the opening
    assert len(sample) == 6
    assert sorted(len(position) for position in sample) == [9, 10, 10, 11, 12, 13]


def test_the_judge_scores_the_side_to_move_and_caps_wins(
    script: ModuleType, judge_path: str
) -> None:
    judge = script.Judge(judge_path, 1000)
    assert judge.score(cells("h8 a9 i8 b9")) == (7 + 8) - (0 + 1)  # X to move
    assert judge.score(cells("h8 a9 i8 b9 j8")) == 1 - (7 + 8 + 9)  # O to move
    # a five to make is won without asking the judge
    assert judge.score(cells("a1 a15 b1 b15 c1 c15 d1 d15")) == script.CAP
    # a single five to block is played (e1), and the position after it is asked
    assert judge.score(cells("a1 a15 b1 b15 c1 c15 d1")) == -((0 + 1 + 2 + 3) - (0 + 1 + 2 + 4))
    crowd = cells(" ".join(f"{col}{row}" for row in (2, 4, 6) for col in "abcdefgh"))
    assert judge.score(crowd) == script.CAP  # the fake reports a forced win: capped


def test_an_only_move_is_valued_after_it_is_played(script: ModuleType, judge_path: str) -> None:
    judge = script.Judge(judge_path, 1000)
    # three stones: the fake answers a1 at once, without a score; X then has h8 and i8
    # (columns 7 and 8) against O's h9 and a1 (7 and 0)
    assert judge.score(cells("h8 h9 i8")) == -((7 + 8) - (7 + 0))


def test_the_report_compares_versions_on_the_same_positions(
    script: ModuleType, judge_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    log.write_text(LOG)
    src = str(Path(__file__).resolve().parent.parent / "src")
    options = ["--judge", judge_path, "--log", str(log), "--count", "3", "--nodes", "300"]
    code = script.main([*options, f"a={src}", f"b={src}@300"])
    out = capsys.readouterr().out
    assert code == 0
    assert "3 positions" in out
    assert "a: mean drop" in out and "b: mean drop" in out
    assert "b - a: +0 +- 0 (3 of 3 moves the same)" in out  # the same engine, the same moves


def test_a_cache_keeps_the_judges_scores_between_runs(
    script: ModuleType, judge_path: str, tmp_path: Path
) -> None:
    cache = tmp_path / "judge.json"
    judge = script.Judge(judge_path, 1000, cache)
    position = cells("h8 a9 i8 b9")
    assert judge.score(position) == 14
    judge.save()
    # a later run reads the score and the judge's move from the file: no brain is started
    again = script.Judge(str(tmp_path / "no-such-brain"), 1000, cache)
    assert again.score(position) == 14
    assert again.moves[tuple(position)] == judge.moves[tuple(position)]
    # another node budget is another judge: nothing cached for it
    assert script.Judge(judge_path, 2000, cache).memo == {}


def test_whole_games_compare_the_players_drops(
    script: ModuleType, judge_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    log.write_text(LOG)
    assert script.main(["--judge", judge_path, "--log", str(log), "--whole-games"]) == 0
    out = capsys.readouterr().out
    # past the openings: in the first game A (X) played e5 and d6, the other side e6 (c7,
    # the last move, is not judged); in the second A (O) played h9
    assert "A: 3 moves" in out
    assert "the other side: 1 moves" in out
