"""Rooms in a real Redis: the store itself, and two server processes sharing one game."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable

import pytest
from web_support import Clock, Player, ServerProcess

from tictactoe.core.rules import Rules
from tictactoe.online.redis_store import PRESENCE_SECONDS, RedisStore
from tictactoe.online.room import Room, RoomError


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

        async def ignore(room_id: str, text: str) -> None:
            return None

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


@pytest.mark.slow
def test_two_processes_serve_one_game_and_survive_a_restart(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    first = server_factory("--redis", redis_url, "--no-record")
    second = server_factory("--redis", redis_url, "--no-record")
    x = Player(first)
    x.send(t="friend", rows=3, cols=3, k=3)
    room = x.until("welcome")["room"]
    o = Player(second)
    o.send(t="join", room=room)
    token = o.until("welcome")["token"]
    x.until("state", lambda s: s["seats"]["b"]["online"])  # seen through the other process

    x.send(t="move", cell=0, ply=0)
    o.until("state", lambda s: s["moves"] == [0])
    o.send(t="move", cell=4, ply=1)
    x.until("state", lambda s: s["moves"] == [0, 4])

    second.kill()  # the friend's server dies mid-game...
    second.restart()  # ...and comes back; the friend's page reconnects with its token
    o = Player(second)
    o.send(t="join", room=room, token=token)
    assert o.until("welcome")["player"] == "b"
    assert o.until("state")["moves"] == [0, 4]

    x.send(t="move", cell=1, ply=2)
    o.until("state", lambda s: s["moves"] == [0, 4, 1])
    o.send(t="move", cell=2, ply=3)
    x.until("state", lambda s: len(s["moves"]) == 4)
    x.send(t="move", cell=6, ply=4)
    o.until("state", lambda s: len(s["moves"]) == 5)
    o.send(t="move", cell=3, ply=5)
    x.until("state", lambda s: len(s["moves"]) == 6)
    x.send(t="move", cell=5, ply=6)
    o.until("state", lambda s: len(s["moves"]) == 7)
    o.send(t="move", cell=7, ply=7)
    x.until("state", lambda s: len(s["moves"]) == 8)
    x.send(t="move", cell=8, ply=8)
    end_x = x.until("state", lambda s: s["over"])
    end_o = o.until("state", lambda s: s["over"])
    assert end_x["moves"] == end_o["moves"] == [0, 4, 1, 2, 6, 3, 5, 7, 8]
    assert end_x["winner"] is None and end_o["score"] == {"a": 0, "b": 0, "draws": 1}
