"""Which boards exact play takes on: a measured table, read without a clock."""

from __future__ import annotations

import time

import pytest

from tictactoe.core.exact import capability as capability_module
from tictactoe.core.exact.capability import (
    EVERY_MOVE_WORK,
    ONE_MOVE_WORK,
    TABLE_CELLS,
    Play,
    capability,
    read_table,
    unplayable_reason,
    unsupported_reason,
)
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules


def test_every_board_up_to_the_limit_has_a_line() -> None:
    table = read_table(capability_module.TABLE)
    for m in range(1, MAX_SIDE + 1):
        for n in range(m, MAX_SIDE + 1):
            if m * n <= TABLE_CELLS and n >= MIN_K:
                for k in range(MIN_K, n + 1):
                    assert (m, n, k) in table, (m, n, k)


def test_each_verdict_matches_its_measured_costs() -> None:
    for (m, n, k), known in read_table(capability_module.TABLE).items():
        every, one = known.every_move, known.one_move
        assert every is not None, (m, n, k)
        fast = every.finished and every.work <= EVERY_MOVE_WORK
        assert (known.play is Play.EVERY_MOVE) is fast, (m, n, k)
        if known.play is Play.ONE_MOVE:
            assert one is not None and one.finished and one.work <= ONE_MOVE_WORK
        if known.play is Play.REFUSED:
            assert one is not None and not (one.finished and one.work <= ONE_MOVE_WORK)


def test_small_boards_value_every_move_and_big_ones_are_refused() -> None:
    for rules in (Rules(3, 3, 3), Rules(4, 4, 4), Rules(5, 4, 4), Rules(1, 26, 4)):
        assert capability(rules).play is Play.EVERY_MOVE, rules
        assert unsupported_reason(rules) is None and unplayable_reason(rules) is None
    for rules in (Rules(8, 8, 5), Rules(15, 15, 5)):
        assert capability(rules).play is Play.REFUSED
        assert f"at most {TABLE_CELLS} cells" in (unsupported_reason(rules) or "")


def test_the_answer_takes_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("capability read a clock")

    capability_module._table.cache_clear()
    for name in ("perf_counter", "monotonic", "process_time", "time"):
        monkeypatch.setattr(time, name, no_clock)
    for rules in (Rules(5, 5, 4), Rules(7, 7, 5), Rules(6, 5, 4), Rules(2, 10, 4)):
        unsupported_reason(rules)
        unplayable_reason(rules)


def test_both_orientations_share_a_line_unless_one_has_its_own() -> None:
    assert capability(Rules(4, 6, 4)) == capability(Rules(6, 4, 4))
    assert capability(Rules(2, 7, 3)) == capability(Rules(7, 2, 3))


def test_a_refusal_quotes_the_measured_cost() -> None:
    reason = unplayable_reason(Rules(7, 7, 5))
    assert reason is not None
    assert reason.startswith("7 x 7 with k=5 is too slow to play exactly")
    assert "units of search" in reason and f"{ONE_MOVE_WORK:,}" in reason
