"""The lobby: every client's messages acted on, one handler per message type.

A client (a page, over whatever carries it) is a :class:`Visitor` with an
:class:`Outbox` to send to and the address it comes from. It creates a room
(:class:`~.protocol.Solo` against the computer, :class:`~.protocol.Friend`
for an invite link) or joins one (:class:`~.protocol.Join`, with its seat
token if it has one); after that every message acts on that room. The room
applies it (:mod:`.room`, where the game validates moves), the store saves it
(:mod:`.store`) and the new state goes to every page of the room, in every
server process. Errors go to the page that caused them, and only to it.

Nothing is lost under bursts: a seat taken for a page whose token cannot
reach it is given up again, and a store that cannot answer is "busy, try
again" with nothing changed; what the store missed when a page left is sent
again until it takes it, so nobody is shown online after they have gone.

The computer's moves and the hints are jobs of the :class:`~.thinking.Thinker`,
never awaited while a page's messages are read. A job whose position is gone
(a move, undo, a new game) is cancelled at once, and so is the computer's move
of a game whose players have all closed its page: an abandoned game thinks no
more. Thinking times are capped by the server's settings.

A game that ends goes to the one writer of finished games
(:class:`~tictactoe.saved.writer.Writer`, the terminal's and the windows' too),
on the writer's own thread: the event loop never waits for the file. A file
that cannot be written is said in the log once, and play goes on; stopping
waits a moment for the games still waiting to be written.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, assert_never

from tictactoe.core import Progress
from tictactoe.core.advice import can_solve
from tictactoe.core.records import Record
from tictactoe.online.protocol import (
    ClientMessage,
    First,
    Friend,
    Join,
    Level,
    Move,
    Request,
    RequestKind,
    Solo,
    Think,
    encode,
)
from tictactoe.online.room import (
    DEFAULT_THINK_MS,
    Presence,
    Room,
    RoomError,
    new_room_id,
)
from tictactoe.online.settings import Settings
from tictactoe.online.store import RoomStore, StoreUnavailable, gone
from tictactoe.online.thinking import Dropped, SuggestedMove, Task, Thinker, ThinkingJob
from tictactoe.online.tree import TreeAsk
from tictactoe.saved.archive import FILE_NAME, Archive, ArchiveError
from tictactoe.saved.writer import SAVE_GRACE_SECONDS, Writer
from tictactoe.texts.i18n import N_

log = logging.getLogger(__name__)

LINE_SENT = 12
"""Moves of a search's expected line sent with its progress."""

TREES_AT_ONCE = 4
"""Search-tree requests (:meth:`Lobby.tree`) one address may have waiting at once."""

HEALTH_SECONDS = 0.8
"""How long the health check waits for the store (it answers within a second)."""


class Outbox(Protocol):
    """Where a visitor's messages go (a WebSocket's queue)."""

    def send(self, text: str) -> bool:
        """Queue ``text`` for the page; False when the page is gone (or going)."""
        ...


@dataclass(eq=False)
class Visitor:
    """One page in the lobby: where its messages go, its address, its room and its seat
    (``player`` None: a spectator)."""

    id: str
    address: str
    """The client's address as the limits count it (:func:`address_key`)."""
    outbox: Outbox
    room: str | None = None
    player: str | None = None
    solo: bool = False
    """The room is a game against the computer."""
    hint: ThinkingJob | None = None
    """The hint being worked out for this page."""
    created: list[float] = field(default_factory=list)
    """When it made its recent rooms (:func:`time.monotonic`)."""
    ask: int | None = None
    """The page's number for the request being handled (its welcome carries it back)."""

    def send(self, text: str) -> bool:
        """Queue ``text`` for the page; False when it is gone."""
        return self.outbox.send(text)


