"""The game tree as data: what plain minimax, alpha-beta and a table of positions visit.

:class:`Tree` is the search tree of one position under one :class:`Search`:

* ``minimax`` visits every node of the game tree (moves in cell order);
* ``alphabeta`` tries moves in the exact solver's own order (wins, blocks and
  threats first: :func:`tictactoe.core.exact.solver._root_moves`) and cuts a move
  off once an earlier sibling reached the bound the opponent already holds
  elsewhere;
* ``table`` keeps every position it has searched and reads a position met
  again (by another move order) from the table; ``symmetry`` keys that table
  on the position up to the board's symmetries.

Every :class:`Node` has its move, its exact value (win, draw or loss, in how
many plies), how the search met it (:class:`Visit`), alpha-beta's proven
bound and the reason for a cut, and how many positions the search visited
at and below it. Children are built when asked for; the values and counts
come from tables over positions (the number of nodes under a position is
the sum over its children, kept by position), so the top of the tree of the
empty 3 x 3 board takes milliseconds while its counts are exact.

Positions with more than :data:`MAX_EMPTY` empty cells are too big to search
to the end here: :func:`engine_tree` reports the gomoku engine's own search
of them instead (its iterations, the root moves it scored, its principal
line and the moves it never looked at).

    >>> from tictactoe.core.board import Board
    >>> tree = Tree(Board.empty())
    >>> tree.counts.minimax, tree.counts.table, tree.counts.symmetry
    (549946, 5478, 765)
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from tictactoe.core.board import Board, Mark, cells_of
from tictactoe.core.errors import UnsolvableError
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import _root_moves
from tictactoe.core.exact.symmetry import make_canonical
from tictactoe.core.exact.values import Prospect, Value

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator

    from tictactoe.core.gomoku.engine import Reason
    from tictactoe.core.search import Cancel, Limits, Progress

MAX_EMPTY = 10
"""Most empty cells of a position whose tree is searched to the end (its positions and
values are enumerated: ten empty cells are at most a few tens of thousands of positions)."""

WIN_RANK = 1000
"""Rank of a win at once (:attr:`Prospect.rank`: a win in p plies is ``WIN_RANK - p``)."""

INFINITE = math.inf
"""The open end of alpha-beta's first window."""

ENGINE_NODES = 5_000
"""Positions the engine searches for a look at a big board's tree (quick, the same every
time): the budget the panels give :func:`engine_tree`."""


class Search(StrEnum):
    """Which search's tree: what it visits, cuts off or reads from its table."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    TABLE = "table"
    SYMMETRY = "symmetry"


class Visit(StrEnum):
    """How the search met a node."""

    SEARCHED = "searched"
    """Searched: its moves were tried (or the game is over there)."""
    CUT = "cut"
    """Alpha-beta never searched it: an earlier move already reached the bound (see
    :class:`Cut`)."""
    SEEN = "seen"
    """The table already held this position (or, with symmetries, an image of it)."""
    SKIPPED = "skipped"
    """Below a cut or seen node: never reached."""


class Bound(StrEnum):
    """What alpha-beta proved of a searched node's value, for the player of its move."""

    EXACT = "exact"
    AT_LEAST = "at least"
    AT_MOST = "at most"


class Found(NamedTuple):
    """Alpha-beta's result at a searched node, for the player of its move: its value,
    exact or a bound."""

    bound: Bound
    value: Prospect


class Cut(NamedTuple):
    """Why alpha-beta cut a move off, for the player who would have made it."""

    by: int
    """The earlier move (cell) that already reached the bound."""
    reached: Prospect
    """What that move already gives the player (at least)."""
    limit: Prospect
    """The bound it could not beat: the opponent holds the player to it elsewhere, so
    no move here can change what is played above."""


class Counts(NamedTuple):
    """Positions each search visits from the tree's root (itself included)."""

    minimax: int
    """Every node of the game tree."""
    alphabeta: int
    """Nodes alpha-beta visits with the solver's move order."""
    table: int
    """Different positions (a table of positions seen)."""
    symmetry: int
    """Different positions up to the board's symmetries."""

    def of(self, search: Search) -> int:
        """The count of ``search``."""
        return int(getattr(self, str(search)))


