"""Bursts against two real server processes sharing a real Redis: nothing is ever lost.

A join either seats the invitee with its token delivered or leaves the seat
free and says "busy, try again"; a burst of new rooms makes each room whole or
not at all; the limits hold however many processes check them at once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
import redis
from web_support import ServerProcess, answer, close_pages, open_pages
from websockets.asyncio.client import ClientConnection

from tictactoe.online.room import digest

PREFIX = "tictactoe:"
"""The keys' prefix of a server started without one."""

BUSY = "The server is busy: try again."

FRIEND = json.dumps({"t": "friend", "rows": 3, "cols": 3, "k": 3})

CLIENTS = 50
"""The pages come from this many addresses (127.0.0.1 to 127.0.0.50): a crowd, not one client."""


def room_tokens(url: str, room: str) -> dict[str, str]:
    """The seat token digests of ``room`` as Redis holds it."""
    with redis.Redis.from_url(url) as client:
        raw = client.get(f"{PREFIX}room:{room}")
    assert raw is not None, f"room {room} is gone"
    tokens: dict[str, str] = json.loads(raw)["tokens"]
    return tokens


def two_servers(
    server_factory: Callable[..., ServerProcess], url: str, *extra: str
) -> list[ServerProcess]:
    return [server_factory("--redis", url, "--no-record", *extra) for _ in range(2)]


async def make_rooms(servers: list[ServerProcess], count: int) -> list[str]:
    """``count`` rooms for two people, made a few at a time (their makers stay connected)."""
    hosts = await open_pages([servers[i % 2].ws_url for i in range(count)], spread=CLIENTS)
    rooms = []
    for start in range(0, count, 10):
        batch = hosts[start : start + 10]
        for host in batch:
            await host.send(FRIEND)
        for host in batch:
            welcome = await answer(host, "welcome")
            rooms.append(welcome["room"])
    return rooms


async def ask_all(pages: list[ClientConnection], messages: list[str]) -> list[dict[str, Any]]:
    """Every page sends its message at once; each one's first answer (welcome or error)."""
    await asyncio.gather(*(page.send(text) for page, text in zip(pages, messages, strict=True)))
    return list(await asyncio.gather(*(answer(page, "welcome", "error") for page in pages)))


async def join_all(pages: list[ClientConnection], rooms: list[str]) -> list[dict[str, Any]]:
    """Every page asks to join its room at once; each one's first answer."""
    return await ask_all(pages, [json.dumps({"t": "join", "room": room}) for room in rooms])


@pytest.mark.slow
def test_300_joins_at_once_over_two_processes_seat_everyone_or_say_try_again(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    servers = two_servers(server_factory, redis_url)
    count = 300

    async def scenario() -> None:
        rooms = await make_rooms(servers, count)
        guests = await open_pages([servers[i % 2].ws_url for i in range(count)], spread=CLIENTS)
        waiting = list(range(count))
        rounds = 0
        while waiting:
            rounds += 1
            assert rounds <= 20, f"{len(waiting)} invitees were never seated"
            answers = await join_all([guests[i] for i in waiting], [rooms[i] for i in waiting])
            retry = []
            for i, got in zip(waiting, answers, strict=True):
                tokens = room_tokens(redis_url, rooms[i])
                if got["t"] == "welcome":
                    assert got["player"] == "b" and got["token"], got
                    assert tokens["b"] == digest(got["token"]), "a seat without its token"
                else:
                    assert (got["code"], got["message"]) == ("busy", BUSY), got
                    assert "b" not in tokens, "the seat was taken, its token never delivered"
                    retry.append(i)
            waiting = retry
        await close_pages(guests)

    asyncio.run(scenario())
    for server in servers:
        assert "Traceback" not in server.output()


@pytest.mark.slow
def test_500_rooms_opened_at_once_are_made_whole_or_not_at_all(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    server = server_factory("--redis", redis_url, "--no-record")
    count = 500

    async def scenario() -> list[dict[str, Any]]:
        pages = await open_pages([server.ws_url] * count, spread=CLIENTS)
        answers = await ask_all(pages, [FRIEND] * count)
        await close_pages(pages)
        return answers

    answers = asyncio.run(scenario())
    made = [got["room"] for got in answers if got["t"] == "welcome"]
    refused = [got for got in answers if got["t"] == "error"]
    assert all((got["code"], got["message"]) == ("busy", BUSY) for got in refused), refused[:3]
    with redis.Redis.from_url(redis_url) as client:
        kept = {
            key.decode().removeprefix(f"{PREFIX}room:") for key in client.keys(f"{PREFIX}room:*")
        }
        counted = client.zcard(f"{PREFIX}rooms")
    assert kept == set(made) and counted == len(made)
    assert len(made) >= count // 2, f"only {len(made)} of {count} rooms were made"
    assert "Traceback" not in server.output()


@pytest.mark.slow
def test_the_spectator_limit_holds_under_joins_through_two_processes(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    limit = 5
    servers = two_servers(server_factory, redis_url, "--max-spectators", str(limit))

    async def scenario() -> list[dict[str, Any]]:
        (room,) = await make_rooms(servers, 1)
        guest = (await open_pages([servers[1].ws_url]))[0]
        await guest.send(json.dumps({"t": "join", "room": room}))
        assert (await answer(guest, "welcome"))["player"] == "b"
        watchers = await open_pages([servers[i % 2].ws_url for i in range(40)], spread=CLIENTS)
        answers = await join_all(watchers, [room] * len(watchers))
        await close_pages([guest, *watchers])
        return answers

    answers = asyncio.run(scenario())
    admitted = [got for got in answers if got["t"] == "welcome"]
    assert all(got["player"] is None for got in admitted)
    assert len(admitted) == limit
    assert {got["code"] for got in answers if got["t"] == "error"} == {"crowded"}


@pytest.mark.slow
def test_the_room_limit_holds_under_rooms_made_through_two_processes(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    limit = 20
    servers = two_servers(server_factory, redis_url, "--max-rooms", str(limit))

    async def scenario() -> list[dict[str, Any]]:
        pages = await open_pages([servers[i % 2].ws_url for i in range(80)], spread=CLIENTS)
        answers = await ask_all(pages, [FRIEND] * len(pages))
        await close_pages(pages)
        return answers

    answers = asyncio.run(scenario())
    assert len([got for got in answers if got["t"] == "welcome"]) == limit
    assert {got["code"] for got in answers if got["t"] == "error"} == {"busy"}
    with redis.Redis.from_url(redis_url) as client:
        assert len(client.keys(f"{PREFIX}room:*")) == limit
