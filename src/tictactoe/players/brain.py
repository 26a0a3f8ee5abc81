"""Any Gomocup engine as an opponent (``brain:COMMAND``), played through the protocol.

:class:`EnginePlayer` is a :class:`~tictactoe.core.search.Player`: its
``choose`` starts the engine the first time (with
:class:`~tictactoe.gomocup.manager.BrainProcess`), tells it the board and the
move's time (``INFO timeout_turn``), sends the position and returns its
answer. The engine's progress lines (``MESSAGE depth ... pv ...``, the format
Rapfi and this package's brain write) are reported as the search's
:class:`~tictactoe.core.search.Progress`, so windows show its depth and line
like the levels'. An engine that answers too late, stops, answers an error or
something that is not a free cell loses the game
(:class:`~tictactoe.players.own.PlayerForfeit`, with its last words); one
that refuses the board raises :class:`~tictactoe.players.own.PlayerUnavailable`.
Unless trusted, the engine runs confined (:mod:`tictactoe.players.confinement`).
"""

from __future__ import annotations

import time

from tictactoe.core.board import Board
from tictactoe.core.cells import parse
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules
from tictactoe.core.search import Ask, Progress, ProgressCallback
from tictactoe.gomocup.manager import BrainError, BrainProcess, Failure
from tictactoe.players import confinement, own
from tictactoe.players.own import PlayerUnavailable
from tictactoe.players.process import ChildPlayer


class EnginePlayer(ChildPlayer):
    """A Gomocup engine (``spec``: ``brain:COMMAND``) in a child process."""

    _brain: BrainProcess | None = None
    _report: ProgressCallback | None = None
    _asked: tuple[Rules, float] | None = None

    def answer(self, board: Board, ask: Ask) -> int:
        """The engine's move on ``board`` within the move's time; a forfeit when it fails."""
        seconds = own.move_seconds(ask.limits, self.think)
        cancel = ask.cancel
        self.bench(seconds)
        self._report, self._asked = ask.progress, (board.rules, time.monotonic())
        try:
            with self.answering(seconds, board):
                try:
                    return self._started().play(board, seconds, cancel)
                except BrainError as error:
                    if error.kind is not Failure.REFUSED:
                        raise
                    self.close()
                    rules = board.rules
                    raise PlayerUnavailable(
                        f"{self.title} does not play {rules.m} x {rules.n}: {error}"
                    ) from None
        finally:
            self._report = None

    def _started(self) -> BrainProcess:
        if self._brain is None or not self._brain.child.alive:
            try:
                confined = confinement.engine(self.spec)
            except OSError as error:  # no folder for it: it cannot start
                raise BrainError(str(error), Failure.START) from None
            try:
                brain = BrainProcess(
                    confined.command,
                    name=self.title,
                    on_message=self._message,
                    launch=confined.launch,
                )
            except BrainError:
                confined.close()
                raise
            self._keep(brain.kill, confined)
            self._brain = brain
        return self._brain

    def _message(self, text: str) -> None:
        """A ``MESSAGE`` line: the search's progress when it is one."""
        report, asked = self._report, self._asked
        if report is not None and asked is not None:
            found = progress_of(text, asked[0], time.monotonic() - asked[1])
            if found is not None:
                report(found)

    def close(self) -> None:
        """End the engine (a new one starts at the next move)."""
        super().close()
        self._brain = None


def progress_of(text: str, rules: Rules, seconds: float) -> Progress | None:
    """The progress a ``MESSAGE`` line reports, or None when it is not a progress line.

    Two formats are read: this package's brain's (``depth 6-6 ev 35 n 1234 tm 100 pv h8
    i9``) and Rapfi's (``Depth 9-10 | Eval -189 | Time 2ms | G7 H7``).
    """
    parts = [part.split() for part in text.lower().split("|")]
    words = [word for part in parts for word in part]

    def after(key: str) -> str | None:
        at = words.index(key) + 1 if key in words else len(words)
        return words[at] if at < len(words) else None

    try:
        depth = int((after("depth") or "").split("-")[0])
    except ValueError:
        return None
    moves = words[words.index("pv") + 1 :] if "pv" in words else parts[-1] if len(parts) > 1 else []
    pv: list[int] = []
    for word in moves:
        try:
            pv.append(parse(rules, word))
        except TicTacToeError:
            break
    nodes = _number(after("n") or after("node"))
    return Progress(depth, nodes, seconds, _number(after("ev") or after("eval")), tuple(pv))


def _number(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0


def _score(text: str | None) -> int:
    """An ``ev`` field's score (a mate, ``+M5``, counts as 0: only its depth and line show)."""
    return _number(text)
