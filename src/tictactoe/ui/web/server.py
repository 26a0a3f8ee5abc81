"""The web server: a Starlette app that serves the page and carries moves over WebSockets.

One WebSocket per page, at ``/ws``. The page creates a room (``solo`` against
the computer, ``friend`` for an invite link) or joins one (``join``, with its
seat token if it has one); after that every message acts on that room. Each
message is schema-checked (:mod:`.protocol`), the room applies it
(:mod:`.room`, where the engine validates moves), the store saves it
(:mod:`.store`) and the new state goes to every page of the room, in every
server process. Errors go to the page that caused them, and only to it.

The computer's moves and the hints are jobs of the :class:`~.engine.Thinker`,
never awaited while a page's messages are read: a page can move while its
hint is worked out. A job whose position is gone (a move, undo, a new game,
the page left) is cancelled at once; a searching player's progress goes to
the pages of this process as ``progress`` messages.

Limits, all in :class:`Settings`: message size (4 KiB; more closes the
connection with 1009), a token bucket per connection (too many refused
messages close it with 1008), open connections (1013 "try again later"),
rooms, spectators per room, idle rooms expire. A WebSocket from a page of
another site is refused (Origin check), and every HTTP answer carries a
Content-Security-Policy without inline script, ``nosniff`` and
``frame-ancestors 'none'``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from tictactoe import players
from tictactoe.core import DEFAULT_SECONDS, THINK_RANGE, Progress, Rules, unsupported_reason
from tictactoe.game import Starter
from tictactoe.i18n import ENGLISH, LANGUAGES, N_, Gettext, translator
from tictactoe.online import (
    DEFAULT_THINK_MS,
    MAX_MESSAGE_BYTES,
    FinishedGame,
    GameLog,
    MemoryStore,
    ProtocolError,
    Room,
    RoomError,
    RoomStore,
    Thinker,
    encode,
    new_room_id,
    parse,
)
from tictactoe.online import (
    Message as ClientMessage,
)
from tictactoe.session import check_board
from tictactoe.ui.web.texts import catalog

log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
"""WebSocket close code: the page broke the rules (flooding, too many bad messages)."""
CLOSE_TOO_BIG = 1009
"""WebSocket close code: a message over the size limit."""
CLOSE_TRY_LATER = 1013
"""WebSocket close code: the server has all the connections it takes."""

LINE_SENT = 12
"""Moves of a search's expected line sent with its progress."""

Position = tuple[int, tuple[int, ...]]
"""A room's game number and moves: what a job is about (see :attr:`Room.position`)."""

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


@dataclass(frozen=True)
class Settings:
    """The server's limits and services; the defaults suit one process on a small machine."""

    max_connections: int = 5000
    """Open WebSockets this process takes; more are closed with 1013."""
    max_rooms: int = 10_000
    """Rooms open at once (in the whole store)."""
    max_spectators: int = 50
    """Spectators per room."""
    idle_seconds: float = 3600.0
    """A room nobody has touched for this long is forgotten."""
    claim_after: float = 60.0
    """Seconds a player must be gone before the other may claim the game."""
    rate: float = 10.0
    """Messages per second a connection may send, on average..."""
    burst: int = 20
    """...and in a burst."""
    max_strikes: int = 50
    """Refused messages (malformed or over the rate) before a connection is closed."""
    creates_per_minute: int = 20
    """Rooms one connection may create per minute."""
    outbox: int = 64
    """Messages queued for a page that does not read them before it is disconnected."""
    think_processes: int = 1
    """Worker processes for the computer's moves and hints (0: a thread)."""
    heartbeat_seconds: float = 10.0
    """How often this process tells the store its connections are alive."""
    sweep_seconds: float = 30.0
    """How often idle rooms are looked for."""
    allowed_origins: frozenset[str] = frozenset()
    """Origins besides the server's own whose pages may connect (``https://example.org``)."""
    record: bool = True
    """Write finished games to SQLite in the data folder."""
    data_dir: Path | None = None
    """Where finished games go (default: :func:`tictactoe.paths.data_home`)."""


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
class Job:
    """A computation under way for a room: its number and the position it is about."""

    number: int
    room: str
    position: Position
    stopped: bool = False
    """A hint the page asked to stop: its answer is what was found so far."""


