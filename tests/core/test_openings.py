"""The measured outcomes of the slow boards' first plies agree with the search."""

from __future__ import annotations

import random

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.openings import Openings, encode, openings, position
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import every_move
from tictactoe.core.exact.values import Prospect, Value
from tictactoe.core.rules import Rules


def sides(board: Board) -> tuple[int, int]:
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


def test_5x5_k4_has_its_first_plies_measured() -> None:
    table = openings(Rules(5, 5, 4))
    assert table is not None and table.plies >= 3
    assert openings(Rules(3, 3, 3)) is None
    engine = Prover(Rules(5, 5, 4))
    assert table.outcome(engine.key(0, 0), 25) == Prospect(Value.DRAW, 25)


def test_outcomes_are_written_as_a_letter_and_the_plies() -> None:
    assert encode(Prospect(Value.WIN, 7)) == "w7"
    assert encode(Prospect(Value.LOSS, 12)) == "l12"


@pytest.mark.slow
def test_a_sample_of_the_table_agrees_with_the_search() -> None:
    rules = Rules(5, 5, 4)
    table = openings(rules)
    assert table is not None
    rng = random.Random(3)
    for _ in range(8):
        board = Board.empty(rules)
        for _ in range(rng.randrange(2, table.plies + 1)):
            child = board.play(rng.choice(board.legal_moves()))
            if child.is_over:
                break
            board = child
        mover, other = sides(board)
        searched = Prover(rules, use_openings=False).outcome(mover, other)
        read = Prover(rules).outcome(mover, other)
        assert read == searched, board.text


def test_the_table_knows_its_plies_and_the_positions_it_covers() -> None:
    rules = Rules(5, 5, 4)
    engine = Prover(rules)
    five = engine.key(0b111, 0b11000)
    table = Openings(4, {}, {five: ""})
    assert table.knows(engine.key(0, 0), 0) and table.knows(engine.key(0b1, 0b10), 2)
    assert table.knows(five, 5)
    assert not table.knows(engine.key(0b111000, 0b111), 6)
    shipped = openings(rules)
    assert shipped is not None and shipped.covers, "no slow position is covered"
    assert all(shipped.knows(key, key.bit_count()) for key in shipped.covers)


def test_a_covered_position_lists_the_outcome_after_each_move_by_cell() -> None:
    table = Openings(4, {}, {0x7: "3=w5 12=l14", 0x8: ""})
    assert table.children(0x7) == {3: Prospect(Value.WIN, 5), 12: Prospect(Value.LOSS, 14)}
    assert table.children(0x8) == {}


@pytest.mark.slow
def test_covered_positions_are_valued_as_the_search_values_them() -> None:
    rules = Rules(5, 5, 4)
    table = openings(rules)
    assert table is not None
    for key in sorted(table.covers)[:2]:
        board = position(rules, key)
        assert Prover(rules).key(*sides(board)) == key
        engine = Prover(rules)
        assert every_move(engine, board) == every_move(Prover(rules, use_openings=False), board)
        assert engine.nodes == 0, board.text


def turned(board: Board, perm: tuple[int, ...]) -> Board:
    """``board`` with every mark moved by the symmetry ``perm``."""
    x = sum(1 << perm[cell] for cell in range(board.rules.size) if board.x >> cell & 1)
    o = sum(1 << perm[cell] for cell in range(board.rules.size) if board.o >> cell & 1)
    return Board(board.rules, x, o)


def test_covered_positions_are_read_in_every_orientation() -> None:
    rules = Rules(5, 5, 4)
    table = openings(rules)
    assert table is not None
    for key in sorted(table.covers)[::97]:
        board = position(rules, key)
        first = every_move(Prover(rules), board)
        # a move that does not draw exactly where the covers line lists one (some slow
        # positions draw whatever is played)
        assert any(move.value is not Value.DRAW for move in first.values()) == bool(
            table.covers[key]
        )
        for perm in rules.symmetries:
            engine = Prover(rules)
            moves = every_move(engine, turned(board, perm))
            assert engine.nodes == 0
            assert moves == {perm[cell]: move for cell, move in first.items()}, board.text
