"""Balanced openings for five in a row, where a tournament's games on big boards start.

:data:`FREESTYLE` are 40 openings for 15 x 15 free-style gomoku (five or more
wins), 2 to 10 stones each, every one judged roughly balanced by a strong
engine (``benchmarks/openings`` keeps them for the engine's matches too). A
line lists the stones in the order played, black first, as column letter and
row number (``h8i9j10``: h8, i9, j10; columns from a on the left, rows from 1
at the top). :func:`openings` gives those that fit a board, moved to its
middle on a smaller one.
"""

from __future__ import annotations

from tictactoe.core.board import Board
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules

FREESTYLE = (
    "b4b5f5e4f2c1d2e2b2c6",
    "e5e4h2c6f2b1g4i6a7",
    "m1l5j4m3j2j3",
    "d12f12d11b10e8d10c8d6h12",
    "j6l4h7i5h5i6l6j3m4",
    "f7d5g2f8e7",
    "e3f5e4a7b7a6a3",
    "h7i7h8g9l5",
    "f5f8e5f6i9h7g5d5g9",
    "g9h7g4h9",
    "d6e1c2b7f6e8g1",
    "f7j9g8i11h11i10k10h10",
    "j12i11k13m11i14l10j11m12l12j13",
    "d15g15d13g14c13c12f12e14a9",
    "e4d3b3f6",
    "k10m13g14k12m12",
    "f10h11h7g10e10k7d12",
    "c4b6a7d7b5d5a4b4e9b9",
    "f5g5j2i4",
    "a3f3c6d4b5f4d8e9f5",
    "m5k3m4l5n3l1m7",
    "d9g8c9f9e6f8g9e5",
    "h8g8d5j9",
    "j8k12k10m8l9l8j11j9n5",
    "k11h14h10i13i10h12l14j13i14k10",
    "g6i5i2f3g4h6h5i6g9i4",
    "a8c8e10e7b11a11b10",
    "j13i14m13g15c11",
    "f12c7g9c10e9e7e5f9",
    "a12e9f8b8b10f12e8d11f13d10",
    "f8g7e5",
    "e2c7b7d4f6c6",
    "g10j8e6i10",
    "k5e5f11g8h11e8j7k11k12i9",
    "i2m2k3l2m5i6i1",
    "k13i10k11g12l12i12f13",
    "m8l6o9m4",
    "d11h10h9",
    "i9h12g13e10f9",
    "n10l8",
)

OPENING_K = 5
"""The openings are for five in a row."""

SMALLEST_SIDE = 9
"""Boards with a shorter side start from the empty board."""


def parse(text: str, rules: Rules) -> tuple[int, ...] | None:
    """The cells of an opening line such as ``h8i9j10`` on ``rules``'s board (the stones moved
    to its middle when they do not fit where they are), or None when they cannot fit."""
    moves: list[tuple[int, int]] = []
    index = 0
    while index < len(text):
        col = ord(text[index]) - ord("a")
        index += 1
        digits = ""
        while index < len(text) and text[index].isdigit():
            digits += text[index]
            index += 1
        if not digits or not 0 <= col < 26:
            return None
        moves.append((int(digits) - 1, col))
    if not moves:
        return None
    rows = [row for row, _ in moves]
    cols = [col for _, col in moves]
    if max(rows) >= rules.m or max(cols) >= rules.n:
        shift_r = (rules.m - 1 - max(rows) - min(rows)) // 2
        shift_c = (rules.n - 1 - max(cols) - min(cols)) // 2
        moves = [(row + shift_r, col + shift_c) for row, col in moves]
    if any(not (0 <= row < rules.m and 0 <= col < rules.n) for row, col in moves):
        return None
    return tuple(row * rules.n + col for row, col in moves)


def openings(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The balanced openings for ``rules``'s board, each as its cells in the order played; none
    (every game from the empty board) unless it is five in a row on a board of at least
    :data:`SMALLEST_SIDE` a side."""
    if rules.k != OPENING_K or min(rules.m, rules.n) < SMALLEST_SIDE:
        return ()
    found = []
    for line in FREESTYLE:
        cells = parse(line, rules)
        if cells is None:
            continue
        try:
            board = Board.empty(rules)
            for cell in cells:
                board = board.play(cell)
        except TicTacToeError:
            continue
        if not board.is_over:
            found.append(cells)
    return tuple(found)
