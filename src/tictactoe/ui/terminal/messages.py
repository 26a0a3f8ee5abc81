"""What the terminal says about a game: the rules, who starts, moves, the result, hints, help.

The end-of-game sentence is :func:`tictactoe.texts.sentences.announce`, the same
in every front end. Computer players are named by their
level (``Hard``), never by their strategy name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.core import THINK_RANGE, Mark, Numbering, Rules, cell_name
from tictactoe.core.advice import Suggestion, Verdict
from tictactoe.core.exact.solver import Value
from tictactoe.game import Match, Starter
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import Audience, Sides, level, line, move_value, person, verdict
from tictactoe.ui.terminal.answers import COMMAND_ALIASES, Command, cell_range
from tictactoe.ui.terminal.prompts import display_width

if TYPE_CHECKING:
    from tictactoe.core.analysis import MoveValue

HINT_SYMBOLS = {Value.WIN: "+", Value.DRAW: "=", Value.LOSS: "-"}
"""What a hint shows in a free cell on the board."""

VERDICT_SYMBOLS = {
    Verdict.WINNING: "+",
    Verdict.BETTER: "+",
    Verdict.EQUAL: "=",
    Verdict.WORSE: "-",
    Verdict.LOSING: "-",
}
"""What a big board's hint shows in each suggested cell (the same signs as an exact hint)."""

THINKER = next(strategy.name for strategy in players.STRATEGIES if strategy.thinks)
"""The computer player whose thinking time the ``think`` command sets (Expert)."""

Move = tuple[Mark, int]
"""A move as undo and redo report it: who played where."""


def rules_line(tr: Translator, rules: Rules) -> str:
    """The rules in one line: "Rules: 15 x 15 board, 5 in a row wins."."""
    return tr.gettext("Rules: {rows} x {cols} board, {k} in a row wins.").format(
        rows=rules.m, cols=rules.n, k=rules.k
    )


def who_starts(tr: Translator, match: Match) -> str:
    """The announcement at the start of a game ("The computer will go first.").

    A coin toss is announced as one: heads, you (or Player 1) start.
    """
    kind = Sides.of(match)
    coin = match.starter is Starter.COIN
    if kind is Sides.COMPUTER:
        if coin:
            if match.you_start:
                return tr.gettext("Coin toss: heads, so you go first and play X.")
            return tr.gettext("Coin toss: tails, so the computer goes first and you play O.")
        if match.you_start:
            return tr.gettext("You go first and play X.")
        return tr.gettext("The computer will go first: you play O.")
    if kind is Sides.PEOPLE:
        first, second = person(tr, match.you_start), person(tr, not match.you_start)
        text = tr.gettext("{first} plays X and goes first; {second} plays O.").format(
            first=first, second=second
        )
    else:
        game = match.game
        text = tr.gettext("{x} plays X and goes first; {o} plays O.").format(
            x=level(tr, game.player(Mark.X)), o=level(tr, game.player(Mark.O))
        )
    if coin:
        toss = (
            tr.gettext("Coin toss: heads.") if match.you_start else tr.gettext("Coin toss: tails.")
        )
        return f"{toss} {text}"
    return text


def audience(tr: Translator, match: Match) -> Audience:
    """Who reads the result: you against the computer, else both sides by name."""
    kind = Sides.of(match)
    if kind is Sides.COMPUTER:
        return Audience.player(match.your_mark)
    if kind is Sides.PEOPLE:
        return Audience.named({mark: person(tr, mark is match.your_mark) for mark in Mark})
    return Audience.named({mark: level(tr, match.game.player(mark)) for mark in Mark})


def move_question(tr: Translator, match: Match, numbering: Numbering) -> str:
    """The prompt for a move ("What is your next move? (1-9)"), naming the player when two
    people play."""
    span = cell_range(match.rules, numbering)
    if Sides.of(match) is Sides.PEOPLE:
        mark = match.game.turn
        return tr.gettext("{player} ({mark}), what is your next move? ({span})").format(
            player=person(tr, mark is match.your_mark), mark=mark, span=span
        )
    return tr.gettext("What is your next move? ({span})").format(span=span)


def computer_moved(tr: Translator, name: str, mark: Mark, where: str) -> str:
    """What the computer played ("The computer plays ..."), the player named by its level."""
    return tr.gettext("The computer ({name}, {mark}) plays {cell}.").format(
        name=level(tr, name), mark=mark, cell=where
    )


