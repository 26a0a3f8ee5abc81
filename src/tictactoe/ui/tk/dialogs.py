"""Dialogs: the custom board size, the scoreboard, confirmations (resetting the scoreboard).

The window talks to them through :class:`Dialogs`, so tests can answer them
without a person; :class:`TkDialogs` is the real thing.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import font as tkfont
from tkinter import messagebox, ttk
from typing import Protocol

from tictactoe.core.errors import RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules
from tictactoe.i18n import Translator


class Dialogs(Protocol):
    """What the window asks the person outside the board."""

    def ask_yes_no(self, title: str, message: str) -> bool:
        """A yes/no question; True for yes."""
        ...

    def ask_board(self, current: Rules) -> Rules | None:
        """Custom board size: the chosen rules, or None when cancelled."""
        ...

    def show_scores(
        self, title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]
    ) -> None:
        """Show the scoreboard table."""
        ...


def validate_board(_: Translator, rows: str, cols: str, k: str) -> Rules | str:
    """The rules the three fields describe, or a clear translated message saying what is wrong."""
    values: list[int] = []
    for label, text in ((_("Rows"), rows), (_("Columns"), cols), (_("In a row to win (k)"), k)):
        value = whole_number(text)
        if value is None:
            cleaned = text.strip()
            if cleaned.isascii() and cleaned.isdigit():  # too many digits to be a size
                return _("{field} must be from 1 to {high}.").format(field=label, high=MAX_SIDE)
            shown = cleaned if len(cleaned) <= 40 else cleaned[:39] + "…"
            return _("{field} must be a whole number, not \u201c{text}\u201d.").format(
                field=label, text=shown
            )
        values.append(value)
    m, n, wins = values
    for label, value in ((_("Rows"), m), (_("Columns"), n)):
        if not 1 <= value <= MAX_SIDE:
            return _("{field} must be from 1 to {high}.").format(field=label, high=MAX_SIDE)
    longest = max(m, n)
    if longest < MIN_K:
        return _("The board is too small: a line needs at least {low} cells.").format(low=MIN_K)
    if not MIN_K <= wins <= longest:
        return _("k must be from {low} to {high} on a {m} x {n} board.").format(
            low=MIN_K, high=longest, m=m, n=n
        )
    try:
        return Rules(m, n, wins)
    except RulesError:  # pragma: no cover - the checks above cover the engine's limits
        return _("These sizes are not a valid board.")


class CustomBoardDialog(tk.Toplevel):
    """Rows, columns and k with validation; :attr:`result` holds the rules after OK."""

    def __init__(self, master: tk.Misc, current: Rules, translate: Translator) -> None:
        super().__init__(master)
        _ = self._ = translate
        self.result: Rules | None = None
        self.title(_("Custom board"))
        self.resizable(False, False)
        frame = ttk.Frame(self, padding=12)
        frame.grid(sticky="nsew")
        self.fields: dict[str, ttk.Spinbox] = {}
        specs = (
            ("rows", _("Rows"), current.m, MAX_SIDE),
            ("cols", _("Columns"), current.n, MAX_SIDE),
            ("k", _("In a row to win (k)"), current.k, MAX_SIDE),
        )
        for row, (key, label, value, high) in enumerate(specs):
            ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w", pady=2)
            field = ttk.Spinbox(frame, from_=1, to=high, width=6)
            field.set(str(value))
            field.grid(row=row, column=1, sticky="w", padx=(8, 0), pady=2)
            # Typing replaces the number: its text is selected on entering the field,
            # and Ctrl+A selects it all (Tk's own Ctrl+A only goes to the line's start).
            field.bind("<FocusIn>", _select_all)
            field.bind("<Control-KeyPress-a>", _select_all)
            field.bind("<Control-KeyPress-A>", _select_all)
            self.fields[key] = field
        self.message = ttk.Label(frame, text="", foreground="#b8322a", wraplength=260)
        self.message.grid(row=3, column=0, columnspan=2, sticky="w", pady=(6, 0))
        buttons = ttk.Frame(frame)
        buttons.grid(row=4, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.ok_button = ttk.Button(buttons, text=_("OK"), command=self.ok)
        self.ok_button.pack(side="left", padx=4)
        self.cancel_button = ttk.Button(buttons, text=_("Cancel"), command=self.destroy)
        self.cancel_button.pack(side="left")
        self.bind("<Return>", lambda _event: self.ok())
        self.bind("<Escape>", lambda _event: self.destroy())
        self.transient(master.winfo_toplevel())
        self.fields["rows"].focus_set()

    def ok(self) -> None:
        """Check the fields; close with :attr:`result` set, or show what is wrong."""
        checked = validate_board(self._, *(self.fields[key].get() for key in ("rows", "cols", "k")))
        if isinstance(checked, str):
            self.message.configure(text=checked)
            return
        self.result = checked
        self.destroy()


def _select_all(event: tk.Event[ttk.Spinbox]) -> str:
    """Select a field's whole text, the cursor at its end."""
    field = event.widget
    field.selection_range(0, "end")
    field.icursor("end")
    return "break"


