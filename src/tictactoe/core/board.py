"""Immutable positions: two bitboards (X's cells, O's cells) on a :class:`Rules`.

:class:`~tictactoe.core.mark.Mark` is imported from here as well.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import compress
from typing import NamedTuple

from tictactoe.core.errors import IllegalMove, IllegalMoveError, PositionError, RulesError, shown
from tictactoe.core.mark import Mark as Mark  # re-exported: the marks are read with the board
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import DIRECTIONS, MAX_SIDE, Rules

EMPTY_CHAR = "."
ROW_SEPARATOR = "/"
MAX_TEXT = MAX_SIDE * (MAX_SIDE + 1) - 1
"""Longest position text: 26 rows of 26 cells and the separators between them."""


def cells_of(bits: int) -> Iterator[int]:
    """Indices of the set bits of ``bits``, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


_DIGITS_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")
"""Turns the digits of ``bin()`` into bytes 0 and 1, for :func:`itertools.compress`."""


def _cells(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first (quicker than :func:`cells_of` when
    dense)."""
    flags = bin(mask)[:1:-1].encode().translate(_DIGITS_TO_BYTES)
    return tuple(compress(range(len(flags)), flags))


class WinningLine(NamedTuple):
    """One winning line as it is drawn: a straight run of the winner's marks from ``start`` to
    ``end``, k or more long (an overline is one line through all its marks)."""

    start: int
    """The run's first cell (its top end; the left end of a row)."""
    end: int
    """The run's last cell."""
    cells: tuple[int, ...]
    """Every cell of the run, from ``start`` to ``end``."""


def _runs(rules: Rules, bits: int) -> Iterator[WinningLine]:
    """Every run of k or more of the cells of ``bits``, across, down and along both diagonals
    (in that order), each from its first cell in that direction."""
    m, n = rules.m, rules.n
    for d_row, d_col in DIRECTIONS:
        for cell in cells_of(bits):
            row, col = divmod(cell, n)
            if (
                0 <= row - d_row < m
                and 0 <= col - d_col < n
                and bits >> (cell - d_row * n - d_col) & 1
            ):
                continue  # inside a run that starts earlier
            run = [cell]
            row, col = row + d_row, col + d_col
            while 0 <= row < m and 0 <= col < n and bits >> (row * n + col) & 1:
                run.append(row * n + col)
                row, col = row + d_row, col + d_col
            if len(run) >= rules.k:
                yield WinningLine(run[0], run[-1], tuple(run))


def _winning_masks(rules: Rules, bits: int) -> tuple[int, ...]:
    return tuple(mask for mask in rules.line_masks if bits & mask == mask)


class Board:
    """A position: which cells X and O hold on an m x n board with k to win.

    Immutable and hashable; :meth:`play` returns a new board. Whose turn it is
    follows from the counts (X moves first). Build one with :meth:`empty`,
    :meth:`parse`, or ``Board(rules, x_bits, o_bits)``, which checks that the
    position is reachable and raises :class:`PositionError` if not (and
    :class:`RulesError` if ``rules`` is not a :class:`Rules`). Attributes can
    be neither set nor deleted.
    """

    __slots__ = ("__dict__", "_winner", "o", "rules", "x")

    rules: Rules
    x: int
    o: int
    _winner: Mark | None

    def __init__(self, rules: Rules | None = None, x: int = 0, o: int = 0) -> None:
        rules = _rules(rules)
        _check_reachable(rules, x, o)
        self._set(rules, x, o, _find_winner(rules, x, o))

    def _set(self, rules: Rules, x: int, o: int, winner: Mark | None) -> None:
        set_slot = object.__setattr__
        set_slot(self, "rules", rules)
        set_slot(self, "x", x)
        set_slot(self, "o", o)
        set_slot(self, "_winner", winner)

    @classmethod
    def _trusted(cls, rules: Rules, x: int, o: int, winner: Mark | None) -> Board:
        board = cls.__new__(cls)
        board._set(rules, x, o, winner)
        return board

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Board is immutable: play() returns a new board")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Board is immutable: play() returns a new board")

    def __reduce__(self) -> tuple[object, ...]:
        """Unpickling goes through ``Board(rules, x, o)``: a doctored pickle is refused."""
        return (Board, (self.rules, self.x, self.o))

    # --- construction ---------------------------------------------------

    @classmethod
    def empty(cls, rules: Rules | None = None) -> Board:
        """The starting position (classic 3 x 3 when no rules are given).

        Anything but a :class:`Rules` (or None) raises :class:`RulesError`.
        """
        return cls._trusted(_rules(rules), 0, 0, None)

    @classmethod
    def parse(cls, text: str, k: int | None = None) -> Board:
        """A position from text such as ``X.O/.X./..O`` (rows from the top).

        Cells are ``X``, ``O`` or ``.`` (lower case accepted); the board size
        comes from the text, k from ``k`` or :func:`~tictactoe.core.rules.default_k`.
        Every reason the text gives no position raises :class:`PositionError`
        naming the text, a size or k outside the limits of :class:`Rules`
        included (the :class:`RulesError` is its ``__cause__``); text longer
        than the biggest board (:data:`MAX_TEXT` characters) is refused unread.
        """
        if not isinstance(text, str):
            raise PositionError(f"a position must be text, not {type(text).__name__}")
        quoted = shown(text, MAX_TEXT)
        stripped = text.strip()
        if len(stripped) > MAX_TEXT:
            raise PositionError(
                f"{quoted} is too long for a position: at most {MAX_SIDE} rows of {MAX_SIDE} cells"
            )
        rows = stripped.split(ROW_SEPARATOR)
        if not rows[0]:
            raise PositionError(f"empty position {quoted}: expected rows like X.O/.X./..O")
        width = len(rows[0])
        for number, row in enumerate(rows, 1):
            if len(row) != width:
                raise PositionError(
                    f"ragged rows in {quoted}: row {number} has {len(row)} cells, row 1 has {width}"
                )
        x = o = 0
        for index, char in enumerate("".join(rows)):
            upper = char.upper()
            if upper == "X":
                x |= 1 << index
            elif upper == "O":
                o |= 1 << index
            elif char != EMPTY_CHAR:
                raise PositionError(f"unknown character {char!r} in {quoted}: cells are X, O or .")
        try:
            rules = Rules.of(len(rows), width, k)
        except RulesError as error:
            raise PositionError(f"{quoted}: {error}") from error
        try:
            return cls(rules, x, o)
        except PositionError as error:
            raise PositionError(f"{quoted}: {error}") from None

    # --- reading ----------------------------------------------------------

    @property
    def text(self) -> str:
        """The position as text, rows from the top separated by ``/``."""
        n = self.rules.n
        cells = "".join(self._char(cell) for cell in range(self.rules.size))
        return ROW_SEPARATOR.join(cells[i : i + n] for i in range(0, len(cells), n))

    def _char(self, cell: int) -> str:
        bit = 1 << cell
        return "X" if self.x & bit else "O" if self.o & bit else EMPTY_CHAR

    def __str__(self) -> str:
        return self.text.replace(ROW_SEPARATOR, "\n")

    def __repr__(self) -> str:
        k = "" if self.rules.k == Rules.of(self.rules.m, self.rules.n).k else f", k={self.rules.k}"
        return f"Board.parse({self.text!r}{k})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.x, self.o, self.rules) == (other.x, other.o, other.rules)

    def __hash__(self) -> int:
        return hash((self.x, self.o, self.rules))

    def __getitem__(self, cell: int) -> Mark | None:
        self._check_cell(cell)
        bit = 1 << cell
        return Mark.X if self.x & bit else Mark.O if self.o & bit else None

    def _check_cell(self, cell: int) -> None:
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise IllegalMoveError(
                f"a cell is a whole number, not {shown(cell)}", IllegalMove.NOT_A_CELL
            )
        if not 0 <= cell < self.rules.size:
            raise IllegalMoveError(
                f"cell {shown(cell)} is off the {self.rules.m} x {self.rules.n} board "
                f"(cells are 0 to {self.rules.size - 1}) in {self.text}",
                IllegalMove.OFF_BOARD,
            )

    @property
    def occupied(self) -> int:
        """Bitboard of every taken cell."""
        return self.x | self.o

    @property
    def move_count(self) -> int:
        """Marks on the board (plies played)."""
        return self.x.bit_count() + self.o.bit_count()

    @property
    def turn(self) -> Mark:
        """Whose move it is (also defined once the game is over)."""
        return Mark.X if self.x.bit_count() == self.o.bit_count() else Mark.O

    @property
    def winner(self) -> Mark | None:
        """The mark with k in a row, if any."""
        return self._winner

    @property
    def is_full(self) -> bool:
        """True when no cell is free."""
        return self.occupied == self.rules.full_mask

    @property
    def is_draw(self) -> bool:
        """True when the board is full and nobody has won."""
        return self._winner is None and self.is_full

    @property
    def is_over(self) -> bool:
        """True after a win or a draw."""
        return self._winner is not None or self.is_full

    def outcome(self) -> Outcome | None:
        """How the game ended on this board (a line or a full board), or None while it goes on."""
        if self._winner is not None:
            return Outcome(Termination.LINE, self._winner, self.winning_cells)
        return Outcome(Termination.FULL_BOARD, None) if self.is_full else None

    @cached_property
    def winning_lines(self) -> tuple[WinningLine, ...]:
        """The winner's lines (empty if none), each a maximal straight run of its marks: two
        lines for a move that completes two at once, one line for an overline."""
        if self._winner is None:
            return ()
        return tuple(_runs(self.rules, self.x if self._winner is Mark.X else self.o))

    @property
    def winning_cells(self) -> frozenset[int]:
        """Every cell of every winning line: what a front end highlights."""
        return frozenset(cell for line in self.winning_lines for cell in line.cells)

    def free_cells(self) -> tuple[int, ...]:
        """Every empty cell, in index order, whether or not the game is over."""
        return _cells(self.rules.full_mask & ~self.occupied)

    def legal_moves(self) -> tuple[int, ...]:
        """The empty cells in index order; none once the game is over."""
        return () if self._winner is not None else self.free_cells()

    def is_legal(self, cell: int) -> bool:
        """True when ``cell`` is a legal move now."""
        return (
            isinstance(cell, int)
            and not isinstance(cell, bool)
            and 0 <= cell < self.rules.size
            and self._winner is None
            and not self.occupied >> cell & 1
        )

    # --- playing ----------------------------------------------------------

    def play(self, cell: int) -> Board:
        """The position after the side to move takes ``cell``.

        Raises :class:`IllegalMoveError` for a taken cell, a cell off the
        board, or a game that is already over (its ``reason`` says which).
        This board never changes.
        """
        self._check_cell(cell)
        if self._winner is not None:
            raise IllegalMoveError(
                f"the game is over: {self._winner} has won in {self.text}", IllegalMove.OVER
            )
        bit = 1 << cell
        if self.occupied & bit:
            raise IllegalMoveError(f"cell {cell} is taken in {self.text}", IllegalMove.TAKEN)
        return self.play_unchecked(cell)

    def play_unchecked(self, cell: int) -> Board:
        """:meth:`play` without the checks, for search code that knows the move is legal."""
        bit = 1 << cell
        rules = self.rules
        masks = rules.masks_through[cell]
        if self.x.bit_count() == self.o.bit_count():
            x = self.x | bit
            return Board._trusted(rules, x, self.o, Mark.X if _completes(x, masks) else None)
        o = self.o | bit
        return Board._trusted(rules, self.x, o, Mark.O if _completes(o, masks) else None)

    def transformed(self, symmetry: tuple[int, ...]) -> Board:
        """This position under one of :attr:`Rules.symmetries`."""
        x = sum(1 << symmetry[cell] for cell in cells_of(self.x))
        o = sum(1 << symmetry[cell] for cell in cells_of(self.o))
        return Board._trusted(self.rules, x, o, self._winner)


