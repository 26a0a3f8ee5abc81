"""``tictactoe solve --tree``: a position's search tree as indented text or as JSON.

:class:`~tictactoe.core.tree.Tree` gives the tree of plain minimax, alpha-beta or a
table of positions; each node is printed with its move, its exact value, how the
chosen search met it (searched, cut off and why, read from the table) and the
positions the search visited below it, down to ``--depth`` plies. Positions too
big to search to the end get the gomoku engine's own search instead
(:func:`~tictactoe.core.tree.engine_tree`).

The values are worded by ``solve``'s own ``describe`` ("X wins in 3"), which
:mod:`tictactoe.cli.commands.solve` hands in with the board's header.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import Numbering, label
from tictactoe.core.exact.values import Prospect
from tictactoe.core.search import Limits
from tictactoe.core.tree import (
    MAX_EMPTY,
    Bound,
    EngineTree,
    Node,
    Search,
    Tree,
    Visit,
    engine_tree,
    searchable,
)

Describe = Callable[[Prospect, object], str]
"""``solve``'s wording of a value for a side: ``X wins in 3``, ``draw``."""

SEARCH_NAMES = {
    Search.MINIMAX: "minimax",
    Search.ALPHABETA: "alpha-beta",
    Search.TABLE: "table",
    Search.SYMMETRY: "table with symmetries",
}
"""Each search as the reports name it."""

TOO_BIG = f"the tree is searched to the end with at most {MAX_EMPTY} empty cells"


def report(
    board: Board,
    search: Search,
    depth: int,
    as_json: bool,
    limits: Limits,
    header: list[str],
    describe: Describe,
) -> str | dict[str, object]:
    """The tree of ``board`` (not over) as text under ``header``, or as a JSON record."""
    if not searchable(board):
        found = engine_tree(board, limits)
        return engine_record(found) if as_json else engine_text(found, header)
    tree = Tree(board, search)
    if as_json:
        return tree_record(tree, depth)
    return "\n".join([*header, *tree_lines(tree, depth, describe)])


def name(board: Board, cell: int) -> str:
    """A cell by its coordinates (``b2``)."""
    return label(board.rules, cell, Numbering.COORDS)


def counts_line(tree: Tree) -> str:
    """The positions every search visits, the chosen one first."""
    counts = tree.counts
    others = "; ".join(
        f"{SEARCH_NAMES[search]} {counts.of(search):,}"
        for search in Search
        if search != tree.search
    )
    return f"tree: {SEARCH_NAMES[tree.search]}, {tree.count:,} positions ({others})"


def tree_lines(tree: Tree, depth: int, describe: Describe) -> list[str]:
    """The root's value, the counts, then the nodes down to ``depth`` plies, indented."""
    root = tree.root
    lines = [f"{root.mover} to move: {describe(root.value, root.mover)} (exact)"]
    lines.append(counts_line(tree))
    lines.extend(_nodes(root, depth, 1, describe))
    return lines


def _nodes(node: Node, depth: int, level: int, describe: Describe) -> Iterator[str]:
    if level > depth or node.visit is not Visit.SEARCHED:
        return
    for child in node.children:
        assert child.move is not None
        yield f"{'  ' * level}{name(child.board, child.move)}  {node_text(child, describe)}"
        yield from _nodes(child, depth, level + 1, describe)


def node_text(node: Node, describe: Describe) -> str:
    """A node's value, then what the search did there."""
    value = describe(node.value, node.mover)
    return f"{value}  [{visit_text(node, describe)}]"


def bounded(value: Prospect, bound: Bound, mover: Mark, describe: Describe) -> str:
    """A value alpha-beta proved, exact or a bound: ``draw or better for O``."""
    text = describe(value, mover)
    if bound is Bound.EXACT:
        return text
    return f"{text} or {'better' if bound is Bound.AT_LEAST else 'worse'} for {mover}"


def visit_text(node: Node, describe: Describe) -> str:
    """What the search did at ``node``: positions visited, alpha-beta's result, why it
    was cut off or not searched."""
    mover = node.mover
    if node.visit is Visit.CUT and node.cut is not None:
        cut = node.cut
        reached = f"{describe(cut.reached, mover)} or better"
        return (
            f"cut off: {mover} already has {reached} with {name(node.board, cut.by)}; "
            f"{mover.other} can hold {mover} to {describe(cut.limit, mover)} elsewhere"
        )
    if node.visit is Visit.SEEN:
        if node.search is Search.SYMMETRY:
            return "in the table already (it or a mirror image): not searched again"
        return "in the table already: not searched again"
    count = node.count
    positions = f"{count:,} position{'s' if count != 1 else ''}"
    if node.found is not None:
        return (
            f"searched: {bounded(node.found.value, node.found.bound, mover, describe)}; {positions}"
        )
    return positions


