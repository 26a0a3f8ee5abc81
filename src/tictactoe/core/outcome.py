"""How a game ended: one :class:`Outcome` for the game, its record, the web room and the texts.

Like python-chess's ``Board.outcome()``: a finished position answers
:meth:`Board.outcome() <tictactoe.core.board.Board.outcome>` with how it
ended (a :class:`Termination`), who won and the winning line; a game that
goes on answers None. A game a side gave up has an outcome the board alone
cannot show, so :class:`~tictactoe.game.Game` and
:class:`~tictactoe.core.records.Record` make it themselves.

    >>> from tictactoe.core import Board
    >>> Board.parse("XXX/OO./...").outcome()
    Outcome(termination=<Termination.LINE: 'line'>, winner=<Mark.X: 'X'>, line=frozenset({0, 1, 2}))
    >>> Board.parse("XX./OO./...").outcome() is None
    True
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tictactoe.core.mark import Mark


class Termination(StrEnum):
    """How a game ended (the values are what saved games store)."""

    LINE = "line"
    """A side made k in a row and won."""
    FULL_BOARD = "full board"
    """Every cell is taken and nobody has a line: a draw."""
    RESIGNATION = "resignation"
    """A side gave up; the other won."""
    FORFEIT = "forfeit"
    """A side lost without giving up: it left the game, or its player failed to move (ran out
    of time, crashed, answered a taken cell), and the other side won."""
    ADJUDICATED = "adjudicated"
    """A result stated from outside that the position does not show (a file's claim, agreement)."""
    UNFINISHED = "unfinished"
    """Only a record's: it stops before the game was decided.

    A record can end anywhere, so it needs this value; a game that goes on
    has no :class:`Outcome` at all (None), so an outcome never has it.
    """


DECISIVE = frozenset({Termination.RESIGNATION, Termination.FORFEIT})
"""The ways a side loses that always have a winner and leave the board unfinished."""


class _OutcomeFields(NamedTuple):
    termination: Termination
    """How it ended: a line, a full board, a resignation, a forfeit or an adjudication."""
    winner: Mark | None
    """The side that won; None for a draw."""
    line: frozenset[int]
    """Every cell of the winner's completed line(s), for highlighting; empty unless ``LINE``."""


class Outcome(_OutcomeFields):
    """How a finished game ended. ``ValueError`` if the parts contradict each other.

    A named tuple, not a dataclass, like :class:`~tictactoe.core.search.Limits`:
    the board needs it, and the core's cold start imports no :mod:`dataclasses`.
    """

    __slots__ = ()

    def __new__(
        cls, termination: Termination, winner: Mark | None, line: frozenset[int] = frozenset()
    ) -> Outcome:
        how = Termination(termination)
        if how is Termination.UNFINISHED:
            raise ValueError("an unfinished game has no outcome")
        if (how is Termination.FULL_BOARD) != (winner is None) and how is not (
            Termination.ADJUDICATED
        ):
            raise ValueError(f"a {how} {'needs a' if winner is None else 'has no'} winner")
        cells = frozenset(line)
        if bool(cells) != (how is Termination.LINE):
            raise ValueError("only a win by a line has a winning line, and it has one")
        return super().__new__(cls, how, winner, cells)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None

    @property
    def loser(self) -> Mark | None:
        """The side that lost; None for a draw."""
        return None if self.winner is None else self.winner.other

    @property
    def gave_up(self) -> Mark | None:
        """The side that resigned or forfeited, if the game ended that way."""
        return self.loser if self.termination in DECISIVE else None
