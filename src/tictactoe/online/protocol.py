"""The messages a client sends, one typed value each, checked by one :func:`parse` before
anything else sees them.

Every message is a JSON object of at most :data:`MAX_MESSAGE_BYTES` bytes with
a type ``"t"`` and exactly the fields its class declares: whole numbers in a
range, names from a fixed set, identifiers of a fixed alphabet and length.
Anything else - text that is not JSON, nesting too deep to parse, floats,
booleans posing as numbers, unknown types or fields - raises
:class:`ProtocolError` with a code and an English message the page
translates. Nothing here touches a game::

    >>> parse('{"t": "move", "cell": 4, "ply": 0}')
    Move(cell=4, ply=0)
    >>> parse('{"t": "move", "cell": "4"}')
    Traceback (most recent call last):
    ...
    tictactoe.online.protocol.ProtocolError: bad_field: cell must be a whole number from 0 to 675

What a client may send is :data:`MESSAGES`. What the server sends, each a
JSON object with its type in ``"t"`` (:func:`encode`):

- ``welcome``: ``room``, ``player`` (``a``, ``b`` or null for a spectator),
  ``token`` (the seat's token, only when the seat was just taken), ``kind``
  (``solo`` or ``friend``), and ``ask`` when the ``join``, ``solo`` or
  ``friend`` message it answers had one: the page's own number for that
  request, so that it knows which of several it asked for came.
- ``state``: the room as every page sees it, after each change
  (:meth:`~tictactoe.online.room.Room.view`; ``thinking`` is true while the
  computer thinks, ``think_ms`` is its thinking time, ``exact`` says whether
  hints are exact values or the engine's best moves, ``lines`` the winning
  lines as ``[start, end]`` cells: two for a move that completes two lines at
  once, one through all the marks of an overline, none until somebody wins).
- ``progress``: a searching computer player has completed a depth:
  ``of`` (``move``, to every page of the room, or ``hint``, to the page that
  asked), ``game`` and ``ply`` (the position it thinks about), ``depth``,
  ``line`` (the play it expects, as cells, starting with its move) and
  ``seconds`` (time spent so far).
- ``hint``: the answer to ``hint`` for position ``ply``: ``cells`` (every
  free cell's ``value``, ``win``/``draw``/``loss``, and the winner's
  ``moves``, on boards the exact solver finishes) or ``suggestions`` (the
  engine's best moves elsewhere: ``cell``, ``verdict`` - ``winning``,
  ``better``, ``equal``, ``worse``, ``losing`` - ``moves`` for a proved
  result, ``line``, ``exact`` where exact play proved the move rather than
  the engine judged it), and ``stopped`` when ``stop`` cut the search short.
- ``error``: ``code`` and ``message`` (English, with ``{fields}`` filled from
  ``params`` when it has any; the page translates it), and the ``ask`` of the
  message it refuses, if it had one. ``busy`` means "try again": nothing was
  changed.
- ``pong``: the answer to ``ping``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar, Literal, get_args

from tictactoe import players
from tictactoe.core import MAX_SIDE, THINK_RANGE, UnknownPlayerError
from tictactoe.game import Starter

MAX_MESSAGE_BYTES = 4096
"""Largest message accepted; a bigger one closes the connection with code 1009."""

MAX_CELL = MAX_SIDE * MAX_SIDE - 1
"""Highest cell number on the biggest board."""

THINK_MS = (round(THINK_RANGE[0] * 1000), round(THINK_RANGE[1] * 1000))
"""Shortest and longest thinking time a message may carry, in milliseconds (0.05 to 600 s;
a server may allow less)."""

_IDENT = re.compile(r"[A-Za-z0-9_-]+")


class ProtocolError(ValueError):
    """A message that breaks the schema: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


Check = Callable[[str, object], Any]
"""Checks one field's value (given its name, for the message) and returns it, cleaned."""


