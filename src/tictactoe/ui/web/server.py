"""The web server: a Starlette app that serves the page and carries moves over WebSockets.

Routes: the page (``/`` and an invite link ``/play/<room>``), its static
files and sounds, its translations (``/i18n/<lang>.json``), which levels play
a board (``/api/levels``), the search tree of a position and its steps
(``/api/tree``, ``/api/tree/steps``: :mod:`tictactoe.online.tree`), the
health check (``/api/health``) and the
WebSocket (``/ws``, :mod:`.sockets`). Everything a message does is the
:class:`~tictactoe.online.lobby.Lobby`'s business; this module speaks HTTP. A
request it cannot serve (no such page, a method not allowed, a failure) is
answered in the game's own words (:mod:`.errors`).

Every HTTP answer carries a Content-Security-Policy without inline script,
``nosniff`` and ``frame-ancestors 'none'``. A request the HTTP server has
already refused (a broken body, say) ends quietly, not with a traceback in
the log, and a warning repeated by a flood of such requests is logged once a
minute with its count (:class:`RepeatedWarnings`).
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tictactoe import players
from tictactoe.core import DEFAULT_SECONDS
from tictactoe.core.exact.solver import unsupported_reason
from tictactoe.online.lobby import Lobby
from tictactoe.online.protocol import is_room_code
from tictactoe.online.room import RoomError
from tictactoe.online.settings import Settings
from tictactoe.online.store import MemoryStore, RoomStore
from tictactoe.online.tree import read_ask
from tictactoe.session import check_board, colours
from tictactoe.texts.i18n import ENGLISH, LANGUAGES, Gettext, translator
from tictactoe.ui.web import errors
from tictactoe.ui.web.sockets import Sockets
from tictactoe.ui.web.texts import catalog

log = logging.getLogger(__name__)

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "media-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
"""Headers on every HTTP answer: no inline script, no sniffing, never inside a frame."""

REPEAT_SECONDS = 60.0
"""A warning repeated within this long is counted instead of logged again."""


class GuardedHttp:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer, and an answer the HTTP
    server will not take (it has refused the request and closed it already) dropped quietly
    instead of failing the request with a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = False

        async def send_guarded(message: Message) -> None:
            nonlocal refused
            if refused:
                return
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            try:
                await send(message)
            except Exception as problem:  # the request is over: its answer has nowhere to go
                refused = True
                log.debug("an answer to a refused request was dropped: %s", problem)

        await self.app(scope, receive, send_guarded)


class RepeatedWarnings(logging.Filter):
    """Lets a message through once per :data:`REPEAT_SECONDS`; the next one says how many
    like it were held back (a flood of bad requests is a few lines, not thousands)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._last: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = str(record.msg)
        now = self._clock()
        last = self._last.get(key)
        if last is not None and now - last[0] < REPEAT_SECONDS:
            self._last[key] = (last[0], last[1] + 1)
            return False
        held = last[1] if last is not None else 0
        self._last[key] = (now, 0)
        if held:
            record.msg = f"{record.msg} ({held} more like it in the last minute)"
        return True


def _static(name: str) -> Path:
    return Path(str(resources.files("tictactoe.ui.web") / "static" / name))


async def page(request: Request) -> Response:
    """The page (the same for ``/`` and an invite link ``/play/<room>``)."""
    return FileResponse(_static("index.html"), headers={"cache-control": "no-cache"})


async def invite(request: Request) -> Response:
    """The page for an invite link ``/play/<room>``: the same page, but 404 when the path is
    no room's code (a link mangled on its way), where the page says the link is not valid."""
    response = await page(request)
    room = request.path_params["room"]
    # The route's pattern lets a path's final newline past the parameter ("/play/<code>%0A").
    if not is_room_code(room) or not request.scope["path"].endswith(f"/play/{room}"):
        response.status_code = 404
    return response


@lru_cache(maxsize=1)
def _colours_css() -> str:
    return (
        f":root {{ {colours.css(colours.LIGHT)} }}\n"
        f"@media (prefers-color-scheme: dark) {{ :root {{ {colours.css(colours.DARK)} }} }}\n"
    )


async def colours_css(request: Request) -> Response:
    """The board's colours, the same as the windows' (:mod:`tictactoe.session.colours`), as CSS."""
    return Response(_colours_css(), media_type="text/css", headers={"cache-control": "no-cache"})


@lru_cache(maxsize=len(LANGUAGES))
def _catalog_json(language: str) -> bytes:
    return bytes(JSONResponse(catalog(language)).body)


