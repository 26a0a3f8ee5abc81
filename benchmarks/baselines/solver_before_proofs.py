"""The exact solver as it was before proofs past 20 cells (frozen): the speed baseline.

A verbatim copy of ``tictactoe.core.exact.solver`` before pairing strategies, line
pruning and the measured limit, kept outside the package so
``bench_proofs.py`` can time the 4 x 4 and 5 x 4 figures against it in the
same run. Do not improve it: it is the yardstick.

Exact solver for m,n,k-games: negamax with alpha-beta on raw bitboards.

The search runs in two stages, because proving win/draw/loss is much faster
than finding the exact length of the game:

1. **Value** (win/draw/loss for the side to move): negamax with alpha-beta on
   the three scores :data:`LOSS_SCORE`, :data:`DRAW_SCORE`, :data:`WIN_SCORE`,
   with a transposition table keyed on the position reduced by the board's
   symmetries.
2. **Distance** (plies until the game ends under best play) only where it is
   needed: a draw always fills the board, so its distance is the number of
   empty cells; a win or loss is measured by iterative deepening of a
   depth-limited search ("can the side to move force a win within d
   plies?"), so the winner wins as soon as possible and the loser resists as
   long as possible.

Both searches share the same pruning, all on plain ints:

* a line holding both marks is dead, and so is a line that needs more marks
  than its owner has moves left; with no live line left the rest is a draw;
* an immediate win is played at once; an opponent's immediate win must be
  blocked (two of them lose); a move that makes two threats wins in three;
* cells on no live line are interchangeable, so only one of them is tried;
* moves are ordered: cells that make or stop a threat first.

Time limits and progress reports are not part of the search: callers decide
what to solve, and :func:`unsupported_reason` keeps boards too big for exact
play out.
"""

from __future__ import annotations

import _thread
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import NamedTuple

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import UnsolvableError
from tictactoe.core.rules import Rules

WIN_SCORE = 1
"""Search score of a position the side to move wins."""
DRAW_SCORE = 0
"""Search score of a drawn position."""
LOSS_SCORE = -1
"""Search score of a position the side to move loses."""

MAX_CELLS = 20
"""Largest board the exact solver accepts: 5 x 4, 2 x 10 and 4 x 5 are solved from
empty in about a second and every first move valued in two; 21 to 24 cells
(3 x 8, 4 x 6, 2 x 12) take from ten seconds to minutes."""

MAX_LINE_CELLS = 18
"""Largest one-row (or one-column) board: a single row is harder per cell
(1 x 18 with k=4 takes two seconds to value every first move, 1 x 20 ten)."""

CHUNK_BITS = 10
"""Most key bits one canonicalisation lookup table covers (tables have 2**bits entries)."""


class Value(StrEnum):
    """The outcome of a position for the side to move (or of a move for its player)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def flipped(self) -> Value:
        """The same outcome seen by the other player."""
        return _FLIPPED[self]


_FLIPPED = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}
_SCORE_VALUES = {WIN_SCORE: Value.WIN, DRAW_SCORE: Value.DRAW, LOSS_SCORE: Value.LOSS}
_RANKS = {value: score for score, value in _SCORE_VALUES.items()}


class Prospect(NamedTuple):
    """A value and the plies until the game ends under best play."""

    value: Value
    """Win, draw or loss."""
    plies: int
    """Plies (single moves) until the game ends when both sides play best."""

    @property
    def rank(self) -> int:
        """Larger is better: faster wins beat slower ones, slower losses beat faster ones."""
        if self.value is Value.WIN:
            return 1000 - self.plies
        if self.value is Value.LOSS:
            return -1000 + self.plies
        return 0

    @property
    def winner_moves(self) -> int | None:
        """How many moves the winner makes before the game ends, None for a draw.

        The unit players see: the side this outcome belongs to moves first,
        so a win in 5 plies is the winner's 3rd move from now, a loss in 4
        plies the opponent's 2nd. Hints say "you win in 3 of your moves".
        """
        if self.value is Value.WIN:
            return (self.plies + 1) // 2
        if self.value is Value.LOSS:
            return self.plies // 2
        return None

    def after_move(self) -> Prospect:
        """The outcome for the player whose move led to this position."""
        return Prospect(self.value.flipped, self.plies + 1)

    def __str__(self) -> str:
        if self.value is Value.DRAW:
            return f"draw ({self.plies} plies to a full board)"
        return f"{self.value} in {self.plies}"


class Solution(NamedTuple):
    """The solved value of a position for the side to move."""

    value: Value
    """Win, draw or loss for the side to move."""
    plies: int
    """Plies until the game ends under best play (0 when it is already over)."""
    best: tuple[int, ...]
    """Every move that keeps :attr:`value` with the best :attr:`plies`, sorted."""


def unsupported_reason(rules: Rules) -> str | None:
    """Why the exact solver refuses ``rules``'s board, or None if it can solve it."""
    if rules.size > MAX_CELLS:
        return (
            f"{rules.m} x {rules.n} has {rules.size} cells: exact solving is limited to "
            f"boards of at most {MAX_CELLS} cells (5 x 4 takes about a second; "
            "every extra cell multiplies the work)"
        )
    if min(rules.m, rules.n) == 1 and rules.size > MAX_LINE_CELLS:
        return (
            f"{rules.m} x {rules.n} is a single line of {rules.size} cells: exact solving "
            f"is limited to lines of at most {MAX_LINE_CELLS} cells"
        )
    return None


