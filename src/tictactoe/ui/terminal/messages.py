"""What the terminal says about a game: the rules, who starts, moves, the result, hints, help.

The end-of-game sentence is :func:`tictactoe.announce.announce`, the same
in every front end (seed 004's words). Computer players are named by their
level (``Hard``), never by their strategy name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from itertools import groupby
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.announce import Audience
from tictactoe.core import (
    THINK_RANGE,
    Mark,
    Numbering,
    Progress,
    Rules,
    Suggestion,
    Value,
    Verdict,
    cell_name,
)
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.i18n import Translator
from tictactoe.ui.terminal.answers import COMMAND_ALIASES, Command, cell_range
from tictactoe.ui.terminal.prompts import display_width

if TYPE_CHECKING:
    from tictactoe.core import MoveValue

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

LINE_SHOWN = 6
"""Moves of a principal variation shown while thinking and in a hint."""

Move = tuple[Mark, int]
"""A move as undo and redo report it: who played where."""


class Kind(Enum):
    """Who plays: you against a program, two people, or two programs (a demo)."""

    COMPUTER = "computer"
    PEOPLE = "people"
    DEMO = "demo"


def players_kind(match: Match) -> Kind:
    """Who plays in ``match``."""
    if match.you != HUMAN:
        return Kind.DEMO
    return Kind.PEOPLE if match.opponent == HUMAN else Kind.COMPUTER


def level(tr: Translator, name: str) -> str:
    """A player as people see it: a computer player's level (``Hard``), or ``human``."""
    if name == HUMAN:
        return tr.gettext("human")
    return tr.gettext(players.get(name).title)


def person(tr: Translator, first: bool) -> str:
    """ "Player 1" or "Player 2" when two people play."""
    return tr.gettext("Player 1") if first else tr.gettext("Player 2")


def rules_line(tr: Translator, rules: Rules) -> str:
    """The rules in one line: "Rules: 15 x 15 board, 5 in a row wins."."""
    return tr.gettext("Rules: {rows} x {cols} board, {k} in a row wins.").format(
        rows=rules.m, cols=rules.n, k=rules.k
    )


def who_starts(tr: Translator, match: Match) -> str:
    """The announcement at the start of a game (seed 004: "The computer will go first.").

    A coin toss is announced as one: heads, you (or Player 1) start.
    """
    kind = players_kind(match)
    coin = match.starter is Starter.COIN
    if kind is Kind.COMPUTER:
        if coin:
            if match.you_start:
                return tr.gettext("Coin toss: heads, so you go first and play X.")
            return tr.gettext("Coin toss: tails, so the computer goes first and you play O.")
        if match.you_start:
            return tr.gettext("The player will go first: you play X.")
        return tr.gettext("The computer will go first: you play O.")
    if kind is Kind.PEOPLE:
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
    kind = players_kind(match)
    if kind is Kind.COMPUTER:
        return Audience.player(match.your_mark)
    if kind is Kind.PEOPLE:
        return Audience.named({mark: person(tr, mark is match.your_mark) for mark in Mark})
    return Audience.named({mark: level(tr, match.game.player(mark)) for mark in Mark})


def score(tr: Translator, match: Match) -> str:
    """The session's tally."""
    tally = match.score
    kind = players_kind(match)
    if kind is Kind.COMPUTER:
        return tr.gettext("Score: you {wins}, the computer {losses}, ties {draws}.").format(
            wins=tally.wins, losses=tally.losses, draws=tally.draws
        )
    if kind is Kind.PEOPLE:
        first, second = person(tr, True), person(tr, False)
    else:
        first, second = level(tr, match.you), level(tr, match.opponent)
    return tr.gettext("Score: {first} {wins}, {second} {losses}, ties {draws}.").format(
        first=first, second=second, wins=tally.wins, losses=tally.losses, draws=tally.draws
    )


def move_question(tr: Translator, match: Match, numbering: Numbering) -> str:
    """Seed 004's "What is your next move? (1-9)", naming the player when two people play."""
    span = cell_range(match.rules, numbering)
    if players_kind(match) is Kind.PEOPLE:
        mark = match.game.turn
        return tr.gettext("{player} ({mark}), what is your next move? ({span})").format(
            player=person(tr, mark is match.your_mark), mark=mark, span=span
        )
    return tr.gettext("What is your next move? ({span})").format(span=span)


