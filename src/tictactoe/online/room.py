"""A room: the game being played, the two seats, the score, rematches.

A room's whole state is a :class:`RoomState`, plain data that goes to JSON
and back (so Redis can hold it and any server process can pick it up). A
:class:`Room` wraps it with the rules of play, and every move goes through a
:class:`~tictactoe.game.Game` restored from the state: the game and the
engine validate each one and say why they refuse it; the room only decides
who may ask.

The two seats are players ``a`` and ``b``. Against the computer ``a`` is the
person and ``b`` the computer. With a friend ``a`` made the room and ``b``
took the other seat from the invite link; a rematch swaps their marks. A
seat is held by a random token that only its browser knows: the room keeps
the token's SHA-256 digest, never the token.

Errors are :class:`RoomError` with a code and an English message the page
translates; the state is unchanged after any of them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from tictactoe import players as registry
from tictactoe.core import (
    DEFAULT_SECONDS,
    IllegalMove,
    IllegalMoveError,
    Mark,
    Outcome,
    Rules,
    Termination,
)
from tictactoe.core.exact.solver import unsupported_reason
from tictactoe.core.records import Record
from tictactoe.game import HUMAN, Game, Starter
from tictactoe.saved.archive import record_of
from tictactoe.session import BoardPicture, check_board
from tictactoe.texts.i18n import N_

PLAYERS = ("a", "b")
"""The seats of a room: ``a`` made it, ``b`` is the friend or the computer."""

Kind = Literal["solo", "friend"]

DEFAULT_THINK_MS = round(DEFAULT_SECONDS * 1000)
"""The computer's thinking time per move unless the page asks for another, in milliseconds."""

ENDED: Mapping[Termination, str] = {
    Termination.LINE: "win",
    Termination.FULL_BOARD: "draw",
    Termination.RESIGNATION: "resign",
    Termination.FORFEIT: "timeout",
}
"""How a game of a room can end, as the page (and a saved room's ``ended``) names it."""


