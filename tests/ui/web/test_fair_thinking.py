"""The computer's thinking is shared fairly: an abandoned game stops thinking, long searches
never hold up another game's quick reply, and the server caps the thinking time.

The searches here think for seconds (short for Expert, long next to a reply
that takes milliseconds); each wait is bounded far below what the old queue
made a reply wait, so a slow machine does not fail them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from web_support import Page, Web, wait_until

PATIENCE = 60.0
SEARCH_MS = 5000
"""How long each long game's computer thinks per move."""
LONG_GAMES = 3
QUICK = 3.0
"""Longest a quick reply may take here (the three searches would hold it up 15 s)."""


def start_long_game(page: Page) -> None:
    """15 x 15 against Expert thinking :data:`SEARCH_MS`; the person plays h8 and Expert
    starts thinking."""
    page.send(t="solo", rows=15, cols=15, k=5, level="search", first="you", think_ms=SEARCH_MS)
    page.until("welcome")
    page.state()
    page.send(t="move", cell=112, ply=0)
    page.state(lambda s: s["thinking"])


def quick_reply_seconds(web: Web) -> float:
    """How long a 3 x 3 game's computer takes to answer a move."""
    page = web.open(PATIENCE)
    page.send(t="solo", rows=3, cols=3, k=3, level="first-free", first="you")
    page.until("welcome")
    page.state()
    started = time.monotonic()
    page.send(t="move", cell=4, ply=0)
    page.state(lambda s: len(s["moves"]) == 2)
    return time.monotonic() - started


def running_jobs(web: Web) -> int:
    """Jobs the computer is working on or has waiting."""
    return web.lobby.thinker.running


def test_closing_the_page_cancels_the_computers_move(web_factory: Callable[..., Web]) -> None:
    web = web_factory()
    pages = [web.open(PATIENCE) for _ in range(LONG_GAMES)]
    for page in pages:
        start_long_game(page)
    web.close_pages()  # every player leaves while Expert thinks
    assert wait_until(lambda: running_jobs(web) == 0, QUICK), "the abandoned games still think"
    assert quick_reply_seconds(web) < QUICK


def test_long_searches_never_hold_up_a_quick_reply(web_factory: Callable[..., Web]) -> None:
    web = web_factory()
    for _ in range(LONG_GAMES):
        start_long_game(web.open(PATIENCE))  # the players stay and wait
    assert quick_reply_seconds(web) < QUICK


def test_the_server_caps_the_thinking_time(web_factory: Callable[..., Web]) -> None:
    web = web_factory(max_think_seconds=10.0)
    levels = web.client.get("/api/levels?rows=15&cols=15&k=5").json()
    assert levels["think"]["high"] == 10.0
    page = web.open(PATIENCE)
    page.send(t="solo", rows=15, cols=15, k=5, level="search", first="you", think_ms=600_000)
    refused = page.error()
    assert refused["code"] == "think_range"
    assert refused["message"] == "The thinking time must be from {low} to {high} seconds."
    assert refused["params"] == {"low": 0.05, "high": 10.0}
    page.send(t="solo", rows=15, cols=15, k=5, level="search", first="you", think_ms=10_000)
    page.until("welcome")
    page.send(t="think", think_ms=10_001)
    assert page.error()["code"] == "think_range"
