"""The desktop window: a thin layer over :class:`tictactoe.game.Match`.

:class:`App` owns the Tk widgets and turns every menu entry, click and key
into one small method (an "intent"), then calls :meth:`App.refresh`, which
draws the game and starts whatever comes next: the computer's thinking (in
a worker thread), hints, or the end of the game (score, sound, seed 002's
"play again?" question). All state lives in the match and its game; the
window only keeps what it shows.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from tkinter import font as tkfont
from tkinter import ttk
from typing import Any

from tictactoe import players
from tictactoe.archive import save_finished
from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import Numbering, label
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game, Match, Score, Starter
from tictactoe.i18n import Translator, translator
from tictactoe.sound import Sound
from tictactoe.sound import play as play_sound_file
from tictactoe.stats import Scoreboard, ScoreboardError
from tictactoe.ui.tk import texts
from tictactoe.ui.tk.board_view import HINT_COLOURS, LAST_MOVE, BoardView, Picture
from tictactoe.ui.tk.dialogs import Dialogs, TkDialogs
from tictactoe.ui.tk.keys import Keyboard
from tictactoe.ui.tk.menus import BOARD_PRESETS, Menus, board_key
from tictactoe.ui.tk.worker import Worker

POLL_MS = 40
"""How often the main loop collects answers from the worker threads."""
END_DIALOG_DELAY_MS = 250
"""Pause between the last move and the play-again question, so the result is seen first."""
DEMO_DELAY_MS = 500
"""Pause between moves when two computer players play each other."""
CELL_PIXELS = 130
"""Initial cell size on 3 x 3; larger boards get smaller cells (see :func:`initial_size`)."""

SoundPlayer = Callable[[Sound], None]


MIN_SIZE = (300, 320)
"""The smallest window: the menu bar still fits on two lines in every language."""
MENU_BAR_WIDTH = 480
"""Narrowest first window that keeps the menu bar on one line (Russian is the longest)."""


def initial_size(rules: Rules, room: int = 560) -> tuple[int, int]:
    """A comfortable first size (width, height of the board area) for ``rules``.

    ``room`` is the most the board may take on this screen; cells stay at
    least 34 pixels, so very big boards start larger and can be shrunk.
    """
    cell = max(34, min(CELL_PIXELS, room // max(rules.m, rules.n)))
    return cell * rules.n + 16, cell * rules.m + 16


def centre_cell(rules: Rules) -> int:
    """Where the keyboard cursor starts: the middle of the board."""
    return rules.cell(rules.m // 2, rules.n // 2)


@dataclass
class Variables:
    """The Tk variables behind the menus' check marks and radio buttons."""

    level: tk.StringVar
    board: tk.StringVar
    two_players: tk.BooleanVar
    starter: tk.StringVar
    sound: tk.BooleanVar
    hints: tk.BooleanVar
    names: tk.BooleanVar
    numbering: tk.StringVar
    language: tk.StringVar


