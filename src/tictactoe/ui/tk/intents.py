"""What the window's parts - keys, menus, panels - may read of the window and ask of it.

The parts are given the window as a :class:`Window`: they read what it shows
and call its intents (a new game, a cell played, a level chosen ...), and
never set its fields. So ``app.py`` imports them and none of them imports
``app.py``; a click on the board and Enter on the keyboard cursor reach the
same intent, :meth:`Window.click`.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from typing import Protocol

from tictactoe.core import Mark, Numbering
from tictactoe.session import Session
from tictactoe.session.replay import Step
from tictactoe.ui.tk.board_view import BoardView
from tictactoe.ui.tk.theme import Fonts, Palette


@dataclass
class Variables:
    """The Tk variables behind the menus' check marks and radio buttons."""

    level: tk.StringVar
    board: tk.StringVar
    mode: tk.StringVar
    """``x`` / ``o``: your mark against the computer; ``two``: two people; ``demo``: none."""
    starter: tk.StringVar
    sound: tk.BooleanVar
    analysis: tk.BooleanVar
    hints: tk.BooleanVar
    names: tk.BooleanVar
    numbering: tk.StringVar
    language: tk.StringVar
    theme: tk.StringVar
    think: tk.StringVar
    """A preset's key (``"0.5"``, ``"1"`` ...) or ``other``."""
    tree: tk.BooleanVar
    """The search tree beside the board (Options > How the computer thinks)."""


class Window(Protocol):
    """The game window as its parts see it: what they read, then the intents they call."""

    root: tk.Tk | tk.Toplevel
    session: Session
    """The game and everything around it (:class:`~tictactoe.session.Session`)."""
    vars: Variables
    """The menus' variables."""
    scale: float
    """How much bigger than 96 dpi the screen draws."""
    pad: int
    """The gap between widgets, in pixels at that scale."""
    fonts: Fonts
    colours: Palette
    cursor: int
    """The keyboard cursor's cell."""
    view: BoardView
    """The board."""

    @property
    def numbering(self) -> Numbering:
        """How typed digits name cells here."""
        ...

    @property
    def two_players(self) -> bool:
        """True when two people share the board."""
        ...

    @property
    def own_player(self) -> str | None:
        """The own player chosen in this window (a Python file, ``brain:COMMAND``), if one is."""
        ...

    # --- the game -------------------------------------------------------------------------

    def click(self, cell: int) -> None:
        """Play ``cell`` (a click, or Enter on the keyboard cursor)."""

    def press_cursor(self) -> None:
        """Play the cell under the keyboard cursor (Enter)."""

    def move_cursor(self, cell: int) -> None:
        """Put the keyboard cursor on ``cell``."""

    def say(self, notice: str) -> None:
        """Show ``notice`` in the status line."""

    def new_game(self) -> None:
        """Start the next game."""

    def undo(self) -> None:
        """Take back the last move and the answer."""

    def redo(self) -> None:
        """Replay what undo took back."""

    def hint(self) -> None:
        """Show a hint for this move."""

    def hints_changed(self) -> None:
        """Hints for every move, or none."""

    def stop_hint(self) -> None:
        """Show a big board's hint now."""

    def quit(self) -> None:
        """Close the window."""

    def refresh(self) -> None:
        """Draw the window again."""

    # --- the menus --------------------------------------------------------------------

    def play_as(self, mark: Mark) -> None:
        """A new game as ``mark``."""

    def play_two(self) -> None:
        """A new game between two people."""

    def level_chosen(self) -> None:
        """The level menu's choice."""

    def choose_level(self, name: str) -> None:
        """Let level ``name`` play."""

    def choose_own_player(self) -> None:
        """Ask for a Python file that plays, and let it play."""

    def check_player(self) -> None:
        """Ask for a Python file that plays, and show what the checker says of it."""

    def choose_engine(self) -> None:
        """Ask for a Gomocup engine's command, and let it play."""

    def choose_preset(self) -> None:
        """The board menu's choice."""

    def custom_board(self) -> None:
        """Ask for a board of any size."""

    def choose_starter(self) -> None:
        """Who starts, from the next game."""

    def think_chosen(self) -> None:
        """A preset think time."""

    def other_think(self) -> None:
        """Ask for any think time."""

    def sound_changed(self) -> None:
        """Sound on or off."""

    def analysis_changed(self) -> None:
        """The computer's analysis shown while it thinks, or not."""

    def tree_changed(self) -> None:
        """The search tree of the position beside the board, or not."""

    def names_changed(self) -> None:
        """Cell names on or off."""

    def numbering_changed(self) -> None:
        """Another cell numbering."""

    def choose_language(self) -> None:
        """Another language."""

    def choose_theme(self) -> None:
        """Another colour theme."""

    def show_scores(self) -> None:
        """Show the scoreboard."""

    def reset_scores(self) -> None:
        """Forget the scores."""

    # --- saved games ----------------------------------------------------------------------

    def open_game(self) -> None:
        """Choose a saved game or a file to step through."""

    def step(self, step: Step) -> None:
        """A step through the saved game shown (or play on from it, or close it)."""
