"""The state of the window's menus, without drawing (no pygame).

- :class:`GamesList` - the saved games (``G``): the same list ``tictactoe
  games`` shows, newest first, one chosen, scrolled to keep it in view.
- :class:`SettingsMenu` - the settings (``T``): the computer's level, the
  board, the think time, the sound and the language, one chosen; left and
  right change it. The level row ends with :data:`OWN_FILE` and
  :data:`ENGINE`, which open a :class:`PlayerEntry`.
- :class:`PlayerEntry` - your own player's file, or an engine's command,
  typed.

Think times step through :data:`THINK_STEPS`; a time set on the command
line between two steps moves to the next step up or down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from tictactoe import players
from tictactoe.session.replay import SavedGame

T = TypeVar("T")

THINK_STEPS = (
    0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0,
)  # fmt: skip
"""The think times the settings offer: the shortest and longest a person may set
(:data:`~tictactoe.core.search.THINK_RANGE`) and steps between."""
LISTED_GAMES = 500
"""The newest saved games the list reads (``tictactoe games --limit 0`` lists them all)."""


def next_think(seconds: float, direction: int) -> float:
    """The step after ``seconds`` (``direction`` 1) or before it (-1); the ends stay put."""
    if direction > 0:
        return next((s for s in THINK_STEPS if s > seconds + 1e-9), THINK_STEPS[-1])
    return next((s for s in reversed(THINK_STEPS) if s < seconds - 1e-9), THINK_STEPS[0])


@dataclass
class GamesList:
    """The saved games panel: what was read, which game is chosen, the first row in view."""

    games: tuple[SavedGame, ...] = ()
    total: int = 0
    """How many games the file holds (more than :attr:`games` when the list was cut)."""
    damaged: tuple[int, ...] = ()
    """Numbers of games that could not be read (left out)."""
    problem: str | None = None
    """Why the saved games cannot be read, if they cannot."""
    loading: bool = True
    chosen: int = 0
    top: int = 0

    def move(self, delta: int, visible: int) -> None:
        """Choose the game ``delta`` rows down (up if negative), keeping it among ``visible``."""
        if not self.games:
            return
        self.chosen = max(0, min(len(self.games) - 1, self.chosen + delta))
        self.scroll(visible)

    def scroll(self, visible: int) -> None:
        """Scroll so that the chosen game is among the ``visible`` rows shown."""
        self.top = _scrolled(self.chosen, self.top, len(self.games), visible)

    def shown(self, visible: int) -> tuple[SavedGame, ...]:
        """The games in view."""
        return self.games[self.top : self.top + max(1, visible)]

    @property
    def selected(self) -> SavedGame | None:
        """The chosen game, if there is any."""
        return self.games[self.chosen] if self.games else None


def _scrolled(chosen: int, top: int, count: int, visible: int) -> int:
    """The first of ``count`` rows in view once row ``chosen`` is among the ``visible`` shown,
    scrolled as little as can be from ``top``."""
    visible = max(1, visible)
    if chosen < top:
        top = chosen
    elif chosen >= top + visible:
        top = chosen - visible + 1
    return max(0, min(top, max(0, count - visible)))


class Setting(StrEnum):
    """The rows of the settings menu, top to bottom."""

    LEVEL = "level"
    BOARD = "board"
    THINK = "think"
    SOUND = "sound"
    ANALYSIS = "analysis"
    LANGUAGE = "language"


@dataclass
class SettingsMenu:
    """The settings panel: which row is chosen, and the first row in view (a small window has
    room for only some of them)."""

    rows: tuple[Setting, ...] = field(default_factory=lambda: tuple(Setting))
    chosen: int = 0
    top: int = 0

    @property
    def setting(self) -> Setting:
        """The chosen row's setting."""
        return self.rows[self.chosen]

    def move(self, delta: int) -> None:
        """Choose the row ``delta`` rows down (up if negative), staying on the menu."""
        self.chosen = max(0, min(len(self.rows) - 1, self.chosen + delta))

    def choose(self, setting: Setting) -> None:
        """Choose the row of ``setting``."""
        self.chosen = self.rows.index(setting)

    def scroll(self, visible: int) -> None:
        """Scroll so that the chosen row is among the ``visible`` rows shown."""
        self.top = _scrolled(self.chosen, self.top, len(self.rows), visible)

    def shown(self, visible: int) -> tuple[Setting, ...]:
        """The rows in view."""
        return self.rows[self.top : self.top + max(1, visible)]


OWN_FILE = "own-file"
"""The level row's choice that asks for your own player's file."""
ENGINE = "engine"
"""The level row's choice that asks for an engine's command."""

LONGEST_ENTRY = 400
"""Most characters a :class:`PlayerEntry` takes."""


@dataclass
class PlayerEntry:
    """Your own player's file, or (``engine``) a Gomocup engine's command, as typed so far, and
    what is wrong with it once Enter was pressed."""

    engine: bool
    text: str = ""
    problem: str = ""

    def type(self, text: str) -> None:
        """Add what a key typed (printable characters only)."""
        typed = "".join(char for char in text if char.isprintable())
        if typed:
            self.text = (self.text + typed)[:LONGEST_ENTRY]
            self.problem = ""

    def erase(self) -> None:
        """Backspace: the last character typed goes."""
        self.text = self.text[:-1]
        self.problem = ""

    @property
    def name(self) -> str:
        """The player the text names: the file, or ``brain:`` and the engine's command."""
        text = self.text.strip()
        if self.engine and not players.is_own(text):
            return players.engine_name(text)
        return text


def next_choice(choices: Sequence[T], current: T, direction: int) -> T:
    """The choice after ``current`` (``direction`` 1) or before it (-1); the ends stay put.

    A ``current`` that is not among ``choices`` counts as before the first one.
    """
    at = choices.index(current) if current in choices else -1
    if at < 0:
        return choices[0] if direction > 0 else current
    return choices[max(0, min(len(choices) - 1, at + direction))]
