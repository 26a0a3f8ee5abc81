"""The game tree as data: its counts against straightforward enumerations, its values against
the solver's, and what alpha-beta and the tables search, cut off and read back."""

from __future__ import annotations

import itertools
import math

import pytest

from tictactoe.core.board import Board
from tictactoe.core.errors import UnsolvableError
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import Solver, _root_moves
from tictactoe.core.exact.values import Prospect, Value
from tictactoe.core.search import Limits
from tictactoe.core.tree import (
    Bound,
    Event,
    Node,
    Search,
    Tree,
    Visit,
    engine_tree,
    searchable,
)

EMPTY = Board.empty()


def game_tree_nodes(board: Board) -> int:
    """Every node of the game tree below ``board``, one by one."""
    return 1 + sum(game_tree_nodes(board.play(cell)) for cell in board.legal_moves())


def reachable(board: Board) -> set[tuple[int, int]]:
    """Every position reachable from ``board`` (itself and finished ones included)."""
    seen = {(board.x, board.o)}
    frontier = [board]
    while frontier:
        position = frontier.pop()
        for cell in position.legal_moves():
            child = position.play(cell)
            if (child.x, child.o) not in seen:
                seen.add((child.x, child.o))
                frontier.append(child)
    return seen


def up_to_symmetry(board: Board) -> set[tuple[int, int]]:
    """The positions reachable from ``board``, one for each set of symmetric images."""
    found = set()
    for x, o in reachable(board):
        position = Board(board.rules, x, o)
        found.add(
            min((image.x, image.o) for image in map(position.transformed, board.rules.symmetries))
        )
    return found


def outcome(rank: float) -> Prospect:
    """The outcome of a :attr:`Prospect.rank` (a draw's length does not matter here)."""
    if rank > 0:
        return Prospect(Value.WIN, int(1000 - rank))
    return Prospect(Value.LOSS, int(1000 + rank)) if rank < 0 else Prospect(Value.DRAW, 0)


def child_bound(bound: float) -> float:
    """The child's rank whose outcome, after the move, has the rank ``bound``."""
    if math.isinf(bound):
        return -bound
    return 0 if bound == 0 else -bound - (1 if bound > 0 else -1)


def plain_alphabeta(board: Board, alpha: float, beta: float, prover: Prover) -> tuple[float, int]:
    """Fail-soft alpha-beta without any table, in the solver's order: (score, nodes), the
    scores being :attr:`Prospect.rank` for the side to move."""
    if board.is_over:
        return Prospect(Value.LOSS if board.winner else Value.DRAW, 0).rank, 1
    best, nodes = -math.inf, 1
    for cell in _root_moves(prover, board):
        score, below = plain_alphabeta(
            board.play(cell), child_bound(beta), child_bound(alpha), prover
        )
        nodes += below
        best = max(best, outcome(score).after_move().rank)
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best, nodes


def test_counts_of_the_empty_board_against_enumerations() -> None:
    counts = Tree(EMPTY).counts
    assert counts.minimax == game_tree_nodes(EMPTY) == 549_946
    assert counts.table == len(reachable(EMPTY)) == 5_478
    assert counts.symmetry == len(up_to_symmetry(EMPTY)) == 765
    score, nodes = plain_alphabeta(EMPTY, -math.inf, math.inf, Prover(EMPTY.rules))
    assert score == 0  # a draw
    assert counts.alphabeta == nodes == 1_869


@pytest.mark.parametrize("text", ["X../.O./...", "XO./.../...", "XX./OO./...", "X.O/.X./..O"])
def test_counts_of_later_positions(text: str) -> None:
    board = Board.parse(text)
    counts = Tree(board).counts
    assert counts.minimax == game_tree_nodes(board)
    assert counts.table == len(reachable(board))
    assert counts.symmetry == len(up_to_symmetry(board))
    assert counts.alphabeta == plain_alphabeta(board, -math.inf, math.inf, Prover(board.rules))[1]


@pytest.mark.parametrize("text", [".../.../...", "X../.../...", "X../.O./..X", "XX./OO./..."])
def test_values_are_the_solvers(text: str) -> None:
    board = Board.parse(text)
    solver = Solver()
    for search in Search:
        tree = Tree(board, search)
        assert tree.root.value == solver.outcome(board)
        assert {child.move: child.value for child in tree.root.children} == (
            solver.move_outcomes(board)
        )


def test_the_tree_after_one_move_lists_every_reply_and_expands_them() -> None:
    board = EMPTY.play(4)
    root = Tree(board).root
    assert [child.move for child in root.children] == list(board.legal_moves())
    reply = root.children[0]
    assert reply.board == board.play(0)
    assert [child.move for child in reply.children] == list(reply.board.legal_moves())
    assert all(child.visit is Visit.SEARCHED for child in reply.children)
    assert root.count == sum(child.count for child in root.children) + 1


def walk(node: Node) -> list[Node]:
    """``node`` and every node below it."""
    found = [node]
    for child in node.children:
        found.extend(walk(child))
    return found


