"""The game loop: draw, ask for a move or let the computer move, end, score, play again."""

from __future__ import annotations

import time
from collections.abc import Callable

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.game import HUMAN, Game, Match
from tictactoe.i18n import Translator
from tictactoe.stats import Recorder, ScoreboardError, describe
from tictactoe.ui.terminal import answers, messages
from tictactoe.ui.terminal.answers import Command
from tictactoe.ui.terminal.prompts import Prompter, Quit
from tictactoe.ui.terminal.render import render


class Session:
    """Games of one :class:`Match` in a terminal, until the player has had enough.

    ``delay`` is the pause before each move when no person plays (a demo);
    ``scoreboard`` (None: not kept) records every finished game with a person
    (a busy file is written in the background: :class:`~tictactoe.stats.Recorder`).
    """

    def __init__(
        self,
        match: Match,
        prompter: Prompter,
        tr: Translator,
        *,
        numbering: Numbering,
        colour: bool = False,
        delay: float = 0.0,
        scoreboard: Recorder | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.match = match
        self.prompter = prompter
        self.tr = tr
        self.numbering = numbering
        self.colour = colour
        self.delay = delay
        self.scoreboard = scoreboard
        self.sleep = sleep
        self.scoreboard_reported = False
        self.saved: Game | None = None
        """The last game recorded in the scoreboard (a game undone after its end counts once)."""

    def run(self) -> None:
        """Play games until the answer to "play again?" is no (or ``quit``)."""
        try:
            self.announce()
            while True:
                self.play_on()
                again = self.ask_again()
                if again is None:
                    continue  # undo reopened the game
                if not again:
                    break
                self.match.new_game()
                self.announce()
        except Quit:
            pass
        self.prompter.say(self.tr.gettext("Goodbye!"))

    def announce(self) -> None:
        """Who plays what and goes first, and the empty board."""
        self.prompter.say()
        self.prompter.say(messages.who_starts(self.tr, self.match))
        self.show_board()

    def play_on(self) -> None:
        """Moves until the game is over, then the result and score."""
        game = self.match.game
        while not game.is_over:
            if game.waiting_for_human:
                self.human_turn()
            else:
                self.computer_turn()
        self.finish()

    def ask_again(self) -> bool | None:
        """Seed 004's "play again?"; None when ``undo`` took back the end of the game."""
        while True:
            answer = self.prompter.ask(
                self.tr.gettext("Do you want to play again? (yes or no)"),
                lambda text: answers.parse_again(text, self.tr),
            )
            if isinstance(answer, bool):
                return answer
            if answer in (Command.HELP, Command.HINT):
                for line in messages.after_game_help_lines(self.tr):
                    self.prompter.say(line)
            elif self.command(answer):
                return None

    def show_board(self) -> None:
        """Draw the current position, the last move marked."""
        game = self.match.game
        outcome = game.outcome
        self.prompter.say()
        self.prompter.say(
            render(
                game.board,
                self.numbering,
                last_move=game.last_move,
                line=outcome.line if outcome else frozenset(),
                colour=self.colour,
            )
        )
        self.prompter.say()

    def human_turn(self) -> None:
        """Ask until a move is played (commands are carried out on the way)."""
        game = self.match.game
        while True:
            answer = self.prompter.ask(
                messages.move_question(self.tr, self.match, self.numbering),
                lambda text: answers.parse_move(text, self.tr, game.board, self.numbering),
            )
            if isinstance(answer, int):
                try:
                    game.play(answer)
                except IllegalMoveError:
                    self.prompter.say(self.tr.gettext("This position is already taken."))
                    continue
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
            for line in messages.help_lines(self.tr, game.rules, self.numbering):
                self.prompter.say(line)
            return False
        if command is Command.HINT:
            self.hint()
            return False
        if command is Command.UNDO:
            if not game.can_undo or not self.person_plays():
                self.prompter.say(self.tr.gettext("There is nothing to undo."))
                return False
            game.undo()
        elif not game.can_redo:
            self.prompter.say(self.tr.gettext("There is nothing to redo."))
            return False
        else:
            game.redo()
        self.show_board()
        return True

    def hint(self) -> None:
        """Every free cell's outcome, or why there is none on this board."""
        game = self.match.game
        try:
            values = game.hint()
        except UnsolvableError:
            self.prompter.say(
                self.tr.gettext("This board is too big to work out every move: no hints here.")
            )
            return
        for line in messages.hint_lines(self.tr, game.rules, self.numbering, values):
            self.prompter.say(line)

    def computer_turn(self) -> None:
        """Let the computer player to move play, after the demo pause."""
        game = self.match.game
        if self.match.you != HUMAN and self.delay > 0:
            self.sleep(self.delay)
        mark = game.turn
        cell = game.computer_move()
        self.prompter.say(
            messages.computer_moved(
                self.tr, game.player(mark), mark, cells.label(game.rules, cell, self.numbering)
            )
        )
        self.show_board()

    def finish(self) -> None:
        """The result, the scoreboard, the session's score."""
        outcome = self.match.record()
        self.prompter.say(messages.result(self.tr, self.match, outcome))
        self.save(outcome.winner)
        self.prompter.say(messages.score(self.tr, self.match))

    def person_plays(self) -> bool:
        """True unless two computer players play (a demo)."""
        return any(self.match.game.is_human(mark) for mark in Mark)

    def save(self, winner: Mark | None) -> None:
        """Record a game with a person in the scoreboard (once); report a broken one once."""
        game = self.match.game
        if self.scoreboard is None or not self.person_plays() or self.saved is game:
            return
        self.saved = game
        try:
            self.scoreboard.record(game.rules, game.player(Mark.X), game.player(Mark.O), winner)
        except ScoreboardError as error:
            if not self.scoreboard_reported:
                self.scoreboard_reported = True
                self.prompter.say(describe(error, self.tr))
                self.prompter.say(self.tr.gettext("Results are not saved; the game goes on."))
                if error.problem.needs_reset:
                    self.prompter.say(
                        self.tr.gettext("To start a new one, run: tictactoe stats --reset")
                    )
