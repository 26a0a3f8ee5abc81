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

COMBO_LEVELS = (FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4)
"""The codes a cell's *combination* is made of: a cell's two best codes of at least
``FLEX2`` on two of its lines (a five counts as ``FLEX4``)."""

COMBO_LEAST = COMBO_LEVELS[0]
"""The least code that counts towards a combination."""

COMBO_NAMES = tuple(
    f"{CODE_NAMES[high]}+{CODE_NAMES[low]}"
    for index, high in enumerate(COMBO_LEVELS)
    for low in COMBO_LEVELS[: index + 1]
)
"""The combinations, weakest first: ``flex2+flex2``, ``block3+flex2``, ...,
``flex4+flex4``."""

COMBO_BASE = 5
"""A cell's combination key is the sum of :data:`COMBO_DIGIT` of its four codes: how many
of its lines have each level, one base-5 digit a level."""

COMBO_DIGIT = (0,) * COMBO_LEAST + tuple(
    COMBO_BASE ** min(level, len(COMBO_LEVELS) - 1) for level in range(FIVE - COMBO_LEAST + 1)
)
"""By code, what it adds to a cell's combination key (0 below :data:`COMBO_LEAST`)."""

COMBO_KEYS = COMBO_BASE ** len(COMBO_LEVELS)
"""Combination keys are below this."""


