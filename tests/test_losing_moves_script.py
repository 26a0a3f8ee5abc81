"""``benchmarks/losing_moves.py``: a loss the search found counts as lost, proved or not."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from tictactoe.core.gomoku.search import WIN, unproved


def test_a_position_is_seen_lost_once_a_search_finds_the_loss(
    load_script: Callable[[str, str], ModuleType],
) -> None:
    script = load_script("benchmarks/losing_moves.py", "losing_moves")
    mated = -(WIN - 12)  # lost in 12 plies
    assert script.seen_lost(mated, proved=True)
    assert script.seen_lost(unproved(mated), proved=False)  # among the moves kept
    assert not script.seen_lost(-5000, proved=False)  # a bad position, not a loss
    assert not script.seen_lost(300, proved=False)