class Event(StrEnum):
    """What a search does at one moment of :meth:`Tree.steps`."""

    ENTER = "enter"
    """It comes to a position (and counts it)."""
    SEEN = "seen"
    """A table search finds the position in its table: not searched again, not counted."""
    CUT = "cut"
    """Alpha-beta cuts off the position's moves it has not tried (:attr:`Step.rest`)."""
    LEAVE = "leave"
    """It goes back up with the position's value."""


Window = tuple[Prospect | None, Prospect | None]
"""Alpha-beta's window at a position, for the side to move there: alpha (what it is sure of
already; None before anything is) and beta (what the opponent can hold it to elsewhere;
None while nothing does)."""


class Step(NamedTuple):
    """One moment of a search, in the order it visits positions."""

    event: Event
    path: tuple[int, ...]
    """The moves from the tree's root to the position."""
    board: Board
    window: Window | None = None
    """Alpha-beta's window here (after what :attr:`event` changed): None for the other
    searches."""
    found: Found | None = None
    """LEAVE and SEEN: the value, for the player of the last move of :attr:`path` (at the
    root, the side to move), exact or alpha-beta's bound."""
    cut: Cut | None = None
    """CUT: why, for the side to move here."""
    rest: tuple[int, ...] = ()
    """CUT: the moves cut off."""


Key = tuple[int, int]
"""A position as (X's cells, O's cells)."""


class _Space:
    """Tables over the positions below one root: exact values, subtree sizes, alpha-beta
    results by window, the table searches' first visits."""

    def __init__(self, root: Board) -> None:
        rules = root.rules
        self.root = root
        self.prover = Prover(rules, use_openings=False)
        self.canonical = make_canonical(rules)
        self.through = rules.masks_through
        self.full = rules.full_mask
        self.edges: dict[Key, tuple[tuple[int, Key], ...]] = {}
        self.ranks: dict[Key, float] = {}
        self.sizes: dict[Key, int] = {}
        self.orders: dict[Key, tuple[int, ...]] = {}
        self.windows: dict[tuple[Key, float, float], tuple[float, int]] = {}
        if root.is_over:
            self._ended((root.x, root.o), -WIN_RANK if root.winner is not None else 0)

    def _ended(self, key: Key, rank: float) -> None:
        self.edges[key] = ()
        self.ranks[key] = rank

    def moves(self, key: Key) -> tuple[tuple[int, Key], ...]:
        """The legal moves of the position ``key`` in cell order, with the positions they
        lead to (on raw bitboards: the tables are built from these)."""
        known = self.edges.get(key)
        if known is None:
            x, o = key
            taken = x | o
            x_moves = x.bit_count() == o.bit_count()
            mine = x if x_moves else o
            found = []
            for cell in cells_of(self.full & ~taken):
                bits = mine | 1 << cell
                child = (bits, o) if x_moves else (x, bits)
                for mask in self.through[cell]:
                    if bits & mask == mask:
                        self._ended(child, -WIN_RANK)
                        break
                else:
                    if taken | 1 << cell == self.full:
                        self._ended(child, 0)
                found.append((cell, child))
            known = self.edges[key] = tuple(found)
        return known

    def rank(self, key: Key) -> float:
        """The exact :attr:`Prospect.rank` of the position ``key`` for the side to move."""
        known = self.ranks.get(key)
        if known is None:
            known = -INFINITE
            for _, child in self.moves(key):
                score = after(self.rank(child))
                if score > known:
                    known = score
            self.ranks[key] = known
        return known

    def size(self, key: Key) -> int:
        """Nodes of the game tree at and below the position ``key``."""
        known = self.sizes.get(key)
        if known is None:
            known = self.sizes[key] = 1 + sum(self.size(child) for _, child in self.moves(key))
        return known

    def order(self, board: Board) -> tuple[int, ...]:
        """``board``'s moves in the order the solver tries them."""
        key = (board.x, board.o)
        known = self.orders.get(key)
        if known is None:
            known = () if board.is_over else tuple(_root_moves(self.prover, board))
            self.orders[key] = known
        return known

    def alphabeta(self, board: Board, alpha: float, beta: float) -> tuple[float, int]:
        """Fail-soft alpha-beta on ranks: (score for the side to move, nodes visited)."""
        memo = (board.x, board.o), alpha, beta
        known = self.windows.get(memo)
        if known is not None:
            return known
        if board.is_over:
            found: tuple[float, int] = (self.rank(memo[0]), 1)
        else:
            best, nodes = -INFINITE, 1
            for cell in self.order(board):
                score, below = self.alphabeta(board.play_unchecked(cell), *inside(alpha, beta))
                nodes += below
                best = max(best, after(score))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            found = (best, nodes)
        self.windows[memo] = found
        return found

    @cached_property
    def table(self) -> _Table:
        """The table search keyed on positions."""
        return self._walk(symmetric=False)

    @cached_property
    def images(self) -> _Table:
        """The table search keyed on positions up to symmetry."""
        return self._walk(symmetric=True)

    def table_key(self, key: Key, symmetric: bool) -> int:
        """The position ``key``'s key in a table search's table."""
        packed = key[0] | key[1] << self.root.rules.size
        return self.canonical(packed) if symmetric else packed

    def _walk(self, symmetric: bool) -> _Table:
        """The table search from the root, depth first, moves in cell order."""
        root = (self.root.x, self.root.o)
        first: dict[int, tuple[Key, int]] = {self.table_key(root, symmetric): ((-1, -1), -1)}
        sizes: dict[Key, int] = {}

        def walk(here: Key) -> int:
            total = 1
            for cell, child in self.moves(here):
                key = self.table_key(child, symmetric)
                if key not in first:
                    first[key] = (here, cell)
                    total += walk(child)
            sizes[here] = total
            return total

        walk(root)
        return _Table(first, sizes)


