"""The ``perfect`` player: exact play from the solver, with traps among equal moves.

It never loses, forces a win whenever one exists and takes the fastest;
in a lost position it resists longest. On boards too big to value every
move (5 x 5, 6 x 5 with k = 4) it proves one move that keeps the value and
takes the fastest win / longest resistance only as far as a node budget
finds it. Among moves that are equally good
it prefers the ones that score best against the weaker players real
opponents resemble (:mod:`tictactoe.core.strategies.traps`), and picks at random among
what is still tied, so games vary but stay reproducible with a seeded ``rng``.
"""

from __future__ import annotations

import random

from tictactoe.core.analysis import best_moves
from tictactoe.core.board import Board
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.exact import solver as _solver
from tictactoe.core.exact.solver import Solver, Value
from tictactoe.core.rules import Rules
from tictactoe.core.search import Answers, Ask
from tictactoe.core.strategies.traps import Traps


def unsupported_reason(rules: Rules) -> str | None:
    """Why ``perfect`` cannot play ``rules``'s board exactly, or None if it can (every
    move valued, or one best move proved:
    :func:`~tictactoe.core.exact.solver.unplayable_reason`)."""
    return _solver.unplayable_reason(rules)


class PerfectPlayer(Answers):
    """Exact play on the boards :func:`~tictactoe.core.exact.solver.unplayable_reason` accepts.

    Where every move can be valued in time (:func:`~tictactoe.core.exact.solver.values_every_move`:
    boards up to 5 x 5 with k = 4, the first plies of 6 x 5) it weighs all the best
    moves; elsewhere it proves one move that keeps the position's value
    (:meth:`Solver.choose <tictactoe.core.exact.solver.Solver.choose>`: the fastest win or
    longest resistance it finds within a node budget), so it plays 6 x 5 and 6 x 6 with
    k = 4 move by move within about a second.

    ``choose`` raises :class:`~tictactoe.core.errors.UnsolvableError` on a bigger
    board rather than play badly. The choices for each position are kept,
    so a position seen before is answered at once.
    """

    def __init__(self, rng: random.Random | None = None, solver: Solver | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._solver = solver if solver is not None else Solver()
        self._choices: dict[Board, tuple[int, ...]] = {}
        self._traps = Traps(self._solver)

    def answer(self, board: Board, ask: Ask) -> int:
        """The move to play on ``board``, which must not be over.

        Exact play always finishes (within about a second on the boards it
        takes), so ``ask`` (budget, progress, cancel) is ignored.
        """
        choices = self._choices.get(board)
        if choices is None:
            choices = self._choices[board] = self.candidates(board)
        return choices[0] if len(choices) == 1 else self._rng.choice(choices)

    def candidates(self, board: Board) -> tuple[int, ...]:
        """Every move :meth:`choose` may pick on ``board``, sorted.

        The best moves by value and game length, narrowed to those that
        score best against the opponents :mod:`~tictactoe.core.strategies.traps` models
        where every position of the board can be valued (all of them where only this
        one can: the first plies of 6 x 5 with k = 4, from the opening table); elsewhere
        the one move the solver proves.
        """
        if board.is_over:
            raise IllegalMoveError(f"the game is over in {board.text}: there is no move to choose")
        if not _solver.values_every_move(board):
            return (self._solver.choose(board).cell,)
        work = self._solver.work
        best = best_moves(self._solver.move_outcomes(board))
        if len(best) == 1 or self._solver.value(board) is Value.WIN:
            return best
        if _solver.unsupported_reason(board.rules) is not None:
            return best  # an opening the table answers: the traps' later positions are not
        return self._traps.narrow(board, best, spent=self._solver.work - work)
