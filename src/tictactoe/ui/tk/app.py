"""The desktop window: draws a :class:`~tictactoe.session.Session` and turns input into its intents.

:class:`App` owns the Tk widgets and turns every menu entry, button, click
and key into one small method (an "intent") that calls the session, then
:meth:`App.refresh` draws the game and lets the session start whatever comes
next (the computer's thinking, hints). The game itself - the match, the
computer's moves and the hints worked out in the background, the end of each
game, a saved game shown instead, the player's remembered choices - is the
session's; the window keeps only what it shows: the widgets, the keyboard
cursor, the colours and the window's size.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from typing import Any

from tictactoe import players
from tictactoe.core import Mark, Numbering, Rules, cell_name
from tictactoe.core.records import Record
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import BOARD_PRESETS, Choices, Settings, Theme
from tictactoe.session import REPLY_PAUSE, Session
from tictactoe.session.replay import Replay, Step
from tictactoe.session.sound import Sound
from tictactoe.session.sound import play as play_sound_file
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import Feeling
from tictactoe.ui.tk import texts, theme, tree_panel
from tictactoe.ui.tk.board_view import EDGE, MARGIN, BoardView, Drawing, is_gomoku
from tictactoe.ui.tk.dialogs import Dialogs, TkDialogs, speak_toolkit
from tictactoe.ui.tk.intents import Variables
from tictactoe.ui.tk.keys import Keyboard
from tictactoe.ui.tk.menus import THINK_PRESETS, Menus, board_key, think_key
from tictactoe.ui.tk.panels import Banner, Footer, ReplayBar, Toolbar
from tictactoe.ui.tk.tree_panel import TreePanel

GOMOKU = Rules(15, 15, 5)
"""The board an engine's game moves to when it cannot play the one on the screen."""

POLL_MS = 40
"""How often the main loop collects answers from the background work."""
REPLY_PAUSE_MS = round(REPLY_PAUSE * 1000)
"""On small boards the computer's reply comes at least this long after your move."""
CELL_PIXELS = 130
"""Cell size on a small board when the screen has room (times the screen's scale)."""
POINT_PIXELS = 36
"""Distance between a gomoku board's points when the screen has room."""
SCREEN_RESERVE = (48, 96)
"""Pixels of the screen kept for the desktop's panels and the window's frame (width, height)."""
BANNER_STYLES = {Feeling.WIN: "Win.TLabel", Feeling.LOSE: "Lose.TLabel", Feeling.NEUTRAL: "TLabel"}
"""The result's colour in the banner, for the one person playing the computer."""

SoundPlayer = Callable[[Sound], None]


