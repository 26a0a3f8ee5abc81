"""The terminal game: draw, ask for a move or wait for the computer's, end, score, play again.

The game itself is a :class:`~tictactoe.session.Session`, as in the windows:
the computer's moves and the hints are worked out on its background helper
while the terminal shows a spinner (and keeps what is typed meanwhile), and
the end of each game is counted and kept once in the saved games. This module
only asks and tells.

One board per turn: after your move the computer answers and the board is
drawn once, with its move in brackets, so a 15 x 15 game fits a 24-line
terminal. Between games, and at the move prompt with ``new``, the settings
can be changed without leaving the program.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping
from enum import Enum

from tictactoe import players
from tictactoe.core import DEFAULT_SECONDS, Mark, Numbering, Rules
from tictactoe.core.advice import Suggestion, can_solve
from tictactoe.core.analysis import MoveValue, best_moves
from tictactoe.core.strategies.perfect import PerfectPlayer
from tictactoe.game import HUMAN, Game, Match, Score
from tictactoe.saved import settings
from tictactoe.saved.scoreboard import describe
from tictactoe.saved.writer import Writer
from tictactoe.session import Session
from tictactoe.session.board_text import default_numbering, render, terminal_columns
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.ui.terminal import answers, messages, setup
from tictactoe.ui.terminal.answers import Command, Think
from tictactoe.ui.terminal.prompts import Prompter, Quit
from tictactoe.ui.terminal.setup import Choices, ask_settings
from tictactoe.ui.terminal.thinking import Thinking, prefill

WAIT_STEP = 0.05
"""Seconds between two looks at the background work while the spinner turns."""


class NewGame(Exception):
    """``new`` at the move prompt: leave this game and choose the next one's settings."""


class Again(Enum):
    """The answer to "play again?"."""

    YES = "yes"
    NO = "no"
    CHANGE = "change"
    REOPENED = "reopened"
    """``undo`` took back the end of the game: play on."""


