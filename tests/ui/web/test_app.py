"""The ASGI app through Starlette's test client: the page, its headers, and play over WebSockets."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from web_support import Page, Web

from tictactoe.core.board import Mark
from tictactoe.core.records import Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard, Tally

STATIC = resources.files("tictactoe.ui.web") / "static"


def solo(
    page: Page, level: str = "first-free", first: str = "you", size: int = 3, k: int = 3
) -> Any:
    page.send(t="solo", rows=size, cols=size, k=k, level=level, first=first)
    return page.until("welcome")


def friend_pair(web: Web) -> tuple[Page, Page, str]:
    """A room with both seats taken: ``a`` made it and plays X, ``b`` came by the link."""
    a = web.open()
    a.send(t="friend", rows=3, cols=3, k=3)
    welcome = a.until("welcome")
    b = web.open()
    b.send(t="join", room=welcome["room"])
    joined = b.until("welcome")
    assert joined["player"] == "b" and joined["token"]
    return a, b, joined["token"]


# --- HTTP ---------------------------------------------------------------------------------


def test_the_page_has_strict_security_headers(web: Web) -> None:
    for path in ("/", "/play/abcdefgh", "/static/app.js", "/i18n/ru.json", "/api/health"):
        response = web.client.get(path)
        assert response.status_code == 200, path
        csp = response.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"


def test_an_invite_path_that_is_no_rooms_code_is_the_page_with_404(web: Web) -> None:
    """The page says the link is not valid (its script); the server says so too, and never
    puts the path into what it sends."""
    page = web.client.get("/").text
    for path in (
        "/play/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "/play/abc",
        "/play/" + "a" * 33,
        "/play/abcdefgh%0A",
        "/play/a/b",
        "/play/",
        "/play/%FF%00",
    ):
        response = web.client.get(path)
        assert response.status_code == 404, path
        assert response.text == page, path
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    for room in ("abcdef", "AZaz09_-" * 4):  # the shortest and the longest code
        assert web.client.get(f"/play/{room}").status_code == 200, room


def test_the_page_has_no_inline_script_style_or_handlers() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []
    assert "<style" not in html and " style=" not in html
    assert re.search(r"\son[a-z]+=", html) is None


def test_the_scripts_never_put_text_in_as_html() -> None:
    for path in STATIC.iterdir():
        if path.name.endswith(".js"):
            source = path.read_text(encoding="utf-8")
            assert "innerHTML" not in source and "outerHTML" not in source, path.name
            assert "insertAdjacentHTML" not in source and "eval(" not in source, path.name


def test_static_files_and_sounds_are_served(web: Web) -> None:
    script = web.client.get("/static/app.js")
    assert "javascript" in script.headers["content-type"]
    assert web.client.get("/static/style.css").headers["content-type"].startswith("text/css")
    sound = web.client.get("/sounds/win.wav")
    assert sound.content[:4] == b"RIFF"
    assert web.client.get("/static/../../game.py").status_code == 404


def test_translations_come_from_the_catalogs(web: Web) -> None:
    russian = web.client.get("/i18n/ru.json").json()
    assert russian["messages"]["Play a friend"] == "Играть с другом"
    titles = {level["name"]: level["title"] for level in russian["levels"]}
    assert titles["perfect"] != "Perfect" and titles["first-free"] == "Новичок"
    english = web.client.get("/i18n/en.json").json()
    assert english["messages"] == {}
    assert [level["title"] for level in english["levels"]][:2] == ["Beginner", "Easy"]
    assert web.client.get("/i18n/xx.json").status_code == 404


def test_levels_say_which_players_can_play_a_board(web: Web) -> None:
    small = web.client.get("/api/levels?rows=3&cols=3&k=3").json()
    assert small["hints"] and small["exact"] and small["default"] == "win-block"  # Medium
    big = web.client.get("/api/levels?rows=15&cols=15&k=5").json()
    available = {level["name"]: level["available"] for level in big["levels"]}
    assert big["hints"] and not big["exact"] and not available["perfect"] and available["search"]
    assert big["default"] == "win-block", "the same first opponent as every front end"
    assert [level["name"] for level in big["levels"] if level["thinks"]] == ["search"]
    assert big["think"] == {"low": 0.05, "high": 60.0, "default": 1.0}  # the server's cap
    for query in ("rows=3&cols=3&k=9", "rows=x&cols=3&k=3", "rows=99999999999999999999"):
        assert web.client.get(f"/api/levels?{query}").status_code == 400


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("rows=40&cols=3&k=3", "Rows must be from 1 to 26, not 40."),
        ("rows=3&cols=3&k=9", "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 9."),
        ("rows=3&cols=3", "k must be a whole number from 2 to 3."),
        ("rows=&cols=3&k=3", "Rows must be a whole number from 1 to 26."),
        ("rows=40&cols=3&k=3&lang=ru", "Строк должно быть от 1 до 26, а не 40."),
        ("rows=40&cols=3&k=3&lang=xx", "Rows must be from 1 to 26, not 40."),
    ],
)
def test_an_impossible_board_is_refused_naming_the_limit(
    web: Web, query: str, message: str
) -> None:
    response = web.client.get(f"/api/levels?{query}")
    assert response.status_code == 400
    assert response.json()["message"] == message


# --- against the computer -------------------------------------------------------------


def test_a_whole_game_against_the_computer(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        welcome = solo(page)
        assert welcome["player"] == "a" and len(welcome["token"]) >= 32
        # first-free answers in the top row: X takes the middle row.
        for ply, cell in ((0, 3), (2, 4)):
            page.send(t="move", cell=cell, ply=ply)
            page.state(lambda s, n=ply: len(s["moves"]) == n + 2)
        page.send(t="move", cell=5, ply=4)
        final = page.state(lambda s: s["over"])
    assert final["moves"] == [3, 0, 4, 1, 5]
    assert final["winner"] == "X" and final["lines"] == [[3, 5]] and final["ended"] == "win"
    assert final["score"] == {"a": 1, "b": 0, "draws": 0}
    web.written()
    (saved,) = Archive(web.home / "games.sqlite3").games().games
    assert saved.record.moves == (3, 0, 4, 1, 5)
    assert (saved.record.x_player, saved.record.o_player) == ("human", "first-free")
    assert (saved.record.winner, saved.record.termination) == (Mark.X, Termination.LINE)
    tallies = Scoreboard(web.home / "games.sqlite3").tallies()
    assert [(t.opponent, t.wins) for t in tallies] == [("first-free", 1)]


def test_the_computer_starts_when_it_plays_x(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        solo(page, first="computer")
        state = page.state(lambda s: len(s["moves"]) == 1)
        assert state["marks"] == {"a": "O", "b": "X"} and state["moves"] == [0]
        assert state["turn"] == "O" and not state["thinking"]


def test_thinking_is_shown_while_the_computer_moves(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        solo(page, level="perfect")
        page.state()
        page.send(t="move", cell=4, ply=0)
        assert page.state(lambda s: len(s["moves"]) == 1)["thinking"]
        assert not page.state(lambda s: len(s["moves"]) == 2)["thinking"]


def test_undo_redo_and_new_game(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        solo(page)
        page.send(t="move", cell=4, ply=0)
        page.state(lambda s: len(s["moves"]) == 2)
        page.send(t="undo")
        undone = page.state(lambda s: s["moves"] == [])
        assert undone["can_redo"] and not undone["can_undo"]
        page.send(t="redo")
        assert page.state(lambda s: s["moves"] == [4, 0])["can_undo"]
        page.send(t="new")
        fresh = page.state(lambda s: s["game"] == 2)
        assert fresh["moves"] == [] and fresh["score"] == {"a": 0, "b": 0, "draws": 0}


def test_hints_on_small_boards_give_every_cells_value(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        solo(page)
        page.send(t="move", cell=0, ply=0)
        page.state(lambda s: len(s["moves"]) == 2)  # first-free answered at 1
        page.send(t="hint")
        hint = page.until("hint")
        values = {cell["cell"]: (cell["value"], cell["moves"]) for cell in hint["cells"]}
        assert hint["ply"] == 2 and set(values) == set(range(2, 9))
        assert values[4] == ("win", 3)  # the centre forks: X wins on its third move from here
        assert all(value in ("win", "draw", "loss") for value, _ in values.values())


def test_a_level_that_cannot_play_the_board_is_refused(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        page.send(t="solo", rows=7, cols=7, k=5, level="perfect", first="you")
        assert page.error()["code"] == "level_board"
        solo(page, level="win-block", size=7, k=5)
        page.send(t="level", level="perfect")
        assert page.error()["code"] == "level_board"
        page.send(t="solo", rows=3, cols=3, k=9, level="random", first="you")
        refused = page.error()
        assert refused["code"] == "bad_board"
        assert refused["message"] == (
            "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 9."
        )


def test_levels_are_asked_for_by_level_name_too(web: Web) -> None:
    with web.connect() as ws:
        page = Page(ws)
        solo(page, level="expert", size=7, k=5)
        assert page.state()["level"] == "search"
        page.send(t="level", level="Medium")
        assert page.state(lambda s: s["level"] != "search")["level"] == "win-block"


# --- two people ---------------------------------------------------------------------------


def test_seats_turns_and_spectators(web: Web) -> None:
    a, b, _ = friend_pair(web)
    assert a.state(lambda s: s["seats"]["b"]["taken"])["seats"]["b"]["online"]
    a.send(t="move", cell=4, ply=0)
    a.state(lambda s: s["moves"] == [4])
    a.send(t="move", cell=0, ply=1)
    assert a.error()["code"] == "turn"
    b.send(t="move", cell=4, ply=1)
    assert b.error()["code"] == "taken"
    b.send(t="move", cell=0, ply=0)
    assert b.error()["code"] == "stale"
    with web.connect() as ws:
        watcher = Page(ws)
        watcher.send(t="join", room=a.seen[0]["room"])
        assert watcher.until("welcome")["player"] is None
        assert watcher.state()["spectators"] == 1
        watcher.send(t="move", cell=0, ply=1)
        assert watcher.error()["code"] == "spectator"
        watcher.send(t="undo")
        assert watcher.error()["code"] == "spectator"
        watcher.send(t="join", room=a.seen[0]["room"], token="x" * 32)
        assert watcher.error()["code"] == "bad_token"
    b.send(t="undo")
    assert b.error()["code"] == "friend"
    b.send(t="hint")
    assert b.error()["code"] == "solo_only"


def test_a_reloaded_page_gets_its_seat_back(web: Web) -> None:
    a, b, token = friend_pair(web)
    room = a.seen[0]["room"]
    a.send(t="move", cell=0, ply=0)
    b.state(lambda s: s["moves"] == [0])
    b.ws.close()
    gone = a.state(lambda s: s["seats"]["b"]["away"] is not None)
    assert not gone["seats"]["b"]["online"] and gone["moves"] == [0]
    with web.connect() as ws:
        back = Page(ws)
        back.send(t="join", room=room, token=token)
        assert back.until("welcome") == {
            "t": "welcome", "room": room, "player": "b", "token": None, "kind": "friend",
        }  # fmt: skip
        assert back.state()["moves"] == [0]
        back.send(t="move", cell=4, ply=1)
        assert a.state(lambda s: s["moves"] == [0, 4])["seats"]["b"]["online"]


def test_a_request_for_a_room_is_answered_with_its_ask(web: Web) -> None:
    """The page numbers its requests for a room (``ask``): the welcome or the refusal that
    answers one carries its number, so that a page that asked twice knows which came."""
    page = web.open()
    page.send(t="solo", rows=3, cols=3, k=3, level="first-free", first="you", ask=1)
    page.send(t="friend", rows=3, cols=3, k=3, ask=2)
    first, second = page.until("welcome"), page.until("welcome")
    assert (first["ask"], first["kind"], second["ask"], second["kind"]) == (1, "solo", 2, "friend")
    page.send(t="join", room="doesnotexist", ask=3)
    assert page.error() == {
        "t": "error", "code": "gone", "message": "This game no longer exists.", "ask": 3,
    }  # fmt: skip
    page.send(t="solo", rows=3, cols=3, k=9, level="first-free", first="you", ask=4)
    assert page.error()["ask"] == 4
    page.send(t="join", room=second["room"])  # without one, the answer has none
    assert "ask" not in page.until("welcome")
    page.send(t="move", cell=0, ply=0)
    page.send(t="move", cell=0, ply=1)
    assert "ask" not in page.error()


def win_as_x(x: Page, o: Page, start: int = 0) -> None:
    """X plays the top row, O the middle row (X wins)."""
    for ply, (page, cell) in enumerate([(x, 0), (o, 3), (x, 1), (o, 4), (x, 2)], start=start):
        page.send(t="move", cell=cell, ply=ply - start)
        page.state(lambda s, n=ply - start + 1: len(s["moves"]) == n)


def test_a_rematch_swaps_the_marks(web: Web) -> None:
    a, b, _ = friend_pair(web)
    win_as_x(a, b)
    done = b.state(lambda s: s["over"])
    assert done["winner"] == "X" and done["score"] == {"a": 1, "b": 0, "draws": 0}
    a.send(t="move", cell=8, ply=5)
    assert a.error()["code"] == "over"
    a.send(t="rematch")
    assert b.state(lambda s: s["rematch"] == ["a"])["game"] == 1
    b.send(t="rematch")
    second = a.state(lambda s: s["game"] == 2)
    assert second["marks"] == {"a": "O", "b": "X"} and second["moves"] == []
    win_as_x(b, a)
    assert a.state(lambda s: s["over"])["score"] == {"a": 1, "b": 1, "draws": 0}


def test_resigning_ends_the_game(web: Web) -> None:
    a, b, _ = friend_pair(web)
    a.send(t="new")
    assert a.error()["code"] == "playing"
    b.send(t="resign")
    over = a.state(lambda s: s["over"])
    assert over["winner"] == "X" and over["ended"] == "resign"
    web.written()
    (saved,) = Archive(web.home / "games.sqlite3").games().games
    assert (saved.record.winner, saved.record.termination) == (Mark.X, Termination.RESIGNATION)
    two_people = Tally("human", Rules(), 1, 0, 0)  # counted as at one computer: X won
    assert Scoreboard(web.home / "games.sqlite3").tallies() == [two_people]


def test_a_game_can_be_claimed_only_after_the_wait(web_factory: Callable[..., Web]) -> None:
    web = web_factory(claim_after=30.0)
    a, b, _ = friend_pair(web)
    a.send(t="claim")
    assert a.error()["code"] == "too_soon"  # b is online
    b.ws.close()
    a.state(lambda s: s["seats"]["b"]["away"] is not None)
    web.clock.advance(29)
    a.send(t="claim")
    assert a.error()["code"] == "too_soon"
    web.clock.advance(2)
    a.send(t="claim")
    over = a.state(lambda s: s["over"])
    assert over["ended"] == "timeout" and over["winner"] == "X"
    web.written()
    (saved,) = Archive(web.home / "games.sqlite3").games().games
    assert (saved.record.winner, saved.record.termination) == (Mark.X, Termination.FORFEIT)


# --- bad input and limits -------------------------------------------------------------------

BAD_MESSAGES: list[str | bytes] = [
    "",
    "not json",
    "[" * 2000 + "]" * 2000,
    '{"t": "move", "cell": 1e400}',
    '{"t": "move", "cell": NaN}',
    "[1, 2]",
    '"move"',
    "{}",
    '{"t": "fly"}',
    '{"t": ["move"]}',
    '{"t": "move"}',
    '{"t": "move", "cell": true}',
    '{"t": "move", "cell": 4.0}',
    '{"t": "move", "cell": "4"}',
    '{"t": "move", "cell": -1}',
    '{"t": "move", "cell": 99999999999999999999999}',
    '{"t": "move", "cell": 4, "extra": 1}',
    '{"t": "join", "room": "<script>alert(1)</script>"}',
    '{"t": "join", "room": "abcdefgh", "token": "short"}',
    '{"t": "solo", "rows": 3, "cols": 3, "k": 3, "level": "champion", "first": "you"}',
    '{"t": "solo", "rows": 3, "cols": 3, "k": 3, "level": "perfect", "first": "whoever"}',
    '{"t": "solo", "rows": 0, "cols": 3, "k": 3, "level": "perfect", "first": "you"}',
    b"\xff\xfe\x00{",
    '{"t": "level", "level": {"name": "perfect"}}',
]


def test_malformed_messages_get_an_error_and_the_connection_stays(
    web_factory: Callable[..., Web],
) -> None:
    web = web_factory(burst=100)  # every message reaches the parser
    a, b, _ = friend_pair(web)
    with web.connect() as ws:
        page = Page(ws)
        for raw in BAD_MESSAGES:
            if isinstance(raw, bytes):
                ws.send_bytes(raw)
            else:
                ws.send_text(raw)
            answer = page.read()
            assert answer["t"] == "error" and answer["code"], raw
            assert "Traceback" not in json.dumps(answer)
        page.send(t="ping")
        assert page.read() == {"t": "pong"}
    a.send(t="move", cell=4, ply=0)  # the players in another room never noticed
    assert b.state(lambda s: s["moves"] == [4])
    assert web.lobby.errors == 0


def test_an_oversized_message_closes_the_connection(web: Web) -> None:
    with web.connect() as ws:
        ws.send_text(json.dumps({"t": "ping", "pad": "x" * 5000}))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


def test_flooding_is_answered_then_disconnected(web_factory: Callable[..., Web]) -> None:
    web = web_factory(rate=1.0, burst=3, max_strikes=5)
    with web.connect() as ws:
        page = Page(ws)
        for _ in range(12):
            ws.send_text('{"t": "ping"}')
        answers = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                answers.append(page.read())
        assert closed.value.code == 1008
    assert answers[:3] == [{"t": "pong"}] * 3
    assert {answer.get("code") for answer in answers[3:]} == {"rate"}


def test_pages_of_other_sites_cannot_connect(web_factory: Callable[..., Web]) -> None:
    web = web_factory(allowed_origins=frozenset({"https://friends.example"}))
    with pytest.raises(WebSocketDisconnect) as refused, web.connect("https://evil.example"):
        pass
    assert refused.value.code == 1008
    for origin in ("https://friends.example", "http://testserver", None):
        with web.connect(origin) as ws:
            ws.send_text('{"t": "ping"}')
            assert ws.receive_json() == {"t": "pong"}


def test_room_spectator_and_connection_limits(web_factory: Callable[..., Web]) -> None:
    web = web_factory(max_rooms=1, max_spectators=1, max_connections=3)
    with web.connect() as first, web.connect() as second, web.connect() as third:
        maker, watcher, late = Page(first), Page(second), Page(third)
        welcome = solo(maker)
        late.send(t="solo", rows=3, cols=3, k=3, level="random", first="you")
        assert late.error()["code"] == "busy"
        watcher.send(t="join", room=welcome["room"])
        assert watcher.until("welcome")["player"] is None
        late.send(t="join", room=welcome["room"])
        assert late.error()["code"] == "crowded"
        with web.connect() as fourth, pytest.raises(WebSocketDisconnect) as full:
            fourth.receive_json()
        assert full.value.code == 1013


def test_idle_rooms_expire(web_factory: Callable[..., Web]) -> None:
    web = web_factory(idle_seconds=600.0)
    with web.connect() as ws:
        room = solo(Page(ws))["room"]
    web.clock.advance(599)
    assert web.run(web.lobby.store.sweep, 600.0) == 0
    web.clock.advance(2)
    assert web.run(web.lobby.store.sweep, 600.0) == 1
    with web.connect() as ws:
        page = Page(ws)
        page.send(t="join", room=room)
        assert page.error()["code"] == "gone"


def test_health_counts_rooms_and_connections_for_this_machine_only(
    web_factory: Callable[..., Web],
) -> None:
    web = web_factory()
    with web.connect() as ws:
        solo(Page(ws))
        assert web.client.get("/api/health").json() == {
            "status": "ok", "rooms": 1, "connections": 1, "thinking": 0, "errors": 0,
        }  # fmt: skip
    public = web_factory(client=("203.0.113.9", 40000))
    answer = public.client.get("/api/health")
    assert (answer.status_code, answer.json()) == (200, {"status": "ok"})
