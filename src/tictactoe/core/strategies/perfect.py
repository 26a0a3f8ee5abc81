"""The ``perfect`` player: exact play from the solver, with traps among equal moves.

It never loses, forces a win whenever one exists and takes the fastest;
in a lost position it resists longest. Among moves that are equally good
it prefers the ones that leave the opponent the most replies that throw
value away, and picks at random among what is still tied, so games vary
but stay reproducible with a seeded ``rng``.
"""

from __future__ import annotations

import random

from tictactoe.core import solver as _solver
from tictactoe.core.analysis import best_moves, judge_replies
from tictactoe.core.board import Board
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.rules import Rules
from tictactoe.core.solver import Solver

TRAP_NODE_BUDGET = 300_000
"""Search nodes one choice may spend, analysis included, before trap counting stops.

Counting traps is cheap on 3 x 3 and 4 x 4; in 5 x 4 openings it would take
far longer than a move should, so it stops once this many nodes (about a
second) are spent and chooses among the moves counted in full (all the best
moves if none was). Nodes, not seconds, keep choices reproducible.
"""


def unsupported_reason(rules: Rules) -> str | None:
    """Why ``perfect`` cannot play ``rules``'s board exactly, or None if it can."""
    return _solver.unsupported_reason(rules)


class PerfectPlayer:
    """Exact play on the boards :func:`~tictactoe.core.solver.unsupported_reason` accepts.

    ``choose`` raises :class:`~tictactoe.core.errors.UnsolvableError` on a bigger
    board rather than play badly. The choices for each position are kept,
    so a position seen before is answered at once.
    """

    def __init__(self, rng: random.Random | None = None, solver: Solver | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._solver = solver if solver is not None else Solver()
        self._choices: dict[Board, tuple[int, ...]] = {}

    def choose(self, board: Board) -> int:
        """The move to play on ``board``, which must not be over."""
        choices = self._choices.get(board)
        if choices is None:
            choices = self._choices[board] = self.candidates(board)
        return choices[0] if len(choices) == 1 else self._rng.choice(choices)

    def candidates(self, board: Board) -> tuple[int, ...]:
        """Every move :meth:`choose` may pick on ``board``, sorted.

        The best moves by value and game length, narrowed to those that
        leave the opponent the most losing replies.
        """
        if board.is_over:
            raise IllegalMoveError(f"the game is over in {board.text}: there is no move to choose")
        limit = self._solver.nodes + TRAP_NODE_BUDGET
        best = best_moves(self._solver.move_outcomes(board))
        if len(best) == 1:
            return best
        traps = self._count_traps(board, best, limit)
        if not traps:
            return best
        most = max(traps.values())
        return tuple(sorted(cell for cell, count in traps.items() if count == most))

    def _count_traps(self, board: Board, moves: tuple[int, ...], limit: int) -> dict[int, int]:
        """Opponent mistakes after each move, in random order, until the solver's node
        count passes ``limit``; a move whose count was cut short is left out."""
        shuffled = list(moves)
        self._rng.shuffle(shuffled)
        traps: dict[int, int] = {}
        for cell in shuffled:
            count = 0
            for _, wrong in judge_replies(board, cell, self._solver):
                if self._solver.nodes > limit:
                    return traps
                count += wrong
            traps[cell] = count
        return traps
