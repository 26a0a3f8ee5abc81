"""The Pygame Zero game: draws a :class:`~tictactoe.session.Session` and turns clicks and keys
into its intents.

:class:`PgzApp` has the methods Pygame Zero calls - ``draw(screen)``,
``update()``, ``on_mouse_down(pos, button)``, ``on_key_down(key, unicode)``
- and a ``title``; :mod:`.runner` binds them into the module pgzero runs.
The game itself - the match, the computer's moves and the hints worked out in
the background, the end of each game, the saved game shown, the remembered
choices - is the session's: the app draws it (:meth:`PgzApp.scene`), keeps
what only this window has (the panels, a message's time in the strip, the
cell that flashes) and says what happened in the strip.

Drawing happens only when what the window shows has changed
(:meth:`PgzApp.needs_frame`): the frame loop of :mod:`.runner` sleeps in
between, so an idle window costs no processor time.

Besides the game the window shows, on demand: hints (H), the settings (T:
level, board, think time, sound, language), the saved games (G), stepped
through with the keys or the strip's buttons, and help (F1).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from tictactoe import players
from tictactoe.core import Mark, Rules
from tictactoe.core.records import Record
from tictactoe.session import Session
from tictactoe.session.boards import BOARD_PRESETS
from tictactoe.session.jobs import Lane
from tictactoe.session.notices import side_said
from tictactoe.session.replay import SavedGames, Step, title
from tictactoe.texts import sentences
from tictactoe.texts.i18n import LANGUAGES, Translator
from tictactoe.texts.sentences import Feeling, board_name
from tictactoe.ui.pgz import panels, view
from tictactoe.ui.pgz.audio import Speaker
from tictactoe.ui.pgz.levels import skill_levels
from tictactoe.ui.pgz.menus import (
    ENGINE,
    LISTED_GAMES,
    OWN_FILE,
    GamesList,
    PlayerEntry,
    Setting,
    SettingsMenu,
    next_choice,
    next_think,
)
from tictactoe.ui.pgz.painter import Button, Fonts, Panel, Scene, paint
from tictactoe.ui.pgz.text import BannerText

MESSAGE_SECONDS = 3.0
"""How long a message stays in the strip."""
DOTS_PER_SECOND = 3
"""Speed of the "thinking" dots."""

DIGIT_KEYS: Mapping[int, int] = {
    **{getattr(pygame, f"K_{d}"): d for d in range(1, 10)},
    **{getattr(pygame, f"K_KP{d}"): d for d in range(1, 10)},
}
"""Key code -> skill level, for the top-row and keypad digits."""
HELP_KEYS = (pygame.K_F1,)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
REPLAY_KEYS: Mapping[int, Step] = {
    pygame.K_LEFT: Step.BACK,
    pygame.K_BACKSPACE: Step.BACK,
    pygame.K_RIGHT: Step.FORWARD,
    pygame.K_SPACE: Step.FORWARD,
    pygame.K_HOME: Step.FIRST,
    pygame.K_END: Step.LAST,
    pygame.K_RETURN: Step.PLAY,
    pygame.K_KP_ENTER: Step.PLAY,
    pygame.K_p: Step.PLAY,
    pygame.K_ESCAPE: Step.CLOSE,
}
"""What each key does while a saved game is shown."""
GOMOKU = Rules(15, 15, 5)
"""The board an engine's game moves to when it cannot play the one on the screen."""
ARROWS: Mapping[int, tuple[int, int]] = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
"""Key code -> the (row, column) step of the keyboard cursor on the board."""
PLAY_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
"""Keys that play the cell under the keyboard cursor (after a game: the next game)."""
LESS_KEYS = (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS)
MORE_KEYS = (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
"""Keys that change the chosen setting down and up."""


class PgzApp:
    """One window's worth of play: draws ``session`` (whose end-of-game cues ``speaker``
    plays), the panels and replays."""

    def __init__(
        self,
        session: Session,
        speaker: Speaker,
        *,
        layout: view.Layout | None = None,
        quit: Callable[[], None] | None = None,
        notice: str = "",
    ) -> None:
        self.speaker = speaker
        self.session = session
        self.layout = layout if layout is not None else view.Layout(session.rules)
        self._layout_given = layout is not None
        self._desktop: tuple[int, int] | None = None
        self._quit = quit if quit is not None else _post_quit
        self._clock = session.clock
        self.panel: str | None = None
        """``help``, ``quit``, ``games``, ``settings`` or ``player`` (your own player's file or an
        engine's command, typed) while that panel covers the board."""
        self.entry: PlayerEntry | None = None
        """What the ``player`` panel holds."""
        self._own: str | None = None
        """The own player chosen last (see :attr:`own_player`)."""
        self._engine = ""
        """The engine's command typed last."""
        self.games = GamesList(loading=False)
        """The saved games panel's list (read again each time it opens)."""
        self.menu = SettingsMenu()
        self._list_lane: Lane[SavedGames] = Lane(self.session.jobs)
        self.cursor: int | None = None
        """The keyboard cursor's cell: None until an arrow key shows it (a click hides it)."""
        self._answered: tuple[str, float] | None = None
        """What the window said in answer to a choice (a level, the sound...) or at the start of
        a game the computer opens, and when: it stays its :data:`MESSAGE_SECONDS` though a move
        clears the session's notice meanwhile."""
        self._drawn: Scene | None = None
        self.frames_drawn = 0
        """How many frames were actually drawn (for tests: none while idle)."""
        self._fonts = self._make_fonts()
        if notice:
            self.say(notice)
        elif not self.session.notice:
            self._start_message()

    # --- reading -------------------------------------------------------------------

    @property
    def _(self) -> Translator:
        return self.session.tr

    @property
    def hints_on(self) -> bool:
        """True while hints show for every move."""
        return self.session.hints_on

    @property
    def title(self) -> str:
        """The window title: the game's name and whose turn, or the result alone."""
        _ = self._
        replay = self.session.viewing
        if replay is not None:
            return f"{replay.name} — {sentences.record_header(_, replay.record)}"
        game = self.session.game
        outcome = game.outcome
        if outcome is not None:
            if outcome.winner is None:
                return _("Draw")
            return _("{mark} wins").format(mark=outcome.winner)
        mark = game.turn
        if self.session.sides.value != "computer":
            status = _("{mark} to move")
        elif game.is_human(mark):
            status = _("your move ({mark})")
        else:
            status = _("computer's move ({mark})")
        return _("tic-tac-toe") + " — " + status.format(mark=mark)

    @property
    def message(self) -> str | None:
        """The message in the strip's second line now, if any: the session's notice for
        :data:`MESSAGE_SECONDS` (one that lasts until the next action, that long), an answer
        to a choice, after a game what starts the next one, the hints' legend."""
        _, session = self._, self.session
        if session.notice and (
            session.notice_lasting or self._clock() < session.notice_at + MESSAGE_SECONDS
        ):
            return session.notice
        answered = self._answered
        if answered is not None and self._clock() < answered[1] + MESSAGE_SECONDS:
            return answered[0]
        game = self.session.game
        if game.is_over:
            return _("Enter: the next game (or click the board twice)")
        if not (self.hints_on and game.waiting_for_human):
            return None
        hints = session.hints
        if hints is None:
            found = session.progress if session.searching else ""
            return f"{_('Working out hints…')} {found}".rstrip()
        if hints.exact:
            return _("Hints: green wins, grey draws, rose loses")
        return sentences.suggestions(_, hints.suggestions, session.sides, game.turn.other)

    @property
    def status(self) -> str:
        """The strip's first line: whose turn it is, or the result."""
        _, game = self._, self.session.game
        if game.is_over:
            return self.session.result
        if game.is_human(game.turn):
            return sentences.turn(_, game)
        dots = 1 + int(self._clock() * DOTS_PER_SECOND) % 3
        return sentences.turn(_, game, thinking=True).rstrip("…") + "." * dots

    @property
    def details(self) -> str:
        """The level playing (and its think time), the goal on boards besides 3 x 3, the score."""
        _, match = self._, self.session.match
        parts = []
        if match.opponent != "human":
            parts.append(self.session.level_title(match.opponent))
            if players.get(match.opponent, own=True).thinks:
                parts.append(sentences.per_move(_, self.session.think_seconds))
        rules = match.rules
        if (rules.m, rules.n, rules.k) != (3, 3, 3):
            parts.append(sentences.win_length(_, rules))
        parts.append(sentences.score(_, match, by_mark=True))
        parts.append(_("F1 or ?: help"))  # always in sight, not only in the first message
        return " · ".join(parts)

    @property
    def thinking_progress(self) -> str | None:
        """While a searching level thinks: its depth, expected line and time so far; else None."""
        game = self.session.game
        if not self.busy or not players.get(game.player(game.turn), own=True).thinks:
            return None
        return self.session.progress or None

    @property
    def busy(self) -> bool:
        """True while the computer is thinking about the current position."""
        return self.session.thinking

    @property
    def working(self) -> bool:
        """True while background work runs (the frame loop then polls it)."""
        return self.session.working or self._list_lane.job is not None

    def next_change(self) -> float | None:
        """Seconds until what the window shows changes by itself (a message ends), or None."""
        now = self._clock()
        session = self.session
        due = [
            until - now
            for until in (
                session.notice_at + MESSAGE_SECONDS
                if session.notice and not session.notice_lasting
                else None,
                self._answered[1] + MESSAGE_SECONDS if self._answered is not None else None,
                session.refused_until,
            )
            if until is not None and until > now
        ]
        if self.busy:
            due.append(1 / DOTS_PER_SECOND)
        return min(due) if due else None

    def say(self, text: str) -> None:
        """Show ``text`` in the strip for a few seconds."""
        self.session.say(text)

    def answer(self, text: str) -> None:
        """Show ``text``, the answer to a choice, in the strip for :data:`MESSAGE_SECONDS`.

        The session clears its notice when a move is played (what it said was about the
        position before); an answer to a choice is not about the position, so the computer's
        reply - due a moment after a key pressed while it thinks - leaves it in sight. Only
        something said later takes its place.
        """
        self.say(text)
        self._answered = (text, self._clock()) if text else None

    # --- Pygame Zero's hooks ---------------------------------------------------------

    def update(self) -> None:
        """Collect the background work (the computer's move, hints, the saved games list) and
        start what comes next."""
        self.session.update()
        self._forget_answer()
        self._poll_list()
        self._fit_board(self.session.rules)

    def on_mouse_down(self, pos: tuple[int, int], button: int = 1) -> None:
        """Left click plays the cell under it; after the end, the first click says the game is
        over and the next one starts the next game (:meth:`Session.again`).

        Over a panel it chooses a row (or closes the panel); while a saved game is
        shown it presses the strip's buttons.
        """
        if button != 1:
            return
        if self.panel is not None:
            panel_clicks = {"games": self._click_games, "settings": self._click_settings}
            panel_clicks.get(self.panel, self._close_panel)(pos)
            return
        if self.session.viewing is not None:
            self._click_replay(pos)
            return
        self.cursor = None
        if self.session.game.is_over:
            if self.session.again():
                self._start_message()
            return
        cell = self.layout.xy_to_n(*pos)
        if cell is not None:
            self.play_cell(cell)

    def play_cell(self, cell: int | None) -> None:
        """Play ``cell`` (a click on it, or Enter on the keyboard cursor); after the end of a
        game (Enter), start the next one (``cell`` is not needed then)."""
        if self.session.game.is_over:
            if self.session.next_game():
                self._start_message()
            return
        if cell is None:
            return
        self.session.play(cell)
        self.update()

    def move_cursor(self, rows: int, cols: int) -> None:
        """An arrow key: show the keyboard cursor (in the middle of the board the first time)
        or move it ``rows`` down and ``cols`` right, staying on the board."""
        rules = self.session.rules
        if self.cursor is None or self.cursor >= rules.size:
            self.cursor = rules.cell(rules.m // 2, rules.n // 2)
            return
        self.cursor = rules.stepped(self.cursor, rows, cols)

    def press_cursor(self) -> None:
        """Enter or Space: play the cell under the keyboard cursor (showing it first, if it is
        not shown); after the end of a game, the next game."""
        shown = self.cursor is not None and self.cursor < self.session.rules.size
        if not shown and not self.session.game.is_over:
            self.move_cursor(0, 0)
            return
        self.play_cell(self.cursor)

    def on_key_down(self, key: int, unicode: str = "") -> None:
        """N new game, U undo, H hints, 1-9 level, T settings, G saved games, S sound,
        F1 or ? help, Esc quit (asks), the arrows and Enter or Space the keyboard cursor; the
        panels and a shown saved game have keys of their own."""
        if self.panel is not None:
            panel_keys = {
                "quit": self._quit_key,
                "games": self._games_key,
                "settings": self._settings_key,
                "player": self._entry_key,
            }
            panel_keys.get(self.panel, self._close_panel)(key, unicode)
            return
        if key in HELP_KEYS or unicode == "?":
            self.panel = "help"
        elif self.session.viewing is not None:
            self._replay_key(key)
        elif key == pygame.K_ESCAPE:
            if self.session.game.moves and not self.session.game.is_over:
                self.panel = "quit"
            else:
                self._quit()
        elif key in KEY_INTENTS:
            getattr(self, KEY_INTENTS[key])()
        elif key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in PLAY_KEYS:
            self.press_cursor()
        elif key in DIGIT_KEYS:
            self.choose_level(DIGIT_KEYS[key])

    def fit_window(self, desktop: tuple[int, int] | None) -> None:
        """Size the window for the board on this screen (unless a layout was given)."""
        self._desktop = desktop
        if not self._layout_given:
            rules = self.session.rules
            self.layout = view.Layout(rules, *view.window_size(rules, desktop))

    @property
    def shown_rules(self) -> Rules:
        """The board on the screen: the saved game's while one is shown, else the match's."""
        return self.session.rules

    def forget_drawing(self) -> None:
        """The window lost its picture (uncovered, resized): the next frame draws it all."""
        self._drawn = None

    def resize(self, width: int, height: int) -> None:
        """The window was resized: the board scales to it."""
        self.layout = self.layout.resized(width, height)

    def needs_frame(self) -> bool:
        """True when the window should be drawn again: what it shows has changed."""
        return self.scene() != self._drawn

    def draw(self, screen: Any) -> None:
        """Draw the window on pgzero's ``screen``, unless it already shows this very scene."""
        scene = self.scene()
        if scene == self._drawn:
            return
        paint(screen, scene, self._fonts, before=self._drawn)
        self._drawn = scene
        self.frames_drawn += 1

    def scene(self) -> Scene:
        """Everything the window shows now."""
        session, layout = self.session, self.layout
        if session.viewing is not None:
            return self._replay_scene()
        game = self.session.game
        outcome = game.outcome
        feeling = Feeling.of(outcome, game) if outcome is not None else Feeling.NEUTRAL
        return Scene(
            layout=layout,
            board=session.picture(self.cursor if self.panel is None else None),
            status=self.status,
            status_colour=STATUS_COLOURS[feeling],
            detail=self.message or self.thinking_progress or self.details,
            panel=self._panel(),
        )

    def close(self) -> None:
        """The window is closing: stop every search, keep a result still waiting to be saved."""
        self.session.close()

    # --- what the keys do -------------------------------------------------------------

    def new_game(self) -> None:
        """Start the next game (who starts follows the match's rule)."""
        self.session.new_game()
        self._start_message()
        self.update()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        self.session.undo()
        self.update()

    def toggle_hints(self) -> None:
        """Hints on or off: every free cell tinted by its value where the board can be solved,
        else the engine's three best moves; turning them off stops one being worked out."""
        on = not self.hints_on
        self.session.set_hints(on)
        self.answer("" if on else self._("Hints off"))
        self.update()

    def toggle_sound(self) -> None:
        """Sound on or off (remembered)."""
        _ = self._
        speaker = self.speaker
        speaker.enabled = not speaker.enabled
        self.session.set_sound(speaker.enabled)
        if speaker.enabled and not speaker.available:
            self.answer(_("Sound is not available on this computer"))
        else:
            self.answer(_("Sound on") if speaker.enabled else _("Sound off"))

    def choose_level(self, level: int) -> None:
        """Let level ``level`` (1-9) play against you (remembered), unless it cannot play here."""
        _ = self._
        names = skill_levels()
        if not 1 <= level <= len(names):
            self.answer(_("There is no level {level}").format(level=level))
            return
        name = names[level - 1]
        title = self.session.level_title(name)
        if not self.session.choose_level(name):
            self.answer(
                _("Level {level} ({name}) cannot play this board").format(level=level, name=title)
            )
            return
        self.answer(_("Level {level}: {name}").format(level=level, name=title))
        self.update()

    def set_think(self, seconds_: float) -> None:
        """Let a searching level think ``seconds_`` a move from its next move on (remembered);
        big boards' hints take as long."""
        self.session.set_think(seconds_)
        self.answer(_think_said(self._, seconds_))

    def choose_board(self, rules: Rules) -> None:
        """A new game on ``rules``'s board (remembered); a saved game shown is closed."""
        self.session.choose_board(rules)
        self._fit_board(rules)
        if not self.session.notice:  # else what changed with it: a level standing in, a side
            self.answer(self._("Board: {board}").format(board=board_name(self._, rules)))
        self.update()

    def set_language(self, code: str) -> None:
        """Every text in language ``code`` from now on (remembered)."""
        self.session.set_language(code)
        self._fonts = self._make_fonts()
        self._drawn = None  # every text changes: the next frame is drawn whole
        self.answer(self._("Language: {name}").format(name=LANGUAGES[self._.language]))

    def open_settings(self, setting: Setting = Setting.THINK) -> None:
        """Show the settings panel with ``setting`` chosen."""
        self.menu.choose(setting)
        self.panel = "settings"

    @property
    def own_player(self) -> str | None:
        """The own player chosen last in this window or given at launch (a Python file,
        ``brain:COMMAND``), if one was: the level row keeps it among the levels."""
        if players.is_own(self.session.preferred):
            self._own = self.session.preferred
        return self._own

    def open_player_entry(self, *, engine: bool) -> None:
        """The panel that takes your own player's file (or, ``engine``, an engine's command),
        offering the one chosen last (else the current folder)."""
        own = self.own_player
        if engine:
            text = self._engine
        elif own is not None and not players.is_engine(own):
            text = own
        else:
            text = os.path.join(os.getcwd(), "")
        self.entry = PlayerEntry(engine, text)
        self.panel = "player"

    def play_against(self, name: str) -> bool:
        """Let the own player ``name`` play you, unless something keeps it from playing (then
        the panel says what). An engine on a board it does not play: a new 15 x 15 game."""
        _ = self._
        problem = players.own_problem(name, _)
        if problem is not None:
            if self.entry is not None:
                self.entry.problem = problem
            else:
                self.say(problem)
            return False
        self.panel = None
        if not players.get(name, own=True).plays(self.session.match.rules):
            self.session.new_game(rules=GOMOKU)
            self._fit_board(GOMOKU)
        self.session.choose_level(name)
        self.answer(_("Your opponent: {name}").format(name=self.session.level_title(name)))
        self.update()
        return True

    def open_games(self) -> None:
        """Show the saved games panel; the list is read in a worker thread."""
        self.panel = "games"
        self.games = GamesList()
        session = self.session
        self._list_lane.want(self.games, lambda *_: session.saved_games(LISTED_GAMES))

    def open_record(self, record: Record, name: str, ply: int = 0) -> None:
        """Show ``record`` (called ``name`` in the title) from position ``ply``; the match's
        game waits behind it."""
        self.panel = None
        self._answered = None  # not to show again when the game is back
        self.session.show_record(record, name, ply)
        self._fit_board(record.rules)

    def step(self, step: Step) -> None:
        """One of the replay's buttons or keys (Play on starts a game from the position)."""
        self.session.step(step)
        self.update()

    # --- panels and the replay: keys and clicks -------------------------------------------

    def _close_panel(self, *_: object) -> None:
        """Any click or key on the help (or an unknown panel) closes it."""
        self.panel = None

    def _quit_key(self, key: int, unicode: str = "") -> None:
        """Esc or Y quits; any other key goes back to the game."""
        self.panel = None
        if key in (pygame.K_ESCAPE, pygame.K_y):
            self._quit()

    def _games_key(self, key: int, unicode: str = "") -> None:
        games, visible = self.games, len(self.layout.menu_rows(2))
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -visible,
            pygame.K_PAGEDOWN: visible,
            pygame.K_HOME: -len(games.games),
            pygame.K_END: len(games.games),
        }
        if key in (pygame.K_ESCAPE, pygame.K_g):
            self.panel = None
        elif key in moves:
            games.move(moves[key], visible)
        elif key in (*ENTER_KEYS, pygame.K_SPACE):
            self._open_chosen()

    def _open_chosen(self) -> None:
        chosen = self.games.selected
        if chosen is not None:
            self.open_record(chosen.record, title(chosen.id, self._))

    def _click_games(self, pos: tuple[int, int]) -> None:
        row = self.layout.menu_row_at(*pos, lines=2)
        games = self.games
        if row is None or games.top + row >= len(games.games):
            self.panel = None
            return
        games.chosen = games.top + row
        self._open_chosen()

    def _settings_key(self, key: int, unicode: str = "") -> None:
        menu = self.menu
        if key in (pygame.K_ESCAPE, pygame.K_t, *ENTER_KEYS):
            self.panel = None
        elif key == pygame.K_UP:
            menu.move(-1)
        elif key == pygame.K_DOWN:
            menu.move(1)
        elif key in LESS_KEYS:
            self._change(menu.setting, -1)
        elif key in MORE_KEYS:
            self._change(menu.setting, 1)

    def _entry_key(self, key: int, unicode: str) -> None:
        entry = self.entry
        if entry is None:
            self.panel = None
            return
        if key == pygame.K_ESCAPE:
            self.panel = "settings"
        elif key in ENTER_KEYS:
            if entry.engine and entry.text.strip():
                self._engine = entry.text.strip()
            self.play_against(entry.name)
        elif key == pygame.K_BACKSPACE:
            entry.erase()
        elif unicode:
            entry.type(unicode)

    def _click_settings(self, pos: tuple[int, int]) -> None:
        row = self.layout.menu_row_at(*pos)
        menu = self.menu
        if row is None or menu.top + row >= len(menu.rows):
            self.panel = None
            return
        menu.chosen = menu.top + row
        less, more = self.layout.value_arrows(self.layout.menu_rows()[row])
        if less.contains(*pos):
            self._change(menu.setting, -1)
        elif more.contains(*pos):
            self._change(menu.setting, 1)

    def _change(self, setting: Setting, direction: int) -> None:
        """The next (1) or previous (-1) value of ``setting``."""
        if setting is Setting.SOUND:
            self.toggle_sound()
        elif setting is Setting.ANALYSIS:
            self.session.set_analysis(not self.session.settings.analysis)
        elif setting is Setting.BOARD:
            rules = next_choice(BOARD_PRESETS, self.session.match.rules, direction)
            if rules != self.session.match.rules:
                self.choose_board(rules)
        elif setting is Setting.LANGUAGE:
            code = next_choice(list(LANGUAGES), self._.language, direction)
            if code != self._.language:
                self.set_language(code)
        elif setting is Setting.THINK:
            value = next_think(self.session.think_seconds, direction)
            if value != self.session.think_seconds:
                self.set_think(value)
        else:
            names = skill_levels()
            preferred = self.session.preferred
            fits = {strategy.name for strategy in self.session.levels()}
            playable = [n for n in names if n == preferred or n in fits]
            own = self.own_player
            if own is not None and (
                own == preferred or players.get(own, own=True).plays(self.session.match.rules)
            ):
                playable.append(own)
            choices = [*playable, OWN_FILE, ENGINE]
            at = choices.index(preferred) if preferred in choices else 0
            chosen = choices[max(0, min(len(choices) - 1, at + direction))]
            if chosen in (OWN_FILE, ENGINE):
                self.open_player_entry(engine=chosen == ENGINE)
            elif chosen != preferred and chosen in names:
                self.choose_level(names.index(chosen) + 1)
            elif chosen != preferred:
                self.play_against(chosen)

    def _replay_key(self, key: int) -> None:
        if key == pygame.K_g:
            self.open_games()
        elif key in REPLAY_KEYS:
            self.step(REPLAY_KEYS[key])

    def _click_replay(self, pos: tuple[int, int]) -> None:
        for step, rect in zip(Step, self.layout.replay_buttons(), strict=True):
            if rect.contains(*pos):
                self.step(step)
                return

    # --- inside -------------------------------------------------------------------------

    def _make_fonts(self) -> Fonts:
        language = self._.language
        return Fonts(BannerText(language, view.STRIP_TEXT), BannerText(language, view.STRIP_MUTED))

    def _replay_scene(self) -> Scene:
        _, session, layout = self._, self.session, self.layout
        replay = session.viewing
        assert replay is not None
        fresh = session.notice and self._clock() < session.notice_at + MESSAGE_SECONDS
        where = sentences.replay_at(_, replay.record, replay.ply)
        buttons = tuple(
            Button(
                str(step),
                rect,
                _("Play on from here") if step is Step.PLAY else "",
                replay.can(step),
            )
            for step, rect in zip(Step, layout.replay_buttons(), strict=True)
        )
        return Scene(
            layout=layout,
            board=session.picture(),
            status=session.notice if fresh else where,
            panel=self._panel(),
            buttons=buttons,
        )

    def _fit_board(self, rules: Rules) -> None:
        """Show a board of ``rules``: the window takes the size it would open at for it (the
        keyboard cursor starts again in its middle)."""
        if self.layout.rules == rules:
            return
        self.cursor = None
        if self._layout_given:
            self.layout = view.Layout(rules, self.layout.width, self.layout.height)
        else:
            self.layout = view.Layout(rules, *view.window_size(rules, self._desktop))

    def _panel(self) -> Panel | None:
        _ = self._
        if self.panel == "quit":
            return panels.quit_panel(_)
        if self.panel == "help":
            titles = [self.session.level_title(name) for name in skill_levels()]
            return panels.help_panel(_, titles, replay=self.session.viewing is not None)
        if self.panel == "games":
            return panels.games_panel(_, self.games, len(self.layout.menu_rows(2)))
        if self.panel == "player" and self.entry is not None:
            return panels.player_entry_panel(_, self.entry)
        if self.panel == "settings":
            return panels.settings_panel(
                _,
                self.menu,
                level=self.session.level_title(self.session.preferred),
                board=board_name(_, self.session.match.rules),
                think=self.session.think_seconds,
                sound=self.speaker.enabled,
                language=LANGUAGES[_.language],
                searcher=self.session.level_title("search"),
                analysis=self.session.settings.analysis,
                visible=len(self.layout.menu_rows()),
            )
        return None

    def _start_message(self) -> None:
        """A new game's line (the side you play, the help key), unless the session says
        something else about it (a level standing in): its side line is this one's."""
        _, session = self._, self.session
        game = session.game
        people = [m for m in Mark if game.is_human(m)]
        if len(people) == 1:
            text = _("New game: you play {mark}").format(mark=people[0])
        else:
            text = _("New game")
        if session.notice and session.notice != side_said(_, session.match, None):
            return
        text += " · " + _("F1 or ?: help")
        if game.computer_to_move:  # its first move, due in a moment, leaves this in sight
            self.answer(text)
        else:  # your first move is the answer to it
            self.say(text)

    def _forget_answer(self) -> None:
        """An answer to a choice gives way to anything said after it (not to a notice cleared)."""
        answered, session = self._answered, self.session
        if answered is not None and session.notice and session.notice != answered[0]:
            self._answered = None

    def _poll_list(self) -> None:
        answer = self._list_lane.take(self.games)
        if answer is not None:
            found = answer[0]
            self.games = GamesList(
                found.games, found.total, found.damaged, found.problem, loading=False
            )


KEY_INTENTS: Mapping[int, str] = {
    pygame.K_n: "new_game",
    pygame.K_u: "undo",
    pygame.K_h: "toggle_hints",
    pygame.K_s: "toggle_sound",
    pygame.K_t: "open_settings",
    pygame.K_g: "open_games",
}
"""The keys that call one of the app's intents while the game is shown."""

STATUS_COLOURS: Mapping[Feeling, view.RGB] = {
    Feeling.WIN: view.WIN_TEXT,
    Feeling.LOSE: view.LOSE_TEXT,
    Feeling.NEUTRAL: view.rgb(view.STRIP_TEXT),
}
"""The strip's first line: a win for the one person playing in green, a loss in red."""


def _think_said(_: Translator, value: float) -> str:
    return _("Think time: {time}").format(time=sentences.seconds(_, value))


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
