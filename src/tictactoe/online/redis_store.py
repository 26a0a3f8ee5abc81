"""The room store in Redis: several server processes serve the same rooms.

Keys (``prefix`` is ``tictactoe:`` unless given):

* ``<prefix>room:<id>`` - the room's :class:`~.room.RoomState` as JSON, with a
  time to live renewed by every change and every heartbeat; changed with
  ``WATCH``/``MULTI`` (optimistic locking: a change that raced another is
  retried on the new state);
* ``<prefix>rooms`` - a sorted set of room ids by expiry time, to count rooms
  against the limit;
* ``<prefix>presence:<id>`` - a hash: connection id -> ``player|expiry``, kept
  fresh by each process's heartbeat, so connections of a process that died
  expire by themselves; ``left:<player>`` -> when that player's last page closed;
* channel ``<prefix>events:<id>`` - the room's messages, relayed by pub/sub to
  every process that has a page of the room open.

A process that restarts loses nothing: the rooms are in Redis, and the pages
reconnect with their seat tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import WatchError

from tictactoe.i18n import N_
from tictactoe.online.room import Presence, Room, RoomError, RoomState
from tictactoe.online.store import Clock, Deliver

T = TypeVar("T")

PRESENCE_SECONDS = 30.0
"""How long a connection counts as present without a heartbeat from its process."""

log = logging.getLogger(__name__)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisStore:
    """Rooms in Redis at ``url``; ``ttl`` seconds without use expire a room."""

    def __init__(
        self,
        url: str,
        *,
        ttl: float = 3600.0,
        prefix: str = "tictactoe:",
        clock: Clock = time.time,
    ) -> None:
        self.url = url
        self._ttl = max(1, round(ttl))
        self._prefix = prefix
        self._clock = clock
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._deliver: Deliver | None = None
        self._process = uuid.uuid4().hex

    # --- keys -------------------------------------------------------------------------

    def _room_key(self, room_id: str) -> str:
        return f"{self._prefix}room:{room_id}"

    def _presence_key(self, room_id: str) -> str:
        return f"{self._prefix}presence:{room_id}"

    def _channel(self, room_id: str) -> str:
        return f"{self._prefix}events:{room_id}"

    @property
    def redis(self) -> aioredis.Redis:
        """The client (after :meth:`start`)."""
        if self._redis is None:
            raise RuntimeError("the Redis store is not started")
        return self._redis

    # --- life -------------------------------------------------------------------------

    async def start(self, deliver: Deliver) -> None:
        self._redis = aioredis.Redis.from_url(self.url)
        await self._redis.ping()
        self._deliver = deliver
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        # A channel of this process's own, so the reader has a subscription from the start.
        await self._pubsub.subscribe(f"{self._prefix}process:{self._process}")
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()
        self._redis = self._pubsub = self._reader = None

    async def _read(self) -> None:
        prefix = f"{self._prefix}events:"
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") != "message" or self._deliver is None:
                        continue
                    channel = _text(message["channel"])
                    if channel.startswith(prefix):
                        await self._deliver(channel[len(prefix) :], _text(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:  # a lost connection: log, wait, listen again
                log.exception("reading Redis events failed; retrying")
                await asyncio.sleep(1)

    # --- rooms ------------------------------------------------------------------------

    async def create(self, room: Room, max_rooms: int) -> None:
        now = self._clock()
        rooms = f"{self._prefix}rooms"
        await self.redis.zremrangebyscore(rooms, "-inf", now)
        if await self.redis.zcard(rooms) >= max_rooms:
            raise RoomError("busy", N_("The server is busy: try again later."))
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self._room_key(room.id), room.state.to_json(), ex=self._ttl, nx=True)
            pipe.zadd(rooms, {room.id: now + self._ttl})
            await pipe.execute()

    async def get(self, room_id: str) -> Room | None:
        raw = await self.redis.get(self._room_key(room_id))
        return None if raw is None else Room(RoomState.from_json(raw))

    async def update(self, room_id: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        key = self._room_key(room_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(key)
                    raw = await pipe.get(key)
                    if raw is None:
                        raise RoomError("gone", N_("This game no longer exists."))
                    room = Room(RoomState.from_json(raw))
                    result = change(room)
                    now = self._clock()
                    room.saved(now)
                    pipe.multi()  # type: ignore[no-untyped-call]
                    pipe.set(key, room.state.to_json(), ex=self._ttl)
                    pipe.zadd(f"{self._prefix}rooms", {room_id: now + self._ttl})
                    await pipe.execute()
                    return room, result
                except WatchError:
                    continue

    async def publish(self, room_id: str, message: str) -> None:
        await self.redis.publish(self._channel(room_id), message)

    async def watch(self, room_id: str) -> None:
        await self._pubsub.subscribe(self._channel(room_id))

    async def unwatch(self, room_id: str) -> None:
        await self._pubsub.unsubscribe(self._channel(room_id))

    # --- presence ---------------------------------------------------------------------

    def _entry(self, player: str | None) -> str:
        return f"{player or ''}|{self._clock() + PRESENCE_SECONDS}"

    async def join(self, room_id: str, connection: str, player: str | None) -> None:
        key = self._presence_key(room_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, f"{self._process}:{connection}", self._entry(player))
            pipe.expire(key, self._ttl)
            pipe.expire(self._room_key(room_id), self._ttl)
            await pipe.execute()

    async def leave(self, room_id: str, connection: str, player: str | None) -> None:
        key = self._presence_key(room_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hdel(key, f"{self._process}:{connection}")
            if player is not None:
                pipe.hset(key, f"left:{player}", str(self._clock()))
            await pipe.execute()

    async def presence(self, room_id: str) -> tuple[Mapping[str, Presence], int]:
        entries = await self.redis.hgetall(self._presence_key(room_id))
        now = self._clock()
        online: set[str] = set()
        gone: dict[str, float] = {}
        spectators = 0
        expired = []
        for raw_field, raw_value in entries.items():
            name, value = _text(raw_field), _text(raw_value)
            if name.startswith("left:"):
                player = name[5:]
                gone[player] = max(gone.get(player, 0.0), float(value))
                continue
            player, _, until_text = value.partition("|")
            until = float(until_text)
            if until < now:  # its process stopped sending heartbeats
                expired.append(name)
                if player:
                    gone[player] = max(gone.get(player, 0.0), until - PRESENCE_SECONDS)
            elif player:
                online.add(player)
            else:
                spectators += 1
        if expired:
            await self.redis.hdel(self._presence_key(room_id), *expired)
        seats = {
            player: Presence(True)
            if player in online
            else Presence(False, now - gone[player] if player in gone else None)
            for player in ("a", "b")
        }
        return seats, spectators

    async def heartbeat(self, connections: Mapping[str, Mapping[str, str | None]]) -> None:
        if not connections:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id, inside in connections.items():
                key = self._presence_key(room_id)
                for connection, player in inside.items():
                    pipe.hset(key, f"{self._process}:{connection}", self._entry(player))
                pipe.expire(key, self._ttl)
                pipe.expire(self._room_key(room_id), self._ttl)
                pipe.zadd(f"{self._prefix}rooms", {room_id: self._clock() + self._ttl})
            await pipe.execute()

    async def sweep(self, idle_seconds: float) -> int:
        # Redis expires idle rooms by itself (the keys' time to live); only the count is tidied.
        removed: int = await self.redis.zremrangebyscore(
            f"{self._prefix}rooms", "-inf", self._clock()
        )
        return removed

    async def count(self) -> int:
        rooms = f"{self._prefix}rooms"
        await self.redis.zremrangebyscore(rooms, "-inf", self._clock())
        counted: int = await self.redis.zcard(rooms)
        return counted