class App:
    """The game window.

    ``level`` is the computer opponent's strategy (kept while two people
    play). ``dialogs`` and ``play_sound`` can be replaced (tests answer
    dialogs and listen for sounds that way).
    """

    def __init__(
        self,
        root: tk.Tk | tk.Toplevel,
        match: Match,
        *,
        level: str = "perfect",
        language: str | None = None,
        sound: bool = True,
        dialogs: Dialogs | None = None,
        play_sound: SoundPlayer | None = None,
        scoreboard: Scoreboard | None = None,
    ) -> None:
        self.root = root
        self.match = match
        self.level = level
        self.translate: Translator = translator(language)
        self.dialogs: Dialogs = dialogs if dialogs is not None else TkDialogs(root, self._current)
        self.play_sound: SoundPlayer = play_sound if play_sound is not None else play_sound_file
        self.scoreboard = scoreboard if scoreboard is not None else Scoreboard()
        self.closed = False
        self.notice = ""
        self.thinking_board: Board | None = None
        self.hints: Mapping[int, str] = {}
        self.hints_board: Board | None = None
        self.hint_once: Board | None = None
        self._legend_room = 0
        self.cursor = centre_cell(match.rules)
        self._ended: tuple[Game, int] | None = None
        self._scored: Game | None = None
        self._end_dialog: str | None = None
        self._demo_move: str | None = None
        self.thinker = Worker(name="computer")
        self.hinter = Worker(serial=True, name="hints")

        self.vars = Variables(
            level=tk.StringVar(root, level),
            board=tk.StringVar(root, board_key(match.rules)),
            two_players=tk.BooleanVar(root, match.opponent == HUMAN),
            starter=tk.StringVar(root, match.starter.value),
            sound=tk.BooleanVar(root, sound),
            hints=tk.BooleanVar(root, False),
            names=tk.BooleanVar(root, True),
            numbering=tk.StringVar(root, Numbering.NUMPAD.value),
            language=tk.StringVar(root, self.translate.language),
        )
        room = min(560, root.winfo_screenwidth() - 40, root.winfo_screenheight() - 200)
        width, height = initial_size(match.rules, room)
        # Wide enough for the menu bar on one line in every language.
        root.geometry(f"{max(width, MENU_BAR_WIDTH)}x{height + 56}")
        root.minsize(*MIN_SIZE)
        # Packed bottom-up, the canvas last: when the window shrinks, the
        # status line and the legend keep their room and the board scales.
        self.status_bar = ttk.Frame(root, padding=(8, 2, 8, 4))
        self.status_bar.pack(side="bottom", fill="x")
        self.status_bar.columnconfigure(0, weight=1)
        self.status = ttk.Label(self.status_bar, anchor="w", justify="left")
        self.status.grid(row=0, column=0, sticky="w")
        self.score_label = ttk.Label(self.status_bar, anchor="e")
        self.status_bar.bind("<Configure>", lambda _event: self._resized())
        self.legend = ttk.Frame(root, padding=(8, 2))
        self.view = BoardView(root, self._picture(), width=width, height=height)
        self.view.pack(side="top", fill="both", expand=True)
        self.menus = Menus(self)
        self.keyboard = Keyboard(self)
        self.view.bind("<Button-1>", self._on_click)
        root.protocol("WM_DELETE_WINDOW", self.quit)
        self._poll_id: str | None = root.after(POLL_MS, self._poll)
        self.refresh()

    def _current(self) -> Translator:
        return self.translate

    # --- reading ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def thinking(self) -> bool:
        """True while the computer works on a move for the current position."""
        return self.thinking_board is not None and self.thinking_board is self.game.board

    @property
    def numbering(self) -> Numbering:
        """The chosen cell numbering, or plain numbers where it does not fit the board."""
        chosen = Numbering(self.vars.numbering.get())
        return chosen if chosen.supports(self.match.rules) else Numbering.INDEX

    @property
    def two_players(self) -> bool:
        """True when two people share the board."""
        return self.match.opponent == HUMAN and self.match.you == HUMAN

    def last_computer_move(self) -> int | None:
        """The most recent move a computer player made in this game."""
        game = self.game
        for ply in range(len(game.moves) - 1, -1, -1):
            mark = Mark.X if ply % 2 == 0 else Mark.O
            if not game.is_human(mark):
                return game.moves[ply]
        return None

    # --- the game's intents -------------------------------------------------------

    def new_game(self, *, you_start: bool | None = None, rules: Rules | None = None) -> None:
        """Start the next game (cancelling any thinking)."""
        self._cancel_jobs()
        before = self.match.rules
        self.match.new_game(you_start=you_start, rules=rules)
        rules = self.match.rules
        if rules != before:
            self.cursor = centre_cell(rules)
        self.vars.board.set(board_key(rules))
        self.notice = ""
        opponent = self.match.opponent
        if opponent != HUMAN and players.get(opponent).unsupported_reason(rules) is not None:
            # Said at once, not only when the computer's turn comes.
            self.notice = texts.cannot_play(self.translate, opponent, rules)
        self.refresh()

    def play_as(self, x: bool) -> None:
        """Seed 002's Play X / Play O: a new game against the computer on that side."""
        if self.match.opponent == HUMAN:
            self.match.opponent = self.level
            self.vars.two_players.set(False)
        self.new_game(you_start=x)

    def toggle_two_players(self) -> None:
        """Two people at one computer (seed 000), or back to the chosen skill level."""
        self.match.opponent = HUMAN if self.vars.two_players.get() else self.level
        self.new_game()

    def click(self, cell: int) -> None:
        """A person plays ``cell`` (or, on a finished game, starts the next one: seed 000)."""
        self.cursor = cell
        game = self.game
        if game.is_over:
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
        self.refresh()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        if self.game.undo():
            self.notice = ""
        self.refresh()

    def redo(self) -> None:
        """Replay what undo took back."""
        self.game.redo()
        self.refresh()

    def hint(self) -> None:
        """Colour the free cells by their outcome for this move."""
        if self.game.waiting_for_human:
            self.hint_once = self.game.board
        self.refresh()

    def quit(self) -> None:
        """Close the window, cancelling whatever the computer was doing."""
        if self.closed:
            return
        self.closed = True
        self._cancel_jobs()
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
            self._poll_id = None
        self.root.destroy()

    def choose_level(self) -> None:
        """The Skill level menu: the computer opponent from its next move on.

        A move the computer is already thinking about is finished at the old level.
        """
        name = self.vars.level.get()
        self.level = name
        self.vars.two_players.set(False)
        if self.match.opponent != name:
            self.match.set_opponent(name)
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

    def choose_language(self) -> None:
        """Options > Language: every label in the new language at once."""
        self.translate = translator(self.vars.language.get())
        self.menus.destroy()
        self.menus = Menus(self)
        self.refresh()

    def show_scores(self) -> None:
        """Scoreboard > Show: every recorded game's tally."""
        _ = self.translate
        try:
            tallies = self.scoreboard.tallies()
        except ScoreboardError as error:
            self._scoreboard_failed(error)
            return
        headings = (_("Opponent"), _("Board"), _("Wins"), _("Losses"), _("Draws"))
        rows = [
            (
                _("two players") if tally.opponent == HUMAN else tally.opponent,
                texts.board_name(_, tally.rules.m, tally.rules.n, tally.rules.k),
                str(tally.wins),
                str(tally.losses),
                str(tally.draws),
            )
            for tally in tallies
        ]
        if not rows:
            rows = [(_("No games recorded yet"), "", "", "", "")]
        self.dialogs.show_scores(_("Scoreboard"), headings, rows)

    def reset_scores(self) -> None:
        """Scoreboard > Reset: forget every recorded game, after asking."""
        _ = self.translate
        if not self.dialogs.ask_yes_no(_("Reset the scoreboard"), _("Forget every recorded game?")):
            return
        self.match.score = Score()
        try:
            self.scoreboard.reset()
        except ScoreboardError as error:
            self._scoreboard_failed(error)
            return
        self.notice = _("The scoreboard is empty.")
        self.refresh()

    # --- drawing and what comes next ---------------------------------------------

    def refresh(self) -> None:
        """Draw the game, then start what it needs next (thinking, hints, the ending)."""
        if self.closed:
            return
        game = self.game
        if game.is_over:
            self._game_over()
        elif game.computer_to_move:
            self._start_thinking()
        elif self._hints_wanted() and self.hints_board is not game.board:
            self._start_hints()
        self.view.show(self._picture())
        self._show_status()
        self._show_legend()
        self.menus.update()

    def _picture(self) -> Picture:
        game, rules = self.game, self.match.rules
        board = game.board
        marks = {cell: mark for cell in range(rules.size) if (mark := board[cell]) is not None}
        outcome = game.outcome
        shown_hints = self.hints if self._hints_wanted() and self.hints_board is board else {}
        labels: dict[int, str] = {}
        if self.vars.names.get():
            numbering = self.numbering
            labels = {cell: label(rules, cell, numbering) for cell in board.legal_moves()}
        return Picture(
            rows=rules.m,
            cols=rules.n,
            marks=marks,
            winning=outcome.line if outcome is not None else frozenset(),
            hints=shown_hints,
            cursor=self.cursor if game.waiting_for_human else None,
            last_computer_move=self.last_computer_move(),
            labels=labels,
        )

    def _show_status(self) -> None:
        _, game = self.translate, self.game
        outcome = game.outcome
        if outcome is not None:
            status = texts.result(_, outcome, game)
            short = texts.title_result(_, outcome)
        else:
            status = texts.turn(_, game, thinking=self.thinking)
            short = texts.title_turn(_, game)
        if self.keyboard.typed:
            status += "   " + _("Cell: {typed}_").format(typed=self.keyboard.typed)
        if self.notice:
            status += "   " + self.notice
        self.status.configure(text=status)
        score = self.match.score
        self.score_label.configure(
            text=texts.score(
                _,
                score.by_mark[Mark.X] if self.two_players else score.wins,
                score.by_mark[Mark.O] if self.two_players else score.losses,
                score.draws,
                two_players=self.two_players,
            )
        )
        self.root.title(f"{texts.app_name(_)} - {short}")
        self._layout_status()

    def _resized(self) -> None:
        self._layout_status()
        if self.legend.winfo_ismapped() and self._room() != self._legend_room:
            self._show_legend()

    def _room(self) -> int:
        """The width the status line and the legend may use."""
        width = self.status_bar.winfo_width()
        return (width if width > 1 else self.root.winfo_width()) - 16

    def _layout_status(self) -> None:
        """The score beside the status when both fit on one line, else under it; long text wraps."""
        font = tkfont.nametofont("TkDefaultFont")
        room = self._room()
        status = font.measure(str(self.status.cget("text")))
        score = font.measure(str(self.score_label.cget("text")))
        beside = status + score + 16 <= room
        self.score_label.grid(
            row=0 if beside else 1, column=1 if beside else 0, sticky="e", padx=(16, 0)
        )
        self.status.configure(wraplength=max(60, room if not beside else room - score - 16))
        self.score_label.configure(wraplength=max(60, room))

    def _show_legend(self) -> None:
        """Under the board while hints show: the colours, in as many rows as the width needs."""
        _ = self.translate
        for child in self.legend.winfo_children():
            child.destroy()
        if not (self._hints_wanted() and self.hints_board is self.game.board and self.hints):
            self.legend.pack_forget()
            return
        items: list[tuple[str | None, str]] = [
            (None, _("Hints for {mark}:").format(mark=self.game.turn)),
            (HINT_COLOURS["win"], _("wins")),
            (HINT_COLOURS["draw"], _("draws")),
            (HINT_COLOURS["loss"], _("loses")),
        ]
        if self.last_computer_move() is not None:
            items.append((LAST_MOVE, _("computer's last move")))
        font = tkfont.nametofont("TkDefaultFont")
        room = self._room()
        row: ttk.Frame | None = None
        used = 0
        for colour, text in items:
            width = font.measure(text) + (0 if colour is None else font.measure("00") + 20)
            if row is None or used + width > room:
                row = ttk.Frame(self.legend)
                row.pack(side="top", anchor="w")
                used = 0
            used += width
            if colour is not None:
                tk.Label(row, width=2, background=colour, relief="solid", borderwidth=1).pack(
                    side="left", padx=(8, 3)
                )
            ttk.Label(row, text=text).pack(side="left")
        self._legend_room = room
        self.legend.pack(side="bottom", fill="x", after=self.status_bar)

    # --- the computer's moves -------------------------------------------------------

    def _start_thinking(self) -> None:
        game = self.game
        if self.thinking or self._demo_move is not None or game.unsupported_reason(game.turn):
            return
        if not any(game.is_human(mark) for mark in Mark):
            self._demo_move = self.root.after(DEMO_DELAY_MS, self._demo_think)
            return
        self._think()

    def _demo_think(self) -> None:
        self._demo_move = None
        if self.game.computer_to_move and not self.thinking:
            self._think()
            self.refresh()

    def _think(self) -> None:
        game = self.game
        self.thinking_board = game.board
        self.thinker.submit(
            game.think,
            lambda answer: self._computer_answered(game, answer),
            self._computer_failed,
        )

    def _computer_answered(self, game: Game, answer: Any) -> None:
        board, cell = answer
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

    # --- hints ------------------------------------------------------------------------

    def _hints_wanted(self) -> bool:
        game = self.game
        return game.waiting_for_human and (self.vars.hints.get() or self.hint_once is game.board)

    def _start_hints(self) -> None:
        game = self.game
        board = game.board
        self.hints_board = board
        self.hints = {}
        self.hinter.submit(
            game.hint,
            lambda values: self._hints_answered(game, board, values),
            self._hints_failed,
        )

    def _hints_answered(self, game: Game, board: Board, values: Any) -> None:
        if game is not self.game or board is not game.board:
            return
        if set(values) != set(board.legal_moves()):
            self.hints_board = None
        else:
            self.hints = {cell: str(value.value) for cell, value in values.items()}
        self.refresh()

    def _hints_failed(self, error: Exception) -> None:
        _ = self.translate
        if isinstance(error, UnsolvableError):
            self.notice = _("No hints: this board is too big to solve exactly.")
        else:
            self.notice = _("No hints: {error}").format(error=error)
        self._show_status()

    # --- the end of a game -------------------------------------------------------

    def _game_over(self) -> None:
        game = self.game
        ended = (game, len(game.moves))
        if self._ended == ended:
            return
        self._ended = ended
        outcome = self.match.record()
        humans = [mark for mark in Mark if game.is_human(mark)]
        if self._scored is not game:
            self._scored = game
            for problem in save_finished(game, self.scoreboard):
                if isinstance(problem, ScoreboardError):
                    self._scoreboard_failed(problem, redraw=False)
                else:
                    unavailable = self.translate.gettext("Saved games unavailable: {reason}")
                    self.notice = unavailable.format(reason=problem)
        if self.vars.sound.get():
            if outcome.winner is None:
                self.play_sound(Sound.DRAW)
            elif len(humans) == 1 and outcome.winner is not humans[0]:
                self.play_sound(Sound.LOSE)
            else:
                self.play_sound(Sound.WIN)
        self._end_dialog = self.root.after(END_DIALOG_DELAY_MS, self._ask_play_again)

    def _ask_play_again(self) -> None:
        self._end_dialog = None
        outcome = self.game.outcome
        if outcome is None or self.closed:
            return
        title, message = texts.play_again(self.translate, outcome)
        again = self.dialogs.ask_yes_no(title, message)
        if self.closed:
            return
        if again:
            self.new_game()
        else:
            self.quit()

    def _scoreboard_failed(self, error: ScoreboardError, *, redraw: bool = True) -> None:
        self.notice = self.translate.gettext("Scoreboard unavailable: {reason}").format(
            reason=error
        )
        if redraw:
            self._show_status()

    # --- plumbing -------------------------------------------------------------------

    def _cancel_jobs(self) -> None:
        self.thinker.cancel()
        self.hinter.cancel()
        self.thinking_board = None
        self.hints_board = None
        self.hints = {}
        self.hint_once = None
        self.keyboard_reset()
        for pending in (self._end_dialog, self._demo_move):
            if pending is not None:
                self.root.after_cancel(pending)
        self._end_dialog = self._demo_move = None

    def keyboard_reset(self) -> None:
        """Forget a half-typed cell number."""
        keyboard = getattr(self, "keyboard", None)
        if keyboard is not None:
            keyboard.clear()

    def _poll(self) -> None:
        self.thinker.poll()
        self.hinter.poll()
        if not self.closed:
            self._poll_id = self.root.after(POLL_MS, self._poll)

    def _on_click(self, event: tk.Event[Any]) -> None:
        cell = self.view.cell_at(event.x, event.y)
        if cell is not None:
            self.click(cell)
