"""The search tree's JSON API (``/api/tree``, ``/api/tree/steps``): a node's children with their
values in words, the counts of every search, the steps of a search small enough to watch, and a
plain 400 (a message, never a traceback) for whatever names no position, line or search."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import Web

from tictactoe.online.lobby import TREES_AT_ONCE
from tictactoe.online.tree import STEPS_SENT

THREE = {"rows": "3", "cols": "3", "k": "3"}


def tree(web: Web, status: int = 200, url: str = "/api/tree", **query: str) -> Any:
    answer = web.client.get(url, params={**THREE, **query})
    assert answer.status_code == status, answer.text
    return answer.json()


def test_the_tree_after_one_move_lists_every_reply_with_its_value(web: Web) -> None:
    found = tree(web, moves="4")
    assert found["exact"] and found["value"] == "O to move: draw"
    assert found["counts"] == {"minimax": 55505, "alphabeta": 712, "table": 1837, "symmetry": 255}
    assert found["counted"] == "Minimax: 55,505 positions"
    names = [child["name"] for child in found["children"]]
    assert names == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    for child in found["children"]:
        corner = child["name"] in ("a1", "c1", "a3", "c3")
        assert child["value"] == ("draw" if corner else "X wins in 3 of its moves")
        assert child["tone"] == ("draw" if corner else "loss") and child["opens"]
    below = tree(web, moves="4", path="0")["children"]
    assert [child["move"] for child in below] == [1, 2, 3, 5, 6, 7, 8]


def test_the_search_switch_changes_the_counts_and_cuts_with_a_reason(web: Web) -> None:
    found = tree(web, moves="4", search="alphabeta")
    assert found["counted"] == "Alpha-beta: 712 positions"
    cut = [
        child
        for reply in found["children"]
        for child in tree(web, moves="4", search="alphabeta", path=str(reply["move"]))["children"]
        if child["visit"] == "cut"
    ]
    assert cut and all(child["search"].startswith("cut off: ") for child in cut)
    assert not cut[0]["opens"]


def test_the_words_come_in_the_language_asked_for(web: Web) -> None:
    found = tree(web, moves="4", lang="ru")
    assert found["value"] == "Ходит O: ничья"
    refused = tree(web, 400, moves="4,4", lang="vi")
    assert refused["message"] == "Các nước đi này không phải một ván trên bàn cờ này."


def test_the_steps_of_a_small_search_come_a_page_at_a_time(web: Web) -> None:
    first = tree(web, url="/api/tree/steps", moves="4", search="alphabeta")
    assert first["total"] == 1715 and len(first["steps"]) == STEPS_SENT
    step = first["steps"][0]
    assert step["event"] == "enter" and step["path"] == []
    assert step["alpha"] == "α: O is sure of nothing yet"
    last = tree(web, url="/api/tree/steps", moves="4", search="alphabeta", start="1714")
    assert [step["event"] for step in last["steps"]] == ["leave"]
    assert last["steps"][0]["text"] == "goes back up: draw"
    assert tree(web, moves="4", search="minimax")["steps"]["watchable"] is False
    refused = tree(web, 400, url="/api/tree/steps", moves="4", search="minimax")
    assert refused["message"].startswith("Too many positions to watch step by step (55,505")


def test_a_big_board_gets_the_engines_search(web: Web) -> None:
    found = tree(web, rows="15", cols="15", k="5", moves="112")
    assert not found["exact"] and found["note"].startswith("This position has more than 10")
    assert [group["title"] for group in found["groups"]] == [
        "Iterations",
        "Moves scored",
        "Never looked at",
    ]
    assert found["line"]["cells"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"rows": "40"}, "Rows must be from 1 to 26, not 40."),
        ({"moves": "4,4"}, "These moves are not a game on this board."),
        ({"moves": "x"}, "These moves are not a game on this board."),
        ({"moves": "99"}, "These moves are not a game on this board."),
        ({"moves": "0,3,1,4,2", "path": "5"}, "These moves are not a line of play from"),
        ({"moves": "4", "path": "4"}, "These moves are not a line of play from"),
        ({"search": "dfs"}, "There is no search called “dfs”: choose one of minimax, alphabeta"),
        ({"start": "-1", "moves": "4"}, "The first step must be a whole number."),
    ],
)
def test_bad_requests_are_refused_in_words(web: Web, query: dict[str, str], message: str) -> None:
    path = "/api/tree/steps" if "start" in query else "/api/tree"
    answer = web.client.get(path, params={**THREE, **query})
    assert answer.status_code == 400
    assert answer.json()["message"].startswith(message)
    assert "Traceback" not in answer.text and web.lobby.errors == 0


def test_one_address_asks_for_a_few_trees_at_once(web: Web) -> None:
    lobby = web.lobby
    lobby._trees["127.0.0.1"] = TREES_AT_ONCE  # as if that many were on their way
    refused = tree(web, 429, moves="4")
    assert refused["message"] == "Too many requests at once: wait for the last answers."
    lobby._trees.clear()
    assert tree(web, moves="4")["exact"]