def computer_moved(tr: Translator, name: str, mark: Mark, where: str) -> str:
    """Seed 003's "computer plays at ...", the player named by its level."""
    return tr.gettext("The computer ({name}, {mark}) plays {cell}.").format(
        name=level(tr, name), mark=mark, cell=where
    )


def thinking(tr: Translator, name: str, mark: Mark) -> str:
    """What shows (with a spinner) while a computer player thinks."""
    return tr.gettext("The computer ({name}, {mark}) is thinking").format(
        name=level(tr, name), mark=mark
    )


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
    return tr.gettext(", ").join(items)


def outcome_text(tr: Translator, kind: Kind, value: MoveValue) -> str:
    """A move's outcome for the side to move, counted in the winner's own moves."""
    count = value.winner_moves
    if value.value is Value.DRAW or count is None:
        return tr.gettext("draw")
    return forced_text(tr, kind, value.value is Value.WIN, count)


def forced_text(tr: Translator, kind: Kind, mover_wins: bool, count: int) -> str:
    """A forced win, counted in the winner's own moves: "you win in 3 of your moves"."""
    if mover_wins:
        if count == 1:
            return tr.gettext("you win with this move")
        text = tr.ngettext(
            "you win in {count} of your moves", "you win in {count} of your moves", count
        )
    elif kind is Kind.COMPUTER:
        if count == 1:
            return tr.gettext("the computer wins with its next move")
        text = tr.ngettext(
            "the computer wins in {count} of its moves",
            "the computer wins in {count} of its moves",
            count,
        )
    elif count == 1:
        return tr.gettext("your opponent wins with their next move")
    else:
        text = tr.ngettext(
            "your opponent wins in {count} of their moves",
            "your opponent wins in {count} of their moves",
            count,
        )
    return text.format(count=count)


