"""Stepping through a game record in the terminal: next, back, first, last, a move number, quit.

Each position is drawn with the game's own renderer (:mod:`.render`): the
last move in brackets, the winning lines highlighted at the end.
"""

from __future__ import annotations

from enum import StrEnum

from tictactoe.console import display_width
from tictactoe.core.numbers import whole_number
from tictactoe.core.records import Record
from tictactoe.session.board_text import default_numbering, render
from tictactoe.session.picture import BoardPicture
from tictactoe.texts import sentences
from tictactoe.texts.i18n import N_, Translator
from tictactoe.texts.sentences import summary
from tictactoe.ui.terminal.prompts import Invalid, Prompter, normal


class Step(StrEnum):
    """Words the replay prompt understands besides a move number."""

    NEXT = N_("next")
    BACK = N_("back")
    FIRST = N_("first")
    LAST = N_("last")
    HELP = N_("help")


ALIASES = {
    "": Step.NEXT,
    "n": Step.NEXT,
    "+": Step.NEXT,
    "b": Step.BACK,
    "p": Step.BACK,
    "-": Step.BACK,
    "previous": Step.BACK,
    "f": Step.FIRST,
    "l": Step.LAST,
    "end": Step.LAST,
    "?": Step.HELP,
}
"""Short forms (Enter alone is next)."""


class Replay:
    """Shows ``record`` one position at a time over ``prompter``."""

    def __init__(
        self, record: Record, prompter: Prompter, tr: Translator, *, colour: bool = False
    ) -> None:
        self.record = record
        self.prompter = prompter
        self.tr = tr
        self.colour = colour
        self.boards = record.positions()
        self.ply = 0

    @property
    def last(self) -> int:
        """The number of the final position (the count of moves)."""
        return len(self.boards) - 1

    def header(self) -> list[str]:
        """Who played, the board, when, and the result."""
        tr, record = self.tr, self.record
        return [
            sentences.record_header(tr, record),
            tr.ngettext(
                "Result: {result}, after {count} move.",
                "Result: {result}, after {count} moves.",
                record.plies,
            ).format(result=summary(tr, record), count=record.plies),
        ]

    def position(self, ply: int) -> list[str]:
        """What is shown at position ``ply``: which move it was, and the board."""
        tr, record = self.tr, self.record
        numbering = default_numbering(record.rules)  # the cells named as the game names them
        lines = [
            sentences.replay_position(tr, record, ply, numbering),
            "",
            render(
                BoardPicture.of(self.boards[ply], record.moves[ply - 1] if ply else None),
                numbering,
                colour=self.colour,
            ),
            "",
        ]
        if ply == self.last:
            lines.append(sentences.replay_end(tr, record))
        return lines

    def show(self, ply: int) -> None:
        """Draw position ``ply``."""
        self.ply = ply
        for line in self.position(ply):
            self.prompter.say(line)

    def print_all(self) -> None:
        """The header and every position, one after the other, without questions."""
        for line in self.header():
            self.prompter.say(line)
        self.prompter.say()
        for ply in range(self.last + 1):
            self.show(ply)

    def run(self, start: int = 0) -> None:
        """The header, position ``start``, then steps as the user asks until ``quit``.

        Raises :class:`~tictactoe.ui.terminal.prompts.Quit` on a quit word and
        :class:`EOFError` at the end of input, like every prompt of the game.
        """
        for line in self.header():
            self.prompter.say(line)
        self.prompter.say()
        self.show(max(0, min(start, self.last)))
        question = self.tr.gettext(
            "Enter for the next move; back, first, last, a move number, help or quit:"
        )
        while True:
            target = self.prompter.ask(question, self.parse)
            if target is None:
                self.help()
            elif target == self.ply:
                self.prompter.say(self._stay(target))
            else:
                self.show(target)

    def _stay(self, target: int) -> str:
        if target == self.last and self.ply == self.last:
            return self.tr.gettext("This is the last move. Type quit to leave.")
        if target == 0:
            return self.tr.gettext("This is the empty board, before the first move.")
        return self.tr.gettext("This is move {number}.").format(number=target)

    def parse(self, text: str) -> int | None:
        """The position an answer asks for (None for help); :class:`Invalid` for anything else."""
        answer = normal(text)
        step = ALIASES.get(answer)
        if step is None:
            step = next(
                (s for s in Step if answer in (s.value, normal(self.tr.gettext(s.value)))), None
            )
        if step is Step.NEXT:
            return min(self.ply + 1, self.last)
        if step is Step.BACK:
            return max(self.ply - 1, 0)
        if step is Step.FIRST:
            return 0
        if step is Step.LAST:
            return self.last
        if step is Step.HELP:
            return None
        number = whole_number(answer)
        if number is not None and number <= self.last:
            return number
        raise Invalid(
            self.tr.gettext(
                "Type next (or just Enter), back, first, last, a move number from 0 to {last},"
                " help or quit."
            ).format(last=self.last)
        )

    def help(self) -> None:
        """What the prompt understands."""
        tr = self.tr
        for word, meaning in (
            (tr.gettext("next"), tr.gettext("the next move (Enter does the same)")),
            (tr.gettext("back"), tr.gettext("the move before")),
            (tr.gettext("first"), tr.gettext("the empty board")),
            (tr.gettext("last"), tr.gettext("the final position")),
            (f"0-{self.last}", tr.gettext("the position after that move")),
            (tr.gettext("quit"), tr.gettext("leave the replay")),
        ):
            self.prompter.say(f"  {word}{' ' * max(1, 11 - display_width(word))}{meaning}")