def combo_class(key: int) -> int:
    """The combination (an index into :data:`COMBO_NAMES`) of a cell's key, -1 for none (fewer
    than two lines of :data:`COMBO_LEAST` or better)."""
    levels: list[int] = []
    for level in reversed(range(len(COMBO_LEVELS))):
        levels += [level] * (key // COMBO_BASE**level % COMBO_BASE)
    if len(levels) < 2:
        return -1
    high, low = levels[0], levels[1]
    return high * (high + 1) // 2 + low


COMBO_CLASS = tuple(combo_class(key) for key in range(COMBO_KEYS))
""":func:`combo_class` of every key."""

# --- weights ---------------------------------------------------------------------------------

WEIGHTS_FILE = "weights.txt"
"""The evaluation's weights, beside this module (package data written by
``scripts/train_eval.py``: fitted to the results of games, not set by hand)."""


class Weights(NamedTuple):
    """The evaluation and the move ordering, by code (``NONE`` to ``FIVE``), and the
    evaluation's combinations (by :data:`COMBO_NAMES`).

    The evaluation is what one empty cell's code on one line is worth, summed
    over every cell and line of the board, and what each empty cell's
    combination (its two best codes) is worth, summed over the cells; a
    move's ordering score is summed over the four lines through its cell.
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
    combo_mover: tuple[int, ...]
    """Evaluation: for the side to move's combinations."""
    combo_opponent: tuple[int, ...]
    """Evaluation: for the other side's combinations (subtracted)."""


TABLE_SIZES = {"combo_mover": len(COMBO_NAMES), "combo_opponent": len(COMBO_NAMES)}
"""Numbers in each table of :class:`Weights` other than one per code."""


def parse_weights(text: str) -> Weights:
    """The weights in ``text``: one line per table of :class:`Weights`, its name and one whole
    number per code (or combination); ``#`` starts a comment. :class:`ValueError` says what is
    wrong."""
    tables: dict[str, tuple[int, ...]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.partition("#")[0].split()
        if not words:
            continue
        name, values = words[0], words[1:]
        if name not in Weights._fields:
            raise ValueError(f"line {number}: unknown table {name!r}")
        size = TABLE_SIZES.get(name, len(CODE_NAMES))
        if len(values) != size:
            raise ValueError(f"line {number}: {size} weights expected, not {len(values)}")
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


MOVER_VALUE, OPPONENT_VALUE, ATTACK, DEFEND, COMBO_MOVER, COMBO_OPPONENT = shipped_weights()
"""The evaluation and the move ordering (see :class:`Weights`)."""


def combo_values(table: tuple[int, ...]) -> tuple[int, ...]:
    """A combination table by key: the value of each key's combination (0 for none)."""
    return tuple(0 if found < 0 else table[found] for found in COMBO_CLASS)


COMBO_MOVER_VALUE = combo_values(COMBO_MOVER)
"""By combination key, what a cell's combination is worth to the side to move."""
COMBO_OPPONENT_VALUE = combo_values(COMBO_OPPONENT)
"""By combination key, what a cell's combination of the other side is worth (subtracted)."""

LINE_MEMO_LIMIT = 40_000
"""Most line descriptions a :class:`LineTable` remembers unless told otherwise; it starts
afresh beyond."""

SHAPE_MEMO_LIMIT = 200_000
"""Most shape codes a :class:`Shapes` remembers (a few thousand for k = 5; big k can have
many); it starts afresh beyond."""

INFO_BYTES = (1_200, 80)
"""Memory one line description takes, about: this much plus this much per cell of the line
(measured with ``tracemalloc``: 0.95 KB on a line of 9, 1.6 KB on a line of 26, before the
descriptions remembered their combination changes: about 1.8 to 2 times that since)."""


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
STRONG = 16
"""``info[STRONG + side]``: bitmask of the cells where that side's code is
:data:`COMBO_LEAST` or better (the cells that can make a combination)."""
EITHER_STRONG = 18
"""``info[EITHER_STRONG]``: both sides' :data:`STRONG` cells (one look-up says whether a
move on the line may change combinations)."""
COMBOS = 19
"""``info[COMBOS]``: a list, filled as moves are made, of :func:`combo_change` by the
stone's :func:`stone_number` (the stone that made this line from the one before), ``None``
where not yet worked out."""


def stone_number(pos: int, side: int) -> int:
    """The index in :data:`COMBOS` of ``side``'s stone at ``pos`` on the line."""
    return 2 * pos + side


ComboStep: TypeAlias = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
"""A cell's combination key changing: its position on the line, the side, the change, and
how the change moves X's and O's scores (:func:`combo_deltas`, by the key before)."""

ComboChange: TypeAlias = tuple[ComboStep, ...]
"""The cells of a line whose combination key changes with a stone, X's and O's: see
:func:`combo_change`."""

COMBO_STEPS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
""":func:`combo_deltas` remembered."""


def combo_deltas(step: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By combination key, how adding ``step`` to it changes the evaluation with its side
    to move (:data:`COMBO_MOVER_VALUE`) and with the other side to move (minus
    :data:`COMBO_OPPONENT_VALUE`): one look-up a changed cell and score. Worked out once a
    step (a few dozen steps)."""
    found = COMBO_STEPS.get(step)
    if found is None:
        keys = range(max(0, -step), min(COMBO_KEYS, COMBO_KEYS - step))
        mover, other = [0] * COMBO_KEYS, [0] * COMBO_KEYS
        for key in keys:
            mover[key] = COMBO_MOVER_VALUE[key + step] - COMBO_MOVER_VALUE[key]
            other[key] = COMBO_OPPONENT_VALUE[key] - COMBO_OPPONENT_VALUE[key + step]
        found = COMBO_STEPS[step] = (tuple(mover), tuple(other))
    return found


def combo_change(old: LineInfo, new: LineInfo, number: int) -> ComboChange:
    """How the stone of :func:`stone_number` ``number`` changes the combination keys
    (:data:`COMBO_DIGIT`) of the other cells of a line, ``old`` and ``new`` being its
    descriptions before and after; remembered in ``new[COMBOS]``. Each step carries the
    tables of how X's and O's scores change (see :data:`ComboStep`)."""
    stone = number >> 1
    changes: list[ComboStep] = []
    for side in (0, 1):
        cells = (old[STRONG + side] | new[STRONG + side]) & ~(1 << stone)
        before, after = old[CODES + side], new[CODES + side]
        while cells:
            low = cells & -cells
            cells ^= low
            at = low.bit_length() - 1
            change = COMBO_DIGIT[after[at]] - COMBO_DIGIT[before[at]]
            if change:
                mover, other = combo_deltas(change)
                changes.append(
                    (at, side, change, *((mover, other) if side == 0 else (other, mover)))
                )
    result = tuple(changes)
    new[COMBOS][number] = result
    return result


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
    strong = [0, 0]
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
            if code >= COMBO_LEAST:
                strong[side] |= bit
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
        *strong,
        strong[0] | strong[1],
        [None] * (2 * length),
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
