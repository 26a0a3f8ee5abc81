"""The engine's exceptions: all subclass ``ValueError`` and name the bad input."""

from __future__ import annotations


class TicTacToeError(ValueError):
    """Base class of every error the engine raises for bad input."""


class RulesError(TicTacToeError):
    """Board dimensions or a win length outside what the engine supports."""


class PositionError(TicTacToeError):
    """Text (or bitboards) that do not describe a reachable position.

    ``Board.parse`` raises it for every bad text, a board size or k outside
    the limits included (then with the :class:`RulesError` as its cause).
    """


class IllegalMoveError(TicTacToeError):
    """A move the position forbids: a taken cell, off the board, or a finished game."""


class CellNameError(TicTacToeError):
    """Text that does not name a cell of the board in the chosen numbering."""


class UnknownPlayerError(TicTacToeError):
    """A computer player name that is not in the registry."""


class UnsolvableError(TicTacToeError):
    """The exact solver cannot finish this board in reasonable time."""
