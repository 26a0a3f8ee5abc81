"""The fixed facts of an m,n,k-game: board size, win length, lines, symmetries."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TypeGuard

from tictactoe.core.errors import N_, RulesError, shown
from tictactoe.core.numbers import whole_number

MAX_SIDE = 26
"""Largest number of rows or columns (one letter per column in cell names)."""

MIN_K = 2
"""Shortest winning line: one in a row would make the first move win."""

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Row/column steps of the four line directions: across, down, and both diagonals."""


def default_k(m: int, n: int) -> int:
    """The win length used when none is given: ``min(m, n, 5)``, at least 2."""
    return max(MIN_K, min(m, n, 5))


def _echo(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters first."""
    return repr(text[:limit] + "…" if len(text) > limit else text)


def _is_int(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


_SIDE_LIMITS = (
    (
        N_("rows must be a whole number, not {value}"),
        N_("rows must be from 1 to {high}, not {value}"),
    ),
    (
        N_("columns must be a whole number, not {value}"),
        N_("columns must be from 1 to {high}, not {value}"),
    ),
)
"""What is wrong with the rows, then the columns: not a whole number, or out of range."""


def _check_sides(m: object, n: object) -> None:
    """Raise :class:`RulesError` unless rows and columns are whole numbers from 1 to 26."""
    for value, (not_whole, out_of_range) in zip((m, n), _SIDE_LIMITS, strict=True):
        if not _is_int(value):
            raise RulesError.worded(not_whole, value=shown(value))
        if not 1 <= value <= MAX_SIDE:
            raise RulesError.worded(out_of_range, high=MAX_SIDE, value=shown(value))


class Rules:
    """An m x n board (m rows, n columns) where k in a row wins.

    ``Rules()`` is classic tic-tac-toe. Sizes outside 1..26 and win lengths
    outside 2..max(m, n) raise :class:`RulesError` naming the limit. A frozen
    value: equal rules compare and hash equal. (Written by hand rather than as
    a dataclass: importing ``dataclasses`` costs a fresh process more than
    solving 3 x 3.) The three numbers live in slots, so neither assignment,
    ``del`` nor ``vars(rules)`` changes them; the instance dictionary holds
    only the lazily computed lines and symmetries.
    """

    __slots__ = ("__dict__", "k", "m", "n")

    m: int
    """Number of rows."""
    n: int
    """Number of columns."""
    k: int
    """Marks in a row needed to win (across, down or diagonally)."""

    def __init__(self, m: int = 3, n: int = 3, k: int = 3) -> None:
        _check_sides(m, n)
        if not _is_int(k):
            raise RulesError.worded(N_("k must be a whole number, not {value}"), value=shown(k))
        longest = max(m, n)
        if not MIN_K <= k <= longest:
            if longest < MIN_K:
                raise RulesError.worded(
                    N_("a {m} x {n} board is too small: a line needs at least {low} cells"),
                    m=m, n=n, low=MIN_K,
                )  # fmt: skip
            raise RulesError.worded(
                N_(
                    "k must be from {low} to {high} (the longer side) on a {m} x {n} board,"
                    " not {value}"
                ),
                low=MIN_K, high=longest, m=m, n=n, value=shown(k),
            )  # fmt: skip
        object.__setattr__(self, "m", m)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "k", k)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules are frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules are frozen: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return (self.m, self.n, self.k) == (other.m, other.n, other.k)

    def __hash__(self) -> int:
        return hash((self.m, self.n, self.k))

    def __repr__(self) -> str:
        return f"Rules(m={self.m}, n={self.n}, k={self.k})"

    def __reduce__(self) -> tuple[type[Rules], tuple[int, int, int]]:
        """Pickle the three numbers only, not the cached lines and symmetries."""
        return Rules, (self.m, self.n, self.k)

    @classmethod
    def of(cls, m: int = 3, n: int | None = None, k: int | None = None) -> Rules:
        """Rules for an m x n board; n defaults to m and k to ``default_k(m, n)``."""
        n = m if n is None else n
        if k is None:
            _check_sides(m, n)  # a bad size is reported as such, not as a bad default k
            k = default_k(m, n)
        return cls(m, n, k)

    @classmethod
    def parse_size(cls, text: str, k: int | None = None) -> Rules:
        """Rules from a size such as ``"3x3"``, ``"15x15"`` or ``"4"`` (square)."""
        if not isinstance(text, str):
            raise RulesError(f"a board size must be text like 3x3, not {type(text).__name__}")
        parts = text.strip().lower().replace("×", "x").split("x")
        if len(parts) in (1, 2) and all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            sides = [whole_number(part) for part in parts]
            m, n = sides[0], sides[-1]
            if m is None or n is None or m > MAX_SIDE or n > MAX_SIDE:
                raise RulesError.worded(
                    N_("rows and columns must be from 1 to {high}, not {text}"),
                    high=MAX_SIDE, text=_echo(text),
                )  # fmt: skip
            return cls.of(m, n, k)
        raise RulesError.worded(
            N_("board size must look like 3x3 or 7x5 (rows x columns), not {text}"),
            text=_echo(text),
        )

    @classmethod
    def parse_compact(cls, text: str) -> Rules:
        """Rules from a size and a win length written together, such as ``"6x6k4"`` (the
        board lists of the scripts and benchmarks); a bad one raises :class:`ValueError`."""
        size, _, k = text.strip().lower().partition("k")
        return cls.parse_size(size, int(k))

    @cached_property
    def size(self) -> int:
        """Number of cells."""
        return self.m * self.n

    @cached_property
    def full_mask(self) -> int:
        """Bitboard with every cell set."""
        return (1 << self.size) - 1

    @property
    def is_square(self) -> bool:
        """True when rows and columns are equal (8 symmetries rather than 4)."""
        return self.m == self.n

    def __str__(self) -> str:
        return f"{self.m}x{self.n}, k={self.k}"

    def cell(self, row: int, col: int) -> int:
        """The cell index of (row, col), both from 0 at the top left."""
        if not (_is_int(row) and _is_int(col) and 0 <= row < self.m and 0 <= col < self.n):
            raise RulesError(f"({shown(row)}, {shown(col)}) is off the {self.m} x {self.n} board")
        return row * self.n + col

    def row_col(self, cell: int) -> tuple[int, int]:
        """(row, column) of a cell index."""
        if not (_is_int(cell) and 0 <= cell < self.size):
            raise RulesError(
                f"cell {shown(cell)} is off the {self.m} x {self.n} board "
                f"(cells are 0 to {self.size - 1})"
            )
        return divmod(cell, self.n)

    def stepped(self, cell: int, rows: int, cols: int) -> int:
        """The cell ``rows`` down and ``cols`` right of ``cell`` (negative: up, left), stopping
        at the board's edges: where a keyboard cursor goes for an arrow key."""
        row, col = self.row_col(cell)
        return self.cell(min(self.m - 1, max(0, row + rows)), min(self.n - 1, max(0, col + cols)))

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every run of k cells in a row, as tuples of cell indices."""
        found = []
        for dr, dc in DIRECTIONS:
            for row in range(self.m):
                for col in range(self.n):
                    end_row, end_col = row + dr * (self.k - 1), col + dc * (self.k - 1)
                    if 0 <= end_row < self.m and 0 <= end_col < self.n:
                        found.append(
                            tuple((row + dr * i) * self.n + col + dc * i for i in range(self.k))
                        )
        return tuple(found)

    @cached_property
    def line_masks(self) -> tuple[int, ...]:
        """Every winning line as a bitboard, in the order of :attr:`lines`."""
        return tuple(sum(1 << cell for cell in line) for line in self.lines)

    @cached_property
    def masks_through(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the bitboards of the winning lines that contain it."""
        through: list[list[int]] = [[] for _ in range(self.size)]
        for line, mask in zip(self.lines, self.line_masks, strict=True):
            for cell in line:
                through[cell].append(mask)
        return tuple(tuple(masks) for masks in through)

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries as cell permutations (``perm[cell]`` is the image).

        Eight on a square board (rotations and reflections), four otherwise.
        The identity comes first.
        """
        m, n = self.m, self.n
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, n - 1 - c),
            lambda r, c: (m - 1 - r, c),
            lambda r, c: (m - 1 - r, n - 1 - c),
        ]
        if self.is_square:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, n - 1 - r),
                lambda r, c: (m - 1 - c, r),
                lambda r, c: (m - 1 - c, n - 1 - r),
            ]
        return tuple(
            tuple(self.cell(*f(*divmod(cell, n))) for cell in range(self.size)) for f in maps
        )

    @cached_property
    def centre_distance_order(self) -> tuple[int, ...]:
        """Cells ordered nearest the centre first (ties row-major)."""
        mid_r, mid_c = (self.m - 1) / 2, (self.n - 1) / 2
        return tuple(
            sorted(
                range(self.size),
                key=lambda c: (
                    max(abs(c // self.n - mid_r), abs(c % self.n - mid_c)),
                    abs(c // self.n - mid_r) + abs(c % self.n - mid_c),
                    c,
                ),
            )
        )

    @cached_property
    def corners(self) -> tuple[int, ...]:
        """The corner cells (fewer than four on a one-row or one-column board)."""
        last_row, last_col = self.m - 1, self.n - 1
        found = {0, last_col, last_row * self.n, last_row * self.n + last_col}
        return tuple(sorted(found))