def centre_cell(rules: Rules) -> int:
    """Where the keyboard cursor starts: the middle of the board."""
    return rules.cell(rules.m // 2, rules.n // 2)


def board_size(rules: Rules, room: tuple[float, float], scale: float = 1.0) -> tuple[int, int]:
    """The canvas size (width, height) that shows ``rules``'s board well within ``room``.

    Cells are as large as is comfortable (:data:`CELL_PIXELS`, a gomoku
    board's :data:`POINT_PIXELS`), and smaller where the screen is not big
    enough: the window always fits the screen.
    """
    edge = 2 * EDGE if is_gomoku(rules.m, rules.n) else 0.0
    wanted = (POINT_PIXELS if edge else CELL_PIXELS) * scale
    margin = 2 * MARGIN * scale
    cell = min(wanted, (room[0] - margin) / (rules.n + edge), (room[1] - margin) / (rules.m + edge))
    cell = max(cell, 8.0)
    return round(cell * (rules.n + edge) + margin), round(cell * (rules.m + edge) + margin)


class App:
    """The game window.

    ``choices`` are the player's settings to start with (level, language,
    sound, theme, cell names), command-line options included, and what the
    settings file keeps (without the options), where every choice made in the
    window is saved. ``dialogs`` and ``play_sound`` can be replaced (tests
    answer dialogs and listen for sounds that way).
    """

    def __init__(
        self,
        root: tk.Tk | tk.Toplevel,
        match: Match,
        *,
        choices: Choices | None = None,
        dialogs: Dialogs | None = None,
        play_sound: SoundPlayer | None = None,
        scoreboard: Scoreboard | None = None,
        reply_pause_ms: int = REPLY_PAUSE_MS,
        system_dark: bool | None = None,
        notice: str = "",
    ) -> None:
        self.root = root
        self.play_sound: SoundPlayer = play_sound if play_sound is not None else play_sound_file
        self.session = Session(
            match,
            choices=choices if choices is not None else Choices(Settings()),
            scoreboard=scoreboard if scoreboard is not None else Scoreboard(),
            sound=lambda cue: self.play_sound(cue),
            reply_pause=reply_pause_ms / 1000,
            notice=notice,
            name="tk",
        )
        self.dialogs: Dialogs = dialogs if dialogs is not None else TkDialogs(root, self._current)
        speak_toolkit(root, self.session.tr)
        self.system_dark = system_dark
        self.closed = False
        self.cursor = centre_cell(match.rules)
        """The keyboard cursor's cell (shown once the keys are used, hidden by a click)."""
        self.cursor_shown = False
        self._engine = ""
        """The engine's command chosen last (Engine... offers it again)."""
        self._own: str | None = None
        """The own player chosen last (see :attr:`own_player`)."""
        self._shown: tuple[Rules, bool] = (self.shown_rules, False)
        """The board the window is sized for, and whether a saved game is shown."""

        settings_now = self.session.settings
        self.scale = theme.ui_scale(root)
        self.pad = theme.padding(self.scale)
        self.colours = theme.palette(settings_now.theme, system_dark=system_dark)
        theme.apply(root, self.colours, self.scale)
        self.fonts = theme.fonts(root)
        self.vars = Variables(
            level=tk.StringVar(root, self.session.preferred),
            board=tk.StringVar(root, board_key(match.rules)),
            mode=tk.StringVar(root, ""),
            starter=tk.StringVar(root, match.starter.value),
            sound=tk.BooleanVar(root, settings_now.sound),
            analysis=tk.BooleanVar(root, settings_now.analysis),
            hints=tk.BooleanVar(root, False),
            names=tk.BooleanVar(root, settings_now.names),
            numbering=tk.StringVar(root, settings_now.numbering.value),
            language=tk.StringVar(root, self.session.tr.language),
            theme=tk.StringVar(root, settings_now.theme.value),
            think=tk.StringVar(root, think_key(settings_now.think)),
            tree=tk.BooleanVar(root, False),
        )
        self.tree_panel: TreePanel | None = None
        self.menus = Menus(self)
        self.toolbar = Toolbar(self)
        self.toolbar.pack(side="top", fill="x")
        self.replay_bar = ReplayBar(self)
        self.banner = Banner(self)
        self.banner.pack(side="top", fill="x")
        self.banner.spinner.on_frame = self._show_progress
        self.footer = Footer(self)
        self.footer.pack(side="bottom", fill="x")
        width, height = self._board_room(self.shown_rules)
        self.view = BoardView(
            root, self._picture(), self.colours, width=width, height=height, scale=self.scale
        )
        self.view.pack(side="top", fill="both", expand=True)
        self._fit_window(first=True)
        self.keyboard = Keyboard(self)
        self.view.bind("<Button-1>", self._on_click)
        root.protocol("WM_DELETE_WINDOW", self.quit)
        self._poll_id: str | None = root.after(POLL_MS, self._poll)
        self.refresh()

    def _current(self) -> Translator:
        return self.session.tr

    # --- reading ----------------------------------------------------------------

    @property
    def numbering(self) -> Numbering:
        """How typed digits name cells: the chosen numbering where it fits the board.

        A gomoku board shows coordinates on its edges, so digits name nothing there.
        """
        return self.numbering_for(self.session.match.rules)

    def numbering_for(self, rules: Rules) -> Numbering:
        """How cells of a board of ``rules`` are named: coordinates on a gomoku board (they
        are on its edges), else the chosen numbering where it fits (else numbers from 0)."""
        if is_gomoku(rules.m, rules.n):
            return Numbering.COORDS
        chosen = Numbering(self.vars.numbering.get())
        return chosen if chosen.supports(rules) else Numbering.INDEX

    @property
    def two_players(self) -> bool:
        """True when two people share the board."""
        return self.session.sides is sentences.Sides.PEOPLE

    @property
    def shown_rules(self) -> Rules:
        """The board on the screen: the saved game's while one is shown, else the game's."""
        return self.session.rules

    @property
    def own_player(self) -> str | None:
        """The own player chosen last in this window or given at launch (a Python file,
        ``brain:COMMAND``), if one was: the Skill level menu keeps it."""
        chosen = self.session.preferred
        if players.is_own(chosen):
            self._own = chosen
        return self._own

    # --- the game's intents -------------------------------------------------------

    def new_game(self, *, you_start: bool | None = None, rules: Rules | None = None) -> None:
        """Start the next game (cancelling any thinking); ``rules`` for another board."""
        self.keyboard.clear()
        self.session.new_game(you_start=you_start, rules=rules)
        self.refresh()

    def play_as(self, mark: Mark) -> None:
        """Game > Play as X / Play as O (the computer is X and moves first)."""
        self.session.play_as(mark)
        self.refresh()

    def play_two(self) -> None:
        """Game > Two players: two people at one computer."""
        self.session.play_two()
        self.refresh()

    def click(self, cell: int) -> None:
        """A person plays ``cell`` with the mouse; on a finished game the first click says
        that the next one starts the next game (:meth:`Session.again`). The keyboard cursor
        hides, and goes on from there when keys are used."""
        if self.session.viewing is None:
            self.cursor = cell
        self.cursor_shown = False
        self.session.play(cell)
        self.refresh()

    def press_cursor(self) -> None:
        """Enter or Space: play the cell under the keyboard cursor (the first press shows it)."""
        if not self.cursor_shown:
            self.cursor_shown = True
            self.refresh()
            return
        self.session.play(self.cursor)
        self.refresh()

    def move_cursor(self, cell: int) -> None:
        """Put the keyboard cursor on ``cell`` (an arrow key: it shows)."""
        self.cursor = cell
        self.cursor_shown = True
        self.refresh()

    def say(self, notice: str) -> None:
        """Show ``notice`` in the status line."""
        self.session.say(notice)
        self.refresh()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        self.session.undo()
        self.refresh()

    def redo(self) -> None:
        """Replay what undo took back."""
        self.session.redo()
        self.refresh()

    def hint(self) -> None:
        """Colour the free cells by their outcome for this move (a big board: the best three)."""
        self.session.hint()
        self.refresh()

    def hints_changed(self) -> None:
        """Options > Cell hints: hints for every move, or none."""
        self.session.set_hints(self.vars.hints.get())
        self.refresh()

    def stop_hint(self) -> None:
        """Esc while a big board's hint searches: show the best moves found so far, now."""
        self.session.stop_hint()

    def quit(self) -> None:
        """Close the window, cancelling whatever the computer was doing."""
        if self.closed:
            return
        self.closed = True
        self.keyboard.clear()
        self.banner.spinner.stop()
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.root.destroy()
        self.session.close()  # after the window is gone: it may wait for a busy file

    def level_chosen(self) -> None:
        """The Skill level menu: the level its check mark now shows."""
        self.choose_level(self.vars.level.get())

    def choose_level(self, name: str) -> None:
        """The Skill level menu or drop-down: this computer opponent, from its next move on."""
        self.session.choose_level(name)
        self.refresh()

    def choose_own_player(self) -> None:
        """Skill level > Your own player...: a Python file that defines ``choose(board)`` plays
        you from its next move on (a file that cannot play is refused, saying why)."""
        path = self.dialogs.ask_player_file()
        if self.closed:
            return
        if path:
            problem = players.own_problem(path, self.session.tr)
            if problem is None:
                self.session.choose_level(path)
            else:
                self.session.say(problem)
        self.refresh()

    def check_player(self) -> None:
        """Skill level > Check a player file...: the checker's report in a window."""
        from tictactoe.ui.tk.lessons import check_player_file

        check_player_file(self.root, self.session.tr, self.dialogs.ask_player_file)

    def choose_engine(self) -> None:
        """Skill level > Engine...: a Gomocup engine plays you; engines play five in a row, so
        on another board a new game starts on 15 x 15."""
        command = self.dialogs.ask_engine(self._engine)
        if self.closed:
            return
        if command:
            _, self._engine = self.session.tr, command
            name = players.engine_name(command)
            if players.get(name, own=True).plays(self.session.match.rules):
                self.session.choose_level(name)
            else:
                self.session.new_game(rules=GOMOKU)
                self.session.choose_level(name)
                self.session.say(_("Engines play five in a row: a new game on 15 x 15."))
        self.refresh()

    def choose_preset(self) -> None:
        """The Board menu's sizes: a new game on that board."""
        chosen = next(r for r in BOARD_PRESETS if board_key(r) == self.vars.board.get())
        self.new_game(rules=chosen)

    def custom_board(self) -> None:
        """Board > Custom...: ask for m, n and k, then a new game on that board."""
        rules = self.dialogs.ask_board(self.session.match.rules)
        if self.closed:
            return
        if rules is None:
            self.refresh()
            return
        self.new_game(rules=rules)

    def choose_starter(self) -> None:
        """Options > Who starts: applies from the next game."""
        self.session.set_starter(Starter(self.vars.starter.get()))
        self.refresh()

    def think_chosen(self) -> None:
        """Options > Time per move: one of the preset times."""
        chosen = self.vars.think.get()
        preset = next((value for value in THINK_PRESETS if think_key(value) == chosen), None)
        if preset is not None:
            self.set_think(preset)

    def other_think(self) -> None:
        """Options > Time per move > Other...: any time from 0.05 to 600 seconds."""
        chosen = self.dialogs.ask_think(self.session.think_seconds)
        if self.closed:
            return
        if chosen is None:
            self.refresh()
            return
        self.set_think(chosen)

    def set_think(self, seconds: float) -> None:
        """How long Expert thinks per move (from its next move on) and a big-board hint
        searches; remembered."""
        self.session.set_think(seconds)
        self.refresh()

    def sound_changed(self) -> None:
        """Options > Sound (remembered)."""
        self.session.set_sound(self.vars.sound.get())
        self.refresh()

    def analysis_changed(self) -> None:
        """Options > Show analysis: the depth and expected line while the computer thinks, or
        only how long it has thought (remembered)."""
        self.session.set_analysis(self.vars.analysis.get())
        self.refresh()

    def tree_changed(self) -> None:
        """Options > How the computer thinks: the search tree of the position shown beside the
        board (the window widens for it), or not."""
        if self.vars.tree.get() and self.tree_panel is None:
            self.tree_panel = tree_panel.opened(self)
        elif not self.vars.tree.get() and self.tree_panel is not None:
            tree_panel.closed(self, self.tree_panel)
            self.tree_panel = None
        self.refresh()

    def names_changed(self) -> None:
        """Options > Cell names (remembered), shown at once."""
        self.session.remember(names=self.vars.names.get())
        self.refresh()

    def numbering_changed(self) -> None:
        """Options > Cell numbering (remembered), shown at once."""
        self.session.remember(numbering=Numbering(self.vars.numbering.get()))
        self.refresh()

    def choose_language(self) -> None:
        """Options > Language: every label in the new language at once (remembered)."""
        self.session.set_language(self.vars.language.get())
        self._rebuild_chrome()

    def choose_theme(self) -> None:
        """Options > Theme: light, dark, or as the system says."""
        chosen = Theme(self.vars.theme.get())
        self.colours = theme.palette(chosen, system_dark=self.system_dark)
        theme.apply(self.root, self.colours, self.scale)
        self.banner.spinner.restyle(self.colours)
        self.view.set_colours(self.colours)
        self.session.remember(theme=chosen)
        self._rebuild_chrome()

    def show_scores(self) -> None:
        """Scoreboard > Show: every recorded game's tally, with totals and win percentages."""
        tallies = self.session.tallies()
        if tallies is None:
            self.refresh()
            return
        _ = self.session.tr
        headings, rows = texts.score_table(_, tallies)
        self.dialogs.show_scores(_("Scoreboard"), headings, rows)

    def reset_scores(self) -> None:
        """Scoreboard > Reset: forget every recorded game, after asking."""
        _ = self.session.tr
        if self.dialogs.ask_yes_no(_("Reset the scoreboard"), _("Forget every recorded game?")):
            self.session.reset_scores()
            self.refresh()

    # --- saved games ------------------------------------------------------------------

    def open_game(self) -> None:
        """Game > Open a game...: a saved game or a game file, shown on the board."""
        opened = self.dialogs.open_game()
        if self.closed or opened is None:
            return
        self.show_record(opened.record, opened.name)

    def show_record(self, record: Record, name: str) -> None:
        """Show ``record`` from its empty board; the game waits (its thinking is cancelled)."""
        self.keyboard.clear()
        self.session.show_record(record, name)
        self.refresh()

    def step(self, step: Step) -> None:
        """The saved game's steps: first (Home), back (Left), forward (Right), last (End), play
        from here, close (Esc; the computer goes on thinking if it was its turn)."""
        self.session.step(step)
        self.refresh()

    # --- drawing, then what comes next ------------------------------------------------

    def refresh(self) -> None:
        """Draw the game, then let the session start what it needs next (thinking, hints)."""
        if self.closed:
            return
        self._draw()
        if self.session.update():
            self._draw()

    def _draw(self) -> None:
        self._follow_the_board()
        self.view.show(self._picture())
        # The board first: a move is on the screen before the rest of the window is updated
        # and before any thinking starts.
        self.view.update_idletasks()
        self._show_status()
        self.menus.update()
        self.toolbar.update_state()
        self.replay_bar.update_state()
        if self.tree_panel is not None:
            self.tree_panel.show(self.session.board)

    def _follow_the_board(self) -> None:
        """The menus' marks and the window's size and rows follow the board and what is shown."""
        session = self.session
        if session.match.opponent != HUMAN:
            self.vars.level.set(session.match.opponent)
        self.vars.board.set(board_key(session.match.rules))
        self.vars.starter.set(session.match.starter.value)
        self.vars.think.set(think_key(session.think_seconds))
        self.vars.hints.set(session.hints_on)
        shown = (self.shown_rules, self.session.viewing is not None)
        if shown == self._shown:
            return
        (before, was_viewing), self._shown = self._shown, shown
        if shown[1] != was_viewing:
            if shown[1]:
                self.toolbar.pack_forget()
                self.replay_bar.pack(side="top", fill="x", before=self.banner)
            else:
                self.replay_bar.pack_forget()
                self.toolbar.pack(side="top", fill="x", before=self.banner)
        if shown[0] != before:
            self.keyboard.clear()
            self.cursor = centre_cell(self.session.match.rules)
            self._fit_window()

    def _picture(self) -> Drawing:
        session, rules = self.session, self.shown_rules
        labels: dict[int, str] = {}
        if session.viewing is None and self.vars.names.get() and not is_gomoku(rules.m, rules.n):
            numbering = self.numbering
            labels = {
                cell: cell_name(rules, cell, numbering) for cell in session.board.legal_moves()
            }
        return Drawing(
            session.picture(self.cursor if self.cursor_shown else None),
            labels=labels,
            coordinates=self.vars.names.get(),
        )

    def _show_status(self) -> None:
        _, game, session = self.session.tr, self.session.game, self.session
        if self.session.viewing is not None:
            self._show_replay_status(self.session.viewing)
            return
        outcome = game.outcome
        if outcome is not None:
            style = BANNER_STYLES[Feeling.of(outcome, game)]
            self.banner.show(session.result, style=style, over=True, thinking=False)
            short = texts.title_result(_, outcome)
        else:
            status = sentences.turn(_, game, thinking=session.thinking)
            rules = self.session.match.rules
            if (rules.m, rules.n, rules.k) != (3, 3, 3):
                status += " · " + sentences.win_length(_, rules)
            self.banner.show(status, over=False, thinking=session.thinking or session.searching)
            self._show_progress()
            short = texts.title_turn(_, game)
        notice, said = session.notice, True  # said to the player: whole, on more lines
        if self.keyboard.typed:
            notice, said = _("Cell: {typed}_").format(typed=self.keyboard.typed), False
        elif not notice and session.searching:
            notice, said = _("Looking for the best moves… Esc shows them at once."), False
        legend = self._legend()
        # A big board's hints take the whole row: their words matter more than the score.
        hints = session.hints
        wide = legend and hints is not None and not hints.exact
        score = "" if wide else self._score_text()
        self.footer.show(notice, legend, score, whole=said)
        self.vars.mode.set(self._mode())
        self.root.title(f"{texts.app_name(_)} — {short}")

    def _score_text(self) -> str:
        return sentences.score(self.session.tr, self.session.match, by_mark=True)

    def _show_replay_status(self, viewing: Replay) -> None:
        """Which move is shown above the board; who played, or at the end the result, below."""
        _, record = self.session.tr, viewing.record
        where = sentences.replay_position(
            _, record, viewing.ply, self.numbering_for(record.rules)
        )  # cells named as in a game on that board (keypad 1-9 on 3 x 3, unless changed)
        self.banner.show(where, over=False, thinking=False)
        about = (
            sentences.replay_end(_, record)
            if viewing.ply == viewing.last
            else sentences.record_header(_, record)
        )
        self.footer.show(self.session.notice or about, [], self._score_text())
        self.vars.mode.set(self._mode())
        self.root.title(f"{texts.app_name(_)} — {viewing.name}")

    def _mode(self) -> str:
        sides = self.session.sides
        if sides is sentences.Sides.COMPUTER:
            return "x" if self.session.match.your_mark is Mark.X else "o"
        return "two" if sides is sentences.Sides.PEOPLE else "demo"

    def _legend(self) -> Sequence[tuple[str | None, str]]:
        """The hint colours while hints show; on a big board, the best moves and their verdicts."""
        _, hints = self.session.tr, self.session.hints
        if hints is None:
            return []
        colours = self.colours.hints
        mark = self.session.game.turn
        if not hints.exact:
            tones = hints.tones
            return [(None, _("Best moves for {mark}:").format(mark=mark))] + [
                (
                    colours[tones[found.cell]],
                    sentences.suggestion(_, rank, found, self.session.sides, mark.other),
                )
                for rank, found in enumerate(hints.suggestions, start=1)
            ]
        return [
            (None, _("Hints for {mark}:").format(mark=mark)),
            (colours["win"], _("wins")),
            (colours["draw"], _("draws")),
            (colours["loss"], _("loses")),
        ]

    def _show_progress(self) -> None:
        """Beside the status, while the engine works (each spinner frame): the depth it has
        searched, the line it expects and the time so far."""
        detail = self.session.progress
        if detail:
            self.banner.set_detail(detail)

    # --- settings and the window's size -------------------------------------------------

    def _rebuild_chrome(self) -> None:
        """Menus, toolbar and banner in the current language and colours (Tk's own dialogs
        too)."""
        speak_toolkit(self.root, self.session.tr)
        self.menus.destroy()
        self.menus = Menus(self)
        self.toolbar.relabel()
        self.replay_bar.relabel()
        self.banner.relabel()
        if self.tree_panel is not None:
            self.tree_panel.relabel(self.session.tr, self.colours)
        self._set_least_size()  # Tk widens a window that is now too narrow
        self.refresh()

    def _set_least_size(self) -> int:
        """Keep the window at least as wide as the toolbar and the replay bar need in the
        current language (every button and the longest level name whole) and tall enough
        for the rows and some board; returns that width."""
        self.root.update_idletasks()  # the widths of the labels just changed
        least = max(self.toolbar.winfo_reqwidth(), self.replay_bar.winfo_reqwidth())
        self.root.minsize(least, self._rows_height() + 120)
        return least

    def _rows_height(self) -> int:
        """Height of the rows around the board inside the window: toolbar, banner, footer."""
        return sum(part.winfo_reqheight() for part in (self.toolbar, self.banner, self.footer))

    def _chrome_height(self) -> int:
        """Height of everything but the board: the rows and the menu bar above the window."""
        menu_bar = self.fonts.small.metrics("linespace") + round(12 * self.scale)
        return self._rows_height() + menu_bar

    def _board_room(self, rules: Rules) -> tuple[int, int]:
        """The canvas size for ``rules`` that fits this screen."""
        reserve_w, reserve_h = (r * self.scale for r in SCREEN_RESERVE)
        room = (
            self.root.winfo_screenwidth() - reserve_w,
            self.root.winfo_screenheight() - reserve_h - self._chrome_height(),
        )
        return board_size(rules, room, self.scale)

    def _fit_window(self, *, first: bool = False) -> None:
        """Size the window for the board: at first, and later grown (within the screen) when
        a bigger board needs more room. The menu bar sits outside the window's own height."""
        root = self.root
        least = self._set_least_size()  # the rows laid out first: their heights are measured
        board_w, board_h = self._board_room(self.shown_rules)
        width, height = max(board_w, least), board_h + self._rows_height()
        if not first:
            width, height = max(width, root.winfo_width()), max(height, root.winfo_height())
            if (width, height) == (root.winfo_width(), root.winfo_height()):
                return
        screen_w, screen_h = root.winfo_screenwidth(), root.winfo_screenheight()
        width, height = min(width, screen_w), min(height, screen_h)
        place = ""
        if not first:  # keep the grown window on the screen
            x = max(0, min(root.winfo_rootx(), screen_w - width))
            y = max(0, min(root.winfo_rooty(), screen_h - height - self._chrome_height()))
            place = f"+{x}+{y}"
        root.geometry(f"{width}x{height}{place}")

    # --- plumbing -------------------------------------------------------------------

    def _poll(self) -> None:
        if self.session.update():
            self._draw()
        if not self.closed:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _on_click(self, event: tk.Event[Any]) -> None:
        cell = self.view.cell_at(event.x, event.y)
        if cell is not None:
            self.click(cell)
