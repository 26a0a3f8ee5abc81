"""Line shapes, generalised to any k: what one more stone on an empty cell makes along a line.

Every empty cell has, for each side and each of the four directions, a
*shape code*: the best that side gets on that line by playing there.
``FIVE`` completes k in a row; ``FLEX4`` leaves two or more cells that would
complete it (an open four, unstoppable); ``BLOCK4`` leaves one (a four the
opponent must answer); ``FLEX3`` makes a shape that becomes an open four
next move (an open three); ``BLOCK3`` one that becomes a four; and so on
down to ``BLOCK1``. ``NONE`` means no k-window through the cell is still
free of the opponent's stones. "Four", "three" are named for k = 5; for
another k they mean k-1 and k-2 stones.

The code is decided from the cells within :attr:`Shapes.radius` of the cell
on that line (walls beyond the board's edge count as the opponent's),
recursively and memoised, so it is exact for every k and costs nothing the
second time a shape is seen. With ``exact`` (the Gomocup "exactly five"
rule) a run longer than k does not win, and shapes that could only grow
into one are not counted.

A :class:`LineShapes` table then describes a whole line at once (a row,
column or diagonal with its stones): every cell's codes, the line's
evaluation and bitmasks of the cells that make fives, fours, open fours and
open threes. Positions keep one such description per line and replace only
the four lines through each move.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple, TypeAlias

NONE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE = range(10)
"""Shape codes, weakest first (higher is stronger)."""

LineInfo: TypeAlias = tuple[Any, ...]
"""A line's description (see :func:`line_shapes` and the index constants below)."""

CODE_NAMES = (
    "none",
    "block1",
    "flex1",
    "block2",
    "flex2",
    "block3",
    "flex3",
    "block4",
    "flex4",
    "five",
)

# --- weights ---------------------------------------------------------------------------------

WEIGHTS_FILE = "weights.txt"
"""The evaluation's weights, beside this module (package data written by
``scripts/train_eval.py``: fitted to the results of games, not set by hand)."""


class Weights(NamedTuple):
    """The evaluation and the move ordering, by code (``NONE`` to ``FIVE``).

    The evaluation is what one empty cell's code on one line is worth, summed
    over every cell and line of the board; a move's ordering score is summed
    over the four lines through its cell.
    """

    mover: tuple[int, ...]
    """Evaluation: for the side to move's codes."""
    opponent: tuple[int, ...]
    """Evaluation: for the other side's codes (subtracted)."""
    attack: tuple[int, ...]
    """Move ordering: what playing a cell makes for the mover, by its code there."""
    defend: tuple[int, ...]
    """Move ordering: what playing a cell takes from the opponent, by the opponent's code
    there."""


