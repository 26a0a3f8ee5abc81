"""Where rooms live: the :class:`RoomStore` interface and its in-memory implementation.

A store keeps rooms, changes one atomically (:meth:`RoomStore.update`), relays
a room's events to every other server process that has a page of that room
open (:meth:`RoomStore.publish` -> the ``deliver`` callback given to
:meth:`RoomStore.start` there), and knows who is connected to each room
(presence: which seats have a page open, how many spectators watch). Its
limits - rooms in all, rooms made from one address, spectators per room - are
checked and taken in one atomic step, however many processes ask at once.

A store that cannot answer now (Redis down, frozen, or all its connections
busy for longer than a moment) raises :class:`StoreUnavailable`: the player
is told "busy, try again", and nothing was changed.

:class:`MemoryStore` is the default: one process, rooms in a dict. The Redis
store (:mod:`.redis_store`) is the same interface over Redis, so several
processes serve the same rooms.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol, TypeVar

from tictactoe.online.room import PLAYERS, Presence, Room, RoomError
from tictactoe.texts.i18n import N_

T = TypeVar("T")

Deliver = Callable[[str, str], Awaitable[None]]
"""Called with a room id and a message for every local page of that room."""

Resync = Callable[[], Awaitable[None]]
"""Called when events may have been missed (the store lost its connection and has it back):
every local room's state is sent again."""

Clock = Callable[[], float]
"""Seconds since the epoch (``time.time``); tests pass their own."""

BUSY = N_("The server is busy: try again.")
"""What a player hears when the server cannot take a request now (nothing was changed)."""


class StoreUnavailable(RoomError):
    """The store cannot answer now; nothing was changed, and the player may try again."""

    def __init__(self) -> None:
        super().__init__("busy", BUSY)


def server_full() -> RoomError:
    """The refusal of a new room when the store holds as many as it may."""
    return RoomError("busy", BUSY)


def too_many_rooms() -> RoomError:
    """The refusal of a new room from an address that has its share open already."""
    return RoomError("too_many", N_("You have too many games open: finish one, or try later."))


def gone() -> RoomError:
    """The answer about a room that does not exist (never made, or expired)."""
    return RoomError("gone", N_("This game no longer exists."))


def crowded() -> RoomError:
    """The refusal of one more spectator."""
    return RoomError("crowded", N_("This game has too many spectators."))


class RoomStore(Protocol):
    """Rooms, their events and their presence, for one or many server processes."""

    async def start(self, deliver: Deliver, resync: Resync | None = None) -> None:
        """Connect; the other processes' events of watched rooms go to ``deliver`` from now
        on, and ``resync`` is called when some may have been missed."""
        ...

    async def close(self) -> None:
        """Disconnect and stop relaying."""
        ...

    async def check(self) -> None:
        """Return at once if the store answers, else raise :class:`StoreUnavailable`."""
        ...

    async def create(self, room: Room, owner: str, max_rooms: int, per_owner: int) -> None:
        """Keep a new room made from ``owner`` (a client's address) unless ``max_rooms`` are
        open (:class:`RoomError` ``busy``) or ``per_owner`` of them were made from that
        address (``too_many``): the checks and the new room are one atomic step."""
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

    async def forget(self, room_id: str) -> bool:
        """Drop the room now if no page is in it (its maker has moved on); True if it went."""
        ...

    async def publish(self, room_id: str, message: str) -> None:
        """Send ``message`` to the room's pages in every other process (``deliver`` there);
        this process's own pages are the caller's to serve."""
        ...

    async def watch(self, room_id: str) -> None:
        """This process has pages of the room open: relay its events here."""
        ...

    async def unwatch(self, room_id: str) -> None:
        """This process has no page of the room open any more."""
        ...

    async def join(
        self, room_id: str, connection: str, player: str | None, max_spectators: int
    ) -> None:
        """Connection ``connection`` (player ``a``, ``b`` or None: a spectator) is in the room;
        a spectator is refused (:class:`RoomError` ``crowded``) when ``max_spectators``
        watch already (the check and the entry are one atomic step)."""
        ...

    async def leave(self, room_id: str, connection: str, player: str | None, when: float) -> None:
        """The connection left the room at ``when`` (a time of the store's clock)."""
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
    """Rooms in this process's memory (the default: one server process).

    Every method runs to its end without awaiting anything, so each is atomic
    on the event loop.
    """

    def __init__(self, clock: Clock = time.time) -> None:
        self._clock = clock
        self._rooms: dict[str, Room] = {}
        self._owners: dict[str, set[str]] = {}
        """Each address's rooms (some may have gone since)."""
        self._connections: dict[str, dict[str, str | None]] = {}
        self._left: dict[str, dict[str, float]] = {}
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver, resync: Resync | None = None) -> None:
        self._deliver = deliver

    async def close(self) -> None:
        self._deliver = None

    async def check(self) -> None:
        return None

    async def create(self, room: Room, owner: str, max_rooms: int, per_owner: int) -> None:
        mine = {room_id for room_id in self._owners.get(owner, ()) if room_id in self._rooms}
        if len(self._rooms) >= max_rooms:
            raise server_full()
        if len(mine) >= per_owner:
            raise too_many_rooms()
        self._rooms[room.id] = room
        self._owners[owner] = mine | {room.id}

    async def get(self, room_id: str) -> Room | None:
        return self._rooms.get(room_id)

    async def update(self, room_id: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        room = self._rooms.get(room_id)
        if room is None:
            raise gone()
        before = room.copy_state()
        try:
            result = change(room)
        except BaseException:
            room.restore(before)
            raise
        room.saved(self._clock())
        return room, result

    async def forget(self, room_id: str) -> bool:
        if room_id in self._connections or room_id not in self._rooms:
            return False
        del self._rooms[room_id]
        self._left.pop(room_id, None)
        return True

    async def publish(self, room_id: str, message: str) -> None:
        return None  # one process: there is no other

    async def watch(self, room_id: str) -> None:
        return None

    async def unwatch(self, room_id: str) -> None:
        return None

    async def join(
        self, room_id: str, connection: str, player: str | None, max_spectators: int
    ) -> None:
        inside = self._connections.get(room_id, {})
        if player is None:
            watching = sum(1 for key, seat in inside.items() if seat is None and key != connection)
            if watching >= max_spectators:
                raise crowded()
        self._connections.setdefault(room_id, {})[connection] = player
        self._touch(room_id)

    async def leave(self, room_id: str, connection: str, player: str | None, when: float) -> None:
        inside = self._connections.get(room_id, {})
        inside.pop(connection, None)
        if player is not None:
            self._left.setdefault(room_id, {})[player] = when
        if not inside:
            self._connections.pop(room_id, None)
        self._touch(room_id)

    def _touch(self, room_id: str) -> None:
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
            for player in PLAYERS
        }
        return seats, sum(1 for player in inside.values() if player is None)

    async def heartbeat(self, connections: Mapping[str, Mapping[str, str | None]]) -> None:
        for room_id in connections:
            self._touch(room_id)

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
        self._owners = {
            owner: alive
            for owner, rooms in self._owners.items()
            if (alive := {room_id for room_id in rooms if room_id in self._rooms})
        }
        return len(stale)

    async def count(self) -> int:
        return len(self._rooms)
