"""What the players in child processes share: the time a move, the process's life (confined
unless trusted: :mod:`.confinement`), the forfeit for each way a process fails, and the bench for
one that keeps running out of time (:mod:`.script` for Python, :mod:`.engine` for engines)."""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tictactoe.core.board import Board
from tictactoe.core.cells import label
from tictactoe.core.errors import N_
from tictactoe.core.search import Answers, SearchStopped
from tictactoe.gomocup.manager import BrainError, Cancelled, Failure
from tictactoe.players import confinement, own
from tictactoe.players.confinement import Confined
from tictactoe.players.own import PlayerForfeit, Spec

STRIKES = 2
"""Moves in a row a player may run out of time on: after that it loses every game at once."""

BENCHED = N_(
    "it took longer than {seconds:g} s to move {times} times in a row, so it loses its "
    "other games without playing."
)


class ChildPlayer(Answers):
    """A player that plays in a child process (``spec``: what and where it is).

    ``think`` is its time a move when the game sets none; ``rng`` and
    ``nodes`` are taken like every level's and not used. The process is
    ended by :meth:`close`, when the player is dropped, or when Python exits
    (its working folder removed with it). A player that ran out of time on
    :data:`STRIKES` moves in a row loses its next games at once (:meth:`bench`).
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
        self.strikes = 0
        """Moves in a row it ran out of time on."""
        self._ending: weakref.finalize[..., object] | None = None

    @property
    def title(self) -> str:
        """The player's name as players see it (``my_player.py``, ``pbrain-rapfi``)."""
        return self.spec.title

    def _keep(self, kill: Callable[[], object], confined: Confined | None = None) -> None:
        """``kill`` ends the process this player has just started, whatever becomes of it (and
        then its working folder is removed)."""
        self.close()
        self._ending = weakref.finalize(self, _end, kill, confined)

    def bench(self, seconds: float) -> None:
        """Raise the forfeit of a player that ran out of time :data:`STRIKES` moves in a row."""
        if self.strikes >= STRIKES:
            raise PlayerForfeit(
                self.title, BENCHED, fault=own.Fault.TIME, seconds=seconds, times=self.strikes
            )

    def forbidden(self, report: object) -> PlayerForfeit:
        """The forfeit of a confined player that tried something forbidden (ending it)."""
        self.close()
        reason, values = confinement.reason_of(report)
        return PlayerForfeit(self.title, reason, fault=own.Fault.FORBIDDEN, **values)

    def close(self) -> None:
        """End the process (a new one is started for the next move)."""
        if self._ending is not None:
            self._ending()
        self._ending = None

    @contextmanager
    def answering(self, seconds: float, board: Board, *, move: bool = True) -> Iterator[None]:
        """While the process works out a move on ``board`` (or, not a ``move``, starts): a
        cancel, or a failure, ends it; the cancel raises :class:`SearchStopped`, the failure
        the forfeit it comes to. A move answered in time clears the strikes."""
        try:
            yield
            if move:
                self.strikes = 0
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
            self.strikes += 1
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


def _end(kill: Callable[[], object], confined: Confined | None) -> None:
    kill()
    if confined is not None:
        confined.close()


def illegal(
    title: str, board: Board, answer: str, row: int | None = None, col: int | None = None
) -> PlayerForfeit:
    """The forfeit for a move the board does not allow: ``answer`` as the player gave it, at
    ``row`` and ``col`` - a Python player's, whose taken cell is named as the lessons name it
    (``4, centre``) - or read from an engine's ``x,y`` when not given (``7,7 (h8)``)."""
    rules = board.rules
    engine = row is None or col is None
    if row is None or col is None:
        x, _, y = answer.replace(" ", "").partition(",")
        col, row = int(x), int(y)
    if not (0 <= row < rules.m and 0 <= col < rules.n):
        return PlayerForfeit(title, own.OFF_THE_BOARD, cell=answer)
    cell = rules.cell(row, col)
    if engine:
        return PlayerForfeit(title, own.TAKEN, cell=f"{answer} ({label(rules, cell)})")
    said = own.CellSaid(rules, cell, "" if answer == str(cell) else answer)
    return PlayerForfeit(title, own.TAKEN, cell=said)
