"""The game controller every front end drives: players, turns, history, undo/redo, result.

A front end only draws a :class:`Game` and turns input into cells. Human
moves go through :meth:`Game.play`; computer moves are asked for with
:meth:`Game.computer_move` (synchronous), or, for windows that must not
freeze, computed off the UI thread with :meth:`Game.think` and applied
with :meth:`Game.apply`, which ignores an answer for a position that is no
longer current (the user undid, started a new game, ...).

A :class:`Match` is a series of games against one opponent: it decides who
starts each game (you, the computer, alternating, or a coin toss) and
keeps the session's score.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from tictactoe import players as registry
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMove, IllegalMoveError, UnknownPlayerError, shown
from tictactoe.core.exact.solver import Solver
from tictactoe.core.outcome import DECISIVE, Outcome, Termination
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits

if TYPE_CHECKING:
    from tictactoe.core.advice import Suggestion
    from tictactoe.core.analysis import MoveValue
    from tictactoe.core.search import Cancel, ProgressCallback

HUMAN = "human"
"""The player name of a person (at the keyboard, mouse or screen)."""


class NotYourTurnError(IllegalMoveError):
    """A human move while it is a computer player's turn."""


class Starter(StrEnum):
    """Who moves first in each game of a match (the first mover plays X)."""

    YOU = "you"
    COMPUTER = "computer"
    ALTERNATE = "alternate"
    COIN = "coin"


def move_limits(seconds: float | None = None, nodes: int | None = None) -> Limits | None:
    """The budget a computer player gets per move from ``--think`` seconds and ``nodes``
    (nodes when given: reproducible), or None for the player's own (1 second).

    Raises :class:`ValueError` for a time or a count that is no budget (0, negative, NaN).
    """
    return None if seconds is None and nodes is None else Limits.of(seconds, nodes)


def check_player_name(name: str) -> str:
    """The exact name of ``human`` or a registered strategy, given in any case, by its
    level name, title or exact name (``medium``, ``Medium`` and ``win-block`` give ``win-block``),
    or of an own player (``my_player.py``, ``brain:COMMAND``: see :mod:`tictactoe.players.own`).

    Raises :class:`UnknownPlayerError` listing the level names (or naming what
    replaced a retired player).
    """
    if isinstance(name, str) and name.strip().lower() == HUMAN:
        return HUMAN
    try:
        return registry.get(name, own=True).name
    except UnknownPlayerError as error:
        if isinstance(name, str) and (
            name.strip().lower() in registry.RETIRED or registry.is_own(name)
        ):
            raise
        raise UnknownPlayerError(
            f"unknown player {shown(name)}: choose {HUMAN} or one of "
            f"{', '.join(registry.flags())}, {registry.OWN_PLAYERS}"
        ) from error


