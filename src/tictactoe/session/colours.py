"""One look for the board in every window and the web page, light and dark.

The desktop window, the Pygame Zero game and the web page draw X, O, the
winning line, the last move and the hints in these colours, so a player who
moves from one to another finds the same board:

- X is blue and O orange, never a colour a hint or a marker uses;
- the winning line is green, drawn through its marks over a casing that stands
  out on any board, its cells on a pale green tile;
- the last move has a small dot at the centre of its mark (:data:`LAST_MOVE_DOT`
  of a cell across), in a pink no mark uses;
- a hint tints a free cell: green wins, grey draws, rose loses (paler green and
  rose for a big board's "better" and "worse").

Colours are ``#rrggbb`` strings, kept in ``colours.json`` beside this module (the
one place to change them); :func:`rgb` turns one into numbers for pygame.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

LAST_MOVE_DOT = 0.16
"""The last move's dot: its diameter as a fraction of a cell, at the centre of the mark."""


@dataclass(frozen=True)
class Look:
    """The board's colours in one theme."""

    x: str
    o: str
    board: str
    """A small board's surface (3 x 3 to 6 x 6)."""
    grid: str
    wood: str
    """A big board's surface (7 x 7 and up, drawn as a gomoku board)."""
    wood_line: str
    label: str
    """Cell names and a big board's coordinates."""
    win: str
    """The winning line."""
    casing: str
    """Drawn under the winning line, so it stands out on any board."""
    halo: str
    """The tile behind each mark of the winning line."""
    last_move: str
    hints: Mapping[str, str]
    """A free cell's tint by its hint's tone: ``win`` / ``draw`` / ``loss``, and on big boards
    the engine's ``better`` / ``worse``."""
    window: Mapping[str, str]
    """The desktop window's own colours around the board: ``window``, ``raised``, ``text``,
    ``muted``, ``accent``, ``lose`` (the result when you lose) and ``cursor``."""


def _load(theme: str) -> Look:
    data = json.loads(
        resources.files("tictactoe.session").joinpath("colours.json").read_text("utf-8")
    )
    return Look(**data[theme])


LIGHT = _load("light")
DARK = _load("dark")


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three numbers from 0 to 255."""
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def css(look: Look) -> str:
    """The look as CSS custom properties (``--x: #1f55c4;`` ...), for the web page."""
    names = {
        "x": look.x,
        "o": look.o,
        "board": look.board,
        "grid": look.grid,
        "wood": look.wood,
        "wood-line": look.wood_line,
        "label": look.label,
        "win": look.win,
        "casing": look.casing,
        "halo": look.halo,
        "last": look.last_move,
        **{f"hint-{tone}": colour for tone, colour in look.hints.items()},
    }
    return " ".join(f"--{name}: {colour};" for name, colour in names.items())
