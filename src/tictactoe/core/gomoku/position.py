"""The search's own position: line bitboards, shape descriptions, threats, evaluation, hash.

A :class:`Position` is mutable (``make`` / ``unmake``) so the search never
builds a :class:`~tictactoe.core.board.Board`. Each of its lines (every row,
column and diagonal long enough to hold k in a row) keeps the stones of both
sides as two small bitboards and a shared, memoised description from
:mod:`tictactoe.core.gomoku.patterns`; a move replaces the descriptions of
the four lines through it and nothing else. From those it keeps, move by
move:

- the evaluation of each side (the sum of its lines' values);
- for each side and threat kind (fives, fours, open fours), the set of lines
  holding such cells, so "can X win at once?" is one look-up (open threes,
  which come and go with almost every move, are collected when asked for);
- a Zobrist hash of the stones, for the transposition table;
- the neighbourhood of the stones (candidate moves).

Sides are ints: 0 is X (moves first), 1 is O.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from tictactoe.core.gomoku.patterns import (
    CODES,
    FIVE,
    FIVES,
    FLAGS,
    LINE_LIMIT,
    MASKS,
    ORDER,
    THREES,
    VALUE,
    LineInfo,
    LineTable,
    Shapes,
)
from tictactoe.core.rules import DIRECTIONS, Rules

NEAR = 2
"""Candidate moves are empty cells at most this many rows/columns from a stone."""

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
        self.steps = tuple(
            tuple(
                tuple(
                    (line, 1 << (pos + side * LINE_LIMIT), self.tables[line]) for line, pos in found
                )
                for found in spots
            )
            for side in (0, 1)
        )
        """``steps[side][cell]``: for each line through the cell, ``(line, what the stone adds to
        the line's key, the line's table)``."""
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


def cells_of(bits: int) -> Iterator[int]:
    """Indices of the set bits of ``bits``, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


class Position:
    """A mutable position for the search (see the module docstring)."""

    def __init__(self, geometry: Geometry, x: int = 0, o: int = 0) -> None:
        self.geometry = geometry
        count = len(geometry.lines)
        self.keys = [0] * count
        """Each line's stones: X's as bits 0.., O's from bit :data:`LINE_LIMIT` on."""
        self.info = [table[0] for table in geometry.tables]
        self.value = [sum(info[VALUE + side] for info in self.info) for side in (0, 1)]
        self.threats: list[set[int]] = [set() for _ in range(8)]
        for index, info in enumerate(self.info):
            self._reflag(index, 0, info[FLAGS])
        self.hash = 0
        self.stones = [0, 0]
        self.near = 0
        self.history: list[tuple[int, int, list[LineInfo], int]] = []
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

    def _reflag(self, line: int, old: int, new: int) -> None:
        changed = old ^ new
        threats = self.threats
        while changed:
            low = changed & -changed
            changed ^= low
            index = low.bit_length() - 1
            if new & low:
                threats[index].add(line)
            else:
                threats[index].discard(line)

    def make(self, cell: int, side: int) -> None:
        """Put ``side``'s stone on the empty ``cell``."""
        steps, zobrist, near, bit = self.geometry.moves[side][cell]
        keys, info = self.keys, self.info
        olds = []
        gain_x = gain_o = 0
        for line, add, table in steps:
            old = info[line]
            key = keys[line] + add
            keys[line] = key
            info[line] = new = table[key]
            olds.append(old)
            gain_x += new[2] - old[2]
            gain_o += new[3] - old[3]
            if new[14] != old[14]:
                self._reflag(line, old[14], new[14])
        value = self.value
        value[0] += gain_x
        value[1] += gain_o
        self.history.append((cell, side, olds, self.near))
        self.stones[side] |= bit
        self.hash ^= zobrist
        self.near |= near

    def unmake(self) -> int:
        """Take back the last :meth:`make`; returns its cell."""
        cell, side, olds, near = self.history.pop()
        steps, zobrist, _, bit = self.geometry.moves[side][cell]
        keys, info = self.keys, self.info
        gain_x = gain_o = 0
        for (line, add, _), old in zip(steps, olds):  # noqa: B905 - hot
            new = info[line]
            keys[line] -= add
            info[line] = old
            gain_x += old[2] - new[2]
            gain_o += old[3] - new[3]
            if new[14] != old[14]:
                self._reflag(line, new[14], old[14])
        value = self.value
        value[0] += gain_x
        value[1] += gain_o
        self.stones[side] ^= bit
        self.hash ^= zobrist
        self.near = near
        return cell

    def rewind(self, length: int) -> None:
        """Take back moves until ``length`` are left (after a search was stopped midway)."""
        while len(self.history) > length:
            self.unmake()

    def peek(self, cell: int, side: int) -> tuple[int, int, bool]:
        """The evaluations ``(X's, O's)`` after ``side`` plays ``cell``, without playing it, and
        whether the move leaves ``side`` a cell that completes a line (a four: not quiet)."""
        keys, info = self.keys, self.info
        value_x, value_o = self.value
        slot = MASKS + 2 * FIVES + side
        four = False
        for line, add, table in self.geometry.steps[side][cell]:
            old = info[line]
            new = table[keys[line] + add]
            value_x += new[2] - old[2]
            value_o += new[3] - old[3]
            if new[slot]:
                four = True
        return value_x, value_o, four

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
        slot = MASKS + 2 * FIVES + side
        all_lines, info = self.geometry.lines, self.info
        found = set()
        for line, _ in self.geometry.spots[cell]:
            mask: int = info[line][slot]
            cells = all_lines[line]
            while mask:
                low = mask & -mask
                mask ^= low
                found.add(cells[low.bit_length() - 1])
        return sorted(found)

    def lines_with_stones(self) -> set[int]:
        """Every line holding at least one stone."""
        steps = self.geometry.steps[0]
        found = set()
        for cell in cells_of(self.stones[0] | self.stones[1]):
            for line, _, _ in steps[cell]:
                found.add(line)
        return found

    def line_cells(self, kind: int, side: int, mask_kind: int, mask_side: int) -> list[int]:
        """Cells of ``mask_kind`` for ``mask_side`` on the lines where ``side`` has ``kind``."""
        return self._collect(self.threats[2 * kind + side], MASKS + 2 * mask_kind + mask_side)

    def _collect(self, lines: set[int], slot: int) -> list[int]:
        """The cells of the masks in ``slot`` of ``lines``' descriptions, sorted, each once."""
        all_lines, info = self.geometry.lines, self.info
        found = set()
        for line in lines:
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

    def order_bits(self, bits: int, side: int) -> list[tuple[int, int]]:
        """:meth:`order_scores` of the cells of the bitboard ``bits`` (the quicker way)."""
        info, spots, slot = self.info, self.geometry.spots, ORDER + side
        scored = []
        while bits:
            low = bits & -bits
            bits ^= low
            cell = low.bit_length() - 1
            score = 0
            for line, pos in spots[cell]:
                score += info[line][slot][pos]
            scored.append((score, cell))
        return scored

    def candidates(self) -> int:
        """Bitboard of the empty cells near a stone (every empty cell on an empty board)."""
        free = self.free
        return (self.near & free) or free
