"""Keyboard play: arrows move a visible cursor, Enter or Space plays, digits name cells.

Digits follow the chosen numbering: on the numeric-keypad numbering (3 x 3)
one digit plays at once (7 is the top left, as on the keypad, with or
without Num Lock); with plain numbers a cell is played as soon as the
digits typed cannot grow into another cell's number, or on Enter, or after
a short pause. Ctrl+Z / Ctrl+Y undo and redo, Ctrl+N starts a new game,
Ctrl+O opens a saved game, H asks for a hint (Esc shows a big board's hint
at once), Ctrl+Q quits.

While a saved game is shown, Left and Right step back and forward through
it, Home and End go to its first and last position, and Esc closes it.
"""

from __future__ import annotations

import tkinter as tk
from typing import Any

from tictactoe.core import CellNameError, Numbering, parse_cell
from tictactoe.session.replay import Step
from tictactoe.ui.tk.intents import Window

TYPING_PAUSE_MS = 1200
"""After this long without another digit, the digits typed so far are played."""

KEYPAD_WITHOUT_NUMLOCK = {
    "KP_Home": "7",
    "KP_Up": "8",
    "KP_Prior": "9",
    "KP_Left": "4",
    "KP_Begin": "5",
    "KP_Right": "6",
    "KP_End": "1",
    "KP_Down": "2",
    "KP_Next": "3",
    "KP_Insert": "0",
}
"""Keypad keys send these keysyms when Num Lock is off; they still mean their digit."""

ARROWS = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


class Keyboard:
    """The window's key bindings and the digits typed so far."""

    def __init__(self, app: Window) -> None:
        self.app = app
        self.typed = ""
        self._pause: str | None = None
        root = app.root
        for keysym in ARROWS:
            root.bind(f"<KeyPress-{keysym}>", self._arrow)
        for keysym in ("Return", "KP_Enter", "space"):
            root.bind(f"<KeyPress-{keysym}>", lambda _event: self.enter())
        root.bind("<KeyPress>", self._other_key, add=True)
        for key, action in (
            ("z", app.undo),
            ("y", app.redo),
            ("n", app.new_game),
            ("o", app.open_game),
            ("q", app.quit),
        ):
            root.bind(f"<Control-KeyPress-{key}>", _call(action))
            root.bind(f"<Control-KeyPress-{key.upper()}>", _call(action))
        root.bind("<KeyPress-h>", _call(app.hint))
        root.bind("<KeyPress-H>", _call(app.hint))
        root.bind("<KeyPress-Home>", _call(lambda: app.step(Step.FIRST)))
        root.bind("<KeyPress-End>", _call(lambda: app.step(Step.LAST)))

    def clear(self) -> None:
        """Forget the digits typed so far."""
        self.typed = ""
        if self._pause is not None:
            self.app.root.after_cancel(self._pause)
            self._pause = None

    def _arrow(self, event: tk.Event[Any]) -> str:
        if self.app.session.viewing is not None:  # stepping through a saved game
            if event.keysym in ("Left", "Right"):
                self.app.step(Step.BACK if event.keysym == "Left" else Step.FORWARD)
            return "break"
        self.app.move_cursor(
            self.app.session.match.rules.stepped(self.app.cursor, *ARROWS[event.keysym])
        )
        self.clear()
        return "break"

    def enter(self) -> None:
        """Enter or Space: play the digits typed, else the cell under the cursor."""
        if self.app.session.viewing is not None:
            return
        if self.typed:
            self._play_typed()
        else:
            self.app.press_cursor()

    def _other_key(self, event: tk.Event[Any]) -> None:
        if int(event.state) & 0x4:  # Control held: the shortcuts handle it
            return
        if event.keysym == "Escape" and not self.typed:
            if self.app.session.viewing is not None:
                self.app.step(Step.CLOSE)
            else:
                self.app.stop_hint()
            return
        if self.app.session.viewing is not None:
            return
        digit = KEYPAD_WITHOUT_NUMLOCK.get(event.keysym, event.char)
        if len(digit) == 1 and digit.isascii() and digit.isdigit():  # not "²": int() fails
            self.digit(digit)
        elif event.keysym in ("BackSpace", "Escape") and self.typed:
            self.clear()
            self.app.refresh()

    def digit(self, digit: str) -> None:
        """A digit typed: play at once when it can only mean one cell."""
        numbering = self.app.numbering
        if numbering is Numbering.COORDS:
            return
        if self._pause is not None:
            self.app.root.after_cancel(self._pause)
            self._pause = None
        self.typed += digit
        size = self.app.session.match.rules.size
        if numbering is Numbering.NUMPAD or int(self.typed) * 10 > size - 1:
            self._play_typed()
            return
        self._pause = self.app.root.after(TYPING_PAUSE_MS, self._play_typed)
        self.app.refresh()

    def _play_typed(self) -> None:
        self._pause = None
        text, self.typed = self.typed, ""
        app = self.app
        try:
            cell = parse_cell(app.session.match.rules, text, app.numbering)
        except CellNameError:
            app.say(app.session.tr.gettext("{text} is not a cell of this board.").format(text=text))
            return
        app.click(cell)


def _call(action: Any) -> Any:
    def handler(_event: tk.Event[Any]) -> str:
        action()
        return "break"

    return handler
