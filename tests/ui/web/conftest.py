"""Fixtures for the web game: the ASGI app under Starlette's test client, real servers, Redis.

``web`` runs the app in-process (a thread for the computer's moves, a clock
the test can move); ``server_factory`` starts the real ``tictactoe web``
command on free loopback ports; ``redis_url``, ``own_redis`` and
``kept_redis`` are a real ``redis-server`` (tests/online/redis_support.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[2] / "online"))

from starlette.testclient import TestClient
from web_support import (
    Clock,
    ServerProcess,
    Web,
    make_settings,
    start_server,
)

from tictactoe.ui.web.server import create_app


@pytest.fixture
def web_factory(
    _isolated_home: Path,
) -> Iterator[Callable[..., Web]]:
    """Make an app with the given settings, its pages coming from ``client`` (this machine
    unless given); all of them are stopped after the test."""
    made: list[Web] = []

    def make(client: tuple[str, int] = ("127.0.0.1", 50000), **changes: Any) -> Web:
        clock = Clock()
        settings = make_settings(_isolated_home, **changes)
        app = TestClient(create_app(settings, clock=clock), client=client)
        app.__enter__()
        made.append(Web(app, clock, _isolated_home, settings))
        return made[-1]

    yield make
    for web in made:
        web.close_pages()
        web.client.__exit__(None, None, None)


@pytest.fixture
def web(web_factory: Callable[..., Web]) -> Web:
    """The app with its default limits (the computer thinks in a thread)."""
    return web_factory()


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start real servers; each is stopped with Ctrl-C (SIGINT) after the test."""
    started: list[ServerProcess] = []

    def start(*extra: str, port: int | None = None) -> ServerProcess:
        server = start_server(tmp_path, *extra, port=port)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


# The Redis fixtures are the online package's: one set for both.
from redis_support import _shared_redis, kept_redis, own_redis, redis_url  # noqa: E402, F401
