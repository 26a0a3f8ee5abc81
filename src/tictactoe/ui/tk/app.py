"""The desktop window: a thin layer over :class:`tictactoe.game.Match`.

:class:`App` owns the Tk widgets and turns every menu entry, button, click
and key into one small method (an "intent"), then calls :meth:`App.refresh`,
which draws the game and then starts whatever comes next: the computer's
thinking (in a worker thread, after your mark is on the screen, its depth
and expected line beside the status), hints (every cell's value where the
solver can; elsewhere the engine's three best moves, searched in a worker
thread too), or the end of the game (score, sound, the result in the
banner). All game state lives in the match and its game; the window keeps
only what it shows and the player's choices
(:class:`~tictactoe.settings.Settings`), which it saves whenever one changes.

A saved game (or a game file) can be shown instead of the game
(:attr:`App.viewing`): the board steps through its positions, and Play from
here starts a new game from the one shown.
"""

from __future__ import annotations

import contextlib
import time
import tkinter as tk
from collections.abc import Callable, Mapping
from typing import Any

from tictactoe import players
from tictactoe.announce import Audience, announce
from tictactoe.archive import ArchiveError
from tictactoe.background import Hints, Jobs, Lane, computer_move, hints_for
from tictactoe.core import (
    Board,
    IllegalMoveError,
    Mark,
    Numbering,
    Outcome,
    Progress,
    Rules,
    Suggestion,
    can_solve,
    cell_name,
)
from tictactoe.game import HUMAN, Game, Match, Score, Starter
from tictactoe.i18n import Translator, translator
from tictactoe.recorder import Recorder
from tictactoe.replay import Replay, continue_from
from tictactoe.session import (
    ending_sound,
    fit_opponent,
    keep_finished,
    scoreboard_unavailable,
)
from tictactoe.settings import BOARD_PRESETS, Choices, Settings, SettingsStore, Theme
from tictactoe.sound import Sound
from tictactoe.sound import play as play_sound_file
from tictactoe.stats import Scoreboard
from tictactoe.ui.tk import texts, theme
from tictactoe.ui.tk.board_view import (
    EDGE,
    MARGIN,
    BoardView,
    Picture,
    is_gomoku,
)
from tictactoe.ui.tk.dialogs import Dialogs, TkDialogs
from tictactoe.ui.tk.intents import Variables
from tictactoe.ui.tk.keys import Keyboard
from tictactoe.ui.tk.menus import THINK_PRESETS, Menus, board_key, think_key
from tictactoe.ui.tk.panels import Banner, Footer, ReplayBar, Toolbar
from tictactoe.ui.winning import winning_lines