class ScoresWindow(tk.Toplevel):
    """The scoreboard as a table."""

    def __init__(
        self,
        master: tk.Misc,
        title: str,
        headings: Sequence[str],
        rows: Sequence[Sequence[str]],
        close: str,
    ) -> None:
        super().__init__(master)
        self.title(title)
        self.transient(master.winfo_toplevel())
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        columns = [f"c{i}" for i in range(len(headings))]
        self.table = ttk.Treeview(
            frame, columns=columns, show="headings", height=max(3, min(14, len(rows)))
        )
        body, bold = tkfont.nametofont("TkDefaultFont"), tkfont.nametofont("TkHeadingFont")
        for number, (column, heading) in enumerate(zip(columns, headings, strict=True)):
            self.table.heading(column, text=heading)
            widest = max(
                [bold.measure(heading)] + [body.measure(row[number]) for row in rows if row]
            )
            self.table.column(
                column, width=widest + 24, minwidth=40, anchor="w" if number < 2 else "e"
            )
        for row in rows:
            self.table.insert("", "end", values=list(row))
        if len(rows) > 1:  # the last row is the total of all games
            last = self.table.get_children()[-1]
            self.table.item(last, tags=("total",))
            self.table.tag_configure("total", font=bold)
        self.table.pack(fill="both", expand=True)
        ttk.Button(frame, text=close, command=self.destroy).pack(anchor="e", pady=(8, 0))
        self.bind("<Escape>", lambda _event: self.destroy())


class TkDialogs:
    """The real dialogs, in the window's current language."""

    def __init__(self, master: tk.Misc, translate: Callable[[], Translator]) -> None:
        self._master = master
        self._translate = translate

    def ask_yes_no(self, title: str, message: str) -> bool:
        """Tk's message box with Yes and No, the buttons in the window's language."""
        _ = self._translate()
        # On X11 Tk draws the box itself and names its buttons through msgcat in the
        # system's locale; say them in the window's language instead.
        locale = self._master.tk.call("::msgcat::mclocale")
        for english, translated in (("&Yes", _("&Yes")), ("&No", _("&No"))):
            self._master.tk.call(
                "namespace", "eval", "::tk", ("::msgcat::mcset", locale, english, translated)
            )
        return bool(messagebox.askyesno(title, message, parent=self._master))

    def ask_board(self, current: Rules) -> Rules | None:
        """The custom board dialog, modal."""
        dialog = CustomBoardDialog(self._master, current, self._translate())
        dialog.wait_visibility()
        dialog.grab_set()
        self._master.wait_window(dialog)
        return dialog.result

    def show_scores(
        self, title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]
    ) -> None:
        """A table window that stays open beside the game."""
        _ = self._translate()
        ScoresWindow(self._master, title, headings, rows, _("Close"))