class _Table(NamedTuple):
    """What a table search did: each position in the table -> the position and move it was
    first reached by; each position searched -> the positions searched from it (itself
    included)."""

    first: dict[int, tuple[Key, int]]
    sizes: dict[Key, int]


def after(rank: float) -> float:
    """The rank, for the player who moved, of a position of ``rank`` for the side to move."""
    if rank > 0:
        return -rank + 1
    if rank < 0:
        return -rank - 1
    return 0


def before(rank: float) -> float:
    """The inverse of :func:`after`: the child's rank that gives the mover ``rank``."""
    if rank > 0:
        return -rank - 1
    if rank < 0:
        return -rank + 1
    return 0


def inside(alpha: float, beta: float) -> tuple[float, float]:
    """The child's window for the window (``alpha``, ``beta``) of its parent."""
    return before(beta), before(alpha)


def prospect(rank: float, empty: int) -> Prospect:
    """The :class:`Prospect` of a rank (a draw fills the ``empty`` cells left)."""
    if rank > 0:
        return Prospect(Value.WIN, int(WIN_RANK - rank))
    if rank < 0:
        return Prospect(Value.LOSS, int(WIN_RANK + rank))
    return Prospect(Value.DRAW, empty)


class Node:
    """One node of a :class:`Tree`: a position, the move that led to it, its value, how the
    search met it and what it visited below; :attr:`children` are built when read."""

    def __init__(
        self,
        space: _Space,
        search: Search,
        board: Board,
        move: int | None,
        visit: Visit,
        window: tuple[float, float] = (-INFINITE, INFINITE),
        found: Found | None = None,
        cut: Cut | None = None,
    ) -> None:
        self._space = space
        self._window = window
        self.search = search
        self.board = board
        self.move = move
        """The cell played to reach this node (None at the root)."""
        self.visit = visit
        self.found = found
        """Alpha-beta's result here (searched nodes of its tree only)."""
        self.cut = cut
        """Why alpha-beta cut this move off (its cut nodes only)."""

    @property
    def mover(self) -> Mark:
        """The side :attr:`value` is for: who made :attr:`move` (at the root, the side to
        move)."""
        return self.board.turn if self.move is None else self.board.turn.other

    @property
    def value(self) -> Prospect:
        """The exact value for :attr:`mover`: of the move (counting it, as the solver's
        move outcomes do), at the root of the position."""
        rank = self._space.rank((self.board.x, self.board.o))
        empty = self.board.rules.size - self.board.move_count
        if self.move is None:
            return prospect(rank, empty)
        return prospect(after(rank), empty + 1)

    @property
    def count(self) -> int:
        """Positions the search visited at and below this node (0 where it never came)."""
        space = self._space
        if self.visit is not Visit.SEARCHED:
            return 0
        if self.search is Search.MINIMAX:
            return space.size((self.board.x, self.board.o))
        if self.search is Search.ALPHABETA:
            return space.alphabeta(self.board, *self._window)[1]
        table = space.images if self.search is Search.SYMMETRY else space.table
        return table.sizes[(self.board.x, self.board.o)]

    @cached_property
    def children(self) -> tuple[Node, ...]:
        """The nodes after each legal move, in the order the search tries them."""
        if self.board.is_over:
            return ()
        if self.search is Search.ALPHABETA:
            return self._alphabeta_children()
        board, space, search = self.board, self._space, self.search
        symmetric = search is Search.SYMMETRY
        table = None
        if search is not Search.MINIMAX and self.visit is Visit.SEARCHED:
            table = space.images if symmetric else space.table
        here = (board.x, board.o)
        kids = []
        for cell in board.legal_moves():
            child = board.play_unchecked(cell)
            visit = Visit.SEARCHED if self.visit is Visit.SEARCHED else Visit.SKIPPED
            if table is not None and table.first[
                space.table_key((child.x, child.o), symmetric)
            ] != (here, cell):
                visit = Visit.SEEN
            kids.append(Node(space, search, child, cell, visit))
        return tuple(kids)

    def _alphabeta_children(self) -> tuple[Node, ...]:
        space = self._space
        board = self.board
        empty = board.rules.size - board.move_count
        alpha, beta = self._window
        kids: list[Node] = []
        best = -INFINITE
        cut: Cut | None = None
        for cell in space.order(board):
            child = board.play_unchecked(cell)
            if self.visit is not Visit.SEARCHED:
                kids.append(Node(space, self.search, child, cell, Visit.SKIPPED))
                continue
            if cut is not None:
                kids.append(Node(space, self.search, child, cell, Visit.CUT, cut=cut))
                continue
            low, high = inside(alpha, beta)
            score = after(space.alphabeta(child, low, high)[0])
            bound = Bound.EXACT
            if score >= beta:
                bound = Bound.AT_LEAST
            elif score <= alpha:
                bound = Bound.AT_MOST
            found = Found(bound, prospect(score, empty))
            kids.append(Node(space, self.search, child, cell, Visit.SEARCHED, (low, high), found))
            best = max(best, score)
            alpha = max(alpha, best)
            if alpha >= beta:
                cut = Cut(cell, prospect(score, empty), prospect(beta, empty))
        return tuple(kids)


