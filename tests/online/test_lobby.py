"""The lobby without a web server: pages as outboxes, a store that fails on cue. A seat is never
lost, what the store missed is said again, a replaced game is forgotten, limits answer plainly."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tictactoe.game import Starter
from tictactoe.online.lobby import Lobby, Visitor, address_key
from tictactoe.online.protocol import Friend, Join, Move, Solo, Think
from tictactoe.online.settings import Settings
from tictactoe.online.store import MemoryStore, StoreUnavailable

NOW = 1_000_000.0


@dataclass
class Page:
    """An outbox that keeps what it is sent (and may have gone away)."""

    gone: bool = False
    seen: list[dict[str, Any]] = field(default_factory=list)

    def send(self, text: str) -> bool:
        if self.gone:
            return False
        self.seen.append(json.loads(text))
        return True

    def last(self, kind: str) -> dict[str, Any]:
        return [message for message in self.seen if message["t"] == kind][-1]


class FlakyStore(MemoryStore):
    """A memory store whose named methods fail once, as a store that is away would."""

    def __init__(self) -> None:
        super().__init__(lambda: NOW)
        self.failing: set[str] = set()
        self.published: list[dict[str, Any]] = []
        """What was relayed to the other processes."""

    def _maybe_fail(self, name: str) -> None:
        if name in self.failing:
            self.failing.discard(name)
            raise StoreUnavailable()

    async def join(
        self, room_id: str, connection: str, player: str | None, max_spectators: int
    ) -> None:
        self._maybe_fail("join")
        await super().join(room_id, connection, player, max_spectators)

    async def leave(self, room_id: str, connection: str, player: str | None, when: float) -> None:
        self._maybe_fail("leave")
        await super().leave(room_id, connection, player, when)

    async def presence(self, room_id: str) -> Any:
        self._maybe_fail("presence")
        return await super().presence(room_id)

    async def publish(self, room_id: str, message: str) -> None:
        self._maybe_fail("publish")
        self.published.append(json.loads(message))


def in_lobby(
    scenario: Callable[[Lobby, FlakyStore], Awaitable[Any]], tmp_path: Path, **settings: Any
) -> Any:
    async def run() -> Any:
        store = FlakyStore()
        chosen = {"think_processes": 0, "record": False, "heartbeat_seconds": 3600} | settings
        lobby = Lobby(Settings(data_dir=tmp_path, **chosen), store, clock=lambda: NOW)
        await lobby.start()
        try:
            return await scenario(lobby, store)
        finally:
            await lobby.stop()

    return asyncio.run(run())


def arrive(lobby: Lobby, address: str = "192.0.2.1") -> tuple[Visitor, Page]:
    page = Page()
    return lobby.arrive(page, address), page


async def friend_room(lobby: Lobby) -> tuple[Visitor, Page, str]:
    host, page = arrive(lobby)
    await lobby.handle(host, Friend(3, 3, 3))
    return host, page, page.last("welcome")["room"]


def test_a_seat_the_store_could_not_count_in_is_left_free(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[Any, Any, Any]:
        _, _, room = await friend_room(lobby)
        guest, page = arrive(lobby, "192.0.2.2")
        store.failing.add("join")  # the seat is taken, then the store fails
        await lobby.handle(guest, Join(room))
        refused = page.last("error")
        saved = await store.get(room)
        assert saved is not None
        free = saved.seat_free
        await lobby.handle(guest, Join(room))  # "try again" works
        return (refused["code"], refused["message"]), free, page.last("welcome")["player"]

    assert in_lobby(scenario, tmp_path) == (
        ("busy", "The server is busy: try again."),
        True,
        "b",
    )


def test_a_seat_for_a_page_that_has_gone_is_left_free(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[bool, bool]:
        _, _, room = await friend_room(lobby)
        guest, page = arrive(lobby, "192.0.2.2")
        page.gone = True  # closed while its join was under way: its token has nowhere to go
        await lobby.handle(guest, Join(room))
        saved = await store.get(room)
        assert saved is not None
        return saved.seat_free, guest.room is None

    assert in_lobby(scenario, tmp_path) == (True, True)


def test_a_page_that_left_while_the_store_was_away_is_said_to_have_left(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[bool, bool, float | None]:
        _, host_page, room = await friend_room(lobby)
        guest, _ = arrive(lobby, "192.0.2.2")
        await lobby.handle(guest, Join(room))
        store.failing.add("leave")
        await lobby.depart(guest)
        seats, _ = await store.presence(room)
        still_online = seats["b"].online
        await lobby._amend()  # what the lobby does every second until the store takes it
        seats, _ = await store.presence(room)
        shown = host_page.last("state")["seats"]["b"]
        return still_online, shown["online"], seats["b"].away_for

    assert in_lobby(scenario, tmp_path) == (True, False, 0.0)


def test_a_move_made_while_the_store_cannot_relay_it_is_relayed_later(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[Any, bool, list[Any]]:
        host, _, room = await friend_room(lobby)
        guest, guest_page = arrive(lobby, "192.0.2.2")
        await lobby.handle(guest, Join(room))
        store.published.clear()
        store.failing |= {"presence", "publish"}  # the move is saved, then the store fails
        await lobby.handle(host, Move(4))
        here = guest_page.last("state")  # this process's pages have it at once...
        relayed = [message["moves"] for message in store.published]
        await lobby._amend()  # ...the other processes' once the store answers again
        relayed.append(store.published[-1]["moves"])
        return here["moves"], here["seats"]["b"]["online"], relayed

    moves, online, relayed = in_lobby(scenario, tmp_path)
    assert moves == [4] and online  # the presence last read, not "everyone left"
    assert relayed == [[4]]


def test_a_game_against_the_computer_its_page_replaces_is_forgotten(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[int, int]:
        player, _ = arrive(lobby)
        for _ in range(5):  # another board, another level...
            await lobby.handle(player, Solo(3, 3, 3, "random", Starter.YOU))
        solo_rooms = await store.count()
        await lobby.handle(player, Friend(3, 3, 3))  # kept: the page may come back to it
        return solo_rooms, await store.count()

    assert in_lobby(scenario, tmp_path) == (1, 2)


def test_rooms_per_address_are_answered_plainly(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[Any, str]:
        pages = [arrive(lobby) for _ in range(3)]
        for visitor, _ in pages:
            await lobby.handle(visitor, Friend(3, 3, 3))
        refused = pages[-1][1].last("error")
        other, page = arrive(lobby, "2001:db8::1")
        await lobby.handle(other, Friend(3, 3, 3))
        return (refused["code"], refused["message"]), page.last("welcome")["player"]

    assert in_lobby(scenario, tmp_path, rooms_per_address=2) == (
        ("too_many", "You have too many games open: finish one, or try later."),
        "a",
    )


def test_the_thinking_time_is_capped_by_the_server(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> tuple[Any, Any, int]:
        player, page = arrive(lobby)
        await lobby.handle(player, Solo(15, 15, 5, "search", Starter.YOU, think_ms=20_000))
        refused = page.last("error")
        await lobby.handle(player, Solo(15, 15, 5, "search", Starter.YOU))
        await lobby.handle(player, Think(10_000))
        return refused["code"], refused["params"], page.last("state")["think_ms"]

    assert in_lobby(scenario, tmp_path, max_think_seconds=10.0) == (
        "think_range",
        {"low": 0.05, "high": 10.0},
        10_000,
    )


def test_a_move_refused_by_the_game_says_why(tmp_path: Path) -> None:
    async def scenario(lobby: Lobby, store: FlakyStore) -> list[str]:
        host, host_page, room = await friend_room(lobby)
        guest, guest_page = arrive(lobby, "192.0.2.2")
        await lobby.handle(guest, Join(room))
        answers = []
        for cell, who, page in ((4, host, host_page), (0, host, host_page),
                                (4, guest, guest_page), (9, guest, guest_page)):  # fmt: skip
            await lobby.handle(who, Move(cell))
            answers.append(page.seen[-1].get("code", page.seen[-1]["t"]))
        return answers

    assert in_lobby(scenario, tmp_path) == ["state", "turn", "taken", "off_board"]


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        (None, "unknown"),
        ("testclient", "testclient"),
    ],
)
def test_clients_are_counted_by_address_and_ipv6_by_network(host: str | None, key: str) -> None:
    assert address_key(host) == key


def test_finished_games_that_cannot_be_saved_are_said_in_the_log_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "games.sqlite3").mkdir()  # no game can land: the first game's failure is
    # returned when the second is handed over, the second's when the lobby stops

    async def scenario(lobby: Lobby, store: FlakyStore) -> None:
        for game in range(2):
            host, _, room = await friend_room(lobby)
            guest, _ = arrive(lobby, f"192.0.2.{game + 2}")
            await lobby.handle(guest, Join(room))
            for ply, (player, cell) in enumerate(
                [(host, 0), (guest, 3), (host, 1), (guest, 4), (host, 2)]
            ):
                await lobby.handle(player, Move(cell, ply))
            assert lobby.writer is not None
            while lobby.writer.pending:  # the writer's thread tries and fails
                await asyncio.sleep(0.01)

    in_lobby(scenario, tmp_path, record=True)
    said = [r.message for r in caplog.records if "cannot be saved" in r.message]
    assert said == [
        f"finished games cannot be saved: saved games file {tmp_path / 'games.sqlite3'}"
        " is unusable: a folder is in its place"
    ]