async def translations(request: Request) -> Response:
    """The page's texts and the level names in one language."""
    language = request.path_params["language"]
    if language not in LANGUAGES:
        raise HTTPException(404)
    return Response(_catalog_json(language), media_type="application/json")


@lru_cache(maxsize=len(LANGUAGES))
def _translate(language: str) -> Gettext:
    return translator(language).gettext


def is_loopback(request: Request) -> bool:
    """True for a request from this machine (behind a proxy: as the proxy says)."""
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def create_app(
    settings: Settings | None = None,
    store: RoomStore | None = None,
    *,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The web game as an ASGI app; ``app.state.lobby`` is its :class:`Lobby`."""
    settings = settings or Settings()
    lobby = Lobby(settings, store or MemoryStore(clock), clock=clock)
    sockets = Sockets(lobby, settings)

    async def levels(request: Request) -> Response:
        """Which computer players can play a board (and which of them think for a set time),
        the first opponent on it, whether its hints are exact, and the range of the thinking
        time this server allows.

        A board that cannot be is refused (400) with a ``message`` saying which limit it
        breaks, in the language ``lang`` asks for (else English).
        """
        query = request.query_params
        language = query.get("lang", ENGLISH)
        checked = check_board(
            query.get("rows", ""),
            query.get("cols", ""),
            query.get("k", ""),
            _translate(language if language in LANGUAGES else ENGLISH),
        )
        if isinstance(checked, str):
            return JSONResponse({"error": "impossible board", "message": checked}, status_code=400)
        rules = checked
        playable = players.levels_for(rules)
        low, high = settings.think_range
        return JSONResponse(
            {
                "levels": [
                    {"name": s.name, "available": s in playable, "thinks": s.thinks}
                    for s in players.STRATEGIES
                ],
                "default": players.fit_level(players.DEFAULT_LEVEL, rules),
                "hints": True,
                "exact": unsupported_reason(rules) is None,
                "think": {"low": low, "high": high, "default": min(DEFAULT_SECONDS, high)},
            }
        )

    async def tree(request: Request) -> Response:
        """One node of a position's search tree: its children with their values in words,
        what the search did at each, every search's counts (:func:`.tree_answer`); at
        ``/api/tree/steps``, a page of the search's steps from ``start``.

        A request that names no position, line or search is refused (400) with a
        ``message`` in the language ``lang`` asks for, as are the steps of a search too big
        to watch; too many at once from one address, 429.
        """
        query = dict(request.query_params)
        if request.url.path.endswith("/steps"):
            query.setdefault("start", "0")
        else:
            query.pop("start", None)
        language = query.get("lang", ENGLISH)
        gettext = _translate(language if language in LANGUAGES else ENGLISH)
        ask = read_ask(query, gettext)
        if isinstance(ask, str):
            return JSONResponse({"error": "bad request", "message": ask}, status_code=400)
        host = request.client.host if request.client else None
        try:
            found = await lobby.tree(ask, host or "")
        except RoomError as refused:
            status = 429 if refused.code == "busy" else 500
            message = gettext(refused.message)
            return JSONResponse({"error": refused.code, "message": message}, status_code=status)
        if isinstance(found, str):
            return JSONResponse({"error": "too many", "message": found}, status_code=400)
        return JSONResponse(found, headers={"cache-control": "no-store"})

    async def health(request: Request) -> Response:
        """``{"status": "ok"}`` (200) when the server can play, ``"unavailable"`` (503) when
        its store does not answer; within a second either way. The counts (rooms,
        connections, jobs thinking, unexpected errors) only to this machine."""
        found = await lobby.health()
        answer: dict[str, object] = {"status": "ok" if found.ok else "unavailable"}
        if is_loopback(request):
            answer |= {
                "rooms": found.rooms,
                "connections": found.connections,
                "thinking": found.thinking,
                "errors": found.errors,
            }
        return JSONResponse(answer, status_code=200 if found.ok else 503)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await lobby.start()
        try:
            yield
        finally:
            await lobby.stop()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play/{room:path}", invite),
            Route("/i18n/{language}.json", translations),
            Route("/colours.css", colours_css),
            Route("/api/levels", levels),
            Route("/api/tree", tree),
            Route("/api/tree/steps", tree),
            Route("/api/health", health),
            WebSocketRoute("/ws", sockets.endpoint),
            Mount("/static", StaticFiles(packages=[("tictactoe.ui.web", "static")])),
            Mount("/sounds", StaticFiles(packages=[("tictactoe.session", "sounds")])),
        ],
        middleware=[Middleware(GuardedHttp)],
        exception_handlers=errors.HANDLERS,
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.state.sockets = sockets
    return app