def test_the_search_switch_changes_counts_and_cuts() -> None:
    tree = Tree(Board.parse("X../.O./..."))
    counts = {search: tree.switched(search).count for search in Search}
    assert counts[Search.MINIMAX] > counts[Search.TABLE] > counts[Search.SYMMETRY]
    assert counts[Search.MINIMAX] > counts[Search.ALPHABETA]
    nodes = walk(tree.switched(Search.ALPHABETA).root)
    searched = [node for node in nodes if node.visit is Visit.SEARCHED]
    assert len(searched) == counts[Search.ALPHABETA]
    cut = [node for node in nodes if node.visit is Visit.CUT]
    assert cut
    for node in cut:
        assert node.count == 0 and node.cut is not None and node.found is None
        assert node.cut.reached.rank >= node.cut.limit.rank  # the bound it could not beat
        assert all(child.visit is Visit.SKIPPED for child in node.children)


def test_alphabeta_bounds_hold() -> None:
    for node in walk(Tree(Board.parse("X../.../..."), Search.ALPHABETA).root):
        if node.found is None:
            continue
        true, found = node.value.rank, node.found.value.rank
        if node.found.bound is Bound.EXACT:
            assert found == true
        elif node.found.bound is Bound.AT_LEAST:
            assert true >= found
        else:
            assert true <= found


@pytest.mark.parametrize("search", [Search.TABLE, Search.SYMMETRY])
def test_tables_read_back_positions_met_again(search: Search) -> None:
    nodes = walk(Tree(Board.parse("X../.O./..."), search).root)
    searched = [node for node in nodes if node.visit is Visit.SEARCHED]
    assert len(searched) == Tree(Board.parse("X../.O./...")).counts.of(search)
    seen = [node for node in nodes if node.visit is Visit.SEEN]
    assert seen and all(node.count == 0 for node in seen)
    keys = {(node.board.x, node.board.o) for node in searched}
    assert len(keys) == len(searched)  # each position searched once


def test_a_finished_position_is_a_leaf() -> None:
    tree = Tree(Board.parse("XXX/OO./..."))
    assert tree.root.children == ()
    assert tree.counts == (1, 1, 1, 1)
    assert tree.root.value == Prospect(Value.LOSS, 0)


def test_big_positions_get_the_engines_tree() -> None:
    board = Board.parse("..../..../..../....")
    assert not searchable(board)
    with pytest.raises(UnsolvableError, match="16 empty cells"):
        Tree(board)
    big = Board.parse("/".join(["." * 9] * 4 + ["....X....", "...O....."] + ["." * 9] * 3))
    found = engine_tree(big, Limits(seconds=None, nodes=5_000))
    assert found == engine_tree(big, Limits(seconds=None, nodes=5_000))._replace(
        seconds=found.seconds, iterations=found.iterations
    )
    looked = {move.cell for move in found.moves}
    assert found.best in looked and found.pv[0] == found.best
    assert looked.isdisjoint(found.pruned)
    assert looked | set(found.pruned) == set(big.legal_moves())
    assert [it.depth for it in found.iterations] == list(range(1, found.depth + 1))


@pytest.mark.parametrize("search", list(Search))
def test_the_steps_enter_as_many_positions_as_the_search_counts(search: Search) -> None:
    board = (
        Board.parse(".../.X./...") if search is not Search.MINIMAX else Board.parse("O../.X./..X")
    )
    tree = Tree(board, search)
    steps = list(tree.steps())
    entered = [step for step in steps if step.event is Event.ENTER]
    assert len(entered) == tree.count
    assert steps[0].event is Event.ENTER and steps[0].path == ()
    last = steps[-1]
    assert last.event is Event.LEAVE and last.path == () and last.found is not None
    assert last.found.value == tree.root.value
    for step in steps:  # every step's board is its path played from the root
        played = board
        for cell in step.path:
            played = played.play(cell)
        assert played == step.board


def test_alphabeta_steps_find_what_its_nodes_found_and_cut_what_they_cut() -> None:
    tree = Tree(Board.parse(".../.X./..."), Search.ALPHABETA)
    steps = list(tree.steps())
    left = {step.path: step.found for step in steps if step.event is Event.LEAVE}
    cuts = {step.path: step for step in steps if step.event is Event.CUT}

    def check(node: Node, path: tuple[int, ...]) -> int:
        checked = 0
        cut = [child.move for child in node.children if child.visit is Visit.CUT]
        if cut:
            assert list(cuts[path].rest) == cut and cuts[path].cut == node.children[-1].cut
        for child in node.children:
            if child.visit is Visit.SEARCHED:
                assert child.move is not None
                here = (*path, child.move)
                assert left[here] == child.found
                checked += 1 + check(child, here)
        return checked

    assert check(tree.root, ()) == tree.count - 1
    first, second = steps[0], steps[1]
    assert first.window == (None, None)  # nothing is sure yet
    assert second.event is Event.ENTER and second.window == (None, None)
    assert any(step.window is not None and step.window[0] is not None for step in steps)
    assert all(step.window is None for step in itertools.islice(Tree(EMPTY).steps(), 50))
