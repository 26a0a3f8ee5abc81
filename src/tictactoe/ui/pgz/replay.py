"""A game record shown in the window, one position at a time (no pygame).

The positions come from the record itself
(:meth:`~tictactoe.core.records.Record.positions`); stepping only moves
:attr:`Replay.ply`. "Play on from here" is possible from any position that
is not over: the app then starts a game from :attr:`Replay.moves_so_far`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tictactoe.core.board import Board
from tictactoe.core.records import Record


class Step(StrEnum):
    """The replay's buttons and keys, in the order the strip shows the buttons."""

    FIRST = "first"
    BACK = "back"
    FORWARD = "forward"
    LAST = "last"
    PLAY = "play"
    CLOSE = "close"


@dataclass
class Replay:
    """``record`` (called ``name`` in the title) at position :attr:`ply`."""

    record: Record
    name: str
    ply: int = 0

    def __post_init__(self) -> None:
        self.ply = max(0, min(self.ply, self.last))

    @property
    def last(self) -> int:
        """The number of the final position (the count of moves)."""
        return self.record.plies

    @property
    def board(self) -> Board:
        """The position shown."""
        return self.record.positions()[self.ply]

    @property
    def last_move(self) -> int | None:
        """The move that led to the position shown, if any."""
        return self.record.moves[self.ply - 1] if self.ply else None

    @property
    def moves_so_far(self) -> tuple[int, ...]:
        """The moves played up to the position shown."""
        return self.record.moves[: self.ply]

    @property
    def can_play_on(self) -> bool:
        """True when a game can go on from the position shown (it is not over)."""
        return not self.board.is_over

    def target(self, step: Step) -> int:
        """The position ``step`` goes to (the same one at either end)."""
        return {
            Step.FIRST: 0,
            Step.BACK: max(0, self.ply - 1),
            Step.FORWARD: min(self.last, self.ply + 1),
            Step.LAST: self.last,
        }.get(step, self.ply)

    def can(self, step: Step) -> bool:
        """True when ``step`` would change what is shown (or, for play on, is possible)."""
        if step is Step.PLAY:
            return self.can_play_on
        if step is Step.CLOSE:
            return True
        return self.target(step) != self.ply

    def go(self, step: Step) -> bool:
        """Move to the position ``step`` asks for; True if that changed it."""
        target = self.target(step)
        changed = target != self.ply
        self.ply = target
        return changed
