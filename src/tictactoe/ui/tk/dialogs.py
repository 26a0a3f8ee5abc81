"""Dialogs: the custom board size, the think time, the scoreboard, opening a saved game,
your own player's file and an engine's command, confirmations (resetting the scoreboard).

The window talks to them through :class:`Dialogs`, so tests can answer them
without a person; :class:`TkDialogs` is the real thing.
"""

from __future__ import annotations

import shlex
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path
from tkinter import filedialog, messagebox, ttk
from tkinter import font as tkfont
from typing import Generic, Protocol, TypeVar

from tictactoe import players
from tictactoe.core import MAX_SIDE, THINK_RANGE, Rules
from tictactoe.core.numbers import decimal_number, whole_number
from tictactoe.saved.archive import Archive, ArchiveError
from tictactoe.session import check_board
from tictactoe.session.replay import OpenError, Replay, open_file, open_saved, title, unusable
from tictactoe.texts import sentences
from tictactoe.texts.i18n import N_, Translator
from tictactoe.texts.sentences import saved_headings, saved_row

Shown = TypeVar("Shown", bound=tk.Toplevel)
Answer = TypeVar("Answer")

ERROR_COLOUR = "#b8322a"
"""What is wrong with a dialog's input, under its fields."""


SAVED_GAMES_LISTED = 1000
"""The saved games window lists at most this many, newest first."""

TOOLKIT_WORDS = (
    N_("&Yes"),
    N_("&No"),
    N_("&OK"),
    N_("&Cancel"),
    N_("&Open"),
    N_("Open"),
    N_("&Directory:"),
    N_("File &name:"),
    N_("File &names:"),
    N_("Files of &type:"),
    N_("Show &Hidden Files and Directories"),
    N_("Show &Hidden Directories"),
    N_('File "%1$s"  does not exist.'),
    N_('Directory "%1$s" does not exist.'),
    N_('Invalid file name "%1$s".'),
    N_('Cannot change to the directory "%1$s".\nPermission denied.'),
)
"""The words Tk's own dialogs show - the message box's buttons, the file chooser's labels,
buttons and warnings (Tk's own keys, ``&`` before the letter underlined, ``%1$s`` a file's name;
two spaces where Tk's file chooser has them) - said in the window's language by
:func:`speak_toolkit`."""


def speak_toolkit(master: tk.Misc, _: Translator) -> None:
    """Let Tk's own dialogs (the file chooser, the message box) speak ``_``'s language, as
    the rest of the window does: Tk names their buttons and labels through Tcl's msgcat in
    its locale, which becomes the window's language, with the words from the game's
    catalogs (Tk ships no Vietnamese ones, and other languages' are incomplete)."""
    locale = _.language.lower()
    master.tk.call("::msgcat::mclocale", locale)
    for english in TOOLKIT_WORDS:
        master.tk.call(
            "namespace", "eval", "::tk", ("::msgcat::mcset", locale, english, _(english))
        )
    chooser = f"{master}.__tk_filedialog"  # Tk keeps its file chooser: built again in these
    if master.tk.call("winfo", "exists", chooser):
        master.tk.call("destroy", chooser)


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

    def ask_think(self, current: float) -> float | None:
        """Another think time per move, in seconds; None when cancelled."""
        ...

    def open_game(self) -> Replay | None:
        """A saved game or a game file to step through; None when cancelled."""
        ...

    def ask_player_file(self) -> str | None:
        """Your own player: a Python file's path; None when cancelled."""
        ...

    def ask_engine(self, current: str) -> str | None:
        """The command that starts a Gomocup engine (checked: its program is there); None
        when cancelled."""
        ...


def validate_think(_: Translator, text: str) -> float | str:
    """The seconds ``text`` says, within :data:`THINK_RANGE`, or a translated message."""
    value = decimal_number(text.replace(",", ".", 1))
    low, high = THINK_RANGE
    if value is None or not low <= value <= high:
        cleaned = text.strip()
        shown = cleaned if len(cleaned) <= 40 else cleaned[:39] + "…"
        return _("Type a number of seconds from {low} to {high}, not \u201c{text}\u201d.").format(
            low=sentences.seconds(_, low), high=sentences.seconds(_, high), text=shown
        )
    return value


class Wrong(ValueError):
    """What is wrong with a dialog's answer, in the player's language."""


