"""The two marks: X, who always moves first, and O."""

from __future__ import annotations

from enum import StrEnum


class Mark(StrEnum):
    """A player's mark. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the name of the mark

    @property
    def other(self) -> Mark:
        """The opponent's mark."""
        return Mark.O if self is Mark.X else Mark.X
