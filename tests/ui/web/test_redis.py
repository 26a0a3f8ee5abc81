"""Two server processes sharing one game in a real Redis, one of them restarted mid-game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from web_support import Player, ServerProcess


@pytest.mark.slow
def test_two_processes_serve_one_game_and_survive_a_restart(
    redis_url: str, server_factory: Callable[..., ServerProcess]
) -> None:
    first = server_factory("--redis", redis_url, "--no-record")
    second = server_factory("--redis", redis_url, "--no-record")
    x = Player(first)
    x.send(t="friend", rows=3, cols=3, k=3)
    room = x.until("welcome")["room"]
    o = Player(second)
    o.send(t="join", room=room)
    token = o.until("welcome")["token"]
    x.until("state", lambda s: s["seats"]["b"]["online"])  # seen through the other process

    x.send(t="move", cell=0, ply=0)
    o.until("state", lambda s: s["moves"] == [0])
    o.send(t="move", cell=4, ply=1)
    x.until("state", lambda s: s["moves"] == [0, 4])

    second.kill()  # the friend's server dies mid-game...
    second.restart()  # ...and comes back; the friend's page reconnects with its token
    o = Player(second)
    o.send(t="join", room=room, token=token)
    assert o.until("welcome")["player"] == "b"
    assert o.until("state")["moves"] == [0, 4]

    x.send(t="move", cell=1, ply=2)
    o.until("state", lambda s: s["moves"] == [0, 4, 1])
    o.send(t="move", cell=2, ply=3)
    x.until("state", lambda s: len(s["moves"]) == 4)
    x.send(t="move", cell=6, ply=4)
    o.until("state", lambda s: len(s["moves"]) == 5)
    o.send(t="move", cell=3, ply=5)
    x.until("state", lambda s: len(s["moves"]) == 6)
    x.send(t="move", cell=5, ply=6)
    o.until("state", lambda s: len(s["moves"]) == 7)
    o.send(t="move", cell=7, ply=7)
    x.until("state", lambda s: len(s["moves"]) == 8)
    x.send(t="move", cell=8, ply=8)
    end_x = x.until("state", lambda s: s["over"])
    end_o = o.until("state", lambda s: s["over"])
    assert end_x["moves"] == end_o["moves"] == [0, 4, 1, 2, 6, 3, 5, 7, 8]
    assert end_x["winner"] is None and end_o["score"] == {"a": 0, "b": 0, "draws": 1}
