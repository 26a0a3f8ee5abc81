"""The end of a game, the same in every front end: kept once in the one store, and its sound.

:func:`keep_finished` saves a finished game in the saved games (scored when a
person played), or words why it could not (:func:`scoreboard_unavailable`);
:func:`ending_sound` is the cue a window plays.
"""

from __future__ import annotations

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome
from tictactoe.game import Game
from tictactoe.saved.archive import Archive, ArchiveError
from tictactoe.saved.scoreboard import describe
from tictactoe.saved.writer import Recorder, save_finished
from tictactoe.session.sound import Sound
from tictactoe.texts.i18n import Translator


def keep_finished(game: Game, store: Archive | Recorder | None, tr: Translator) -> str | None:
    """Save the finished ``game`` in the one store (scored when a person played); None, or
    why it could not be saved, as the one line every window shows (play goes on)."""
    problem = save_finished(game, store)
    return None if problem is None else scoreboard_unavailable(problem, tr)


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
