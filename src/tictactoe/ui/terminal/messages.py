"""What the terminal says about a game: who starts, the result, the score, hints, help.

The result messages are seed 004's (seed 003's in Chinese) and live in
``core.po``, so every front end can show the same words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Outcome
from tictactoe.i18n import Translator
from tictactoe.ui.terminal.answers import cell_range
from tictactoe.ui.terminal.prompts import display_width

if TYPE_CHECKING:
    from tictactoe.core.analysis import MoveValue


def players_kind(match: Match) -> str:
    """``computer`` (you against a program), ``people`` (two humans) or ``demo`` (two programs)."""
    if match.you != HUMAN:
        return "demo"
    return "people" if match.opponent == HUMAN else "computer"


def person(tr: Translator, first: bool) -> str:
    """ "Player 1" or "Player 2" when two people play."""
    return tr.gettext("Player 1") if first else tr.gettext("Player 2")


def who_starts(tr: Translator, match: Match) -> str:
    """The announcement at the start of a game (seed 004: "The computer will go first.")."""
    kind = players_kind(match)
    if kind == "people":
        first, second = person(tr, match.you_start), person(tr, not match.you_start)
        return tr.gettext("{first} plays X and goes first; {second} plays O.").format(
            first=first, second=second
        )
    if kind == "demo":
        game = match.game
        return tr.gettext("{x} plays X and goes first; {o} plays O.").format(
            x=game.player(Mark.X), o=game.player(Mark.O)
        )
    if match.you_start:
        return tr.gettext("The player will go first: you play X.")
    return tr.gettext("The computer will go first: you play O.")


def result(tr: Translator, match: Match, outcome: Outcome) -> str:
    """The end-of-game message, from the person's point of view when there is one."""
    kind = players_kind(match)
    if outcome.winner is None:
        return tr.gettext("The game is a tie!")
    if kind == "computer":
        if outcome.winner is match.your_mark:
            return tr.gettext("Hooray! You have won the game!")
        return tr.gettext("The computer has beaten you! You lose.")
    if kind == "people":
        return tr.gettext("{mark} wins! {player} has won the game.").format(
            mark=outcome.winner, player=person(tr, outcome.winner is match.your_mark)
        )
    return tr.gettext("{mark} wins! {name} has won the game.").format(
        mark=outcome.winner, name=match.game.player(outcome.winner)
    )


def score(tr: Translator, match: Match) -> str:
    """The session's tally."""
    tally = match.score
    kind = players_kind(match)
    if kind == "computer":
        return tr.gettext("Score: you {wins}, the computer {losses}, ties {draws}.").format(
            wins=tally.wins, losses=tally.losses, draws=tally.draws
        )
    if kind == "people":
        first, second = person(tr, True), person(tr, False)
    else:
        first, second = match.you, match.opponent
    return tr.gettext("Score: {first} {wins}, {second} {losses}, ties {draws}.").format(
        first=first, second=second, wins=tally.wins, losses=tally.losses, draws=tally.draws
    )


def move_question(tr: Translator, match: Match, numbering: Numbering) -> str:
    """Seed 004's "What is your next move? (1-9)", naming the player when two people play."""
    span = cell_range(match.rules, numbering)
    if players_kind(match) == "people":
        mark = match.game.turn
        return tr.gettext("{player} ({mark}), what is your next move? ({span})").format(
            player=person(tr, mark is match.your_mark), mark=mark, span=span
        )
    return tr.gettext("What is your next move? ({span})").format(span=span)


def computer_moved(tr: Translator, name: str, mark: Mark, where: str) -> str:
    """Seed 003's "computer plays at ..."."""
    return tr.gettext("The computer ({name}, {mark}) plays {cell}.").format(
        name=name, mark=mark, cell=where
    )


def hint_lines(
    tr: Translator, rules: Rules, numbering: Numbering, values: Mapping[int, MoveValue]
) -> list[str]:
    """One line per free cell: win / draw / loss and in how many moves, best first."""
    order = {"win": 0, "draw": 1, "loss": 2}

    def rank(item: tuple[int, MoveValue]) -> tuple[int, int, int, str]:
        value = str(item[1].value)
        plies = item[1].plies
        name = cells.label(rules, item[0], numbering)
        return order[value], -plies if value == "loss" else plies, len(name), name

    lines = [tr.gettext("Every free cell, for the side to move (moves counted to the end):")]
    for cell, value in sorted(values.items(), key=rank):
        count = value.plies
        kind = str(value.value)
        if kind == "win":
            text = tr.ngettext("win in {count} move", "win in {count} moves", count)
        elif kind == "loss":
            text = tr.ngettext("loss in {count} move", "loss in {count} moves", count)
        else:
            text = tr.ngettext("draw in {count} move", "draw in {count} moves", count)
        lines.append(f"  {cells.label(rules, cell, numbering)}: {text.format(count=count)}")
    return lines


def help_lines(tr: Translator, rules: Rules, numbering: Numbering) -> list[str]:
    """What can be typed at the move prompt."""
    return [
        tr.gettext("Type a free cell ({span}) to play there, or one of:").format(
            span=cell_range(rules, numbering)
        ),
        _entry(tr.gettext("undo"), tr.gettext("take back your last move and the answer")),
        _entry(tr.gettext("redo"), tr.gettext("play again what undo took back")),
        _entry(tr.gettext("hint"), tr.gettext("show how every free cell ends")),
        _entry(tr.gettext("help"), tr.gettext("show this help")),
        _entry(tr.gettext("quit"), tr.gettext("leave the game")),
    ]


def after_game_help_lines(tr: Translator) -> list[str]:
    """What can be typed at "play again?"."""
    return [
        tr.gettext("The game is over. Type one of:"),
        _entry(tr.gettext("yes"), tr.gettext("play another game")),
        _entry(tr.gettext("no"), tr.gettext("leave the game")),
        _entry(tr.gettext("undo"), tr.gettext("take back your last move and the answer")),
    ]


def _entry(word: str, what: str) -> str:
    """A help line: ``word`` padded to a column (CJK characters count twice), then ``what``."""
    return f"  {word}{' ' * max(1, 11 - display_width(word))}{what}"
