"""Fixtures for the web game: the ASGI app under Starlette's test client, real servers, Redis.

``web`` runs the app in-process (a thread for the computer's moves, a clock
the test can move); ``server_factory`` starts the real ``tictactoe web``
command on free loopback ports; ``redis_url`` starts Debian's
``redis-server`` on a free loopback port for the session (skipped, saying
why, only when the binary is missing).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from starlette.testclient import TestClient
from web_support import (
    Clock,
    ServerProcess,
    Web,
    free_port,
    make_settings,
    start_server,
    wait_for_port,
)

from tictactoe.ui.web.server import create_app


@pytest.fixture
def web_factory(
    _isolated_home: Path,
) -> Iterator[Callable[..., Web]]:
    """Make an app with the given settings; all of them are stopped after the test."""
    made: list[Web] = []

    def make(**changes: Any) -> Web:
        clock = Clock()
        settings = make_settings(_isolated_home, **changes)
        client = TestClient(create_app(settings, clock=clock))
        client.__enter__()
        made.append(Web(client, clock, _isolated_home, settings))
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


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``redis-server`` on a free loopback port, for the whole session."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    folder = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for_port(port, process)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)
