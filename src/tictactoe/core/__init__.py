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

The names below are the core's public face, loaded with the package: the
rules, positions, outcomes, cell names, errors and the search service. The
front ends import these and, for what costs more to load, a few public
modules by name (a test lists them): the hints (:mod:`.advice`), the
analysis of every move (:mod:`.analysis`), number parsing (:mod:`.numbers`),
game records (:mod:`.records`), the exact solver (:mod:`.exact.solver`), the
perfect player (:mod:`.strategies.perfect`) and the search tree made visible
(:mod:`.tree`).

The application around it (the registry of named players, the game
controller, scoreboard, translations, front ends and commands) lives in the
package root :mod:`tictactoe`.
"""

from tictactoe.core.board import Board, Mark, WinningLine
from tictactoe.core.cells import Numbering, column_name
from tictactoe.core.cells import label as cell_name
from tictactoe.core.cells import parse as parse_cell
from tictactoe.core.errors import (
    CellNameError,
    IllegalMove,
    IllegalMoveError,
    PositionError,
    RulesError,
    TicTacToeError,
    UnknownPlayerError,
    UnsolvableError,
)
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import DIRECTIONS, MAX_SIDE, MIN_K, Rules
from tictactoe.core.search import (
    DEFAULT_SECONDS,
    THINK_RANGE,
    Cancel,
    Limits,
    Player,
    Progress,
    SearchStopped,
)

__all__ = [
    "DEFAULT_SECONDS",
    "DIRECTIONS",
    "MAX_SIDE",
    "MIN_K",
    "THINK_RANGE",
    "Board",
    "Bound",
    "Cancel",
    "CellNameError",
    "EngineTree",
    "IllegalMove",
    "IllegalMoveError",
    "Limits",
    "Mark",
    "Numbering",
    "Outcome",
    "Player",
    "PositionError",
    "Progress",
    "Rules",
    "RulesError",
    "SearchStopped",
    "Termination",
    "TicTacToeError",
    "Tree",
    "TreeNode",
    "TreeSearch",
    "UnknownPlayerError",
    "UnsolvableError",
    "WinningLine",
    "cell_name",
    "column_name",
    "parse_cell",
]