class Question(tk.Toplevel, Generic[Answer]):
    """A small dialog that asks for something: its fields in :attr:`body`, then (from
    :meth:`answer_row`) a line saying what is wrong with them, OK and Cancel; Enter is OK,
    Esc cancels. OK closes it with :attr:`result` set to what :meth:`check` makes of the
    fields, or says what is wrong with them."""

    def __init__(self, master: tk.Misc, title: str, translate: Translator) -> None:
        super().__init__(master)
        self._ = translate
        self.result: Answer | None = None
        self.title(title)
        self.resizable(False, False)
        self.body = ttk.Frame(self, padding=12)
        self.body.grid(sticky="nsew")
        self.transient(master.winfo_toplevel())

    def answer_row(self, row: int, width: int) -> None:
        """The line for what is wrong (``width`` pixels wide) at ``row``, the buttons under it."""
        _ = self._
        self.message = ttk.Label(self.body, text="", foreground=ERROR_COLOUR, wraplength=width)
        self.message.grid(row=row, column=0, columnspan=2, sticky="w", pady=(6, 0))
        buttons = ttk.Frame(self.body)
        buttons.grid(row=row + 1, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.ok_button = ttk.Button(buttons, text=_("OK"), command=self.ok)
        self.ok_button.pack(side="left", padx=4)
        self.cancel_button = ttk.Button(buttons, text=_("Cancel"), command=self.destroy)
        self.cancel_button.pack(side="left")
        self.bind("<Return>", lambda _event: self.ok())
        self.bind("<Escape>", lambda _event: self.destroy())

    def check(self) -> Answer:
        """The answer the fields give; :class:`Wrong` says what is wrong with them."""
        raise NotImplementedError

    def ok(self) -> None:
        """Check the fields: close with :attr:`result` set, or say what is wrong."""
        try:
            self.result = self.check()
        except Wrong as wrong:
            self.message.configure(text=str(wrong))
            return
        self.destroy()


class CustomBoardDialog(Question[Rules]):
    """Rows, columns and k with validation; :attr:`result` holds the rules after OK."""

    def __init__(self, master: tk.Misc, current: Rules, translate: Translator) -> None:
        _ = translate
        super().__init__(master, _("Custom board"), translate)
        frame = self.body
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
            _replace_on_typing(field)
            self.fields[key] = field
        self.answer_row(3, 260)
        self.fields["rows"].focus_set()

    def check(self) -> Rules:
        """The board the fields describe."""
        checked = check_board(
            self.fields["rows"].get(), self.fields["cols"].get(), self.fields["k"].get(), self._
        )
        if isinstance(checked, str):
            raise Wrong(checked)
        return checked


def _replace_on_typing(field: ttk.Spinbox) -> None:
    """Make typing replace a number field's text: it is selected on entering the field,
    and Ctrl+A selects it all (Tk's own Ctrl+A only goes to the line's start)."""
    field.bind("<FocusIn>", _select_all)
    field.bind("<Control-KeyPress-a>", _select_all)
    field.bind("<Control-KeyPress-A>", _select_all)


def _select_all(event: tk.Event[ttk.Spinbox]) -> str:
    """Select a field's whole text, the cursor at its end."""
    field = event.widget
    field.selection_range(0, "end")
    field.icursor("end")
    return "break"


class ThinkDialog(Question[float]):
    """How long the computer may think per move; :attr:`result` holds the seconds after OK."""

    def __init__(self, master: tk.Misc, current: float, translate: Translator) -> None:
        _ = translate
        super().__init__(master, _("Time per move"), translate)
        frame = self.body
        low, high = THINK_RANGE
        explained = _(
            "Seconds {level} thinks per move, and a hint on a big board looks ahead:"
        ).format(level=sentences.level(_, "search"))
        ttk.Label(frame, text=explained, wraplength=300).grid(
            row=0, column=0, columnspan=2, sticky="w"
        )
        self.field = ttk.Spinbox(frame, from_=low, to=high, increment=0.5, width=8)
        self.field.set(f"{current:g}")
        self.field.grid(row=1, column=0, sticky="w", pady=(6, 2))
        _replace_on_typing(self.field)
        self.answer_row(2, 300)
        self.field.focus_set()

    def check(self) -> float:
        """The seconds in the field."""
        checked = validate_think(self._, self.field.get())
        if isinstance(checked, str):
            raise Wrong(checked)
        return checked


class EngineDialog(Question[str]):
    """The command that starts a Gomocup engine, typed or found with Browse...; :attr:`result`
    holds it after OK (a program that is not there is refused, saying so)."""

    def __init__(
        self,
        master: tk.Misc,
        current: str,
        translate: Translator,
        ask_path: Callable[[], str] | None = None,
    ) -> None:
        _ = translate
        super().__init__(master, _("Engine"), translate)
        self.ask_path = ask_path if ask_path is not None else self._ask_path
        """Asks for the engine's program ("" when cancelled); tests answer it themselves."""
        frame = self.body
        about = _(
            "The command that starts a Gomocup engine (a pbrain- program) and its options. "
            "Engines play five in a row."
        )
        ttk.Label(frame, text=about, wraplength=420).grid(row=0, column=0, columnspan=2, sticky="w")
        self.field = ttk.Entry(frame, width=52)
        self.field.insert(0, current)
        self.field.grid(row=1, column=0, sticky="we", pady=(6, 2))
        ttk.Button(frame, text=_("Browse..."), command=self.browse).grid(
            row=1, column=1, sticky="w", padx=(6, 0), pady=(6, 2)
        )
        self.answer_row(2, 420)
        self.field.focus_set()

    def browse(self) -> None:
        """Find the engine's program: its path, quoted as a shell would need, in the field."""
        path = self.ask_path()
        if path:
            self.field.delete(0, "end")
            self.field.insert(0, shlex.quote(path))

    def check(self) -> str:
        """The command in the field, whose program is there."""
        command = self.field.get().strip()
        if not command:
            raise Wrong(self._("Type the engine's command, or find its program."))
        problem = players.own_problem(players.engine_name(command), self._)
        if problem is not None:
            raise Wrong(problem)
        return command

    def _ask_path(self) -> str:
        chosen = filedialog.askopenfilename(parent=self, title=self._("The engine's program"))
        return chosen if isinstance(chosen, str) else ""


class OpenGameWindow(tk.Toplevel):
    """The saved games, newest first, to open one; or a game file. :attr:`result` after Open.

    A game that cannot be opened (a damaged row, a file that is not a game)
    is refused with the reason under the list, and the window stays open.
    """

    COLUMNS = ("id", "date", "board", "x", "o", "result")

    def __init__(
        self,
        master: tk.Misc,
        translate: Translator,
        archive: Archive | None = None,
        ask_path: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(master)
        _ = self._ = translate
        self.archive = archive if archive is not None else Archive()
        self.ask_path = ask_path if ask_path is not None else self._ask_path
        """Asks for a file's path ("" when cancelled); tests answer it themselves."""
        self.result: Replay | None = None
        self.title(_("Open a game"))
        self.transient(master.winfo_toplevel())
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        headings = saved_headings(_)
        self.table = ttk.Treeview(
            frame, columns=self.COLUMNS, show="headings", height=12, selectmode="browse"
        )
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.table.yview)
        self.table.configure(yscrollcommand=scroll.set)
        self.table.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        self.message = ttk.Label(frame, text="", wraplength=560, justify="left")
        self.message.grid(row=1, column=0, columnspan=2, sticky="w", pady=(6, 0))
        buttons = ttk.Frame(frame)
        buttons.grid(row=2, column=0, columnspan=2, sticky="ew", pady=(8, 0))
        self.file_button = ttk.Button(buttons, text=_("Open a file..."), command=self.open_file)
        self.file_button.pack(side="left")
        ttk.Button(buttons, text=_("Cancel"), command=self.destroy).pack(side="right")
        self.open_button = ttk.Button(
            buttons, text=_("Open"), style="Accent.TButton", command=self.open_selected
        )
        self.open_button.pack(side="right", padx=4)
        self.table.bind("<Double-Button-1>", lambda _event: self.open_selected())
        self.bind("<Return>", lambda _event: self.open_selected())
        self.bind("<Escape>", lambda _event: self.destroy())
        self._fill(headings)
        self.table.focus_set()

    def _fill(self, headings: Sequence[str]) -> None:
        _ = self._
        try:
            listing = self.archive.games(limit=SAVED_GAMES_LISTED)
        except ArchiveError as error:
            self._say(unusable(_, error), error=True)
            rows: list[tuple[str, ...]] = []
        else:
            rows = [saved_row(_, saved.id, saved.record) for saved in listing.games]
            notes = []
            if not listing.total:
                notes.append(_("No saved games yet."))
            elif listing.total > len(listing.games) + len(listing.damaged):
                notes.append(
                    _("The newest {shown} of {total} saved games.").format(
                        shown=len(listing.games), total=listing.total
                    )
                )
            if listing.damaged:
                ids = ", ".join(map(str, listing.damaged))
                notes.append(_("Damaged, so left out: {ids}.").format(ids=ids))
            self._say(" ".join(notes))
        body, bold = tkfont.nametofont("TkDefaultFont"), tkfont.nametofont("TkHeadingFont")
        for number, (column, heading) in enumerate(zip(self.COLUMNS, headings, strict=True)):
            self.table.heading(column, text=heading)
            widest = max([bold.measure(heading)] + [body.measure(row[number]) for row in rows])
            self.table.column(
                column, width=min(widest + 20, 260), anchor="e" if not number else "w"
            )
        for row in rows:
            self.table.insert("", "end", iid=row[0], values=list(row))
        if rows:
            self.table.selection_set(rows[0][0])
            self.table.focus(rows[0][0])

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.configure(text=text, foreground=ERROR_COLOUR if error else "")

    def open_selected(self) -> None:
        """Open the game chosen in the list (Open, Enter or a double click)."""
        chosen = self.table.selection()
        game_id = whole_number(chosen[0]) if chosen else None
        if game_id is None:
            self._say(self._("Choose a game in the list, or open a file."), error=True)
            return
        try:
            record = open_saved(game_id, self._, self.archive)
        except OpenError as error:
            self._say(str(error), error=True)
            return
        self._finish(Replay(record, title(game_id, self._)))

    def open_file(self) -> None:
        """Ask for a game file (text, SGF or PSQ) and open it."""
        path = self.ask_path()
        if not path:
            return
        try:
            record = open_file(Path(path), self._)
        except OpenError as error:
            self._say(str(error), error=True)
            return
        self._finish(Replay(record, Path(path).name))

    def _finish(self, opened: Replay) -> None:
        self.result = opened
        self.destroy()

    def _ask_path(self) -> str:
        _ = self._
        chosen = filedialog.askopenfilename(
            parent=self,
            title=_("Open a game file"),
            filetypes=[(_("Game records"), "*.txt *.sgf *.psq"), (_("All files"), "*")],
        )
        return chosen if isinstance(chosen, str) else ""


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
        self._folder: str | None = None
        """Where the last Python file was chosen (the next choice starts there)."""

    def _modal(self, dialog: Shown) -> Shown:
        """Show ``dialog`` and wait, the rest of the window untouchable, until it is closed."""
        dialog.wait_visibility()
        dialog.grab_set()
        self._master.wait_window(dialog)
        return dialog

    def ask_yes_no(self, title: str, message: str) -> bool:
        """Tk's message box with Yes and No, the buttons in the window's language
        (:func:`speak_toolkit`)."""
        return bool(messagebox.askyesno(title, message, parent=self._master))

    def ask_board(self, current: Rules) -> Rules | None:
        """The custom board dialog, modal."""
        return self._modal(CustomBoardDialog(self._master, current, self._translate())).result

    def show_scores(
        self, title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]
    ) -> None:
        """A table window that stays open beside the game."""
        _ = self._translate()
        ScoresWindow(self._master, title, headings, rows, _("Close"))

    def ask_think(self, current: float) -> float | None:
        """The think time dialog, modal."""
        return self._modal(ThinkDialog(self._master, current, self._translate())).result

    def open_game(self) -> Replay | None:
        """The saved games window, modal."""
        return self._modal(OpenGameWindow(self._master, self._translate())).result

    def ask_player_file(self) -> str | None:
        """The system's file chooser for a Python file, in the folder chosen from last time."""
        _ = self._translate()
        chosen = filedialog.askopenfilename(
            parent=self._master,
            title=_("Your own player"),
            filetypes=[(_("Python files"), "*.py"), (_("All files"), "*")],
            initialdir=self._folder,
        )
        if not isinstance(chosen, str) or not chosen:
            return None
        self._folder = str(Path(chosen).parent)
        return chosen

    def ask_engine(self, current: str) -> str | None:
        """The engine dialog, modal."""
        return self._modal(EngineDialog(self._master, current, self._translate())).result
