"""Options > How the computer thinks: the search tree beside the board, through real Tk."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictactoe.core.board import Board
from tictactoe.core.exact.solver import Solver
from tictactoe.core.rules import Rules
from tictactoe.core.tree import Search, Visit
from tictactoe.ui.tk.tree_panel import TreePanel

from .conftest import Harness

pytestmark = pytest.mark.gui

MakeApp = Callable[..., Harness]


def opened(h: Harness) -> TreePanel:
    h.app.menus.invoke("options", "tree")
    h.settle(0.1)
    panel = h.app.tree_panel
    assert panel is not None and panel.winfo_ismapped()
    return panel


def rows(panel: TreePanel, item: str = "") -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Each child item of ``item``: its move, value, search text and tags."""
    view = panel.view
    found = []
    for child in view.get_children(item):
        value, search = [*view.item(child, "values"), "", ""][:2]
        found.append(
            (view.item(child, "text"), str(value), str(search), tuple(view.item(child, "tags")))
        )
    return found


def test_the_tree_after_one_move_lists_every_reply_and_expands(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    width = h.root.winfo_width()
    panel = opened(h)
    assert h.root.winfo_width() > width  # the window widened for the panel
    assert len(rows(panel)) == 9 and "549,946 positions" in panel.counts.cget("text")
    h.click_cell(4)
    h.settle(0.1)
    board = Board.parse(".../.X./...")
    replies = rows(panel)
    assert [move for move, *_ in replies] == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    values = Solver().move_outcomes(board)
    for (move, value, search, _tags), cell in zip(replies, sorted(values), strict=True):
        expected = "draw" if values[cell].winner_moves is None else "X wins in"
        assert value.startswith(expected), (move, value)
        assert search.endswith("positions")
    assert "O to move: draw" in panel.counts.cget("text")
    first = panel.view.get_children("")[1]  # b1: X wins
    panel.open(first)
    assert [move for move, *_ in rows(panel, first)] == ["a1", "c1", "a2", "c2", "a3", "b3", "c3"]


def test_the_search_switch_changes_the_counts_and_greys_the_cuts(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    panel = opened(h)
    h.click_cell(4)
    h.settle(0.1)
    minimax = panel.counts.cget("text")
    panel.switches[Search.ALPHABETA].invoke()
    h.settle(0.05)
    assert panel.counts.cget("text") != minimax and "Alpha-beta: " in panel.counts.cget("text")
    cut = []
    for item in panel.view.get_children(""):
        if panel.nodes[item].visit is Visit.SEARCHED and panel.view.get_children(item):
            panel.open(item)
            cut += [row for row in rows(panel, item) if "grey" in row[3]]
    assert cut and all(
        row[2].startswith("cut off: ") and "already gives X “" in row[2] for row in cut
    )
    panel.switches[Search.TABLE].invoke()
    h.settle(0.05)
    assert "Table: 1,837 positions" in panel.counts.cget("text").replace("\n", " ")
    h.app.menus.invoke("options", "tree")
    h.settle(0.05)
    assert h.app.tree_panel is None and not panel.winfo_exists()


def test_a_big_board_shows_the_engines_search(make_app: MakeApp) -> None:
    h = make_app(opponent="human", rules=Rules(9, 9, 5))
    panel = opened(h)
    h.click_cell(40)
    h.settle(0.2)
    tops = [move for move, *_ in rows(panel)]
    assert tops[:2] == ["Iterations", "Moves scored"] and tops[-1] == "Principal line"
    assert str(panel.switches[Search.MINIMAX].cget("state")) == "disabled"


def test_the_panel_speaks_the_language(make_app: MakeApp) -> None:
    h = make_app(opponent="human", language="ru")
    panel = opened(h)
    assert panel.title.cget("text") != "How the computer thinks"
    assert "ничья" in rows(panel)[0][1]
