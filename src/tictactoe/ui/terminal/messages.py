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
from tictactoe.console import display_width
from tictactoe.core import THINK_RANGE, Mark, Numbering, Rules, cell_name
from tictactoe.core.advice import Suggestion, Verdict
from tictactoe.core.exact.solver import Value
from tictactoe.game import Match, Starter
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import Audience, Sides, level, line, move_value, person, verdict
from tictactoe.ui.terminal.answers import COMMAND_ALIASES, Command, cell_range

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


def score_line(tr: Translator, match: Match) -> str:
    """The score of this opponent on this board, which it names: "Score against Easy, 4 x 4,
    3 in a row: You 3 · computer 1 · draws 0." (two people or a demo: the board alone, the
    score names the sides)."""
    board, score = sentences.board_name(tr, match.rules), sentences.score(tr, match)
    if Sides.of(match) is Sides.COMPUTER:
        return tr.gettext("Score against {opponent}, {board}: {score}.").format(
            opponent=level(tr, match.opponent), board=board, score=score
        )
    return tr.gettext("Score on {board}: {score}.").format(board=board, score=score)


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
    """Free cells grouped by outcome, best first, each line saying which moves it is about
    ("If you play any of 4, 6: the computer wins with its next move."), then the recommended
    move.

    Equal outcomes share a line; when every move ends the same way it says
    so once ("Whatever you play: you win in 2 of your moves.").
    """

    ordered = sorted(values, key=lambda cell: (-values[cell].rank, cell))
    groups = [list(group) for _, group in groupby(ordered, key=lambda cell: values[cell].rank)]
    lines = []
    if len(groups) == 1 and values[ordered[0]].value is Value.DRAW:
        lines.append("  " + tr.gettext("Whatever you play, it ends in a draw."))
    elif len(groups) == 1:
        outcome = move_value(tr, kind, values[ordered[0]], other)
        lines.append("  " + tr.gettext("Whatever you play: {outcome}.").format(outcome=outcome))
    else:
        for group in groups:
            cells = [cell_name(rules, cell, numbering) for cell in group]
            if values[group[0]].value is Value.DRAW:
                lines.append("  " + if_you_play(tr, cells))
            else:
                lines.append(
                    "  " + if_you_play(tr, cells, move_value(tr, kind, values[group[0]], other))
                )
    lines.append("  " + recommended_line(tr, cell_name(rules, recommended, numbering)))
    lines.append(
        tr.gettext(
            "On the board, each free cell shows what playing there leads to: + you win,"
            " = draw, - you lose; the recommended move is in ( )."
        )
    )
    return lines


def if_you_play(tr: Translator, cells: Sequence[str], outcome: str | None = None) -> str:
    """What playing one of ``cells`` leads to: ``outcome`` ("If you play any of 4, 6: the
    computer wins with its next move."), or a draw when None."""
    if outcome is None:
        if len(cells) == 1:
            return tr.gettext("If you play {cell}, it ends in a draw.").format(cell=cells[0])
        return tr.gettext("If you play any of {cells}, it ends in a draw.").format(
            cells=listed(tr, cells)
        )
    if len(cells) == 1:
        return tr.gettext("If you play {cell}: {outcome}.").format(cell=cells[0], outcome=outcome)
    return tr.gettext("If you play any of {cells}: {outcome}.").format(
        cells=listed(tr, cells), outcome=outcome
    )


def recommended_line(tr: Translator, cell: str) -> str:
    """The move a hint recommends: "Recommended move: 7."."""
    return tr.gettext("Recommended move: {cell}.").format(cell=cell)


def think_example(tr: Translator) -> str:
    """How to set the thinking time, in the user's words: "think 5"."""
    return f"{tr.gettext(Command.THINK.value)} 5"


def think_line(tr: Translator, seconds: float, name: str = THINKER) -> str:
    """At the start of a game with a searching player (``name``, Expert unless said): its time
    per move and how to change it; for a player file, that a longer move loses the game."""
    template = (
        tr.gettext(
            "{level} has {time} per move: a longer move loses the game"
            " (type {example} to change it)."
        )
        if players.is_own(name)
        else tr.gettext("{level} thinks {time} per move (type {example} to change it).")
    )
    return template.format(
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
        text = tr.gettext("{rank}. If you play {cell}: {verdict}.").format(
            rank=rank,
            cell=cell_name(rules, suggestion.cell, numbering),
            verdict=verdict(tr, suggestion, kind, other),
        )
        if len(suggestion.line) > 1:
            expected = tr.gettext("Expected play: {line}").format(
                line=line(rules, suggestion.line, numbering)
            )
            text = f"{text} {expected}"
        lines.append("  " + text)
    lines.append("  " + recommended_line(tr, cell_name(rules, suggestions[0].cell, numbering)))
    lines.append(
        tr.gettext(
            "On the board, each suggested cell shows what playing there leads to: + better for"
            " you, = about equal, - worse for you; the recommended move is in ( )."
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
    hint = tr.gettext("show what playing each free cell leads to, and the best move")
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
