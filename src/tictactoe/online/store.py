"""Where rooms live: the :class:`RoomStore` interface and its in-memory implementation.

A store keeps rooms, changes one atomically (:meth:`RoomStore.update`), relays
a room's events to every server process that has a page of that room open
(:meth:`RoomStore.publish` -> the ``deliver`` callback given to
:meth:`RoomStore.start`), and knows who is connected to each room
(presence: which seats have a page open, how many spectators watch).

:class:`MemoryStore` is the default: one process, rooms in a dict. The Redis
store (:mod:`.redis_store`) is the same interface over Redis, so several
processes serve the same rooms.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol, TypeVar

from tictactoe.i18n import N_
from tictactoe.online.room import Presence, Room, RoomError

T = TypeVar("T")

Deliver = Callable[[str, str], Awaitable[None]]
"""Called with a room id and a message for every local page of that room."""

Clock = Callable[[], float]
"""Seconds since the epoch (``time.time``); tests pass their own."""


class RoomStore(Protocol):
    """Rooms, their events and their presence, for one or many server processes."""

    async def start(self, deliver: Deliver) -> None:
        """Connect; events of watched rooms go to ``deliver`` from now on."""
        ...

    async def close(self) -> None:
        """Disconnect and stop relaying."""
        ...

    async def create(self, room: Room, max_rooms: int) -> None:
        """Keep a new room; :class:`RoomError` ``busy`` when ``max_rooms`` are open."""
        ...

    async def get(self, room_id: str) -> Room | None:
        """The room, or None if there is none (never made, or expired)."""
        ...

    async def update(self, room_id: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        """Apply ``change`` to the room atomically and save it; returns the room and the result.

        If ``change`` raises, nothing is saved. :class:`RoomError` ``gone`` when
        the room does not exist.
        """
        ...

    async def publish(self, room_id: str, message: str) -> None:
        """Send ``message`` to every page of the room, in every process."""
        ...

    async def watch(self, room_id: str) -> None:
        """This process has pages of the room open: relay its events here."""
        ...

    async def unwatch(self, room_id: str) -> None:
        """This process has no page of the room open any more."""
        ...

    async def join(self, room_id: str, connection: str, player: str | None) -> None:
        """Connection ``connection`` (player ``a``, ``b`` or None: a spectator) is in the room."""
        ...

    async def leave(self, room_id: str, connection: str, player: str | None) -> None:
        """The connection left the room."""
        ...

    async def presence(self, room_id: str) -> tuple[Mapping[str, Presence], int]:
        """Each seat's presence and the number of spectators."""
        ...

    async def heartbeat(self, connections: Mapping[str, Mapping[str, str | None]]) -> None:
        """This process's connections (room -> connection -> player) are still open."""
        ...

    async def sweep(self, idle_seconds: float) -> int:
        """Forget rooms nobody has used for ``idle_seconds``; returns how many went."""
        ...

    async def count(self) -> int:
        """Rooms open now."""
        ...


class MemoryStore:
    """Rooms in this process's memory (the default: one server process)."""

    def __init__(self, clock: Clock = time.time) -> None:
        self._clock = clock
        self._rooms: dict[str, Room] = {}
        self._connections: dict[str, dict[str, str | None]] = {}
        self._left: dict[str, dict[str, float]] = {}
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def close(self) -> None:
        self._deliver = None

    async def create(self, room: Room, max_rooms: int) -> None:
        if len(self._rooms) >= max_rooms:
            raise RoomError("busy", N_("The server is busy: try again later."))
        self._rooms[room.id] = room

    async def get(self, room_id: str) -> Room | None:
        return self._rooms.get(room_id)

    async def update(self, room_id: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        room = self._rooms.get(room_id)
        if room is None:
            raise RoomError("gone", N_("This game no longer exists."))
        before = room.copy_state()
        try:
            result = change(room)
        except BaseException:
            room.restore(before)
            raise
        room.saved(self._clock())
        return room, result

    async def publish(self, room_id: str, message: str) -> None:
        if self._deliver is not None:
            await self._deliver(room_id, message)

    async def watch(self, room_id: str) -> None:
        return None

    async def unwatch(self, room_id: str) -> None:
        return None

    async def join(self, room_id: str, connection: str, player: str | None) -> None:
        self._connections.setdefault(room_id, {})[connection] = player
        room = self._rooms.get(room_id)
        if room is not None:
            room.state.touched = self._clock()

    async def leave(self, room_id: str, connection: str, player: str | None) -> None:
        inside = self._connections.get(room_id, {})
        inside.pop(connection, None)
        if player is not None:
            self._left.setdefault(room_id, {})[player] = self._clock()
        if not inside:
            self._connections.pop(room_id, None)
        room = self._rooms.get(room_id)
        if room is not None:
            room.state.touched = self._clock()

    async def presence(self, room_id: str) -> tuple[Mapping[str, Presence], int]:
        inside = self._connections.get(room_id, {})
        online = set(inside.values())
        left = self._left.get(room_id, {})
        now = self._clock()
        seats = {
            player: Presence(True)
            if player in online
            else Presence(False, now - left[player] if player in left else None)
            for player in ("a", "b")
        }
        return seats, sum(1 for player in inside.values() if player is None)

    async def heartbeat(self, connections: Mapping[str, Mapping[str, str | None]]) -> None:
        now = self._clock()
        for room_id in connections:
            room = self._rooms.get(room_id)
            if room is not None:
                room.state.touched = now

    async def sweep(self, idle_seconds: float) -> int:
        cutoff = self._clock() - idle_seconds
        stale = [
            room_id
            for room_id, room in self._rooms.items()
            if room.state.touched < cutoff and room_id not in self._connections
        ]
        for room_id in stale:
            del self._rooms[room_id]
            self._left.pop(room_id, None)
        return len(stale)

    async def count(self) -> int:
        return len(self._rooms)
