"""The menu bar: Game, Skill level (with your own player and engines), Board, Options, Scoreboard.

Built in the window's current language and colours, and built again when
either changes. :class:`Menus` remembers where each entry is, so the window
can enable, disable and relabel entries (and tests can invoke them by key).

Check marks show what is in force: the play mode (Play as X, Play as O,
Two players), the level playing, the board, and every option. Every level's
entry says how it plays (only a screen too narrow for it gets the name
alone), so a newcomer can choose between levels they have not met.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from tkinter import font as tkfont
from typing import Any

from tictactoe import players
from tictactoe.core import Mark, Numbering, Rules
from tictactoe.game import Starter
from tictactoe.saved.settings import BOARD_PRESETS, Theme
from tictactoe.texts import sentences
from tictactoe.texts.i18n import LANGUAGES
from tictactoe.texts.sentences import board_name
from tictactoe.ui.tk import texts
from tictactoe.ui.tk.board_view import is_gomoku
from tictactoe.ui.tk.intents import Window

THINK_PRESETS: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""The Options > Time per move choices, in seconds (Other... takes any from 0.05 to 600)."""
OTHER_THINK = "other"
"""The think-time variable's value for a time that is not a preset."""


def think_key(seconds: float) -> str:
    """The Time per move menu's variable value for ``seconds``: a preset's, else ``other``."""
    preset = next((p for p in THINK_PRESETS if abs(p - seconds) < 1e-9), None)
    return f"{preset:g}" if preset is not None else OTHER_THINK


MENU_ROOM = 60
"""Pixels a menu entry needs beyond its label (check mark, margins): labels fit the screen."""


def board_key(rules: Rules) -> str:
    """The Board menu's variable value for ``rules``."""
    return f"{rules.m}x{rules.n}k{rules.k}"


@dataclass(frozen=True)
class Entry:
    """Where one menu entry is."""

    menu: tk.Menu
    index: int