def computer_cell(tr: Translator, name: str, rules: Rules, cell: int, numbering: Numbering) -> str:
    """The cell the computer player ``name`` played, in ``numbering``; a Python player's as it
    names it too (``0, top left``; ``7 (0, top left)`` in another numbering on 3 x 3)."""
    shown = cell_name(rules, cell, numbering)
    if not players.speaks_index(name):
        return shown
    said = players.cell_said(rules, cell, tr.gettext)
    if numbering is Numbering.INDEX or (rules.m, rules.n) != (3, 3):
        return said
    return f"{shown} ({said})"


def took_back(tr: Translator, rules: Rules, numbering: Numbering, moves: Sequence[Move]) -> str:
    """What undo took back: "Took back: X b2, O c3."."""
    return tr.gettext("Took back: {moves}.").format(moves=_moves(rules, numbering, moves, tr))


def played_again(tr: Translator, rules: Rules, numbering: Numbering, moves: Sequence[Move]) -> str:
    """What redo played again: "Played again: X b2, O c3."."""
    return tr.gettext("Played again: {moves}.").format(moves=_moves(rules, numbering, moves, tr))


def _moves(rules: Rules, numbering: Numbering, moves: Iterable[Move], tr: Translator) -> str:
    return listed(tr, (f"{mark} {cell_name(rules, cell, numbering)}" for mark, cell in moves))


def listed(tr: Translator, items: Iterable[str]) -> str:
    """``items`` as a list in the user's language ("a1, b2"; "a1、b2" in Chinese)."""
    # Translators: between the items of a list: cells in a hint, moves undone.
    return tr.gettext(", ").join(items)


def hint_lines(
    tr: Translator,
    kind: Sides,
    rules: Rules,
    numbering: Numbering,
    values: Mapping[int, MoveValue],
    recommended: int,
    other: Mark | None = None,
) -> list[str]:
    """Free cells grouped by outcome, best first, and the recommended move.

    Equal outcomes share a line; when every move ends the same way it says
    so once ("Every move: draw.").
    """

    ordered = sorted(values, key=lambda cell: (-values[cell].rank, cell))
    groups = [list(group) for _, group in groupby(ordered, key=lambda cell: values[cell].rank)]
    lines = []
    if len(groups) == 1 and values[ordered[0]].value is Value.DRAW:
        lines.append("  " + tr.gettext("Every move draws."))
    elif len(groups) == 1:
        outcome = move_value(tr, kind, values[ordered[0]], other)
        lines.append("  " + tr.gettext("Every move: {outcome}.").format(outcome=outcome))
    else:
        for group in groups:
            names = listed(tr, (cell_name(rules, cell, numbering) for cell in group))
            outcome = move_value(tr, kind, values[group[0]], other)
            # Translators: a line of a hint: an outcome, then the cells that lead to it.
            line = tr.gettext("{outcome}: {cells}").format(outcome=outcome, cells=names)
            lines.append("  " + line)
    best = cell_name(rules, recommended, numbering)
    lines.append("  " + tr.gettext("Recommended: {cell}.").format(cell=best))
    lines.append(
        tr.gettext("On the board: + you win, = draw, - you lose; the recommended cell is in ( ).")
    )
    return lines


def think_example(tr: Translator) -> str:
    """How to set the thinking time, in the user's words: "think 5"."""
    return f"{tr.gettext(Command.THINK.value)} 5"


def think_line(tr: Translator, seconds: float, name: str = THINKER) -> str:
    """At the start of a game with a searching player (``name``, Expert unless said): its time
    per move and how to change it."""
    return tr.gettext("{level} thinks {time} per move (type {example} to change it).").format(
        level=level(tr, name), time=sentences.seconds(tr, seconds), example=think_example(tr)
    )


def think_shown(tr: Translator, seconds: float) -> str:
    """The answer to ``think``: the current thinking time, what it is for, how to change it."""
    low, high = THINK_RANGE
    return tr.gettext(
        "Thinking time: {time} per move, for {level} and for hints on big boards."
        " To change it, type {example} (from {low} to {high} seconds)."
    ).format(
        time=sentences.seconds(tr, seconds),
        level=level(tr, THINKER),
        example=think_example(tr),
        low=f"{low:g}",
        high=f"{high:g}",
    )


def think_set(tr: Translator, seconds: float) -> str:
    """The answer to ``think 5``."""
    return tr.gettext("Thinking time is now {time} per move.").format(
        time=sentences.seconds(tr, seconds)
    )


