"""A real server on a real Redis that stops, freezes and comes back: players hear "busy, try
again", the health check answers within a second, nothing is lost, nothing is logged as a
crash."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx2
import pytest
from redis_support import RedisServer
from web_support import Player, ServerProcess

BUSY = ("busy", "The server is busy: try again.")


def friends(server: ServerProcess) -> tuple[Player, Player]:
    x = Player(server)
    x.send(t="friend", rows=3, cols=3, k=3)
    room = x.until("welcome")["room"]
    o = Player(server)
    o.send(t="join", room=room)
    o.until("welcome")
    x.until("state", lambda s: s["seats"]["b"]["online"])
    return x, o


def health(server: ServerProcess) -> tuple[int, object, float]:
    """The health check's HTTP status, its ``status`` and how long it took to answer."""
    started = time.monotonic()
    response = httpx2.get(server.url + "/api/health", timeout=10)
    return response.status_code, response.json()["status"], time.monotonic() - started


@pytest.mark.slow
def test_redis_down_then_back(
    own_redis: RedisServer, server_factory: Callable[..., ServerProcess]
) -> None:
    server = server_factory("--redis", own_redis.url, "--no-record")
    x, _ = friends(server)
    assert health(server)[:2] == (200, "ok")
    own_redis.stop()
    x.send(t="move", cell=4, ply=0)
    refused = x.until("error")
    assert (refused["code"], refused["message"]) == BUSY
    status, answer, seconds = health(server)
    assert (status, answer) == (503, "unavailable") and seconds < 1
    own_redis.start()  # empty: the rooms went with it; the old connections are stale
    assert health(server)[:2] == (200, "ok")
    fresh = Player(server)
    fresh.send(t="friend", rows=3, cols=3, k=3)  # the first use after the return works
    assert fresh.until("welcome")["player"] == "a"
    assert "Traceback" not in server.output()


@pytest.mark.slow
def test_redis_frozen_then_thawed(
    own_redis: RedisServer, server_factory: Callable[..., ServerProcess]
) -> None:
    server = server_factory("--redis", own_redis.url, "--no-record")
    x, o = friends(server)
    own_redis.freeze()
    try:
        status, answer, seconds = health(server)
        assert (status, answer) == (503, "unavailable") and seconds < 1
        x.send(t="move", cell=4, ply=0)
        refused = x.until("error", seconds=15)
        assert (refused["code"], refused["message"]) == BUSY
    finally:
        own_redis.thaw()
    x.send(t="move", cell=4, ply=0)
    assert o.until("state", lambda s: s["moves"] == [4])
    assert "Traceback" not in server.output()


@pytest.mark.slow
def test_a_player_who_leaves_while_redis_is_away_is_not_shown_online(
    kept_redis: RedisServer, server_factory: Callable[..., ServerProcess]
) -> None:
    server = server_factory("--redis", kept_redis.url, "--no-record")
    x, o = friends(server)
    kept_redis.stop()  # it keeps what it had: the restart brings the room back
    o.close()
    time.sleep(1)  # the page is gone while Redis is
    kept_redis.start()
    # Its presence would expire by itself after 30 s; the lost "player left" is sent again.
    gone = x.until("state", lambda s: not s["seats"]["b"]["online"], seconds=10)
    assert gone["seats"]["b"]["away"] is not None
    assert "Traceback" not in server.output()