def parse_weights(text: str) -> Weights:
    """The weights in ``text``: one line per table of :class:`Weights`, its name and one whole
    number per code; ``#`` starts a comment. :class:`ValueError` says what is wrong."""
    tables: dict[str, tuple[int, ...]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.partition("#")[0].split()
        if not words:
            continue
        name, values = words[0], words[1:]
        if name not in Weights._fields:
            raise ValueError(f"line {number}: unknown table {name!r}")
        if len(values) != len(CODE_NAMES):
            raise ValueError(
                f"line {number}: {len(CODE_NAMES)} weights expected, not {len(values)}"
            )
        try:
            tables[name] = tuple(int(value) for value in values)
        except ValueError:
            raise ValueError(f"line {number}: weights are whole numbers") from None
    missing = [name for name in Weights._fields if name not in tables]
    if missing:
        raise ValueError(f"no {' or '.join(missing)} weights")
    return Weights(**tables)


def shipped_weights() -> Weights:
    """The weights in :data:`WEIGHTS_FILE`."""
    path = os.path.join(os.path.dirname(__file__), WEIGHTS_FILE)
    try:
        with open(path, encoding="utf-8") as file:
            return parse_weights(file.read())
    except (OSError, ValueError) as error:
        raise RuntimeError(f"the engine's weights in {path} cannot be read: {error}") from None


MOVER_VALUE, OPPONENT_VALUE, ATTACK, DEFEND = shipped_weights()
"""The evaluation and the move ordering (see :class:`Weights`)."""

LINE_MEMO_LIMIT = 40_000
"""Most line descriptions a :class:`LineTable` remembers unless told otherwise; it starts
afresh beyond."""

SHAPE_MEMO_LIMIT = 200_000
"""Most shape codes a :class:`Shapes` remembers (a few thousand for k = 5; big k can have
many); it starts afresh beyond."""

INFO_BYTES = (600, 40)
"""Memory one line description takes, about: this much plus this much per cell of the line
(measured with ``tracemalloc``: 0.95 KB on a line of 9, 1.6 KB on a line of 26)."""


def info_bytes(length: int) -> int:
    """About how many bytes a remembered description of a line of ``length`` cells takes."""
    base, per_cell = INFO_BYTES
    return base + per_cell * length


LINE_LIMIT = 26
"""Longest line (a side of the biggest board); line bitboards are packed with this stride."""

# Indices into a line description (a plain tuple: cheap, and untracked by the garbage collector).
CODES = 0
"""``info[CODES + side]``: the code of every cell of the line for side 0 (X) or 1 (O)."""
ORDER = 2
"""``info[ORDER + side]``: every cell's move-ordering score for that side to move."""
MASKS = 4
"""``info[MASKS + 2 * kind + side]``: bitmask (by position on the line) of the cells of a kind."""
FLAGS = 12
"""``info[FLAGS]``: bit ``2 * kind + side`` set when that mask is not empty (fives, fours and
open fours only: positions track those kinds incrementally)."""
SCORE = 13
"""``info[SCORE + side]``: the line's share of the evaluation with ``side`` to move: the
:data:`MOVER_VALUE` of its codes less the :data:`OPPONENT_VALUE` of the other's (linear, so
a position sums it over its lines)."""
KEY = 15
"""``info[KEY]``: the line's stones, X's from bit 0 and O's from bit :data:`LINE_LIMIT` (a
move adds its bit to find the next description without another look-up)."""

FLAG_INDICES = tuple(
    tuple(index for index in range(6) if changed >> index & 1) for changed in range(64)
)
"""For a change of :data:`FLAGS` (old ^ new), the indices of the flags that changed."""

FIVES, FOURS, FLEX_FOURS, THREES = range(4)
"""Kinds of threat cells: completes k; makes a four (block or flex); makes an open four;
makes an open three."""


class Shapes:
    """Shape codes for one k (and rule), memoised by the cells around the stone."""

    def __init__(self, k: int, exact: bool = False) -> None:
        self.k = k
        self.exact = exact
        self.radius = k if exact else k - 1
        self.span = 2 * self.radius + 1
        self.centre = 1 << self.radius
        r, span = self.radius, self.span
        first = max(0, r - k + 1)
        last = min(r, span - k - (1 if exact else 0))
        self._windows = tuple(((1 << k) - 1) << start for start in range(first, last + 1))
        self._ends = tuple(
            ((1 << (start - 1)) if start > 0 else 0)
            | ((1 << (start + k)) if start + k < span else 0)
            for start in range(first, last + 1)
        )
        self._memo: dict[int, int] = {}

    def code(self, mine: int, theirs: int) -> int:
        """The code of the centre cell (empty in ``mine``) for the side holding ``mine``.

        Both are bitmasks over the :attr:`span` cells around it; walls count as ``theirs``.
        """
        return self._code(mine | self.centre, theirs)

    def _code(self, mine: int, theirs: int) -> int:
        key = mine | theirs << self.span
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= SHAPE_MEMO_LIMIT:
                self._memo.clear()
            found = self._memo[key] = self._classify(mine, theirs)
        return found

    def _classify(self, mine: int, theirs: int) -> int:
        k = self.k
        best = -1
        live = []
        for window, ends in zip(self._windows, self._ends, strict=True):
            if window & theirs or (self.exact and ends & mine):
                continue
            count = (window & mine).bit_count()
            live.append((count, window))
            best = max(best, count)
        if best < 0:
            return NONE
        if best == k:
            return FIVE
        need = k - best
        gaps = 0
        for count, window in live:
            if count == best:
                gaps |= window & ~mine
        if need == 1:
            return FLEX4 if gaps & (gaps - 1) else BLOCK4
        if need > 4:
            return BLOCK1
        flex, block = (
            (FLEX3, BLOCK3) if need == 2 else (FLEX2, BLOCK2) if need == 3 else (FLEX1, BLOCK1)
        )
        weaker_flex = flex + 2
        while gaps:
            low = gaps & -gaps
            gaps ^= low
            if self._code(mine | low, theirs) >= weaker_flex:
                return flex
        return block


def line_shapes(shapes: Shapes, length: int, xs: int, os: int) -> LineInfo:
    """The description of a line of ``length`` cells holding X's ``xs`` and O's ``os``."""
    r, span = shapes.radius, shapes.span
    span_mask, centre = (1 << span) - 1, shapes.centre
    memo, classify = shapes._memo, shapes._code
    edge = (1 << r) - 1
    walls = edge | edge << (length + r)
    own_x, own_o = xs << r, os << r
    against_x, against_o = own_o | walls, own_x | walls
    taken = xs | os
    cx = [0] * length
    co = [0] * length
    masks = [0] * 8
    for pos in range(length):
        if taken >> pos & 1:
            continue
        bit = 1 << pos
        for side, mine, theirs, codes in (
            (0, own_x >> pos & span_mask | centre, against_x >> pos & span_mask, cx),
            (1, own_o >> pos & span_mask | centre, against_o >> pos & span_mask, co),
        ):
            code = memo.get(mine | theirs << span)
            if code is None:
                code = classify(mine, theirs)
            codes[pos] = code
            if code >= FLEX3:
                if code == FIVE:
                    masks[2 * FIVES + side] |= bit
                elif code >= BLOCK4:
                    masks[2 * FOURS + side] |= bit
                    if code == FLEX4:
                        masks[2 * FLEX_FOURS + side] |= bit
                else:
                    masks[2 * THREES + side] |= bit
    flags = 0
    for index in range(2 * THREES):  # threes change too often to track
        if masks[index]:
            flags |= 1 << index
    mover, opponent = MOVER_VALUE.__getitem__, OPPONENT_VALUE.__getitem__
    return (
        tuple(cx),
        tuple(co),
        tuple(ATTACK[a] + DEFEND[b] for a, b in zip(cx, co, strict=True)),
        tuple(ATTACK[b] + DEFEND[a] for a, b in zip(cx, co, strict=True)),
        *masks,
        flags,
        sum(map(mover, cx)) - sum(map(opponent, co)),
        sum(map(mover, co)) - sum(map(opponent, cx)),
        xs | os << LINE_LIMIT,
    )


class LineTable(dict[int, LineInfo]):
    """Descriptions of every line of one length, keyed ``xs | os << LINE_LIMIT``, made on demand.

    At most ``limit`` are remembered, in two generations: when the current
    one holds half of them it becomes the previous one (the one before is
    dropped), and a description asked for again is taken from it instead of
    being worked out afresh.
    """

    def __init__(self, shapes: Shapes, length: int, limit: int = LINE_MEMO_LIMIT) -> None:
        super().__init__()
        self.shapes = shapes
        self.length = length
        self.limit = limit
        self.previous: dict[int, LineInfo] = {}
        self._mask = (1 << LINE_LIMIT) - 1

    def __missing__(self, key: int) -> LineInfo:
        info = self.previous.pop(key, None)
        if info is None:
            info = line_shapes(self.shapes, self.length, key & self._mask, key >> LINE_LIMIT)
        if len(self) >= self.limit // 2:
            self.previous = dict(self)  # descriptions in use stay valid objects
            self.clear()
        self[key] = info
        return info

    def held(self) -> int:
        """Descriptions remembered, both generations."""
        return len(self) + len(self.previous)

    def forget(self) -> None:
        """Drop every remembered description."""
        self.previous = {}
        self.clear()
