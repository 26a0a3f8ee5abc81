"""Move analysis: the exact value of every legal move, for hints and the ``solve`` command.

    >>> from tictactoe import Board
    >>> moves = analyse(Board.parse("XX./OO./..."))
    >>> str(moves[2]), str(moves[6])
    ('win in 1', 'loss in 2')

Pass one :class:`~tictactoe.core.exact.solver.Solver` to every call (front ends keep
one per session) so that positions already solved are answered from its
tables; without one each call starts from empty tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

from tictactoe.core.board import Board
from tictactoe.core.exact.solver import Prospect, Solver, Value
from tictactoe.core.search import Cancel

MoveValue: TypeAlias = Prospect
"""The outcome of a move for the player making it: ``value`` and ``plies``,
where ``plies`` counts the move itself (a move that wins at once is a win in 1)."""


def analyse(
    board: Board, solver: Solver | None = None, *, cancel: Cancel | None = None
) -> dict[int, MoveValue]:
    """Every legal move of ``board`` (in cell order) with its value for the side to move.

    Empty when the game is over. Raises :class:`~tictactoe.core.errors.UnsolvableError`
    on a board too big for exact play, and :class:`~tictactoe.core.search.SearchStopped`
    once ``cancel`` (a :class:`threading.Event`) is set.
    """
    return (solver or Solver()).move_outcomes(board, cancel=cancel)


def best_moves(moves: dict[int, MoveValue]) -> tuple[int, ...]:
    """The cells of the best moves: the best value, the fastest win or the slowest loss."""
    if not moves:
        return ()
    best = max(move.rank for move in moves.values())
    return tuple(sorted(cell for cell, move in moves.items() if move.rank == best))


def mistakes(board: Board, cell: int, solver: Solver | None = None) -> int:
    """How many replies to ``cell`` on ``board`` throw away value for the opponent.

    A reply is a mistake when it turns the opponent's best value into a worse
    one (a win into a draw or a loss, a draw into a loss). Zero when ``cell``
    ends the game or leaves the opponent lost anyway.
    """
    return sum(1 for _, wrong in judge_replies(board, cell, solver) if wrong)


def judge_replies(
    board: Board, cell: int, solver: Solver | None = None
) -> Iterator[tuple[int, bool]]:
    """Each reply to ``cell`` on ``board`` and whether it is a mistake, one at a time.

    A generator, so a caller with a budget can stop between replies. Yields
    nothing when ``cell`` ends the game or leaves the opponent lost anyway.
    """
    solver = solver or Solver()
    after = board.play(cell)
    if after.is_over:
        return
    theirs = solver.value(after)
    if theirs is Value.LOSS:
        return
    # After a mistake the mover gets more than the opponent's best allowed.
    punished = Value.WIN if theirs is Value.DRAW else Value.DRAW
    for reply in after.legal_moves():
        yield reply, solver.reaches(after.play_unchecked(reply), punished)
