"""Helpers for the web game's tests: pages over WebSockets, a hand-moved clock, server processes.

``client`` runs the app in-process (a thread for the computer's moves, a
clock the test can move); ``live_server`` starts the real ``tictactoe web``
command on a free loopback port; ``redis_url`` starts Debian's
``redis-server`` on a free loopback port for the session (skipped, saying
why, only when the binary is missing).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from redis_support import free_port, wait_for_port
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import ClientConnection, connect
from websockets.sync.client import ClientConnection as SyncConnection
from websockets.sync.client import connect as sync_connect

from tictactoe.online.lobby import Lobby
from tictactoe.online.settings import Settings

ORIGIN = "http://testserver"
"""The test client's own origin (its Host is ``testserver``)."""

PATIENCE = 120.0
"""Seconds a page waits for each message by default: far more than any answer takes,
so that a message that never comes fails the test instead of hanging the run."""


@dataclass
class Clock:
    """A clock the test moves by hand (seconds since the epoch)."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Web:
    """The app under the test client, its clock and its folder."""

    client: TestClient
    clock: Clock
    home: Path
    settings: Settings
    opened: list[WebSocketTestSession] = field(default_factory=list)

    @property
    def lobby(self) -> Lobby:
        lobby: Lobby = self.client.app.state.lobby  # type: ignore[attr-defined]
        return lobby

    def connect(self, origin: str | None = ORIGIN) -> WebSocketTestSession:
        headers = {} if origin is None else {"origin": origin}
        return self.client.websocket_connect("/ws", headers=headers)

    def open(self, patience: float | None = PATIENCE) -> Page:
        """A page connected for the rest of the test (closed before the app stops)."""
        session = self.connect()
        page = Page(session.__enter__(), patience=patience)
        self.opened.append(session)
        return page

    def close_pages(self) -> None:
        for session in reversed(self.opened):
            with contextlib.suppress(Exception):  # already closed by the test
                session.__exit__(None, None, None)
        self.opened.clear()

    def written(self) -> None:
        """Wait until the finished games handed to the writer are saved."""
        writer = self.lobby.writer
        assert writer is not None and writer.wait(30)

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """Await ``function(*args)`` on the app's event loop."""
        assert self.client.portal is not None
        return self.client.portal.call(function, *args)


async def _receive_within(stream: Any, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await stream.receive()


@dataclass
class Page:
    """One WebSocket, as a page would use it: send JSON, read until a message arrives.

    ``patience`` (seconds, None: for ever) bounds each wait for a message, so a
    test of something that must happen fails instead of hanging when it does
    not (a guard against hangs, not a timing claim): by default
    :data:`PATIENCE`.
    """

    ws: WebSocketTestSession
    seen: list[dict[str, Any]] = field(default_factory=list)
    patience: float | None = PATIENCE

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def read(self) -> dict[str, Any]:
        if self.patience is None:
            message: dict[str, Any] = self.ws.receive_json()
        else:  # the test session's own receive, bounded (it has no timeout of its own)
            raw = self.ws.portal.call(_receive_within, self.ws._send_rx, self.patience)
            if raw["type"] == "websocket.close":  # as the unbounded receive reports it
                raise WebSocketDisconnect(raw.get("code", 1000), raw.get("reason", ""))
            message = json.loads(raw["text"])
        self.seen.append(message)
        return message

    def until(self, kind: str, check: Callable[[dict[str, Any]], bool] = lambda m: True) -> Any:
        """Read until a message of type ``kind`` that passes ``check`` (at most 200 messages)."""
        for _ in range(200):
            message = self.read()
            if message["t"] == kind and check(message):
                return message
        raise AssertionError(f"no {kind} message came")

    def state(self, check: Callable[[dict[str, Any]], bool] = lambda m: True) -> Any:
        return self.until("state", check)

    def error(self) -> Any:
        return self.until("error")


def make_settings(home: Path, **changes: Any) -> Settings:
    values: dict[str, Any] = {"think_processes": 0, "data_dir": home, "heartbeat_seconds": 3600}
    values.update(changes)
    return Settings(**values)


@dataclass
class ServerProcess:
    """A ``tictactoe web`` process; what it prints goes to ``log``."""

    port: int
    process: subprocess.Popen[bytes]
    args: list[str]
    env: dict[str, str]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def output(self) -> str:
        """Everything the process has printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def restart(self) -> None:
        self.stop()
        self.process = _spawn(self.args, self.env, self.log)
        wait_for_port(self.port, self.process)


def _spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "tictactoe", "web", *args],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def start_server(home: Path, *extra: str, port: int | None = None) -> ServerProcess:
    """Start ``tictactoe web`` on a free port (the computer in a thread: quick to start)."""
    port = free_port() if port is None else port
    args = ["--port", str(port), "--think-processes", "0", *extra]
    env = {**os.environ, "TICTACTOE_HOME": str(home)}
    log = home / f"server-{port}.log"
    process = _spawn(args, env, log)
    wait_for_port(port, process)
    return ServerProcess(port, process, args, env, log)


class Player:
    """A page's WebSocket to one server process."""

    def __init__(self, server: ServerProcess) -> None:
        self.ws: SyncConnection = sync_connect(server.ws_url, open_timeout=10).__enter__()

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def until(
        self,
        kind: str,
        check: Callable[[dict[str, Any]], bool] = lambda m: True,
        seconds: float = 30,
    ) -> Any:
        for _ in range(200):
            message = json.loads(self.ws.recv(timeout=seconds))
            if message["t"] == kind and check(message):
                return message
        raise AssertionError(f"no {kind} message came")

    def close(self) -> None:
        self.ws.close()


# --- many pages at once (real servers, asyncio WebSockets) ---------------------------------


async def open_pages(
    urls: list[str], *, at_once: int = 50, address: str = "127.0.0.1", spread: int = 1
) -> list[ClientConnection]:
    """A WebSocket to each of ``urls``, ``at_once`` opening together, from loopback
    ``address`` (any of 127.0.0.0/8 is another client as the server sees it) or, with
    ``spread``, from that many addresses in turn (127.0.0.1, 127.0.0.2, ...: many clients)."""
    gate = asyncio.Semaphore(at_once)

    async def one(number: int, url: str) -> ClientConnection:
        source = address if spread == 1 else f"127.0.0.{1 + number % spread}"
        async with gate:
            return await connect(url, local_addr=(source, 0), open_timeout=60, max_size=2**20)

    return list(await asyncio.gather(*(one(number, url) for number, url in enumerate(urls))))


async def answer(ws: ClientConnection, *kinds: str, seconds: float = 60) -> dict[str, Any]:
    """The first message of one of ``kinds`` (the others are skipped)."""
    async with asyncio.timeout(seconds):
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["t"] in kinds:
                return message


async def close_pages(pages: list[ClientConnection]) -> None:
    await asyncio.gather(*(page.close() for page in pages), return_exceptions=True)


def wait_until(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``check`` until it is true or ``seconds`` have passed; its last answer."""
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    return check()
