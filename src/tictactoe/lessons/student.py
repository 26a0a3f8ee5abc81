"""A student's player file as the checker asks it: a cell, or the forfeit, for each position.

:class:`Student` is the game's own player for a file
(:class:`~tictactoe.players.script.ScriptPlayer`: the same answers, time
limits and forfeits), run in :mod:`tictactoe.lessons.child`, which seeds
:mod:`random` and counts the positions the player looks at. Answers are
remembered by position: a player answers a position once.
"""

from __future__ import annotations

from typing import NamedTuple

from tictactoe.core.board import Board
from tictactoe.core.search import Limits
from tictactoe.players import own
from tictactoe.players.own import PlayerForfeit, Spec
from tictactoe.players.script import ScriptPlayer


class Answer(NamedTuple):
    """What the player did in one position: the cell, or why it gave none; what it looked at."""

    cell: int | None
    forfeit: PlayerForfeit | None = None
    looked: int = 0


class _CheckedScript(ScriptPlayer):
    """The game's player for a file, in the checker's process (seeded, counting)."""

    def __init__(self, spec: Spec, seed: int, think: float) -> None:
        super().__init__(spec, think=think)
        self.seed = seed
        self.looked = 0

    def child(self) -> tuple[str, ...]:
        """The checker's process (:mod:`tictactoe.lessons.child`), seeded."""
        return ("tictactoe.lessons.child", str(self.seed))

    def _cell(self, board: Board, reply: dict[str, object]) -> int:
        looked = reply.get("looked")
        self.looked = looked if isinstance(looked, int) else 0
        return super()._cell(board, reply)


class Student:
    """One player file, asked position by position under one seed (``seed``).

    ``think`` is the time a move. After a move that took too long no other
    position is asked (:attr:`too_slow`): each would wait as long again.
    """

    def __init__(self, path: str, *, seed: int = 0, think: float = 1.0) -> None:
        spec = Spec.parse(path)
        assert spec is not None and spec.kind is own.Kind.FILE
        self.spec = spec
        self.think = think
        self._player = _CheckedScript(spec, seed, think)
        self._answers: dict[Board, Answer] = {}
        self.too_slow: Answer | None = None

    def ask(self, board: Board) -> Answer:
        """The player's answer in ``board`` (asked once; remembered)."""
        known = self._answers.get(board)
        if known is not None:
            return known
        if self.too_slow is not None:
            return self.too_slow
        try:
            cell = self._player.choose(board, Limits(seconds=self.think))
            found = Answer(cell, None, self._player.looked)
        except PlayerForfeit as forfeit:
            found = Answer(None, forfeit)
            if forfeit.reason == own.TOO_SLOW:
                self.too_slow = found
        self._answers[board] = found
        return found

    def close(self) -> None:
        """End the player's process."""
        self._player.close()
