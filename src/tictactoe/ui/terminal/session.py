"""The game loop: draw, ask for a move or let the computer move, end, score, play again."""

from __future__ import annotations

import time
from collections.abc import Callable

from tictactoe import cells
from tictactoe.board import Mark
from tictactoe.cells import Numbering
from tictactoe.errors import IllegalMoveError, UnsolvableError
from tictactoe.game import HUMAN, Match
from tictactoe.i18n import Translator
from tictactoe.stats import Scoreboard, ScoreboardError
from tictactoe.ui.terminal import answers, messages
from tictactoe.ui.terminal.answers import Command
from tictactoe.ui.terminal.prompts import Prompter
from tictactoe.ui.terminal.render import render


class Quit(Exception):
    """The player typed ``quit``."""


class Session:
    """Games of one :class:`Match` in a terminal, until the player has had enough.

    ``delay`` is the pause before each move when no person plays (a demo);
    ``scoreboard`` (None: not kept) records every finished game with a person.
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
        scoreboard: Scoreboard | None = None,
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

    def run(self) -> None:
        """Play games until the answer to "play again?" is no (or ``quit``)."""
        try:
            while True:
                self.play_game()
                if not self.prompter.ask(
                    self.tr.gettext("Do you want to play again? (yes or no)"),
                    lambda text: answers.parse_yes_no(text, self.tr),
                ):
                    break
                self.match.new_game()
        except Quit:
            pass
        self.prompter.say(self.tr.gettext("Goodbye!"))

    def play_game(self) -> None:
        """One game from the first move to the result and score."""
        self.prompter.say()
        self.prompter.say(messages.who_starts(self.tr, self.match))
        self.show_board()
        game = self.match.game
        while not game.is_over:
            if game.waiting_for_human:
                self.human_turn()
            else:
                self.computer_turn()
        self.finish()

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
            if not game.can_undo:
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

    def save(self, winner: Mark | None) -> None:
        """Record a game with a person in the scoreboard; report a broken one once."""
        game = self.match.game
        if self.scoreboard is None or not any(game.is_human(mark) for mark in Mark):
            return
        try:
            self.scoreboard.record(game.rules, game.player(Mark.X), game.player(Mark.O), winner)
        except ScoreboardError:
            if not self.scoreboard_reported:
                self.scoreboard_reported = True
                self.prompter.say(
                    self.tr.gettext(
                        "The scoreboard file {path} cannot be used, so results are not saved."
                        " The game goes on."
                    ).format(path=self.scoreboard.path)
                )
