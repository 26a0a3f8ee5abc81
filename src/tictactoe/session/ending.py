"""The end of a game, the same in every front end: the line said when it cannot be kept, and
its sound.

:func:`scoreboard_unavailable` words why the saved games (and so the
scoreboard) cannot be used; :func:`ending_sound` is the cue a window plays.
"""

from __future__ import annotations

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome
from tictactoe.game import Game
from tictactoe.saved.archive import ArchiveError
from tictactoe.saved.scoreboard import describe
from tictactoe.session.sound import Sound
from tictactoe.texts.i18n import Translator


def scoreboard_unavailable(error: ArchiveError, tr: Translator) -> str:
    """The line a window shows when the saved games (and so the scoreboard) cannot be used."""
    return tr.gettext("Scoreboard unavailable: {reason}").format(reason=describe(error, tr))


def ending_sound(game: Game, outcome: Outcome) -> Sound:
    """The cue at the end of ``game``: a draw's; a loss's when the one person playing lost;
    a win's otherwise (a person won, two people played, or a demo ended)."""
    if outcome.winner is None:
        return Sound.DRAW
    people = [mark for mark in Mark if game.is_human(mark)]
    if len(people) == 1 and outcome.winner is not people[0]:
        return Sound.LOSE
    return Sound.WIN
