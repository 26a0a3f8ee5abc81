"""A game record in words, in the user's language: players, board, result, date."""

from __future__ import annotations

from datetime import UTC, datetime, time

from tictactoe import players
from tictactoe.console import shown
from tictactoe.core import Record, Rules, UnknownPlayerError
from tictactoe.game import HUMAN
from tictactoe.i18n import Translator


def player(tr: Translator, name: str) -> str:
    """How a player is shown: a person as "human", a computer player by its level title.

    Names from imported files that are neither are shown as they are.
    """
    if name == HUMAN:
        return tr.gettext("human")
    try:
        return tr.gettext(players.get(name).title)
    except UnknownPlayerError:
        return shown(name)


def board(tr: Translator, rules: Rules) -> str:
    """The board and its win length, like ``15 x 15, 5 in a row``."""
    return tr.gettext("{rows} x {cols}, {k} in a row").format(rows=rules.m, cols=rules.n, k=rules.k)


def when(record: Record) -> str:
    """When the game was played, in local time (``2025-06-01 10:04``), or ``-`` if unknown."""
    moment: datetime | None = record.started or record.finished
    if moment is None:
        return "-"
    if record.finished is None and moment.timetz() == time(0, tzinfo=UTC):
        return moment.strftime("%Y-%m-%d")  # a file that gives the date only
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")
