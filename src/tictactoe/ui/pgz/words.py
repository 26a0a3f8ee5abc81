"""What the window says about hints, thinking, think times and saved games, in the player's words.

Plain functions of a :class:`~tictactoe.i18n.Translator` (no pygame): the
app puts their text in the strip and the panels. Messages shared with the
terminal's replay (``records.po``, ``terminal.po``) keep their wording, and
their translations in ``pgzero.po`` are the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe.announce import board_name, played_at, player_name, summary
from tictactoe.core import Progress, Record, Rules, Suggestion, Termination, Verdict, cell_name
from tictactoe.i18n import Translator

PV_SHOWN = 4
"""Moves of the principal variation shown while the computer thinks."""


# --- time -----------------------------------------------------------------------------


def think_time(_: Translator, seconds: float) -> str:
    """A think time as the settings show it: ``1 s``, ``0.5 s``, ``600 s``."""
    return _("{seconds} s").format(seconds=f"{seconds:g}")


def per_move(_: Translator, seconds: float) -> str:
    """The think time in the strip's details: ``1 s a move``."""
    return _("{time} a move").format(time=think_time(_, seconds))


def elapsed(_: Translator, seconds: float) -> str:
    """Time spent so far, to a tenth: ``1.2 s``."""
    return _("{seconds} s").format(seconds=f"{max(0.0, seconds):.1f}")


def progress(_: Translator, rules: Rules, report: Progress | None, seconds: float) -> str:
    """A search's progress, short: ``depth 6 · h8 i9 j10 g7 · 1.2 s``."""
    parts = []
    if report is not None:
        parts.append(_("depth {depth}").format(depth=report.depth))
        if report.pv:
            parts.append(" ".join(cell_name(rules, cell) for cell in report.pv[:PV_SHOWN]))
    parts.append(elapsed(_, seconds))
    return " · ".join(parts)


# --- hints on big boards ----------------------------------------------------------------


def verdict(_: Translator, suggestion: Suggestion, *, computer: bool) -> str:
    """What a suggested move leads to, for the person making it.

    ``computer`` says whether the other side is the computer (else a person).
    """
    count = suggestion.winner_moves
    kind = suggestion.verdict
    if kind is Verdict.WINNING:
        if count == 1:
            return _("you win with this move")
        if count:
            return _.ngettext(
                "you win in {count} of your moves", "you win in {count} of your moves", count
            ).format(count=count)
        return _("a forced win for you")
    if kind is Verdict.LOSING:
        if count == 1:
            if computer:
                return _("the computer wins with its next move")
            return _("your opponent wins with their next move")
        if count:
            if computer:
                text = _.ngettext(
                    "the computer wins in {count} of its moves",
                    "the computer wins in {count} of its moves",
                    count,
                )
            else:
                text = _.ngettext(
                    "your opponent wins in {count} of their moves",
                    "your opponent wins in {count} of their moves",
                    count,
                )
            return text.format(count=count)
        return _("a forced loss for you")
    if kind is Verdict.BETTER:
        return _("better for you")
    if kind is Verdict.WORSE:
        return _("worse for you")
    return _("about equal")


def suggestions(_: Translator, found: Sequence[Suggestion], *, computer: bool) -> str:
    """The strip's line for a big board's hint: ``1 h8: better for you · 2 i9: about equal``."""
    if not found:
        return _("No move to suggest here")
    return " · ".join(
        _("{rank} {cell}: {verdict}").format(
            rank=rank, cell=s.label, verdict=verdict(_, s, computer=computer)
        )
        for rank, s in enumerate(found, start=1)
    )


# --- saved games --------------------------------------------------------------------------


def listed(_: Translator, number: int, record: Record) -> str:
    """A saved game's two lines in the list: number, date and board; players and result."""
    sides = _("X: {x}, O: {o}").format(
        x=player_name(_, record.x_player), o=player_name(_, record.o_player)
    )
    head = f"{number} · {played_at(record)} · {board_name(_, record.rules)}"
    return f"{head}\n{sides} · {summary(_, record)}"


def players_line(_: Translator, record: Record) -> str:
    """Who played, the board and when, for the window title of a replay."""
    return _("X: {x}, O: {o}; {board}; {when}").format(
        x=player_name(_, record.x_player),
        o=player_name(_, record.o_player),
        board=board_name(_, record.rules),
        when=played_at(record),
    )


def position(_: Translator, record: Record, ply: int) -> str:
    """Which move the shown position follows, and at the last one how the game ended."""
    count = record.plies
    if ply == 0:
        text = _.ngettext(
            "The empty board; {count} move follows.",
            "The empty board; {count} moves follow.",
            count,
        ).format(count=count)
    else:
        text = _("Move {number} of {count}: {mark} plays {cell}.").format(
            number=ply,
            count=count,
            mark=record.positions()[ply - 1].turn,
            cell=cell_name(record.rules, record.moves[ply - 1]),
        )
    if ply < count:
        return text
    if record.termination is Termination.UNFINISHED:
        end = _("The record ends here, before the game was decided.")
    else:
        end = _("The end: {result}.").format(result=summary(_, record))
    if not count:
        return end
    return f"{text}{'' if text.endswith('。') else ' '}{end}"
