"""What a window says of a change the player did not ask for, the same in every front end.

- :func:`as_last_time`: at launch, the settings in force because they were
  remembered, not given on the command line ("As last time: 15 x 15, 5 in a
  row; Expert.");
- :func:`side_said`: the mark you play when a new game gave you the other
  one ("You play O.");
- :data:`NEXT_GAME`: what a click on a finished game's board says before the next
  click starts the next game.
"""

from __future__ import annotations

from collections.abc import Callable

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.game import HUMAN, Match
from tictactoe.saved.settings import Choices
from tictactoe.texts import sentences
from tictactoe.texts.i18n import N_, Translator

NEXT_GAME = N_("The game is over: click the board again for the next one.")
"""Said by the first click on the board of a finished game (the next one starts the next game)."""


def as_last_time(choices: Choices, match: Match, _: Translator) -> str:
    """The settings in force as they were last time (:meth:`Choices.from_last_time`), said at
    launch: "As last time: 15 x 15, 5 in a row; Expert, 3 s a move; sound off." ("" for none).

    The level is said only when it plays (another standing in for it is said next, by
    :func:`~tictactoe.session.boards.stand_in`), its think time only when it searches.
    """
    settings, kept = choices.settings, choices.from_last_time()
    playing = match.opponent if match.opponent != HUMAN else None
    plays = playing is not None and players.get(settings.level, own=True).name == playing
    level = sentences.level(_, settings.level) if plays and "level" in kept else ""
    thinks = plays and players.get(settings.level, own=True).thinks
    if playing is not None and "level" not in kept:  # given: the think time is that level's
        thinks = players.get(playing, own=True).thinks
    think = sentences.per_move(_, settings.think) if thinks and "think" in kept else ""
    parts: dict[str, Callable[[], str]] = {
        "board": lambda: sentences.board_name(_, match.rules),
        "level": lambda: _("{level}, {time}").format(level=level, time=think) if think else level,
        "think": lambda: "" if level else think,
        "sound": lambda: "" if settings.sound else _("sound off"),
        "analysis": lambda: _("analysis shown") if settings.analysis else "",
    }
    said = [text for name in kept if (text := parts[name]())]
    if not said:
        return ""
    # Translators: between the settings said at launch ("15 x 15, 5 in a row; Expert").
    between = _("; ")
    return _("As last time: {settings}.").format(settings=between.join(said))


def side_said(_: Translator, match: Match, before: Mark | None) -> str:
    """ "You play O." when you play the computer with another mark than ``before`` (the mark
    you played in the game before), else ""."""
    if match.you != HUMAN or match.opponent == HUMAN or match.your_mark is before:
        return ""
    return _("You play {mark}.").format(mark=match.your_mark)
