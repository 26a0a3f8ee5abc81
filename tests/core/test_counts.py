"""Exact counts of classic 3 x 3 tic-tac-toe, enumerated through Board.play."""

from __future__ import annotations

from collections import Counter

from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.solver import Solver, Value
from tictactoe.core.rules import Rules


def reachable(board: Board) -> set[Board]:
    """Every position reachable from ``board``, itself and finished ones included."""
    seen = {board}
    frontier = [board]
    while frontier:
        position = frontier.pop()
        for cell in position.legal_moves():
            child = position.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def canonical(board: Board) -> tuple[int, int]:
    """The smallest (x, o) among the position's symmetric images."""
    return min(
        (image.x, image.o)
        for image in (board.transformed(symmetry) for symmetry in board.rules.symmetries)
    )


def game_endings(board: Board, memo: dict[Board, Counter[str]]) -> Counter[str]:
    """How many complete games from ``board`` end in each result ("X", "O", "draw")."""
    known = memo.get(board)
    if known is not None:
        return known
    if board.is_over:
        result = Counter({str(board.winner) if board.winner else "draw": 1})
    else:
        result = Counter()
        for cell in board.legal_moves():
            result += game_endings(board.play(cell), memo)
    memo[board] = result
    return result


def test_reachable_positions() -> None:
    assert len(reachable(Board.empty())) == 5478


def test_positions_up_to_symmetry() -> None:
    assert len({canonical(board) for board in reachable(Board.empty())}) == 765


def test_complete_games() -> None:
    endings = game_endings(Board.empty(), {})
    assert sum(endings.values()) == 255_168
    assert endings == {"X": 131_184, "O": 77_904, "draw": 46_080}


def test_finished_positions() -> None:
    finished = [board for board in reachable(Board.empty()) if board.is_over]
    assert len(finished) == 958
    assert sum(board.winner is Mark.X for board in finished) == 626
    assert sum(board.winner is Mark.O for board in finished) == 316


def test_empty_board_is_a_draw() -> None:
    solution = Solver().solve(Board.empty(Rules()))
    assert solution.value is Value.DRAW
    assert solution.plies == 9
    assert solution.best == tuple(range(9))