class Tree:
    """The search tree of ``board`` under ``search``, with every search's counts.

    Raises :class:`UnsolvableError` when ``board`` has more than :data:`MAX_EMPTY` empty
    cells (see :func:`engine_tree`). Trees of one position share their tables:
    :meth:`switched` gives another search's tree of it.
    """

    def __init__(
        self, board: Board, search: Search = Search.MINIMAX, *, _space: _Space | None = None
    ) -> None:
        empty = board.rules.size - board.move_count
        if empty > MAX_EMPTY and not board.is_over:
            raise UnsolvableError(
                f"{board.text} has {empty} empty cells: the tree is searched to the end "
                f"with at most {MAX_EMPTY}"
            )
        self.board = board
        self.search = Search(search)
        self._space = _space or _Space(board)
        self.root = Node(self._space, self.search, board, None, Visit.SEARCHED)
        if self.search is Search.ALPHABETA:
            rank = self._space.rank((board.x, board.o))
            self.root.found = Found(Bound.EXACT, prospect(rank, empty))

    def switched(self, search: Search) -> Tree:
        """The tree of the same position under ``search`` (sharing the tables)."""
        return Tree(self.board, search, _space=self._space)

    @cached_property
    def counts(self) -> Counts:
        """Positions each search visits from the root."""
        space = self._space
        return Counts(
            space.size((self.board.x, self.board.o)),
            space.alphabeta(self.board, -INFINITE, INFINITE)[1],
            len(space.table.first),
            len(space.images.first),
        )

    @property
    def count(self) -> int:
        """Positions this tree's search visits."""
        return self.counts.of(self.search)

    def steps(self) -> Iterator[Step]:
        """The search from the root replayed in the order it visits positions: each
        position entered (:attr:`count` of them), left with its value, found in the table,
        or its untried moves cut off."""
        if self.search is Search.ALPHABETA:
            yield from self._alphabeta_steps(self.board, (), -INFINITE, INFINITE)
        else:
            seen: set[int] = set()
            yield from self._walk_steps(self.board, (), seen)

    def _found(self, board: Board, path: tuple[int, ...], rank: float) -> Found:
        """The exact value of a position of ``rank`` for the player of its last move."""
        empty = board.rules.size - board.move_count
        if not path:
            return Found(Bound.EXACT, prospect(rank, empty))
        return Found(Bound.EXACT, prospect(after(rank), empty + 1))

    def _walk_steps(self, board: Board, path: tuple[int, ...], seen: set[int]) -> Iterator[Step]:
        """Minimax (every node, cell order) or a table search (a position met again is read
        from the table)."""
        space = self._space
        key = (board.x, board.o)
        symmetric = self.search is Search.SYMMETRY
        if self.search is not Search.MINIMAX:
            seen.add(space.table_key(key, symmetric))
        yield Step(Event.ENTER, path, board)
        for cell, child in space.moves(key):
            below = board.play_unchecked(cell)
            if self.search is not Search.MINIMAX and space.table_key(child, symmetric) in seen:
                found = self._found(below, (*path, cell), space.rank(child))
                yield Step(Event.SEEN, (*path, cell), below, found=found)
            else:
                yield from self._walk_steps(below, (*path, cell), seen)
        yield Step(Event.LEAVE, path, board, found=self._found(board, path, space.rank(key)))

    def _alphabeta_steps(
        self, board: Board, path: tuple[int, ...], alpha: float, beta: float
    ) -> Generator[Step, None, float]:
        """Alpha-beta as :meth:`_Space.alphabeta` searches (the same moves, the same
        cuts); returns the score for the side to move."""
        space = self._space
        empty = board.rules.size - board.move_count
        low = alpha

        def window() -> Window:
            return (
                None if alpha == -INFINITE else prospect(alpha, empty),
                None if beta == INFINITE else prospect(beta, empty),
            )

        yield Step(Event.ENTER, path, board, window())
        if board.is_over:
            best = space.rank((board.x, board.o))
        else:
            best = -INFINITE
            moves = space.order(board)
            for index, cell in enumerate(moves):
                child = board.play_unchecked(cell)
                score = after(
                    (yield from self._alphabeta_steps(child, (*path, cell), *inside(alpha, beta)))
                )
                best = max(best, score)
                alpha = max(alpha, best)
                if alpha >= beta:
                    if index + 1 < len(moves):
                        cut = Cut(cell, prospect(score, empty), prospect(beta, empty))
                        yield Step(
                            Event.CUT, path, board, window(), cut=cut, rest=moves[index + 1 :]
                        )
                    break
        if path:  # for the player of the move here, against the parent's window
            mine, parent_low, parent_high = after(best), after(beta), after(low)
            bound = Bound.EXACT
            if mine >= parent_high:
                bound = Bound.AT_LEAST
            elif mine <= parent_low:
                bound = Bound.AT_MOST
            found = Found(bound, prospect(mine, empty + 1))
        else:
            found = Found(Bound.EXACT, prospect(best, empty))
        yield Step(Event.LEAVE, path, board, window(), found)
        return best


