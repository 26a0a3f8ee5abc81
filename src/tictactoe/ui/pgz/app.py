"""The Pygame Zero game's state and handlers, over one :class:`~tictactoe.game.Match`.

:class:`PgzApp` has the methods Pygame Zero calls - ``draw(screen)``,
``update()``, ``on_mouse_down(pos, button)``, ``on_key_down(key, unicode)``
- and a ``title``; :mod:`.runner` binds them into the module pgzero runs.
All rules live in the match and its games: the app only draws them and
turns clicks and keys into calls.

Drawing happens only when what the window shows has changed
(:meth:`PgzApp.needs_frame`): the frame loop of :mod:`.runner` sleeps in
between, so an idle window costs no processor time.

Besides the game the window shows, on demand:

- hints (H): on boards the solver finishes every free cell tinted by its
  value; on bigger ones the engine's three best moves, ranked 1-3 on the
  board and judged in the strip ("forced win in N" where it proves one),
  worked out in a worker thread that a move, undo, new game or H cancels;
- the computer's progress while ``search`` thinks (depth, its expected
  line, the time so far) in the strip's second line;
- the settings (T): level, think time, sound, each kept for the next launch;
- the saved games (G): the list ``tictactoe games`` shows; one opens as a
  :class:`~.replay.Replay` stepped through with the keys or the strip's
  buttons, and play can go on from the position shown.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from tictactoe import players
from tictactoe.announce import Audience, announce, board_name
from tictactoe.archive import Archive, ArchiveError, Listing
from tictactoe.background import Hints, Jobs, Lane, computer_move, hints_for
from tictactoe.core import (
    DEFAULT_SECONDS,
    Board,
    IllegalMoveError,
    Mark,
    Outcome,
    Record,
    Rules,
    UnsolvableError,
    can_solve,
)
from tictactoe.game import HUMAN, Game, Match, NotYourTurnError
from tictactoe.i18n import LANGUAGES, Translator, translator
from tictactoe.recorder import Recorder
from tictactoe.replay import Replay, Step, continue_from, title
from tictactoe.session import ending_sound, fit_opponent, keep_finished
from tictactoe.settings import BOARD_PRESETS, Choices, Settings, SettingsStore
from tictactoe.stats import Scoreboard
from tictactoe.ui.pgz import panels, view, words
from tictactoe.ui.pgz.audio import Speaker
from tictactoe.ui.pgz.levels import skill_levels
from tictactoe.ui.pgz.menus import (
    LISTED_GAMES,
    GamesList,
    Setting,
    SettingsMenu,
    next_choice,
    next_think,
)
from tictactoe.ui.pgz.painter import Button, Fonts, Panel, Scene, paint
from tictactoe.ui.pgz.text import BannerText
from tictactoe.ui.winning import winning_lines

MESSAGE_SECONDS = 3.0
"""How long a message stays in the strip."""
FLASH_SECONDS = 0.4
"""How long a cell clicked while the computer thinks stays outlined."""
SAVE_GRACE_SECONDS = 5.0
"""How long the end of the program waits for a result still waiting for a busy scoreboard."""
END_CLICK_GUARD = 0.25
"""Seconds after a game ends during which a click does not start the next one."""
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
LESS_KEYS = (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS)
MORE_KEYS = (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
"""Keys that change the chosen setting down and up."""


class PgzApp:
    """One window's worth of play: the match, the computer's worker, messages, menus and replays."""

    def __init__(
        self,
        match: Match,
        translator: Translator,
        *,
        speaker: Speaker | None = None,
        scoreboard: Scoreboard | None = None,
        layout: view.Layout | None = None,
        quit: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        settings: Settings | None = None,
        store: SettingsStore | None = None,
        remembered: Settings | None = None,
        notice: str = "",
        archive: Archive | None = None,
    ) -> None:
        self.match = match
        self._ = translator
        self.speaker = speaker if speaker is not None else Speaker(None, enabled=False)
        self.scoreboard = scoreboard
        self._recorder = None if scoreboard is None else Recorder(scoreboard.archive)
        self.archive = archive if archive is not None or scoreboard is None else scoreboard.archive
        """Where the saved games are read from (None: the data folder's, when needed)."""
        self.layout = layout if layout is not None else view.Layout(match.rules)
        self._layout_given = layout is not None
        self._desktop: tuple[int, int] | None = None
        self._quit = quit if quit is not None else _post_quit
        self._clock = clock
        if settings is None:
            settings = Settings(
                level=match.opponent if match.opponent != HUMAN else players.DEFAULT_LEVEL,
                think=match.think_seconds or DEFAULT_SECONDS,
            )
        self.choices = Choices(settings, remembered, store)
        """This launch's settings and what the settings file keeps."""
        self.preferred = self.settings.level
        self.hints_on = False
        self.panel: str | None = None
        """``help``, ``quit``, ``games`` or ``settings`` while that panel covers the board."""
        self.replay: Replay | None = None
        """The saved game shown instead of the match's, if one is open."""
        self.games = GamesList(loading=False)
        """The saved games panel's list (read again each time it opens)."""
        self.menu = SettingsMenu()
        self._jobs = Jobs(clock=clock)
        self._moves: Lane[tuple[Board, int]] = Lane(self._jobs)
        self._hint_lane: Lane[Hints] = Lane(self._jobs)
        self._hints: Hints | None = None
        self._list_lane: Lane[Listing] = Lane(self._jobs)
        self._message: tuple[str, float] | None = None
        self._flash: tuple[int, float] | None = None
        self._finished: Game | None = None
        self.ended_at = 0.0
        self._drawn: Scene | None = None
        self._marks: tuple[Board | None, dict[int, Mark]] = (None, {})
        self.frames_drawn = 0
        """How many frames were actually drawn (for tests: none while idle)."""
        self._fonts = Fonts(
            BannerText(translator.language, view.STRIP_TEXT),
            BannerText(translator.language, view.STRIP_MUTED),
        )
        self._announced: tuple[str, Rules] | None = None
        if notice:
            self.say(notice)
        else:
            self._start_message()
        self._fit_level()

    # --- reading -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.match.game

    @property
    def settings(self) -> Settings:
        """The settings in use: the remembered ones with this launch's options."""
        return self.choices.settings

    @property
    def title(self) -> str:
        """The window title: the game's name and whose turn, or the result alone (seed 001)."""
        _ = self._
        if self.replay is not None:
            return f"{self.replay.name} — {words.players_line(_, self.replay.record)}"
        game = self.game
        outcome = game.outcome
        if outcome is not None:
            if outcome.winner is None:
                return _("Draw")
            return _("{mark} wins").format(mark=outcome.winner)
        mark = game.turn
        people = [m for m in Mark if game.is_human(m)]
        if len(people) == 1:
            status = (
                _("your move ({mark})") if game.is_human(mark) else _("computer's move ({mark})")
            )
        else:
            status = _("{mark} to move")
        return f"{_('tic-tac-toe')} — {status.format(mark=mark)}"

    @property
    def message(self) -> str | None:
        """The message in the strip's second line now, if any."""
        _ = self._
        if self._message is not None and self._clock() < self._message[1]:
            return self._message[0]
        game = self.game
        if game.is_over:
            return _("Click for the next game")
        if self.hints_on and game.waiting_for_human:
            hints = self._current_hints()
            if hints is None:
                job = self._hint_lane.job
                if job is None or can_solve(game.board):
                    return _("Working out hints…")
                report = words.progress(_, game.rules, job.progress, self._clock() - job.started)
                return f"{_('Working out hints…')} {report}"
            if hints.values:
                return _("Hints: green wins, blue draws, red loses")
            computer = not game.is_human(game.turn.other)
            return words.suggestions(_, hints.suggestions, computer=computer)
        return None

    @property
    def status(self) -> str:
        """The strip's first line: whose turn it is, or the result."""
        _, game = self._, self.game
        outcome = game.outcome
        people = [m for m in Mark if game.is_human(m)]
        if outcome is not None:
            return announce(outcome, Audience.of_game(game), _)
        mark = game.turn
        if game.is_human(mark):
            if len(people) == 2:
                return _("{mark} to move").format(mark=mark)
            return _("Your move ({mark})").format(mark=mark)
        thinking = _("{level} ({mark}) is thinking…").format(
            level=self._level_title(game.player(mark)), mark=mark
        )
        dots = 1 + int(self._clock() * DOTS_PER_SECOND) % 3
        return thinking.rstrip("…") + "." * dots

    @property
    def details(self) -> str:
        """The level playing (and its think time), the goal on boards besides 3 x 3, the score."""
        _, match = self._, self.match
        parts = []
        if match.opponent != HUMAN:
            parts.append(self._level_title(match.opponent))
            if players.get(match.opponent).thinks:
                parts.append(words.per_move(_, self.think_seconds))
        rules = match.rules
        if (rules.m, rules.n, rules.k) != (3, 3, 3):
            parts.append(_("{k} in a row").format(k=rules.k))
        score = match.score
        if match.opponent == HUMAN and match.you == HUMAN:
            parts.append(
                _("X {x} · O {o} · draws {draws}").format(
                    x=score.by_mark[Mark.X], o=score.by_mark[Mark.O], draws=score.draws
                )
            )
        else:
            parts.append(
                _("You {wins} · computer {losses} · draws {draws}").format(
                    wins=score.wins, losses=score.losses, draws=score.draws
                )
            )
        return " · ".join(parts)

    @property
    def thinking_progress(self) -> str | None:
        """While ``search`` thinks: its depth, expected line and time so far; else None."""
        job = self._moves.job
        game = self.game
        if job is None or not self.busy or not players.get(game.player(game.turn)).thinks:
            return None
        return words.progress(self._, game.rules, job.progress, self._clock() - job.started)

    @property
    def think_seconds(self) -> float:
        """How long ``search`` thinks a move (and a big board's hint takes)."""
        return self.match.think_seconds or DEFAULT_SECONDS

    @property
    def busy(self) -> bool:
        """True while the computer is thinking about the current position."""
        return self._moves.busy(self.game.board)

    @property
    def working(self) -> bool:
        """True while a worker thread runs (the frame loop then polls it)."""
        return self._jobs.running > 0 or any(
            lane.job is not None for lane in (self._moves, self._hint_lane, self._list_lane)
        )

    def next_change(self) -> float | None:
        """Seconds until what the window shows changes by itself (a message ends), or None."""
        now = self._clock()
        due = [
            until - now
            for until in (
                self._message[1] if self._message is not None else None,
                self._flash[1] if self._flash is not None else None,
            )
            if until is not None and until > now
        ]
        if self.busy:
            due.append(1 / DOTS_PER_SECOND)
        return min(due) if due else None

    def say(self, text: str) -> None:
        """Show ``text`` in the strip for a few seconds."""
        self._message = (text, self._clock() + MESSAGE_SECONDS)

    # --- Pygame Zero's hooks ---------------------------------------------------------

    def update(self) -> None:
        """Take the computer's answer, start its next think, note the end of a game."""
        self._poll_thinking()
        self._poll_hints()
        self._poll_list()
        self._finish()

    def on_mouse_down(self, pos: tuple[int, int], button: int = 1) -> None:
        """Left click plays the cell under it (seed 001's ``xy_to_n``); after the end: next game.

        Over a panel it chooses a row (or closes the panel); while a saved game is
        shown it presses the strip's buttons.
        """
        if button != 1:
            return
        _ = self._
        if self.panel == "games":
            self._click_games(pos)
            return
        if self.panel == "settings":
            self._click_settings(pos)
            return
        if self.panel is not None:
            self.panel = None
            return
        if self.replay is not None:
            self._click_replay(pos)
            return
        if self.game.is_over:
            if self._clock() - self.ended_at >= END_CLICK_GUARD:
                self.new_game()
            return
        cell = self.layout.xy_to_n(*pos)
        if cell is None:
            return
        try:
            self.game.play(cell)
            self._message = None  # what it said was about the position before
        except NotYourTurnError:
            self.say(_("Wait for the computer's move"))
            self._flash = (cell, self._clock() + FLASH_SECONDS)
        except IllegalMoveError:
            self.say(_("That cell is taken"))
        self.update()

    def on_key_down(self, key: int, unicode: str = "") -> None:
        """N new game, U undo, H hints, 1-9 level, T settings, G saved games, S sound,
        F1 or ? help, Esc quit (asks); the panels and a shown saved game have keys of their own."""
        if self.panel == "quit":
            self.panel = None
            if key in (pygame.K_ESCAPE, pygame.K_y):
                self._quit()
            return
        if self.panel == "help":
            self.panel = None
            return
        if self.panel == "games":
            self._games_key(key)
            return
        if self.panel == "settings":
            self._settings_key(key)
            return
        if key in HELP_KEYS or unicode == "?":
            self.panel = "help"
        elif self.replay is not None:
            self._replay_key(key)
        elif key == pygame.K_ESCAPE:
            mid_game = bool(self.game.moves) and not self.game.is_over
            if mid_game:
                self.panel = "quit"
            else:
                self._quit()
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_h:
            self.toggle_hints()
        elif key == pygame.K_s:
            self.toggle_sound()
        elif key == pygame.K_t:
            self.open_settings()
        elif key == pygame.K_g:
            self.open_games()
        elif key in DIGIT_KEYS:
            self.choose_level(DIGIT_KEYS[key])

    def fit_window(self, desktop: tuple[int, int] | None) -> None:
        """Size the window for the board on this screen (unless a layout was given)."""
        self._desktop = desktop
        if not self._layout_given:
            rules = self.shown_rules
            self.layout = view.Layout(rules, *view.window_size(rules, desktop))

    @property
    def shown_rules(self) -> Rules:
        """The board on the screen: the saved game's while one is shown, else the match's."""
        return self.replay.record.rules if self.replay is not None else self.match.rules

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
        if self.replay is not None:
            return self._replay_scene(self.replay)
        game, layout = self.game, self.layout
        board = game.board
        outcome = game.outcome
        winning = outcome.line if outcome is not None else frozenset()
        hints = self._current_hints() if self.hints_on else None
        faces: dict[int, view.RGB] = {}
        badges: dict[int, str] = {}
        if hints is not None:
            faces.update({n: view.hint_colour(value) for n, value in hints.values.items()})
            for rank, suggestion in enumerate(hints.suggestions, start=1):
                faces[suggestion.cell] = view.verdict_colour(suggestion.verdict.value)
                badges[suggestion.cell] = str(rank)
        faces.update({n: view.rgb(view.HIGHLIGHT) for n in winning})
        now = self._clock()
        flash = self._flash[0] if self._flash is not None and now < self._flash[1] else None
        colour = view.rgb(view.STRIP_TEXT)
        if outcome is not None and outcome.winner is not None:
            people = [m for m in Mark if game.is_human(m)]
            if len(people) == 1:
                colour = view.WIN_TEXT if outcome.winner is people[0] else view.LOSE_TEXT
        return Scene(
            layout=layout,
            marks=self._marks_of(board),
            faces=faces,
            lines=winning_lines(winning, game.last_move, layout.rules),
            last_move=game.last_move,
            flash=flash,
            status=self.status,
            status_colour=colour,
            detail=self.message or self.thinking_progress or self.details,
            panel=self._panel(),
            badges=badges,
        )

    def close(self) -> None:
        """The window is closing: stop every worker's search (their answers are not wanted)."""
        self._jobs.close()

    # --- what the keys do -------------------------------------------------------------

    def new_game(self) -> None:
        """Start the next game (who starts follows the match's rule)."""
        self._cancel_hints()
        self.match.new_game()
        self._start_message()
        self._fit_level()
        self.update()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        if self.game.can_undo:
            self.game.undo()
        else:
            self.say(self._("Nothing to undo"))
        self.update()

    def toggle_hints(self) -> None:
        """Hints on or off: every free cell tinted by its value where the board can be solved,
        else the engine's three best moves; turning them off stops one being worked out."""
        _ = self._
        self.hints_on = not self.hints_on
        if self.hints_on:
            self._message = None  # the strip says at once that they are being worked out
        else:
            self._cancel_hints()
            self.say(_("Hints off"))
        self.update()

    def toggle_sound(self) -> None:
        """Sound on or off (remembered)."""
        _ = self._
        speaker = self.speaker
        speaker.enabled = not speaker.enabled
        if speaker.enabled and not speaker.available:
            self.say(_("Sound is not available on this computer"))
        else:
            self.say(_("Sound on") if speaker.enabled else _("Sound off"))
        self._save(sound=speaker.enabled)

    def choose_level(self, level: int) -> None:
        """Let level ``level`` (1-9) play against you (remembered), unless it cannot play here."""
        _ = self._
        names = skill_levels()
        if not 1 <= level <= len(names):
            self.say(_("There is no level {level}").format(level=level))
            return
        name = names[level - 1]
        title = self._level_title(name)
        if not players.get(name).plays(self.match.rules):
            self.say(
                _("Level {level} ({name}) cannot play this board").format(level=level, name=title)
            )
            return
        self.preferred = name
        if self.match.opponent != HUMAN:
            self.match.set_opponent(name)
        self.say(_("Level {level}: {name}").format(level=level, name=title))
        self._save(level=name)
        self.update()

    def set_think(self, seconds: float) -> None:
        """Let ``search`` think ``seconds`` a move from its next move on (remembered); big
        boards' hints take as long."""
        self.match.set_think(seconds)
        self.say(self._("Think time: {time}").format(time=words.think_time(self._, seconds)))
        self._save(think=seconds)

    def choose_board(self, rules: Rules) -> None:
        """A new game on ``rules``'s board (remembered); a saved game shown is closed."""
        self._cancel_hints()
        self.replay = None
        self.match.new_game(rules=rules)
        self._fit_board(rules)
        self._fit_level()
        self.say(self._("Board: {board}").format(board=board_name(self._, rules)))
        self._save(board=rules)
        self.update()

    def set_language(self, code: str) -> None:
        """Every text in language ``code`` from now on (remembered)."""
        self._ = translator(code)
        self._fonts = Fonts(
            BannerText(self._.language, view.STRIP_TEXT),
            BannerText(self._.language, view.STRIP_MUTED),
        )
        self._drawn = None  # every text changes: the next frame is drawn whole
        self.say(self._("Language: {name}").format(name=LANGUAGES[self._.language]))
        self._save(language=self._.language)

    def open_settings(self, setting: Setting = Setting.THINK) -> None:
        """Show the settings panel with ``setting`` chosen."""
        self.menu.choose(setting)
        self.panel = "settings"

    def open_games(self) -> None:
        """Show the saved games panel; the list is read in a worker thread."""
        self.panel = "games"
        self.games = GamesList()
        archive = self.archive

        def read(report: object, stopping: object) -> Listing:
            return (archive or Archive()).games(limit=LISTED_GAMES)

        self._list_lane.want(self.games, read)

    def open_record(self, record: Record, name: str, ply: int = 0) -> None:
        """Show ``record`` (called ``name`` in the title) from position ``ply``; the match's
        game waits behind it."""
        self.panel = None
        self._message = None
        self.replay = Replay(record, name, ply)
        self._fit_board(record.rules)

    def close_replay(self) -> None:
        """Back to the match's game."""
        self.replay = None
        self._fit_board(self.match.rules)

    def step(self, step: Step) -> None:
        """One of the replay's buttons or keys."""
        replay = self.replay
        if replay is None:
            return
        if step is Step.CLOSE:
            self.close_replay()
        elif step is Step.PLAY:
            self.play_on()
        else:
            replay.go(step)

    def play_on(self) -> None:
        """A new game from the shown position: you play the side to move, the computer (the
        level you chose, or the strongest that plays this board) the other."""
        _ = self._
        replay = self.replay
        if replay is None:
            return
        if not replay.can_play_on:
            self.say(_("The game is over in this position"))
            return
        mover = replay.board.turn
        self._cancel_hints()
        game = self.match.new_game(rules=replay.record.rules, you_start=mover is Mark.X)
        self._fit_level()
        continue_from(game, replay.moves_so_far)
        self.replay = None
        self._fit_board(game.rules)
        if self.match.opponent == HUMAN:
            text = _("Playing on from move {number}").format(number=len(game.moves))
        else:
            text = _("Playing on from move {number}: you play {mark}").format(
                number=len(game.moves), mark=mover
            )
        self.say(text)
        self.update()

    # --- panels and the replay: keys and clicks -------------------------------------------

    def _games_key(self, key: int) -> None:
        games, visible = self.games, len(self.layout.menu_rows(2))
        if key in (pygame.K_ESCAPE, pygame.K_g):
            self.panel = None
        elif key == pygame.K_UP:
            games.move(-1, visible)
        elif key == pygame.K_DOWN:
            games.move(1, visible)
        elif key == pygame.K_PAGEUP:
            games.move(-visible, visible)
        elif key == pygame.K_PAGEDOWN:
            games.move(visible, visible)
        elif key == pygame.K_HOME:
            games.move(-len(games.games), visible)
        elif key == pygame.K_END:
            games.move(len(games.games), visible)
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

    def _settings_key(self, key: int) -> None:
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

    def _click_settings(self, pos: tuple[int, int]) -> None:
        row = self.layout.menu_row_at(*pos)
        menu = self.menu
        if row is None or row >= len(menu.rows):
            self.panel = None
            return
        menu.chosen = row
        less, more = self.layout.value_arrows(self.layout.menu_rows()[row])
        if less.contains(*pos):
            self._change(menu.setting, -1)
        elif more.contains(*pos):
            self._change(menu.setting, 1)

    def _change(self, setting: Setting, direction: int) -> None:
        """The next (1) or previous (-1) value of ``setting``."""
        if setting is Setting.SOUND:
            self.toggle_sound()
        elif setting is Setting.BOARD:
            rules = next_choice(BOARD_PRESETS, self.match.rules, direction)
            if rules != self.match.rules:
                self.choose_board(rules)
        elif setting is Setting.LANGUAGE:
            codes = list(LANGUAGES)
            code = next_choice(codes, self._.language, direction)
            if code != self._.language:
                self.set_language(code)
        elif setting is Setting.THINK:
            seconds = next_think(self.think_seconds, direction)
            if seconds != self.think_seconds:
                self.set_think(seconds)
        else:
            names = skill_levels()
            fits = {strategy.name for strategy in players.levels_for(self.match.rules)}
            playable = [n for n in names if n == self.preferred or n in fits]
            at = playable.index(self.preferred) if self.preferred in playable else 0
            chosen = playable[max(0, min(len(playable) - 1, at + direction))]
            if chosen != self.preferred:
                self.choose_level(names.index(chosen) + 1)

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

    def _level_title(self, name: str) -> str:
        return self._(players.title_of(name))

    def _marks_of(self, board: Board) -> dict[int, Mark]:
        if self._marks[0] is not board:
            self._marks = (board, {n: m for n in range(board.rules.size) if (m := board[n])})
        return self._marks[1]

    def _replay_scene(self, replay: Replay) -> Scene:
        _, layout = self._, self.layout
        board = replay.board
        winning = board.winning_cells if board.winner is not None else frozenset()
        message = self._message[0] if self._message and self._clock() < self._message[1] else None
        texts = {Step.PLAY: _("Play on from here")}
        buttons = tuple(
            Button(str(step), rect, texts.get(step, ""), replay.can(step))
            for step, rect in zip(Step, layout.replay_buttons(), strict=True)
        )
        return Scene(
            layout=layout,
            marks=self._marks_of(board),
            faces={n: view.rgb(view.HIGHLIGHT) for n in winning},
            lines=winning_lines(winning, replay.last_move, layout.rules),
            last_move=replay.last_move,
            status=message or words.position(_, replay.record, replay.ply),
            panel=self._panel(),
            buttons=buttons,
        )

    def _fit_board(self, rules: Rules) -> None:
        """Show a board of ``rules``: the window takes the size it would open at for it."""
        if self.layout.rules == rules:
            return
        if self._layout_given:
            self.layout = view.Layout(rules, self.layout.width, self.layout.height)
        else:
            self.layout = view.Layout(rules, *view.window_size(rules, self._desktop))

    def _fit_level(self) -> None:
        """The chosen level plays; where it cannot, the strongest that can (said once)."""
        match = self.match
        notice = fit_opponent(match, self.preferred, self._)
        if notice and self._announced != (self.preferred, match.rules):
            self._announced = (self.preferred, match.rules)
            self.say(notice)

    def _save(self, **changes: Any) -> None:
        """Keep a choice made here for the next launch (command-line options are not kept)."""
        problem = self.choices.remember(**changes)
        if problem is not None:
            self.say(self._("Settings not saved: {reason}").format(reason=problem))

    def _panel(self) -> Panel | None:
        _ = self._
        if self.panel == "quit":
            return panels.quit_panel(_)
        if self.panel == "help":
            titles = [self._level_title(name) for name in skill_levels()]
            return panels.help_panel(_, titles, replay=self.replay is not None)
        if self.panel == "games":
            return panels.games_panel(_, self.games, len(self.layout.menu_rows(2)))
        if self.panel == "settings":
            return panels.settings_panel(
                _,
                self.menu,
                level=self._level_title(self.preferred),
                board=board_name(_, self.match.rules),
                think=self.think_seconds,
                sound=self.speaker.enabled,
                language=LANGUAGES[_.language],
                searcher=self._level_title("search"),
            )
        return None

    def _start_message(self) -> None:
        _ = self._
        game = self.game
        people = [m for m in Mark if game.is_human(m)]
        if len(people) == 1:
            text = _("New game: you play {mark}").format(mark=people[0])
        else:
            text = _("New game")
        self.say(text + " · " + _("F1 or ?: help"))

    def _poll_thinking(self) -> None:
        game = self.game
        try:  # a job for another position (undone, a new game) is cancelled here
            answer = self._moves.take(game.board)
        except NotYourTurnError:
            answer = None  # the position moved on before the worker read it
        except UnsolvableError:
            answer = None
            self._fit_level()
        if answer is not None:
            game.apply(*answer[0])
        if game.computer_to_move and game.unsupported_reason(game.turn) is None:
            self._moves.want(game.board, computer_move(game))
        else:
            self._moves.cancel()

    def _current_hints(self) -> Hints | None:
        if self._hints is not None and self._hints.board is self.game.board:
            return self._hints
        return None

    def _cancel_hints(self) -> None:
        self._hint_lane.cancel()

    def _poll_hints(self) -> None:
        game = self.game
        if not (self.hints_on and self.replay is None and game.waiting_for_human):
            self._hint_lane.cancel()
            return
        with contextlib.suppress(UnsolvableError):
            answer = self._hint_lane.take(game.board)
            if answer is not None:
                self._hints = answer[0]
        if self._current_hints() is None:
            self._hint_lane.want(game.board, hints_for(game))

    def _poll_list(self) -> None:
        try:
            answer = self._list_lane.take(self.games)
        except ArchiveError as error:
            self.games = GamesList(loading=False, problem=error.reason)
            return
        if answer is not None:
            listing = answer[0]
            self.games = GamesList(listing.games, listing.total, listing.damaged, loading=False)

    def _finish(self) -> None:
        """Once per finished game: the score, the sound, the record."""
        game = self.game
        outcome = game.outcome
        if outcome is None or self._finished is game:
            return
        self._finished = game
        self.ended_at = self._clock()
        self._message = None  # the result and "click for the next game" take over
        self.match.record()
        self.speaker.play(ending_sound(game, outcome))
        self._record_finished_game(game, outcome)

    def _record_finished_game(self, game: Game, outcome: Outcome) -> None:
        """Keep a finished game in the saved games, scored when a person played."""
        if self._recorder is None:
            return
        problem = keep_finished(game, self._recorder, self._)
        if problem is not None:
            self.say(problem)

    def finish_saving(self, timeout: float = SAVE_GRACE_SECONDS) -> None:
        """Before the program ends: wait for a result still waiting for a busy scoreboard."""
        if self._recorder is not None:
            with contextlib.suppress(ArchiveError):
                self._recorder.wait(timeout=timeout)


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
