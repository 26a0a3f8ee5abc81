"""The rows around the board: toolbar, status banner and footer; each keeps its height.

- :class:`Toolbar`: New game, Undo, Redo, Hint and the level drop-down
  (the current level is always in sight);
- :class:`ReplayBar`: in its place while a saved game is shown: first, back,
  forward, last, Play from here and Close;
- :class:`Banner`: whose turn, a spinner while the computer thinks, and
  at the end the result in colour with a New game button - the board stays
  visible and nothing is asked in a dialog;
- :class:`Footer`: a notice or the hint colours on the left, the score on
  the right.

Every row is one line whose height is fixed when it is built, and a turn, a
progress or a legend too long for the width is shortened with "…", so the
board never moves when the computer starts thinking or hints appear. What is
said to the player is not cut short: a result too long for one line takes two
(:data:`RESULT_LINES`), a notice up to :data:`NOTICE_LINES`, the board giving
up the room while it shows. Lines break between words, and between Chinese
characters.
"""

from __future__ import annotations

import math
import re
import tkinter as tk
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from tkinter import font as tkfont
from tkinter import ttk

from tictactoe import players
from tictactoe.console import CLOSING_MARKS, HAN
from tictactoe.session.replay import Step
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.ui.tk.intents import Window
from tictactoe.ui.tk.theme import Palette

SPIN_MS = 80
"""Time between two frames of the thinking spinner."""


def elide(font: tkfont.Font, text: str, room: int) -> str:
    """``text``, shortened with "…" until it fits ``room`` pixels in ``font``."""
    if room <= 0 or font.measure(text) <= room:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.measure(text[:middle].rstrip() + "…") <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


NOTICE_LINES = 5
"""Most lines a notice takes in the footer (a player's forfeit names its file and line)."""
RESULT_LINES = 2
"""Most lines the result takes in the banner."""

_PIECES = re.compile(rf"(\s*)([{HAN}][{CLOSING_MARKS}]*|[^\s{HAN}]+)")
"""Where a line may break: at a space, or after a Chinese character (and the punctuation after
it); each piece with the space before it."""


def wrap(font: tkfont.Font, text: str, room: int, most: int = NOTICE_LINES) -> list[str]:
    """``text`` in lines of at most ``room`` pixels, broken between words and Chinese
    characters; at most ``most`` lines, the last shortened with "…" when there is more."""
    lines: list[str] = []
    for space, piece in _PIECES.findall(text):
        joint = " " if space else ""
        if lines and font.measure(f"{lines[-1]}{joint}{piece}") <= room:
            lines[-1] = f"{lines[-1]}{joint}{piece}"
        else:
            if lines and len(lines) == most:  # no more lines: the rest goes on the last
                lines[-1] = f"{lines[-1]}{joint}{piece}"
                continue
            lines.append(piece)
    return [elide(font, line, room) for line in lines] or [""]


class ButtonBar(ttk.Frame):
    """A row of buttons along the window's top, each known by its key."""

    def __init__(self, app: Window) -> None:
        pad = app.pad
        super().__init__(app.root, padding=(pad * 2, pad * 2, pad * 2, pad))
        self.app = app
        self.buttons: dict[str, ttk.Button] = {}

    def labels(self, _: Translator) -> Iterable[tuple[str, str]]:
        """Each button's key and its label in the language ``_``."""
        raise NotImplementedError

    def relabel(self) -> None:
        """Every label in the window's current language."""
        for key, text in self.labels(self.app.session.tr):
            self.buttons[key].configure(text=text)

    def enable(self, states: Iterable[tuple[str, bool]]) -> None:
        """Enable the buttons whose key comes with True, disable those with False."""
        for key, enabled in states:
            self.buttons[key].state(["!disabled"] if enabled else ["disabled"])


