"""Move analysis: every legal move's value, consistent with the solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.analysis import MoveValue, analyse, best_moves, mistakes
from tictactoe.core.board import Board
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.core.exact.solver import Prospect, Solver, Value
from tictactoe.core.rules import Rules


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


@st.composite
def positions(draw: st.DrawFn, rules: Rules) -> Board:
    board = Board.empty(rules)
    for _ in range(draw(st.integers(0, rules.size))):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves())))
    return board


def test_immediate_win_is_a_win_in_one(solver: Solver) -> None:
    moves = analyse(Board.parse("XX./OO./..."), solver)
    assert moves == {
        2: MoveValue(Value.WIN, 1),
        5: MoveValue(Value.DRAW, 5),
        6: MoveValue(Value.LOSS, 2),
        7: MoveValue(Value.LOSS, 2),
        8: MoveValue(Value.LOSS, 2),
    }


def test_every_legal_move_is_analysed_in_cell_order(solver: Solver) -> None:
    board = Board.parse("X.O/.X./..O")
    assert list(analyse(board, solver)) == list(board.legal_moves())


def test_empty_board_moves_all_draw(solver: Solver) -> None:
    moves = analyse(Board.empty(), solver)
    assert set(moves.values()) == {MoveValue(Value.DRAW, 9)}


def test_finished_board_has_no_moves(solver: Solver) -> None:
    assert analyse(Board.parse("XXX/OO./..."), solver) == {}
    assert best_moves({}) == ()


def test_works_without_a_solver() -> None:
    assert analyse(Board.parse("XX./OO./..."))[2] == MoveValue(Value.WIN, 1)


@settings(max_examples=200, deadline=None)
@given(positions(Rules()))
def test_consistent_with_solve_on_3x3(board: Board) -> None:
    solver = Solver()
    moves = analyse(board, solver)
    solution = solver.solve(board)
    assert best_moves(moves) == solution.best
    for cell, move in moves.items():
        assert move == solver.outcome(board.play(cell)).after_move()
    if moves:
        best = moves[solution.best[0]]
        assert (best.value, best.plies) == (solution.value, solution.plies)


@settings(max_examples=30, deadline=None)
@given(positions(Rules(4, 4, 3)))
def test_consistent_with_solve_on_4x4_k3(board: Board) -> None:
    solver = Solver()
    moves = analyse(board, solver)
    solution = solver.solve(board)
    assert best_moves(moves) == solution.best
    if moves:
        assert moves[solution.best[0]] == Prospect(solution.value, solution.plies)


def test_draw_plies_count_the_rest_of_the_board(solver: Solver) -> None:
    board = Board.parse("X.O/.X./..O")
    for cell, move in analyse(board, solver).items():
        if move.value is Value.DRAW:
            assert move.plies == len(board.legal_moves()), cell


def test_mistakes_after_the_opening_moves(solver: Solver) -> None:
    empty = Board.empty()
    # After a corner only the centre holds the draw; after the centre, the edges lose.
    assert mistakes(empty, 0, solver) == 7
    assert mistakes(empty, 4, solver) == 4


def test_mistakes_is_zero_when_the_move_ends_the_game(solver: Solver) -> None:
    assert mistakes(Board.parse("XX./OO./..."), 2, solver) == 0


def test_mistakes_refuses_an_illegal_move(solver: Solver) -> None:
    with pytest.raises(IllegalMoveError):
        mistakes(Board.parse("XX./OO./..."), 0, solver)


def test_too_big_board_raises(solver: Solver) -> None:
    with pytest.raises(UnsolvableError):
        analyse(Board.empty(Rules(7, 7, 5)), solver)


def test_winner_moves_count_only_the_winners_moves() -> None:
    from tictactoe.core.exact.solver import Prospect, Value

    assert Prospect(Value.WIN, 1).winner_moves == 1
    assert Prospect(Value.WIN, 5).winner_moves == 3
    assert Prospect(Value.LOSS, 2).winner_moves == 1
    assert Prospect(Value.LOSS, 4).winner_moves == 2
    assert Prospect(Value.DRAW, 9).winner_moves is None
    board = Board.parse("XX./OO./...")
    moves = analyse(board)
    assert moves[2].winner_moves == 1  # X completes the top row now
    assert moves[6].winner_moves == 1  # O then completes the middle row