class TerminalGame:
    """Games of one :class:`Match` in a terminal, until the player has had enough.

    ``numbering`` is the cell naming the player chose (None: numpad on 3 x 3,
    coordinates elsewhere, following the board); ``choices`` are the flags,
    for the questions asked again between games. ``delay`` is the pause
    before each move when no person plays (a demo); ``writer`` saves every
    finished game (None: the session's own, to the data folder; a busy file is
    written in the background: :class:`~tictactoe.saved.writer.Writer`). ``columns`` is the
    width boards must fit (None: the terminal's). ``analysis`` shows the depth the computer
    has searched and the line it expects while it thinks (else how long it has thought).
    """

    def __init__(
        self,
        match: Match,
        prompter: Prompter,
        tr: Translator,
        *,
        numbering: Numbering | None = None,
        choices: Choices | None = None,
        colour: bool = False,
        delay: float = 0.0,
        writer: Writer | None = None,
        sleep: Callable[[float], None] = time.sleep,
        columns: int | None = None,
        analysis: bool = False,
    ) -> None:
        level = match.opponent if match.opponent != HUMAN else players.DEFAULT_LEVEL
        self.session = Session(
            match,
            choices=settings.Choices(
                settings.Settings(
                    language=tr.language,
                    level=level,
                    think=match.think_seconds or DEFAULT_SECONDS,
                    analysis=analysis,
                )
            ),
            writer=writer,
            reply_pause=0.0,
            demo_delay=0.0,
            name="terminal",
        )
        self.prompter = prompter
        self.tr = tr
        self.choices = choices or Choices(you=match.you, numbering=numbering)
        self.fixed_numbering = numbering
        self.colour = colour
        self.delay = delay
        self.sleep = sleep
        self.columns = columns
        self.scoreboard_reported = False
        self.scores: dict[tuple[str, str, Rules], Score] = {}
        """This session's score against each opponent on each board (who plays your side too)."""
        self.held = ""
        """What the player typed while the computer thought, for the next move prompt."""
        self._advisor: PerfectPlayer | None = None

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.session.match

    @property
    def numbering(self) -> Numbering:
        """How cells are named on the current board: as chosen, else as a Python player numbers
        them on 3 x 3 when one plays (0 to 8 from the top left), else :func:`default_numbering`."""
        rules = self.match.rules
        if self.fixed_numbering is not None:
            return self.fixed_numbering
        python = any(players.speaks_index(self.match.game.player(mark)) for mark in Mark)
        if python and (rules.m, rules.n) == (3, 3):
            return Numbering.INDEX
        return default_numbering(rules)

    @property
    def think_seconds(self) -> float:
        """Seconds a searching player (and a big board's hint) thinks per move."""
        return self.session.think_seconds

    @property
    def searching(self) -> bool:
        """True when a computer player of this game thinks for the thinking time (Expert, or
        an own player: its time limit)."""
        return self.thinker is not None

    @property
    def thinker(self) -> str | None:
        """The computer player of this game that thinks for the thinking time, if one does."""
        game = self.match.game
        return next(
            (
                name
                for mark in Mark
                if not game.is_human(mark)
                and players.get(name := game.player(mark), own=True).thinks
            ),
            None,
        )

    @property
    def think_shown(self) -> float | None:
        """The thinking time when it matters here (Expert plays, or hints need the engine)."""
        if self.searching or not can_solve(self.match.game.board):
            return self.think_seconds
        return None

    @property
    def kind(self) -> sentences.Sides:
        """Who plays: you against the computer, two people, or a demo."""
        return self.session.sides

    def run(self) -> None:
        """Play games until the answer to "play again?" is no (or ``quit``)."""
        try:
            self.announce()
            while True:
                try:
                    self.play_on()
                except NewGame:
                    self.change()
                    continue
                again = self.ask_again()
                if again is Again.REOPENED:
                    continue
                if again is Again.NO:
                    break
                if again is Again.CHANGE:
                    self.change()
                else:
                    self.session.new_game()
                    self.announce()
        except Quit:
            pass
        finally:
            self.session.close()  # a search still running stops at once
        self.prompter.say(self.tr.gettext("Goodbye!"))

    def announce(self, *, score: bool = False) -> None:
        """The rules, who plays what and goes first, what confines a player file, and the
        empty board; with ``score``, this opponent's and board's score so far, if it has one."""
        self.keep_score()
        self.prompter.say()
        self.prompter.say(messages.rules_line(self.tr, self.match.rules))
        if score and self.match.score.games:
            self.prompter.say(messages.score_line(self.tr, self.match))
        self.prompter.say(messages.who_starts(self.tr, self.match))
        if self.thinker is not None:
            self.prompter.say(messages.think_line(self.tr, self.think_seconds, self.thinker))
        if protection := self.session.protection():
            self.prompter.say(protection)
        self.show_board()

    def change(self) -> None:
        """Ask every setting again (Enter keeps it) and start a game with the answers."""
        self.prompter.say()
        match = self.match
        current = setup.Settings(match.rules, match.opponent, match.starter, match.you)
        chosen = ask_settings(self.choices, self.prompter, self.tr, current=current)
        match.starter = chosen.starter
        self.session.set_opponent(chosen.opponent)
        self.session.new_game(rules=chosen.rules)
        self.announce(score=True)

    def keep_score(self) -> None:
        """Count the games from now on in the score of this opponent on this board (a new one
        the first time, the one kept when they meet again)."""
        match = self.match
        match.score = self.scores.setdefault((match.you, match.opponent, match.rules), Score())

    def play_on(self) -> None:
        """Moves until the game is over, then the result and score."""
        game = self.match.game
        while not game.is_over:
            if game.waiting_for_human:
                self.human_turn()
            else:
                self.computer_turn()
        self.finish()

    def ask_again(self) -> Again:
        """The question "play again?", which also offers to change the settings."""
        while True:
            answer = self.prompter.ask(
                self.tr.gettext(
                    "Do you want to play again? (yes, no, or new to change the settings)"
                ),
                lambda text: answers.parse_again(text, self.tr),
            )
            if answer is True:
                return Again.YES
            if answer is False:
                return Again.NO
            if answer is Command.NEW:
                return Again.CHANGE
            if isinstance(answer, Think):
                self.think(answer)
            elif answer in (Command.HELP, Command.HINT):
                for line in messages.after_game_help_lines(self.tr, self.kind, self.think_shown):
                    self.prompter.say(line)
            elif answer is Command.RESIGN:
                self.prompter.say(self.tr.gettext("The game is over already."))
            elif self.command(answer):
                return Again.REOPENED

    def show_board(
        self, hints: Mapping[int, str] | None = None, recommended: int | None = None
    ) -> None:
        """Draw the current position, the last move marked (and a hint, if given)."""
        self.prompter.say()
        self.prompter.say(
            render(
                self.session.picture(),
                self.numbering,
                colour=self.colour,
                columns=self.columns or terminal_columns(),
                hints=hints,
                recommended=recommended,
            )
        )
        self.prompter.say()

    def human_turn(self) -> None:
        """Ask until a move is played (commands are carried out on the way)."""
        game = self.match.game
        while True:
            if self.held:
                prefill(self.held)
                self.held = ""
            answer = self.prompter.ask(
                messages.move_question(self.tr, self.match, self.numbering),
                lambda text: answers.parse_move(text, self.tr, game.board, self.numbering),
            )
            if isinstance(answer, Think):
                self.think(answer)
                continue
            if isinstance(answer, int):
                if not self.session.play(answer).moved:
                    self.prompter.say(self.tr.gettext("That cell is taken."))
                    continue
                if game.is_over or game.waiting_for_human:  # else the computer's answer shows
                    self.show_board()
                return
            if self.command(answer):
                return

    def command(self, command: Command) -> bool:
        """Carry out ``command``; True when the position changed (the board is redrawn)."""
        game = self.match.game
        if command is Command.QUIT:
            raise Quit
        if command is Command.HELP:
            for line in messages.help_lines(
                self.tr, self.kind, game.rules, self.numbering, self.think_shown
            ):
                self.prompter.say(line)
            return False
        if command is Command.HINT:
            self.hint()
            return False
        if command is Command.NEW:
            if game.moves and not game.is_over:
                self.prompter.say(
                    self.tr.gettext("This game is left unfinished: it does not count.")
                )
            raise NewGame
        if command is Command.RESIGN:
            return self.resign()
        if command is Command.UNDO:
            return self.undo()
        return self.redo()

    def think(self, answer: Think) -> None:
        """``think``: say the thinking time; ``think 5``: set it, for this game and the next."""
        if answer.seconds is None:
            self.prompter.say(messages.think_shown(self.tr, self.think_seconds))
            return
        self.session.set_think(answer.seconds)
        self.prompter.say(messages.think_set(self.tr, answer.seconds))

    def undo(self) -> bool:
        """Take back the last person's move (and the computer's answer), saying which."""
        game = self.match.game
        if not self.person_plays():
            self.prompter.say(self.tr.gettext("There is nothing to undo."))
            return False
        before = self._moves(game)
        if not self.session.undo():
            self.prompter.say(self.session.notice)
            return False
        self.show_board()
        steps = len(before) - len(game.moves)
        self.prompter.say(messages.took_back(self.tr, game.rules, self.numbering, before[-steps:]))
        return True

    def redo(self) -> bool:
        """Play again what undo took back, saying which moves."""
        game = self.match.game
        before = len(game.moves)
        if not self.session.redo():
            self.prompter.say(self.session.notice)
            return False
        self.show_board()
        after = self._moves(game)
        self.prompter.say(
            messages.played_again(self.tr, game.rules, self.numbering, after[before:])
        )
        return True

    @staticmethod
    def _moves(game: Game) -> list[messages.Move]:
        """Every move so far with the mark that played it (X moves first)."""
        return [
            (Mark.X if index % 2 == 0 else Mark.O, cell) for index, cell in enumerate(game.moves)
        ]

    def resign(self) -> bool:
        """Give up the game after asking (it counts as a loss); True when resigned."""
        game = self.match.game
        sure = self.prompter.ask(
            self.tr.gettext("Do you really want to resign? It counts as a loss. (yes or no)"),
            lambda text: answers.parse_yes_no(text, self.tr),
        )
        if not sure:
            return False
        game.resign(game.turn)
        return True

    def hint(self) -> None:
        """Every free cell's outcome on the board and grouped in a list, the best marked; on
        boards too big to solve exactly, the engine's best moves for the thinking time (a
        spinner shows its progress; Enter stops it early with what it found)."""
        session, game = self.session, self.match.game
        exact = can_solve(game.board)
        stop = threading.Event()
        note = (
            self.tr.gettext("Working out the hint")
            if exact
            else self.tr.gettext("Working out the hint (Enter stops it)")
        )
        session.say("")
        session.hint()
        with self.thinking(note, None if exact else stop) as thinking:
            session.update()
            while session.hints is None and not session.notice and session.working:
                if stop.is_set():
                    session.stop_hint()
                self._wait(thinking)
                session.update()
        self.held = thinking.held
        found = session.hints
        if found is None:
            self.prompter.say(session.notice)
        elif found.exact:
            self._exact_hint(found.moves)
        elif found.suggestions:
            self._suggested(found.suggestions, stopped=stop.is_set())

    def _exact_hint(self, values: Mapping[int, MoveValue]) -> None:
        game = self.match.game
        recommended = self.recommended(values)
        self.prompter.say(self.tr.gettext("Hint, if both sides play their best:"))
        symbols = {cell: messages.HINT_SYMBOLS[value.value] for cell, value in values.items()}
        self.show_board(hints=symbols, recommended=recommended)
        for line in messages.hint_lines(
            self.tr, self.kind, game.rules, self.numbering, values, recommended, game.turn.other
        ):
            self.prompter.say(line)

    def recommended(self, values: Mapping[int, MoveValue]) -> int:
        """The move to recommend: among the best, the one the perfect player would choose
        (it leaves the opponent the most ways to go wrong), the lowest cell among equals."""
        best = best_moves(dict(values))
        if self._advisor is None:
            self._advisor = PerfectPlayer(random.Random(0), solver=self.match.solver)
        choices = self._advisor.candidates(self.match.game.board)
        return choices[0] if choices and choices[0] in best else best[0]

    def _suggested(self, found: tuple[Suggestion, ...], *, stopped: bool) -> None:
        """A big board's hint: its best moves marked on the board and listed with verdicts."""
        game = self.match.game
        if all(s.exact for s in found):  # proved, not searched: one move at a time on this board
            heading = self.tr.gettext("Hint, if both sides play their best:")
        elif stopped:
            heading = self.tr.gettext("Hint: the best moves {level} found before you stopped it:")
        else:
            heading = self.tr.gettext("Hint: the best moves {level} finds in {time}:")
        self.prompter.say(
            heading.format(
                level=sentences.level(self.tr, messages.THINKER),
                time=sentences.seconds(self.tr, self.think_seconds),
            )
        )
        symbols = {s.cell: messages.VERDICT_SYMBOLS[s.verdict] for s in found}
        self.show_board(hints=symbols, recommended=found[0].cell)
        for line in messages.suggestion_lines(
            self.tr, self.kind, game.rules, self.numbering, found, game.turn.other
        ):
            self.prompter.say(line)

    def thinking(self, note: str, stop: threading.Event | None = None) -> Thinking:
        """The spinner with ``note``, the clock after a second, and Enter setting ``stop``."""
        return Thinking(
            self.prompter.source,
            self.prompter.sink,
            note,
            stop=stop,
            elapsed=self._elapsed,
            columns=self.columns,
            colour=self.colour,
        )

    def _elapsed(self, spent: float) -> str:
        """The clock after the spinner: the seconds so far, and of how many without analysis."""
        limit = self.session.time_limit
        if self.session.settings.analysis or limit is None:
            return sentences.seconds(self.tr, spent, decimals=0)
        return sentences.thinking(self.tr, spent, limit)

    def _wait(self, thinking: Thinking) -> None:
        """A moment of the background work; with the analysis on, its progress after the
        spinner."""
        self.session.wait(WAIT_STEP)
        report = self.session.report
        if report is not None and self.session.settings.analysis:
            thinking.detail = sentences.progress(
                self.tr, self.match.rules, report, numbering=self.numbering
            )

    def computer_turn(self) -> None:
        """Let the computer player to move play, with a spinner on a terminal."""
        session, game = self.session, self.match.game
        if self.match.you != HUMAN and self.delay > 0:
            self.sleep(self.delay)
        mark = game.turn
        name = game.player(mark)
        before = len(game.moves)
        with self.thinking(sentences.turn(self.tr, game, thinking=True).rstrip("…")) as thinking:
            session.update()
            while len(game.moves) == before and not session.stuck and not game.is_over:
                self._wait(thinking)
                session.update()
        if session.stuck:
            self.prompter.say(session.notice)
            raise NewGame
        if len(game.moves) == before:  # it lost without moving: an own player that failed
            self.prompter.say(session.notice)
            return
        self.held = thinking.held if game.waiting_for_human else ""
        assert game.last_move is not None
        where = messages.computer_cell(self.tr, name, game.rules, game.last_move, self.numbering)
        self.prompter.say(messages.computer_moved(self.tr, name, mark, where))
        self.show_board()

    def finish(self) -> None:
        """The result, the saved game, the session's score."""
        self.session.update()  # counted and kept once
        self.prompter.say(self.session.result_for(messages.audience(self.tr, self.match)))
        self._report_save_problem()
        self.prompter.say(messages.score_line(self.tr, self.match))

    def person_plays(self) -> bool:
        """True unless two computer players play (a demo)."""
        return any(self.match.game.is_human(mark) for mark in Mark)

    def _report_save_problem(self) -> None:
        """The first time a finished game could not be kept: why, and that play goes on."""
        problem = self.session.save_problem
        if problem is None or self.scoreboard_reported:
            return
        self.scoreboard_reported = True
        self.prompter.say(describe(problem, self.tr))
        self.prompter.say(self.tr.gettext("Results are not saved; the game goes on."))
        if problem.problem.needs_reset:
            self.prompter.say(self.tr.gettext("To start a new one, run: tictactoe stats --reset"))