class Toolbar(ButtonBar):
    """The buttons for what is done most, and the level drop-down."""

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        pad = self.app.pad
        for key, action in (
            ("new", app.new_game),
            ("undo", app.undo),
            ("redo", app.redo),
            ("hint", app.hint),
        ):
            button = ttk.Button(self, command=action, takefocus=False, width=-4)
            button.pack(side="left", padx=(0, pad))
            self.buttons[key] = button
        self.level = ttk.Combobox(self, state="readonly", takefocus=False, exportselection=False)
        self.level.pack(side="right")
        self.level_label = ttk.Label(self, style="Muted.TLabel")
        self.level_label.pack(side="right", padx=(pad * 3, pad))
        self.level.bind("<<ComboboxSelected>>", self._chosen)
        self._names: list[str] = []
        self._for: tuple[object, str] | None = None
        self.relabel()

    def labels(self, _: Translator) -> Iterable[tuple[str, str]]:
        """The buttons' labels."""
        return (
            ("new", _("New game")),
            ("undo", _("Undo")),
            ("redo", _("Redo")),
            ("hint", _("Hint")),
        )

    def relabel(self) -> None:
        """Every label in the window's current language, the level drop-down as wide as the
        longest level's name."""
        super().relabel()
        _ = self.app.session.tr
        self.level_label.configure(text=_("Level"))
        titles = [_(strategy.title) for strategy in players.STRATEGIES] + [_("Two players")]
        font = tkfont.nametofont("TkDefaultFont")
        widest = max(font.measure(title) for title in titles)
        # A Combobox is as wide as this many average characters ("0"), plus its arrow.
        self.level.configure(width=max(6, math.ceil(widest / font.measure("0"))))

    def update_state(self) -> None:
        """Enable the buttons that do something now; show the level playing."""
        app, _ = self.app, self.app.session.tr
        game = app.session.game
        self.enable(
            (
                ("undo", game.can_undo),
                ("redo", game.can_redo),
                ("hint", game.waiting_for_human),
            )
        )
        rules = app.session.match.rules
        self._names = [s.name for s in players.levels_for(rules)]
        own = app.own_player
        if own is not None and players.get(own, own=True).plays(rules):
            self._names.append(own)
        self.level.configure(values=[sentences.level(_, name) for name in self._names])
        if app.two_players:
            self.level.set(_("Two players"))
        else:
            self.level.set(sentences.level(_, app.vars.level.get()))

    def _chosen(self, _event: object) -> None:
        index = self.level.current()
        self.level.selection_clear()
        if 0 <= index < len(self._names):
            self.app.choose_level(self._names[index])
        self.app.view.focus_set()


class ReplayBar(ButtonBar):
    """Stepping through a saved game: it takes the toolbar's place (and height) while shown."""

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        pad = self.app.pad
        for step in Step:
            right = step in (Step.PLAY, Step.CLOSE)
            button = ttk.Button(
                self,
                command=partial(app.step, step),
                takefocus=False,
                width=-4,
                style="Accent.TButton" if step is Step.PLAY else "TButton",
            )
            button.pack(side="right" if right else "left", padx=(pad, 0) if right else (0, pad))
            self.buttons[step.value] = button
        self.relabel()

    def labels(self, _: Translator) -> Iterable[tuple[str, str]]:
        """The steps' labels."""
        return (
            ("first", _("« First")),
            ("back", _("‹ Back")),
            ("forward", _("Forward ›")),
            ("last", _("Last »")),
            ("play", _("Play from here")),
            ("close", _("Close")),
        )

    def update_state(self) -> None:
        """Enable the steps that lead somewhere, and Play from here where the game can go on."""
        viewing = self.app.session.viewing
        if viewing is None:
            return
        self.enable(
            (
                ("first", viewing.ply > 0),
                ("back", viewing.ply > 0),
                ("forward", viewing.ply < viewing.last),
                ("last", viewing.ply < viewing.last),
                ("play", viewing.can_play_on),
            )
        )


