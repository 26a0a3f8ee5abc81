"""The search's own position: line bitboards, shape descriptions, threats, evaluation, hash.

A :class:`Position` is mutable (``make`` / ``unmake``) so the search never
builds a :class:`~tictactoe.core.board.Board`. Each of its lines (every row,
column and diagonal long enough to hold k in a row) keeps the stones of both
sides as two small bitboards and a shared, memoised description from
:mod:`tictactoe.core.gomoku.patterns`; a move replaces the descriptions of
the four lines through it and nothing else. From those it keeps, move by
move:

- the evaluation with each side to move (the sum of its lines' shares);
- for each side and threat kind (fives, fours, open fours), a bitmask of the
  lines holding such cells, so "can X win at once?" is one look-up (open
  threes, which come and go with almost every move, are collected when
  asked for);
- a Zobrist hash of the stones, for the transposition table;
- the neighbourhood of the stones (candidate moves).

Sides are ints: 0 is X (moves first), 1 is O.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tictactoe.core.board import cells_of
from tictactoe.core.gomoku.patterns import (
    CODES,
    FIVE,
    FIVES,
    FLAG_INDICES,
    FLAGS,
    FLEX3,
    FOURS,
    KEY,
    LINE_LIMIT,
    MASKS,
    ORDER,
    SCORE,
    THREES,
    LineInfo,
    LineTable,
    Shapes,
    info_bytes,
)
from tictactoe.core.rules import DIRECTIONS, Rules

NEAR = 2
"""Candidate moves are empty cells at most this many rows/columns from a stone."""

MIN_LINE_MEMO = 64
"""Fewest line descriptions a line length keeps, however little memory there is."""

CELL_BITS = 10
"""Bits a cell's index takes (boards have at most 26 x 26 < 2 ** 10 cells)."""

CELL_MASK = (1 << CELL_BITS) - 1

NO_ORDER = (0,)
"""The ordering scores of a line that is not there (see :attr:`Geometry.spots_flat`)."""

NO_LINE: LineInfo = (0,) * (KEY + 1)
"""The description of a line that is not there: no stones, no score (see
:attr:`Geometry.steps_flat`)."""

NO_TABLE = {0: NO_LINE}
"""The descriptions of a line that is not there."""

ZOBRIST_SEED = 20_150_415
"""Seed of the Zobrist keys: the same hashes in every run (reproducible searches)."""