def _rules(rules: object) -> Rules:
    """``rules``, or classic 3 x 3 for None; :class:`RulesError` for anything else."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise RulesError(
            "a board needs Rules such as Rules(3, 3, 3) or Rules.parse_size('3x3'), "
            f"not {shown(rules)}"
        )
    return rules


def _completes(bits: int, masks: tuple[int, ...]) -> bool:
    """True when ``bits`` covers one of ``masks`` (a loop: twice as quick as ``any`` here)."""
    for mask in masks:  # noqa: SIM110 - hot path of every move
        if bits & mask == mask:
            return True
    return False


def _find_winner(rules: Rules, x: int, o: int) -> Mark | None:
    if _winning_masks(rules, x):
        return Mark.X
    if _winning_masks(rules, o):
        return Mark.O
    return None


def _check_reachable(rules: Rules, x: int, o: int) -> None:
    """Raise :class:`PositionError` unless some legal game reaches (x, o)."""
    for name, bits in (("X", x), ("O", o)):
        if isinstance(bits, bool) or not isinstance(bits, int) or bits < 0:
            raise PositionError(
                f"{name}'s cells must be a non-negative bitboard, not {shown(bits)}"
            )
        if bits & ~rules.full_mask:
            raise PositionError(f"{name} has marks off the {rules.m} x {rules.n} board")
    if x & o:
        raise PositionError("X and O share a cell")
    xs, os = x.bit_count(), o.bit_count()
    if not 0 <= xs - os <= 1:
        raise PositionError(
            f"X has {xs} marks and O has {os}: X moves first, so X has as many as O or one more"
        )
    x_lines, o_lines = _winning_masks(rules, x), _winning_masks(rules, o)
    if x_lines and o_lines:
        raise PositionError("both X and O have a winning line")
    for name, lines, must_have_moved_last in (("X", x_lines, xs > os), ("O", o_lines, xs == os)):
        if not lines:
            continue
        if not must_have_moved_last:
            other = "O" if name == "X" else "X"
            raise PositionError(f"{name} has won but {other} moved after that")
        common = rules.full_mask
        for mask in lines:
            common &= mask
        if not common:
            raise PositionError(
                f"{name} has winning lines no single last move completes: "
                "play continued after the win"
            )