class Game:
    """One game: the position, who plays each side, the move history and redo stack."""

    def __init__(
        self,
        rules: Rules | None = None,
        players: Mapping[Mark, str] | None = None,
        *,
        rng: random.Random | None = None,
        solver: Solver | None = None,
        think: float | None = None,
        nodes: int | None = None,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        self._limits = move_limits(think, nodes)
        self.think_seconds = think
        """Seconds a searching computer player may think per move (None: its default, 1.0)."""
        self.think_nodes = nodes
        """Positions a searching computer player visits per move instead (reproducible)."""
        chosen = (
            {Mark.X: HUMAN, Mark.O: registry.DEFAULT_LEVEL} if players is None else dict(players)
        )
        self._players = {mark: check_player_name(chosen[mark]) for mark in Mark}
        self._rng = rng if rng is not None else random.Random()
        self._boards = [Board.empty(self.rules)]
        self._moves: list[int] = []
        self._redo: list[int] = []
        self._engines: dict[tuple[Mark, str], registry.Player] = {}
        self._solver = solver
        self._given_up: Outcome | None = None
        """How the game ended when a side resigned or forfeited it (the board cannot say)."""
        self.started_at = datetime.now(UTC)
        """When the game began (for its record)."""

    @classmethod
    def restored(
        cls,
        rules: Rules,
        players: Mapping[Mark, str],
        moves: Sequence[int],
        *,
        redo: Sequence[int] = (),
        given_up: Outcome | None = None,
        rng: random.Random | None = None,
        solver: Solver | None = None,
        think: float | None = None,
        nodes: int | None = None,
    ) -> Game:
        """A game as it was kept: ``moves`` played, ``redo`` the moves taken back (a stack:
        the last is replayed first), ``given_up`` how a side gave it up (a resignation or a
        forfeit), as :meth:`undo` and :meth:`resign` leave them.

        Raises :class:`IllegalMoveError` for moves that cannot be played in that order
        (the moves taken back included) and :class:`ValueError` for a ``given_up`` that is
        not a side giving up, or a finished board given up as well.
        """
        game = cls(rules, players, rng=rng, solver=solver, think=think, nodes=nodes)
        board = game.board
        for cell in moves:
            board = board.play(cell)
            game._boards.append(board)
        game._moves = list(moves)
        for cell in reversed(redo):  # the moves taken back must still make a game
            board = board.play(cell)
        game._redo = list(redo)
        if given_up is not None:
            if given_up.termination not in DECISIVE or given_up.winner is None:
                raise ValueError(f"a game is given up by resignation or forfeit, not {given_up}")
            if game.board.is_over:
                raise ValueError(f"a finished game cannot also be given up: {board.text}")
            game._given_up = given_up
        return game

    # --- reading ------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The current position."""
        return self._boards[-1]

    @property
    def moves(self) -> tuple[int, ...]:
        """The cells played so far, in order."""
        return tuple(self._moves)

    @property
    def last_move(self) -> int | None:
        """The most recent move, if any."""
        return self._moves[-1] if self._moves else None

    @property
    def turn(self) -> Mark:
        """Whose move it is."""
        return self.board.turn

    def player(self, mark: Mark) -> str:
        """The player name of ``mark``'s side (``human`` or a strategy name)."""
        return self._players[mark]

    def is_human(self, mark: Mark) -> bool:
        """True when a person plays ``mark``."""
        return self._players[mark] == HUMAN

    @property
    def is_over(self) -> bool:
        """True once somebody has won, the board is full or a side has resigned."""
        return self._given_up is not None or self.board.is_over

    @property
    def resigned(self) -> Mark | None:
        """The side that gave this game up (resigned, or forfeited it), if one did."""
        return None if self._given_up is None else self._given_up.gave_up

    @property
    def waiting_for_human(self) -> bool:
        """True when the game goes on and a person is to move."""
        return not self.is_over and self.is_human(self.turn)

    @property
    def computer_to_move(self) -> bool:
        """True when the game goes on and a computer player is to move."""
        return not self.is_over and not self.is_human(self.turn)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (the board's outcome, or a side gave up), or None while it goes on."""
        if self._given_up is not None:
            return self._given_up
        return self.board.outcome()

    # --- changing players -------------------------------------------------------

    def set_player(self, mark: Mark, name: str) -> None:
        """Let ``name`` play ``mark`` from the next move on."""
        self._players[mark] = check_player_name(name)

    def unsupported_reason(self, mark: Mark) -> str | None:
        """Why ``mark``'s computer player cannot play this board, or None."""
        name = self._players[mark]
        if name == HUMAN:
            return None
        return registry.get(name, own=True).unsupported_reason(self.rules)

    # --- moves ----------------------------------------------------------------

    def play(self, cell: int, mark: Mark | None = None) -> Board:
        """A person's move; ``mark``, when given, is the side that person plays.

        Raises :class:`IllegalMoveError` (nothing changes) if not allowed: its
        ``reason`` says why (the game is over, it is the other side's turn, the
        cell is off the board or taken).
        """
        if not self.is_over:
            if not self.is_human(self.turn):
                raise NotYourTurnError(
                    f"it is {self._players[self.turn]}'s turn ({self.turn})",
                    IllegalMove.NOT_YOUR_TURN,
                )
            if mark is not None and Mark(mark) is not self.turn:
                raise NotYourTurnError(
                    f"it is {self.turn}'s turn, not {mark}'s", IllegalMove.NOT_YOUR_TURN
                )
        return self._push(cell)

    def think(
        self,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
    ) -> tuple[Board, int]:
        """The computer's choice for the current position, without playing it.

        Safe to call from a worker thread: it reads the current board once
        and returns it with the chosen cell, for :meth:`apply`. The player's
        :meth:`~tictactoe.core.search.Player.choose` gets ``progress`` and
        ``cancel``: a searching player (``search``) reports each completed
        depth to ``progress`` (a :class:`~tictactoe.core.search.Progress`:
        depth, nodes, score, principal variation) and stops early, with its
        best move so far, once ``cancel`` (a :class:`threading.Event`) is
        set; the other players ignore both.
        """
        board = self.board
        mark = board.turn
        if self.is_over or self.is_human(mark):
            raise NotYourTurnError(f"no computer player is to move in {board.text}")
        player = self._engine(mark)
        return board, player.choose(board, self._limits, progress=progress, cancel=cancel)

    @property
    def limits(self) -> Limits | None:
        """The budget :meth:`think` gives the player per move (None: the player's own)."""
        return self._limits

    def set_think(self, seconds: float | None = None, nodes: int | None = None) -> None:
        """Change the searching players' budget per move, from their next move on.

        Raises :class:`ValueError` (nothing changes) for a budget that is no budget.
        """
        self._limits = move_limits(seconds, nodes)
        self.think_seconds, self.think_nodes = seconds, nodes

    def apply(self, board: Board, cell: int) -> bool:
        """Play a move from :meth:`think` if ``board`` is still the current position."""
        if board is not self.board or not self.computer_to_move:
            return False
        self._push(cell)
        return True

    def computer_move(self) -> int:
        """Let the computer player to move choose and play; returns the cell."""
        board, cell = self.think()
        self.apply(board, cell)
        return cell

    def _engine(self, mark: Mark) -> registry.Player:
        key = (mark, self._players[mark])
        if key not in self._engines:
            self._engines[key] = registry.create(key[1], self._rng, solver=self.solver, own=True)
        return self._engines[key]

    def resign(
        self, mark: Mark | None = None, how: Termination = Termination.RESIGNATION
    ) -> Outcome:
        """``mark`` (default: the side to move) gives up; the other side wins.

        ``how`` is :attr:`~Termination.RESIGNATION`, or :attr:`~Termination.FORFEIT`
        for a side that left the game. Raises :class:`IllegalMoveError` if the
        game is already over. Giving up is final: nothing can be undone or
        redone afterwards.
        """
        if self.is_over:
            raise IllegalMoveError(
                f"the game is already over in {self.board.text}", IllegalMove.OVER
            )
        if how not in DECISIVE:
            raise ValueError(f"a game is given up by resignation or forfeit, not {how!r}")
        loser = self.turn if mark is None else Mark(mark)
        self._given_up = Outcome(how, loser.other)
        return self._given_up

    def _push(self, cell: int) -> Board:
        if self._given_up is not None:
            raise IllegalMoveError(
                f"the game is over: {self._given_up.gave_up} resigned", IllegalMove.OVER
            )
        board = self.board.play(cell)
        self._boards.append(board)
        self._moves.append(cell)
        self._redo.clear()
        return board

    def hint(self, *, cancel: Cancel | None = None) -> Mapping[int, MoveValue]:
        """Every legal move's outcome for the side to move (win / draw / loss, in how many plies).

        Raises :class:`~tictactoe.core.errors.UnsolvableError` on boards too big to solve,
        and :class:`~tictactoe.core.search.SearchStopped` once ``cancel`` (a
        :class:`threading.Event`, set from another thread) stops it: the game
        is left as it was.
        """
        from tictactoe.core.analysis import analyse

        return analyse(self.board, self.solver, cancel=cancel)

    def suggestions(
        self,
        top: int = 3,
        *,
        seconds: float | None = None,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
    ) -> tuple[Suggestion, ...]:
        """The best ``top`` moves for the side to move with a verdict, on every board.

        Exact on boards the solver finishes (the same values as :meth:`hint`);
        on bigger boards the engine searches for ``seconds`` (default: this
        game's budget per move, :attr:`limits`, else 1 second) and judges its best moves: winning /
        better / equal / worse / losing, with "forced win in N" (the winner's
        own moves) when it proves one. Call it off the UI thread on big boards;
        ``cancel`` (a :class:`threading.Event`) stops the engine, or the proofs
        of moves past the best one, early with what they found (exact values
        are always finished: cancel :meth:`hint` instead). Empty once the game
        is over.
        """
        from tictactoe.core.advice import suggest

        if self.is_over:
            return ()
        limits = Limits.of(seconds) if seconds is not None else self._limits or Limits.of()
        return suggest(
            self.board,
            top,
            solver=self.solver,
            limits=limits,
            progress=progress,
            cancel=cancel,
        )

    @property
    def solver(self) -> Solver:
        """The exact solver shared by hints and the ``perfect`` player (made when first needed)."""
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    # --- undo / redo ------------------------------------------------------------

    def _undo_steps(self) -> int:
        """Plies to take back so that a person is to move again (1 if nobody is human)."""
        if self._given_up is not None:
            return 0
        if not any(self.is_human(mark) for mark in Mark):
            return 1 if self._moves else 0
        for steps in range(1, len(self._moves) + 1):
            if self.is_human(self._boards[-1 - steps].turn):
                return steps
        return 0

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take anything back."""
        return self._undo_steps() > 0

    @property
    def can_redo(self) -> bool:
        """True when :meth:`redo` would replay anything."""
        return bool(self._redo) and self._given_up is None

    def undo(self) -> int:
        """Take back the last person's move and the computer's answer; returns plies undone."""
        steps = self._undo_steps()
        for _ in range(steps):
            self._boards.pop()
            self._redo.append(self._moves.pop())
        return steps

    def redo(self) -> int:
        """Replay what :meth:`undo` took back, up to the next person's turn; returns plies."""
        replayed = 0
        while self._redo and self._given_up is None:
            cell = self._redo.pop()
            self._boards.append(self.board.play(cell))
            self._moves.append(cell)
            replayed += 1
            if self.waiting_for_human or self.is_over:
                break
        return replayed


@dataclass
class Score:
    """A session's tally, from the first player's (your) side, and by mark."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    by_mark: dict[Mark, int] = field(default_factory=lambda: {Mark.X: 0, Mark.O: 0})

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.losses + self.draws


class Match:
    """A series of games between you (or two people) and one opponent.

    ``opponent`` is a strategy name (by default Medium, every front end's first
    opponent), or ``human`` for two people at one keyboard (then "you" means the
    first person). ``starter`` decides who moves first, and so plays X, in each game.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        opponent: str = registry.DEFAULT_LEVEL,
        *,
        starter: Starter = Starter.YOU,
        rng: random.Random | None = None,
        you: str = HUMAN,
        think: float | None = None,
        nodes: int | None = None,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        self.think_seconds = think
        """Seconds a searching computer player thinks per move (None: 1.0); see :class:`Game`."""
        self.think_nodes = nodes
        self.opponent = check_player_name(opponent)
        self.you = check_player_name(you)
        self.starter = starter
        self.rng = rng if rng is not None else random.Random()
        self.score = Score()
        self.solver = Solver()
        """Shared by every game of the match, so positions solved once stay solved."""
        self.games_started = 0
        self.you_start = self._first_mover_is_you()
        self.game = self._new_game()
        self._recorded: Game | None = None

    def _first_mover_is_you(self) -> bool:
        if self.starter is Starter.YOU:
            return True
        if self.starter is Starter.COMPUTER:
            return False
        if self.starter is Starter.COIN:
            return self.rng.random() < 0.5
        return self.games_started % 2 == 0

    def _new_game(self) -> Game:
        first, second = (self.you, self.opponent) if self.you_start else (self.opponent, self.you)
        return Game(
            self.rules,
            {Mark.X: first, Mark.O: second},
            rng=self.rng,
            solver=self.solver,
            think=self.think_seconds,
            nodes=self.think_nodes,
        )

    @property
    def your_mark(self) -> Mark:
        """The mark you play in the current game."""
        return Mark.X if self.you_start else Mark.O

    def new_game(self, *, you_start: bool | None = None, rules: Rules | None = None) -> Game:
        """Start the next game; who starts follows the match's rule unless given."""
        self.games_started += 1
        if rules is not None:
            self.rules = rules
        self.you_start = self._first_mover_is_you() if you_start is None else you_start
        self.game = self._new_game()
        return self.game

    def set_think(self, seconds: float | None = None, nodes: int | None = None) -> None:
        """Change how long searching players think, in this game and the next ones."""
        self.think_seconds, self.think_nodes = seconds, nodes
        self.game.set_think(seconds, nodes)

    def set_opponent(self, name: str) -> None:
        """Change the opponent; in the current game it takes over from the next move."""
        self.opponent = check_player_name(name)
        self.game.set_player(self.your_mark.other, name)

    def record(self) -> Outcome:
        """Add the finished current game to the score (once); returns its outcome."""
        outcome = self.game.outcome
        if outcome is None:
            raise IllegalMoveError("the game is not over yet")
        if self._recorded is self.game:
            return outcome
        self._recorded = self.game
        if outcome.winner is None:
            self.score.draws += 1
        else:
            self.score.by_mark[outcome.winner] += 1
            if outcome.winner is self.your_mark:
                self.score.wins += 1
            else:
                self.score.losses += 1
        return outcome
