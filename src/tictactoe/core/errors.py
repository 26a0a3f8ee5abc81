"""The engine's exceptions: all subclass ``ValueError`` and name the bad input."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message: cut to ``limit`` characters, huge ints described."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a whole number of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def N_(message: str) -> str:
    """Mark ``message`` as a text the front ends translate (their catalogs hold it); unchanged."""
    return message


class TicTacToeError(ValueError):
    """Base class of every error the engine raises for bad input."""


class RulesError(TicTacToeError):
    """Board dimensions or a win length outside what the engine supports.

    A limit broken by a board asked for (:class:`~tictactoe.core.rules.Rules`)
    also gives its message as :attr:`template`, an English text with
    ``{fields}`` that the catalogs translate, and the fields' :attr:`values`,
    so a front end can say it in the player's language.
    """

    def __init__(
        self, message: str, template: str = "", values: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.template = template
        """The message's English text with ``{fields}``; empty when it has none."""
        self.values: Mapping[str, object] = dict(values or {})
        """What fills the template's fields."""

    @classmethod
    def limit(cls, template: str, **values: object) -> RulesError:
        """The error saying ``template`` filled with ``values``."""
        return cls(template.format(**values), template, values)


class PositionError(TicTacToeError):
    """Text (or bitboards) that do not describe a reachable position.

    ``Board.parse`` raises it for every bad text, a board size or k outside
    the limits included (then with the :class:`RulesError` as its cause).
    """


class IllegalMove(StrEnum):
    """Why a move is refused: :attr:`IllegalMoveError.reason`, for a program to act on."""

    NOT_A_CELL = "not_a_cell"
    """The cell is not a whole number."""
    OFF_BOARD = "off_board"
    """The cell is not on the board."""
    TAKEN = "taken"
    """The cell is taken."""
    OVER = "over"
    """The game is over."""
    NOT_YOUR_TURN = "turn"
    """The other side is to move."""


class IllegalMoveError(TicTacToeError):
    """A move the position forbids: a taken cell, off the board, or a finished game.

    :attr:`reason` says which, so a front end can answer without checking the rules again
    (None for a move asked of a player when there is none to make).
    """

    def __init__(self, message: str, reason: IllegalMove | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        """Why the move is refused (an :class:`IllegalMove`), or None."""


class CellNameError(TicTacToeError):
    """Text that does not name a cell of the board in the chosen numbering."""


class UnknownPlayerError(TicTacToeError):
    """A computer player name that is not in the registry."""


class UnsolvableError(TicTacToeError):
    """The exact solver cannot finish this board in reasonable time."""