@dataclass(eq=False)
class Connection:
    """One page's WebSocket, the room it is in and its seat (None: a spectator)."""

    id: str
    websocket: WebSocket
    bucket: TokenBucket
    outbox: asyncio.Queue[str | _Close]
    room: str | None = None
    player: str | None = None
    strikes: int = 0
    closing: bool = False
    hint: Job | None = None
    """The hint being worked out for this page."""
    created: list[float] = field(default_factory=list)

    def send(self, text: str) -> None:
        """Queue ``text`` for the page; a page that stopped reading is disconnected."""
        if self.closing:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_POLICY, "not reading")

    def close(self, code: int, reason: str) -> None:
        """Close after what is already queued (everything queued, when the page is too slow)."""
        if self.closing:
            return
        self.closing = True
        if self.outbox.full():
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(_Close(code, reason))


def error(code: str, message: str, **extra: object) -> str:
    """An error message for one page."""
    return encode("error", code=code, message=message, **extra)


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


class Server:
    """The live part of the app: connections, rooms in play, the computer's thinking."""

    def __init__(
        self,
        settings: Settings,
        store: RoomStore,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.thinker = Thinker(settings.think_processes)
        self.records = GameLog(settings.data_dir) if settings.record else None
        self.connections: dict[str, Connection] = {}
        self.local: dict[str, dict[str, Connection]] = {}
        """Room id -> this process's connections in that room."""
        self.errors = 0
        """Unexpected exceptions while handling messages (should stay 0)."""
        self._ids = itertools.count(1)
        self._thinking: dict[str, Job] = {}
        """Room id -> the computer's move being worked out."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._handlers: dict[str, Callable[[Connection, ClientMessage], Awaitable[None]]] = {
            "join": self.on_join,
            "solo": self.on_solo,
            "friend": self.on_friend,
            "move": self.on_move,
            "undo": self.on_undo,
            "redo": self.on_redo,
            "hint": self.on_hint,
            "new": self.on_new,
            "rematch": self.on_new,
            "resign": self.on_resign,
            "claim": self.on_claim,
            "level": self.on_level,
            "first": self.on_first,
            "think": self.on_think,
            "stop": self.on_stop,
            "ping": self.on_ping,
        }

    # --- life ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect the store and start the background work."""
        await self.store.start(self.deliver)
        if self.records is not None:
            await self.records.start()
        self._spawn(self._every(self.settings.heartbeat_seconds, self._heartbeat))
        self._spawn(self._every(self.settings.sweep_seconds, self._sweep))

    async def stop(self) -> None:
        """Stop the background work, write the records, disconnect the store."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self.records is not None:
            await self.records.close()
        self.thinker.close()
        await self.store.close()

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _every(self, seconds: float, job: Callable[[], Awaitable[Any]]) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job()
            except Exception:  # a store hiccup must not end the loop
                log.exception("background job failed")

    async def _heartbeat(self) -> None:
        await self.store.heartbeat(
            {
                room: {conn.id: conn.player for conn in inside.values()}
                for room, inside in self.local.items()
            }
        )

    async def _sweep(self) -> None:
        await self.store.sweep(self.settings.idle_seconds)

    # --- connections --------------------------------------------------------------------

    async def endpoint(self, websocket: WebSocket) -> None:
        """One page's WebSocket, from the handshake to the close."""
        if not origin_allowed(websocket, self.settings.allowed_origins):
            await websocket.close(code=CLOSE_POLICY)  # before accepting: HTTP 403
            return
        await websocket.accept()
        if len(self.connections) >= self.settings.max_connections:
            await websocket.close(code=CLOSE_TRY_LATER, reason="server full")
            return
        conn = Connection(
            f"c{next(self._ids)}",
            websocket,
            TokenBucket(self.settings.rate, self.settings.burst),
            asyncio.Queue(self.settings.outbox),
        )
        self.connections[conn.id] = conn
        writer = asyncio.create_task(self._write(conn))
        try:
            await self._read(conn)
        except WebSocketDisconnect:
            pass
        finally:
            self.connections.pop(conn.id, None)
            try:
                await self._leave_room(conn)
            except Exception:
                log.exception("leaving a room failed")
            conn.close(1000, "")
            try:
                await asyncio.wait_for(writer, 2)
            except Exception:
                writer.cancel()

    async def _read(self, conn: Connection) -> None:
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
                conn.send(error("rate", N_("Too many messages: slow down.")))
                continue
            await self.handle(conn, raw)

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

    # --- messages -----------------------------------------------------------------------

    async def handle(self, conn: Connection, raw: str | bytes) -> None:
        """Check one message and act on it; every failure is an answer to this page only."""
        try:
            message = parse(raw)
        except ProtocolError as problem:
            self._strike(conn)
            conn.send(
                error(
                    problem.code,
                    N_("The server did not understand that message."),
                    detail=problem.message,
                )
            )
            return
        try:
            await self._handlers[message.kind](conn, message)
        except RoomError as refused:
            conn.send(error(refused.code, refused.message))
        except Exception:
            self.errors += 1
            log.exception("handling a %s message failed", message.kind)
            conn.send(error("server", N_("Something went wrong on the server.")))

    def _seat(self, conn: Connection) -> tuple[str, str | None]:
        if conn.room is None:
            raise RoomError("no_room", N_("Join a game first."))
        return conn.room, conn.player

    async def on_ping(self, conn: Connection, message: ClientMessage) -> None:
        """Answer a ping (pages use it to see the connection is alive)."""
        conn.send(encode("pong"))

    async def on_solo(self, conn: Connection, message: ClientMessage) -> None:
        """A new room against the computer; the page takes seat ``a``."""
        rules = Room.rules_of(message.number("rows"), message.number("cols"), message.number("k"))
        self._count_creation(conn)
        room, token = Room.solo(
            new_room_id(),
            rules,
            message.text("level") or "",
            Starter(message.text("first") or Starter.YOU),
            seed=secrets.randbits(32),
            now=self.clock(),
            think_ms=message.data.get("think_ms", DEFAULT_THINK_MS),
        )
        await self.store.create(room, self.settings.max_rooms)
        await self._enter(conn, room, "a", token)

    async def on_friend(self, conn: Connection, message: ClientMessage) -> None:
        """A new room for two people; the page takes seat ``a`` and gets the invite link."""
        rules = Room.rules_of(message.number("rows"), message.number("cols"), message.number("k"))
        self._count_creation(conn)
        room, token = Room.friend(new_room_id(), rules, seed=secrets.randbits(32), now=self.clock())
        await self.store.create(room, self.settings.max_rooms)
        await self._enter(conn, room, "a", token)

    def _count_creation(self, conn: Connection) -> None:
        now = time.monotonic()
        conn.created = [moment for moment in conn.created if moment > now - 60]
        if len(conn.created) >= self.settings.creates_per_minute:
            raise RoomError("rate", N_("Too many messages: slow down."))
        conn.created.append(now)

    async def on_join(self, conn: Connection, message: ClientMessage) -> None:
        """Open a room: back in one's seat (token), the free seat, or as a spectator."""
        room_id = message.text("room") or ""
        token = message.text("token")
        room = await self.store.get(room_id)
        if room is None:
            raise RoomError("gone", N_("This game no longer exists."))
        if token:
            player = room.player_of(token)
            if player is None:  # stale, or somebody else's
                raise RoomError("bad_token", N_("That seat belongs to someone else."))
            await self._enter(conn, room, player, None)
            return
        if room.seat_free:
            try:
                room, (player, token) = await self.store.update(room_id, Room.take_seat)
            except RoomError as refused:
                if refused.code != "full":
                    raise
            else:
                await self._enter(conn, room, player, token)
                return
        _, spectators = await self.store.presence(room_id)
        if spectators >= self.settings.max_spectators:
            raise RoomError("crowded", N_("This game has too many spectators."))
        await self._enter(conn, room, None, None)

    async def _enter(
        self, conn: Connection, room: Room, player: str | None, token: str | None
    ) -> None:
        await self._leave_room(conn)
        conn.room, conn.player = room.id, player
        inside = self.local.setdefault(room.id, {})
        if not inside:
            await self.store.watch(room.id)
        await self.store.join(room.id, conn.id, player)
        conn.send(encode("welcome", room=room.id, player=player, token=token, kind=room.state.kind))
        # The others hear of the newcomer first; the newcomer gets the state directly.
        state = await self.publish_state(room)
        inside[conn.id] = conn
        conn.send(state)
        if room.computer_to_move:
            self._schedule_think(room)

    async def _leave_room(self, conn: Connection) -> None:
        self._stop_hint(conn)
        room_id, player = conn.room, conn.player
        if room_id is None:
            return
        conn.room = conn.player = None
        inside = self.local.get(room_id, {})
        inside.pop(conn.id, None)
        if not inside:
            self.local.pop(room_id, None)
            await self.store.unwatch(room_id)
        await self.store.leave(room_id, conn.id, player)
        room = await self.store.get(room_id)
        if room is not None:
            await self.publish_state(room)

    async def on_move(self, conn: Connection, message: ClientMessage) -> None:
        """The page's player moves."""
        room_id, player = self._seat(conn)
        cell, ply = message.number("cell"), message.data.get("ply")

        def move(room: Room) -> FinishedGame | None:
            room.play(player, cell, ply)
            return room.finish()

        await self._changed(*await self.store.update(room_id, move))

    async def on_undo(self, conn: Connection, message: ClientMessage) -> None:
        """Take back the page's last move and the computer's answer."""
        room_id, player = self._seat(conn)
        await self._changed(*await self.store.update(room_id, lambda room: room.undo(player)))

    async def on_redo(self, conn: Connection, message: ClientMessage) -> None:
        """Replay what undo took back."""
        room_id, player = self._seat(conn)

        def redo(room: Room) -> FinishedGame | None:
            room.redo(player)
            return room.finish()

        await self._changed(*await self.store.update(room_id, redo))

    async def on_new(self, conn: Connection, message: ClientMessage) -> None:
        """The next game (against the computer) or a rematch offer (between two people)."""
        room_id, player = self._seat(conn)
        await self._changed(*await self.store.update(room_id, lambda room: room.new_game(player)))

    async def on_resign(self, conn: Connection, message: ClientMessage) -> None:
        """The page's player gives up this game."""
        room_id, player = self._seat(conn)

        def resign(room: Room) -> FinishedGame | None:
            room.resign(player)
            return room.finish()

        await self._changed(*await self.store.update(room_id, resign))

    async def on_claim(self, conn: Connection, message: ClientMessage) -> None:
        """Win a game the other player left long enough ago."""
        room_id, player = self._seat(conn)
        presence, _ = await self.store.presence(room_id)
        opponent = presence["b" if player == "a" else "a"]

        def claim(room: Room) -> FinishedGame | None:
            room.claim(player, opponent, self.settings.claim_after)
            return room.finish()

        await self._changed(*await self.store.update(room_id, claim))

    async def on_level(self, conn: Connection, message: ClientMessage) -> None:
        """Another computer player, from its next move."""
        room_id, player = self._seat(conn)
        level = message.text("level") or ""
        await self._changed(
            *await self.store.update(room_id, lambda room: room.set_level(player, level))
        )

    async def on_first(self, conn: Connection, message: ClientMessage) -> None:
        """Who starts, from the next game."""
        room_id, player = self._seat(conn)
        first = Starter(message.text("first") or Starter.YOU)
        await self._changed(
            *await self.store.update(room_id, lambda room: room.set_first(player, first))
        )

    async def on_think(self, conn: Connection, message: ClientMessage) -> None:
        """The computer's thinking time, from its next move (and the next hint)."""
        room_id, player = self._seat(conn)
        think_ms = message.number("think_ms")
        await self._changed(
            *await self.store.update(room_id, lambda room: room.set_think(player, think_ms))
        )

    async def on_hint(self, conn: Connection, message: ClientMessage) -> None:
        """The page's player's best moves (games against the computer), worked out as a job.

        Exact values of every free cell on boards the solver finishes; the
        engine's best moves with their verdicts elsewhere, searched for the
        room's thinking time, with ``progress`` on the way.
        """
        room_id, player = self._seat(conn)
        room = await self.store.get(room_id)
        if room is None:
            raise RoomError("gone", N_("This game no longer exists."))
        if player is None or not room.is_solo:
            raise RoomError("solo_only", N_("Hints are only for games against the computer."))
        if not room.game.waiting_for_human:
            raise RoomError("not_now", N_("Hints are for your own move."))
        if conn.hint is not None:
            if conn.hint.room == room_id and conn.hint.position == room.position:
                raise RoomError("busy", N_("Still working on the last hint."))
            self._stop_hint(conn)
        job = Job(self.thinker.new_job(), room_id, room.position)
        conn.hint = job
        self._spawn(self._hint(conn, job, room.rules, room.think_seconds))

    async def on_stop(self, conn: Connection, message: ClientMessage) -> None:
        """Stop this page's hint search: it answers at once with what it has found."""
        if conn.hint is not None:
            conn.hint.stopped = True
            self.thinker.cancel(conn.hint.number)

    def _stop_hint(self, conn: Connection) -> None:
        """Forget (and cancel) the hint being worked out for ``conn``."""
        if conn.hint is not None:
            self.thinker.cancel(conn.hint.number)
            conn.hint = None

    async def _hint(self, conn: Connection, job: Job, rules: Rules, think: float) -> None:
        game, moves = job.position
        answer: dict[str, Any]
        try:
            if unsupported_reason(rules) is None:
                answer = await self._exact_hint(rules, moves)
            else:
                answer = await self._engine_hint(conn, job, rules, think)
        except Exception:
            self.errors += 1
            log.exception("a hint failed")
            conn.send(error("server", N_("Something went wrong on the server.")))
            return
        finally:
            current = conn.hint is job
            if current:
                conn.hint = None
        if current:  # else the position moved on, or the page left: the answer is stale
            conn.send(encode("hint", game=game, ply=len(moves), **answer))

    async def _exact_hint(self, rules: Rules, moves: tuple[int, ...]) -> dict[str, Any]:
        """Every free cell's exact value (boards the solver finishes)."""
        cells = await self.thinker.hints(rules, moves)
        if cells is None:
            return {
                "cells": None,
                "unavailable": N_("Hints need a smaller board: this one is too big to solve."),
            }
        return {"cells": [{"cell": c.cell, "value": c.value, "moves": c.moves} for c in cells]}

    async def _engine_hint(
        self, conn: Connection, job: Job, rules: Rules, think: float
    ) -> dict[str, Any]:
        """The engine's best moves (big boards), with what the search found so far if stopped."""
        found = await self.thinker.suggestions(
            rules,
            job.position[1],
            think=think,
            job=job.number,
            progress=partial(self._progress, [conn], "hint", job),
        )
        suggestions = [
            {
                "cell": s.cell,
                "verdict": s.verdict,
                "moves": s.moves,
                "line": list(s.line[:LINE_SENT]),
            }
            for s in found
        ]
        return {"suggestions": suggestions, "stopped": job.stopped}

    def _progress(self, pages: list[Connection], of: str, job: Job, progress: Progress) -> None:
        """A search's progress, to ``pages``."""
        game, moves = job.position
        text = encode(
            "progress",
            of=of,
            game=game,
            ply=len(moves),
            depth=progress.depth,
            line=list(progress.pv[:LINE_SENT]),
            seconds=round(progress.seconds, 2),
        )
        for conn in pages:
            conn.send(text)

    # --- after a change ---------------------------------------------------------------

    async def _changed(self, room: Room, finished: FinishedGame | None) -> None:
        if finished is not None and self.records is not None:
            self.records.add(finished)
        self._cancel_stale(room)
        await self.publish_state(room)
        if room.computer_to_move:
            self._schedule_think(room)

    def _cancel_stale(self, room: Room) -> None:
        """Cancel the jobs of ``room`` whose position is gone (a move, undo, a new game)."""
        position = room.position
        thinking = self._thinking.get(room.id)
        if thinking is not None and thinking.position != position:
            self.thinker.cancel(thinking.number)
            del self._thinking[room.id]
        for conn in self.local.get(room.id, {}).values():
            if conn.hint is not None and conn.hint.position != position:
                self._stop_hint(conn)

    async def publish_state(self, room: Room) -> str:
        """Send the room's state to all its pages (every process); returns the message."""
        presence, spectators = await self.store.presence(room.id)
        text = encode("state", **room.view(presence, spectators, self.settings.claim_after))
        await self.store.publish(room.id, text)
        return text

    async def deliver(self, room_id: str, text: str) -> None:
        """A room's message, from the store, to this process's pages of that room."""
        for conn in list(self.local.get(room_id, {}).values()):
            conn.send(text)

    def _schedule_think(self, room: Room) -> None:
        thinking = self._thinking.get(room.id)
        if thinking is not None:
            if thinking.position == room.position:
                return
            self.thinker.cancel(thinking.number)
        job = Job(self.thinker.new_job(), room.id, room.position)
        self._thinking[room.id] = job
        state = room.state
        self._spawn(self._think(job, room.rules, state.level, state.seed, room.think_seconds))

    async def _think(self, job: Job, rules: Rules, level: str, seed: int, think: float) -> None:
        room_id, (_, moves) = job.room, job.position
        ply = len(moves)
        try:
            cell = await self.thinker.choose(
                rules,
                moves,
                level,
                seed,
                think=think,
                job=job.number,
                progress=partial(self._progress_room, job),
            )

            def apply(room: Room) -> FinishedGame | None:
                if not room.apply_computer(ply, cell, job.position):
                    raise RoomError("stale", N_("The board changed: try again."))
                return room.finish()

            try:
                changed = await self.store.update(room_id, apply)
            except RoomError:  # the game moved on (undo, new game) or expired meanwhile
                return
            if self._thinking.get(room_id) is job:
                del self._thinking[room_id]
            await self._changed(*changed)
        except Exception:
            self.errors += 1
            log.exception("the computer's move failed")
        finally:
            if self._thinking.get(room_id) is job:
                del self._thinking[room_id]

    def _progress_room(self, job: Job, progress: Progress) -> None:
        """The computer's progress, to every page of its room in this process."""
        self._progress(list(self.local.get(job.room, {}).values()), "move", job, progress)


# --- HTTP ---------------------------------------------------------------------------------


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _static(name: str) -> Path:
    return Path(str(resources.files("tictactoe.ui.web") / "static" / name))


async def page(request: Request) -> Response:
    """The page (the same for ``/`` and an invite link ``/play/<room>``)."""
    return FileResponse(_static("index.html"), headers={"cache-control": "no-cache"})


@lru_cache(maxsize=len(LANGUAGES))
def _catalog_json(language: str) -> bytes:
    return bytes(JSONResponse(catalog(language)).body)


async def translations(request: Request) -> Response:
    """The page's texts and the level names in one language."""
    language = request.path_params["language"]
    if language not in LANGUAGES:
        return JSONResponse({"error": "unknown language"}, status_code=404)
    return Response(_catalog_json(language), media_type="application/json")


async def levels(request: Request) -> Response:
    """Which computer players can play a board (and which of them think for a set time), the
    first opponent on it, whether its hints are exact, and the range of the thinking time.

    A board that cannot be is refused (400) with a ``message`` saying which limit it breaks,
    in the language ``lang`` asks for (else English).
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
    low, high = THINK_RANGE
    return JSONResponse(
        {
            "levels": [
                {"name": s.name, "available": s in playable, "thinks": s.thinks}
                for s in players.STRATEGIES
            ],
            "default": players.fit_level(players.DEFAULT_LEVEL, rules),
            "hints": True,
            "exact": unsupported_reason(rules) is None,
            "think": {"low": low, "high": high, "default": DEFAULT_SECONDS},
        }
    )


@lru_cache(maxsize=len(LANGUAGES))
def _translate(language: str) -> Gettext:
    return translator(language).gettext


def create_app(
    settings: Settings | None = None,
    store: RoomStore | None = None,
    *,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The web game as an ASGI app; ``app.state.server`` is its :class:`Server`."""
    settings = settings or Settings()
    server = Server(settings, store or MemoryStore(clock), clock=clock)

    async def health(request: Request) -> Response:
        return JSONResponse(
            {
                "rooms": await server.store.count(),
                "connections": len(server.connections),
                "errors": server.errors,
            }
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play/{room}", page),
            Route("/i18n/{language}.json", translations),
            Route("/api/levels", levels),
            Route("/api/health", health),
            WebSocketRoute("/ws", server.endpoint),
            Mount("/static", StaticFiles(packages=[("tictactoe.ui.web", "static")])),
            Mount("/sounds", StaticFiles(packages=[("tictactoe", "sounds")])),
        ],
        middleware=[Middleware(SecurityHeaders)],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
