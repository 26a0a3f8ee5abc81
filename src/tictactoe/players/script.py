"""Your own player, written in Python, played in a child process within the move's time.

:class:`ScriptPlayer` is a :class:`~tictactoe.core.search.Player` like the
levels, so a game, a window or a match needs nothing special for it. Its
``choose`` sends the position to the child process
(:mod:`tictactoe.players.child`), waits for the answer at most the move's
time (and :data:`GRACE` for the pipes), checks it and returns the cell. A
player that raises, takes too long, stops, or answers something that is not
a free cell raises :class:`~tictactoe.players.own.PlayerForfeit` instead:
it loses the game. A slow or dead child is ended and a new one started for
the next move; one that only raised is kept (a class is made again when the
next game begins). Unless trusted, the child runs confined
(:mod:`tictactoe.players.confinement`): one that tries something forbidden
loses with what it tried, and its process is ended.
"""

from __future__ import annotations

import json

from tictactoe.core.board import Board
from tictactoe.core.search import Ask, Cancel
from tictactoe.gomocup.manager import BrainError, ChildProcess
from tictactoe.players import confinement, own
from tictactoe.players.own import PlayerForfeit
from tictactoe.players.process import ChildPlayer, illegal

GRACE = 0.25
"""Seconds a move may take beyond its limit, for the pipes between the processes."""

LOAD_SECONDS = 15.0
"""Seconds the child may take to start and load the player (not counted as a move)."""


class ScriptPlayer(ChildPlayer):
    """A player written in Python (a file or ``module:name``), in a child process."""

    _child: ChildProcess | None = None
    _last: Board | None = None

    def answer(self, board: Board, ask: Ask) -> int:
        """The player's move on ``board``; :class:`PlayerForfeit` when it fails to give one."""
        seconds = own.move_seconds(ask.limits, self.think)
        cancel = ask.cancel
        self.bench(seconds)
        child = self._started(cancel, seconds, board)
        new_game = not _continues(self._last, board)
        self._last = board
        rules = board.rules
        request = {"m": rules.m, "n": rules.n, "k": rules.k, "x": board.x, "o": board.o}
        with self.answering(seconds, board):
            child.send(json.dumps({**request, "new": new_game}))
            line = child.next_line(seconds + GRACE, cancel)
        return self._cell(board, _reply(line))

    def child(self) -> tuple[str, ...]:
        """The module the player's process runs, and its first arguments."""
        return (confinement.CHILD,)

    def _started(self, cancel: Cancel | None, seconds: float, board: Board) -> ChildProcess:
        """The child process, started and its player loaded (on the first move, or after one
        was ended)."""
        if self._child is not None and self._child.alive:
            return self._child
        try:
            confined = confinement.python_player(self.spec, child=self.child())
        except OSError as error:  # no folder for it: it cannot start
            raise PlayerForfeit(self.title, own.NOT_STARTED, error=str(error)) from None
        try:
            child = ChildProcess(confined.command, self.title, confined.launch)
        except BrainError as error:
            confined.close()
            raise self.forfeit(error, seconds, board) from None
        self._keep(child.kill, confined)
        self._child, self._last = child, None
        with self.answering(LOAD_SECONDS, board, move=False):
            ready = _reply(child.next_line(LOAD_SECONDS, cancel))
        if "forbidden" in ready:
            raise self.forbidden(ready["forbidden"])
        failed = ready.get("failed")
        if ready.get("ready") is not True:
            self.close()
            found = failed if isinstance(failed, dict) else {"error": str(ready.get("error"))}
            raise self._error(found, own.NOT_LOADED_AT, own.NOT_LOADED)
        return child

    def _cell(self, board: Board, reply: dict[str, object]) -> int:
        """The cell the reply names, checked: a free cell of the board, or a forfeit."""
        rules = board.rules
        if "forbidden" in reply:
            raise self.forbidden(reply["forbidden"])
        if "error" in reply:
            raise self._error(reply, own.RAISED_AT, own.RAISED)
        cell, pair = reply.get("cell"), reply.get("row_col")
        if isinstance(cell, int):
            answer = str(cell)
            row, col = divmod(cell, rules.n) if 0 <= cell < rules.size else (-1, -1)
        elif isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, int) for p in pair):
            row, col = pair
            answer = f"({row}, {col})"
        else:
            raise PlayerForfeit(self.title, own.NOT_A_CELL, answer=str(reply.get("junk", reply)))
        if not (0 <= row < rules.m and 0 <= col < rules.n) or not board.is_legal(
            found := rules.cell(row, col)
        ):
            raise illegal(self.title, board, answer, row, col)
        return found

    def _error(self, found: dict[str, object], at_line: str, anywhere: str) -> PlayerForfeit:
        """The forfeit for an error the child reported (with its file and line when known)."""
        error = str(found.get("error", "an error"))
        if "line" in found:
            file = str(found.get("file", self.spec.file))
            return PlayerForfeit(self.title, at_line, error=error, line=found["line"], file=file)
        return PlayerForfeit(self.title, anywhere, error=error)

    def close(self) -> None:
        """End the child process (a new one starts at the next move)."""
        super().close()
        self._child = None


def _reply(line: str) -> dict[str, object]:
    """A line from the child as a dict; anything else is an error the player is blamed for."""
    try:
        found = json.loads(line)
    except ValueError:
        found = None
    if not isinstance(found, dict):
        return {"error": f"its process wrote {line[:60]!r}"}
    return found


def _continues(before: Board | None, board: Board) -> bool:
    """True when ``board`` follows on from ``before`` in one game (its stones, and more)."""
    if before is None or before.rules != board.rules:
        return False
    return (
        before.x & board.x == before.x
        and before.o & board.o == before.o
        and board.move_count > before.move_count
    )