class Geometry:
    """The fixed facts of one board for the search: lines, neighbourhoods, hash keys."""

    def __init__(self, rules: Rules, exact: bool = False) -> None:
        self.rules = rules
        self.exact = exact
        self.shapes = Shapes(rules.k, exact)
        m, n, k = rules.m, rules.n, rules.k
        lines: list[tuple[int, ...]] = []
        for dr, dc in DIRECTIONS:
            for row in range(m):
                for col in range(n):
                    prev_r, prev_c = row - dr, col - dc
                    if 0 <= prev_r < m and 0 <= prev_c < n:
                        continue  # not the start of a line
                    cells = []
                    r, c = row, col
                    while 0 <= r < m and 0 <= c < n:
                        cells.append(r * n + c)
                        r, c = r + dr, c + dc
                    if len(cells) >= k:
                        lines.append(tuple(cells))
        self.lines = tuple(lines)
        by_length: dict[int, LineTable] = {}
        self.tables = tuple(
            by_length.setdefault(len(line), LineTable(self.shapes, len(line))) for line in lines
        )
        spots: list[list[tuple[int, int]]] = [[] for _ in range(rules.size)]
        for index, line in enumerate(lines):
            for pos, cell in enumerate(line):
                spots[cell].append((index, pos))
        self.spots = tuple(tuple(found) for found in spots)
        """For each cell, ``(line, position on the line)`` of every line through it."""
        padding = [(len(lines), 0)] * len(DIRECTIONS)
        self.spots_flat = tuple(
            tuple(number for spot in (found + padding)[: len(DIRECTIONS)] for number in spot)
            for found in spots
        )
        """:attr:`spots` of each cell flattened and padded to four lines with ``(len(lines),
        0)``, a line past the last (for loops without an inner loop)."""
        self.steps = tuple(
            tuple(
                tuple(
                    (line, 1 << (pos + side * LINE_LIMIT), self.tables[line], 1 << line)
                    for line, pos in found
                )
                for found in spots
            )
            for side in (0, 1)
        )
        """``steps[side][cell]``: for each line through the cell, ``(line, what the stone adds to
        the line's key, the line's table, the line's bit)``."""
        no_step = (len(lines), 0, NO_TABLE)
        self.steps_flat: tuple[tuple[tuple[Any, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    number
                    for step in [step[:3] for step in found] + [no_step] * (4 - len(found))
                    for number in step
                )
                for found in by_cell
            )
            for by_cell in self.steps
        )
        """The first three of each of :attr:`steps` flattened and padded to four lines with
        ``(len(lines), 0, NO_TABLE)``, a line past the last (for loops without an inner
        loop)."""
        near = []
        for cell in range(rules.size):
            row, col = divmod(cell, n)
            bits = 0
            for r in range(max(0, row - NEAR), min(m, row + NEAR + 1)):
                for c in range(max(0, col - NEAR), min(n, col + NEAR + 1)):
                    bits |= 1 << (r * n + c)
            near.append(bits)
        self.near = tuple(near)
        rng = random.Random(ZOBRIST_SEED)
        self.zobrist = tuple(
            tuple(rng.getrandbits(64) for _ in range(rules.size)) for _side in (0, 1)
        )
        self.full = rules.full_mask
        self.moves = tuple(
            tuple(
                (self.steps[side][cell], self.zobrist[side][cell], self.near[cell], 1 << cell)
                for cell in range(rules.size)
            )
            for side in (0, 1)
        )
        """``moves[side][cell]``: everything :meth:`Position.make` needs, in one look-up."""

    def set_memory(self, memory: int) -> None:
        """Let the remembered line descriptions take about ``memory`` bytes in all."""
        tables = {id(table): table for table in self.tables}.values()
        share = memory // max(1, len(tables))
        for table in tables:
            table.limit = max(MIN_LINE_MEMO, share // info_bytes(table.length))
            if table.held() > table.limit:
                table.forget()


class Position:
    """A mutable position for the search (see the module docstring)."""

    def __init__(self, geometry: Geometry, x: int = 0, o: int = 0) -> None:
        self.geometry = geometry
        self.info = [table[0] for table in geometry.tables]
        """Each line's description (its stones at ``info[line][KEY]``)."""
        self.scores: list[int] = [sum(info[SCORE + side] for info in self.info) for side in (0, 1)]
        """The evaluation with each side to move (see :meth:`evaluate`)."""
        self.threats = [0] * 8
        """``threats[2 * kind + side]``: bitmask of the lines where ``side`` has cells of
        ``kind`` (fives, fours, open fours; threes are not tracked)."""
        for index, info in enumerate(self.info):
            for flag in FLAG_INDICES[info[FLAGS]]:
                self.threats[flag] |= 1 << index
        self.hash = 0
        self.stones = [0, 0]
        self.near = 0
        self.history: list[tuple[int, int, list[LineInfo], int, int, int]] = []
        xs, os = list(cells_of(x)), list(cells_of(o))
        for cell in xs:
            self.make(cell, 0)
        for cell in os:
            self.make(cell, 1)
        self.history.clear()

    @property
    def occupied(self) -> int:
        """Bitboard of every stone."""
        return self.stones[0] | self.stones[1]

    @property
    def free(self) -> int:
        """Bitboard of the empty cells."""
        return self.geometry.full & ~(self.stones[0] | self.stones[1])

    @property
    def turn(self) -> int:
        """The side to move (0 X, 1 O), from the stone counts."""
        return 0 if self.stones[0].bit_count() == self.stones[1].bit_count() else 1

    def evaluate(self, side: int) -> int:
        """The shapes' score with ``side`` to move (see :data:`patterns.SCORE`)."""
        return self.scores[side]

    def make(self, cell: int, side: int) -> None:
        """Put ``side``'s stone on the empty ``cell``."""
        steps, zobrist, near, bit = self.geometry.moves[side][cell]
        info, threats, scores = self.info, self.threats, self.scores
        olds: list[LineInfo] = []
        score_x, score_o = scores
        self.history.append((cell, side, olds, self.near, score_x, score_o))
        for line, add, table, line_bit in steps:
            old = info[line]
            info[line] = new = table[old[15] + add]  # KEY
            olds.append(old)
            score_x += new[13] - old[13]  # SCORE
            score_o += new[14] - old[14]
            if new[12] != old[12]:  # FLAGS
                for index in FLAG_INDICES[new[12] ^ old[12]]:
                    threats[index] ^= line_bit
        scores[0] = score_x
        scores[1] = score_o
        self.stones[side] |= bit
        self.hash ^= zobrist
        self.near |= near

    def unmake(self) -> int:
        """Take back the last :meth:`make`; returns its cell."""
        cell, side, olds, near, score_x, score_o = self.history.pop()
        steps, zobrist, _, bit = self.geometry.moves[side][cell]
        info, threats = self.info, self.threats
        for (line, _, _, line_bit), old in zip(steps, olds):  # noqa: B905 - hot
            new = info[line]
            info[line] = old
            if new[12] != old[12]:
                for index in FLAG_INDICES[new[12] ^ old[12]]:
                    threats[index] ^= line_bit
        scores = self.scores
        scores[0] = score_x
        scores[1] = score_o
        self.stones[side] ^= bit
        self.hash ^= zobrist
        self.near = near
        return cell

    def rewind(self, length: int) -> None:
        """Take back moves until ``length`` are left (after a search was stopped midway)."""
        while len(self.history) > length:
            self.unmake()

    def peek(self, cell: int, side: int) -> int:
        """The score for ``side`` after it plays the empty ``cell`` (the negated
        :meth:`evaluate` of the opponent, then to move), without playing it."""
        info = self.info
        slot = SCORE + (side ^ 1)
        score = self.scores[side ^ 1]
        for line, add, table, _ in self.geometry.steps[side][cell]:
            old = info[line]
            score += table[old[KEY] + add][slot] - old[slot]
        return -score

    def fours(self, side: int) -> int:
        """Bitboard of the cells where ``side`` makes a four (leaves a cell that completes a
        line)."""
        all_lines, info = self.geometry.lines, self.info
        slot = MASKS + 2 * FOURS + side
        lines = self.threats[2 * FOURS + side]
        bits = 0
        while lines:
            low = lines & -lines
            lines ^= low
            mask: int = info[low.bit_length() - 1][slot]
            cells = all_lines[low.bit_length() - 1]
            while mask:
                low = mask & -mask
                mask ^= low
                bits |= 1 << cells[low.bit_length() - 1]
        return bits

    def double_threat(self, side: int) -> bool:
        """True when ``side`` has a cell making two fours, or a four and an open three
        (usually a win two or three moves later: not proved, the answer to the four may
        spoil it)."""
        info, spots, slot = self.info, self.geometry.spots, CODES + side
        fours = self.fours(side)
        while fours:
            low = fours & -fours
            fours ^= low
            strong = 0  # lines where the cell makes an open three or better: one is the four
            for line, pos in spots[low.bit_length() - 1]:
                if info[line][slot][pos] >= FLEX3:
                    strong += 1
            if strong > 1:
                return True
        return False

    # --- threats ------------------------------------------------------------------------

    def has(self, kind: int, side: int) -> bool:
        """True when ``side`` has a cell of ``kind`` (patterns.FIVES, FOURS or FLEX_FOURS)."""
        return bool(self.threats[2 * kind + side])

    def cells(self, kind: int, side: int) -> list[int]:
        """Every cell where ``side`` makes a threat of ``kind``, each once, lowest first."""
        index = 2 * kind + side
        if kind == THREES:  # not tracked move by move: the lines through the stones
            return self._collect(self.lines_with_stones(), MASKS + index)
        return self._collect(self.threats[index], MASKS + index)

    def fives_through(self, cell: int, side: int) -> list[int]:
        """The cells completing a line for ``side`` on the lines through ``cell`` (sorted):
        after a four at ``cell``, the cells the opponent must block."""
        lines = 0
        for line, _ in self.geometry.spots[cell]:
            lines |= 1 << line
        return self._collect(lines, MASKS + 2 * FIVES + side)

    def lines_with_stones(self) -> int:
        """Bitmask of the lines holding at least one stone."""
        steps = self.geometry.steps[0]
        found = 0
        for cell in cells_of(self.stones[0] | self.stones[1]):
            for step in steps[cell]:
                found |= step[3]
        return found

    def line_cells(self, kind: int, side: int, mask_kind: int, mask_side: int) -> list[int]:
        """Cells of ``mask_kind`` for ``mask_side`` on the lines where ``side`` has ``kind``."""
        return self._collect(self.threats[2 * kind + side], MASKS + 2 * mask_kind + mask_side)

    def _collect(self, lines: int, slot: int) -> list[int]:
        """The cells of the masks in ``slot`` of the descriptions of the lines in the bitmask
        ``lines``, sorted, each once."""
        all_lines, info = self.geometry.lines, self.info
        found = set()
        while lines:
            low = lines & -lines
            lines ^= low
            line = low.bit_length() - 1
            mask: int = info[line][slot]
            cells = all_lines[line]
            while mask:
                low = mask & -mask
                mask ^= low
                found.add(cells[low.bit_length() - 1])
        return sorted(found)

    def code(self, cell: int, side: int) -> int:
        """The strongest shape ``side`` makes by playing the empty ``cell``."""
        info, slot = self.info, CODES + side
        return max((info[line][slot][pos] for line, pos in self.geometry.spots[cell]), default=0)

    def codes(self, cell: int, side: int) -> list[int]:
        """The shape ``side`` makes on each line through the empty ``cell``."""
        info, slot = self.info, CODES + side
        return [info[line][slot][pos] for line, pos in self.geometry.spots[cell]]

    def wins_at(self, cell: int, side: int) -> bool:
        """True when ``side`` completes a winning line by playing ``cell``."""
        return self.code(cell, side) == FIVE

    def order_scores(self, cells: Iterable[int], side: int) -> list[tuple[int, int]]:
        """``(score, cell)`` for each of ``cells``: how good a move it looks for ``side``."""
        info, spots, slot = self.info, self.geometry.spots, ORDER + side
        scored = []
        for cell in cells:
            score = 0
            for line, pos in spots[cell]:
                score += info[line][slot][pos]
            scored.append((score, cell))
        return scored

    def order_keys(self, bits: int, side: int, bonus: list[int]) -> list[int]:
        """For each cell of the bitboard ``bits``, its ordering score for ``side`` plus
        ``bonus[cell]``, shifted left by :data:`CELL_BITS` with the cell in the low bits:
        whole numbers that sort as ``(score, cell)`` pairs would, only quicker."""
        slot = ORDER + side
        orders = [info[slot] for info in self.info]
        orders.append(NO_ORDER)  # the padding's line (see Geometry.spots_flat)
        spots = self.geometry.spots_flat
        keys = []
        while bits:
            low = bits & -bits
            bits ^= low
            cell = low.bit_length() - 1
            a, at, b, bt, c, ct, d, dt = spots[cell]
            score = bonus[cell] + orders[a][at] + orders[b][bt] + orders[c][ct] + orders[d][dt]
            keys.append(score << 10 | cell)  # CELL_BITS
        return keys

    def candidates(self) -> int:
        """Bitboard of the empty cells near a stone (every empty cell on an empty board)."""
        free = self.free
        return (self.near & free) or free
