"""``tictactoe web``: the game as a web page, alone against the computer or with a friend online."""

from __future__ import annotations

import argparse
import errno
import logging
import socket
import sys
import threading
import webbrowser
from types import FrameType
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tictactoe import DISTRIBUTION
from tictactoe.cli.commands.options import at_least, language, language_help, seconds
from tictactoe.cli.parser import N_, Invalid, Text
from tictactoe.console import EXIT_ERROR, EXIT_INTERRUPTED
from tictactoe.matches import workers
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import why

if TYPE_CHECKING:
    from tictactoe.online.settings import Settings

HELP = N_("serve the game as a web page: play the computer, or a friend through an invite link")

INSTALL_HINT = f"pip install '{DISTRIBUTION}[web]'"
"""The install command of the web extra, under the name the project is published as."""

HIGHEST_PORT = 65_535


def origin(text: str) -> str:
    """Argument type: a page's origin, ``scheme://host[:port]``, as browsers send it
    (lower case, no slash at the end)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme.lower() not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
    ):
        raise Invalid(
            N_(
                "{option} must be an origin such as https://example.org or"
                " http://localhost:8080, not {value}."
            ),
            value=repr(text[:40]),
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme.lower()}://{host}" + ("" if port is None else f":{port}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where to listen, where rooms live, and the server's limits (each with the server's own
    default: :class:`tictactoe.online.settings.Settings`)."""
    from tictactoe.online.settings import options

    parser.add_argument(
        "--host", default="127.0.0.1", help=N_("address to listen on (default 127.0.0.1)")
    )
    parser.add_argument(
        "--port",
        type=at_least(0, HIGHEST_PORT),
        default=8000,
        metavar="PORT",
        help=N_("port (default 8000)"),
    )
    parser.add_argument("--open", action="store_true", help=N_("open the page in a web browser"))
    parser.add_argument(
        "--redis",
        metavar="URL",
        help=N_(
            "keep rooms in Redis (redis://host:6379/0), so several server processes serve the"
            " same rooms and a restart keeps the games"
        ),
    )
    for name, option, default in options():
        kind = (
            at_least(int(option.low))
            if option.unit == "count"
            else seconds(option.low, option.high)
        )
        parser.add_argument(
            option.flag,
            dest=name,
            type=kind,
            default=default,
            metavar=option.metavar,
            help=Text(
                N_("{about} (default {default})"), about=Text(option.help), default=f"{default:g}"
            ),
        )
    parser.add_argument(
        "--allow-origin", action="append", default=[], type=origin, metavar="URL",
        help=N_(
            "also accept pages served from this origin (https://example.org), e.g. behind a"
            " proxy; may be repeated"
        ),
    )  # fmt: skip
    parser.add_argument(
        "--no-record",
        action="store_true",
        help=N_("do not save finished games in the data folder"),
    )
    parser.add_argument("--lang", type=language, metavar="LANG", help=language_help())


def settings_from(args: argparse.Namespace) -> Settings:
    """The server settings the options ask for."""
    from tictactoe.online.settings import Settings, options

    return Settings(
        **{name: getattr(args, name) for name, _, _ in options()},
        allowed_origins=frozenset(args.allow_origin),
        record=not args.no_record,
    )


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening (OSError if it cannot be)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _missing_extra(_: Translator, names: str) -> int:
    print(
        _("The web game needs {names}: install them with {command}").format(
            names=names, command=INSTALL_HINT
        ),
        file=sys.stderr,
    )
    return EXIT_ERROR


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (which stops the server cleanly and exits with 130, as elsewhere)."""
    _ = translator(args.lang)
    try:
        import uvicorn

        from tictactoe.online.protocol import MAX_MESSAGE_BYTES
        from tictactoe.ui.web.server import RepeatedWarnings, create_app
    except ImportError:
        return _missing_extra(_, "Starlette and uvicorn")
    store = None
    if args.redis:
        try:
            from tictactoe.online.redis_store import RedisStore
        except ImportError:
            return _missing_extra(_, "the Redis client")
        problem = _redis_problem(args.redis, _)
        if problem is not None:
            print(
                _("Cannot reach Redis at {url}: {reason}").format(url=args.redis, reason=problem),
                file=sys.stderr,
            )
            return EXIT_ERROR
        store = RedisStore(args.redis, ttl=args.idle_seconds)
    try:
        sock = listen(args.host, args.port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            message = _("Port {port} is already in use on {host}: choose another with --port.")
        else:
            message = _("Cannot listen on {host} port {port}: {reason}")
        print(
            message.format(port=args.port, host=args.host, reason=why(_, error)),
            file=sys.stderr,
        )
        return EXIT_ERROR
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    app = create_app(settings_from(args), store)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=5,
    )  # (its logging is set up now: a flood of bad requests is a few lines, not thousands)
    logging.getLogger("uvicorn.error").addFilter(RepeatedWarnings())
    print(_("The game is at {url} - press Ctrl-C to stop.").format(url=url), flush=True)
    if args.open:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    server = uvicorn.Server(config)
    stopped_by: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        """SIGTERM or SIGHUP: shut down as on Ctrl-C (uvicorn takes SIGTERM itself while it
        runs, and passes it on here once it has shut down)."""
        stopped_by.append(signum)
        server.handle_exit(signum, frame)

    status = 0
    with sock, workers.stop_signals_call(stop):
        try:
            server.run(sockets=[sock])
        except KeyboardInterrupt:  # uvicorn shut down cleanly, then passed Ctrl-C on
            status = EXIT_INTERRUPTED
    if stopped_by:
        status = 128 + stopped_by[0]
    print(_("The server has stopped."), flush=True)
    return status


def _redis_problem(url: str, _: Translator) -> str | None:
    """Why Redis at ``url`` cannot be used, in the user's language, or None when it answers."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except ValueError:
        return _("it is not a Redis address (redis://HOST:PORT/DB, rediss:// or unix://).")
    except redis.AuthenticationError:
        return _("it refused the password in the address.")
    except redis.TimeoutError:
        return _("it did not answer within 3 s.")
    except (redis.ConnectionError, OSError):
        return _("nothing answers there: is redis-server running?")
    except redis.RedisError:
        return _("what answers there is not a Redis that can be used.")
    return None
