"""The WebSocket loop: one page's connection from the handshake to the close, with its limits.

One WebSocket per page, at ``/ws``. Each frame is checked here - its size
(4 KiB; more closes the connection with 1009), a token bucket per connection
(too many refused messages close it with 1008) - parsed into one typed
message (:func:`tictactoe.online.parse`) and handed to the
:class:`~tictactoe.online.lobby.Lobby`, which answers through the connection's
outbox. Connections are limited in all and per address (1013 "try again
later"), so one client cannot take them all; a WebSocket from a page of
another site is refused (Origin check).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from tictactoe.online.lobby import Lobby, Visitor, address_key
from tictactoe.online.protocol import MAX_MESSAGE_BYTES, ProtocolError, encode, parse
from tictactoe.online.settings import Settings
from tictactoe.texts.i18n import N_

log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
"""WebSocket close code: the page broke the rules (flooding, too many bad messages)."""
CLOSE_TOO_BIG = 1009
"""WebSocket close code: a message over the size limit."""
CLOSE_TRY_LATER = 1013
"""WebSocket close code: the server has all the connections it takes (from that address)."""


class TokenBucket:
    """``rate`` events per second on average, ``burst`` at once."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take a token if there is one."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


@dataclass(eq=False)
class Connection:
    """One page's WebSocket and what it may still send (the lobby's :class:`Outbox`)."""

    websocket: WebSocket
    bucket: TokenBucket
    outbox: asyncio.Queue[str | _Close]
    strikes: int = 0
    closing: bool = False

    def send(self, text: str) -> bool:
        """Queue ``text`` for the page; a page that stopped reading is disconnected."""
        if self.closing:
            return False
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_POLICY, "not reading")
            return False
        return True

    def close(self, code: int, reason: str) -> None:
        """Close after what is already queued (everything queued, when the page is too slow)."""
        if self.closing:
            return
        self.closing = True
        if self.outbox.full():
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(_Close(code, reason))


def origin_allowed(websocket: WebSocket, allowed: frozenset[str]) -> bool:
    """True for a connection from the server's own page (or an allowed one, or not a browser)."""
    origin = websocket.headers.get("origin")
    if origin is None:  # not a browser: nothing a page of another site could abuse
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    host = websocket.headers.get("host", "")
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def refusal(code: str, message: str, **extra: object) -> str:
    """An error message for one page."""
    return encode("error", code=code, message=message, **extra)


@dataclass(eq=False)
class Sockets:
    """Every WebSocket of this process, each read by :meth:`endpoint` into the lobby."""

    lobby: Lobby
    settings: Settings
    open: dict[str, int] = field(default_factory=dict)
    """Open connections by address (:func:`~tictactoe.online.address_key`)."""

    @property
    def count(self) -> int:
        """Open connections."""
        return sum(self.open.values())

    async def endpoint(self, websocket: WebSocket) -> None:
        """One page's WebSocket, from the handshake to the close."""
        settings = self.settings
        if not origin_allowed(websocket, settings.allowed_origins):
            await websocket.close(code=CLOSE_POLICY)  # before accepting: HTTP 403
            return
        await websocket.accept()
        address = address_key(websocket.client.host if websocket.client else None)
        if self.count >= settings.max_connections:
            await websocket.close(code=CLOSE_TRY_LATER, reason="server full")
            return
        if self.open.get(address, 0) >= settings.connections_per_address:
            await websocket.close(code=CLOSE_TRY_LATER, reason="too many connections")
            return
        self.open[address] = self.open.get(address, 0) + 1
        conn = Connection(
            websocket, TokenBucket(settings.rate, settings.burst), asyncio.Queue(settings.outbox)
        )
        visitor = self.lobby.arrive(conn, address)
        writer = asyncio.create_task(self._write(conn))
        try:
            await self._read(conn, visitor)
        except WebSocketDisconnect:
            pass
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]
            await self.lobby.depart(visitor)
            conn.close(1000, "")
            try:
                await asyncio.wait_for(writer, 2)
            except Exception:
                writer.cancel()

    async def _read(self, conn: Connection, visitor: Visitor) -> None:
        while not conn.closing:
            message: Message = await conn.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw: str | bytes = message.get("text") or message.get("bytes") or ""
            if len(raw) > MAX_MESSAGE_BYTES or (
                isinstance(raw, str) and len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES
            ):
                conn.close(CLOSE_TOO_BIG, "message too big")
                return
            if not conn.bucket.allow():
                self._strike(conn)
                conn.send(refusal("rate", N_("Too many messages: slow down.")))
                continue
            try:
                parsed = parse(raw)
            except ProtocolError as problem:
                self._strike(conn)
                conn.send(
                    refusal(
                        problem.code,
                        N_("The server did not understand that message."),
                        detail=problem.message,
                    )
                )
                continue
            await self.lobby.handle(visitor, parsed)

    async def _write(self, conn: Connection) -> None:
        while True:
            item = await conn.outbox.get()
            try:
                if isinstance(item, _Close):
                    await conn.websocket.close(code=item.code, reason=item.reason)
                    return
                await conn.websocket.send_text(item)
            except Exception:  # the page has gone; the reader notices too
                return

    def _strike(self, conn: Connection) -> None:
        conn.strikes += 1
        if conn.strikes > self.settings.max_strikes:
            conn.close(CLOSE_POLICY, "too many refused messages")
