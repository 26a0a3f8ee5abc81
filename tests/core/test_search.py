"""The search service: limits checked, a budget's count, clock and cancel, one exception."""

from __future__ import annotations

import math
import threading

import pytest

import tictactoe.core
from tictactoe.core.search import Budget, Limits, SearchStopped


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    "bad",
    [{"seconds": 0}, {"seconds": float("nan")}, {"nodes": 0}, {"seconds": None}, {"depth": True}],
)
def test_limits_are_checked(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Limits(**bad)  # type: ignore[arg-type]


def test_limits_of_prefers_nodes_for_reproducible_games() -> None:
    assert Limits.of() == Limits(seconds=1.0)
    assert Limits.of(0.5) == Limits(seconds=0.5)
    assert Limits.of(None, 300) == Limits(seconds=None, nodes=300)


def test_the_core_exports_the_search_service() -> None:
    for name in ("Limits", "Progress", "Cancel", "Player", "SearchStopped"):
        assert name in tictactoe.core.__all__
        assert getattr(tictactoe.core, name) is getattr(tictactoe.core.search, name)


def test_a_node_budget_counts_on_from_where_it_starts() -> None:
    budget = Budget(Limits(seconds=None, nodes=10), nodes=100)
    budget.nodes = 109
    assert not budget.spent()
    budget.nodes = 110
    with pytest.raises(SearchStopped, match="nodes"):
        budget.check()
    budget.nodes = 0
    assert budget.spent()  # spent is for good


def test_the_clock_stops_a_timed_budget_a_little_early() -> None:
    clock = Clock()
    budget = Budget(Limits(seconds=1.0), clock=clock)
    assert budget.timed and budget.deadline == pytest.approx(100.97)
    clock.now = 100.96
    assert not budget.spent()
    clock.now = 100.97
    with pytest.raises(SearchStopped, match="time"):
        budget.check()


def test_a_budget_without_limits_runs_until_cancelled() -> None:
    cancel = threading.Event()
    budget = Budget(None, cancel)
    budget.nodes = 10**12
    assert not budget.timed and budget.node_limit == math.inf and budget.depth is None
    assert not budget.spent()
    cancel.set()
    with pytest.raises(SearchStopped, match="cancelled"):
        budget.check()


def test_count_looks_at_the_budget_every_few_nodes() -> None:
    cancel = threading.Event()
    budget = Budget(None, cancel)
    cancel.set()
    budget.count(1)  # not looked at yet
    with pytest.raises(SearchStopped):
        budget.count(15)


def test_a_phase_shares_what_is_left_and_may_be_capped() -> None:
    clock = Clock()
    cancel = threading.Event()
    budget = Budget(Limits(seconds=10.0, nodes=1_000, depth=4), cancel, clock)
    budget.nodes = 100
    half = budget.phase(0.5)
    assert half.node_limit == 550 and half.nodes == 100 and half.depth == 4
    assert half.deadline == pytest.approx(100 + 0.5 * (budget.deadline - 100))
    capped = budget.phase(1.0, nodes=50)
    assert capped.node_limit == 150 and capped.deadline == budget.deadline
    capped.nodes = 140
    budget.absorb(capped)
    assert budget.nodes == 140
    cancel.set()
    assert half.spent() and capped.spent()  # the same cancel
