"""A student's player file as the checker asks it: a cell, or the forfeit, for each position.

:class:`Student` is the game's own player for a file
(:class:`~tictactoe.players.script.ScriptPlayer`: the same answers, time
limits and forfeits), run in :mod:`tictactoe.lessons.child`, which seeds
:mod:`random` and counts the positions the player looks at. Answers are
remembered by position: a player answers a position once.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

from tictactoe.core.board import Board
from tictactoe.core.search import Cancel, Limits
from tictactoe.engines.manager import BrainError, ChildProcess
from tictactoe.players import own
from tictactoe.players.own import PlayerForfeit, Spec
from tictactoe.players.script import LOAD_SECONDS, ScriptPlayer, _reply


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

    def _started(self, cancel: Cancel | None, seconds: float, board: Board) -> ChildProcess:
        if self._child is not None and self._child.alive:
            return self._child
        command = [sys.executable, "-m", "tictactoe.lessons.child", str(self.seed), self.spec.name]
        try:
            child = ChildProcess(command, self.title)
        except BrainError as error:
            raise self.forfeit(error, seconds, board) from None
        self._keep(child.kill)
        self._child, self._last = child, None
        with self.answering(LOAD_SECONDS, board):
            ready = _reply(child.next_line(LOAD_SECONDS, cancel))
        failed = ready.get("failed")
        if ready.get("ready") is not True:
            self.close()
            found = failed if isinstance(failed, dict) else {"error": str(ready.get("error"))}
            raise self._error(found, own.NOT_LOADED_AT, own.NOT_LOADED)
        return child

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
