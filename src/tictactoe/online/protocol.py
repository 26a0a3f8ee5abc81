"""The messages a page sends, checked against a small schema before anything else sees them.

Every message is a JSON object of at most :data:`MAX_MESSAGE_BYTES` bytes with
a type ``"t"`` and exactly the fields its schema lists: whole numbers in a
range, names from a fixed set, identifiers of a fixed alphabet and length.
Anything else - text that is not JSON, nesting too deep to parse, floats,
booleans posing as numbers, unknown types or fields - raises
:class:`ProtocolError` with a code and an English message the page
translates. Nothing here touches a game::

    >>> parse('{"t": "move", "cell": 4, "ply": 0}')
    Message(kind='move', data={'cell': 4, 'ply': 0})
    >>> parse('{"t": "move", "cell": "4"}')
    Traceback (most recent call last):
    ...
    tictactoe.online.protocol.ProtocolError: bad_field: cell must be a whole number from 0 to 675

What a page may send is :data:`SCHEMAS`. What the server sends, each a JSON
object with its type in ``"t"`` (:func:`encode`):

- ``welcome``: ``room``, ``player`` (``a``, ``b`` or null for a spectator),
  ``token`` (the seat's token, only when the seat was just taken), ``kind``
  (``solo`` or ``friend``).
- ``state``: the room as every page sees it, after each change
  (:meth:`~tictactoe.online.room.Room.view`; ``thinking`` is true while the
  computer thinks, ``think_ms`` is its thinking time, ``exact`` says whether
  hints are exact values or the engine's best moves).
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
  result, ``line``), and ``stopped`` when ``stop`` cut the search short.
- ``error``: ``code`` and ``message`` (English; the page translates it).
- ``pong``: the answer to ``ping``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tictactoe import players
from tictactoe.core import MAX_SIDE, THINK_RANGE, UnknownPlayerError
from tictactoe.game import Starter

MAX_MESSAGE_BYTES = 4096
"""Largest message accepted; a bigger one closes the connection with code 1009."""

MAX_CELL = MAX_SIDE * MAX_SIDE - 1
"""Highest cell number on the biggest board."""

THINK_MS = (round(THINK_RANGE[0] * 1000), round(THINK_RANGE[1] * 1000))
"""Shortest and longest thinking time a page may ask for, in milliseconds (0.05 to 600 s)."""

_IDENT = re.compile(r"[A-Za-z0-9_-]+")


class ProtocolError(ValueError):
    """A message that breaks the schema: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Message:
    """A checked message: its type and its fields (already of the right types)."""

    kind: str
    data: Mapping[str, Any]

    def number(self, name: str) -> int:
        """The whole-number field ``name``."""
        value = self.data[name]
        assert isinstance(value, int)
        return value

    def text(self, name: str, default: str | None = None) -> str | None:
        """The text field ``name``, or ``default`` when the message left it out."""
        value = self.data.get(name, default)
        assert value is None or isinstance(value, str)
        return value


Check = Callable[[str, object], object]
"""Checks one field's value (given its name, for the message) and returns it, cleaned."""


def whole(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high`` (JSON integers only: no floats, no booleans)."""

    def check(name: str, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError("bad_field", f"{name} must be a whole number from {low} to {high}")
        return value

    return check


def ident(shortest: int, longest: int) -> Check:
    """An identifier of letters, digits, ``_`` and ``-``, ``shortest`` to ``longest`` long."""

    def check(name: str, value: object) -> object:
        if (
            not isinstance(value, str)
            or not shortest <= len(value) <= longest
            or not _IDENT.fullmatch(value)
        ):
            raise ProtocolError("bad_field", f"{name} must be an identifier")
        return value

    return check


def level(name: str, value: object) -> object:
    """The exact name of a computer player, given in any case."""
    if not isinstance(value, str) or len(value) > 40:
        raise ProtocolError("bad_field", f"{name} must be a computer player's name")
    try:
        return players.get(value).name
    except UnknownPlayerError:
        raise ProtocolError("bad_level", f"{name} must be a computer player's name") from None


def starter(name: str, value: object) -> object:
    """Who starts: ``you``, ``computer``, ``alternate`` or ``coin``."""
    if isinstance(value, str) and value in {member.value for member in Starter}:
        return value
    raise ProtocolError("bad_field", f"{name} must be one of {', '.join(Starter)}")


ROOM_ID = ident(6, 32)
TOKEN = ident(16, 64)
SIDE = whole(1, MAX_SIDE)
THINK = whole(*THINK_MS)

SCHEMAS: Mapping[str, Mapping[str, tuple[Check, bool]]] = {
    "join": {"room": (ROOM_ID, True), "token": (TOKEN, False)},
    "solo": {
        "rows": (SIDE, True),
        "cols": (SIDE, True),
        "k": (SIDE, True),
        "level": (level, True),
        "first": (starter, True),
        "think_ms": (THINK, False),
    },
    "friend": {"rows": (SIDE, True), "cols": (SIDE, True), "k": (SIDE, True)},
    "move": {"cell": (whole(0, MAX_CELL), True), "ply": (whole(0, MAX_CELL + 1), False)},
    "level": {"level": (level, True)},
    "first": {"first": (starter, True)},
    "think": {"think_ms": (THINK, True)},
    "undo": {},
    "redo": {},
    "hint": {},
    "stop": {},
    "new": {},
    "resign": {},
    "claim": {},
    "rematch": {},
    "ping": {},
}
"""Each message type's fields: the check and whether the field is required.

``think_ms`` (in ``solo`` and ``think``) is the computer's thinking time per
move in milliseconds, which a big board's hint takes too; ``stop`` ends this
page's hint search early (its answer comes with what was found so far).
"""


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse(raw: str | bytes) -> Message:
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
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError("unknown_type", "unknown message type")
    schema = SCHEMAS[kind]
    extra = [key for key in decoded if key != "t" and key not in schema]
    if extra:
        raise ProtocolError("bad_field", f"unknown field in a {kind} message")
    data: dict[str, object] = {}
    for name, (check, required) in schema.items():
        if name in decoded and decoded[name] is not None:
            data[name] = check(name, decoded[name])
        elif required:
            raise ProtocolError("bad_field", f"a {kind} message needs {name}")
    return Message(kind, data)


def encode(kind: str, /, **fields: object) -> str:
    """A server message as compact JSON text (``kind`` goes in ``"t"``)."""
    return json.dumps({"t": kind, **fields}, separators=(",", ":"), ensure_ascii=False)
