"""Rooms without a server: seats, rules of play, state round trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.online.room import Presence, Room, RoomError, RoomState, digest


def solo(first: Starter = Starter.YOU, level: str = "random") -> tuple[Room, str]:
    return Room.solo("room1234", Rules(), level, first, seed=7, now=0.0)


def test_a_room_keeps_only_a_digest_of_the_seat_token() -> None:
    room, token = solo()
    assert token not in room.state.to_json()
    assert room.state.tokens == {"a": digest(token)}
    assert room.player_of(token) == "a"
    assert room.player_of(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert room.player_of(None) is None and room.player_of("") is None
    assert token not in json.dumps(room.view({}, 0, 60.0))


def test_the_friend_takes_the_free_seat_once() -> None:
    room, _ = Room.friend("room1234", Rules(), seed=1, now=0.0)
    player, token = room.take_seat()
    assert player == "b" and room.player_of(token) == "b"
    with pytest.raises(RoomError) as full:
        room.take_seat()
    assert full.value.code == "full"


def test_the_state_sends_each_winning_line_by_its_two_end_cells() -> None:
    room, _ = Room.friend("room1234", Rules(), seed=1, now=0.0)
    room.take_seat()
    assert room.view({}, 0, 60.0)["lines"] == []
    for ply, cell in enumerate((0, 3, 2, 5, 4, 6, 7, 8, 1)):
        room.play("a" if ply % 2 == 0 else "b", cell)
    assert room.view({}, 0, 60.0)["lines"] == [[0, 2], [1, 7]], "the top row, the middle column"


@pytest.mark.parametrize(
    ("first", "marks"),
    [
        (Starter.YOU, "XXXX"),
        (Starter.COMPUTER, "OOOO"),
        (Starter.ALTERNATE, "XOXO"),
    ],
)
def test_who_starts_each_game_against_the_computer(first: Starter, marks: str) -> None:
    room, _ = solo(first)
    seen = []
    for _ in range(4):
        seen.append(room.state.a_mark)
        room.new_game("a")
    assert "".join(seen) == marks


def test_a_coin_toss_is_fair_and_reproducible() -> None:
    room, _ = solo(Starter.COIN)
    tosses = []
    for _ in range(200):
        room.new_game("a")
        tosses.append(room.state.a_mark)
    assert 60 < tosses.count("X") < 140
    again, _ = solo(Starter.COIN)
    assert [again.new_game("a") or again.state.a_mark for _ in range(200)] == tosses


def test_the_computer_answer_is_dropped_when_the_game_moved_on() -> None:
    room, _ = solo()
    room.play("a", 4)
    assert room.computer_to_move
    room.undo("a")
    assert not room.apply_computer(1, 0)
    room.play("a", 0)
    assert room.apply_computer(1, 4) and room.state.moves == [0, 4]
    assert not room.apply_computer(2, 8)  # the person is to move


def test_an_answer_for_another_position_with_as_many_moves_is_dropped() -> None:
    room, _ = solo()
    room.play("a", 4)
    asked = room.position
    room.undo("a")
    room.play("a", 0)  # one move again, but another one
    assert not room.apply_computer(1, 8, asked)
    room.new_game("a")
    room.play("a", 4)  # the same moves in the next game
    assert room.position != asked and not room.apply_computer(1, 8, asked)
    assert room.apply_computer(1, 8, room.position) and room.state.moves == [4, 8]


def test_the_thinking_time_is_kept_and_older_states_get_the_default() -> None:
    room, _ = Room.solo("room1234", Rules(15, 15, 5), "search", Starter.YOU, seed=7, now=0.0,
                        think_ms=250)  # fmt: skip
    view = room.view({}, 0, 60.0)
    assert room.think_seconds == 0.25 and view["think_ms"] == 250 and not view["exact"]
    assert solo()[0].view({}, 0, 60.0)["exact"]  # 3 x 3: hints are exact values
    room.set_think("a", 5000)
    assert RoomState.from_json(room.state.to_json()).think_ms == 5000
    with pytest.raises(RoomError, match="spectator"):
        room.set_think(None, 100)
    older = json.loads(room.state.to_json())
    del older["think_ms"]  # a room saved in Redis before the thinking time existed
    assert Room(RoomState.from_json(json.dumps(older))).think_seconds == 1.0


def test_a_claim_needs_the_opponent_gone_long_enough() -> None:
    room, _ = Room.friend("room1234", Rules(), seed=1, now=0.0)
    with pytest.raises(RoomError, match="waiting"):
        room.claim("a", Presence(False, 100.0), 60.0)
    room.take_seat()
    for opponent in (Presence(True), Presence(False, None), Presence(False, 59.0)):
        with pytest.raises(RoomError, match="too_soon"):
            room.claim("a", opponent, 60.0)
    room.claim("a", Presence(False, 61.0), 60.0)
    assert room.game.outcome is not None and room.game.outcome.winner is Mark.X
    finished = room.finish()
    assert finished is not None and finished.outcome == Outcome(Termination.FORFEIT, Mark.X)
    assert (finished.x_player, finished.o_player, finished.moves) == ("human", "human", ())
    assert finished.started is None  # a room's game does not know when it began
    assert room.view({}, 0, 60.0)["ended"] == "timeout"
    copy = Room(RoomState.from_json(room.state.to_json()))  # as another server process reads it
    assert copy.game.outcome == finished.outcome


moves_and_actions = st.lists(
    st.one_of(st.integers(0, 15), st.sampled_from(["undo", "redo", "resign", "new"])),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(moves_and_actions, st.sampled_from(["solo", "friend"]))
def test_state_survives_json_and_the_game_rebuilds_the_same(
    actions: list[int | str], kind: str
) -> None:
    rules = Rules(4, 4, 3)
    if kind == "solo":
        room, _ = Room.solo("room1234", rules, "first-free", Starter.ALTERNATE, seed=3, now=0.0)
    else:
        room, _ = Room.friend("room1234", rules, seed=3, now=0.0)
        room.take_seat()
    for action in actions:
        before = room.state.to_json()
        try:
            if isinstance(action, int):
                player = room.player_with(room.game.turn)
                room.play(player, action)
                if room.computer_to_move:
                    ply = len(room.state.moves)
                    room.apply_computer(ply, room.game.board.legal_moves()[0])
            elif action == "undo":
                room.undo("a")
            elif action == "redo":
                room.redo("a")
            elif action == "resign":
                room.resign("a")
            else:
                room.new_game("a")
                room.new_game("b")
        except RoomError:
            room.restore(RoomState.from_json(before))
            assert room.state.to_json() == before
        room.finish()
        room.saved(1.0)
        copy = Room(RoomState.from_json(room.state.to_json()))
        assert copy.game.board == room.game.board
        assert copy.game.moves == room.game.moves
        assert copy.game.outcome == room.game.outcome
        assert (copy.game.can_undo, copy.game.can_redo) == (room.game.can_undo, room.game.can_redo)
        assert copy.view({}, 0, 1.0) == room.view({}, 0, 1.0)


def test_a_seat_whose_token_never_arrived_is_given_up_by_that_token_only() -> None:
    room, _ = Room.friend("room1234", Rules(), seed=1, now=0.0)
    _, token = room.take_seat()
    assert not room.free_seat("x" * 32) and not room.seat_free
    assert room.free_seat(token) and room.seat_free
    assert room.player_of(token) is None


@pytest.mark.parametrize(
    ("moves", "player", "cell", "code"),
    [
        ([], "b", 0, "turn"),
        ([4], "b", 4, "taken"),
        ([4], "b", 9, "off_board"),
        ([0, 3, 1, 4, 2], "b", 8, "over"),
        ([], None, 0, "spectator"),
    ],
)
def test_a_refused_move_carries_the_games_reason(
    moves: list[int], player: str | None, cell: int, code: str
) -> None:
    room, _ = Room.friend("room1234", Rules(), seed=1, now=0.0)
    room.take_seat()
    room.state.moves = moves
    with pytest.raises(RoomError) as refused:
        room.play(player, cell)
    assert refused.value.code == code
