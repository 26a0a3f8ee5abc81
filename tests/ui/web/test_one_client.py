"""One client cannot keep the others out: rooms and connections are limited per address.

The clients are real sockets from different loopback addresses (127.0.0.1 and
127.0.0.2 are two machines as the server sees them).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from web_support import ServerProcess, answer, close_pages, open_pages
from websockets.exceptions import ConnectionClosed

FRIEND = json.dumps({"t": "friend", "rows": 3, "cols": 3, "k": 3})


@pytest.mark.slow
def test_one_address_cannot_make_every_room(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory("--max-rooms", "40", "--rooms-per-address", "10")

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        hog = await open_pages([server.ws_url] * 60)
        await asyncio.gather(*(page.send(FRIEND) for page in hog))
        answers = list(await asyncio.gather(*(answer(p, "welcome", "error") for p in hog)))
        (other,) = await open_pages([server.ws_url], address="127.0.0.2")
        await other.send(FRIEND)
        theirs = await answer(other, "welcome", "error")
        await close_pages([*hog, other])
        return answers, theirs

    answers, theirs = asyncio.run(scenario())
    assert len([got for got in answers if got["t"] == "welcome"]) == 10
    refused = {(got["code"], got["message"]) for got in answers if got["t"] == "error"}
    assert refused == {("too_many", "You have too many games open: finish one, or try later.")}
    assert theirs["t"] == "welcome" and theirs["player"] == "a"


@pytest.mark.slow
def test_one_address_cannot_take_every_connection(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory("--max-connections", "100", "--connections-per-address", "20")

    async def scenario() -> tuple[int, dict[str, Any]]:
        hog = await open_pages([server.ws_url] * 40)
        alive = 0
        for page in hog:
            try:
                await page.send(json.dumps({"t": "ping"}))
                await answer(page, "pong", seconds=10)
                alive += 1
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1013
        (other,) = await open_pages([server.ws_url], address="127.0.0.2")
        await other.send(json.dumps({"t": "ping"}))
        pong = await answer(other, "pong")
        await close_pages([*hog, other])
        return alive, pong

    alive, pong = asyncio.run(scenario())
    assert alive == 20 and pong == {"t": "pong"}