def tree_record(tree: Tree, depth: int) -> dict[str, object]:
    """The JSON object of a tree: the position, the search, every count, the nodes."""
    return {
        "position": tree.board.text,
        "exact": True,
        "search": str(tree.search),
        "counts": tree.counts._asdict(),
        "tree": node_record(tree.root, depth),
    }


def prospect_record(value: Prospect) -> dict[str, object]:
    """``value`` as ``solve --json`` gives a move's: value, plies, winner's moves."""
    return {"value": str(value.value), "plies": value.plies, "winner_moves": value.winner_moves}


def node_record(node: Node, depth: int) -> dict[str, object]:
    """One node and, ``depth`` plies down, its children (when the search searched it)."""
    record: dict[str, object] = {
        "move": node.move,
        "name": None if node.move is None else name(node.board, node.move),
        "mover": str(node.mover),
        **prospect_record(node.value),
        "visit": str(node.visit),
        "positions": node.count,
    }
    if node.found is not None:
        record["found"] = {"bound": str(node.found.bound), **prospect_record(node.found.value)}
    if node.cut is not None:
        record["cut"] = {
            "by": node.cut.by,
            "by_name": name(node.board, node.cut.by),
            "reached": prospect_record(node.cut.reached),
            "limit": prospect_record(node.cut.limit),
        }
    if depth > 0 and node.visit is Visit.SEARCHED and not node.board.is_over:
        record["children"] = [node_record(child, depth - 1) for child in node.children]
    return record


def _score(score: int) -> str:
    return f"{score:+d}"


def engine_text(found: EngineTree, header: list[str]) -> str:
    """The engine's search as text: iterations, scored moves, moves never looked at, line."""
    board = found.board
    mover = board.turn
    how_long = f"the engine answers without searching ({found.reason})"
    if found.nodes:
        how_long = f"the engine searched {found.nodes:,} positions in {found.seconds:.2f} s" + (
            f", depth {found.depth}" if found.depth else ""
        )
    lines = [*header, f"{mover} to move (not exact: {TOO_BIG}; {how_long})"]
    lines.append(f"best: {name(board, found.best)}  (score {_score(found.score)})")
    if found.iterations:
        lines.append("iterations:")
        for step in found.iterations:
            line = " ".join(name(board, cell) for cell in step.pv)
            lines.append(
                f"  depth {step.depth}: {step.nodes:,} positions, {step.seconds:.2f} s, "
                f"score {_score(step.score)}, line {line}"
            )
    if found.moves:
        lines.append("moves scored at the root (best first; after the first, bounds):")
        width = max(len(name(board, move.cell)) for move in found.moves)
        for move in found.moves:
            lines.append(f"  {name(board, move.cell):<{width}}  {_score(move.score)}")
    if found.pruned:
        lines.append(
            f"never looked at ({len(found.pruned)} moves that make and stop no threat): "
            + ", ".join(name(board, cell) for cell in found.pruned)
        )
    sides = (mover, mover.other)
    line = " ".join(f"{sides[i % 2]} {name(board, cell)}" for i, cell in enumerate(found.pv))
    lines.append(f"principal line: {line}")
    return "\n".join(lines)


def engine_record(found: EngineTree) -> dict[str, object]:
    """The JSON object of the engine's search of a position too big for the tree."""
    board = found.board
    return {
        "position": board.text,
        "exact": False,
        "not_exact": TOO_BIG,
        "search": "engine",
        "best": found.best,
        "best_name": name(board, found.best),
        "score": found.score,
        "reason": str(found.reason),
        "iterations": [
            {
                "depth": step.depth,
                "nodes": step.nodes,
                "seconds": round(step.seconds, 3),
                "score": step.score,
                "pv": list(step.pv),
                "pv_names": [name(board, cell) for cell in step.pv],
            }
            for step in found.iterations
        ],
        "moves": [
            {"move": move.cell, "name": name(board, move.cell), "score": move.score}
            for move in found.moves
        ],
        "pruned": list(found.pruned),
        "pruned_names": [name(board, cell) for cell in found.pruned],
        "pv": list(found.pv),
        "pv_names": [name(board, cell) for cell in found.pv],
        "depth": found.depth,
        "nodes": found.nodes,
        "seconds": round(found.seconds, 3),
    }
