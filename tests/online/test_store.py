"""The room stores, in memory and in a real Redis: the same atomic operations and limits."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import pytest

from tictactoe.core import Mark, Rules
from tictactoe.online.redis_store import RedisStore
from tictactoe.online.room import Room, RoomError
from tictactoe.online.store import MemoryStore, RoomStore

NOW = 1_000_000.0

Scenario = Callable[[RoomStore], Awaitable[Any]]


@pytest.fixture(params=["memory", "redis"])
def in_store(request: pytest.FixtureRequest) -> Callable[[Scenario], Any]:
    """Run a scenario against a started store of each kind."""

    def run(scenario: Scenario) -> Any:
        async def started() -> Any:
            store: RoomStore
            if request.param == "memory":
                store = MemoryStore(lambda: NOW)
            else:
                url = request.getfixturevalue("redis_url")
                store = RedisStore(url, prefix=f"t{uuid.uuid4().hex[:6]}:", clock=lambda: NOW)

            async def ignore(room_id: str, text: str) -> None:
                return None

            await store.start(ignore)
            try:
                return await scenario(store)
            finally:
                await store.close()

        return asyncio.run(started())

    return run


def friend_room(number: int) -> Room:
    return Room.friend(f"room{number:04d}", Rules(), seed=number, now=NOW)[0]


async def outcomes(work: list[Coroutine[Any, Any, Any]]) -> list[str]:
    """Each piece of work's result code: ``ok`` or the room error's."""
    done = await asyncio.gather(*work, return_exceptions=True)
    codes = []
    for result in done:
        if isinstance(result, RoomError):
            codes.append(result.code)
        elif isinstance(result, BaseException):
            raise result
        else:
            codes.append("ok")
    return codes


def test_rooms_are_limited_in_all_and_per_address_at_once(
    in_store: Callable[[Scenario], Any],
) -> None:
    async def scenario(store: RoomStore) -> tuple[list[str], list[str], int]:
        mine = [store.create(friend_room(n), "198.51.100.1", 100, 3) for n in range(10)]
        one_address = await outcomes(mine)
        everyone = [store.create(friend_room(100 + n), f"203.0.113.{n}", 8, 3) for n in range(20)]
        all_addresses = await outcomes(everyone)
        return one_address, all_addresses, await store.count()

    one_address, all_addresses, count = in_store(scenario)
    assert sorted(one_address) == ["ok"] * 3 + ["too_many"] * 7
    assert sorted(all_addresses) == ["busy"] * 15 + ["ok"] * 5  # 3 of the 8 were the first's
    assert count == 8


def test_spectators_are_limited_at_once_and_players_never(
    in_store: Callable[[Scenario], Any],
) -> None:
    async def scenario(store: RoomStore) -> tuple[list[str], int]:
        room = friend_room(1)
        await store.create(room, "x", 10, 10)
        joins = [store.join(room.id, f"c{n}", None, 4) for n in range(30)]
        codes = await outcomes(joins)
        await store.join(room.id, "c-player", "b", 4)
        inside = codes.index("ok")
        await store.join(room.id, f"c{inside}", None, 4)  # one already in may come back
        seats, spectators = await store.presence(room.id)
        assert seats["b"].online
        return codes, spectators

    codes, spectators = in_store(scenario)
    assert sorted(codes) == ["crowded"] * 26 + ["ok"] * 4 and spectators == 4


def test_a_room_nobody_is_in_can_be_forgotten(in_store: Callable[[Scenario], Any]) -> None:
    async def scenario(store: RoomStore) -> tuple[bool, bool, bool, int]:
        kept, dropped = friend_room(1), friend_room(2)
        for room in (kept, dropped):
            await store.create(room, "x", 10, 2)
        await store.join(kept.id, "c1", "a", 5)
        forgot_kept = await store.forget(kept.id)
        forgot_dropped = await store.forget(dropped.id)
        await store.create(friend_room(3), "x", 10, 2)  # the address's share is free again
        return forgot_kept, forgot_dropped, await store.get(dropped.id) is None, await store.count()

    assert in_store(scenario) == (False, True, True, 2)


def test_leaving_keeps_when_the_page_left(in_store: Callable[[Scenario], Any]) -> None:
    async def scenario(store: RoomStore) -> Any:
        room = friend_room(1)
        await store.create(room, "x", 10, 10)
        await store.join(room.id, "c1", "b", 5)
        await store.leave(room.id, "c1", "b", NOW - 12.5)  # said again later, as it happened
        seats, _ = await store.presence(room.id)
        return seats["b"]

    seat = in_store(scenario)
    assert not seat.online and seat.away_for == 12.5


def test_a_change_that_fails_changes_nothing(in_store: Callable[[Scenario], Any]) -> None:
    async def scenario(store: RoomStore) -> tuple[str, str, list[int], int]:
        room = friend_room(1)
        await store.create(room, "x", 10, 10)
        try:
            await store.update(room.id, lambda r: (r.take_seat(), r.play("b", 4))[0])
        except RoomError as refused:
            failed = refused.code
        try:
            await store.update("missing", Room.take_seat)
        except RoomError as refused:
            missing = refused.code
        after = await store.get(room.id)
        assert after is not None
        return failed, missing, after.state.moves, len(after.state.tokens)

    assert in_store(scenario) == ("turn", "gone", [], 1)


def test_the_score_follows_each_seat_through_rematches_and_reconnections(
    in_store: Callable[[Scenario], Any],
) -> None:
    """Player 1 (seat ``a``) wins as X, Player 2 wins the rematch as X, Player 2 wins the
    third game as O by Player 1's resignation: every reading of the room, by each seat's
    token as a reconnecting page finds it, counts the wins by seat, not by mark."""

    def win_as_x(room: Room) -> None:
        x, o = room.player_with(Mark.X), room.player_with(Mark.O)
        for player, cell in ((x, 0), (o, 3), (x, 1), (o, 4), (x, 2)):
            room.play(player, cell)
        room.finish()

    def rematch(room: Room) -> None:
        room.new_game("a")
        room.new_game("b")

    def resign_and_count(room: Room) -> None:
        room.resign("a")
        room.finish()

    async def scenario(
        store: RoomStore,
    ) -> list[tuple[str | None, str | None, str, dict[str, int]]]:
        room, token_a = Room.friend("room0001", Rules(), seed=1, now=NOW)
        await store.create(room, "x", 10, 10)
        _, (_, token_b) = await store.update(room.id, Room.take_seat)
        readings = []
        for change in (win_as_x, rematch, win_as_x, rematch, resign_and_count):
            await store.update(room.id, change)
            again = await store.get(room.id)  # as a page that reconnects reads it
            assert again is not None
            readings.append(
                (again.player_of(token_a), again.player_of(token_b), again.state.a_mark,
                 again.view({}, 0, 60)["score"])
            )  # fmt: skip
        return readings

    assert in_store(scenario) == [
        ("a", "b", "X", {"a": 1, "b": 0, "draws": 0}),  # Player 1 won as X
        ("a", "b", "O", {"a": 1, "b": 0, "draws": 0}),  # the marks swap, the score stays
        ("a", "b", "O", {"a": 1, "b": 1, "draws": 0}),  # Player 2 won as X
        ("a", "b", "X", {"a": 1, "b": 1, "draws": 0}),
        ("a", "b", "X", {"a": 1, "b": 2, "draws": 0}),  # Player 1 resigned as X
    ]