def address_key(host: str | None) -> str:
    """What the limits count a client by: its IPv4 address, or the /64 network of its IPv6
    address (the addresses one machine or one home is given)."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def error(refused: RoomError, ask: int | None = None) -> str:
    """The error message for the page a refusal is for (with the ``ask`` of its request)."""
    extra: dict[str, object] = {"params": refused.params} if refused.params else {}
    if ask is not None:
        extra["ask"] = ask
    return encode("error", code=refused.code, message=refused.message, **extra)


SERVER_FAILURE = RoomError("server", N_("Something went wrong on the server."))
"""What the page is told when handling its message failed unexpectedly."""

SERVER_ERROR = error(SERVER_FAILURE)


@dataclass(frozen=True)
class Amend:
    """What the store missed (a page that left, a seat to give up) and ``room``'s state
    to send again once it is done."""

    room: str
    send: Callable[[], Awaitable[object]]


@dataclass(frozen=True)
class Health:
    """Whether the server can play (its store answers), and its counts."""

    ok: bool
    rooms: int | None
    connections: int
    thinking: int
    errors: int


class Lobby:
    """The live part of the server: visitors, rooms in play, the computer's thinking."""

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
        self.thinker = Thinker(settings.think_processes, processes=settings.think_processes > 0)
        folder = settings.data_dir
        self.writer = (
            Writer(Archive(None if folder is None else folder / FILE_NAME))
            if settings.record
            else None
        )
        """Saves the finished games (None: the server's settings keep none)."""
        self._unsaved_said = False
        self.visitors: dict[str, Visitor] = {}
        self.local: dict[str, dict[str, Visitor]] = {}
        """Room id -> this process's visitors in that room."""
        self.errors = 0
        """Unexpected exceptions while handling messages (should stay 0)."""
        self._ids = itertools.count(1)
        self._thinking: dict[str, ThinkingJob] = {}
        """Room id -> the computer's move being worked out."""
        self._amends: list[Amend] = []
        self._unsent: set[str] = set()
        """Rooms whose state the store could not relay to the other processes: sent again."""
        self._presence: dict[str, tuple[Mapping[str, Presence], int]] = {}
        """The presence last read of each room with a page here."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._trees: dict[str, int] = {}
        """Address -> its search-tree requests being worked out."""

    # --- life ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect the store, start the workers and the background work."""
        await self.store.start(self.deliver, self.resync)
        self.thinker.start()
        self._spawn(self._every(self.settings.heartbeat_seconds, self._heartbeat))
        self._spawn(self._every(self.settings.sweep_seconds, self._sweep))
        self._spawn(self._every(self.settings.retry_seconds, self._amend))

    async def stop(self) -> None:
        """Stop the background work, write the finished games, disconnect the store."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self.writer is not None:
            try:
                if not await asyncio.to_thread(self.writer.wait, SAVE_GRACE_SECONDS):
                    log.warning(
                        "%d finished games were not saved: %s is busy",
                        self.writer.pending,
                        self.writer.path,
                    )
            except ArchiveError as error:
                self._not_saved(error)
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
            except StoreUnavailable:  # said once in the log by the store; tried again later
                pass
            except Exception:  # anything else must not end the loop either
                log.exception("background job failed")

    async def _heartbeat(self) -> None:
        await self.store.heartbeat(
            {
                room: {visitor.id: visitor.player for visitor in inside.values()}
                for room, inside in self.local.items()
            }
        )

    async def _sweep(self) -> None:
        await self.store.sweep(self.settings.idle_seconds)

    async def _amend(self) -> None:
        """Send the store what it missed, oldest first, then the states it could not relay,
        until it fails again."""
        while self._amends:
            amend = self._amends[0]
            await amend.send()
            self._amends.pop(0)
            self._unsent.add(amend.room)
        for room_id in list(self._unsent):
            room = await self.store.get(room_id)
            self._unsent.discard(room_id)
            if room is not None:
                await self.publish_state(room)  # (which marks it again if it fails again)

    async def health(self) -> Health:
        """The store's answer (within :data:`HEALTH_SECONDS`) and the counts."""
        try:
            await asyncio.wait_for(self.store.check(), HEALTH_SECONDS)
            rooms: int | None = await asyncio.wait_for(self.store.count(), HEALTH_SECONDS)
        except (StoreUnavailable, TimeoutError):
            rooms = None
        return Health(
            rooms is not None, rooms, len(self.visitors), self.thinker.running, self.errors
        )

    # --- visitors -----------------------------------------------------------------------

    def arrive(self, outbox: Outbox, address: str) -> Visitor:
        """A new page from ``address``."""
        visitor = Visitor(f"c{next(self._ids)}", address, outbox)
        self.visitors[visitor.id] = visitor
        return visitor

    async def depart(self, visitor: Visitor) -> None:
        """The page has closed."""
        self.visitors.pop(visitor.id, None)
        try:
            await self._leave_room(visitor)
        except Exception:
            log.exception("leaving a room failed")

    async def handle(self, visitor: Visitor, message: ClientMessage) -> None:
        """Act on one checked message; every failure is an answer to this page only (with the
        message's ``ask``, as its welcome has it)."""
        ask = message.ask if isinstance(message, Join | Solo | Friend) else None
        visitor.ask = ask
        try:
            await self._dispatch(visitor, message)
        except RoomError as refused:
            visitor.send(error(refused, ask))
        except Exception:
            self.errors += 1
            log.exception("handling a %s message failed", message.kind)
            visitor.send(error(SERVER_FAILURE, ask))
        finally:
            visitor.ask = None

    async def _dispatch(self, visitor: Visitor, message: ClientMessage) -> None:
        match message:
            case Join():
                await self.on_join(visitor, message)
            case Solo():
                await self.on_solo(visitor, message)
            case Friend():
                await self.on_friend(visitor, message)
            case Move():
                await self.on_move(visitor, message)
            case Level():
                await self.on_level(visitor, message)
            case First():
                await self.on_first(visitor, message)
            case Think():
                await self.on_think(visitor, message)
            case Request():
                await self._request(visitor, message.kind)
            case _:
                assert_never(message)

    async def _request(self, visitor: Visitor, kind: RequestKind) -> None:
        match kind:
            case "undo":
                await self._as_player(visitor, Room.undo)
            case "redo":
                await self._as_player(visitor, Room.redo)
            case "new" | "rematch":
                await self._as_player(visitor, Room.new_game)
            case "resign":
                await self._as_player(visitor, Room.resign)
            case "claim":
                await self.on_claim(visitor)
            case "hint":
                await self.on_hint(visitor)
            case "stop":
                self.on_stop(visitor)
            case "ping":
                visitor.send(encode("pong"))
            case _:
                assert_never(kind)

    def _seat(self, visitor: Visitor) -> tuple[str, str | None]:
        if visitor.room is None:
            raise RoomError("no_room", N_("Join a game first."))
        return visitor.room, visitor.player

    # --- making and joining rooms ---------------------------------------------------------

    async def on_solo(self, visitor: Visitor, message: Solo) -> None:
        """A new room against the computer; the page takes seat ``a``. A game against the
        computer the page leaves for it is forgotten (the page keeps one such seat)."""
        rules = Room.rules_of(message.rows, message.cols, message.k)
        think_ms = self._think_ms(message.think_ms)
        self._count_creation(visitor)
        room, token = Room.solo(
            new_room_id(), rules, message.level, message.first,
            seed=secrets.randbits(32), now=self.clock(), think_ms=think_ms,
        )  # fmt: skip
        replaced = visitor.room if visitor.solo and visitor.player == "a" else None
        await self._create(visitor, room)
        await self._enter(visitor, room, "a", token)
        if replaced is not None:
            with contextlib.suppress(StoreUnavailable):
                await self.store.forget(replaced)

    async def on_friend(self, visitor: Visitor, message: Friend) -> None:
        """A new room for two people; the page takes seat ``a`` and gets the invite link."""
        rules = Room.rules_of(message.rows, message.cols, message.k)
        self._count_creation(visitor)
        room, token = Room.friend(new_room_id(), rules, seed=secrets.randbits(32), now=self.clock())
        await self._create(visitor, room)
        await self._enter(visitor, room, "a", token)

    async def _create(self, visitor: Visitor, room: Room) -> None:
        settings = self.settings
        await self.store.create(
            room, visitor.address, settings.max_rooms, settings.rooms_per_address
        )

    def _count_creation(self, visitor: Visitor) -> None:
        now = time.monotonic()
        visitor.created = [moment for moment in visitor.created if moment > now - 60]
        if len(visitor.created) >= self.settings.creates_per_minute:
            raise RoomError("rate", N_("Too many messages: slow down."))
        visitor.created.append(now)

    def _think_ms(self, asked: int | None) -> int:
        """The thinking time a page asks for (None: the default), if the server allows it."""
        low, high = self.settings.think_range
        if asked is None:
            return min(DEFAULT_THINK_MS, round(high * 1000))
        if not round(low * 1000) <= asked <= round(high * 1000):
            raise RoomError(
                "think_range",
                N_("The thinking time must be from {low} to {high} seconds."),
                low=low,
                high=high,
            )
        return asked

    async def on_join(self, visitor: Visitor, message: Join) -> None:
        """Open a room: back in one's seat (token), the free seat, or as a spectator."""
        room = await self.store.get(message.room)
        if room is None:
            raise gone()
        if message.token:
            player = room.player_of(message.token)
            if player is None:  # stale, or somebody else's
                raise RoomError("bad_token", N_("That seat belongs to someone else."))
            await self._enter(visitor, room, player, None)
        elif room.seat_free:
            await self._take_seat(visitor, room)
        else:
            await self._enter(visitor, room, None, None)

    async def _take_seat(self, visitor: Visitor, room: Room) -> None:
        """The free seat for the page that opened the invite link - its token delivered, or
        the seat left free (and the page told "busy, try again")."""
        await self._leave_room(visitor)
        await self._watch(room.id)
        try:
            room, (player, token) = await self.store.update(room.id, Room.take_seat)
        except RoomError as refused:
            if refused.code != "full":
                await self._unwatch_unused(room.id)
                raise
            player, token = None, None  # taken meanwhile: the page watches instead
        await self._admit(visitor, room, player, token, taken=token is not None)

    async def _free_seat(self, room_id: str, token: str) -> None:
        """Give up a seat whose token did not reach its page (now, or as soon as the store
        answers again)."""

        async def free() -> None:
            await self.store.update(room_id, lambda room: room.free_seat(token))

        try:
            await free()
        except StoreUnavailable:
            self._amends.append(Amend(room_id, free))

    async def _enter(
        self, visitor: Visitor, room: Room, player: str | None, token: str | None
    ) -> None:
        """Seat ``visitor`` in ``room`` as ``player`` (None: a spectator, if there is room)."""
        await self._leave_room(visitor)
        await self._watch(room.id)
        await self._admit(visitor, room, player, token)

    async def _admit(
        self,
        visitor: Visitor,
        room: Room,
        player: str | None,
        token: str | None,
        *,
        taken: bool = False,
    ) -> None:
        """Count the visitor in (the store's presence), welcome it, tell everyone. ``taken``:
        the seat was taken for it just now, and is given up again if it cannot have it."""
        try:
            await self.store.join(room.id, visitor.id, player, self.settings.max_spectators)
        except BaseException:
            if taken and token is not None:
                await self._free_seat(room.id, token)
            await self._unwatch_unused(room.id)
            raise
        if not self._seat_visitor(visitor, room, player, token):  # the page has gone meanwhile
            if taken and token is not None:
                await self._free_seat(room.id, token)
            await self._leave_room(visitor)
            return
        await self._announce(visitor, room)

    async def _watch(self, room_id: str) -> None:
        if room_id not in self.local:
            await self.store.watch(room_id)

    async def _unwatch_unused(self, room_id: str) -> None:
        if room_id not in self.local:
            with contextlib.suppress(StoreUnavailable):
                await self.store.unwatch(room_id)

    def _seat_visitor(
        self, visitor: Visitor, room: Room, player: str | None, token: str | None
    ) -> bool:
        """The page is in the room now: it is told so (with its token); False if it is gone."""
        visitor.room, visitor.player, visitor.solo = room.id, player, room.is_solo
        self.local.setdefault(room.id, {})[visitor.id] = visitor
        asked = {} if visitor.ask is None else {"ask": visitor.ask}
        welcome = encode(
            "welcome", room=room.id, player=player, token=token, kind=room.state.kind, **asked
        )
        return visitor.send(welcome)

    async def _announce(self, visitor: Visitor, room: Room) -> None:
        """The others hear of the newcomer; the newcomer gets the state directly."""
        visitor.send(await self.publish_state(room, but=visitor))
        if room.computer_to_move:
            self._schedule_think(room, visitor.address)

    async def _leave_room(self, visitor: Visitor) -> None:
        self._stop_hint(visitor)
        room_id, player = visitor.room, visitor.player
        if room_id is None:
            return
        visitor.room = visitor.player = None
        visitor.solo = False
        inside = self.local.get(room_id, {})
        inside.pop(visitor.id, None)
        if not any(other.player is not None for other in inside.values()):
            self._abandon(room_id)
        if not inside:
            self.local.pop(room_id, None)
            self._presence.pop(room_id, None)
        await self._unwatch_unused(room_id)
        left = partial(self.store.leave, room_id, visitor.id, player, self.clock())
        try:
            await left()
            room = await self.store.get(room_id)
            if room is not None:
                await self.publish_state(room)
        except StoreUnavailable:  # "left" is sent again until the store takes it
            self._amends.append(Amend(room_id, left))

    def _abandon(self, room_id: str) -> None:
        """No player of the room has a page here any more: its computer stops thinking."""
        thinking = self._thinking.pop(room_id, None)
        if thinking is not None:
            thinking.cancel()

    # --- playing ---------------------------------------------------------------------------

    async def _act(self, visitor: Visitor, change: Callable[[Room], object]) -> None:
        """Apply ``change`` to the visitor's room; the game it ends goes to the saved games."""
        room_id, _ = self._seat(visitor)

        def act(room: Room) -> Record | None:
            change(room)
            return room.finish()

        room, finished = await self.store.update(room_id, act)
        await self._changed(room, finished, visitor.address)

    async def _as_player(
        self, visitor: Visitor, change: Callable[[Room, str | None], object]
    ) -> None:
        """``change(room, player)`` made by the page's player (a spectator's is refused)."""
        player = self._seat(visitor)[1]
        await self._act(visitor, lambda room: change(room, player))

    async def on_move(self, visitor: Visitor, message: Move) -> None:
        """The page's player moves."""
        await self._as_player(
            visitor, lambda room, player: room.play(player, message.cell, message.ply)
        )

    async def on_claim(self, visitor: Visitor) -> None:
        """Win a game the other player left long enough ago."""
        room_id, player = self._seat(visitor)
        presence, _ = await self.store.presence(room_id)
        opponent = presence["b" if player == "a" else "a"]
        after = self.settings.claim_after
        await self._act(visitor, lambda room: room.claim(player, opponent, after))

    async def on_level(self, visitor: Visitor, message: Level) -> None:
        """Another computer player, from its next move."""
        await self._as_player(visitor, lambda room, player: room.set_level(player, message.level))

    async def on_first(self, visitor: Visitor, message: First) -> None:
        """Who starts, from the next game."""
        await self._as_player(visitor, lambda room, player: room.set_first(player, message.first))

    async def on_think(self, visitor: Visitor, message: Think) -> None:
        """The computer's thinking time, from its next move (and the next hint)."""
        think_ms = self._think_ms(message.think_ms)
        await self._as_player(visitor, lambda room, player: room.set_think(player, think_ms))

    # --- hints -----------------------------------------------------------------------------

    async def on_hint(self, visitor: Visitor) -> None:
        """The page's player's best moves (games against the computer), worked out as a job.

        Exact values of every free cell on boards the solver finishes; the
        engine's best moves with their verdicts elsewhere, searched for the
        room's thinking time, with ``progress`` on the way.
        """
        room_id, player = self._seat(visitor)
        room = await self.store.get(room_id)
        if room is None:
            raise gone()
        if player is None or not room.is_solo:
            raise RoomError("solo_only", N_("Hints are only for games against the computer."))
        if not room.game.waiting_for_human:
            raise RoomError("not_now", N_("Hints are for your own move."))
        position = room.position
        if visitor.hint is not None:
            if visitor.hint.key == (room_id, position) and not visitor.hint.cancelled:
                raise RoomError("hint_busy", N_("Still working on the last hint."))
            self._stop_hint(visitor)
        exact = can_solve(room.game.board)  # every cell's value, or the best few
        task = Task(
            "hints" if exact else "suggestions", room.rules, position[1],
            think=self._think_seconds(room),
        )  # fmt: skip
        job = self.thinker.think(
            task, visitor.address, partial(self._progress, [visitor], "hint", position)
        )
        job.key = (room_id, position)
        visitor.hint = job
        self._spawn(self._hint(visitor, job, position))

    def on_stop(self, visitor: Visitor) -> None:
        """Stop this page's hint search: it answers at once with what it has found."""
        if visitor.hint is not None:
            visitor.hint.stop()

    def _stop_hint(self, visitor: Visitor) -> None:
        """Forget (and cancel) the hint being worked out for ``visitor``."""
        if visitor.hint is not None:
            visitor.hint.cancel()
            visitor.hint = None

    async def _hint(
        self, visitor: Visitor, job: ThinkingJob, position: tuple[int, tuple[int, ...]]
    ) -> None:
        game, moves = position
        try:
            found = await asyncio.wrap_future(job.future)
        except Exception as problem:
            if not job.cancelled and not isinstance(problem, Dropped):
                self.errors += 1
                log.error("a hint failed", exc_info=problem)
                visitor.send(SERVER_ERROR)
            return
        finally:
            if visitor.hint is job:
                visitor.hint = None
        if job.cancelled:  # the position moved on, or the page left: the answer is stale
            return
        answer: dict[str, Any]
        if job.task.kind == "hints":
            answer = _cells(found)
        else:
            answer = {"suggestions": _suggestions(found), "stopped": job.stopping.is_set()}
        visitor.send(encode("hint", game=game, ply=len(moves), **answer))

    def _progress(
        self,
        pages: list[Visitor],
        of: str,
        position: tuple[int, tuple[int, ...]],
        progress: Progress,
    ) -> None:
        """A search's progress, to ``pages``."""
        game, moves = position
        text = encode(
            "progress", of=of, game=game, ply=len(moves), depth=progress.depth,
            line=list(progress.pv[:LINE_SENT]), seconds=round(progress.seconds, 2),
        )  # fmt: skip
        for visitor in pages:
            visitor.send(text)

    # --- how the computer thinks -------------------------------------------------------------

    async def tree(self, ask: TreeAsk, address: str) -> dict[str, Any] | str:
        """A node of the search tree or a page of its steps (:mod:`.tree`), worked out as a
        job of the thinker like a hint; a text says why the steps are not shown. Raises
        :class:`RoomError` when ``address`` has :data:`TREES_AT_ONCE` on the way, or the job
        fails."""
        owner = address_key(address)
        if self._trees.get(owner, 0) >= TREES_AT_ONCE:
            raise RoomError("busy", N_("Too many requests at once: wait for the last answers."))
        self._trees[owner] = self._trees.get(owner, 0) + 1
        try:
            found: dict[str, Any] | str = await asyncio.wrap_future(
                self.thinker.think(Task.of_tree(ask), owner).future
            )
        except Exception as problem:
            self.errors += 1
            log.error("a search tree failed", exc_info=problem)
            raise SERVER_FAILURE from problem
        finally:
            self._trees[owner] -= 1
            if not self._trees[owner]:
                del self._trees[owner]
        return found

    # --- after a change ---------------------------------------------------------------------

    async def _changed(self, room: Room, finished: Record | None, owner: str) -> None:
        if finished is not None and self.writer is not None:
            problem = self.writer.save(finished, background=True)
            if problem is not None:
                self._not_saved(problem)
        self._cancel_stale(room)
        await self.publish_state(room)
        if room.computer_to_move:
            self._schedule_think(room, owner)

    def _not_saved(self, error: ArchiveError) -> None:
        """Say in the log, the first time, that finished games cannot be saved."""
        if not self._unsaved_said:
            self._unsaved_said = True
            log.warning("finished games cannot be saved: %s", error)

    def _cancel_stale(self, room: Room) -> None:
        """Cancel the jobs of ``room`` whose position is gone (a move, undo, a new game)."""
        key = (room.id, room.position)
        thinking = self._thinking.get(room.id)
        if thinking is not None and thinking.key != key:
            thinking.cancel()
            del self._thinking[room.id]
        for visitor in self.local.get(room.id, {}).values():
            if visitor.hint is not None and visitor.hint.key != key:
                self._stop_hint(visitor)

    async def publish_state(self, room: Room, but: Visitor | None = None) -> str:
        """Send the room's state to all its pages (``but`` this one, which gets it from the
        caller): this process's at once, the others' through the store; returns it.

        The change is made already, so nothing here fails: with a store that cannot answer
        now, the presence is the last one read, and the state is relayed to the other
        processes as soon as the store answers again.
        """
        try:
            seen = await self.store.presence(room.id)
            if room.id in self.local:
                self._presence[room.id] = seen
        except StoreUnavailable:
            seen = self._presence.get(room.id) or self._local_presence(room.id)
            self._unsent.add(room.id)
        presence, spectators = seen
        text = encode("state", **room.view(presence, spectators, self.settings.claim_after))
        for visitor in list(self.local.get(room.id, {}).values()):
            if visitor is not but:
                visitor.send(text)
        try:
            await self.store.publish(room.id, text)
        except StoreUnavailable:
            self._unsent.add(room.id)
        return text

    def _local_presence(self, room_id: str) -> tuple[Mapping[str, Presence], int]:
        """Who is in the room as far as this process knows."""
        inside = self.local.get(room_id, {}).values()
        seats = {visitor.player: Presence(True) for visitor in inside if visitor.player}
        return seats, sum(1 for visitor in inside if visitor.player is None)

    async def resync(self) -> None:
        """Send every room with a page here its state again (the store may have missed some)."""
        for room_id in list(self.local):
            room = await self.store.get(room_id)
            if room is not None:
                await self.publish_state(room)

    async def deliver(self, room_id: str, text: str) -> None:
        """A room's message from another process, to this process's pages of that room."""
        for visitor in list(self.local.get(room_id, {}).values()):
            visitor.send(text)

    def _think_seconds(self, room: Room) -> float:
        """The room's thinking time, within the server's cap."""
        return min(room.think_seconds, self.settings.think_range[1])

    def _schedule_think(self, room: Room, owner: str) -> None:
        if not any(v.player is not None for v in self.local.get(room.id, {}).values()):
            return  # nobody to play: it thinks when a player comes back
        key = (room.id, room.position)
        thinking = self._thinking.get(room.id)
        if thinking is not None:
            if thinking.key == key and not thinking.cancelled:
                return
            thinking.cancel()
        state = room.state
        task = Task(
            "move", room.rules, room.position[1], state.level, state.seed,
            self._think_seconds(room),
        )  # fmt: skip
        job = self.thinker.think(task, owner, self._progress_room(room.id, room.position))
        job.key = key
        self._thinking[room.id] = job
        self._spawn(self._think(job, room.id, room.position))

    def _progress_room(
        self, room_id: str, position: tuple[int, tuple[int, ...]]
    ) -> Callable[[Progress], None]:
        def heard(progress: Progress) -> None:
            self._progress(list(self.local.get(room_id, {}).values()), "move", position, progress)

        return heard

    async def _think(
        self, job: ThinkingJob, room_id: str, position: tuple[int, tuple[int, ...]]
    ) -> None:
        moves = position[1]
        try:
            cell = await asyncio.wrap_future(job.future)
            if job.cancelled:
                return

            def apply(room: Room) -> Record | None:
                if not room.apply_computer(len(moves), cell, position):
                    raise RoomError("stale", N_("The board changed: try again."))
                return room.finish()

            try:
                room, finished = await self.store.update(room_id, apply)
            except StoreUnavailable:  # thought again when a player comes back or moves
                return
            except RoomError:  # the game moved on (undo, new game) or expired meanwhile
                return
            if self._thinking.get(room_id) is job:
                del self._thinking[room_id]
            await self._changed(room, finished, job.owner)
        except Dropped:
            return
        except Exception:
            if not job.cancelled:
                self.errors += 1
                log.exception("the computer's move failed")
        finally:
            if self._thinking.get(room_id) is job:
                del self._thinking[room_id]


def _cells(found: Any) -> dict[str, Any]:
    """An exact hint for the page: every free cell's value, or why there is none."""
    if found is None:
        return {
            "cells": None,
            "unavailable": N_("Hints need a smaller board: this one is too big to solve."),
        }
    return {"cells": [{"cell": c.cell, "value": c.value, "moves": c.moves} for c in found]}


def _suggestions(found: list[SuggestedMove]) -> list[dict[str, Any]]:
    """The engine's best moves for the page."""
    return [
        {
            "cell": s.cell,
            "verdict": s.verdict,
            "moves": s.moves,
            "line": list(s.line[:LINE_SENT]),
            "exact": s.exact,
        }
        for s in found
    ]
