"""A game as plain data: the rules, who played, the moves, how it ended and when.

A :class:`Record` is checked when it is made: every move is replayed on the
board, and the result must agree with the final position (a line is a win
for its owner, a full board without one is a draw; a resignation, a
forfeit, an adjudicated result or an unfinished game only where the position
is not over). So any record, saved or read from a file, can be replayed
safely. :class:`~tictactoe.core.outcome.Termination` is the one of
:class:`~tictactoe.core.outcome.Outcome`; :attr:`Record.outcome` gives the
outcome of a decided game.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime

from tictactoe.core import cells
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import N_, IllegalMoveError, TicTacToeError, shown
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import Rules

UNKNOWN_PLAYER = "?"
"""The player name used when a file does not say who played."""
MAX_NAME = 80
"""Longest player name a record keeps (longer names in files are cut)."""


class RecordError(TicTacToeError):
    """A record, or a file meant to hold one, that is not a valid game; the message says why."""


def clean_name(text: str) -> str:
    """A player name from a file made fit for a record.

    Control characters are dropped, runs of spaces become one, the name is
    cut to :data:`MAX_NAME` characters, and an empty name becomes
    :data:`UNKNOWN_PLAYER`.
    """
    kept = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)
    name = " ".join(kept.split())[:MAX_NAME].strip()
    return name or UNKNOWN_PLAYER


@dataclass(frozen=True)
class Record:
    """One game: replayable, checked when made (:class:`RecordError` says what is wrong).

    ``moves`` are cell indices in the order played, X first. ``winner`` is
    None for a draw or an unfinished game. ``started`` and ``finished`` are
    timezone-aware, or None when unknown.
    """

    rules: Rules
    moves: tuple[int, ...]
    x_player: str = UNKNOWN_PLAYER
    """Who played X (the first move): ``human``, a strategy name, or a name from a file."""
    o_player: str = UNKNOWN_PLAYER
    """Who played O."""
    winner: Mark | None = None
    termination: Termination = Termination.UNFINISHED
    started: datetime | None = None
    finished: datetime | None = None
    _boards: tuple[Board, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RecordError(f"rules must be Rules, not {self.rules!r}")
        object.__setattr__(self, "moves", tuple(self.moves))
        object.__setattr__(self, "_boards", _replay(self.rules, self.moves))
        for side, name in (("X", self.x_player), ("O", self.o_player)):
            if not isinstance(name, str) or clean_name(name) != name:
                raise RecordError(
                    f"the name of {side}'s player must be 1 to {MAX_NAME} printable characters"
                    f" without surrounding spaces, not {name!r}"
                )
        for label, moment in (("started", self.started), ("finished", self.finished)):
            if moment is not None and (
                not isinstance(moment, datetime) or moment.utcoffset() is None
            ):
                raise RecordError(f"{label} must be a timezone-aware datetime, not {moment!r}")
        if self.winner is not None:
            object.__setattr__(self, "winner", Mark(self.winner))
        object.__setattr__(self, "termination", Termination(self.termination))
        _check_result(self.board, self.winner, self.termination)

    @classmethod
    def of(
        cls,
        rules: Rules,
        moves: tuple[int, ...] | list[int],
        x_player: str = UNKNOWN_PLAYER,
        o_player: str = UNKNOWN_PLAYER,
        *,
        resigned: Mark | None = None,
        started: datetime | None = None,
        finished: datetime | None = None,
    ) -> Record:
        """A record whose result follows from the moves (and ``resigned``, the side that gave up).

        A line or a full board decides the game; otherwise a resignation
        makes the other side the winner, and without one the game is
        unfinished.
        """
        board = _replay(rules, tuple(moves))[-1]
        if board.winner is not None:
            winner, how = board.winner, Termination.LINE
        elif board.is_full:
            winner, how = None, Termination.FULL_BOARD
        elif resigned is not None:
            winner, how = Mark(resigned).other, Termination.RESIGNATION
        else:
            winner, how = None, Termination.UNFINISHED
        return cls(rules, tuple(moves), x_player, o_player, winner, how, started, finished)

    # --- reading --------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The final position."""
        return self._boards[-1]

    def positions(self) -> tuple[Board, ...]:
        """Every position from the empty board to the final one: ``len(moves) + 1`` boards."""
        return self._boards

    @property
    def plies(self) -> int:
        """Moves played (both sides)."""
        return len(self.moves)

    def player(self, mark: Mark) -> str:
        """The name of the player of ``mark``."""
        return self.x_player if mark is Mark.X else self.o_player

    @property
    def resigned(self) -> Mark | None:
        """The side that resigned, if the game ended that way."""
        if self.termination is Termination.RESIGNATION and self.winner is not None:
            return self.winner.other
        return None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, as a finished game says it; None when it is unfinished."""
        if self.termination is Termination.UNFINISHED:
            return None
        line = self.board.winning_cells if self.termination is Termination.LINE else frozenset()
        return Outcome(self.termination, self.winner, line)

    @property
    def is_decided(self) -> bool:
        """True unless the game is unfinished."""
        return self.termination is not Termination.UNFINISHED


def _replay(rules: Rules, moves: tuple[int, ...]) -> tuple[Board, ...]:
    """Every position of ``moves`` played from the empty board; :class:`RecordError` if illegal."""
    boards = [Board.empty(rules)]
    for number, cell in enumerate(moves, start=1):
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < rules.size:
            raise RecordError.worded(
                N_("move {number}: {cell} is not a cell of the {m} x {n} board"),
                number=number, cell=shown(cell), m=rules.m, n=rules.n,
            )  # fmt: skip
        try:
            boards.append(boards[-1].play(cell))
        except IllegalMoveError:
            name = cells.label(rules, cell)
            winner = boards[-1].winner
            if winner is None:
                raise RecordError.worded(
                    N_("move {number} ({cell}) is not possible: {cell} is already taken"),
                    number=number, cell=name,
                ) from None  # fmt: skip
            raise RecordError.worded(
                N_(
                    "move {number} ({cell}) is not possible: the game was already over"
                    " ({mark} has {k} in a row)"
                ),
                number=number, cell=name, mark=winner, k=rules.k,
            ) from None  # fmt: skip
    return tuple(boards)


def _check_result(board: Board, winner: Mark | None, how: Termination) -> None:
    """:class:`RecordError` unless the result ``(winner, how)`` fits the final ``board``."""
    k = board.rules.k
    if board.winner is not None:
        if how is not Termination.LINE or winner is not board.winner:
            raise RecordError.worded(
                N_("the result does not fit the moves: {mark} has {k} in a row, so {mark} won"),
                mark=board.winner, k=k,
            )  # fmt: skip
    elif board.is_full:
        if how is not Termination.FULL_BOARD or winner is not None:
            raise RecordError.worded(
                N_(
                    "the result does not fit the moves: the board is full with no line,"
                    " so the game is a draw"
                )
            )
    elif how is Termination.LINE:
        raise RecordError.worded(
            N_("the result does not fit the moves: nobody has {k} in a row"), k=k
        )
    elif how is Termination.FULL_BOARD:
        raise RecordError.worded(
            N_(
                "the result does not fit the moves: the board is not full and nobody has"
                " {k} in a row"
            ),
            k=k,
        )
    elif how is Termination.RESIGNATION and winner is None:
        raise RecordError.worded(N_("a resignation needs a winner"))
    elif how is Termination.FORFEIT and winner is None:
        raise RecordError.worded(N_("a forfeit needs a winner"))
    elif how is Termination.UNFINISHED and winner is not None:
        raise RecordError.worded(N_("an unfinished game has no winner, not {mark}"), mark=winner)
