"""The search's position: make/unmake restore everything; threat cells match the rules."""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import reduce
from operator import or_

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, cells_of
from tictactoe.core.gomoku.patterns import (
    CODES,
    FIVES,
    FLEX_FOURS,
    FOURS,
    MOVER_VALUE,
    OPPONENT_VALUE,
)
from tictactoe.core.gomoku.position import CELL_BITS, CELL_MASK, Geometry, Position
from tictactoe.core.rules import DIRECTIONS, Rules


def snapshot(pos: Position) -> tuple[object, ...]:
    return (
        list(pos.info),
        list(pos.scores),
        list(pos.threats),
        pos.hash,
        list(pos.stones),
        pos.near,
    )


def completing(windows: Iterable[int], mine: int, theirs: int) -> set[int]:
    """Cells where the side holding ``mine`` would complete one of ``windows`` (bitmasks of
    k cells: the rules' winning lines, or some of them) - brute force."""
    found = set()
    for mask in windows:
        if not mask & theirs and (mask & mine).bit_count() == mask.bit_count() - 1:
            found |= set(cells_of(mask & ~mine))
    return found


def random_game(rules: Rules, rng: random.Random, plies: int) -> Board:
    """A board after up to ``plies`` random moves (fewer if the game ends)."""
    board = Board.empty(rules)
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    return board


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
    board = random_game(rules, rng, plies)
    pos = Position(geometry, board.x, board.o)
    assert pos.stones == [board.x, board.o]
    fresh = snapshot(pos)
    # Threat cells agree with a brute-force scan of the winning lines.
    if board.winner is None:
        assert set(pos.cells(FIVES, 0)) == completing(rules.line_masks, board.x, board.o)
        assert set(pos.cells(FIVES, 1)) == completing(rules.line_masks, board.o, board.x)
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
    """The incremental scores equal every cell's codes weighed afresh, for each side to move."""
    rules = Rules(11, 11, 5)
    rng = random.Random(seed)
    board = random_game(rules, rng, plies)
    pos = Position(Geometry(rules), board.x, board.o)
    for me in (0, 1):
        mine = [code for info in pos.info for code in info[CODES + me]]
        theirs = [code for info in pos.info for code in info[CODES + (me ^ 1)]]
        expected = sum(MOVER_VALUE[code] for code in mine) - sum(
            OPPONENT_VALUE[code] for code in theirs
        )
        assert pos.evaluate(me) == expected


def windows_through(rules: Rules, cell: int, dr: int, dc: int) -> list[int]:
    """The k-cell windows (bitmasks) of one direction that hold ``cell``."""
    row, col = rules.row_col(cell)
    found = []
    for shift in range(rules.k):
        start_r, start_c = row - shift * dr, col - shift * dc
        cells = [(start_r + i * dr, start_c + i * dc) for i in range(rules.k)]
        if all(0 <= r < rules.m and 0 <= c < rules.n for r, c in cells):
            found.append(sum(1 << rules.cell(r, c) for r, c in cells))
    return found


def makes_double_threat(rules: Rules, cell: int, mine: int, theirs: int) -> bool:
    """Brute force: a stone on ``cell`` makes two fours, or a four and an open three."""
    mine |= 1 << cell
    fours = threes = 0
    for dr, dc in DIRECTIONS:
        windows = windows_through(rules, cell, dr, dc)
        if completing(windows, mine, theirs):
            fours += 1
            continue
        spare = set(cells_of(reduce(or_, windows, 0) & ~(mine | theirs)))
        if any(len(completing(windows, mine | 1 << c, theirs)) > 1 for c in spare):
            threes += 1
    return fours > 1 or (fours == 1 and threes > 0)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(6, 50))
def test_double_threat_matches_a_brute_force_scan(seed: int, plies: int) -> None:
    rules = Rules(9, 9, 5)
    rng = random.Random(seed)
    board = random_game(rules, rng, plies)
    if board.is_over:
        return
    pos = Position(Geometry(rules), board.x, board.o)
    for side, mine, theirs in ((0, board.x, board.o), (1, board.o, board.x)):
        if completing(rules.line_masks, mine, theirs):
            continue  # a five to make: the search never asks then
        expected = any(
            makes_double_threat(rules, cell, mine, theirs) for cell in cells_of(pos.free)
        )
        assert pos.double_threat(side) == expected


def test_double_threat_shapes() -> None:
    rules = Rules(15, 15, 5)
    geometry = Geometry(rules)

    def stones(*cells: tuple[int, int]) -> int:
        return sum(1 << rules.cell(row, col) for row, col in cells)

    down = ((4, 7), (5, 7), (6, 7))
    four_three = Position(geometry, x=stones(*down, (7, 5), (7, 6)), o=stones((3, 7)))
    assert four_three.double_threat(0)  # (7, 7): a closed four down, an open three across
    assert not four_three.double_threat(1)
    closed = Position(geometry, x=stones(*down, (7, 5), (7, 6)), o=stones((3, 7), (7, 4)))
    assert not closed.double_threat(0)  # across, (7, 7) now makes only a closed three
    lone_four = Position(geometry, x=stones(*down), o=stones((3, 7)))
    assert not lone_four.double_threat(0)  # one four and nothing else
    double_four = Position(
        geometry, x=stones(*down, (7, 4), (7, 5), (7, 6)), o=stones((3, 7), (7, 3))
    )
    assert double_four.double_threat(0)  # (7, 7) makes two closed fours


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([(6, 6), (9, 7), (15, 15)]), seed=st.integers(0, 10**6))
def test_order_keys_are_the_ordering_scores_packed(size: tuple[int, int], seed: int) -> None:
    rules = Rules(*size, 5)
    rng = random.Random(seed)
    board = random_game(rules, rng, rng.randrange(0, 20))
    pos = Position(Geometry(rules), board.x, board.o)
    bonus = [rng.randrange(-50, 50) for _ in range(rules.size)]
    for side in (0, 1):
        bits = pos.free  # corners and edges have fewer than four lines through them
        keys = pos.order_keys(bits, side, bonus)
        scored = pos.order_scores(cells_of(bits), side)
        assert [(key >> CELL_BITS, key & CELL_MASK) for key in keys] == [
            (score + bonus[cell], cell) for score, cell in scored
        ]
        assert sorted(keys) == [
            score << CELL_BITS | cell
            for score, cell in sorted((s + bonus[c], c) for s, c in scored)
        ]