def searchable(board: Board) -> bool:
    """True when :class:`Tree` searches ``board`` to the end (else :func:`engine_tree`)."""
    return board.is_over or board.rules.size - board.move_count <= MAX_EMPTY


class Scored(NamedTuple):
    """A root move the engine scored in its last completed iteration."""

    cell: int
    score: int
    """The engine's score for the side to move (a bound for every move but the first)."""


class EngineTree(NamedTuple):
    """The gomoku engine's own search of a position too big to search to the end."""

    board: Board
    iterations: tuple[Progress, ...]
    """Each completed depth: its depth, nodes, time, score and principal line."""
    moves: tuple[Scored, ...]
    """The root moves it scored, best first."""
    pruned: tuple[int, ...]
    """Legal moves it never looked at (cut before the search: they threaten and stop
    nothing)."""
    best: int
    score: int
    pv: tuple[int, ...]
    """The principal line, starting with :attr:`best`."""
    reason: Reason
    depth: int
    nodes: int
    seconds: float


def engine_tree(board: Board, limits: Limits, cancel: Cancel | None = None) -> EngineTree:
    """The gomoku engine's search of ``board`` (not over) within ``limits``, as data."""
    from tictactoe.core.gomoku.engine import Engine

    iterations: list[Progress] = []
    result = Engine().search(board, limits, iterations.append, cancel, top=1)
    scored = tuple(Scored(move.cell, move.score) for move in result.moves)
    looked = {move.cell for move in scored} | {result.move}
    pruned = tuple(cell for cell in board.legal_moves() if cell not in looked)
    return EngineTree(
        board,
        tuple(iterations),
        scored,
        pruned if scored else (),
        result.move,
        result.score,
        result.pv,
        result.reason,
        result.depth,
        result.nodes,
        result.seconds,
    )
