"""The search's position: make/unmake restore everything; threat cells match the rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board
from tictactoe.core.gomoku.patterns import FIVES, FLEX_FOURS, FOURS, TEMPO, VALUE
from tictactoe.core.gomoku.position import Geometry, Position, cells_of
from tictactoe.core.rules import Rules


def snapshot(pos: Position) -> tuple[object, ...]:
    return (
        list(pos.keys),
        list(pos.info),
        list(pos.scores),
        list(pos.threats),
        pos.hash,
        list(pos.stones),
        pos.near,
    )


def completing(board: Board, mark_bits: int, other_bits: int) -> set[int]:
    """Cells where the side holding ``mark_bits`` would complete k in a row (brute force)."""
    rules = board.rules
    found = set()
    for mask in rules.line_masks:
        if not mask & other_bits and (mask & mark_bits).bit_count() == rules.k - 1:
            found |= set(cells_of(mask & ~mark_bits))
    return found


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(3, 12),
    n=st.integers(3, 12),
    k=st.integers(3, 6),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 40),
)
def test_make_unmake_and_threats(m: int, n: int, k: int, seed: int, plies: int) -> None:
    if k > max(m, n):
        return
    rules = Rules(m, n, k)
    rng = random.Random(seed)
    geometry = Geometry(rules)
    board = Board.empty(rules)
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    pos = Position(geometry, board.x, board.o)
    assert pos.stones == [board.x, board.o]
    fresh = snapshot(pos)
    # Threat cells agree with a brute-force scan of the winning lines.
    if board.winner is None:
        assert set(pos.cells(FIVES, 0)) == completing(board, board.x, board.o)
        assert set(pos.cells(FIVES, 1)) == completing(board, board.o, board.x)
        for side in (0, 1):
            for cell in pos.cells(FLEX_FOURS, side):
                assert cell in pos.cells(FOURS, side)
            assert list(cells_of(pos.fours(side))) == pos.cells(FOURS, side)
    # A few moves made and taken back leave no trace.
    free = list(cells_of(pos.free))
    rng.shuffle(free)
    played = free[:5]
    for index, cell in enumerate(played):
        pos.make(cell, index % 2)
    for cell in reversed(played):
        assert pos.unmake() == cell
    assert snapshot(pos) == fresh
    # The same stones reached in another order give the same hash and evaluation.
    again = Position(geometry, board.x, board.o)
    assert (again.hash, again.scores) == (pos.hash, pos.scores)


def test_candidates_are_near_the_stones() -> None:
    rules = Rules(15, 15, 5)
    pos = Position(Geometry(rules))
    assert pos.candidates() == rules.full_mask  # empty board: anywhere
    pos.make(rules.cell(7, 7), 0)
    near = set(cells_of(pos.candidates()))
    assert len(near) == 24
    assert all(max(abs(r - 7), abs(c - 7)) <= 2 for r, c in map(rules.row_col, near))


def test_peek_matches_make() -> None:
    rules = Rules(9, 9, 5)
    pos = Position(Geometry(rules), x=0b111 << 30, o=0b11 << 50)
    fours = pos.fours(0)
    assert fours
    for side in (0, 1):
        for cell in cells_of(pos.candidates()):
            score = pos.peek(cell, side)
            pos.make(cell, side)
            assert score == -pos.evaluate(side ^ 1)
            if side == 0:
                assert bool(fours >> cell & 1) == bool(pos.threats[2 * FIVES])
            pos.unmake()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_evaluation_is_the_sum_of_the_lines(seed: int, plies: int) -> None:
    """The incremental scores equal the lines' values summed afresh, with the tempo weights."""
    rules = Rules(11, 11, 5)
    rng = random.Random(seed)
    board = Board.empty(rules)
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    pos = Position(Geometry(rules), board.x, board.o)
    value_x = sum(info[VALUE] for info in pos.info)
    value_o = sum(info[VALUE + 1] for info in pos.info)
    num, den = TEMPO
    assert pos.evaluate(0) == value_x * num // den - value_o
    assert pos.evaluate(1) == value_o * num // den - value_x
