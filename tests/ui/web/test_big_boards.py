"""Big boards on the web: the engine's hints, the thinking time, progress messages, and jobs
cancelled when their position is gone (through the test client, the computer in a thread)."""

from __future__ import annotations

from typing import Any

from web_support import Page, Web, wait_until

from tictactoe.online.thinking import SUGGESTED

PATIENCE = 60.0
"""Longest wait for a message: a test of something that must happen soon fails, never hangs."""

VERDICTS = {"winning", "better", "equal", "worse", "losing"}

LONGEST = 60_000
"""The longest thinking time the server allows (ms): a search that only a stop or a cancel
ends within the test's patience."""


def cell(name: str, cols: int = 15) -> int:
    """The cell called ``name`` (``h8``) on a board ``cols`` wide."""
    return (int(name[1:]) - 1) * cols + ord(name[0]) - ord("a")


def solo(page: Page, level: str, think_ms: int | None = None, size: int = 15) -> Any:
    message: dict[str, Any] = {"rows": size, "cols": size, "k": 5, "level": level, "first": "you"}
    if think_ms is not None:
        message["think_ms"] = think_ms
    page.send(t="solo", **message)
    page.until("welcome")
    return page.state()


def play(page: Page, name: str, ply: int) -> Any:
    """Play ``name`` at move ``ply`` and wait for the computer's answer."""
    page.send(t="move", cell=cell(name), ply=ply)
    return page.state(lambda s: len(s["moves"]) == ply + 2)


def test_a_big_boards_hint_is_the_engines_best_moves(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "win-block", think_ms=50)
    state = play(page, "h8", 0)
    page.send(t="hint")
    hint = page.until("hint")
    assert hint["ply"] == 2 and hint["game"] == 1 and not hint["stopped"]
    assert "cells" not in hint
    found = hint["suggestions"]
    assert 1 <= len(found) <= SUGGESTED
    taken = set(state["moves"])
    assert len({s["cell"] for s in found}) == len(found)
    for suggestion in found:
        assert suggestion["cell"] not in taken and suggestion["verdict"] in VERDICTS
        assert suggestion["line"][0] == suggestion["cell"]
        assert suggestion["moves"] is None or suggestion["verdict"] in ("winning", "losing")


def test_a_proved_win_is_counted_in_the_winners_moves(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "first-free", think_ms=50)  # answers a1, b1, c1: X builds an open three
    for ply, name in enumerate(("h8", "i8", "j8")):
        play(page, name, 2 * ply)
    page.send(t="hint")
    best = page.until("hint")["suggestions"][0]
    assert best["verdict"] == "winning" and best["moves"] == 2  # an open four, then five
    assert best["cell"] in (cell("g8"), cell("k8"))


def test_the_thinking_time_is_part_of_the_room(web: Web) -> None:
    page = web.open(PATIENCE)
    assert solo(page, "search", think_ms=250)["think_ms"] == 250
    page.send(t="think", think_ms=2000)
    assert page.state(lambda s: s["think_ms"] == 2000)
    for bad in (10, 600_001, 1.5, "2", None, True):
        page.send(t="think", think_ms=bad)
        assert page.error()["code"] == "bad_field"
    assert solo(page, "search")["think_ms"] == 1000  # the default
    friend = web.open(PATIENCE)
    friend.send(t="friend", rows=15, cols=15, k=5)
    friend.until("welcome")
    friend.send(t="think", think_ms=500)
    assert friend.error()["code"] == "friend"


def test_the_computers_progress_comes_while_it_thinks(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "search", think_ms=400)
    page.send(t="move", cell=cell("h8"), ply=0)
    progress = page.until("progress")
    assert progress["of"] == "move" and progress["game"] == 1 and progress["ply"] == 1
    assert progress["depth"] >= 1 and progress["seconds"] >= 0
    assert progress["line"] and all(0 <= c < 225 and c != cell("h8") for c in progress["line"])
    answered = page.state(lambda s: len(s["moves"]) == 2)
    assert not answered["thinking"]


def test_a_move_during_a_hint_is_not_held_up_and_cancels_it(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "first-free", think_ms=LONGEST)  # only a cancel ends this hint in time
    play(page, "h8", 0)
    page.send(t="hint")
    page.until("progress", lambda m: m["of"] == "hint")  # the search is under way
    state = play(page, "i9", 2)  # read and answered at once
    assert state["moves"][:3] == [cell("h8"), 0, cell("i9")]
    page.send(t="hint")  # a new position: not "still working on the last hint"
    page.send(t="stop")
    answer = page.until("hint")
    assert answer["ply"] == 4 and answer["stopped"] and answer["suggestions"]
    assert not any(m["t"] == "hint" and m["ply"] == 2 for m in page.seen)  # the stale one
    assert not any(m["t"] == "error" for m in page.seen)


def test_stop_answers_with_the_best_moves_found_so_far(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "win-block", think_ms=LONGEST)
    play(page, "h8", 0)
    page.send(t="hint")
    page.until("progress", lambda m: m["of"] == "hint")
    page.send(t="hint")
    assert page.error()["code"] == "hint_busy"  # the same position: already working on it
    page.send(t="stop")
    hint = page.until("hint")
    assert hint["stopped"] and hint["suggestions"] and hint["ply"] == 2


def test_undo_while_the_computer_thinks_cancels_its_search(web: Web) -> None:
    page = web.open(PATIENCE)
    solo(page, "search", think_ms=LONGEST)
    page.send(t="move", cell=cell("h8"), ply=0)
    page.until("progress", lambda m: m["of"] == "move")
    page.send(t="undo")
    assert page.state(lambda s: s["moves"] == [])["can_redo"]
    assert wait_until(lambda: web.lobby.thinker.running == 0)  # stopped, not after a minute
    page.send(t="think", think_ms=50)
    page.state(lambda s: s["think_ms"] == 50)
    page.send(t="move", cell=cell("e5"), ply=0)
    state = page.state(lambda s: len(s["moves"]) == 2)
    assert state["moves"][0] == cell("e5")


def test_6x5_hints_are_every_cells_value_early_then_the_proved_best_moves(web: Web) -> None:
    # 6 x 5 with k = 4: the opening table values every move of the first plies; past
    # them exact play proves the best moves, one at a time, and says they are exact.
    page = web.open(PATIENCE)
    page.send(t="solo", rows=6, cols=5, k=4, level="first-free", first="you")
    page.until("welcome")
    page.state()
    page.send(t="hint")
    hint = page.until("hint")
    values = {found["cell"]: found for found in hint["cells"]}
    assert len(values) == 30 and "suggestions" not in hint
    assert values[12]["value"] == "win" and values[12]["moves"] == 6  # c3: X wins in 6
    page.send(t="move", cell=12, ply=0)  # first-free answers a1
    page.state(lambda s: len(s["moves"]) == 2)
    page.send(t="move", cell=17, ply=2)  # c4; first-free answers b1
    page.state(lambda s: len(s["moves"]) == 4)
    page.send(t="hint")
    hint = page.until("hint")
    assert "cells" not in hint and hint["suggestions"]
    assert all(s["exact"] and s["verdict"] == "winning" for s in hint["suggestions"])
