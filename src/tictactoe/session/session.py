"""A window's game, toolkit-neutral: what it shows and every intent it takes (tk, Pygame Zero,
the terminal).

A :class:`Session` holds one :class:`~tictactoe.game.Match` and everything
around it that a window needs and that is not drawing: the computer's moves
and the hints as background jobs (:mod:`tictactoe.session.jobs`), a saved game
shown instead of the game (:class:`~tictactoe.session.replay.Replay`), the end of each
game (score, the one store of saved games, the sound cue), the level chosen and
the one standing in where it cannot play the board, the player's remembered
choices and the language.

The front-end contract (docs/architecture.md has it in full). A front end
gets the session, draws :meth:`Session.picture` - the board as one
:class:`~tictactoe.session.picture.BoardPicture`: marks, last move, winning
lines, hints, cursor, a refused cell - and says what :mod:`tictactoe.texts.sentences`
words for the session's state (in :attr:`Session.tr`'s language), with
:attr:`Session.result`, :attr:`Session.notice` (shown until the next action when
:attr:`Session.notice_lasting`) and :attr:`Session.progress`. It sends intents: play a
cell (:meth:`Session.play`), a new game, undo and redo, hints, choose a level,
a board, a think time, a language, show a saved game and step through it. It
calls :meth:`Session.update` from its timer or frame loop - which starts and
collects the background work - and draws again when that says something changed.

Nothing here waits: a computer's answer is collected by :meth:`update` once it
is there (and once the short pause that keeps it from feeling abrupt is over),
and an answer for a position that is gone is dropped.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe import players
from tictactoe.core.advice import can_solve
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.core.outcome import Termination
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.core.search import DEFAULT_SECONDS, Progress
from tictactoe.game import (
    HUMAN,
    Game,
    Match,
    NotYourTurnError,
    Score,
    Starter,
    check_player_name,
)
from tictactoe.players.own import PlayerForfeit
from tictactoe.saved.archive import Archive, ArchiveError, record_of
from tictactoe.saved.scoreboard import Scoreboard, Tally
from tictactoe.saved.settings import Choices, Settings
from tictactoe.saved.writer import SAVE_GRACE_SECONDS, Writer
from tictactoe.session.boards import fit_opponent, stand_in
from tictactoe.session.ending import ending_sound, scoreboard_unavailable
from tictactoe.session.jobs import Hints, Job, Jobs, Lane, computer_move, hints_for
from tictactoe.session.notices import NEXT_GAME, as_last_time, side_said
from tictactoe.session.picture import BoardPicture
from tictactoe.session.replay import Replay, SavedGames, Step, continue_from, list_saved
from tictactoe.session.sound import Sound
from tictactoe.texts.i18n import N_, Translator, translator
from tictactoe.texts.sentences import (
    Audience,
    Sides,
    announce,
    announce_forfeit,
    joined,
    progress,
    thinking,
    why,
)

REPLY_PAUSE = 0.4
"""Seconds the computer's reply comes at least after your move, so it does not feel abrupt
(a search that takes longer is not held back)."""
DEMO_DELAY = 0.5
"""Seconds between moves when two computer players play each other."""
END_CLICK_GUARD = 0.25
"""Seconds after a game ends during which a key for the next game does not start it, and
after the first click on a finished game's board during which another does not (a double
click, or one meant for the board before the result showed)."""
DETAIL_AFTER = 0.5
"""Seconds of thinking before the time shows (a quick answer shows none)."""
REFUSED_SECONDS = 0.4
"""How long a cell a click could not play shows as refused (:attr:`BoardPicture.refused`)."""


Said = Callable[[Translator], str]
"""A notice as words in any language: it is said again in another when the language changes."""


@dataclass(frozen=True)
class Played:
    """What became of a click on the board (:meth:`Session.play`)."""

    moved: bool
    """True when the cell was played."""
    refused: str = ""
    """Why not, when the window should show it at the cell: ``taken`` or ``wait``."""


class Session:
    """One window's match and everything around it; see the module's description.

    ``choices`` are this launch's settings (the remembered ones with the
    command line's options) and what the settings file holds, where every
    choice made in the window is kept (None: the match's level and think time,
    kept nowhere).
    ``scoreboard`` is the one store of finished games, shown in the window; every finished
    game goes to it through ``writer`` (the one writer of finished games; given by a command
    that waits for it at the end), else through a writer of its own; with neither, to the
    saved games in the data folder, and no scoreboard is shown.
    ``sound`` plays an end-of-game cue when the sound is on. ``clock`` and the
    pauses can be replaced (tests).
    """

    def __init__(
        self,
        match: Match,
        *,
        choices: Choices | None = None,
        scoreboard: Scoreboard | None = None,
        writer: Writer | None = None,
        sound: Callable[[Sound], object] | None = None,
        clock: Callable[[], float] = time.monotonic,
        reply_pause: float = REPLY_PAUSE,
        demo_delay: float = DEMO_DELAY,
        notice: str = "",
        name: str = "tictactoe",
    ) -> None:
        self.match = match
        if choices is None:
            level = match.opponent if match.opponent != HUMAN else players.DEFAULT_LEVEL
            choices = Choices(Settings(level=level, think=match.think_seconds or DEFAULT_SECONDS))
        self.choices = choices
        """This launch's settings and what the settings file keeps."""
        self.preferred = self.settings.level
        """The level the player chose; the match's opponent stands in where it cannot play."""
        self.tr: Translator = translator(self.settings.language)
        self.scoreboard = scoreboard
        if writer is None:
            writer = Writer(None if scoreboard is None else scoreboard.archive)
        self.writer = writer
        """Writes finished games; one that finds the file busy is written in the background."""
        self.archive: Archive | None = scoreboard.archive if scoreboard is not None else None
        """Where the saved games are listed from (None: the data folder's, when needed)."""
        self.save_problem: ArchiveError | None = None
        """Why the last finished game could not be kept, if it could not."""
        self._sound = sound
        self._clock = clock
        self.reply_pause = reply_pause
        self.demo_delay = demo_delay
        self.notice = ""
        """The latest thing to tell the player ("" for none); :attr:`notice_at` is when."""
        self.notice_at = clock()
        self.notice_lasting = False
        """True when :attr:`notice` stays until the player's next action (a window shows it
        that long), the computer's move leaving it: a change the player did not ask for."""
        self._telling: Said | None = None
        """What :attr:`notice` says, in any language (None: a notice said once, as it is)."""
        self.viewing: Replay | None = None
        """The saved game shown instead of the game, if one is."""
        self.hints_on = False
        """Hints shown for every move (else only after :meth:`hint`, for that move)."""
        self.ended_at = 0.0
        """When the last game ended (:attr:`clock` time)."""
        self.closed = False
        self.jobs = Jobs(name=name, clock=clock)
        """The helper the computer's moves and the hints are worked out on."""
        self._moves: Lane[tuple[Board, int]] = Lane(self.jobs)
        self._hint_lane: Lane[Hints] = Lane(self.jobs)
        self._answer: tuple[Board, int, float] | None = None
        """The computer's move, held until its pause is over: position, cell, when asked for."""
        self._demo_due: tuple[Board, float] | None = None
        self._failed: Board | None = None
        """A position the computer could not move in (not asked again)."""
        self._hints_failed: Board | None = None
        self._hints: Hints | None = None
        self._hint_once: Board | None = None
        self._ended: tuple[Game, int] | None = None
        self._forfeit: tuple[Game, PlayerForfeit] | None = None
        """The own player's failure that ended a game, and that game."""
        self._next_asked: Game | None = None
        """The finished game whose board was clicked once (:meth:`again`)."""
        self._kept: Game | None = None
        self._announced: tuple[str, Rules] | None = None
        self._refused: tuple[int, float] | None = None
        """The cell a click could not play, and until when it shows."""
        self._pictured: tuple[tuple[object, ...], BoardPicture] | None = None
        """The last picture and what it was made of (it is made again only when that changes)."""
        if match.think_nodes is None and match.think_seconds != self.settings.think:
            match.set_think(self.settings.think)
        self._launch(notice)

    # --- reading ------------------------------------------------------------------------

    @property
    def clock(self) -> Callable[[], float]:
        """The session's clock (a window times its messages on it too)."""
        return self._clock

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.match.game

    @property
    def settings(self) -> Settings:
        """The settings in use: the remembered ones with this launch's options."""
        return self.choices.settings

    @property
    def board(self) -> Board:
        """The position on the screen: the saved game's while one is shown, else the game's."""
        return self.viewing.board if self.viewing is not None else self.game.board

    @property
    def rules(self) -> Rules:
        """The board on the screen (the saved game's while one is shown)."""
        return self.viewing.record.rules if self.viewing is not None else self.match.rules

    @property
    def last_move(self) -> int | None:
        """The move that led to the position on the screen."""
        return self.viewing.last_move if self.viewing is not None else self.game.last_move

    def picture(self, cursor: int | None = None) -> BoardPicture:
        """The board on the screen as every front end draws it: the saved game's while one is
        shown, else the game's with its hints, the keyboard ``cursor`` (kept by the window,
        shown only while you can play there) and the cell just refused."""
        viewing, game = self.viewing, self.game
        board = self.board
        hints = self.hints
        if (
            viewing is not None
            or not game.waiting_for_human
            or cursor not in range(board.rules.size)
        ):
            cursor = None
        made = (board, hints, self.last_move, cursor, self.refused)
        pictured = self._pictured
        if pictured is not None and made[0] is pictured[0][0] and made[1:] == pictured[0][1:]:
            return pictured[1]
        picture = BoardPicture.of(board, made[2], hints=hints, cursor=cursor, refused=made[4])
        self._pictured = (made, picture)
        return picture

    @property
    def refused(self) -> int | None:
        """The cell a click could not play a moment ago (for :data:`REFUSED_SECONDS`)."""
        until = self.refused_until
        return self._refused[0] if self._refused is not None and until is not None else None

    @property
    def refused_until(self) -> float | None:
        """When the refused cell stops showing as refused (:attr:`clock` time), if one shows."""
        refused = self._refused
        if refused is None or self.viewing is not None or self._clock() >= refused[1]:
            return None
        return refused[1]

    @property
    def sides(self) -> Sides:
        """Who plays: you against the computer, two people, or a demo."""
        return Sides.of(self.match)

    @property
    def think_seconds(self) -> float:
        """How long a searching level thinks a move (and a big board's hint searches)."""
        return self.match.think_seconds or DEFAULT_SECONDS

    @property
    def thinking(self) -> bool:
        """True while the computer works on (or holds back) its move for the game's position."""
        if self.viewing is not None or not self.game.computer_to_move:
            return False
        board, job = self.game.board, self._moves.job
        if job is not None and job.key is board and not job.cancelled:
            return True
        return self._answer is not None and self._answer[0] is board

    @property
    def stuck(self) -> bool:
        """True when the computer is to move and could not (:attr:`notice` says why)."""
        return self.viewing is None and self.game.board is self._failed

    @property
    def hints(self) -> Hints | None:
        """The hints for the position on the screen, while they are wanted and found."""
        found = self._hints
        if found is None or not self._hints_wanted() or found.board is not self.game.board:
            return None
        return found

    @property
    def searching(self) -> bool:
        """True while a big board's hints are searched for the current position."""
        return self._hints_wanted() and self._hint_lane.busy(self.game.board)

    @property
    def report(self) -> Progress | None:
        """What the computer's search (or a big board's hint search) has found so far."""
        job = self._working()
        return None if job is None else job.progress

    @property
    def progress(self) -> str:
        """While the computer thinks or a hint searches: how long, of how long it may ("1.2 s
        of 3 s"); with the analysis on, the depth it has searched, the line it expects and the
        time so far. Nothing for the first moment (a quick answer shows none)."""
        job = self._working()
        if job is None:
            return ""
        seconds = self._clock() - job.started
        if self.settings.analysis and job.progress is not None:
            return progress(self.tr, self.match.rules, job.progress, seconds)
        if seconds < DETAIL_AFTER:
            return ""
        return thinking(self.tr, seconds, self.time_limit)

    @property
    def time_limit(self) -> float | None:
        """How long the work running may take, when it is timed: a searching level's think
        time, a big board's hint search (None: a level that stops when it is sure)."""
        if self.match.think_nodes is not None or self._working() is None:
            return None
        game = self.game
        if self.thinking:
            thinks = players.get(game.player(game.turn), own=True).thinks
            return self.think_seconds if thinks else None
        return None if can_solve(game.board) else self.think_seconds

    def _working(self) -> Job[Any] | None:
        lane: Lane[Any] | None = (
            self._moves if self.thinking else self._hint_lane if self.searching else None
        )
        return None if lane is None else lane.job

    def wait(self, timeout: float) -> None:
        """Block up to ``timeout`` seconds for the background work to answer (a front end that
        waits, as the terminal does, instead of polling from a timer)."""
        job = self._working()
        if job is not None:
            job.wait(timeout)

    @property
    def working(self) -> bool:
        """True while background work runs or waits to be collected (a window then polls)."""
        return (
            self.jobs.running > 0
            or self._answer is not None
            or self._demo_due is not None
            or any(lane.job is not None for lane in (self._moves, self._hint_lane))
        )

    def level_title(self, name: str) -> str:
        """A level's title in the player's language (``Medium``)."""
        return self.tr.gettext(players.title_of(name))

    def levels(self) -> tuple[players.Strategy, ...]:
        """The levels that play the current board."""
        return players.levels_for(self.match.rules)

    def protection(self, tr: Translator | None = None) -> str:
        """The line saying what confines the own players of the match, in the player's
        language (``tr``'s if given; "" when none plays)."""
        names = [self.match.opponent, self.match.you]
        if not any(players.is_own(name) for name in names):
            return ""
        from tictactoe.players.confinement import protection_line

        return protection_line(names, (tr or self.tr).gettext) or ""

    @property
    def result(self) -> str:
        """How the game ended, for the one reading (:meth:`Audience.of_game`), "" while it goes
        on: an own player's failure in short ("forever.py ran out of time: you win."; the
        notice gives the reason in full), else :func:`~tictactoe.texts.sentences.announce`'s
        sentence ("Hooray! You have won the game!")."""
        return self.result_for(Audience.of_game(self.game))

    def result_for(self, audience: Audience) -> str:
        """:attr:`result` as told to ``audience`` (the terminal names a demo's sides)."""
        game = self.game
        outcome = game.outcome
        if outcome is None:
            return ""
        failed = self._forfeit
        if failed is not None and failed[0] is game and outcome.termination is Termination.FORFEIT:
            return announce_forfeit(failed[1], outcome, audience, self.tr)
        return announce(outcome, audience, self.tr)

    def say(self, text: str, *, lasting: bool = False) -> None:
        """Tell the player ``text`` (the window shows :attr:`notice`); ``lasting``: until the
        player's next action (:attr:`notice_lasting`)."""
        self.notice = text
        self.notice_at = self._clock()
        self.notice_lasting = lasting and bool(text)
        self._telling = None

    def tell(self, said: Said, *, lasting: bool = False) -> None:
        """Tell the player what ``said`` words, in the player's language (and in another when
        the language changes); "" says nothing."""
        self.say(said(self.tr), lasting=lasting)
        self._telling = said if self.notice else None

    def _launch(self, notice: str) -> None:
        """Say at launch, until the first action: ``notice`` (the window's), the settings in
        force as last time, a level standing in for the one remembered, what confines a
        player file playing."""
        stood_in = self._fitted()
        choices, match = self.choices, self.match

        def said(tr: Translator) -> str:
            return joined(
                (
                    notice,
                    as_last_time(choices, match, tr),
                    stood_in(tr) if stood_in is not None else "",
                    self.protection(tr),
                ),
            )

        self.tell(said, lasting=True)

    # --- playing ------------------------------------------------------------------------

    def play(self, cell: int) -> Played:
        """A click (or Enter) on ``cell``: play it; on a finished game, start the next one
        unless the game ended a moment ago."""
        _ = self.tr.gettext
        if self.viewing is not None:
            self.say(_("This is a saved game: Play from here to go on from this position."))
            return Played(False)
        game = self.game
        if game.is_over:
            self.again()
            return Played(False)
        try:
            game.play(cell)
        except NotYourTurnError:
            return self._refuse(cell, "wait", _("Wait for the computer's move."))
        except IllegalMoveError:
            return self._refuse(cell, "taken", _("That cell is taken."))
        self._refused = None
        self.say("")
        self._hint_lane.cancel()
        return Played(True)

    def _refuse(self, cell: int, why: str, said: str) -> Played:
        """A click on ``cell`` that could not be played: say ``said``, show the cell refused."""
        self.say(said)
        if cell in range(self.game.rules.size):
            self._refused = (cell, self._clock() + REFUSED_SECONDS)
        return Played(False, why)

    def next_game(self) -> bool:
        """After a game has ended, a key for the next one starts it - unless the game ended a
        moment ago and the key was meant for its last move. True if one started."""
        self._finish()  # the end is counted and kept before anything else
        if not self.game.is_over or self._clock() - self.ended_at < END_CLICK_GUARD:
            return False
        self.new_game()
        return True

    def again(self) -> bool:
        """A click on the board of a finished game: the first says the game is over and that
        another click starts the next one (:data:`~tictactoe.session.notices.NEXT_GAME`, kept
        until then), so the result stays in sight; that click, a moment later, starts it.
        True if one started."""
        self._finish()
        game = self.game
        if not game.is_over:
            return False
        if self._next_asked is game and self._telling is _next_game_said:  # said, and shown
            if self._clock() - self.notice_at < END_CLICK_GUARD:
                return False
            self.new_game()
            return True
        self._next_asked = game
        self.tell(_next_game_said, lasting=True)
        return False

    def new_game(
        self,
        *,
        you_start: bool | None = None,
        rules: Rules | None = None,
        moves: tuple[int, ...] = (),
    ) -> None:
        """Start the next game (who starts follows the match's rule unless given), on ``rules``'s
        board if given, from ``moves`` played; any thinking or saved game shown is dropped."""
        self._cancel()
        self.viewing = None
        match = self.match
        before, mark = match.rules, match.your_mark
        match.new_game(you_start=you_start, rules=rules)
        self.say("")
        if match.rules != before:
            self.remember(board=match.rules)  # a problem with the file is said
        kept, stood_in = self.notice, self._fitted()
        side = mark if you_start is None else match.your_mark  # a side chosen is not news

        def said(tr: Translator) -> str:
            level = stood_in(tr) if stood_in is not None else ""
            return joined((kept, level, side_said(tr, match, side)))

        self.tell(said, lasting=True)
        continue_from(self.game, moves)

    def play_as(self, mark: Mark) -> None:
        """A new game against the computer, you playing ``mark`` (X moves first)."""
        if self.match.opponent == HUMAN:
            self.match.opponent = players.fit_level(self.preferred, self.match.rules, own=True)
        self.new_game(you_start=mark is Mark.X)

    def play_two(self) -> None:
        """A new game between two people at this board."""
        self.match.opponent = HUMAN
        self.new_game()

    def undo(self) -> bool:
        """Take back your last move and the computer's answer; True if anything was."""
        return self._rewind(self.game.can_undo, self.game.undo, N_("There is nothing to undo."))

    def redo(self) -> bool:
        """Play again what undo took back; True if anything was."""
        return self._rewind(self.game.can_redo, self.game.redo, N_("There is nothing to redo."))

    def _rewind(self, can: bool, step: Callable[[], int], nothing: str) -> bool:
        """Undo or redo (``step``, when it ``can``) unless a saved game is shown; ``nothing`` is
        said when it has nothing to do."""
        if self.viewing is not None:
            return False
        if not can:
            self.say(self.tr.gettext(nothing))
            return False
        self._cancel()
        step()
        self.say("")
        return True

    def hint(self) -> None:
        """Hints for this move only: every free cell's value where the board can be solved,
        else the engine's best moves. A notice about an earlier action goes: the hints (and
        their legend) are what the player now asked for."""
        if self.viewing is None and self.game.waiting_for_human:
            self._hint_once = self.game.board
            self.say("")

    def set_hints(self, on: bool) -> None:
        """Hints for every move, or none (a search for them stops); a notice about an earlier
        action goes."""
        self.hints_on = on
        self.say("")
        if not on:
            self._hint_once = None
            self._hint_lane.cancel()

    def stop_hint(self) -> None:
        """Show a big board's hints now: the search ends with the best moves found so far."""
        if self.searching:
            self._hint_lane.stop()

    # --- choices ---------------------------------------------------------------------------

    def choose_level(self, name: str) -> bool:
        """Let level ``name`` play from its next move on (remembered); False, and a notice, when
        it cannot play this board. A move already being thought about is finished at the old
        level."""
        strategy = players.get(name, own=True)
        if not strategy.plays(self.match.rules):
            self.say(
                self.tr.gettext("{level} does not play {m} x {n}: choose another level.").format(
                    level=self.level_title(name), m=self.match.rules.m, n=self.match.rules.n
                )
            )
            return False
        self.preferred = strategy.name
        if self.match.opponent not in (HUMAN, strategy.name):
            self.match.set_opponent(strategy.name)
        self.say(self.protection())
        if not players.is_own(strategy.name):  # a program is chosen again each time
            self.remember(level=strategy.name)
        return True

    def set_opponent(self, name: str) -> None:
        """Who plays you from the next game on: a level (the one chosen from then on, standing
        aside on boards it cannot play) or ``human``."""
        if name != HUMAN:
            self.preferred = players.get(name, own=True).name
        self.match.opponent = check_player_name(name)

    def choose_board(self, rules: Rules) -> None:
        """A new game on ``rules``'s board (remembered)."""
        self.new_game(rules=rules)

    def set_starter(self, starter: Starter) -> None:
        """Who starts, from the next game on."""
        self.match.starter = starter

    def set_think(self, seconds: float) -> None:
        """How long a searching level thinks a move from its next move on, and how long a big
        board's hint searches (remembered)."""
        self.match.set_think(seconds)
        self.remember(think=seconds)

    def set_analysis(self, on: bool) -> None:
        """Show the computer's depth and expected line while it thinks, or only the time
        (remembered)."""
        self.remember(analysis=on)

    def set_sound(self, on: bool) -> None:
        """The end-of-game sounds on or off (remembered)."""
        self.remember(sound=on)

    def set_language(self, code: str) -> None:
        """Every text in language ``code`` from now on (remembered); the notice showing is
        said again in it where it is one of the catalog's sentences or the line about a level
        standing in for another (anything else, a name in it say, stays as it was said)."""
        before = self.tr
        self.tr = translator(code)
        if self._telling is not None:
            self.notice = self._telling(self.tr)
        elif self.notice:
            self.notice = self._said_again(self.notice, before)
        self.remember(language=self.tr.language)

    def _said_again(self, notice: str, before: Translator) -> str:
        """``notice``, said in ``before``'s language, in the language now chosen."""
        english = {text: key for key, text in before.messages().items() if isinstance(key, str)}
        return self.tr.gettext(english.get(notice, notice))

    def remember(self, **changes: Any) -> None:
        """Use a choice made in the window now and keep it for the next launch (options given
        on the command line apply to this launch alone)."""
        problem = self.choices.remember(**changes)
        if problem is not None:
            self.say(self.tr.gettext("Settings not saved: {reason}").format(reason=problem))

    # --- the scoreboard --------------------------------------------------------------------

    def tallies(self) -> list[Tally] | None:
        """Every recorded game's tally, or None (and a notice) when the saved games cannot be
        read."""
        if self.scoreboard is None:
            return []
        try:
            return self.scoreboard.tallies()
        except ArchiveError as error:
            self.say(scoreboard_unavailable(error, self.tr))
            return None

    def saved_games(self, limit: int) -> SavedGames:
        """The latest ``limit`` saved games, or why they cannot be read; it reads the file, so
        a window asks for it on a lane of :attr:`jobs`."""
        return list_saved(self.archive, limit)

    def reset_scores(self) -> None:
        """Forget every recorded game (the window has asked first) and this session's score."""
        self.match.score = Score()
        if self.scoreboard is not None:
            try:
                self.scoreboard.reset()
            except ArchiveError as error:
                self.say(scoreboard_unavailable(error, self.tr))
                return
        self.say(self.tr.gettext("The scoreboard is empty."))

    # --- a saved game shown ----------------------------------------------------------------

    def show_record(self, record: Record, name: str, ply: int = 0) -> None:
        """Show ``record`` (called ``name``) from position ``ply``; the game waits behind it (its
        thinking is cancelled, and starts again when the game is back)."""
        self._cancel()
        self.viewing = Replay(record, name, ply)
        self.say("")

    def step(self, step: Step) -> None:
        """One of the replay's steps: first, back, forward, last, play on, close."""
        viewing = self.viewing
        if viewing is None:
            return
        if step is Step.CLOSE:
            self.close_replay()
        elif step is Step.PLAY:
            self.play_from_here()
        elif viewing.go(step):
            self.say("")

    def play_from_here(self) -> None:
        """A new game from the position shown: you play the side to move (against the level
        playing, or two people, as now); the moves before it can be undone."""
        viewing = self.viewing
        if viewing is None:
            return
        _ = self.tr.gettext
        if not viewing.can_play_on:
            self.say(_("The game is over in this position."))
            return
        mover = viewing.board.turn
        you_start = mover is Mark.X if self.match.you == HUMAN else None
        self.new_game(you_start=you_start, rules=viewing.record.rules, moves=viewing.moves_so_far)
        number = len(self.game.moves)
        if self.match.opponent == HUMAN:
            self.say(_("Playing on from move {number}.").format(number=number))
        else:
            self.say(
                _("Playing on from move {number}: you play {mark}.").format(
                    number=number, mark=mover
                )
            )

    def close_replay(self) -> None:
        """Back to the game as it was; the computer goes on thinking if it was its turn."""
        if self.viewing is not None:
            self.viewing = None
            self.say("")

    # --- the background work ---------------------------------------------------------------

    def update(self) -> bool:
        """Collect what the background work has found and start what comes next: the computer's
        move, the hints, the end of a game (and a refused cell's frame ends). True when what
        the window shows has changed."""
        if self.closed:
            return False
        changed = False
        if self._refused is not None and self.refused_until is None:  # no longer shown
            self._refused = None
            changed = True
        if self.viewing is None:
            changed |= self._collect_move()
            changed |= self._finish()
            changed |= self._start_thinking()
            changed |= self._collect_hints()
        return changed

    def _start_thinking(self) -> bool:
        """Ask for the computer's move when it is to move; True when it starts thinking."""
        game = self.game
        board = game.board
        if not game.computer_to_move or self._answer is not None or board is self._failed:
            return False
        job = self._moves.job
        if job is not None and job.key is board and not job.cancelled:
            return False
        if game.unsupported_reason(game.turn) is not None:
            self._fit_level()
            if game.unsupported_reason(game.turn) is not None:
                return False
        if not any(game.is_human(mark) for mark in Mark) and self.demo_delay > 0:
            due = self._demo_due
            if due is None or due[0] is not board:
                self._demo_due = (board, self._clock() + self.demo_delay)
                return False
            if self._clock() < due[1]:
                return False
        self._demo_due = None
        self._moves.want(board, computer_move(game))
        return True

    def _could_not_move(self, error: Exception) -> bool:
        """Say what stopped the computer, once: it is not asked again in this position."""
        self._failed = self.game.board
        self.say(
            self.tr.gettext("The computer could not move: {error}").format(
                error=why(self.tr, error)
            )
        )
        return True

    def _collect_move(self) -> bool:
        game = self.game
        if self._answer is None:
            job = self._moves.job
            try:
                answer = self._moves.take(game.board)
            except NotYourTurnError:  # the position moved on
                self._fit_level()
                return False
            except UnsolvableError as error:
                if game.unsupported_reason(game.turn) is not None:  # the level no longer fits
                    self._fit_level()
                    return False
                return self._could_not_move(error)  # it fits the board, not this position
            except PlayerForfeit as failure:  # an own player that failed loses the game
                game.resign(game.turn, Termination.FORFEIT)
                self._forfeit = (game, failure)
                self.tell(_forfeit_said(failure))
                return True
            except Exception as error:
                return self._could_not_move(error)
            if answer is None or job is None:
                return False
            board, cell = answer[0]
            self._answer = (board, cell, job.started)
        board, cell, asked = self._answer
        if board is not game.board:
            self._answer = None
            return False
        if self._clock() < asked + self.reply_pause:
            return False
        self._answer = None
        if game.apply(board, cell) and not self.notice_lasting:
            self.say("")  # what it said was about the position before
        return True

    def _hints_wanted(self) -> bool:
        game = self.game
        return (
            self.viewing is None
            and game.waiting_for_human
            and (self.hints_on or self._hint_once is game.board)
        )

    def _collect_hints(self) -> bool:
        board = self.game.board
        if not self._hints_wanted():
            self._hint_lane.cancel()
            return False
        if (self._hints is not None and self._hints.board is board) or board is self._hints_failed:
            return False
        try:
            answer = self._hint_lane.take(board)
        except Exception as error:  # whatever stopped the hint is said in the status
            self._hints_failed = board
            self.say(self.tr.gettext("No hints: {error}").format(error=why(self.tr, error)))
            return True
        if answer is None:
            job = self._hint_lane.job
            if job is not None and job.key is board and not job.cancelled:
                return False
            self._hint_lane.want(board, hints_for(self.game))
            return True  # a big board's search shows that it works
        self._hints = answer[0]
        return True

    def _finish(self) -> bool:
        """Once per finished game: the score, the saved games, the sound."""
        game = self.game
        outcome = game.outcome
        ended = (game, len(game.moves))
        if outcome is None or self._ended == ended:
            return False
        self._ended = ended
        self.ended_at = self._clock()
        self.match.record()
        if self._kept is not game:
            self._kept = game
            self.save_problem = self.writer.save(record_of(game))
            if self.save_problem is not None:
                self.say(scoreboard_unavailable(self.save_problem, self.tr))
        if self._sound is not None and self.settings.sound:
            self._sound(ending_sound(game, outcome))
        return True

    def _fit_level(self) -> None:
        """Let the chosen level play, or where it cannot, the strongest that can (said once)."""
        stood_in = self._fitted()
        if stood_in is not None:
            self.tell(stood_in)

    def _fitted(self) -> Said | None:
        """Let the chosen level play, or where it cannot, the strongest that can: the line
        saying which plays instead, the first time for this level and board (else None)."""
        preferred, rules = self.preferred, self.match.rules
        if not fit_opponent(self.match, preferred, self.tr):
            return None
        if self._announced == (preferred, rules):
            return None
        self._announced = (preferred, rules)
        playing = self.match.opponent
        return lambda tr: stand_in(tr.gettext, preferred, playing, rules)

    def _cancel(self) -> None:
        """Drop the computer's move and the hints: the position they were for is gone."""
        self._moves.cancel()
        self._hint_lane.cancel()
        self._answer = self._demo_due = None
        self._hint_once = None

    def close(self) -> None:
        """The window is closing: stop every search, and wait a moment for a result still
        waiting for a busy saved-games file."""
        if self.closed:
            return
        self.closed = True
        self._cancel()
        self.jobs.close()
        with contextlib.suppress(ArchiveError):
            self.writer.wait(timeout=SAVE_GRACE_SECONDS)


def _next_game_said(tr: Translator) -> str:
    """:data:`~tictactoe.session.notices.NEXT_GAME` in ``tr``'s language."""
    return tr.gettext(NEXT_GAME)


def _forfeit_said(failure: PlayerForfeit) -> Said:
    """Why ``failure``'s player lost, in full, in any language."""
    return lambda tr: failure.said(tr.gettext)
