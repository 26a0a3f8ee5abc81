"""The client messages: one typed value each, one parse, anything else a ProtocolError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.game import Starter
from tictactoe.online import protocol
from tictactoe.online.protocol import (
    MESSAGES,
    Friend,
    Join,
    Move,
    ProtocolError,
    Request,
    Solo,
    checked_fields,
    parse,
)


def test_valid_messages_parse_into_their_types() -> None:
    assert parse('{"t":"join","room":"abcdefgh"}') == Join("abcdefgh")
    assert parse('{"t":"join","room":"abcdefgh","token":null}') == Join("abcdefgh")
    assert parse(
        '{"t":"solo","rows":15,"cols":15,"k":5,"level":"Win-Block","first":"coin"}'
    ) == Solo(15, 15, 5, "win-block", Starter.COIN)
    assert parse('{"t":"solo","rows":7,"cols":7,"k":5,"level":"expert","first":"you",'
                 '"think_ms":250}').level == "search"  # fmt: skip
    assert parse('{"t":"join","room":"abcdefgh","ask":7}') == Join("abcdefgh", ask=7)
    assert parse('{"t":"friend","rows":3,"cols":3,"k":3,"ask":2}') == Friend(3, 3, 3, ask=2)
    assert parse(b'{"t":"move","cell":675}') == Move(675)
    assert parse('{"t":"undo"}') == Request("undo")
    assert parse(b'{"t":"ping"}') == Request("ping")


def test_every_message_type_is_one_class_with_its_name() -> None:
    assert all(message is Request or message.kind == kind for kind, message in MESSAGES.items())
    assert set(MESSAGES) == {
        "join", "solo", "friend", "move", "level", "first", "think", "undo", "redo", "hint",
        "stop", "new", "rematch", "resign", "claim", "ping",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "bad_json"),
        ("[1]", "bad_message"),
        ('{"t": "fly"}', "unknown_type"),
        ('{"t": "move"}', "bad_field"),
        ('{"t": "move", "cell": 4, "extra": 1}', "bad_field"),
        ('{"t": "move", "cell": true}', "bad_field"),
        ('{"t": "level", "level": "champion"}', "bad_level"),
        ('{"t": "first", "first": "whoever"}', "bad_field"),
        ('{"t": "think", "think_ms": 10}', "bad_field"),
        ('{"t": "ping", "pad": "' + "x" * 5000 + '"}', "too_big"),
        ('{"t": "undo", "kind": "redo"}', "bad_field"),
        ('{"t": "join", "room": "abcdefgh", "ask": 0}', "bad_field"),
        ('{"t": "join", "room": "abcdefgh", "ask": "1"}', "bad_field"),
        ('{"t": "move", "cell": 4, "ask": 1}', "bad_field"),  # only a request for a room has one
    ],
)
def test_bad_messages_say_what_is_wrong(raw: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(raw)
    assert refused.value.code == code and refused.value.message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=300),
        json_values.map(json.dumps),
        st.dictionaries(
            st.sampled_from(["t", "cell", "ply", "room", "token", "rows", "level", "first"]),
            json_values | st.sampled_from(list(protocol.MESSAGES)),
        ).map(json.dumps),
    )
)
def test_anything_is_a_checked_message_or_a_protocol_error(raw: str | bytes) -> None:
    try:
        message = parse(raw)
    except ProtocolError as error:
        assert error.code and error.message
        return
    assert type(message) is MESSAGES[message.kind]
    for spec in checked_fields(type(message)):
        value = getattr(message, spec.name)
        assert value is None or spec.metadata["check"](spec.name, value) == value
