"""The Redis store against a real Redis: rooms, events and presence shared by two processes,
and what players meet when Redis is down, frozen or back with stale connections."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
from redis_support import RedisServer

from tictactoe.core.rules import Rules
from tictactoe.online.redis_store import ANSWER_SECONDS, PRESENCE_SECONDS, RedisStore
from tictactoe.online.room import Room, RoomError
from tictactoe.online.store import StoreUnavailable


class Clock:
    """A clock the test moves by hand (seconds since the epoch)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def ignore(room_id: str, text: str) -> None:
    return None


def stores(url: str, clock: Clock) -> tuple[RedisStore, RedisStore]:
    """Two stores on one Redis, as two server processes would have."""
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    return (
        RedisStore(url, prefix=prefix, clock=clock, ttl=600),
        RedisStore(url, prefix=prefix, clock=clock, ttl=600),
    )


def test_the_store_shares_rooms_events_and_presence(redis_url: str) -> None:
    clock = Clock()

    async def scenario() -> None:
        one, two = stores(redis_url, clock)
        heard: list[tuple[str, str]] = []

        async def deliver(room_id: str, text: str) -> None:
            heard.append((room_id, text))

        await one.start(ignore)
        await two.start(deliver)
        try:
            room, token = Room.friend("redisroom1", Rules(), seed=5, now=clock())
            await one.create(room, "198.51.100.7", max_rooms=10, per_owner=10)
            loaded = await two.get("redisroom1")
            assert loaded is not None and loaded.player_of(token) == "a"
            # Two processes change the room at once: both changes land (optimistic locking).
            await asyncio.gather(
                one.update("redisroom1", Room.take_seat),
                two.update("redisroom1", lambda r: r.play("a", 4)),
            )
            after = await one.get("redisroom1")
            assert after is not None and after.state.moves == [4] and "b" in after.state.tokens
            assert after.state.version == 2
            try:
                await one.update("missing-room", Room.take_seat)
            except RoomError as error:
                assert error.code == "gone"
            # Events published by one process reach the other's pages.
            await two.watch("redisroom1")
            await asyncio.sleep(0.1)
            await one.publish("redisroom1", "hello")
            for _ in range(50):
                if heard:
                    break
                await asyncio.sleep(0.02)
            assert heard == [("redisroom1", "hello")]
            # Presence: a connection of a process that stopped its heartbeats expires.
            await one.join("redisroom1", "c1", "a", 5)
            await two.join("redisroom1", "c9", None, 5)
            seats, spectators = await two.presence("redisroom1")
            assert seats["a"].online and not seats["b"].online and spectators == 1
            await two.leave("redisroom1", "c9", None, clock())
            clock.advance(PRESENCE_SECONDS + 5)
            seats, spectators = await two.presence("redisroom1")
            assert not seats["a"].online and spectators == 0
            assert seats["a"].away_for is not None and seats["a"].away_for >= 5
            assert await one.count() == 1
            try:
                await one.create(Room.friend("redisroom2", Rules(), seed=5, now=0)[0], "x", 1, 10)
            except RoomError as error:
                assert error.code == "busy"
        finally:
            await one.close()
            await two.close()

    asyncio.run(scenario())


def test_redis_away_is_busy_at_once_and_a_stale_connection_is_replaced(
    own_redis: RedisServer,
) -> None:
    async def scenario() -> tuple[float, float, str | None]:
        store = RedisStore(own_redis.url)
        await store.start(ignore)
        try:
            room = Room.friend("stale1", Rules(), seed=1, now=time.time())[0]
            await store.create(room, "x", 10, 10)
            own_redis.stop()
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as down:
                await store.get("stale1")
            assert (down.value.code, down.value.message) == (
                "busy",
                "The server is busy: try again.",
            )
            down_for = time.monotonic() - started
            own_redis.start()  # every pooled connection is stale now
            await store.create(room, "x", 10, 10)  # the first use after the return works
            own_redis.freeze()
            started = time.monotonic()
            try:
                with pytest.raises(StoreUnavailable):
                    await store.check()
                frozen_for = time.monotonic() - started
            finally:
                own_redis.thaw()
            found = await store.get("stale1")
            return down_for, frozen_for, None if found is None else found.id
        finally:
            await store.close()

    down_for, frozen_for, found = asyncio.run(scenario())
    assert down_for < ANSWER_SECONDS and frozen_for < 1.0 and found == "stale1"


def test_requests_wait_for_a_free_connection_instead_of_failing(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tictactoe.online.redis_store.POOL_SIZE", 2)

    async def scenario() -> list[object]:
        store = RedisStore(redis_url)
        await store.start(ignore)
        try:
            room = Room.friend("crowd1", Rules(), seed=1, now=time.time())[0]
            await store.create(room, "x", 10, 10)
            work = [store.get("crowd1") for _ in range(150)]
            work += [store.update("crowd1", lambda r: r.state.games) for _ in range(50)]
            return list(await asyncio.gather(*work, return_exceptions=True))
        finally:
            await store.close()

    answers = asyncio.run(scenario())
    assert not [answer for answer in answers if isinstance(answer, BaseException)]