POLL_MS = 40
"""How often the main loop collects answers from the worker threads."""
DEMO_DELAY_MS = 500
"""Pause between moves when two computer players play each other."""
REPLY_PAUSE_MS = 400
"""On small boards the computer's reply comes at least this long after your move, so it
does not feel abrupt (big boards need the time for thinking anyway)."""
SAVE_GRACE_SECONDS = 5.0
"""How long closing the window waits for a result still waiting for a busy scoreboard file."""
END_CLICK_GUARD = 0.25
"""Seconds after a game ends during which a click on the board does not start the next one
(it was meant for the board, before the result showed)."""
CELL_PIXELS = 130
"""Cell size on a small board when the screen has room (times the screen's scale)."""
POINT_PIXELS = 36
"""Distance between a gomoku board's points when the screen has room."""
SCREEN_RESERVE = (48, 96)
"""Pixels of the screen kept for the desktop's panels and the window's frame (width, height)."""
DETAIL_AFTER = 1.0
"""Seconds of thinking before the time shows beside the status, when there is no depth to show."""

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

    ``settings`` are the player's choices to start with (level, language,
    sound, theme, cell names), command-line options included; ``remembered``
    are those in ``store`` (without the options), where every choice made in
    the window is saved.
    The match's opponent is the level playing: ``settings.level``, or the
    strongest level that can play the board where that one cannot.
    ``dialogs`` and ``play_sound`` can be replaced (tests answer dialogs and
    listen for sounds that way).
    """

    def __init__(
        self,
        root: tk.Tk | tk.Toplevel,
        match: Match,
        *,
        settings: Settings | None = None,
        store: SettingsStore | None = None,
        remembered: Settings | None = None,
        dialogs: Dialogs | None = None,
        play_sound: SoundPlayer | None = None,
        scoreboard: Scoreboard | None = None,
        reply_pause_ms: int = REPLY_PAUSE_MS,
        system_dark: bool | None = None,
        notice: str = "",
    ) -> None:
        self.root = root
        self.match = match
        self.choices = Choices(settings if settings is not None else Settings(), remembered, store)
        """This launch's settings and what the settings file keeps."""
        self.preferred = self.settings.level
        """The level the player chose; :attr:`match`'s opponent stands in where it cannot play."""
        self.translate: Translator = translator(self.settings.language)
        self.dialogs: Dialogs = dialogs if dialogs is not None else TkDialogs(root, self._current)
        self.play_sound: SoundPlayer = play_sound if play_sound is not None else play_sound_file
        self.scoreboard = scoreboard if scoreboard is not None else Scoreboard()
        self.recorder = Recorder(self.scoreboard.archive)
        """Writes results; one that finds the file busy is written in the background."""
        self.reply_pause_ms = reply_pause_ms
        self.system_dark = system_dark
        self.closed = False
        self.notice = notice
        self.thinking_board: Board | None = None
        """The position the computer is working out (or holding back) a move for."""
        self.thinking_since = 0.0
        self.hints: Mapping[int, str] = {}
        """Free cell -> its hint colour, for :attr:`hints_board`."""
        self.ranks: Mapping[int, str] = {}
        """A big board's recommended cells -> "1", "2", "3"."""
        self.suggested: tuple[Suggestion, ...] = ()
        """A big board's recommended moves, best first (empty on boards solved exactly)."""
        self.hints_board: Board | None = None
        self.hint_once: Board | None = None
        self.searching_board: Board | None = None
        """The position a big board's hint is being searched for (None when none is)."""
        self.search_since = 0.0
        self.viewing: Replay | None = None
        """The saved game shown instead of the game, if one is."""
        self.cursor = centre_cell(match.rules)
        self.ended_at = 0.0
        self._ended: tuple[Game, int] | None = None
        self._scored: Game | None = None
        """The last game handed to the scoreboard and saved games (each game once)."""
        self._demo_move: str | None = None
        self._reply: str | None = None
        self._announced: tuple[str, Rules] | None = None
        self.jobs = Jobs(name="tk")
        """The helper the computer's moves and the hints are worked out on, off the UI thread."""
        self.moves: Lane[tuple[Board, int]] = Lane(self.jobs)
        self.hint_lane: Lane[Hints] = Lane(self.jobs)
        if match.think_nodes is None and match.think_seconds != self.settings.think:
            match.set_think(self.settings.think)

        self.scale = theme.ui_scale(root)
        self.colours = theme.palette(self.settings.theme, system_dark=system_dark)
        theme.apply(root, self.colours, self.scale)
        self.fonts = theme.fonts(root)
        self.vars = Variables(
            level=tk.StringVar(root, self.preferred),
            board=tk.StringVar(root, board_key(match.rules)),
            mode=tk.StringVar(root, ""),
            starter=tk.StringVar(root, match.starter.value),
            sound=tk.BooleanVar(root, self.settings.sound),
            hints=tk.BooleanVar(root, False),
            names=tk.BooleanVar(root, self.settings.names),
            numbering=tk.StringVar(root, self.settings.numbering.value),
            language=tk.StringVar(root, self.translate.language),
            theme=tk.StringVar(root, self.settings.theme.value),
            think=tk.StringVar(root, think_key(self.settings.think)),
        )
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
        self._fit_level()
        self.refresh()

    def _current(self) -> Translator:
        return self.translate

    # --- reading ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def settings(self) -> Settings:
        """The settings in use: the remembered ones with this launch's options."""
        return self.choices.settings

    @property
    def thinking(self) -> bool:
        """True while the computer works on (or holds back) a move for the current position."""
        return self.thinking_board is not None and self.thinking_board is self.game.board

    @property
    def numbering(self) -> Numbering:
        """How typed digits name cells: the chosen numbering where it fits the board.

        A gomoku board shows coordinates on its edges, so digits name nothing there.
        """
        rules = self.match.rules
        if is_gomoku(rules.m, rules.n):
            return Numbering.COORDS
        chosen = Numbering(self.vars.numbering.get())
        return chosen if chosen.supports(rules) else Numbering.INDEX

    @property
    def two_players(self) -> bool:
        """True when two people share the board."""
        return self.match.opponent == HUMAN and self.match.you == HUMAN

    @property
    def shown_rules(self) -> Rules:
        """The board on the screen: the saved game's while one is shown, else the game's."""
        return self.viewing.record.rules if self.viewing is not None else self.match.rules

    @property
    def searching(self) -> bool:
        """True while a big board's hint is being searched for the current position."""
        return self.searching_board is not None and self.searching_board is self.game.board

    @property
    def think_progress(self) -> Progress | None:
        """What the computer's search has found so far for its move, if it reported."""
        return self.moves.progress(self.thinking_board)

    @property
    def search_progress(self) -> Progress | None:
        """What a big board's hint search has found so far, if it reported."""
        return self.hint_lane.progress(self.searching_board)

    @property
    def think_seconds(self) -> float:
        """How long Expert (``search``) thinks per move, and a big board's hint searches."""
        return self.settings.think

    # --- the game's intents -------------------------------------------------------

    def new_game(self, *, you_start: bool | None = None, rules: Rules | None = None) -> None:
        """Start the next game (cancelling any thinking); ``rules`` for another board."""
        self._start_game(you_start=you_start, rules=rules)
        self.refresh()

    def _start_game(
        self,
        *,
        you_start: bool | None = None,
        rules: Rules | None = None,
        moves: tuple[int, ...] = (),
    ) -> None:
        """A new game of the match, from ``moves`` played (a saved game's position)."""
        self._cancel_jobs()
        shown = self.shown_rules
        self._leave_replay()
        before = self.match.rules
        self.match.new_game(you_start=you_start, rules=rules)
        rules = self.match.rules
        self.notice = ""
        if rules != before:
            self.cursor = centre_cell(rules)
            self.vars.board.set(board_key(rules))
            self._remember(board=rules)
        if rules != shown:
            self._fit_window()
        self._fit_level()
        continue_from(self.game, moves)

    def play_as(self, x: bool) -> None:
        """Game > Play as X / Play as O: a new game against the computer on that side."""
        if self.match.opponent == HUMAN:
            self.match.opponent = players.fit_level(self.preferred, self.match.rules)
        self.new_game(you_start=x)

    def play_as_x(self) -> None:
        """Game > Play as X."""
        self.play_as(True)

    def play_as_o(self) -> None:
        """Game > Play as O (the computer is X and moves first)."""
        self.play_as(False)

    def play_two(self) -> None:
        """Game > Two players: two people at one computer (seed 000)."""
        self.match.opponent = HUMAN
        self.new_game()

    def click(self, cell: int) -> None:
        """A person plays ``cell``; on a finished game a click starts the next one (seed 000)."""
        if self.viewing is not None:
            self.notice = self.translate.gettext(
                "This is a saved game: Play from here to go on from this position."
            )
            self._show_status()
            return
        self.cursor = cell
        game = self.game
        if game.is_over:
            if time.monotonic() - self.ended_at >= END_CLICK_GUARD:
                self.new_game()
            return
        if not game.waiting_for_human:
            self.refresh()
            return
        try:
            game.play(cell)
        except IllegalMoveError:
            self.notice = self.translate.gettext("That cell is taken.")
            self.refresh()
            return
        self.notice = ""
        self._drop_hints()
        self.refresh()

    def move_cursor(self, cell: int) -> None:
        """Put the keyboard cursor on ``cell``."""
        self.cursor = cell
        self.refresh()

    def say(self, notice: str) -> None:
        """Show ``notice`` in the status line."""
        self.notice = notice
        self.refresh()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        if self.viewing is None and self.game.can_undo:
            self._cancel_jobs()
            self.game.undo()
            self.notice = ""
        self.refresh()

    def redo(self) -> None:
        """Replay what undo took back."""
        if self.viewing is None and self.game.can_redo:
            self._cancel_jobs()
            self.game.redo()
        self.refresh()

    def hint(self) -> None:
        """Colour the free cells by their outcome for this move (a big board: the best three)."""
        if self.viewing is None and self.game.waiting_for_human:
            self.hint_once = self.game.board
        self.refresh()

    def stop_hint(self) -> None:
        """Esc while a big board's hint searches: show the best moves found so far, now."""
        if self.searching:
            self.hint_lane.stop()

    def quit(self) -> None:
        """Close the window, cancelling whatever the computer was doing."""
        if self.closed:
            return
        self.closed = True
        self._cancel_jobs()
        self.jobs.close()
        self.banner.spinner.stop()
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.root.destroy()
        with contextlib.suppress(ArchiveError):  # a result still waiting for a busy file
            self.recorder.wait(timeout=SAVE_GRACE_SECONDS)

    def level_chosen(self) -> None:
        """The Skill level menu: the level its check mark now shows."""
        self.choose_level(self.vars.level.get())

    def choose_level(self, name: str) -> None:
        """The Skill level menu or drop-down: this computer opponent, from its next move on.

        A move the computer is already thinking about is finished at the old level.
        """
        if not players.get(name).plays(self.match.rules):
            self.vars.level.set(self.match.opponent)
            return
        self.preferred = name
        self.vars.level.set(name)
        if self.match.opponent != name:
            self.match.set_opponent(name)
        self.notice = ""
        self._remember(level=name)
        self.refresh()

    def choose_preset(self) -> None:
        """The Board menu's sizes: a new game on that board."""
        chosen = next(r for r in BOARD_PRESETS if board_key(r) == self.vars.board.get())
        self.new_game(rules=chosen)

    def custom_board(self) -> None:
        """Board > Custom...: ask for m, n and k, then a new game on that board."""
        rules = self.dialogs.ask_board(self.match.rules)
        if self.closed:
            return
        if rules is None:
            self.vars.board.set(board_key(self.match.rules))
            return
        self.new_game(rules=rules)

    def choose_starter(self) -> None:
        """Options > Who starts: applies from the next game."""
        self.match.starter = Starter(self.vars.starter.get())
        self.refresh()

    def think_chosen(self) -> None:
        """Options > Time per move: one of the preset times."""
        chosen = self.vars.think.get()
        preset = next((value for value in THINK_PRESETS if think_key(value) == chosen), None)
        if preset is not None:
            self.set_think(preset)

    def other_think(self) -> None:
        """Options > Time per move > Other...: any time from 0.05 to 600 seconds."""
        chosen = self.dialogs.ask_think(self.think_seconds)
        if self.closed:
            return
        if chosen is None:
            self.vars.think.set(think_key(self.think_seconds))
            return
        self.set_think(chosen)

    def set_think(self, seconds: float) -> None:
        """How long Expert thinks per move (from its next move on) and a big-board hint
        searches; remembered."""
        self.match.set_think(seconds)
        self.vars.think.set(think_key(seconds))
        self._remember(think=seconds)
        self.refresh()

    def sound_changed(self) -> None:
        """Options > Sound (remembered)."""
        self._remember(sound=self.vars.sound.get())
        self.refresh()

    def names_changed(self) -> None:
        """Options > Cell names (remembered), shown at once."""
        self._remember(names=self.vars.names.get())
        self.refresh()

    def numbering_changed(self) -> None:
        """Options > Cell numbering (remembered), shown at once."""
        self._remember(numbering=Numbering(self.vars.numbering.get()))
        self.refresh()

    def choose_language(self) -> None:
        """Options > Language: every label in the new language at once (remembered)."""
        self.translate = translator(self.vars.language.get())
        self._remember(language=self.translate.language)
        self._rebuild_chrome()

    def choose_theme(self) -> None:
        """Options > Theme: light, dark, or as the system says."""
        chosen = Theme(self.vars.theme.get())
        self.colours = theme.palette(chosen, system_dark=self.system_dark)
        theme.apply(self.root, self.colours, self.scale)
        self.banner.spinner.restyle(self.colours)
        self.view.set_colours(self.colours)
        self._remember(theme=chosen)
        self._rebuild_chrome()

    def show_scores(self) -> None:
        """Scoreboard > Show: every recorded game's tally, with totals and win percentages."""
        _ = self.translate
        try:
            tallies = self.scoreboard.tallies()
        except ArchiveError as error:
            self._scoreboard_failed(error)
            return
        headings, rows = texts.score_table(_, tallies)
        self.dialogs.show_scores(_("Scoreboard"), headings, rows)

    def reset_scores(self) -> None:
        """Scoreboard > Reset: forget every recorded game, after asking."""
        _ = self.translate
        if not self.dialogs.ask_yes_no(_("Reset the scoreboard"), _("Forget every recorded game?")):
            return
        self.match.score = Score()
        try:
            self.scoreboard.reset()
        except ArchiveError as error:
            self._scoreboard_failed(error)
            return
        self.notice = _("The scoreboard is empty.")
        self.refresh()

    # --- saved games ------------------------------------------------------------------

    def open_game(self) -> None:
        """Game > Open a game...: a saved game or a game file, shown on the board."""
        opened = self.dialogs.open_game()
        if self.closed or opened is None:
            return
        self.show_record(opened)

    def show_record(self, opened: Replay) -> None:
        """Show ``opened`` from its empty board; the game waits (its thinking is cancelled)."""
        self._cancel_jobs()
        shown = self.shown_rules
        if self.viewing is None:
            self.toolbar.pack_forget()
            self.replay_bar.pack(side="top", fill="x", before=self.banner)
        self.viewing = Replay(opened.record, opened.name)
        self.notice = ""
        if opened.record.rules != shown:
            self._fit_window()
        self.refresh()

    def replay_first(self) -> None:
        """The saved game's empty board (Home)."""
        self._replay_go(0)

    def replay_back(self) -> None:
        """The position before (Left)."""
        if self.viewing is not None:
            self._replay_go(self.viewing.ply - 1)

    def replay_forward(self) -> None:
        """The next move (Right)."""
        if self.viewing is not None:
            self._replay_go(self.viewing.ply + 1)

    def replay_last(self) -> None:
        """The final position (End)."""
        if self.viewing is not None:
            self._replay_go(self.viewing.last)

    def _replay_go(self, ply: int) -> None:
        if self.viewing is not None and self.viewing.show(ply):
            self.notice = ""
            self.refresh()

    def play_from_here(self) -> None:
        """A new game from the position shown: you play the side to move (against the level
        playing, or two people, as now); the moves before it can be undone."""
        viewing = self.viewing
        if viewing is None or not viewing.can_play_on:
            return
        to_move = viewing.board.turn
        you_start = to_move is Mark.X if self.match.you == HUMAN else None
        self._start_game(
            you_start=you_start, rules=viewing.record.rules, moves=viewing.moves_so_far
        )
        self.refresh()

    def close_replay(self) -> None:
        """Back to the game as it was (Esc); the computer goes on thinking if it was its turn."""
        if self.viewing is None:
            return
        shown = self.shown_rules
        self._leave_replay()
        self.notice = ""
        if self.match.rules != shown:
            self._fit_window()
        self.refresh()

    def _leave_replay(self) -> None:
        if self.viewing is None:
            return
        self.viewing = None
        self.replay_bar.pack_forget()
        self.toolbar.pack(side="top", fill="x", before=self.banner)

    # --- drawing, then what comes next ------------------------------------------------

    def refresh(self) -> None:
        """Draw the game, then start what it needs next (thinking, hints; the ending is drawn)."""
        if self.closed:
            return
        game = self.game
        if self.viewing is not None:
            self._draw()
            return
        if game.is_over:
            self._game_over()
        self._draw()
        if game.computer_to_move:
            self._start_thinking()
        elif self._hints_wanted() and self.hints_board is not game.board:
            self._start_hints()
        elif self.searching and not self._hints_wanted():
            self._drop_hints()

    def _draw(self) -> None:
        self.view.show(self._picture())
        # The board first: a move is on the screen before the rest of the window is updated
        # and before any thinking starts.
        self.view.update_idletasks()
        self._show_status()
        self.menus.update()
        self.toolbar.update_state()
        self.replay_bar.update_state()

    def _picture(self) -> Picture:
        if self.viewing is not None:
            return self._replay_picture(self.viewing)
        game, rules = self.game, self.match.rules
        board = game.board
        marks = {cell: mark for cell in range(rules.size) if (mark := board[cell]) is not None}
        outcome = game.outcome
        winning = outcome.line if outcome is not None else frozenset()
        showing = self._hints_wanted() and self.hints_board is board
        labels: dict[int, str] = {}
        if self.vars.names.get() and not is_gomoku(rules.m, rules.n):
            numbering = self.numbering
            labels = {cell: cell_name(rules, cell, numbering) for cell in board.legal_moves()}
        return Picture(
            rows=rules.m,
            cols=rules.n,
            marks=marks,
            winning=winning,
            lines=winning_lines(winning, game.last_move, rules),
            hints=self.hints if showing else {},
            ranks=self.ranks if showing else {},
            cursor=self.cursor if game.waiting_for_human else None,
            last_move=game.last_move,
            labels=labels,
            coordinates=self.vars.names.get(),
        )

    def _replay_picture(self, viewing: Replay) -> Picture:
        """A saved game's position: its marks, the last move, at the end the winning line."""
        board, rules = viewing.board, viewing.record.rules
        marks = {cell: mark for cell in range(rules.size) if (mark := board[cell]) is not None}
        winning = board.winning_cells
        return Picture(
            rows=rules.m,
            cols=rules.n,
            marks=marks,
            winning=winning,
            lines=winning_lines(winning, viewing.last_move, rules),
            last_move=viewing.last_move,
            coordinates=self.vars.names.get(),
        )

    def _show_status(self) -> None:
        _, game = self.translate, self.game
        if self.viewing is not None:
            self._show_replay_status(self.viewing)
            return
        outcome = game.outcome
        if outcome is not None:
            feeling = texts.feeling(outcome, game)
            style = {
                texts.Feeling.WIN: "Win.TLabel",
                texts.Feeling.LOSE: "Lose.TLabel",
                texts.Feeling.NEUTRAL: "TLabel",
            }[feeling]
            said = announce(outcome, Audience.of_game(game), _)
            self.banner.show(said, style=style, over=True, thinking=False)
            short = texts.title_result(_, outcome)
        else:
            status = texts.turn(_, game, thinking=self.thinking)
            rules = self.match.rules
            if (rules.m, rules.n, rules.k) != (3, 3, 3):
                status += " · " + texts.win_length(_, rules)
            self.banner.show(status, over=False, thinking=self.thinking or self.searching)
            self._show_progress()
            short = texts.title_turn(_, game)
        notice = self.notice
        if self.keyboard_typed():
            notice = _("Cell: {typed}_").format(typed=self.keyboard_typed())
        elif not notice and self.searching:
            notice = _("Looking for the best moves… Esc shows them at once.")
        legend = self._legend()
        # A big board's hints take the whole row: their words matter more than the score.
        self.footer.show(notice, legend, "" if legend and self.suggested else self._score_text())
        self.vars.mode.set(self._mode())
        self.root.title(f"{texts.app_name(_)} — {short}")

    def _score_text(self) -> str:
        score = self.match.score
        return texts.score(
            self.translate,
            score.by_mark[Mark.X] if self.two_players else score.wins,
            score.by_mark[Mark.O] if self.two_players else score.losses,
            score.draws,
            two_players=self.two_players,
        )

    def _show_replay_status(self, viewing: Replay) -> None:
        """Which move is shown above the board; who played, or at the end the result, below."""
        _, record = self.translate, viewing.record
        self.banner.show(texts.replay_position(_, record, viewing.ply), over=False, thinking=False)
        about = (
            texts.replay_end(_, record)
            if viewing.ply == viewing.last
            else texts.record_header(_, record)
        )
        self.footer.show(self.notice or about, [], self._score_text())
        self.vars.mode.set(self._mode())
        self.root.title(f"{texts.app_name(_)} — {viewing.name}")

    def _mode(self) -> str:
        if self.two_players:
            return "two"
        if self.match.you != HUMAN:
            return "demo"
        return "x" if self.match.your_mark is Mark.X else "o"

    def _legend(self) -> list[tuple[str | None, str]]:
        """The hint colours while hints show; on a big board, the best moves and their verdicts."""
        _ = self.translate
        if not (self._hints_wanted() and self.hints_board is self.game.board and self.hints):
            return []
        colours = self.colours.hints
        if self.suggested:
            mark = self.game.turn
            return [(None, texts.best_moves(_, mark))] + [
                (colours[texts.HINT_COLOURS[found.verdict]], texts.suggestion(_, rank, found, mark))
                for rank, found in enumerate(self.suggested, start=1)
            ]
        return [
            (None, _("Hints for {mark}:").format(mark=self.game.turn)),
            (colours["win"], _("wins")),
            (colours["draw"], _("draws")),
            (colours["loss"], _("loses")),
        ]

    def keyboard_typed(self) -> str:
        """The digits typed so far for a cell number."""
        keyboard = getattr(self, "keyboard", None)
        return keyboard.typed if keyboard is not None else ""

    # --- the computer's moves -------------------------------------------------------

    def _start_thinking(self) -> None:
        game = self.game
        if self.thinking or self._demo_move is not None:
            return
        if game.unsupported_reason(game.turn):
            self._fit_level()
        if not any(game.is_human(mark) for mark in Mark):
            self._demo_move = self.root.after(DEMO_DELAY_MS, self._demo_think)
            return
        self._think()

    def _demo_think(self) -> None:
        self._demo_move = None
        if self.game.computer_to_move and not self.thinking:
            self._think()

    def _think(self) -> None:
        """Start the computer's move, once everything drawn so far is on the screen."""
        game = self.game
        self.thinking_board = game.board
        self.thinking_since = time.monotonic()
        self._show_status()
        # Your mark reaches the screen before the thinking thread competes for the interpreter.
        self.root.update_idletasks()
        self.moves.want(game.board, computer_move(game))

    def _collect_move(self) -> None:
        """The computer's answer, once its job is done (a poll on the UI thread)."""
        board = self.thinking_board
        if board is None or self._reply is not None:
            return
        try:
            answer = self.moves.take(board)
        except Exception as error:  # whatever stopped the computer is said in the status
            self._computer_failed(error)
            return
        if answer is not None:
            self._computer_answered(self.game, answer[0])

    def _show_progress(self) -> None:
        """Beside the status, while the engine works (each spinner frame): the depth it has
        searched, the line it expects and the time so far; elsewhere, after a second, the time."""
        if self.thinking:
            since, report = self.thinking_since, self.think_progress
        elif self.searching:
            since, report = self.search_since, self.search_progress
        else:
            return
        seconds = time.monotonic() - since
        if report is not None or seconds >= DETAIL_AFTER:
            text = texts.progress(self.translate, self.match.rules, report, seconds)
            self.banner.set_detail(text)

    def _computer_answered(self, game: Game, answer: tuple[Board, int]) -> None:
        board, cell = answer
        if game is not self.game or board is not self.thinking_board:
            return
        rules = self.match.rules
        waited = (time.monotonic() - self.thinking_since) * 1000
        pause = 0 if is_gomoku(rules.m, rules.n) else self.reply_pause_ms - waited
        if pause > 0:
            self._reply = self.root.after(int(pause), lambda: self._reply_now(game, board, cell))
        else:
            self._reply_now(game, board, cell)

    def _reply_now(self, game: Game, board: Board, cell: int) -> None:
        self._reply = None
        if board is self.thinking_board:
            self.thinking_board = None
        if game is self.game and game.apply(board, cell):
            self.notice = ""
        self.refresh()

    def _computer_failed(self, error: Exception) -> None:
        self.thinking_board = None
        self.notice = self.translate.gettext("The computer could not move: {error}").format(
            error=error
        )
        self._show_status()

    def _fit_level(self) -> None:
        """Let the chosen level play, or where it cannot, the strongest that can (said once)."""
        match = self.match
        notice = fit_opponent(match, self.preferred, self.translate)
        if match.opponent != HUMAN:
            self.vars.level.set(match.opponent)
        if notice and self._announced != (self.preferred, match.rules):
            self._announced = (self.preferred, match.rules)
            self.notice = notice

    # --- hints ------------------------------------------------------------------------

    def _hints_wanted(self) -> bool:
        game = self.game
        return game.waiting_for_human and (self.vars.hints.get() or self.hint_once is game.board)

    def _start_hints(self) -> None:
        """Every free cell's value where the solver can; elsewhere the engine's best three."""
        game = self.game
        board = game.board
        self.hints_board = board
        self.hints, self.ranks, self.suggested = {}, {}, ()
        self.hint_lane.want(board, hints_for(game))
        if can_solve(board):
            return
        self.searching_board = board
        self.search_since = time.monotonic()
        self._show_status()

    def _collect_hints(self) -> None:
        """The hints, once their job is done (a poll on the UI thread)."""
        board = self.hints_board
        if board is None:
            return
        try:
            answer = self.hint_lane.take(board)
        except Exception as error:  # whatever stopped the hint is said in the status
            self._hints_failed(error)
            return
        if answer is None:
            return
        found = answer[0]
        if found.exact:
            self._hints_answered(self.game, board, found.values)
        else:
            self._suggestions_answered(self.game, board, found.suggestions)

    def _hints_answered(self, game: Game, board: Board, values: Mapping[int, str]) -> None:
        if game is not self.game or board is not game.board:
            return
        if set(values) != set(board.legal_moves()):
            self.hints_board = None
        else:
            self.hints = dict(values)
        self.refresh()

    def _suggestions_answered(
        self, game: Game, board: Board, found: tuple[Suggestion, ...]
    ) -> None:
        """A big board's best moves: numbered on the board, their verdicts in the footer."""
        if game is not self.game or board is not game.board:
            return
        self.searching_board = None
        self.suggested = found
        self.hints = {s.cell: texts.HINT_COLOURS[s.verdict] for s in found}
        self.ranks = {s.cell: str(rank) for rank, s in enumerate(found, start=1)}
        self.refresh()

    def _hints_failed(self, error: Exception) -> None:
        self.searching_board = None
        self.notice = self.translate.gettext("No hints: {error}").format(error=error)
        self._show_status()

    def _drop_hints(self) -> None:
        """Forget the hints of a position that is gone, and stop any search for them."""
        self.hint_lane.cancel()
        self.hints_board = self.searching_board = None
        self.hints, self.ranks, self.suggested = {}, {}, ()

    # --- the end of a game -------------------------------------------------------

    def _game_over(self) -> None:
        """Once per finished game: the score, the scoreboard, the sound (the banner shows it)."""
        game = self.game
        ended = (game, len(game.moves))
        if self._ended == ended:
            return
        self._ended = ended
        self.ended_at = time.monotonic()
        outcome = self.match.record()
        self._record_finished_game(game, outcome)
        if self.vars.sound.get():
            self.play_sound(ending_sound(game, outcome))

    def _record_finished_game(self, game: Game, outcome: Outcome) -> None:
        """Keep a finished game (once) in the saved games, scored when a person played."""
        if self._scored is game:
            return
        self._scored = game
        problem = keep_finished(game, self.recorder, self.translate)
        if problem is not None:
            self.notice = problem

    def _scoreboard_failed(self, error: ArchiveError) -> None:
        self.notice = scoreboard_unavailable(error, self.translate)
        self._show_status()

    # --- settings and the window's size -------------------------------------------------

    def _remember(self, **changes: Any) -> None:
        """Keep a choice the player made in the window for the next launch (options given on
        the command line apply to this launch alone)."""
        problem = self.choices.remember(**changes)
        if problem is not None:
            self.notice = self.translate.gettext("Settings not saved: {reason}").format(
                reason=problem
            )

    def _rebuild_chrome(self) -> None:
        """Menus, toolbar and banner in the current language and colours."""
        self.menus.destroy()
        self.menus = Menus(self)
        self.toolbar.relabel()
        self.replay_bar.relabel()
        self.banner.relabel()
        self.root.minsize(self.toolbar.winfo_reqwidth(), self._rows_height() + 120)
        self.refresh()

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
        root.update_idletasks()
        board_w, board_h = self._board_room(self.shown_rules)
        least = self.toolbar.winfo_reqwidth()
        root.minsize(least, self._rows_height() + 120)
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

    def _cancel_jobs(self) -> None:
        self.moves.cancel()
        self.thinking_board = None
        self._drop_hints()
        self.hint_once = None
        self.keyboard_reset()
        for pending in (self._demo_move, self._reply):
            if pending is not None:
                self.root.after_cancel(pending)
        self._demo_move = self._reply = None

    def keyboard_reset(self) -> None:
        """Forget a half-typed cell number."""
        keyboard = getattr(self, "keyboard", None)
        if keyboard is not None:
            keyboard.clear()

    def _poll(self) -> None:
        self._collect_move()
        self._collect_hints()
        if not self.closed:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _on_click(self, event: tk.Event[Any]) -> None:
        cell = self.view.cell_at(event.x, event.y)
        if cell is not None:
            self.click(cell)
