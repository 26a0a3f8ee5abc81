"""``benchmarks/match.py``: its sequential test waits for a sample before it decides."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules


@pytest.fixture(scope="module")
def script(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("benchmarks/match.py", "match_script")


def test_two_lost_pairs_do_not_decide(script: ModuleType) -> None:
    lower, _ = script.sprt_bounds(0.05, 0.05)
    assert lower < script.sprt_llr([0.0, 0.0], 0.0, 50.0) < 0


def test_a_match_lost_game_after_game_stops_once_the_sample_is_there(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = object(), object()

    def b_wins(black: Any, white: Any, *_: Any) -> Mark:
        return Mark.X if black is b else Mark.O

    monkeypatch.setattr(script, "play_game", b_wins)
    tally = script.run(
        a, b, Rules(15, 15, 5), None, 0.0, 50.0, 0.05, 0.05, report=lambda _: None, stop=True
    )
    assert len(tally.pairs) == script.MIN_PAIRS
    assert tally.losses == 2 * script.MIN_PAIRS and tally.wins == 0
    lower, _ = script.sprt_bounds(0.05, 0.05)
    assert script.sprt_llr(tally.pairs[:-1], 0.0, 50.0) <= lower  # (it would have stopped)
