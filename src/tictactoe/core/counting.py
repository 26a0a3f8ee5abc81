"""A board that counts the positions a player looks at: every position played from it.

A player is handed a :class:`CountingBoard` in place of the plain
:class:`~tictactoe.core.board.Board`; each position it makes from it
(``play``, and the boards those make in turn) adds one to the shared
:class:`Looked` count. It is a ``Board`` in every other way: equal to, and
hashed like, the plain board of the same position, so a player's table
works the same.
"""

from __future__ import annotations

from tictactoe.core.board import Board


class Looked:
    """How many positions were made from one board and its descendants."""

    def __init__(self) -> None:
        self.count = 0


class CountingBoard(Board):
    """A :class:`Board` whose every new position adds one to :attr:`looked`."""

    __slots__ = ()

    looked: Looked

    @classmethod
    def counting(cls, board: Board, looked: Looked) -> CountingBoard:
        """``board``'s position, counting into ``looked``."""
        found = cls._trusted(board.rules, board.x, board.o, board.winner)
        object.__setattr__(found, "looked", looked)
        assert isinstance(found, CountingBoard)
        return found

    def play_unchecked(self, cell: int) -> CountingBoard:
        """The position after ``cell`` (``play`` comes here too), counted."""
        self.looked.count += 1
        return self.counting(super().play_unchecked(cell), self.looked)

    def transformed(self, symmetry: tuple[int, ...]) -> CountingBoard:
        """The position under ``symmetry``: a look at the same position, not counted."""
        return self.counting(super().transformed(symmetry), self.looked)
