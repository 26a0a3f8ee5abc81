"""The Pygame Zero game's state and handlers, over one :class:`~tictactoe.game.Match`.

:class:`PgzApp` has the methods Pygame Zero calls - ``draw(screen)``,
``update()``, ``on_mouse_down(pos, button)``, ``on_key_down(key)`` - and a
``title``; :mod:`.runner` binds them into the module pgzero runs. All rules
live in the match and its games: the app only draws them and turns clicks
and keys into calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from tictactoe import players
from tictactoe.archive import save_finished
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.game import Game, Match, NotYourTurnError, Outcome
from tictactoe.i18n import Translator
from tictactoe.sound import Sound
from tictactoe.stats import Scoreboard, ScoreboardError
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.audio import Speaker
from tictactoe.ui.pgz.levels import skill_levels
from tictactoe.ui.pgz.text import BannerText
from tictactoe.ui.pgz.worker import Job

MESSAGE_SECONDS = 3.0
"""How long a message stays in the banner."""

DIGIT_KEYS: Mapping[int, int] = {
    **{getattr(pygame, f"K_{d}"): d for d in range(1, 10)},
    **{getattr(pygame, f"K_KP{d}"): d for d in range(1, 10)},
}
"""Key code -> skill level, for the top-row and keypad digits."""


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
    ) -> None:
        self.match = match
        self._ = translator
        self.speaker = speaker if speaker is not None else Speaker(None, enabled=False)
        self.scoreboard = scoreboard
        self.layout = layout if layout is not None else view.Layout(match.rules)
        self._quit = quit if quit is not None else _post_quit
        self._clock = clock
        self.hints_on = False
        self._thinking: Job[tuple[Board, int]] | None = None
        self._hint_job: Job[dict[int, str]] | None = None
        self._hints: tuple[Board, dict[int, str]] | None = None
        self._hint_problem: str | None = None
        self._message: tuple[str, float] | None = None
        self._finished: Game | None = None
        self._text = BannerText(translator.language, view.BANNER_TEXT)
        self._start_message()

    # --- reading -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.match.game

    @property
    def title(self) -> str:
        """The window title: whose turn, or the result (seed 001: "Победа O", "Ничья")."""
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
        return f"{view.TITLE} — {status.format(mark=mark)}"

    @property
    def message(self) -> str | None:
        """The banner text at the bottom of the window now, if any."""
        _ = self._
        if self._message is not None and self._clock() < self._message[1]:
            return self._message[0]
        game = self.game
        if game.is_over:
            return _("Click for the next game")
        if game.computer_to_move and game.unsupported_reason(game.turn) is not None:
            return _("The computer cannot play this board: choose a level (1-9)")
        if self.hints_on and game.waiting_for_human and self._hint_problem is None:
            if self._current_hints() is None:
                return _("Working out hints…")
            return _("Hints: green wins, blue draws, red loses")
        return None

    @property
    def busy(self) -> bool:
        """True while the computer is thinking about the current position."""
        return self._thinking is not None and self._thinking.key is self.game.board

    def say(self, text: str) -> None:
        """Show ``text`` in the banner for a few seconds."""
        self._message = (text, self._clock() + MESSAGE_SECONDS)

    # --- Pygame Zero's hooks ---------------------------------------------------------

    def update(self) -> None:
        """Once per frame: take the computer's answer, start its next think, note the end."""
        self._poll_thinking()
        self._poll_hints()
        self._finish()

    def on_mouse_down(self, pos: tuple[int, int], button: int = 1) -> None:
        """Left click plays the cell under it (seed 001's ``xy_to_n``); after the end: next game."""
        if button != 1:
            return
        _ = self._
        if self.game.is_over:
            self.new_game()
            return
        cell = self.layout.xy_to_n(*pos)
        if cell is None:
            return
        try:
            self.game.play(cell)
        except NotYourTurnError:
            self.say(_("Wait for the computer's move"))
        except IllegalMoveError:
            self.say(_("That cell is taken"))
        self.update()

    def on_key_down(self, key: int) -> None:
        """N new game, U undo, H hints, 1-9 skill level, S sound, Esc quit."""
        if key == pygame.K_ESCAPE:
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

    def draw(self, screen: Any) -> None:
        """Draw the board on pgzero's ``screen`` in seed 001's colours, then the banner."""
        layout, board = self.layout, self.game.board
        outcome = self.game.outcome
        line = outcome.line if outcome is not None else frozenset()
        hints = self._current_hints() if self.hints_on else None
        screen.fill(view.GRID)
        for n in range(layout.rules.size):
            face = (
                view.HIGHLIGHT
                if n in line
                else view.hint_colour(hints[n])
                if hints is not None and n in hints
                else view.CELL_FACE
            )
            screen.draw.filled_rect(_rect(layout.cell_rect(n)), view.GRID)
            screen.draw.filled_rect(_rect(layout.border_rect(n)), view.BORDER)
            screen.draw.filled_rect(_rect(layout.face_rect(n)), face)
            mark = board[n]
            if mark is not None:
                screen.draw.text(
                    str(mark),
                    center=layout.n_to_xy(n),
                    color=view.GLYPH,
                    fontsize=layout.glyph_size,
                )
        text = self.message
        if text:
            self._draw_banner(screen, text)

    # --- what the keys do -------------------------------------------------------------

    def new_game(self) -> None:
        """Start the next game (who starts follows the match's rule)."""
        self.match.new_game()
        self._hints = None
        self._hint_problem = None
        self._start_message()
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
        """Sound on or off."""
        _ = self._
        speaker = self.speaker
        speaker.enabled = not speaker.enabled
        if speaker.enabled and not speaker.available:
            self.say(_("Sound is not available on this computer"))
        else:
            self.say(_("Sound on") if speaker.enabled else _("Sound off"))

    def choose_level(self, level: int) -> None:
        """Let skill level ``level`` (1-9) play against you, unless it cannot play this board."""
        _ = self._
        names = skill_levels()
        if not 1 <= level <= len(names):
            self.say(_("There is no level {level}").format(level=level))
            return
        name = names[level - 1]
        if players.get(name).unsupported_reason(self.match.rules) is not None:
            self.say(
                _("Level {level} ({name}) cannot play this board").format(level=level, name=name)
            )
            return
        self.match.set_opponent(name)
        self.say(_("Level {level}: {name}").format(level=level, name=name))
        self.update()

    # --- inside -------------------------------------------------------------------------

    def _start_message(self) -> None:
        _ = self._
        game = self.game
        people = [m for m in Mark if game.is_human(m)]
        if len(people) == 1:
            self.say(_("New game: you play {mark}").format(mark=people[0]))
        else:
            self.say(_("New game"))

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
                self.say(self._("The computer cannot play this board: choose a level (1-9)"))
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
                self._hint_problem = self._("This board is too big for hints")
                self.say(self._hint_problem)
        if (
            self.hints_on
            and self._hint_problem is None
            and game.waiting_for_human
            and self._current_hints() is None
        ):
            self._hint_job = Job(game.board, _hint_values(game))

    def _finish(self) -> None:
        """Once per finished game: the score, the scoreboard and the sound."""
        game = self.game
        outcome = game.outcome
        if outcome is None or self._finished is game:
            return
        self._finished = game
        self._message = None  # the result and "click for the next game" take over
        self.match.record()
        self.speaker.play(self._sound_for(game, outcome))
        if self.scoreboard is not None:
            for problem in save_finished(game, self.scoreboard):
                if isinstance(problem, ScoreboardError):
                    self.say(self._("The scoreboard is unusable: {reason}").format(reason=problem))
                else:
                    self.say(self._("Saved games unavailable: {reason}").format(reason=problem))

    def _sound_for(self, game: Game, outcome: Outcome) -> Sound:
        if outcome.winner is None:
            return Sound.DRAW
        if any(game.is_human(m) for m in Mark):
            return Sound.WIN if game.is_human(outcome.winner) else Sound.LOSE
        return Sound.WIN if outcome.winner is self.match.your_mark else Sound.LOSE

    def _draw_banner(self, screen: Any, text: str) -> None:
        layout = self.layout
        size = layout.banner_font_size
        block = self._text.block(text, size, layout.width - 12, smallest=size * 2 // 3)
        box = layout.banner_rect(block.get_height())
        strip = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        strip.fill(view.BANNER)
        screen.blit(strip, (box.x, box.y))
        x = box.x + (box.w - block.get_width()) // 2
        y = box.y + (box.h - block.get_height()) // 2
        screen.blit(block, (x, y))


def _rect(rect: view.Rect) -> pygame.Rect:
    return pygame.Rect(rect.x, rect.y, rect.w, rect.h)


def _hint_values(game: Game) -> Callable[[], dict[int, str]]:
    """Work for a hint job: the value of every free cell as "win" / "draw" / "loss"."""

    board = game.board

    def work() -> dict[int, str]:
        if game.board is not board:
            return {}  # stale before it began: never shown, its key is an old board
        return {cell: str(move.value) for cell, move in game.hint().items()}

    return work


def _post_quit() -> None:
    """Ask Pygame Zero's loop to end, as closing the window does."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
