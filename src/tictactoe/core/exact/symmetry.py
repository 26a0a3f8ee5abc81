"""A position up to the board's symmetries, on raw bitboards, for the exact solver's tables.

A position key is ``mover | other << size`` (two bitboards side by side).
:func:`make_canonical` maps a key to the smallest key among its images under
the board's 4 or 8 symmetries, so the tables hold one entry for all of them;
:func:`make_reorient` carries a set of cells found for one image over to
another (the relevance zone of a proof read back from the table).

    >>> from tictactoe.core.rules import Rules
    >>> canonical = make_canonical(Rules())
    >>> canonical(1 << 0) == canonical(1 << 8)        # X in one corner or the other
    True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import cast

from tictactoe.core.rules import Rules

CHUNK_BITS = 10
"""Most key bits one lookup table covers (tables have 2**bits entries)."""

Tables = tuple[tuple[int, int, tuple[int, ...]], ...]
"""Per chunk of a key: where it starts, its mask, the packed images of every value."""


@functools.lru_cache(maxsize=16)
def chunk_tables(rules: Rules) -> Tables:
    """Lookup tables mapping chunks of a position key to all its symmetric images
    (kept per board: every fresh solver needs them, and building them is a fifth of
    valuing a typical 5 x 5 position's moves).

    Each table entry packs the images of one chunk under every symmetry side
    by side, ``2 * size`` bits apart, so OR-ing one entry per chunk gives
    every image of the whole key at once.
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


def _packer(tables: Tables) -> Callable[[int], int]:
    """A function from a key to all its images, packed side by side."""

    def packed(key: int) -> int:
        found = 0
        for start, mask, table in tables:
            found |= table[key >> start & mask]
        return found

    return packed


@functools.lru_cache(maxsize=16)
def make_canonical(rules: Rules) -> Callable[[int], int]:
    """A function from a position key to the smallest key among its symmetric images.

    It runs once or twice for every position the solver visits, so it is
    written out for the board: one lookup per chunk of the key and one image
    per symmetry in a single expression, the tables' numbers as constants
    (built as source text, as :mod:`dataclasses` builds its methods: a loop
    over the chunks and a list of the images took 2.5 times as long).
    """
    width = 2 * rules.size
    field = (1 << width) - 1
    tables = chunk_tables(rules)
    lookups = " | ".join(
        f"table{number}[key >> {start} & {mask}]" for number, (start, mask, _) in enumerate(tables)
    )
    images = ", ".join(f"packed >> {s * width} & {field}" for s in range(len(rules.symmetries)))
    source = f"def canonical(key):\n    packed = {lookups}\n    return min({images})\n"
    namespace: dict[str, object] = {
        f"table{number}": table for number, (_, _, table) in enumerate(tables)
    }
    exec(source, namespace)  # (the source holds only numbers computed here)
    return cast(Callable[[int], int], namespace["canonical"])


@functools.lru_cache(maxsize=16)
def make_reorient(rules: Rules) -> Callable[[int, int, int], int]:
    """A function ``(cells, stored, key)``: ``cells`` found for the position ``stored``,
    carried over to ``key``, a symmetric image of it (both position keys)."""
    size = rules.size
    width = 2 * size
    field = (1 << width) - 1
    board = (1 << size) - 1
    symmetries = rules.symmetries
    count = len(symmetries)
    packed = _packer(chunk_tables(rules))
    index = {perm: number for number, perm in enumerate(symmetries)}
    inverse = []
    for perm in symmetries:
        back = [0] * size
        for cell, image in enumerate(perm):
            back[image] = cell
        inverse.append(index[tuple(back)])

    def reorient(cells: int, stored: int, key: int) -> int:
        stored_images, key_images = packed(stored), packed(key)
        targets = [key_images >> (s * width) & field for s in range(count)]
        for there in range(count):
            image = stored_images >> (there * width) & field
            if image in targets:
                back = inverse[targets.index(image)]
                common = packed(cells) >> (there * width) & board
                return packed(common) >> (back * width) & board
        raise ValueError("the two positions are not images of each other")

    return reorient


def orientation(rules: Rules, key: int) -> tuple[int, ...]:
    """A symmetry (a cell permutation: ``perm[cell]`` is the image) taking the position
    ``key`` to its canonical key, the one :func:`make_canonical` gives: so a cell of
    the position as it stands is ``perm[cell]`` in the table's orientation.

        >>> from tictactoe.core.rules import Rules
        >>> rules = Rules()
        >>> perm = orientation(rules, 1 << 8)            # X in the last corner
        >>> make_canonical(rules)(1 << 8) == 1 << perm[8]
        True
    """
    size = rules.size
    best = -1
    found = rules.symmetries[0]
    for perm in rules.symmetries:
        image = 0
        for half, bits in ((0, key & rules.full_mask), (size, key >> size)):
            while bits:
                low = bits & -bits
                bits ^= low
                image |= 1 << (half + perm[low.bit_length() - 1])
        if best < 0 or image < best:
            best, found = image, perm
    return found