def whole(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high`` (JSON integers only: no floats, no booleans)."""

    def check(name: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError("bad_field", f"{name} must be a whole number from {low} to {high}")
        return value

    return check


def ident(shortest: int, longest: int) -> Check:
    """An identifier of letters, digits, ``_`` and ``-``, ``shortest`` to ``longest`` long."""

    def check(name: str, value: object) -> str:
        if (
            not isinstance(value, str)
            or not shortest <= len(value) <= longest
            or not _IDENT.fullmatch(value)
        ):
            raise ProtocolError("bad_field", f"{name} must be an identifier")
        return value

    return check


def level_name(name: str, value: object) -> str:
    """The exact name of a computer player, given in any case or by its level name."""
    if not isinstance(value, str) or len(value) > 40:
        raise ProtocolError("bad_field", f"{name} must be a computer player's name")
    try:
        return players.get(value).name
    except UnknownPlayerError:
        raise ProtocolError("bad_level", f"{name} must be a computer player's name") from None


def who_starts(name: str, value: object) -> Starter:
    """Who starts: ``you``, ``computer``, ``alternate`` or ``coin``."""
    if isinstance(value, str) and value in {member.value for member in Starter}:
        return Starter(value)
    raise ProtocolError("bad_field", f"{name} must be one of {', '.join(Starter)}")


ROOM_ID = ident(6, 32)


def is_room_code(text: str) -> bool:
    """Whether ``text`` is a room's code as the server makes them (the end of an invite link)."""
    try:
        ROOM_ID("room", text)
    except ProtocolError:
        return False
    return True


TOKEN = ident(16, 64)
SIDE = whole(1, MAX_SIDE)
THINK = whole(*THINK_MS)
ASK = whole(1, 2**31 - 1)
"""A page's number for a request that puts it in a room, given back with the answer."""


def given(check: Check) -> Any:
    """A field the message must have, checked by ``check``."""
    return field(metadata={"check": check})


def optional(check: Check) -> Any:
    """A field the message may leave out (or send as null): None then."""
    return field(default=None, metadata={"check": check})


# --- the messages ------------------------------------------------------------------------


@dataclass(frozen=True)
class Join:
    """Open a room: back in one's seat (``token``), the free seat, or as a spectator.
    ``ask`` (in :class:`Solo` and :class:`Friend` too) comes back with the answer."""

    kind: ClassVar[str] = "join"
    room: str = given(ROOM_ID)
    token: str | None = optional(TOKEN)
    ask: int | None = optional(ASK)


@dataclass(frozen=True)
class Solo:
    """A new room against the computer ``level``, who starts by ``first``; ``think_ms`` is
    its thinking time per move (and a big board's hint's), in milliseconds."""

    kind: ClassVar[str] = "solo"
    rows: int = given(SIDE)
    cols: int = given(SIDE)
    k: int = given(SIDE)
    level: str = given(level_name)
    first: Starter = given(who_starts)  # noqa: RUF009 (a field and its check, not a call)
    think_ms: int | None = optional(THINK)
    ask: int | None = optional(ASK)


@dataclass(frozen=True)
class Friend:
    """A new room for two people; its maker takes the first seat and gets the invite link."""

    kind: ClassVar[str] = "friend"
    rows: int = given(SIDE)
    cols: int = given(SIDE)
    k: int = given(SIDE)
    ask: int | None = optional(ASK)


@dataclass(frozen=True)
class Move:
    """The player's move at ``cell``; ``ply`` is the number of moves the page saw."""

    kind: ClassVar[str] = "move"
    cell: int = given(whole(0, MAX_CELL))
    ply: int | None = optional(whole(0, MAX_CELL + 1))


@dataclass(frozen=True)
class Level:
    """Another computer player, from its next move."""

    kind: ClassVar[str] = "level"
    level: str = given(level_name)


@dataclass(frozen=True)
class First:
    """Who starts, from the next game."""

    kind: ClassVar[str] = "first"
    first: Starter = given(who_starts)  # noqa: RUF009 (a field and its check, not a call)


@dataclass(frozen=True)
class Think:
    """The computer's thinking time, from its next move (and the next hint)."""

    kind: ClassVar[str] = "think"
    think_ms: int = given(THINK)


RequestKind = Literal["undo", "redo", "hint", "stop", "new", "rematch", "resign", "claim", "ping"]
"""The messages that are nothing but their type (:class:`Request`)."""


@dataclass(frozen=True)
class Request:
    """A message with nothing but its type ``kind``:

    - ``undo``: take back the player's last move and the computer's answer;
    - ``redo``: replay what undo took back;
    - ``hint``: the player's best moves (games against the computer);
    - ``stop``: end this page's hint search now: it answers with what it has found;
    - ``new``: the next game (against the computer) or a rematch offer (between two people);
    - ``rematch``: a rematch offer (the same as ``new``, as the page's Rematch button says it);
    - ``resign``: the player gives up this game;
    - ``claim``: win a game the other player left long enough ago;
    - ``ping``: is the connection alive? (answered with ``pong``)
    """

    kind: RequestKind


ClientMessage = Join | Solo | Friend | Move | Level | First | Think | Request
"""Any message a client may send."""

MESSAGES: Mapping[str, type[ClientMessage]] = {
    **{message.kind: message for message in (Join, Solo, Friend, Move, Level, First, Think)},
    **dict.fromkeys(get_args(RequestKind), Request),
}
"""Each message type by the name it has in ``"t"``."""


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def checked_fields(message: type[ClientMessage]) -> list[Field[Any]]:
    """The fields of ``message`` that a client sends (each with its check)."""
    return [spec for spec in fields(message) if "check" in spec.metadata]


def parse(raw: str | bytes) -> ClientMessage:
    """The checked message in ``raw``, or :class:`ProtocolError` saying what is wrong."""
    if len(raw) > MAX_MESSAGE_BYTES or (
        isinstance(raw, str) and len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    ):
        raise ProtocolError("too_big", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        decoded = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(decoded, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    kind = decoded.get("t")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise ProtocolError("unknown_type", "unknown message type")
    message = MESSAGES[kind]
    declared = checked_fields(message)
    names = {spec.name for spec in declared}
    if any(key != "t" and key not in names for key in decoded):
        raise ProtocolError("bad_field", f"unknown field in a {kind} message")
    values: dict[str, Any] = {"kind": kind} if message is Request else {}
    for spec in declared:
        value = decoded.get(spec.name)
        if value is not None:
            values[spec.name] = spec.metadata["check"](spec.name, value)
        elif spec.default is MISSING:
            raise ProtocolError("bad_field", f"a {kind} message needs {spec.name}")
    return message(**values)


def encode(kind: str, /, **body: object) -> str:
    """A server message as compact JSON text (``kind`` goes in ``"t"``)."""
    return json.dumps({"t": kind, **body}, separators=(",", ":"), ensure_ascii=False)
