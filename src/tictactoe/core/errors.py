"""The engine's exceptions: all subclass ``ValueError`` and name the bad input."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Protocol, Self, runtime_checkable


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message: cut to ``limit`` characters, huge ints described."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a whole number of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def N_(message: str) -> str:
    """Mark ``message`` as a text the front ends translate (their catalogs hold it); unchanged."""
    return message


def _english(text: str) -> str:
    return text


@runtime_checkable
class Sayable(Protocol):
    """Anything that can be said in a language: a :class:`Wording`, a :class:`TicTacToeError`,
    a cell as a player file named it."""

    def said(self, gettext: Callable[[str], str]) -> str:
        """The text in the language of ``gettext``."""
        ...


class Wording:
    """A message as an English text with ``{fields}`` (marked with :func:`N_`, so the catalogs
    hold it) and what fills the fields, to be said in any language (:meth:`said`).

    A field may hold anything :class:`Sayable` (another wording, a :class:`TicTacToeError`):
    it is said in the same language.
    """

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        """The English text with ``{fields}``."""
        self.values: Mapping[str, object] = values
        """What fills the fields."""

    def said(self, gettext: Callable[[str], str] = _english) -> str:
        """The text in the language of ``gettext`` (English without one)."""
        text = gettext(self.template)
        if not self.values:
            return text  # a text without fields may hold braces (a system's own words)
        filled = {
            key: value.said(gettext) if isinstance(value, Sayable) else value
            for key, value in self.values.items()
        }
        return text.format(**filled)

    def __str__(self) -> str:
        return self.said()

    def __repr__(self) -> str:
        return f"Wording({self.said()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wording) and self.said() == other.said()

    def __hash__(self) -> int:
        return hash(self.said())


class TicTacToeError(ValueError):
    """Base class of every error the engine raises for bad input.

    An error made from a :class:`Wording` (:meth:`worded`) can be said in the player's
    language (:meth:`said`); the others are English only (a program's mistake, not a player's).
    """

    def __init__(self, message: str | Wording = "") -> None:
        super().__init__(str(message))
        self.wording = message if isinstance(message, Wording) else None
        """The message as a :class:`Wording`, or None when it is English only."""

    @classmethod
    def worded(cls, template: str, /, **values: object) -> Self:
        """The error saying ``template`` filled with ``values`` (see :class:`Wording`)."""
        return cls(Wording(template, **values))

    def said(self, gettext: Callable[[str], str]) -> str:
        """The message in the language of ``gettext`` (English when it has no wording)."""
        return self.wording.said(gettext) if self.wording is not None else str(self)


class RulesError(TicTacToeError):
    """Board dimensions or a win length outside what the engine supports.

    A limit broken by a board asked for (:class:`~tictactoe.core.rules.Rules`) is worded,
    so a front end can say it in the player's language.
    """


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
