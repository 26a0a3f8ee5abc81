"""Online play, whatever carries it: rooms with seats and spectators, their stores, the
messages a client sends, and the computer's thinking on the server.

Nothing here draws or speaks HTTP: the web front end (:mod:`tictactoe.ui.web`)
puts a Starlette app and a WebSocket loop around it. Its parts, each a module:

* :mod:`.room` - a room: one :class:`~tictactoe.game.Game` at a time, the two
  seats (a random token per seat, kept by the browser), the score, rematches;
* :mod:`.store` - where rooms live: in this process's memory, or in Redis
  (:mod:`.redis_store`) so that several processes serve the same rooms, with
  the same atomic operations;
* :mod:`.protocol` - the messages a client may send, one typed value each, and
  their one :func:`~.protocol.parse`;
* :mod:`.thinking` - the computer's moves and hints as cancellable jobs in
  worker processes, shared fairly between games;
* :mod:`.lobby` - every client's messages acted on, one handler per type;
* :mod:`.settings` - the server's limits, with the command-line options that
  change them;
* :mod:`.records` - finished games, saved with every other front end's.

The names below are the package's public face, loaded on first use (a front
end imports these, never a module inside).
"""

from tictactoe.core.lazy import lazy_names

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.online.lobby import Health, Lobby, Outbox, Visitor, address_key
    from tictactoe.online.protocol import (
        MAX_MESSAGE_BYTES,
        ClientMessage,
        ProtocolError,
        encode,
        is_room_code,
        parse,
    )
    from tictactoe.online.records import GameLog
    from tictactoe.online.room import FinishedGame, Presence, Room, RoomError, RoomState
    from tictactoe.online.settings import Settings
    from tictactoe.online.store import MemoryStore, RoomStore, StoreUnavailable
    from tictactoe.online.thinking import Task, Thinker, ThinkingJob

_LAZY = {
    "Health": "tictactoe.online.lobby",
    "Lobby": "tictactoe.online.lobby",
    "Outbox": "tictactoe.online.lobby",
    "Visitor": "tictactoe.online.lobby",
    "address_key": "tictactoe.online.lobby",
    "MAX_MESSAGE_BYTES": "tictactoe.online.protocol",
    "ClientMessage": "tictactoe.online.protocol",
    "ProtocolError": "tictactoe.online.protocol",
    "encode": "tictactoe.online.protocol",
    "is_room_code": "tictactoe.online.protocol",
    "parse": "tictactoe.online.protocol",
    "GameLog": "tictactoe.online.records",
    "FinishedGame": "tictactoe.online.room",
    "Presence": "tictactoe.online.room",
    "Room": "tictactoe.online.room",
    "RoomError": "tictactoe.online.room",
    "RoomState": "tictactoe.online.room",
    "Settings": "tictactoe.online.settings",
    "MemoryStore": "tictactoe.online.store",
    "RoomStore": "tictactoe.online.store",
    "StoreUnavailable": "tictactoe.online.store",
    "Task": "tictactoe.online.thinking",
    "Thinker": "tictactoe.online.thinking",
    "ThinkingJob": "tictactoe.online.thinking",
}
"""Each public name and the module it lives in."""

__all__ = [
    "MAX_MESSAGE_BYTES",
    "ClientMessage",
    "FinishedGame",
    "GameLog",
    "Health",
    "Lobby",
    "MemoryStore",
    "Outbox",
    "Presence",
    "ProtocolError",
    "Room",
    "RoomError",
    "RoomState",
    "RoomStore",
    "Settings",
    "StoreUnavailable",
    "Task",
    "Thinker",
    "ThinkingJob",
    "Visitor",
    "address_key",
    "encode",
    "is_room_code",
    "parse",
]


__getattr__ = lazy_names(__name__, _LAZY, globals())
