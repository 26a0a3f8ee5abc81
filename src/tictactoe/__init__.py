"""Tic-tac-toe and every m,n,k-game: rules, positions, solver and computer players.

The engine (this package's top-level modules and :mod:`tictactoe.players`)
imports only the standard library; front ends live in :mod:`tictactoe.ui`.

    >>> from tictactoe import Board
    >>> Board.parse("X.O/.X./..O").legal_moves()
    (1, 3, 5, 6, 7)
"""

from tictactoe.board import Board, Mark
from tictactoe.errors import (
    CellNameError,
    IllegalMoveError,
    PositionError,
    RulesError,
    TicTacToeError,
    UnknownPlayerError,
    UnsolvableError,
)
from tictactoe.rules import Rules

__all__ = [
    "Board",
    "CellNameError",
    "IllegalMoveError",
    "Mark",
    "PositionError",
    "Rules",
    "RulesError",
    "TicTacToeError",
    "UnknownPlayerError",
    "UnsolvableError",
]

__version__ = "0.1.0"
