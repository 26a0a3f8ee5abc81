"""The engine: m,n,k rules, positions, cell names, exact solving, strategies, playouts.

Everything under :mod:`tictactoe.core` imports only the standard library and
the core itself (a test enforces it), so a program can use the engine
without the games, the scoreboard or any toolkit::

    >>> from tictactoe.core import Board, Rules
    >>> Board.empty(Rules(15, 15, 5)).play(112).turn
    <Mark.O: 'O'>

Every search (the engine, the exact solver) and every computer player takes
the same budget, progress reports and cancellation: :class:`Limits`,
:class:`Progress`, :class:`Cancel`, :class:`Player` and the one
:class:`SearchStopped` (:mod:`tictactoe.core.search`).

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
from tictactoe.core.search import Cancel, Limits, Player, Progress, SearchStopped

__all__ = [
    "Board",
    "Cancel",
    "CellNameError",
    "IllegalMoveError",
    "Limits",
    "Mark",
    "Outcome",
    "Player",
    "PositionError",
    "Progress",
    "Rules",
    "RulesError",
    "SearchStopped",
    "Termination",
    "TicTacToeError",
    "UnknownPlayerError",
    "UnsolvableError",
]