def suggestion_lines(
    tr: Translator,
    kind: Sides,
    rules: Rules,
    numbering: Numbering,
    suggestions: Sequence[Suggestion],
    other: Mark | None = None,
) -> list[str]:
    """A big board's hint: the suggested moves, best first, with their verdicts, the line the
    engine expects after each (when it has one) and the recommended move."""
    lines = []
    for rank, suggestion in enumerate(suggestions, 1):
        text = tr.gettext("{rank} {cell}: {verdict}").format(
            rank=rank,
            cell=cell_name(rules, suggestion.cell, numbering),
            verdict=verdict(tr, suggestion, kind, other),
        )
        if len(suggestion.line) > 1:
            expected = tr.gettext("expected: {line}").format(
                line=line(rules, suggestion.line, numbering)
            )
            text = tr.gettext("{text} ({expected})").format(text=text, expected=expected)
        lines.append("  " + text)
    best = cell_name(rules, suggestions[0].cell, numbering)
    lines.append("  " + tr.gettext("Recommended: {cell}.").format(cell=best))
    lines.append(
        tr.gettext(
            "On the board: + better for you, = about equal, - worse for you;"
            " the recommended cell is in ( )."
        )
    )
    return lines


def _undo_text(tr: Translator, kind: Sides) -> str:
    """What undo takes back: between two people one move, else yours and the answer."""
    if kind is Sides.PEOPLE:
        return tr.gettext("take back the last move")
    return tr.gettext("take back your last move and the computer's answer")


def help_lines(
    tr: Translator, kind: Sides, rules: Rules, numbering: Numbering, think: float | None
) -> list[str]:
    """What can be typed at the move prompt, with every alias.

    ``think`` is the thinking time, when it matters in this game (else the
    ``think`` command is not listed, though it works).
    """
    resign = (
        tr.gettext("give up this game: the other player wins")
        if kind is Sides.PEOPLE
        else tr.gettext("give up this game: it counts as a loss")
    )
    hint = tr.gettext("show how every free cell ends, and the best one")
    new = tr.gettext("start a new game (you can change the settings)")
    rows = [
        _command_row(tr, Command.UNDO, _undo_text(tr, kind)),
        _command_row(tr, Command.REDO, tr.gettext("play again what undo took back")),
        _command_row(tr, Command.HINT, hint),
        *([] if think is None else [_command_row(tr, Command.THINK, think_help(tr, think))]),
        _command_row(tr, Command.RESIGN, resign),
        _command_row(tr, Command.NEW, new),
        _command_row(tr, Command.HELP, tr.gettext("show this help")),
        _command_row(tr, Command.QUIT, tr.gettext("leave the game")),
    ]
    heading = tr.gettext("Type a free cell ({span}) to play there, or one of:")
    return [heading.format(span=cell_range(rules, numbering)), *_table(rows)]


def think_help(tr: Translator, seconds: float) -> str:
    """The ``think`` line of help: what it sets, its current value, how to change it."""
    return tr.gettext(
        "show or set how long {level} thinks per move (now {time}): {example}"
    ).format(
        level=level(tr, THINKER), time=sentences.seconds(tr, seconds), example=think_example(tr)
    )


def after_game_help_lines(tr: Translator, kind: Sides, think: float | None) -> list[str]:
    """What can be typed at "play again?" (``think``: the thinking time, if it matters)."""
    rows = [
        (tr.gettext("yes"), tr.gettext("play another game with the same settings")),
        (tr.gettext("no"), tr.gettext("leave the game")),
        _command_row(
            tr, Command.NEW, tr.gettext("change the opponent, the board or who starts, then play")
        ),
        _command_row(tr, Command.UNDO, _undo_text(tr, kind)),
        *([] if think is None else [_command_row(tr, Command.THINK, think_help(tr, think))]),
    ]
    return [tr.gettext("The game is over. Type one of:"), *_table(rows)]


def _command_row(tr: Translator, command: Command, what: str) -> tuple[str, str]:
    """A command in the user's language, then its other spellings, and what it does."""
    word = tr.gettext(command.value)
    spellings = [command.value] if word != command.value else []
    spellings += [alias for alias, target in COMMAND_ALIASES.items() if target is command]
    if not spellings:
        return word, what
    return tr.gettext("{word} ({spellings})").format(
        word=word, spellings=listed(tr, spellings)
    ), what


def _table(rows: Sequence[tuple[str, str]]) -> list[str]:
    """Help lines: the words padded to one column (CJK characters count twice), then what."""
    column = max(display_width(word) for word, _ in rows) + 2
    return [f"  {word}{' ' * (column - display_width(word))}{what}" for word, what in rows]
