"""The measured outcomes of the slow boards' first plies agree with the search."""

from __future__ import annotations

import random

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.openings import encode, openings
from tictactoe.core.prover import Prover
from tictactoe.core.rules import Rules
from tictactoe.core.values import Prospect, Value


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
