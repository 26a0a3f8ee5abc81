"""How the computer thinks, for the web page: a position's search tree as plain data.

The page asks for one node of the tree at a time (:class:`TreeAsk`: the game's
moves, a line of moves below them, the search) and gets its children with
their values in words and tones, what the search did at each, and the counts
of every search (:func:`tree_answer`); or a page of the search's steps in the
order it visits positions, for positions small enough to watch
(:func:`steps_answer`). The words are the tk panel's and ``solve --tree``'s
(:mod:`tictactoe.texts.sentences`), in the page's language. Positions too big
to search to the end get the engine's own search instead.

:func:`read_ask` checks a request's fields, answering a refusal in words;
the answers are worked out as the thinker's jobs (:mod:`.thinking`), never on
the event loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tictactoe.core import Board, Limits, Numbering, Rules, cell_name
from tictactoe.core.exact.solver import Value
from tictactoe.core.tree import (
    ENGINE_NODES,
    MAX_EMPTY,
    Event,
    Node,
    Search,
    Step,
    Tree,
    Visit,
    engine_tree,
    searchable,
)
from tictactoe.session import check_board
from tictactoe.texts.i18n import ENGLISH, LANGUAGES, N_, Gettext, Translator, translator
from tictactoe.texts.sentences import (
    bounded,
    cut_reason,
    in_table,
    positions,
    tree_counts,
    tree_search,
    tree_value,
)

STEP_LIMIT = 1_000
"""Most positions a search may visit for its steps to be shown (enough for alpha-beta after
the first move of 3 x 3, minimax from the third)."""

STEPS_SENT = 200
"""Steps in one answer: the page asks for the next ones as it gets there."""

TONES = {Value.WIN: "win", Value.DRAW: "draw", Value.LOSS: "loss"}
"""A value's colour on the page, for the player of the move."""


@dataclass(frozen=True)
class TreeAsk:
    """One request: the node after ``path`` below the game's ``moves``, under ``search``;
    with ``start``, the search's steps from that one on."""

    rules: Rules
    moves: tuple[int, ...]
    search: Search = Search.MINIMAX
    path: tuple[int, ...] = ()
    language: str = ENGLISH
    start: int | None = None

    @property
    def board(self) -> Board:
        """The game's position (the tree's root)."""
        return _played(Board.empty(self.rules), self.moves)

    @property
    def exact(self) -> bool:
        """True when the tree is searched to the end (else the engine's search is shown)."""
        return searchable(self.board)


def _played(board: Board, cells: tuple[int, ...]) -> Board:
    for cell in cells:
        board = board.play(cell)
    return board