class Spinner(tk.Canvas):
    """A small turning arc while the computer thinks; blank (but keeping its room) otherwise."""

    def __init__(self, master: tk.Misc, size: int, colours: Palette) -> None:
        super().__init__(
            master, width=size, height=size, highlightthickness=0, background=colours.window
        )
        self.side = size
        self.colours = colours
        self.frame = 0
        self._next: str | None = None
        self.on_frame: Callable[[], None] | None = None

    @property
    def spinning(self) -> bool:
        """True while the arc turns."""
        return self._next is not None

    def start(self) -> None:
        """Start turning (if not already)."""
        if self._next is None:
            self._turn()

    def stop(self) -> None:
        """Stop and clear."""
        if self._next is not None:
            self.after_cancel(self._next)
            self._next = None
        self.delete("all")

    def destroy(self) -> None:
        """Stop turning first (no timer outlives the window)."""
        self.stop()
        super().destroy()

    def restyle(self, colours: Palette) -> None:
        """Other colours (light or dark)."""
        self.colours = colours
        self.configure(background=colours.window)

    def _turn(self) -> None:
        self.delete("all")
        inset = max(2, self.side // 8)
        width = max(2, self.side // 8)
        box = (inset, inset, self.side - inset, self.side - inset)
        self.create_oval(*box, outline=self.colours.grid, width=width)
        self.create_arc(
            *box,
            start=-self.frame * 30,
            extent=100,
            style="arc",
            outline=self.colours.accent,
            width=width,
        )
        self.frame += 1
        if self.on_frame is not None:
            self.on_frame()
        self._next = self.after(SPIN_MS, self._turn)


class Banner(ttk.Frame):
    """The status row above the board: the turn or the result, the spinner, New game."""

    def __init__(self, app: Window) -> None:
        pad = app.pad
        super().__init__(app.root, padding=(pad * 2, 0))
        self.app = app
        size = max(16, app.fonts.status.metrics("linespace"))
        self.spinner = Spinner(self, size, app.colours)
        self.spinner.grid(row=0, column=0, padx=(0, pad * 2))
        self.text = ttk.Label(self, font=app.fonts.status, anchor="w")
        self.text.grid(row=0, column=1, sticky="ew")
        self.detail = ttk.Label(self, style="Muted.TLabel", anchor="e")
        self.detail.grid(row=0, column=2, sticky="e", padx=(pad, 0))
        self.again = ttk.Button(self, style="Accent.TButton", command=app.new_game)
        self.again.grid(row=0, column=3, sticky="e", padx=(pad * 2, 0))
        self.columnconfigure(1, weight=1)
        self.rowconfigure(0, weight=1)
        self.full_text = ""
        self.over = False
        self.relabel()
        self.least = max(self.again.winfo_reqheight(), size) + pad * 2
        """The banner's height on one line."""
        self.configure(height=self.least)
        self.grid_propagate(False)
        self.again.grid_remove()
        self.bind("<Configure>", lambda _event: self._fit())

    def relabel(self) -> None:
        """The button in the window's current language."""
        self.again.configure(text=self.app.session.tr.gettext("New game"))

    def show(self, text: str, *, style: str = "TLabel", over: bool, thinking: bool) -> None:
        """Say ``text``; with ``over`` the New game button shows; the spinner turns if thinking."""
        self.full_text = text
        self.over = over
        self.text.configure(style=style)
        if over:
            self.again.grid()
        else:
            self.again.grid_remove()
        if thinking:
            self.spinner.start()
        else:
            self.spinner.stop()
            self.detail.configure(text="")
        self._fit()

    def set_detail(self, text: str) -> None:
        """A short muted text beside the status (how long the computer has been thinking)."""
        self.detail.configure(text=text)
        self._fit()

    @property
    def room(self) -> int:
        """The width the text has: the banner's, but for the spinner, New game and the detail."""
        pad = self.app.pad  # the frame's, the spinner's and the
        room = self.winfo_width() - 2 * pad * 2  # detail's padding take room too
        room -= self.spinner.winfo_reqwidth() + pad * 2
        if self.over:
            room -= self.again.winfo_reqwidth() + pad * 2
        return room - self.detail.winfo_reqwidth() - pad

    @property
    def lines(self) -> list[str]:
        """The text's lines as shown."""
        return str(self.text.cget("text")).split("\n")

    def _fit(self) -> None:
        """The text in the status font; too long, in the smaller one, and a result that is still
        too long on two lines (the banner growing for them) - a turn is shortened with "…"."""
        room, text = self.room, self.full_text
        font = self.app.fonts.status
        lines = [text]
        if room > 40 and font.measure(text) > room:
            font = self.app.fonts.compact  # a long text: smaller before broken or cut short
            lines = wrap(font, text, room, RESULT_LINES if self.over else 1)
        self.text.configure(text="\n".join(lines), font=font, justify="left")
        height = max(self.least, len(lines) * font.metrics("linespace") + self.app.pad * 2)
        if int(self.cget("height")) != height:
            self.configure(height=height)


class Footer(ttk.Frame):
    """The row under the board: a notice, or the hint colours; the score on the right."""

    def __init__(self, app: Window) -> None:
        pad = app.pad
        super().__init__(app.root, padding=(pad * 2, pad, pad * 2, pad * 2))
        self.app = app
        self.notice = ttk.Label(self, anchor="w")
        self.legend = ttk.Frame(self)
        self.score = ttk.Label(self, anchor="e", style="Muted.TLabel")
        self.score.pack(side="right")
        self.notice.pack(side="left", fill="x", expand=True)
        self._line = tkfont.nametofont("TkDefaultFont").metrics("linespace")
        self.configure(height=self._line + pad * 3)
        self.pack_propagate(False)
        self.full_notice = ""
        self.whole = False
        self.items: Sequence[tuple[str | None, str]] = ()
        self._shown: tuple[object, ...] = ()
        self.bind("<Configure>", lambda _event: self._fit())

    def show(
        self,
        notice: str,
        legend: Sequence[tuple[str | None, str]],
        score: str,
        *,
        whole: bool = False,
    ) -> None:
        """``notice`` if any, else the ``legend`` (colour, text) items; ``score`` on the right.

        A notice too long for the row is shortened; with ``whole`` (said to the player, not a
        progress) it takes up to :data:`NOTICE_LINES` lines instead, the board giving up the
        room while it shows."""
        self.whole = whole
        self.full_notice = notice
        self.items = tuple(legend)
        self.score.configure(text=score)
        self._fit()

    @property
    def legend_texts(self) -> list[str]:
        """The legend's words as shown (for tests)."""
        return [
            str(child.cget("text"))
            for child in self.legend.winfo_children()
            if isinstance(child, ttk.Label)
        ]

    def _fit(self) -> None:
        font = tkfont.nametofont("TkDefaultFont")
        pad = 2 * self.app.pad
        room = self.winfo_width() - self.score.winfo_reqwidth() - 3 * pad
        shown = (self.full_notice, self.items, room, self.whole)
        if shown == self._shown:
            return
        self._shown = shown
        if self.full_notice or not self.items:
            self.legend.pack_forget()
            for child in self.legend.winfo_children():
                child.destroy()
            lines = [elide(font, self.full_notice, room)]
            if self.whole and room > 0:
                lines = wrap(font, self.full_notice, room)
            self.notice.configure(text="\n".join(lines), justify="left")
            self.configure(height=len(lines) * self._line + self.app.pad * 3)
            self.notice.pack(side="left", fill="x", expand=True)
            return
        self.configure(height=self._line + self.app.pad * 3)
        self.notice.pack_forget()
        for child in self.legend.winfo_children():
            child.destroy()
        swatch = font.metrics("linespace") - 4

        def width(colour: str | None, text: str) -> int:
            return font.measure(text) + (0 if colour is None else swatch + pad)

        items = list(self.items)
        if items and items[0][0] is None and sum(width(*item) + pad for item in items) > room:
            items = items[1:]  # the heading goes first: the items themselves matter more
        used = 0
        for colour, text in items:
            needed = width(colour, text)
            if used + needed > room:
                break
            used += needed + pad
            if colour is not None:
                tk.Frame(
                    self.legend,
                    width=swatch,
                    height=swatch,
                    background=colour,
                    highlightthickness=1,
                    highlightbackground=self.app.colours.grid,
                ).pack(side="left", padx=(0, 3))
            ttk.Label(self.legend, text=text).pack(side="left", padx=(0, pad))
        self.legend.pack(side="left")
