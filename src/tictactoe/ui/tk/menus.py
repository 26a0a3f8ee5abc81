"""The menu bar: Game, Skill level, Board, Options, Scoreboard.

Built in the window's current language and built again when the language
changes. :class:`Menus` remembers where each entry is, so the window can
enable, disable and relabel entries (and tests can invoke them by key).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.i18n import LANGUAGES
from tictactoe.ui.tk import texts

if TYPE_CHECKING:
    from tictactoe.ui.tk.app import App

BOARD_PRESETS: tuple[Rules, ...] = (
    Rules(3, 3, 3),
    Rules(4, 4, 4),
    Rules(5, 5, 4),
    Rules(7, 7, 5),
    Rules(15, 15, 5),
)
"""The Board menu's sizes."""


def board_key(rules: Rules) -> str:
    """The Board menu's variable value for ``rules``."""
    return f"{rules.m}x{rules.n}k{rules.k}"


def level_order() -> list[players.Strategy]:
    """Strategies as the Skill level menu lists them: seed 002's levels 1-3, then the others."""
    levelled = sorted((s for s in players.STRATEGIES if s.level is not None), key=_level)
    return levelled + [s for s in players.STRATEGIES if s.level is None]


def _level(strategy: players.Strategy) -> int:
    return strategy.level or 0


@dataclass(frozen=True)
class Entry:
    """Where one menu entry is."""

    menu: tk.Menu
    index: int


class Menus:
    """The menu bar of ``app``'s window, with every entry findable by (menu, key)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.entries: dict[tuple[str, str], Entry] = {}
        self.bar = tk.Menu(app.root, tearoff=False)
        self.menus: dict[str, tk.Menu] = {}
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

    def _menu(self, key: str, label: str, parent: tk.Menu | None = None) -> tk.Menu:
        owner = self.bar if parent is None else parent
        menu = tk.Menu(owner, tearoff=False)
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
        app, _ = self.app, self.app.translate
        self._menu("game", _("Game"))
        self._add("game", "new", "command", _("New game"), app.new_game, accelerator="Ctrl+N")
        self._add("game", "play_x", "command", _("Play as X"), lambda: app.play_as(True))
        self._add("game", "play_o", "command", _("Play as O"), lambda: app.play_as(False))
        self._add(
            "game",
            "two_players",
            "checkbutton",
            _("Two players"),
            app.toggle_two_players,
            variable=app.vars.two_players,
        )
        self.menus["game"].add_separator()
        self._add("game", "undo", "command", _("Undo"), app.undo, accelerator="Ctrl+Z")
        self._add("game", "redo", "command", _("Redo"), app.redo, accelerator="Ctrl+Y")
        self._add("game", "hint", "command", _("Hint"), app.hint, accelerator="H")
        self.menus["game"].add_separator()
        self._add("game", "quit", "command", _("Quit"), app.quit, accelerator="Ctrl+Q")

        self._menu("level", _("Skill level"))
        ordered = level_order()
        for position, strategy in enumerate(ordered):
            if position and strategy.level is None and ordered[position - 1].level is not None:
                self.menus["level"].add_separator()
            self._radio(
                "level",
                strategy.name,
                texts.level_label(_, strategy),
                app.choose_level,
                app.vars.level,
            )

        self._menu("board", _("Board"))
        for rules in BOARD_PRESETS:
            self._radio(
                "board",
                board_key(rules),
                texts.board_name(_, rules.m, rules.n, rules.k),
                app.choose_preset,
                app.vars.board,
            )
        self.menus["board"].add_separator()
        self._add("board", "custom", "command", _("Custom..."), app.custom_board)

        self._menu("options", _("Options"))
        self._menu("starter", _("Who starts"), self.menus["options"])
        starters = (
            (Starter.YOU, _("You")),
            (Starter.COMPUTER, _("The computer")),
            (Starter.ALTERNATE, _("Take turns")),
            (Starter.COIN, _("Coin toss")),
        )
        for starter, label in starters:
            self._radio("starter", starter.value, label, app.choose_starter, app.vars.starter)
        self._add(
            "options", "sound", "checkbutton", _("Sound"), app.refresh, variable=app.vars.sound
        )
        self._add(
            "options", "hints", "checkbutton", _("Cell hints"), app.refresh, variable=app.vars.hints
        )
        self._add(
            "options", "names", "checkbutton", _("Cell names"), app.refresh, variable=app.vars.names
        )
        self._menu("numbering", _("Cell numbering"), self.menus["options"])
        numberings = (
            (Numbering.NUMPAD, _("Keypad 1-9 (3 x 3 only)")),
            (Numbering.INDEX, _("Numbers from 0")),
            (Numbering.COORDS, _("Coordinates (b2)")),
        )
        for numbering, label in numberings:
            self._radio("numbering", numbering.value, label, app.refresh, app.vars.numbering)
        self._menu("language", _("Language"), self.menus["options"])
        for code, name in LANGUAGES.items():
            self._radio("language", code, name, app.choose_language, app.vars.language)

        self._menu("scores", _("Scoreboard"))
        self._add("scores", "show", "command", _("Show..."), app.show_scores)
        self._add("scores", "reset", "command", _("Reset..."), app.reset_scores)

    # --- keeping entries current ---------------------------------------------------

    def update(self) -> None:
        """Enable, disable and relabel entries for the current game."""
        app, _ = self.app, self.app.translate
        game = app.match.game
        self._enable("game", "undo", game.can_undo)
        self._enable("game", "redo", game.can_redo)
        self._enable("game", "hint", game.waiting_for_human)
        rules = app.match.rules
        for strategy in players.STRATEGIES:
            label = texts.level_label(_, strategy)
            can_play = strategy.unsupported_reason(rules) is None
            found = self.entry("level", strategy.name)
            found.menu.entryconfigure(
                found.index,
                label=label if can_play else texts.unavailable(_, label, rules),
                state="normal" if can_play else "disabled",
            )
        self._enable("numbering", Numbering.NUMPAD.value, Numbering.NUMPAD.supports(rules))

    def _enable(self, menu: str, key: str, enabled: bool) -> None:
        found = self.entry(menu, key)
        found.menu.entryconfigure(found.index, state="normal" if enabled else "disabled")


def _last(menu: tk.Menu) -> int:
    index = menu.index("end")
    assert index is not None
    return int(index)
