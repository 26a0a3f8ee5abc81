"""Tic-tac-toe and every m,n,k-game: rules, positions, solver and computer players.

The engine is :mod:`tictactoe.core` (standard library only); the package root
ties the application together: the registry of named computer players
(:mod:`tictactoe.players`), the game controller (:mod:`tictactoe.game`), the
scoreboard, translations and sounds, the front ends (:mod:`tictactoe.ui`) and
the commands (:mod:`tictactoe.cli.commands`).

    >>> from tictactoe import Board
    >>> Board.parse("X.O/.X./..O").legal_moves()
    (1, 3, 5, 6, 7)

The engine's names are loaded on first use, so that importing the package
costs nothing: the ``tictactoe`` command takes charge of Ctrl-C before any
heavy import (see :mod:`tictactoe.__main__`).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.core import (
        Board,
        CellNameError,
        IllegalMoveError,
        Mark,
        PositionError,
        Rules,
        RulesError,
        TicTacToeError,
        UnknownPlayerError,
        UnsolvableError,
    )

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

DISTRIBUTION = "tictactoe-mnk"
"""The name to install from PyPI (``tictactoe`` there is another project); the import
package and the command are ``tictactoe``."""


def __getattr__(name: str) -> object:
    """The engine's names (``Board``, ``Rules``, the errors), imported when first asked for."""
    if name in __all__:
        from tictactoe import core

        return getattr(core, name)
    raise AttributeError(f"module 'tictactoe' has no attribute {name!r}")
