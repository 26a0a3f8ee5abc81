"""The Pygame Zero game's state and handlers, over one :class:`~tictactoe.game.Match`.

:class:`PgzApp` has the methods Pygame Zero calls - ``draw(screen)``,
``update()``, ``on_mouse_down(pos, button)``, ``on_key_down(key, unicode)``
- and a ``title``; :mod:`.runner` binds them into the module pgzero runs.
All rules live in the match and its games: the app only draws them and
turns clicks and keys into calls.

Drawing happens only when what the window shows has changed
(:meth:`PgzApp.needs_frame`): the frame loop of :mod:`.runner` sleeps in
between, so an idle window costs no processor time.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from tictactoe import players
from tictactoe.archive import save_finished
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game, Match, NotYourTurnError, Outcome
from tictactoe.i18n import Translator
from tictactoe.settings import DEFAULT_LEVEL, Settings, SettingsError, SettingsStore, level_for
from tictactoe.sound import Sound
from tictactoe.stats import Recorder, Scoreboard, ScoreboardError, describe
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.audio import Speaker
from tictactoe.ui.pgz.levels import skill_levels
from tictactoe.ui.pgz.painter import Fonts, Scene, paint
from tictactoe.ui.pgz.text import BannerText
from tictactoe.ui.pgz.worker import Job
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


class PgzApp:
    """One window's worth of play: the match, the computer's worker, messages and switches."""

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
    ) -> None:
        self.match = match
        self._ = translator
        self.speaker = speaker if speaker is not None else Speaker(None, enabled=False)
        self.scoreboard = scoreboard
        self._recorder = None if scoreboard is None else Recorder(scoreboard)
        self.layout = layout if layout is not None else view.Layout(match.rules)
        self._layout_given = layout is not None
        self._quit = quit if quit is not None else _post_quit
        self._clock = clock
        if settings is None:
            settings = Settings(level=match.opponent if match.opponent != HUMAN else DEFAULT_LEVEL)
        self.settings = settings
        self.store = store
        self.remembered = remembered if remembered is not None else settings
        """What ``store`` holds: the settings without this launch's command-line options."""
        self.preferred = self.settings.level
        self.hints_on = False
        self.panel: str | None = None
        """``help`` or ``quit`` while that panel covers the board."""
        self._thinking: Job[tuple[Board, int]] | None = None
        self._hint_job: Job[dict[int, str]] | None = None
        self._hints: tuple[Board, dict[int, str]] | None = None
        self._hint_problem: str | None = None
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
    def title(self) -> str:
        """The window title: the game's name and whose turn, or the result alone (seed 001)."""
        _ = self._
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
        if self.hints_on and game.waiting_for_human and self._hint_problem is None:
            if self._current_hints() is None:
                return _("Working out hints…")
            return _("Hints: green wins, blue draws, red loses")
        return None

    @property
    def status(self) -> str:
        """The strip's first line: whose turn it is, or the result."""
        _, game = self._, self.game
        outcome = game.outcome
        people = [m for m in Mark if game.is_human(m)]
        if outcome is not None:
            if outcome.winner is None:
                return _("Draw")
            if len(people) == 1:
                return _("You win") if outcome.winner is people[0] else _("You lose")
            return _("{mark} wins").format(mark=outcome.winner)
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
        """The level playing, the goal on boards other than 3 x 3, and the score."""
        _, match = self._, self.match
        parts = []
        if match.opponent != HUMAN:
            parts.append(self._level_title(match.opponent))
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
    def busy(self) -> bool:
        """True while the computer is thinking about the current position."""
        return self._thinking is not None and self._thinking.key is self.game.board

    @property
    def working(self) -> bool:
        """True while a worker thread runs (the frame loop then polls it)."""
        return self._thinking is not None or self._hint_job is not None

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
        self._finish()

    def on_mouse_down(self, pos: tuple[int, int], button: int = 1) -> None:
        """Left click plays the cell under it (seed 001's ``xy_to_n``); after the end: next game."""
        if button != 1:
            return
        _ = self._
        if self.panel is not None:
            self.panel = None
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
        except NotYourTurnError:
            self.say(_("Wait for the computer's move"))
            self._flash = (cell, self._clock() + FLASH_SECONDS)
        except IllegalMoveError:
            self.say(_("That cell is taken"))
        self.update()

    def on_key_down(self, key: int, unicode: str = "") -> None:
        """N new game, U undo, H hints, 1-9 level, S sound, F1 or ? help, Esc quit (asks)."""
        if self.panel == "quit":
            self.panel = None
            if key in (pygame.K_ESCAPE, pygame.K_y):
                self._quit()
            return
        if self.panel == "help":
            self.panel = None
            return
        if key in HELP_KEYS or unicode == "?":
            self.panel = "help"
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
        elif key in DIGIT_KEYS:
            self.choose_level(DIGIT_KEYS[key])

    def fit_window(self, desktop: tuple[int, int] | None) -> None:
        """Size the window for the board on this screen (unless a layout was given)."""
        if not self._layout_given:
            rules = self.match.rules
            self.layout = view.Layout(rules, *view.window_size(rules, desktop))

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
        paint(screen, scene, self._fonts)
        self._drawn = scene
        self.frames_drawn += 1

    def scene(self) -> Scene:
        """Everything the window shows now."""
        game, layout = self.game, self.layout
        board = game.board
        outcome = game.outcome
        winning = outcome.line if outcome is not None else frozenset()
        hints = self._current_hints() if self.hints_on else None
        faces: dict[int, view.RGB] = {}
        if hints is not None:
            faces.update({n: view.hint_colour(value) for n, value in hints.items()})
        faces.update({n: view.rgb(view.HIGHLIGHT) for n in winning})
        if self._marks[0] is not board:
            self._marks = (board, {n: m for n in range(board.rules.size) if (m := board[n])})
        marks = self._marks[1]
        now = self._clock()
        flash = self._flash[0] if self._flash is not None and now < self._flash[1] else None
        colour = view.rgb(view.STRIP_TEXT)
        if outcome is not None and outcome.winner is not None:
            people = [m for m in Mark if game.is_human(m)]
            if len(people) == 1:
                colour = view.WIN_TEXT if outcome.winner is people[0] else view.LOSE_TEXT
        return Scene(
            layout=layout,
            marks=marks,
            faces=faces,
            lines=winning_lines(winning, game.last_move, layout.rules),
            last_move=game.last_move,
            flash=flash,
            status=self.status,
            status_colour=colour,
            detail=self.message or self.details,
            panel=self._panel_lines(),
        )

    # --- what the keys do -------------------------------------------------------------

    def new_game(self) -> None:
        """Start the next game (who starts follows the match's rule)."""
        self.match.new_game()
        self._hints = None
        self._hint_problem = None
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
        """Tint every free cell by its value for the player to move (win / draw / loss)."""
        _ = self._
        self.hints_on = not self.hints_on
        self._hint_problem = None
        self.say(_("Hints on") if self.hints_on else _("Hints off"))
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
        if players.get(name).unsupported_reason(self.match.rules) is not None:
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

    # --- inside -------------------------------------------------------------------------

    def _level_title(self, name: str) -> str:
        return self._(players.get(name).title)

    def _fit_level(self) -> None:
        """The chosen level plays; where it cannot, the strongest that can (said once)."""
        match = self.match
        if match.opponent == HUMAN:
            return
        playing = level_for(self.preferred, match.rules)
        if match.opponent != playing:
            match.set_opponent(playing)
        if playing != self.preferred and self._announced != (self.preferred, match.rules):
            self._announced = (self.preferred, match.rules)
            self.say(
                self._("{chosen} does not play {m} x {n}: {playing} plays instead.").format(
                    chosen=self._level_title(self.preferred),
                    playing=self._level_title(playing),
                    m=match.rules.m,
                    n=match.rules.n,
                )
            )

    def _save(self, **changes: Any) -> None:
        """Keep a choice made here for the next launch (command-line options are not kept)."""
        self.settings = self.settings.changed(**changes)
        self.remembered = self.remembered.changed(**changes)
        if self.store is None:
            return
        try:
            self.store.save(self.remembered)
        except SettingsError as error:
            self.say(self._("Settings not saved: {reason}").format(reason=error))

    def _panel_lines(self) -> tuple[str, ...]:
        _ = self._
        if self.panel == "quit":
            return (_("Quit the game?"), _("Esc again: quit · any other key: play on"))
        if self.panel != "help":
            return ()
        names = skill_levels()
        return (
            _("Keys"),
            _("N: new game"),
            _("U: undo your last move"),
            _("H: hints on or off"),
            _("1-{last}: the computer's level, 1 {first} … {last} {strongest}").format(
                last=len(names),
                first=self._level_title(names[0]),
                strongest=self._level_title(names[-1]),
            ),
            _("S: sound on or off"),
            _("Esc: quit"),
            _("F1 or ?: this help"),
            _("Any key: back to the game"),
        )

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
        game, job = self.game, self._thinking
        if job is not None:
            if not job.done:
                return
            self._thinking = None
            try:
                board, cell = job.result()
            except NotYourTurnError:
                pass  # the position moved on before the worker read it
            except UnsolvableError:
                self._fit_level()
            else:
                game.apply(board, cell)
        if game.computer_to_move and game.unsupported_reason(game.turn) is None:
            self._thinking = Job(game.board, game.think)

    def _current_hints(self) -> dict[int, str] | None:
        if self._hints is not None and self._hints[0] is self.game.board:
            return self._hints[1]
        return None

    def _poll_hints(self) -> None:
        job, game = self._hint_job, self.game
        if job is not None:
            if not job.done:
                return
            self._hint_job = None
            try:
                self._hints = (job.key, job.result())
            except UnsolvableError:
                self._no_hints_here()
        if (
            self.hints_on
            and self._hint_problem is None
            and game.waiting_for_human
            and self._current_hints() is None
        ):
            self._hint_job = Job(game.board, _hint_values(game))

    def _no_hints_here(self) -> None:
        """Hints on a board too big to solve exactly: for now, say there are none."""
        self._hint_problem = self._("This board is too big for hints")
        self.say(self._hint_problem)

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
        self.speaker.play(self._sound_for(game, outcome))
        self._record_finished_game(game, outcome)

    def _record_finished_game(self, game: Game, outcome: Outcome) -> None:
        """Keep a finished game: the scoreboard if a person played, and the saved games."""
        if self._recorder is None:
            return
        for problem in save_finished(game, self._recorder):
            if isinstance(problem, ScoreboardError):
                reason = describe(problem, self._)
                self.say(self._("The scoreboard is unusable: {reason}").format(reason=reason))
            else:
                self.say(self._("Saved games unavailable: {reason}").format(reason=problem))

    def finish_saving(self, timeout: float = SAVE_GRACE_SECONDS) -> None:
        """Before the program ends: wait for a result still waiting for a busy scoreboard."""
        if self._recorder is not None:
            with contextlib.suppress(ScoreboardError):
                self._recorder.wait(timeout=timeout)

    def _sound_for(self, game: Game, outcome: Outcome) -> Sound:
        if outcome.winner is None:
            return Sound.DRAW
        if any(game.is_human(m) for m in Mark):
            return Sound.WIN if game.is_human(outcome.winner) else Sound.LOSE
        return Sound.WIN


def _hint_values(game: Game) -> Callable[[], dict[int, str]]:
    def work() -> dict[int, str]:
        return {cell: str(value.value) for cell, value in game.hint().items()}

    return work


def _post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