def _cells(text: str) -> tuple[int, ...] | None:
    """``"4,0,8"`` as cells (``""``: none); None when it is not a list of whole numbers."""
    if not text.strip():
        return ()
    parts = text.split(",")
    if len(parts) > 26 * 26 or not all(part.strip().isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


def read_ask(query: Mapping[str, str], gettext: Gettext) -> TreeAsk | str:
    """The request the page's ``query`` makes, or why it makes none (in ``gettext``'s language):
    ``rows``, ``cols``, ``k``, ``moves`` and ``path`` (cells, comma-separated), ``search``,
    ``lang``, and ``start`` for the steps."""
    checked = check_board(query.get("rows", ""), query.get("cols", ""), query.get("k", ""), gettext)
    if isinstance(checked, str):
        return checked
    rules = checked
    language = query.get("lang", ENGLISH)
    search = query.get("search", str(Search.MINIMAX))
    if search not in set(Search):
        names = ", ".join(str(known) for known in Search)
        return gettext(N_("There is no search called “{name}”: choose one of {names}.")).format(
            name=search[:20], names=names
        )
    moves, path = _cells(query.get("moves", "")), _cells(query.get("path", ""))
    if moves is None or not _plays(Board.empty(rules), moves):
        return gettext(N_("These moves are not a game on this board."))
    if path is None or not _plays(_played(Board.empty(rules), moves), path):
        return gettext(N_("These moves are not a line of play from this position."))
    start = query.get("start")
    if start is not None and not (start.isdigit() and len(start) < 9):
        return gettext(N_("The first step must be a whole number."))
    return TreeAsk(
        rules,
        moves,
        Search(search),
        path,
        language if language in LANGUAGES else ENGLISH,
        None if start is None else int(start),
    )


def _plays(board: Board, cells: tuple[int, ...]) -> bool:
    """True when ``cells`` are legal moves one after another from ``board``."""
    for cell in cells:
        if board.is_over or not 0 <= cell < board.rules.size or cell not in board.legal_moves():
            return False
        board = board.play(cell)
    return True


@lru_cache(maxsize=8)
def _tree(rules: Rules, moves: tuple[int, ...]) -> Tree:
    """The tree of a game's position (its tables kept for the next request in this worker)."""
    return Tree(_played(Board.empty(rules), moves))


def _node(tree: Tree, path: tuple[int, ...]) -> Node:
    node = tree.root
    for cell in path:
        node = next(child for child in node.children if child.move == cell)
    return node


def _name(rules: Rules, cell: int) -> str:
    return cell_name(rules, cell, Numbering.COORDS)


def node_record(_: Translator, node: Node) -> dict[str, Any]:
    """One child as the page lists it: its move, value in words and tone, what the search
    did there, whether it opens."""
    assert node.move is not None
    searched = node.visit is Visit.SEARCHED
    return {
        "move": node.move,
        "name": _name(node.board.rules, node.move),
        "value": tree_value(_, node.value, node.mover, move=True),
        "tone": TONES[node.value.value],
        "visit": str(node.visit),
        "search": tree_search(_, node),
        "opens": searched and not node.board.is_over,
    }


def tree_answer(ask: TreeAsk) -> dict[str, Any]:
    """The node ``ask`` names: its children and the counts, or the engine's search of a
    position too big to search to the end."""
    _ = translator(ask.language)
    if not ask.exact:
        return engine_answer(_, ask.board)
    tree = _tree(ask.rules, ask.moves).switched(ask.search)
    node = _node(tree, ask.path)
    value, counted, others = tree_counts(_, tree)
    watchable = tree.count <= STEP_LIMIT
    return {
        "exact": True,
        "search": str(tree.search),
        "path": list(ask.path),
        "over": tree.board.is_over,
        "value": _("The game is over.") if tree.board.is_over else value,
        "counted": counted,
        "others": others,
        "counts": tree.counts._asdict(),
        "children": [node_record(_, child) for child in node.children],
        "steps": {
            "watchable": watchable and not tree.board.is_over,
            "note": "" if watchable else too_many(_, tree.count),
        },
    }


def too_many(_: Translator, count: int) -> str:
    """Why a search's steps are not shown."""
    return _(
        "Too many positions to watch step by step ({positions}; at most {limit}): "
        "play on a few moves, or choose another search."
    ).format(positions=positions(_, count), limit=f"{STEP_LIMIT:,}")


def too_big(_: Translator) -> str:
    """Why a position's tree is not searched to the end."""
    return _(
        "This position has more than {count} empty cells: too many to search to the end."
    ).format(count=MAX_EMPTY)


def engine_answer(_: Translator, board: Board) -> dict[str, Any]:
    """The engine's own search of ``board``, as the tk panel lists it."""
    found = engine_tree(board, Limits(seconds=None, nodes=ENGINE_NODES))
    rules = board.rules

    def line(cells: tuple[int, ...]) -> str:
        return " ".join(_name(rules, cell) for cell in cells)

    return {
        "exact": False,
        "note": too_big(_),
        "value": _("The engine's own search: {positions}, depth {depth}").format(
            positions=positions(_, found.nodes), depth=found.depth
        ),
        "groups": [
            {
                "title": _("Iterations"),
                "rows": [
                    {
                        "name": _("depth {depth}").format(depth=step.depth),
                        "value": f"{step.score:+d}",
                        "search": f"{positions(_, step.nodes)} · {line(step.pv)}",
                        "line": list(step.pv),
                    }
                    for step in found.iterations
                ],
            },
            {
                "title": _("Moves scored"),
                "rows": [
                    {
                        "name": _name(rules, move.cell),
                        "value": f"{move.score:+d}",
                        "search": "",
                        "line": [move.cell],
                    }
                    for move in found.moves
                ],
            },
            {
                "title": _("Never looked at"),
                "grey": True,
                "rows": [
                    {"name": _name(rules, cell), "value": "", "search": "", "line": [cell]}
                    for cell in found.pruned
                ],
            },
        ],
        "line": {"title": _("Principal line"), "text": line(found.pv), "cells": list(found.pv)},
    }


def step_record(_: Translator, tree: Tree, step: Step) -> dict[str, Any]:
    """One step as the page shows it: the line of moves, what the search does, alpha-beta's
    window in words."""
    board, side = step.board, step.board.turn
    record: dict[str, Any] = {"event": str(step.event), "path": list(step.path)}
    if step.event is Event.ENTER:
        text = _("comes to this position: {mark} to move").format(mark=side)
    elif step.event is Event.CUT and step.cut is not None:
        rest = " ".join(_name(board.rules, cell) for cell in step.rest)
        text = f"{rest}: {cut_reason(_, board.rules, step.cut, side)}"
    else:
        assert step.found is not None
        mover = side if not step.path else side.other
        found = bounded(_, step.found.value, step.found.bound, mover)
        if not step.path:
            found = tree_value(_, step.found.value, side, move=False)
        if step.event is Event.SEEN:
            text = f"{in_table(_, tree.search)}: {found}"
        else:
            text = _("goes back up: {value}").format(value=found)
        record["tone"] = TONES[step.found.value.value]
    record["text"] = text
    if step.window is not None:
        low, high = step.window
        record["alpha"] = (
            _("α: {mark} is sure of nothing yet").format(mark=side)
            if low is None
            else _("α: {mark} is sure of “{value}”").format(
                mark=side, value=tree_value(_, low, side, move=False)
            )
        )
        record["beta"] = (
            _("β: nothing holds {mark} back yet").format(mark=side)
            if high is None
            else _("β: {other} can hold {mark} to “{value}”").format(
                other=side.other, mark=side, value=tree_value(_, high, side, move=False)
            )
        )
    return record


def steps_answer(ask: TreeAsk) -> dict[str, Any] | str:
    """:data:`STEPS_SENT` steps of the search from ``ask.start`` on, with their number in
    all; or why they are not shown (in words)."""
    _ = translator(ask.language)
    if not ask.exact:
        return too_big(_)
    tree = _tree(ask.rules, ask.moves).switched(ask.search)
    if tree.count > STEP_LIMIT:
        return too_many(_, tree.count)
    steps = list(tree.steps())
    start = ask.start or 0
    return {
        "search": str(tree.search),
        "total": len(steps),
        "start": start,
        "steps": [step_record(_, tree, step) for step in steps[start : start + STEPS_SENT]],
    }
