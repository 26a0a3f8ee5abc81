"""The room store in Redis: several server processes serve the same rooms.

Keys (``prefix`` is ``tictactoe:`` unless given):

* ``<prefix>room:<id>`` - the room's :class:`~.room.RoomState` as JSON, with a
  time to live renewed by every change and every heartbeat; read, changed in
  the process, and saved by a script only if it is still what was read
  (optimistic locking: a change that raced another is made again on the new
  state);
* ``<prefix>rooms`` - a sorted set of room ids by expiry time, to count rooms
  against the limit;
* ``<prefix>owner:<address>`` - the rooms made from one address (a digest of
  it), to count them against that address's share;
* ``<prefix>presence:<id>`` - a hash: connection id -> ``player|expiry``, kept
  fresh by each process's heartbeat, so connections of a process that died
  expire by themselves; ``left:<player>`` -> when that player's last page closed;
* channel ``<prefix>events:<id>`` - the room's messages, relayed by pub/sub to
  every other process that has a page of the room open (each message starts
  with its process's id and a newline: a process serves its own pages itself).

Each limit is checked and taken by one Lua script (a new room against the
room count and its address's share, a spectator against the room's
spectators), so processes asking at once cannot overshoot it.

A request waits for one of the :data:`POOL_SIZE` connections instead of
failing when they are all in use; Redis that does not answer within
:data:`ANSWER_SECONDS` (down, frozen, or the wait for a connection too long)
is :class:`~.store.StoreUnavailable` - "busy, try again" for the player -
and a connection that went stale while Redis restarted is replaced at its
first use without failing it. A process that restarts loses nothing: the
rooms are in Redis, and the pages reconnect with their seat tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import time
import uuid
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, ParamSpec, TypeVar

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from tictactoe.online.room import PLAYERS, Presence, Room, RoomState
from tictactoe.online.store import (
    Clock,
    Deliver,
    Resync,
    StoreUnavailable,
    crowded,
    gone,
    server_full,
    too_many_rooms,
)

T = TypeVar("T")
P = ParamSpec("P")

PRESENCE_SECONDS = 30.0
"""How long a connection counts as present without a heartbeat from its process."""
POOL_SIZE = 64
"""Requests to Redis one process has under way at most, each on a connection of its own
(the others wait for one)."""
ANSWER_SECONDS = 5.0
"""How long a request waits for a connection, and then for Redis's answer, before the player
is told to try again."""
CHECK_SECONDS = 0.5
"""How long the health check waits for Redis."""
WARN_SECONDS = 60.0
"""Redis not answering is logged at most once in this long."""

log = logging.getLogger(__name__)

CREATE = """
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local mine = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  if redis.call('EXISTS', ARGV[7] .. id) == 1 then
    mine = mine + 1
  else
    redis.call('SREM', KEYS[3], id)
  end
end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'busy' end
if mine >= tonumber(ARGV[5]) then return 'too_many' end
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') then return 'taken' end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[6])
redis.call('SADD', KEYS[3], ARGV[6])
redis.call('EXPIRE', KEYS[3], ARGV[2])
return 'ok'
"""
"""A new room, if there is room for it: KEYS room, rooms, owner; ARGV state, ttl, now,
max rooms, rooms per owner, room id, the room keys' prefix."""

LIVE_ENTRIES = """
local function live(entries, now, skip, spectators_only)
  local count = 0
  for i = 1, #entries, 2 do
    local name, value = entries[i], entries[i + 1]
    if name ~= skip and string.sub(name, 1, 5) ~= 'left:' then
      local bar = string.find(value, '|', 1, true)
      if bar and tonumber(string.sub(value, bar + 1)) >= now
         and (not spectators_only or bar == 1) then
        count = count + 1
      end
    end
  end
  return count
end
"""
"""Counts a presence hash's connections whose heartbeat is fresh (spectators only, if asked)."""

JOIN = (
    LIVE_ENTRIES
    + """
if ARGV[3] ~= '' then
  local watching = live(redis.call('HGETALL', KEYS[1]), tonumber(ARGV[4]), ARGV[1], true)
  if watching >= tonumber(ARGV[3]) then return 0 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 1
"""
)
"""A connection enters a room: KEYS presence, room; ARGV field, entry, the spectator limit
(empty for a player), now, ttl. 0 when the room has all the spectators it takes."""

SWAP = """
local raw = redis.call('GET', KEYS[1])
if not raw then return -1 end
if raw ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
return 1
"""
"""A room's new state, if it is still as it was read (optimistic locking in one step): KEYS
room, rooms; ARGV the state read, the new one, ttl, expiry, room id. 1 saved, 0 changed
meanwhile, -1 gone."""

