"""The engine: m,n,k rules, positions, cell names, exact solving, strategies, playouts.

Everything under :mod:`tictactoe.core` imports only the standard library and
the core itself (a test enforces it), so a program can use the engine
without the games, the scoreboard or any toolkit::

    >>> from tictactoe.core import Board, Rules
    >>> Board.empty(Rules(15, 15, 5)).play(112).turn
    <Mark.O: 'O'>

The application around it (the registry of named players, the game
controller, scoreboard, translations, front ends and commands) lives in the
package root :mod:`tictactoe`.
"""

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import (
    CellNameError,
    IllegalMoveError,
    PositionError,
    RulesError,
    TicTacToeError,
    UnknownPlayerError,
    UnsolvableError,
)
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import Rules

__all__ = [
    "Board",
    "CellNameError",
    "IllegalMoveError",
    "Mark",
    "Outcome",
    "PositionError",
    "Rules",
    "RulesError",
    "Termination",
    "TicTacToeError",
    "UnknownPlayerError",
    "UnsolvableError",
]
