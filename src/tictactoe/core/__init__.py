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

The names below are the core's public face: the front ends import these and
nothing deeper (a test enforces it). The rules, positions, outcomes, cell
names and the search service are loaded with the package; the solver, the
hints, game records and number parsing on first use, so that a command that
needs none of them does not pay for them.

The application around it (the registry of named players, the game
controller, scoreboard, translations, front ends and commands) lives in the
package root :mod:`tictactoe`.
"""

from tictactoe.core.board import Board, Mark
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
from tictactoe.core.lazy import lazy_names
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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.core.advice import Suggestion, Verdict, can_solve, suggest
    from tictactoe.core.analysis import MoveValue, analyse, best_moves
    from tictactoe.core.numbers import decimal_number, whole_number
    from tictactoe.core.records import Record, RecordError
    from tictactoe.core.records import load as load_record
    from tictactoe.core.solver import Prospect, Solver, Value, unsupported_reason
    from tictactoe.core.strategies.perfect import PerfectPlayer
    from tictactoe.core.tree import Bound, EngineTree, Tree, Visit, engine_tree
    from tictactoe.core.tree import Node as TreeNode
    from tictactoe.core.tree import Search as TreeSearch
    from tictactoe.core.tree import searchable as tree_searchable

_LAZY = {
    "Suggestion": "tictactoe.core.advice",
    "Verdict": "tictactoe.core.advice",
    "can_solve": "tictactoe.core.advice",
    "suggest": "tictactoe.core.advice",
    "MoveValue": "tictactoe.core.analysis",
    "analyse": "tictactoe.core.analysis",
    "best_moves": "tictactoe.core.analysis",
    "decimal_number": "tictactoe.core.numbers",
    "whole_number": "tictactoe.core.numbers",
    "Record": "tictactoe.core.records",
    "RecordError": "tictactoe.core.records",
    "load_record": "tictactoe.core.records",
    "Prospect": "tictactoe.core.solver",
    "Solver": "tictactoe.core.solver",
    "Value": "tictactoe.core.solver",
    "unsupported_reason": "tictactoe.core.solver",
    "PerfectPlayer": "tictactoe.core.strategies.perfect",
    "Bound": "tictactoe.core.tree",
    "EngineTree": "tictactoe.core.tree",
    "Tree": "tictactoe.core.tree",
    "TreeNode": "tictactoe.core.tree",
    "TreeSearch": "tictactoe.core.tree",
    "Visit": "tictactoe.core.tree",
    "engine_tree": "tictactoe.core.tree",
    "tree_searchable": "tictactoe.core.tree",
}
"""The public names loaded on first use, and the module each one lives in."""

_RENAMED = {
    "load_record": "load",
    "TreeNode": "Node",
    "TreeSearch": "Search",
    "tree_searchable": "searchable",
}
"""Public names that their module calls otherwise."""

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
    "MoveValue",
    "Numbering",
    "Outcome",
    "PerfectPlayer",
    "Player",
    "PositionError",
    "Progress",
    "Prospect",
    "Record",
    "RecordError",
    "Rules",
    "RulesError",
    "SearchStopped",
    "Solver",
    "Suggestion",
    "Termination",
    "TicTacToeError",
    "Tree",
    "TreeNode",
    "TreeSearch",
    "UnknownPlayerError",
    "UnsolvableError",
    "Value",
    "Verdict",
    "Visit",
    "analyse",
    "best_moves",
    "can_solve",
    "cell_name",
    "column_name",
    "decimal_number",
    "engine_tree",
    "load_record",
    "parse_cell",
    "suggest",
    "tree_searchable",
    "unsupported_reason",
    "whole_number",
]


__getattr__ = lazy_names(__name__, _LAZY, globals(), _RENAMED)
