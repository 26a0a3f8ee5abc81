"""What the players in child processes share: the time a move, the process's life, and the
forfeit for each way a process fails (:mod:`.script` for Python, :mod:`.engine` for engines)."""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tictactoe.core.board import Board
from tictactoe.core.cells import label
from tictactoe.core.search import Answers, SearchStopped
from tictactoe.gomocup.manager import BrainError, Cancelled, Failure
from tictactoe.players import own
from tictactoe.players.own import PlayerForfeit, Spec


class ChildPlayer(Answers):
    """A player that plays in a child process (``spec``: what and where it is).

    ``think`` is its time a move when the game sets none; ``rng`` and
    ``nodes`` are taken like every level's and not used. The process is
    ended by :meth:`close`, when the player is dropped, or when Python exits.
    """

    def __init__(
        self,
        spec: Spec,
        rng: random.Random | None = None,
        *,
        think: float | None = None,
        nodes: int | None = None,
    ) -> None:
        self.spec = spec
        self.think = think
        self._ending: weakref.finalize[..., object] | None = None

    @property
    def title(self) -> str:
        """The player's name as players see it (``my_player.py``, ``pbrain-rapfi``)."""
        return self.spec.title

    def _keep(self, kill: Callable[[], object]) -> None:
        """``kill`` ends the process this player has just started, whatever becomes of it."""
        self.close()
        self._ending = weakref.finalize(self, kill)

    def close(self) -> None:
        """End the process (a new one is started for the next move)."""
        if self._ending is not None:
            self._ending()
        self._ending = None

    @contextmanager
    def answering(self, seconds: float, board: Board) -> Iterator[None]:
        """While the process works out a move on ``board``: a cancel, or a failure, ends it;
        the cancel raises :class:`SearchStopped`, the failure the forfeit it comes to."""
        try:
            yield
        except Cancelled:
            self.close()
            raise SearchStopped("the move was cancelled") from None
        except BrainError as error:
            self.close()
            raise self.forfeit(error, seconds, board) from None

    def forfeit(self, error: BrainError, seconds: float, board: Board) -> PlayerForfeit:
        """The forfeit (with its reason) for the way the process failed on ``board``."""
        title = self.title
        if error.kind is Failure.START:
            return PlayerForfeit(title, own.NOT_STARTED, error=str(error))
        if error.kind is Failure.SILENT:
            return PlayerForfeit(title, own.TOO_SLOW, seconds=seconds)
        if error.kind is Failure.JUNK:
            return PlayerForfeit(title, own.NOT_A_CELL, answer=repr(error.answer))
        if error.kind is Failure.ILLEGAL:
            return illegal(title, board, error.answer)
        if error.kind is Failure.ERROR and error.answer:
            return PlayerForfeit(title, own.ENGINE_ERROR, answer=error.answer)
        if error.last_words:
            return PlayerForfeit(title, own.STOPPED_SAYING, words=error.last_words)
        return PlayerForfeit(title, own.STOPPED)


def illegal(
    title: str, board: Board, answer: str, row: int | None = None, col: int | None = None
) -> PlayerForfeit:
    """The forfeit for a move the board does not allow: ``answer`` as the player gave it, at
    ``row`` and ``col`` (read from an engine's ``x,y`` when not given)."""
    rules = board.rules
    if row is None or col is None:
        x, _, y = answer.replace(" ", "").partition(",")
        col, row = int(x), int(y)
    if not (0 <= row < rules.m and 0 <= col < rules.n):
        return PlayerForfeit(title, own.OFF_THE_BOARD, cell=answer)
    return PlayerForfeit(title, own.TAKEN, cell=f"{answer} ({label(rules, rules.cell(row, col))})")