class Solver:
    """An exact solver with its tables; reuse one to keep results between calls.

    Holds one engine (lookup tables and transposition tables) per board
    size. A lock serialises calls, so one instance may be shared with a
    background thread.
    """

    def __init__(self) -> None:
        self._engines: dict[Rules, _Engine] = {}
        self._lock = _thread.allocate_lock()

    def solve(self, board: Board) -> Solution:
        """The value, game length and best moves of ``board`` for the side to move."""
        outcome = self.outcome(board)
        if board.is_over:
            return Solution(outcome.value, 0, ())
        moves = self.move_outcomes(board)
        best_rank = max(move.rank for move in moves.values())
        best = tuple(cell for cell, move in sorted(moves.items()) if move.rank == best_rank)
        return Solution(outcome.value, outcome.plies, best)

    def value(self, board: Board) -> Value:
        """Win, draw or loss for the side to move (faster than :meth:`outcome`)."""
        if board.is_over:
            return _finished(board).value
        with self._lock:
            engine = self._engine(board.rules)
            return _SCORE_VALUES[engine.score(*_sides(board), LOSS_SCORE, WIN_SCORE)]

    def reaches(self, board: Board, value: Value) -> bool:
        """True if the side to move can force at least ``value`` (win > draw > loss).

        Cheaper than :meth:`value`: it proves only one side of the question.
        """
        if board.is_over:
            return _RANKS[_finished(board).value] >= _RANKS[value]
        if value is Value.LOSS:
            return True
        with self._lock:
            engine = self._engine(board.rules)
            target = _RANKS[value]
            return engine.score(*_sides(board), target - 1, target) >= target

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every board size: a measure of work done."""
        return sum(engine.nodes for engine in self._engines.values())

    def outcome(self, board: Board) -> Prospect:
        """Value and plies to the end for the side to move."""
        if board.is_over:
            return _finished(board)
        with self._lock:
            return self._engine(board.rules).outcome(*_sides(board))

    def move_outcomes(self, board: Board) -> dict[int, Prospect]:
        """For every legal move, its outcome for the player making it."""
        result: dict[int, Prospect] = {}
        for cell in board.legal_moves():
            child = board.play_unchecked(cell)
            result[cell] = self.outcome(child).after_move()
        return result

    def move_values(self, board: Board) -> dict[int, Value]:
        """For every legal move, win/draw/loss for the player making it."""
        return {
            cell: self.value(board.play_unchecked(cell)).flipped for cell in board.legal_moves()
        }

    def clear(self) -> None:
        """Forget every stored result."""
        with self._lock:
            self._engines.clear()

    def _engine(self, rules: Rules) -> _Engine:
        engine = self._engines.get(rules)
        if engine is None:
            reason = unsupported_reason(rules)
            if reason is not None:
                raise UnsolvableError(f"cannot solve {rules}: {reason}")
            engine = self._engines[rules] = _Engine(rules)
        return engine


def _finished(board: Board) -> Prospect:
    return Prospect(Value.DRAW if board.winner is None else Value.LOSS, 0)


def _sides(board: Board) -> tuple[int, int]:
    """(bits of the side to move, bits of the other side)."""
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


# --- symmetry reduction -------------------------------------------------------


def _chunk_tables(rules: Rules) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Lookup tables mapping chunks of a position key to all its symmetric images.

    A key is ``mover | other << size``. Each table entry packs the images of
    one chunk under every symmetry side by side, ``2 * size`` bits apart, so
    OR-ing one entry per chunk gives every image of the whole key at once.
    """
    size = rules.size
    width = 2 * size
    symmetries = rules.symmetries

    def images(bit: int) -> int:
        cell, half = bit % size, bit // size * size
        return sum(1 << (s * width + half + perm[cell]) for s, perm in enumerate(symmetries))

    bit_images = [images(bit) for bit in range(width)]
    chunks = -(-width // CHUNK_BITS)
    bits = -(-width // chunks)
    tables = []
    for start in range(0, width, bits):
        span = min(bits, width - start)
        table = [0] * (1 << span)
        for value in range(1, 1 << span):
            low = value & -value
            table[value] = table[value ^ low] | bit_images[start + low.bit_length() - 1]
        tables.append((start, (1 << span) - 1, tuple(table)))
    return tuple(tables)


def _make_canonical(rules: Rules) -> Callable[[int], int]:
    """A function from a position key to the smallest key among its symmetric images."""
    width = 2 * rules.size
    field = (1 << width) - 1
    shifts = tuple(s * width for s in range(len(rules.symmetries)))
    tables = _chunk_tables(rules)
    if len(tables) == 2:
        (_, m0, t0), (s1, m1, t1) = tables

        def canonical2(key: int) -> int:
            packed = t0[key & m0] | t1[key >> s1 & m1]
            return min([packed >> shift & field for shift in shifts])

        return canonical2

    def canonical(key: int) -> int:
        packed = 0
        for start, mask, table in tables:
            packed |= table[key >> start & mask]
        return min([packed >> shift & field for shift in shifts])

    return canonical


# --- the search engine ----------------------------------------------------------


class _Engine:
    """Searches of one board size: tables, transposition tables and the two searches."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.lines = list(rules.line_masks)
        self.order = tuple(1 << cell for cell in rules.centre_distance_order)
        self.canonical = _make_canonical(rules)
        self.scores: dict[int, tuple[int, int]] = {}
        """Key -> (lower, upper) bound of the win/draw/loss score."""
        self.horizon: dict[int, tuple[int, int]] = {}
        """(key, depth) -> bounds of the depth-limited score."""
        self.outcomes: dict[int, Prospect] = {}
        """Key -> exact outcome, for positions already measured."""
        self.nodes = 0
        self.score = self._make_score_search()
        self.within = self._make_horizon_search()

    def key(self, mover: int, other: int) -> int:
        """The canonical key of a position."""
        return self.canonical(mover | other << self.rules.size)

    def outcome(self, mover: int, other: int) -> Prospect:
        """Value and plies to the end of a position that is not over."""
        key = self.key(mover, other)
        known = self.outcomes.get(key)
        if known is not None:
            return known
        empties = self.rules.size - (mover | other).bit_count()
        score = self.score(mover, other, LOSS_SCORE, WIN_SCORE)
        if score == DRAW_SCORE:
            known = Prospect(Value.DRAW, empties)
        else:
            known = Prospect(_SCORE_VALUES[score], self.distance(mover, other, score))
        self.outcomes[key] = known
        return known

    def distance(self, mover: int, other: int, score: int) -> int:
        """Plies to the end of a won or lost position, by iterative deepening."""
        empties = self.rules.size - (mover | other).bit_count()
        first = 1 if score == WIN_SCORE else 2
        for depth in range(first, empties + 1, 2):
            if score == WIN_SCORE and self.within(mover, other, depth, 0, 1) >= WIN_SCORE:
                return depth
            if score == LOSS_SCORE and self.within(mover, other, depth, -1, 0) <= LOSS_SCORE:
                return depth
        raise AssertionError(f"no forced end found in a {score} position")  # pragma: no cover

    # The two searches are closures over their tables: the inner loop then
    # reads only local and free variables, which is what makes pure Python
    # fast enough here.

    def _make_score_search(self) -> Callable[[int, int, int, int], int]:
        """Win/draw/loss search: the score of a position within an (alpha, beta) window."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        table = self.scores
        engine = self

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            alpha: int,
            beta: int,
        ) -> int:
            engine.nodes += 1
            key = canonical(me | opp << size)
            bounds = table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                low, high = LOSS_SCORE, WIN_SCORE
            my_moves = (empties + 1) >> 1
            their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & ~me
                count = need.bit_count()
                if count > my_moves:
                    continue
                if count == 1:
                    table[key] = (WIN_SCORE, WIN_SCORE)
                    return WIN_SCORE
                mine.append(line)
                cover |= need
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = 0
            for line in their_lines:
                if line & me:
                    continue
                need = line & ~opp
                count = need.bit_count()
                if count > their_moves:
                    continue
                theirs.append(line)
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_near |= need
            if threats & (threats - 1):
                table[key] = (LOSS_SCORE, LOSS_SCORE)
                return LOSS_SCORE
            if not mine:
                if not theirs:
                    table[key] = (DRAW_SCORE, DRAW_SCORE)
                    return DRAW_SCORE
                if beta > DRAW_SCORE:
                    beta = DRAW_SCORE
            if not theirs and alpha < DRAW_SCORE:
                alpha = DRAW_SCORE
            if alpha >= beta:
                return alpha
            if not threats and doubled and _double_threat(doubled, pairs):
                table[key] = (WIN_SCORE, WIN_SCORE)
                return WIN_SCORE
            empty = full & ~(me | opp)
            moves = [threats] if threats else _ordered(order, empty, near, their_near, cover)
            start_alpha = alpha
            best = LOSS_SCORE - 1
            child_empties = empties - 1
            for move in moves:
                score = -search(opp, me | move, theirs, mine, child_empties, -beta, -alpha)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            if best <= start_alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high)
            return best

        def root(mover: int, other: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            if empties == 0:
                return DRAW_SCORE
            return search(mover, other, all_lines, all_lines, empties, alpha, beta)

        return root

    def _make_horizon_search(self) -> Callable[[int, int, int, int, int], int]:
        """Depth-limited search: WIN if the mover forces a win within ``depth`` plies,
        LOSS if the opponent does, DRAW_SCORE if neither is forced that soon."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        table = self.horizon
        values = self.scores
        engine = self

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            depth: int,
            alpha: int,
            beta: int,
        ) -> int:
            engine.nodes += 1
            if depth <= 0:
                return DRAW_SCORE
            position = canonical(me | opp << size)
            key = position << 6 | depth
            bounds = table.get(key)
            if bounds is None:
                low, high = LOSS_SCORE, WIN_SCORE
                known = values.get(position)
                if known is not None:
                    low, high = min(known[0], DRAW_SCORE), max(known[1], DRAW_SCORE)
            else:
                low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            # The score search's line scan plus the fewest-missing counts, written out
            # again on purpose: a shared helper (a call per node) is 5-10% slower.
            my_moves = (empties + 1) >> 1
            their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            my_fewest = their_fewest = size
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & ~me
                count = need.bit_count()
                if count > my_moves:
                    continue
                if count == 1:
                    return WIN_SCORE
                mine.append(line)
                cover |= need
                if count < my_fewest:
                    my_fewest = count
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = 0
            for line in their_lines:
                if line & me:
                    continue
                need = line & ~opp
                count = need.bit_count()
                if count > their_moves:
                    continue
                theirs.append(line)
                cover |= need
                if count < their_fewest:
                    their_fewest = count
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_near |= need
            if threats & (threats - 1):
                return LOSS_SCORE if depth >= 2 else DRAW_SCORE
            if 2 * my_fewest - 1 > depth and beta > DRAW_SCORE:
                beta = DRAW_SCORE
            if 2 * their_fewest > depth and alpha < DRAW_SCORE:
                alpha = DRAW_SCORE
            if alpha >= beta:
                return alpha
            if not threats and doubled and depth >= 3 and _double_threat(doubled, pairs):
                return WIN_SCORE
            empty = full & ~(me | opp)
            moves = [threats] if threats else _ordered(order, empty, near, their_near, cover)
            start_alpha = alpha
            best = LOSS_SCORE - 1
            for move in moves:
                score = -search(opp, me | move, theirs, mine, empties - 1, depth - 1, -beta, -alpha)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            if best <= start_alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high)
            return best

        def root(mover: int, other: int, depth: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            return search(mover, other, all_lines, all_lines, empties, depth, alpha, beta)

        return root


def _double_threat(doubled: int, pairs: list[int]) -> bool:
    """True if a cell in ``doubled`` completes two lines to one empty cell each.

    ``pairs`` holds the two empty cells of each of the mover's lines that
    miss two marks; playing a cell of two pairs with different partners
    leaves two winning cells, and the opponent can block only one.
    """
    while doubled:
        cell = doubled & -doubled
        doubled ^= cell
        partners = 0
        for pair in pairs:
            if pair & cell:
                partners |= pair ^ cell
        if partners & (partners - 1):
            return True
    return False


def _ordered(
    order: tuple[int, ...], empty: int, near: int, their_near: int, cover: int
) -> list[int]:
    """The moves worth trying, best first, as single-bit masks.

    Cells that make a threat and stop one first, then cells that make one,
    then cells that stop one, then other cells on live lines (nearest the
    centre first), and finally one cell on no live line: such cells are
    interchangeable, so trying one of them is enough.
    """
    both = near & their_near
    first: list[int] = []
    second: list[int] = []
    third: list[int] = []
    rest: list[int] = []
    idle = 0
    for bit in order:
        if not bit & empty:
            continue
        if bit & both:
            first.append(bit)
        elif bit & near:
            second.append(bit)
        elif bit & their_near:
            third.append(bit)
        elif bit & cover:
            rest.append(bit)
        elif not idle:
            idle = bit
    first += second
    first += third
    first += rest
    if idle:
        first.append(idle)
    return first
