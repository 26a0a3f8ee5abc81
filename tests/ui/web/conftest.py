"""Fixtures for the web game: the ASGI app under Starlette's test client, real servers, Redis.

``web`` runs the app in-process (a thread for the computer's moves, a clock
the test can move); ``server_factory`` starts the real ``tictactoe web``
command on free loopback ports; ``redis_url`` starts Debian's
``redis-server`` on a free loopback port for the session (skipped, saying
why, only when the binary is missing).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from starlette.testclient import TestClient
from web_support import (
    Clock,
    RedisServer,
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


def _need_redis() -> None:
    if RedisServer.binary() is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")


@pytest.fixture(scope="session")
def _shared_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    _need_redis()
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(_shared_redis: RedisServer) -> str:
    """A real ``redis-server`` on a free loopback port (one for the session), emptied for
    each test."""
    _shared_redis.flush()
    return _shared_redis.url


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A ``redis-server`` for this test alone, which it may stop, freeze and restart."""
    _need_redis()
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def kept_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """Like :func:`own_redis`, but a restart brings its data back."""
    _need_redis()
    server = RedisServer(tmp_path, keep=True)
    server.start()
    yield server
    server.stop()