FORGET = (
    LIVE_ENTRIES
    + """
if live(redis.call('HGETALL', KEYS[3]), tonumber(ARGV[2]), '', false) > 0 then return 0 end
redis.call('DEL', KEYS[1], KEYS[3])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""
)
"""Drops a room nobody is in: KEYS room, rooms, presence; ARGV room id, now."""


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def answering(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """``method``, with Redis not answering (down, frozen, no connection free in time)
    raised as :class:`StoreUnavailable`."""

    @functools.wraps(method)
    async def call(*args: P.args, **kwargs: P.kwargs) -> T:
        store = args[0]
        assert isinstance(store, RedisStore)
        slots = store.slots
        try:
            if slots.locked():  # every connection is in use: wait for one, not for ever
                await asyncio.wait_for(slots.acquire(), ANSWER_SECONDS)
            else:
                await slots.acquire()
            try:
                answer = await method(*args, **kwargs)
            finally:
                slots.release()
        except (RedisConnectionError, RedisTimeoutError, OSError, TimeoutError) as problem:
            store.went_away(problem)
            raise StoreUnavailable() from problem
        store.came_back()
        return answer

    return call


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
        self._resync: Resync | None = None
        self._process = uuid.uuid4().hex
        self._scripts: dict[str, Any] = {}
        self.away = False
        """True from a request Redis did not answer until one it did."""
        self.slots = asyncio.Semaphore(POOL_SIZE)
        """One for each request under way, so that they never need more connections than
        the pool has: one more waits for a free one (at most :data:`ANSWER_SECONDS`)."""
        self._warned = -WARN_SECONDS
        self._said_away = False

    # --- keys -------------------------------------------------------------------------

    def _room_key(self, room_id: str) -> str:
        return f"{self._prefix}room:{room_id}"

    def _presence_key(self, room_id: str) -> str:
        return f"{self._prefix}presence:{room_id}"

    def _owner_key(self, owner: str) -> str:
        return f"{self._prefix}owner:{hashlib.sha256(owner.encode()).hexdigest()[:24]}"

    def _channel(self, room_id: str) -> str:
        return f"{self._prefix}events:{room_id}"

    @property
    def _rooms(self) -> str:
        return f"{self._prefix}rooms"

    @property
    def redis(self) -> aioredis.Redis:
        """The client (after :meth:`start`)."""
        if self._redis is None:
            raise RuntimeError("the Redis store is not started")
        return self._redis

    # --- life -------------------------------------------------------------------------

    async def start(self, deliver: Deliver, resync: Resync | None = None) -> None:
        pool = aioredis.ConnectionPool.from_url(
            self.url,
            max_connections=POOL_SIZE + 1,  # (one is the events' connection)
            socket_timeout=ANSWER_SECONDS,
            socket_connect_timeout=ANSWER_SECONDS,
            retry=Retry(NoBackoff(), 1),  # a stale connection is replaced, not failed
            retry_on_error=[RedisConnectionError],
        )
        self._redis = aioredis.Redis.from_pool(pool)
        await self._redis.ping()
        self._scripts = {
            name: self._redis.register_script(source)
            for name, source in (
                ("create", CREATE),
                ("swap", SWAP),
                ("join", JOIN),
                ("forget", FORGET),
            )
        }
        self._deliver, self._resync = deliver, resync
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
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self._redis = self._pubsub = self._reader = None

    def went_away(self, problem: BaseException) -> None:
        """Redis did not answer a request: said in the log when it starts (at most once a
        minute, so a flaky link is a few lines), and again when it answers."""
        now = time.monotonic()
        if not self.away and now - self._warned >= WARN_SECONDS:
            log.warning(
                "Redis at %s does not answer (%s): players are told to try again", self.url, problem
            )
            self._warned = now
            self._said_away = True
        self.away = True

    def came_back(self) -> None:
        """Redis answered a request."""
        if self._said_away:
            log.warning("Redis at %s answers again", self.url)
            self._said_away = False
        self.away = False

    @answering
    async def check(self) -> None:
        try:
            await asyncio.wait_for(self.redis.ping(), CHECK_SECONDS)
        except TimeoutError as slow:
            raise RedisTimeoutError("no answer to PING") from slow

    async def _read(self) -> None:
        prefix = f"{self._prefix}events:"
        missed = False
        while True:
            try:
                if missed:  # listening again: what came meanwhile is lost, so say it again
                    await self._pubsub.ping()
                    missed = False
                    if self._resync is not None:
                        await self._resync()
                async for message in self._pubsub.listen():
                    if message.get("type") != "message" or self._deliver is None:
                        continue
                    channel = _text(message["channel"])
                    sender, _, text = _text(message["data"]).partition("\n")
                    if channel.startswith(prefix) and sender != self._process:
                        await self._deliver(channel[len(prefix) :], text)
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # a lost connection: listen again (it resubscribes)
                self.went_away(problem)
                missed = True
                await asyncio.sleep(1)

    # --- rooms ------------------------------------------------------------------------

    @answering
    async def create(self, room: Room, owner: str, max_rooms: int, per_owner: int) -> None:
        keys = [self._room_key(room.id), self._rooms, self._owner_key(owner)]
        args = [room.state.to_json(), self._ttl, self._clock(), max_rooms, per_owner, room.id,
                self._room_key("")]  # fmt: skip
        made = _text(await self._scripts["create"](keys=keys, args=args))
        if made == "too_many":
            raise too_many_rooms()
        if made != "ok":  # the store is full (or, once in 2^72, the id was taken)
            raise server_full()

    @answering
    async def get(self, room_id: str) -> Room | None:
        raw = await self.redis.get(self._room_key(room_id))
        return None if raw is None else Room(RoomState.from_json(raw))

    @answering
    async def update(self, room_id: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        key = self._room_key(room_id)
        while True:
            raw = await self.redis.get(key)
            if raw is None:
                raise gone()
            room = Room(RoomState.from_json(raw))
            result = change(room)
            now = self._clock()
            room.saved(now)
            keys = [key, self._rooms]
            args = [raw, room.state.to_json(), self._ttl, now + self._ttl, room_id]
            saved = await self._scripts["swap"](keys=keys, args=args)
            if saved == 1:
                return room, result
            if saved < 0:
                raise gone()
            # another change came first: this one is made again on the new state

    @answering
    async def forget(self, room_id: str) -> bool:
        keys = [self._room_key(room_id), self._rooms, self._presence_key(room_id)]
        return bool(await self._scripts["forget"](keys=keys, args=[room_id, self._clock()]))

    @answering
    async def publish(self, room_id: str, message: str) -> None:
        await self.redis.publish(self._channel(room_id), f"{self._process}\n{message}")

    @answering
    async def watch(self, room_id: str) -> None:
        await self._pubsub.subscribe(self._channel(room_id))

    @answering
    async def unwatch(self, room_id: str) -> None:
        await self._pubsub.unsubscribe(self._channel(room_id))

    # --- presence ---------------------------------------------------------------------

    def _entry(self, player: str | None) -> str:
        return f"{player or ''}|{self._clock() + PRESENCE_SECONDS}"

    @answering
    async def join(
        self, room_id: str, connection: str, player: str | None, max_spectators: int
    ) -> None:
        keys = [self._presence_key(room_id), self._room_key(room_id)]
        limit = "" if player is not None else str(max_spectators)
        args = [f"{self._process}:{connection}", self._entry(player), limit, self._clock(),
                self._ttl]  # fmt: skip
        if not await self._scripts["join"](keys=keys, args=args):
            raise crowded()

    @answering
    async def leave(self, room_id: str, connection: str, player: str | None, when: float) -> None:
        key = self._presence_key(room_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hdel(key, f"{self._process}:{connection}")
            if player is not None:
                pipe.hset(key, f"left:{player}", str(when))
            await pipe.execute()

    @answering
    async def presence(self, room_id: str) -> tuple[Mapping[str, Presence], int]:
        entries = await self.redis.hgetall(self._presence_key(room_id))
        now = self._clock()
        online: set[str] = set()
        gone_at: dict[str, float] = {}
        spectators = 0
        expired = []
        for raw_field, raw_value in entries.items():
            name, value = _text(raw_field), _text(raw_value)
            if name.startswith("left:"):
                player = name[5:]
                gone_at[player] = max(gone_at.get(player, 0.0), float(value))
                continue
            player, _, until_text = value.partition("|")
            until = float(until_text)
            if until < now:  # its process stopped sending heartbeats
                expired.append(name)
                if player:
                    gone_at[player] = max(gone_at.get(player, 0.0), until - PRESENCE_SECONDS)
            elif player:
                online.add(player)
            else:
                spectators += 1
        if expired:
            await self.redis.hdel(self._presence_key(room_id), *expired)
        seats = {
            player: Presence(True)
            if player in online
            else Presence(False, now - gone_at[player] if player in gone_at else None)
            for player in PLAYERS
        }
        return seats, spectators

    @answering
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
                pipe.zadd(self._rooms, {room_id: self._clock() + self._ttl})
            await pipe.execute()

    @answering
    async def sweep(self, idle_seconds: float) -> int:
        # Redis expires idle rooms by itself (the keys' time to live); only the count is tidied.
        removed: int = await self.redis.zremrangebyscore(self._rooms, "-inf", self._clock())
        return removed

    @answering
    async def count(self) -> int:
        await self.redis.zremrangebyscore(self._rooms, "-inf", self._clock())
        counted: int = await self.redis.zcard(self._rooms)
        return counted
