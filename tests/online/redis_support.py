"""A real Redis for the tests: Debian's ``redis-server`` on a free loopback port, which a
test may stop, freeze (SIGSTOP) and restart, and its fixtures (skipped, saying why, only when
``redis-server`` is missing); the online package's tests and the web server's import them."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port}")


@dataclass
class RedisServer:
    """Debian's ``redis-server`` on a loopback port, which a test may stop, freeze or restart.

    ``keep``: it writes every change to disk (fsync always), so a restart brings its data
    back, as a real deployment's does; else a restart starts empty.
    """

    folder: Path
    keep: bool = False
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def binary() -> str | None:
        """The ``redis-server`` program, if it is installed."""
        return shutil.which("redis-server")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = self.binary()
        assert binary is not None, "redis-server is not installed"
        kept = ["--appendonly", "yes", "--appendfsync", "always"] if self.keep else []
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", *kept, "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_for_port(self.port, self.process)

    def stop(self) -> None:
        """Stop it as a crash or a restart would (its data is gone)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(10)
        self.process = None

    def freeze(self) -> None:
        """It keeps its connections but answers nothing (SIGSTOP), until :meth:`thaw`."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def flush(self) -> None:
        """Forget every key (a fresh server for the next test)."""
        import redis

        with redis.Redis.from_url(self.url) as client:
            client.flushall()


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
    """A real ``redis-server`` (one for the session), emptied for each test."""
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
