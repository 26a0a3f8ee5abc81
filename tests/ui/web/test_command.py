"""``tictactoe web`` as a person runs it: starting, a busy port, a missing Redis, Ctrl-C,
SIGTERM and SIGHUP."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from collections.abc import Callable

import httpx2
import pytest
from web_support import ServerProcess

from tictactoe.cli.command import main
from tictactoe.cli.commands.web import origin


def test_help_lists_the_options(capsys: object) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe", "web", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0
    for option in ("--host", "--port", "--open", "--redis", "--max-rooms", "--claim-after"):
        assert option in result.stdout


def test_a_busy_port_is_said_plainly(capsys) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port), "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    assert f"Порт {port}" in err and "--port" in err and "Traceback" not in err


def test_an_unreachable_redis_is_said_plainly(capsys) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    assert main(["web", "--redis", url]) == 1
    err = capsys.readouterr().err
    assert err == f"Cannot reach Redis at {url}: nothing answers there: is redis-server running?\n"
    assert main(["web", "--redis", url, "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"Нет связи с Redis по адресу {url}: там никто не отвечает: запущен ли redis-server?\n"
    )


def test_an_address_that_is_not_redis_is_said_in_the_programs_words(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["web", "--redis", "http://127.0.0.1:6379"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "Cannot reach Redis at http://127.0.0.1:6379: it is not a Redis address"
        " (redis://HOST:PORT/DB, rediss:// or unix://).\n"
    )


def test_a_missing_extra_names_the_published_distribution(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    assert main(["web"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'tictactoe-mnk[web]'" in err and "Traceback" not in err


def test_bad_options_stop_with_usage(capsys) -> None:  # type: ignore[no-untyped-def]
    for args in (
        ["--port", "http"],
        ["--port", "65536"],
        ["--port", "-1"],
        ["--max-rooms", "0"],
        ["--idle", "9" * 5000],
        ["--allow-origin", "example.org"],
        ["--allow-origin", "https://example.org/games"],
        ["--allow-origin", "ftp://example.org"],
        ["--allow-origin", "https://example.org:99999"],
    ):
        try:
            main(["web", *args])
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"{args} was accepted")
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "must be a whole number from 0 to 65535, not '65536'" in err
    assert "must be an origin such as https://example.org" in err


def test_an_allowed_origin_is_written_as_browsers_send_it() -> None:
    assert origin("https://Example.ORG/") == "https://example.org"
    assert origin("http://localhost:8080") == "http://localhost:8080"
    assert origin("HTTPS://[::1]:8443") == "https://[::1]:8443"


@pytest.mark.slow
@pytest.mark.parametrize(("stop", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_stop_the_server_as_ctrl_c_does(
    server_factory: Callable[..., ServerProcess], stop: signal.Signals, status: int
) -> None:
    server = server_factory("--think-processes", "1")  # a worker process to end with it
    assert httpx2.get(server.url + "/").status_code == 200
    server.process.send_signal(stop)
    server.process.wait(15)
    text = server.output()
    assert server.process.returncode == status, text  # 128 + the signal, as arena's
    assert "The server has stopped." in text
    assert "Traceback" not in text and "leaked" not in text  # its worker processes cleaned up


@pytest.mark.slow
def test_the_server_serves_and_stops_cleanly_on_ctrl_c(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory()
    page = httpx2.get(server.url + "/")
    assert page.status_code == 200 and "Tic-tac-toe" in page.text
    server.process.send_signal(signal.SIGINT)
    server.process.wait(15)
    text = server.output()
    assert server.process.returncode == 130, text  # Ctrl-C's status, as in the other commands
    assert f"http://127.0.0.1:{server.port}/" in text and "The server has stopped." in text
    assert "Traceback" not in text


def malformed_chunked_request(port: int, path: str) -> bytes:
    """A POST whose chunked body is broken (its size is not a number); the server's answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            "zz\r\nhello\r\n0\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        return answer


@pytest.mark.slow
def test_bad_requests_do_not_flood_the_log(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory()
    for number in range(50):
        answer = malformed_chunked_request(
            server.port, ("/", "/api/health", "/static/app.js")[number % 3]
        )
        assert answer.startswith(b"HTTP/1.1 400 "), answer
    assert httpx2.get(server.url + "/").status_code == 200  # still serving
    server.stop()
    lines = server.output().splitlines()
    assert not any("Traceback" in line for line in lines)
    assert len(lines) <= 6, lines
