"""What exact play says about a position: win, draw or loss, and the plies to the end.

>>> Prospect(Value.LOSS, 2).after_move()
Prospect(value=<Value.WIN: 'win'>, plies=3)
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

WIN_SCORE = 1
"""Search score of a position the side to move wins."""
DRAW_SCORE = 0
"""Search score of a drawn position."""
LOSS_SCORE = -1
"""Search score of a position the side to move loses."""


class Value(StrEnum):
    """The outcome of a position for the side to move (or of a move for its player)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def flipped(self) -> Value:
        """The same outcome seen by the other player."""
        return _FLIPPED[self]


_FLIPPED = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}

SCORE_VALUES = {WIN_SCORE: Value.WIN, DRAW_SCORE: Value.DRAW, LOSS_SCORE: Value.LOSS}
"""A search score as a value."""

VALUE_SCORES = {value: score for score, value in SCORE_VALUES.items()}
"""A value as a search score (larger is better)."""


class Prospect(NamedTuple):
    """Where best play leads from a position: a value and the plies to the end (``win in 3``).

    Not how a game ended: that is :class:`tictactoe.core.outcome.Outcome`.
    """

    value: Value
    """Win, draw or loss."""
    plies: int
    """Plies (single moves) until the game ends when both sides play best."""

    @property
    def rank(self) -> int:
        """Larger is better: faster wins beat slower ones, slower losses beat faster ones."""
        if self.value is Value.WIN:
            return 1000 - self.plies
        if self.value is Value.LOSS:
            return -1000 + self.plies
        return 0

    @property
    def winner_moves(self) -> int | None:
        """How many moves the winner makes before the game ends, None for a draw.

        The unit players see: the side this outcome belongs to moves first,
        so a win in 5 plies is the winner's 3rd move from now, a loss in 4
        plies the opponent's 2nd. Hints say "you win in 3 of your moves".
        """
        if self.value is Value.WIN:
            return (self.plies + 1) // 2
        if self.value is Value.LOSS:
            return self.plies // 2
        return None

    def after_move(self) -> Prospect:
        """The outcome for the player whose move led to this position."""
        return Prospect(self.value.flipped, self.plies + 1)

    def __str__(self) -> str:
        if self.value is Value.DRAW:
            return f"draw ({self.plies} plies to a full board)"
        return f"{self.value} in {self.plies}"
