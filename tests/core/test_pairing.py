"""Pairing strategies: the pairs found are real pairings, and they prove what they claim."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.pairing import Pairings
from tictactoe.core.rules import Rules

BOARDS = (
    Rules(1, 5, 4),
    Rules(1, 9, 4),
    Rules(3, 3, 3),
    Rules(4, 4, 4),
    Rules(5, 4, 4),
    Rules(2, 8, 4),
)


MAX_EMPTIES = 10
"""Random positions keep at most this many empty cells, so brute force stays quick."""


def live_lines(board: Board, defender: int) -> list[int]:
    return [line for line in board.rules.line_masks if not line & defender]


def mover_can_win(board: Board, memo: dict[Board, bool]) -> bool:
    """Plain brute force over Board objects: can the side to move force a win?"""
    known = memo.get(board)
    if known is None:
        known = memo[board] = not board.is_over and any(
            (child := board.play(cell)).winner is not None or not opponent_holds(child, memo)
            for cell in board.legal_moves()
        )
    return known


def opponent_holds(board: Board, memo: dict[Board, bool]) -> bool:
    """True if the side to move (the defender) can at least stop the other from winning."""
    return board.is_over or any(
        (child := board.play(cell)).winner is not None or not mover_can_win(child, memo)
        for cell in board.legal_moves()
    )


def test_a_row_of_five_with_k4_pairs_its_middle_cells() -> None:
    rules = Rules(1, 5, 4)
    assert Pairings(rules).find(rules.line_masks, rules.full_mask) == (0b01100,)


def test_no_pairing_where_a_line_has_one_cell_left() -> None:
    rules = Rules(1, 4, 4)
    line = rules.line_masks[0]
    assert Pairings(rules).find([line], 0b1000) is None


def test_empty_3x3_has_no_pairing() -> None:
    rules = Rules()
    assert Pairings(rules).find(rules.line_masks, rules.full_mask) is None


@st.composite
def positions(draw: st.DrawFn) -> Board:
    rules = draw(st.sampled_from(BOARDS))
    board = Board.empty(rules)
    for _ in range(draw(st.integers(max(0, rules.size - MAX_EMPTIES), rules.size))):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves())))
    return board


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions())
def test_a_pairing_found_covers_every_line_and_proves_no_win(board: Board) -> None:
    if board.is_over:
        return
    other = board.o if board.turn is Mark.X else board.x
    empty = board.rules.full_mask & ~(board.x | board.o)
    lines = live_lines(board, other)
    pairs = Pairings(board.rules).find(lines, empty)
    if pairs is None:
        return
    assert_pairing(pairs, lines, empty)
    # The mover cannot win against the pairing answer.
    assert not mover_can_win(board, {})


def assert_pairing(pairs: tuple[int, ...], lines: list[int], empty: int) -> None:
    used = 0
    for pair in pairs:
        assert pair.bit_count() == 2 and pair & empty == pair and not pair & used
        used |= pair
    assert all(any(line & pair == pair for pair in pairs) for line in lines)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from((Rules(7, 7, 5), Rules(5, 5, 4), Rules(6, 6, 5))), st.randoms())
def test_pairings_asked_one_after_another_are_real_pairings(rules: Rules, rng: object) -> None:
    # One Pairings through a game, its answers cached between positions.
    pairings = Pairings(rules)
    board = Board.empty(rules)
    while not board.is_over:
        for defender in (board.x, board.o):
            empty = rules.full_mask & ~(board.x | board.o)
            lines = live_lines(board, defender)
            pairs = pairings.find(lines, empty)
            if pairs is not None:
                assert_pairing(pairs, lines, empty)
        board = board.play(rng.choice(board.legal_moves()))  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from((Rules(5, 5, 4), Rules(6, 5, 4), Rules(7, 7, 5))), st.randoms())
def test_a_pairing_without_a_move_is_that_of_the_lines_it_misses(rules: Rules, rng: object) -> None:
    # find_without(lines, move, empty) answers as find on the lines missing the move,
    # with the move's cell taken: the same pairing, a real one.
    board = Board.empty(rules)
    while not board.is_over:
        defender = board.o if board.turn is Mark.X else board.x
        empty = rules.full_mask & ~(board.x | board.o)
        lines = live_lines(board, defender)
        move = 1 << rng.choice(board.legal_moves())  # type: ignore[attr-defined]
        left = empty & ~move
        rest = [line for line in lines if not line & move]
        found = Pairings(rules).find_without(lines, move, empty)
        assert found == Pairings(rules).find(rest, left)
        if found is not None:
            assert_pairing(found, rest, left)
        board = board.play(rng.choice(board.legal_moves()))  # type: ignore[attr-defined]


def test_the_steps_spent_count_branchings_and_not_remembered_answers() -> None:
    rules = Rules(5, 5, 5)  # the classic pairing draw: found after a few branchings
    pairings = Pairings(rules)
    assert pairings.find(rules.line_masks, rules.full_mask) is not None
    spent = pairings.spent
    assert spent > 0
    pairings.find(rules.line_masks, rules.full_mask)
    assert pairings.spent == spent  # answered from memory: no work
    wide = Rules(7, 7, 5)
    gives_up = Pairings(wide)
    assert gives_up.find(wide.line_masks, wide.full_mask) is None
    assert gives_up.spent == gives_up.steps + 1  # searched until its budget ran out