class RoomError(Exception):
    """A request the room refuses: ``code`` for programs, ``message`` (English, with
    ``{fields}`` filled from ``params``) for people."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(f"{code}: {message.format(**params) if params else message}")
        self.code = code
        self.message = message
        self.params = params


REFUSED: Mapping[IllegalMove, tuple[str, str]] = {
    IllegalMove.OVER: ("over", N_("The game is over.")),
    IllegalMove.NOT_YOUR_TURN: ("turn", N_("It is not your turn.")),
    IllegalMove.OFF_BOARD: ("off_board", N_("That cell is not on the board.")),
    IllegalMove.NOT_A_CELL: ("off_board", N_("That cell is not on the board.")),
    IllegalMove.TAKEN: ("taken", N_("That cell is taken.")),
}
"""What the page is told for each reason the game gives for refusing a move."""


@lru_cache(maxsize=64)
def _rules(rows: int, cols: int, k: int) -> Rules:
    """One :class:`Rules` per board, so its winning lines are worked out once per process."""
    return Rules(rows, cols, k)


def new_token() -> str:
    """A fresh seat token (32 URL-safe characters, 192 random bits)."""
    return secrets.token_urlsafe(24)


def new_room_id() -> str:
    """A fresh room id (12 URL-safe characters): hard to guess, short enough to share."""
    return secrets.token_urlsafe(9)


def digest(token: str) -> str:
    """What a room keeps of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class RoomState:
    """Everything a room is, as plain data (see :meth:`to_json`)."""

    id: str
    kind: Kind
    rows: int
    cols: int
    k: int
    seed: int
    created: float
    touched: float
    level: str = ""
    """Against the computer: the computer player's name."""
    first: str = Starter.YOU.value
    """Against the computer: who starts each game (a :class:`Starter` value)."""
    think_ms: int = DEFAULT_THINK_MS
    """Against the computer: how long a searching player thinks per move (and a big board's
    hint takes), in milliseconds."""
    tokens: dict[str, str] = field(default_factory=dict)
    """Each taken seat's token digest."""
    a_mark: str = Mark.X.value
    """The mark player ``a`` plays in this game."""
    moves: list[int] = field(default_factory=list)
    redo: list[int] = field(default_factory=list)
    """Moves taken back, as a stack: the last one is replayed first."""
    resigned: str | None = None
    """The mark that resigned or lost on time, if the game ended that way."""
    ended: str | None = None
    """``resign`` or ``timeout`` (a forfeit: the player left) when the game ended that way."""
    score: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0, "draws": 0})
    recorded: bool = False
    """The current game's result is already in the score."""
    games: int = 1
    """Games started in this room (the first is 1)."""
    rematch: list[str] = field(default_factory=list)
    """Players who asked for a rematch of the finished game."""
    version: int = 0
    """Bumped by every change, so stale answers and copies can be told apart."""

    def to_json(self) -> str:
        """The state as JSON text (its fields are plain JSON values already)."""
        return json.dumps(vars(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> RoomState:
        """The state saved by :meth:`to_json`."""
        data: dict[str, Any] = json.loads(text)
        return cls(**data)


@dataclass(frozen=True)
class Presence:
    """Whether a seat's player has a page open, and for how long they have been away."""

    online: bool = False
    away_for: float | None = None
    """Seconds since the seat's last page closed (None: online, or never seen)."""


class Room:
    """The rules of a room around its :class:`RoomState`."""

    def __init__(self, state: RoomState) -> None:
        self.state = state
        self._game: Game | None = None
        self._game_version = -1

    # --- making rooms -------------------------------------------------------------

    @classmethod
    def solo(
        cls,
        room_id: str,
        rules: Rules,
        level: str,
        first: Starter,
        *,
        seed: int,
        now: float,
        think_ms: int = DEFAULT_THINK_MS,
    ) -> tuple[Room, str]:
        """A game against the computer ``level``; returns the room and the player's token.

        ``think_ms`` is the computer's thinking time per move (milliseconds).
        """
        strategy = registry.get(level)
        if not strategy.plays(rules):
            raise RoomError("level_board", N_("This level cannot play this board."))
        token = new_token()
        state = RoomState(
            room_id, "solo", rules.m, rules.n, rules.k, seed, now, now,
            level=strategy.name, first=Starter(first).value, think_ms=think_ms,
            tokens={"a": digest(token)},
        )  # fmt: skip
        room = cls(state)
        state.a_mark = room._first_mark().value
        return room, token

    @classmethod
    def friend(cls, room_id: str, rules: Rules, *, seed: int, now: float) -> tuple[Room, str]:
        """A game between two people; returns the room and its maker's token (seat ``a``, X)."""
        token = new_token()
        state = RoomState(
            room_id, "friend", rules.m, rules.n, rules.k, seed, now, now,
            tokens={"a": digest(token)},
        )  # fmt: skip
        return cls(state), token

    @staticmethod
    def rules_of(rows: int, cols: int, k: int) -> Rules:
        """The board asked for, or :class:`RoomError` saying (in English) which limit it breaks;
        the page asks ``/api/levels`` first, which says it in the page's language."""
        checked = check_board(rows, cols, k, str)
        if isinstance(checked, str):
            raise RoomError("bad_board", checked)
        return checked

    # --- reading -------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The room's id (part of the invite link)."""
        return self.state.id

    @property
    def is_solo(self) -> bool:
        """True for a game against the computer."""
        return self.state.kind == "solo"

    @property
    def rules(self) -> Rules:
        """The board's rules."""
        return _rules(self.state.rows, self.state.cols, self.state.k)

    @property
    def think_seconds(self) -> float:
        """The computer's thinking time per move, in seconds."""
        return self.state.think_ms / 1000

    @property
    def position(self) -> tuple[int, tuple[int, ...]]:
        """The game number and its moves: what a computation is about, to tell stale ones."""
        return self.state.games, tuple(self.state.moves)

    def copy_state(self) -> RoomState:
        """A copy of the state that later changes to this room leave alone."""
        state = self.state
        return replace(
            state,
            tokens=dict(state.tokens),
            moves=list(state.moves),
            redo=list(state.redo),
            score=dict(state.score),
            rematch=list(state.rematch),
        )

    def restore(self, state: RoomState) -> None:
        """Go back to ``state`` (a copy from :meth:`copy_state`) after a change failed."""
        self.state = state
        self._game = None

    def saved(self, now: float) -> None:
        """Mark a change as done: a new version, touched ``now`` (the game stays built)."""
        self.state.version += 1
        self.state.touched = now
        if self._game is not None:
            self._game_version = self.state.version

    @property
    def game(self) -> Game:
        """The current game, rebuilt from the state when the state changed."""
        if self._game is None or self._game_version != self.state.version:
            self._game = self._build_game()
            self._game_version = self.state.version
        return self._game

    def _build_game(self) -> Game:
        state = self.state
        players = {Mark.X: HUMAN, Mark.O: HUMAN}
        if self.is_solo:
            players[self.mark_of("b")] = state.level
        given_up = None
        if state.resigned is not None:
            how = Termination.FORFEIT if state.ended == ENDED[Termination.FORFEIT] else None
            given_up = Outcome(how or Termination.RESIGNATION, Mark(state.resigned).other)
        return Game.restored(self.rules, players, state.moves, redo=state.redo, given_up=given_up)

    def mark_of(self, player: str) -> Mark:
        """The mark ``player`` plays in this game."""
        mark = Mark(self.state.a_mark)
        return mark if player == "a" else mark.other

    def player_with(self, mark: Mark) -> str:
        """The player who plays ``mark`` in this game."""
        return "a" if self.state.a_mark == mark.value else "b"

    def player_of(self, token: str | None) -> str | None:
        """The seat ``token`` holds, or None (a spectator, or a stale or unknown token)."""
        if not token:
            return None
        wanted = digest(token)
        for player, held in self.state.tokens.items():
            if hmac.compare_digest(held, wanted):
                return player
        return None

    @property
    def seat_free(self) -> bool:
        """True when a friend can still take seat ``b``."""
        return not self.is_solo and "b" not in self.state.tokens

    @property
    def computer_to_move(self) -> bool:
        """True when the computer should think now."""
        return self.is_solo and self.game.computer_to_move

    # --- changes -------------------------------------------------------------------

    def take_seat(self) -> tuple[str, str]:
        """Seat ``b`` for the friend who opened the link: returns the player and its token."""
        if not self.seat_free:
            raise RoomError("full", N_("Both seats are taken."))
        token = new_token()
        self.state.tokens["b"] = digest(token)
        return "b", token

    def free_seat(self, token: str) -> bool:
        """Give seat ``b`` up again if ``token`` holds it (its token never reached the friend);
        True if it did."""
        if self.player_of(token) != "b":
            return False
        del self.state.tokens["b"]
        return True

    def play(self, player: str | None, cell: int, ply: int | None = None) -> None:
        """``player``'s move at ``cell`` (``ply``: the move count the page saw, if given)."""
        game = self._players_game(player)
        if ply is not None and ply != len(game.moves):
            raise RoomError("stale", N_("The board changed: try again."))
        assert player is not None
        try:
            game.play(cell, self.mark_of(player))
        except IllegalMoveError as refused:  # the game says why; the engine has the last word
            raise RoomError(*REFUSED[refused.reason or IllegalMove.OVER]) from None
        self.state.moves = list(game.moves)
        self.state.redo = []

    def apply_computer(
        self, ply: int, cell: int, position: tuple[int, tuple[int, ...]] | None = None
    ) -> bool:
        """Play the computer's answer if the game is still where it was at ``ply``.

        With ``position`` (:attr:`position` when the computer began) the game
        and every move must still be the same, not only their number.
        """
        game = self.game
        if not self.computer_to_move or len(game.moves) != ply:
            return False
        if position is not None and position != self.position:
            return False
        try:
            game.apply(game.board, cell)
        except IllegalMoveError:
            return False
        self.state.moves = list(game.moves)
        self.state.redo = []
        return True

    def undo(self, player: str | None) -> None:
        """Take back ``player``'s last move and the computer's answer (games with the computer)."""
        game = self._solo_game(player)
        before = list(game.moves)
        steps = game.undo()
        if not steps:
            raise RoomError("nothing", N_("Nothing to undo."))
        self.state.moves = list(game.moves)
        self.state.redo.extend(reversed(before[len(before) - steps :]))

    def redo(self, player: str | None) -> None:
        """Replay what :meth:`undo` took back (games with the computer)."""
        game = self._solo_game(player)
        replayed = game.redo()
        if not replayed:
            raise RoomError("nothing", N_("Nothing to redo."))
        self.state.moves = list(game.moves)
        del self.state.redo[len(self.state.redo) - replayed :]

    def resign(self, player: str | None) -> None:
        """``player`` gives up the current game."""
        game = self._players_game(player)
        if game.is_over or player is None:
            raise RoomError("over", N_("The game is over."))
        self._end(self.mark_of(player), Termination.RESIGNATION)

    def claim(self, player: str | None, opponent: Presence, claim_after: float) -> None:
        """Win the game because the other player left more than ``claim_after`` seconds ago."""
        game = self._players_game(player)
        if self.is_solo or player is None:
            raise RoomError("solo", N_("Only in games between two people."))
        if game.is_over:
            raise RoomError("over", N_("The game is over."))
        if "b" not in self.state.tokens:
            raise RoomError("waiting", N_("Nobody has taken the other seat yet."))
        if opponent.online or opponent.away_for is None or opponent.away_for < claim_after:
            raise RoomError("too_soon", N_("Your opponent may still come back: wait a little."))
        other = "b" if player == "a" else "a"
        self._end(self.mark_of(other), Termination.FORFEIT)

    def _end(self, loser: Mark, how: Termination) -> None:
        self.game.resign(loser, how)
        self.state.resigned = loser.value
        self.state.ended = ENDED[how]
        self.state.redo = []

    def new_game(self, player: str | None) -> None:
        """Against the computer: the next game, who starts by the room's rule.

        Between two people: an offer of a rematch; when both have offered, the
        next game starts with the marks swapped.
        """
        if player is None:
            raise RoomError("spectator", N_("Spectators cannot do that."))
        if self.is_solo:
            self._next_game(self._first_mark_for(self.state.games + 1))
            return
        if not self.game.is_over:
            raise RoomError("playing", N_("Finish or resign this game first."))
        if player not in self.state.rematch:
            self.state.rematch.append(player)
        if set(self.state.rematch) == set(PLAYERS):
            self._next_game(Mark(self.state.a_mark).other)

    def _next_game(self, a_mark: Mark) -> None:
        state = self.state
        state.games += 1
        state.a_mark = a_mark.value
        state.moves, state.redo, state.rematch = [], [], []
        state.resigned = state.ended = None
        state.recorded = False
        self._game = None

    def set_level(self, player: str | None, level: str) -> None:
        """Against the computer: another computer player, from its next move on."""
        self._solo_game(player)
        if not registry.get(level).plays(self.rules):
            raise RoomError("level_board", N_("This level cannot play this board."))
        self.state.level = registry.get(level).name
        self._game = None

    def set_think(self, player: str | None, think_ms: int) -> None:
        """Against the computer: its thinking time per move, from its next move on."""
        self._solo_game(player)
        self.state.think_ms = think_ms

    def set_first(self, player: str | None, first: Starter) -> None:
        """Against the computer: who starts, from the next game on."""
        self._solo_game(player)
        self.state.first = Starter(first).value

    def finish(self) -> Record | None:
        """Count a game that has just ended in the score (once); returns its record for the
        saved games (a room's game does not know when it began: no start time)."""
        outcome = self.game.outcome
        if outcome is None or self.state.recorded:
            return None
        self.state.recorded = True
        score = self.state.score
        if outcome.winner is None:
            score["draws"] += 1
        else:
            score[self.player_with(outcome.winner)] += 1
        return replace(record_of(self.game), started=None)

    # --- helpers -------------------------------------------------------------------

    def _players_game(self, player: str | None) -> Game:
        if player is None:
            raise RoomError("spectator", N_("Spectators cannot move."))
        return self.game

    def _solo_game(self, player: str | None) -> Game:
        if player is None:
            raise RoomError("spectator", N_("Spectators cannot do that."))
        if not self.is_solo:
            raise RoomError("friend", N_("Only in games against the computer."))
        return self.game

    def _first_mark(self) -> Mark:
        return self._first_mark_for(self.state.games)

    def _first_mark_for(self, game_number: int) -> Mark:
        """Player ``a``'s mark in game ``game_number``: X when the person starts."""
        starter = Starter(self.state.first)
        if starter is Starter.YOU:
            you_start = True
        elif starter is Starter.COMPUTER:
            you_start = False
        elif starter is Starter.COIN:
            you_start = random.Random(f"{self.state.seed}:{game_number}").random() < 0.5
        else:
            you_start = game_number % 2 == 1
        return Mark.X if you_start else Mark.O

    # --- what the pages see ------------------------------------------------------------

    def view(
        self, presence: Mapping[str, Presence], spectators: int, claim_after: float
    ) -> dict[str, Any]:
        """The room as every page sees it (no tokens): sent after each change. ``lines`` are the
        winning lines, each ``[start, end]`` (two for a move that completes two at once)."""
        state, game = self.state, self.game
        outcome = game.outcome
        seats = {}
        for player in PLAYERS:
            seen = presence.get(player, Presence())
            seats[player] = {
                "taken": player in state.tokens or (self.is_solo and player == "b"),
                "online": True if self.is_solo and player == "b" else seen.online,
                "away": None if seen.away_for is None else round(seen.away_for, 1),
            }
        return {
            "room": state.id,
            "kind": state.kind,
            "rows": state.rows,
            "cols": state.cols,
            "k": state.k,
            "version": state.version,
            "game": state.games,
            "moves": state.moves,
            "marks": {player: self.mark_of(player).value for player in PLAYERS},
            "turn": game.turn.value,
            "over": outcome is not None,
            "winner": None if outcome is None or outcome.winner is None else outcome.winner.value,
            "lines": BoardPicture.of(game.board).ends(),
            "ended": None if outcome is None else ENDED[outcome.termination],
            "score": dict(state.score),
            "level": state.level,
            "first": state.first,
            "think_ms": state.think_ms,
            "exact": unsupported_reason(self.rules) is None,
            "can_undo": self.is_solo and game.can_undo,
            "can_redo": self.is_solo and game.can_redo,
            "thinking": self.computer_to_move,
            "rematch": list(state.rematch),
            "seats": seats,
            "spectators": spectators,
            "claim_after": claim_after,
        }