def hint_lines(
    tr: Translator,
    kind: Kind,
    rules: Rules,
    numbering: Numbering,
    values: Mapping[int, MoveValue],
    recommended: int,
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
        outcome = outcome_text(tr, kind, values[ordered[0]])
        lines.append("  " + tr.gettext("Every move: {outcome}.").format(outcome=outcome))
    else:
        for group in groups:
            names = listed(tr, (cell_name(rules, cell, numbering) for cell in group))
            outcome = outcome_text(tr, kind, values[group[0]])
            lines.append(
                "  " + tr.gettext("{outcome}: {cells}").format(outcome=outcome, cells=names)
            )
    best = cell_name(rules, recommended, numbering)
    lines.append("  " + tr.gettext("Recommended: {cell}.").format(cell=best))
    lines.append(
        tr.gettext("On the board: + you win, = draw, - you lose; the recommended cell is in ( ).")
    )
    return lines


def seconds_text(tr: Translator, seconds: float) -> str:
    """A time in seconds as people read it: "1 s", "0.5 s", "3.2 s"."""
    return tr.gettext("{seconds} s").format(seconds=f"{seconds:.3g}")


def think_example(tr: Translator) -> str:
    """How to set the thinking time, in the user's words: "think 5"."""
    return f"{tr.gettext(Command.THINK.value)} 5"


def think_line(tr: Translator, seconds: float) -> str:
    """At the start of a game with a searching player: its time per move and how to change it."""
    return tr.gettext("{level} thinks {time} per move (type {example} to change it).").format(
        level=level(tr, THINKER), time=seconds_text(tr, seconds), example=think_example(tr)
    )


def think_shown(tr: Translator, seconds: float) -> str:
    """The answer to ``think``: the current thinking time, what it is for, how to change it."""
    low, high = THINK_RANGE
    return tr.gettext(
        "Thinking time: {time} per move, for {level} and for hints on big boards."
        " To change it, type {example} (from {low} to {high} seconds)."
    ).format(
        time=seconds_text(tr, seconds),
        level=level(tr, THINKER),
        example=think_example(tr),
        low=f"{low:g}",
        high=f"{high:g}",
    )


def think_set(tr: Translator, seconds: float) -> str:
    """The answer to ``think 5``."""
    return tr.gettext("Thinking time is now {time} per move.").format(
        time=seconds_text(tr, seconds)
    )


def line_text(rules: Rules, numbering: Numbering, line: Sequence[int]) -> str:
    """A line of play in cell names: "h8 i9 j10" (the first :data:`LINE_SHOWN` moves)."""
    shown = " ".join(cell_name(rules, cell, numbering) for cell in line[:LINE_SHOWN])
    return f"{shown} …" if len(line) > LINE_SHOWN else shown


def progress_text(tr: Translator, rules: Rules, numbering: Numbering, progress: Progress) -> str:
    """A search's progress: "depth 6 · h8 i9 j10"."""
    depth = tr.gettext("depth {depth}").format(depth=progress.depth)
    line = line_text(rules, numbering, progress.pv)
    return f"{depth} · {line}" if line else depth


def elapsed_text(tr: Translator, seconds: float) -> str:
    """Time spent so far, in whole seconds: "3 s"."""
    return tr.gettext("{seconds} s").format(seconds=f"{seconds:.0f}")


def verdict_text(tr: Translator, kind: Kind, suggestion: Suggestion) -> str:
    """What a suggested move leads to, for the player making it."""
    verdict = suggestion.verdict
    if verdict in (Verdict.WINNING, Verdict.LOSING):
        mover_wins = verdict is Verdict.WINNING
        if suggestion.winner_moves is None:
            if mover_wins:
                return tr.gettext("you can force a win")
            if kind is Kind.COMPUTER:
                return tr.gettext("the computer can force a win")
            return tr.gettext("your opponent can force a win")
        count = max(1, suggestion.winner_moves)
        return tr.gettext("forced: {outcome}").format(
            outcome=forced_text(tr, kind, mover_wins, count)
        )
    if verdict is Verdict.BETTER:
        return tr.gettext("better for you")
    if verdict is Verdict.WORSE:
        return tr.gettext("worse for you")
    return tr.gettext("about even")


def suggestion_lines(
    tr: Translator,
    kind: Kind,
    rules: Rules,
    numbering: Numbering,
    suggestions: Sequence[Suggestion],
) -> list[str]:
    """A big board's hint: the suggested moves, best first, with their verdicts, the line the
    engine expects after each (when it has one) and the recommended move."""
    lines = []
    for rank, suggestion in enumerate(suggestions, 1):
        text = tr.gettext("{rank}. {cell}: {verdict}").format(
            rank=rank,
            cell=cell_name(rules, suggestion.cell, numbering),
            verdict=verdict_text(tr, kind, suggestion),
        )
        if len(suggestion.line) > 1:
            expected = tr.gettext("expected: {line}").format(
                line=line_text(rules, numbering, suggestion.line)
            )
            text = tr.gettext("{text} ({expected})").format(text=text, expected=expected)
        lines.append("  " + text)
    best = cell_name(rules, suggestions[0].cell, numbering)
    lines.append("  " + tr.gettext("Recommended: {cell}.").format(cell=best))
    lines.append(
        tr.gettext(
            "On the board: + better for you, = about even, - worse for you;"
            " the recommended cell is in ( )."
        )
    )
    return lines


def _undo_text(tr: Translator, kind: Kind) -> str:
    """What undo takes back: between two people one move, else yours and the answer."""
    if kind is Kind.PEOPLE:
        return tr.gettext("take back the last move")
    return tr.gettext("take back your last move and the computer's answer")


def help_lines(
    tr: Translator, kind: Kind, rules: Rules, numbering: Numbering, think: float | None
) -> list[str]:
    """What can be typed at the move prompt, with every alias.

    ``think`` is the thinking time, when it matters in this game (else the
    ``think`` command is not listed, though it works).
    """
    resign = (
        tr.gettext("give up this game: the other player wins")
        if kind is Kind.PEOPLE
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
    ).format(level=level(tr, THINKER), time=seconds_text(tr, seconds), example=think_example(tr))


def after_game_help_lines(tr: Translator, kind: Kind, think: float | None) -> list[str]:
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