class Menus:
    """The menu bar of ``app``'s window, with every entry findable by (menu, key)."""

    def __init__(self, app: Window) -> None:
        self.app = app
        self.entries: dict[tuple[str, str], Entry] = {}
        self.bar = tk.Menu(app.root, tearoff=False, **self._colours())
        self.menus: dict[str, tk.Menu] = {}
        self._levels_shown: tuple[Rules, int] | None = None
        self._own: str | None = None
        """The own player the Skill level menu lists (None: none)."""
        self._build()
        app.root.configure(menu=self.bar)

    def destroy(self) -> None:
        """Remove the menu bar (before building one in another language)."""
        self.bar.destroy()

    def entry(self, menu: str, key: str) -> Entry:
        """The entry called ``key`` in ``menu`` (for example ``("game", "undo")``)."""
        return self.entries[(menu, key)]

    def invoke(self, menu: str, key: str) -> None:
        """Invoke an entry through the Menu widget, as a click on it would."""
        found = self.entry(menu, key)
        found.menu.invoke(found.index)

    def state(self, menu: str, key: str) -> str:
        """``normal`` or ``disabled``."""
        found = self.entry(menu, key)
        return str(found.menu.entrycget(found.index, "state"))

    def label(self, menu: str, key: str) -> str:
        """The entry's label as shown."""
        found = self.entry(menu, key)
        return str(found.menu.entrycget(found.index, "label"))

    # --- building -------------------------------------------------------------

    def _colours(self) -> dict[str, Any]:
        colours = self.app.colours
        return {
            "background": colours.raised,
            "foreground": colours.text,
            "activebackground": colours.accent,
            "activeforeground": "#ffffff",
            "selectcolor": colours.text,
            "disabledforeground": colours.muted,
        }

    def _menu(self, key: str, label: str, parent: tk.Menu | None = None) -> tk.Menu:
        owner = self.bar if parent is None else parent
        menu = tk.Menu(owner, tearoff=False, **self._colours())
        owner.add_cascade(label=label, menu=menu)
        self.menus[key] = menu
        if parent is not None:
            self.entries[(self._parent_key(parent), key)] = Entry(parent, _last(parent))
        return menu

    def _parent_key(self, menu: tk.Menu) -> str:
        return next(key for key, value in self.menus.items() if value is menu)

    def _radio(
        self,
        menu_key: str,
        value: str,
        label: str,
        command: Callable[[], None],
        variable: tk.Variable,
    ) -> None:
        """A radio button whose entry key is the value it sets ``variable`` to."""
        self._add(menu_key, value, "radiobutton", label, command, variable=variable, value=value)

    def _choice(
        self,
        key: str,
        title: str,
        labels: Mapping[str, str],
        command: Callable[[], None],
        variable: tk.Variable,
    ) -> None:
        """An Options submenu ``key`` of radio buttons: one per value in ``labels``."""
        self._menu(key, title, self.menus["options"])
        for value, label in labels.items():
            self._radio(key, str(value), label, command, variable)

    def _add(
        self,
        menu_key: str,
        key: str,
        kind: str,
        label: str,
        command: Callable[[], None] | None = None,
        **options: object,
    ) -> None:
        menu = self.menus[menu_key]
        if command is not None:
            options["command"] = command
        adder: Callable[..., object] = getattr(menu, f"add_{kind}")
        adder(label=label, **options)
        self.entries[(menu_key, key)] = Entry(menu, _last(menu))

    def _build(self) -> None:
        app, _ = self.app, self.app.session.tr
        self._menu("game", _("Game"))
        self._add("game", "new", "command", _("New game"), app.new_game, accelerator="Ctrl+N")
        self._add(
            "game", "open", "command", _("Open a game..."), app.open_game, accelerator="Ctrl+O"
        )
        self.menus["game"].add_separator()
        for mark, label in ((Mark.X, _("Play as X")), (Mark.O, _("Play as O"))):
            self._radio("game", mark.lower(), label, partial(app.play_as, mark), app.vars.mode)
        self._radio("game", "two", _("Two players"), app.play_two, app.vars.mode)
        self.menus["game"].add_separator()
        self._add("game", "undo", "command", _("Undo"), app.undo, accelerator="Ctrl+Z")
        self._add("game", "redo", "command", _("Redo"), app.redo, accelerator="Ctrl+Y")
        self._add("game", "hint", "command", _("Hint"), app.hint, accelerator="H")
        self.menus["game"].add_separator()
        self._add("game", "quit", "command", _("Quit"), app.quit, accelerator="Ctrl+Q")

        self._menu("level", _("Skill level"))
        self._fill_levels()

        self._menu("board", _("Board"))
        for rules in BOARD_PRESETS:
            self._radio(
                "board",
                board_key(rules),
                board_name(_, rules),
                app.choose_preset,
                app.vars.board,
            )
        self.menus["board"].add_separator()
        self._add("board", "custom", "command", _("Custom..."), app.custom_board)

        self._menu("options", _("Options"))
        starters: dict[str, str] = {
            Starter.YOU: _("You"),
            Starter.COMPUTER: _("The computer"),
            Starter.ALTERNATE: _("Take turns"),
            Starter.COIN: _("Coin toss"),
        }
        self._choice("starter", _("Who starts"), starters, app.choose_starter, app.vars.starter)
        self._menu("think", texts.think_time(_, app.session.think_seconds), self.menus["options"])
        for seconds in THINK_PRESETS:
            self._radio(
                "think",
                think_key(seconds),
                sentences.seconds(_, seconds),
                app.think_chosen,
                app.vars.think,
            )
        self.menus["think"].add_separator()
        self._radio("think", OTHER_THINK, _("Other..."), app.other_think, app.vars.think)
        for key, label, variable, command in (
            ("sound", _("Sound"), app.vars.sound, app.sound_changed),
            ("analysis", _("Show analysis"), app.vars.analysis, app.analysis_changed),
            ("tree", _("How the computer thinks"), app.vars.tree, app.tree_changed),
            ("hints", _("Cell hints"), app.vars.hints, app.hints_changed),
            ("names", _("Cell names"), app.vars.names, app.names_changed),
        ):
            self._add("options", key, "checkbutton", label, command, variable=variable)
        numberings: dict[str, str] = {
            Numbering.NUMPAD: _("Keypad 1-9 (3 x 3 only)"),
            Numbering.INDEX: _("Numbers from 0"),
            Numbering.COORDS: _("Coordinates (b2)"),
        }
        self._choice(
            "numbering", _("Cell numbering"), numberings, app.numbering_changed,
            app.vars.numbering,
        )  # fmt: skip
        themes: dict[str, str] = {
            Theme.SYSTEM: _("As the system"),
            Theme.LIGHT: _("Light"),
            Theme.DARK: _("Dark"),
        }
        self._choice("theme", _("Theme"), themes, app.choose_theme, app.vars.theme)
        self._choice("language", _("Language"), LANGUAGES, app.choose_language, app.vars.language)

        self._menu("scores", _("Scoreboard"))
        self._add("scores", "show", "command", _("Show..."), app.show_scores)
        self._add("scores", "reset", "command", _("Reset..."), app.reset_scores)

    def _fill_levels(self) -> None:
        """The Skill level menu: every level, the own player chosen (if one is), and the
        entries that choose one (filled again when another own player is chosen)."""
        app, _ = self.app, self.app.session.tr
        menu = self.menus["level"]
        menu.delete(0, "end")
        for key in [key for key in self.entries if key[0] == "level"]:
            del self.entries[key]
        for strategy in players.STRATEGIES:
            self._radio("level", strategy.name, _(strategy.title), app.level_chosen, app.vars.level)
        menu.add_separator()
        self._own = app.own_player
        if self._own is not None:
            label = sentences.level(_, self._own)
            self._add(
                "level", "own", "radiobutton", label, app.level_chosen,
                variable=app.vars.level, value=self._own,
            )  # fmt: skip
        self._add("level", "own-file", "command", _("Your own player..."), app.choose_own_player)
        self._add("level", "check-file", "command", _("Check a player file..."), app.check_player)
        self._add("level", "engine", "command", _("Engine..."), app.choose_engine)
        self._levels_shown = None

    # --- keeping entries current ---------------------------------------------------

    def update(self) -> None:
        """Enable, disable and relabel entries for the current game and window width."""
        app = self.app
        game = app.session.match.game
        playing = app.session.viewing is None
        self._enable("game", "undo", playing and game.can_undo)
        self._enable("game", "redo", playing and game.can_redo)
        self._enable("game", "hint", playing and game.waiting_for_human)
        think = self.entry("options", "think")
        think.menu.entryconfigure(
            think.index, label=texts.think_time(app.session.tr, app.session.think_seconds)
        )
        rules = app.session.match.rules
        room = app.root.winfo_screenwidth() - MENU_ROOM
        if app.own_player != self._own:
            self._fill_levels()
        if self._levels_shown != (rules, room):  # relabelled only when the board changes
            self._levels_shown = (rules, room)
            self._label_levels(rules, room)
        small = not is_gomoku(rules.m, rules.n)
        for numbering in Numbering:
            self._enable("numbering", numbering.value, small and numbering.supports(rules))

    def _label_levels(self, rules: Rules, room: int) -> None:
        _ = self.app.session.tr
        font = tkfont.nametofont("TkMenuFont")
        playable = players.levels_for(rules)
        for strategy in players.STRATEGIES:
            can_play = strategy in playable
            label = texts.level_label(_, strategy, describe=True)
            if not can_play:
                label = texts.unavailable(_, _(strategy.title))
            if font.measure(label) > room:
                label = texts.level_label(_, strategy, describe=False)
            found = self.entry("level", strategy.name)
            found.menu.entryconfigure(
                found.index, label=label, state="normal" if can_play else "disabled"
            )
        if self._own is not None:
            own = players.get(self._own, own=True)
            label = texts.level_label(_, own, describe=True)
            if not own.plays(rules):
                label = texts.unavailable(_, sentences.level(_, own.name))
            if font.measure(label) > room:
                label = sentences.level(_, own.name)
            found = self.entry("level", "own")
            found.menu.entryconfigure(
                found.index, label=label, state="normal" if own.plays(rules) else "disabled"
            )

    def _enable(self, menu: str, key: str, enabled: bool) -> None:
        found = self.entry(menu, key)
        found.menu.entryconfigure(found.index, state="normal" if enabled else "disabled")


def _last(menu: tk.Menu) -> int:
    index = menu.index("end")
    assert index is not None
    return int(index)
