"""The line drawn through a won game: every winning line through the last move, end to end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.ui.winning import winning_lines


def test_a_row_a_double_line_and_nothing() -> None:
    rules = Rules()
    board = Board.parse("XXX/OO./...")
    assert winning_lines(board.winning_cells, 2, rules) == ((0, 2),)
    assert winning_lines(frozenset(), None, rules) == ()
    assert winning_lines(frozenset({0, 1, 2}), 8, rules) == (), "not through the last move"
    cross = frozenset({0, 1, 2, 4, 6}) | frozenset({2, 4, 6})
    assert set(winning_lines(cross, 2, rules)) == {(0, 2), (2, 6)}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([Rules(), Rules(4, 4, 3), Rules(7, 7, 5), Rules.of(3, 9, 3)]),
    st.integers(0, 10_000),
)
def test_random_won_games(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    board = Board.empty(rules)
    last = None
    while not board.is_over:
        last = rng.choice(board.legal_moves())
        board = board.play(last)
    lines = winning_lines(board.winning_cells, last, rules)
    if board.winner is None:
        assert lines == ()
        return
    assert lines, "a won game has its line"
    covered: set[int] = set()
    for first, end in lines:
        (r0, c0), (r1, c1) = rules.row_col(first), rules.row_col(end)
        steps = max(abs(r1 - r0), abs(c1 - c0))
        assert steps + 1 >= rules.k
        dr, dc = (r1 - r0) // steps, (c1 - c0) // steps
        cells = {rules.cell(r0 + i * dr, c0 + i * dc) for i in range(steps + 1)}
        assert last in cells and cells <= board.winning_cells
        covered |= cells
    assert covered == set(board.winning_cells)
