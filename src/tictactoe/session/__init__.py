"""What every front end needs around a game, toolkit-neutral: the session layer.

- :class:`Session` (:mod:`.session`): a window's match with its computer moves and
  hints as background jobs, a saved game shown, the end of each game, the level
  chosen, the remembered choices and the language; the tk and Pygame Zero
  windows draw it and turn their input into its intents;
- :class:`BoardPicture` (:mod:`.picture`): the board as every front end draws it,
  made by :meth:`Session.picture`;
- :mod:`.boards`: the board a player asked for, or one message naming the limit
  broken; the level that plays a board;
- :mod:`.ending`: the line said when a finished game cannot be kept, and its sound;
- :mod:`.notices`: what a window says of a change the player did not ask for (the
  settings as last time, a level standing in, the side), and of a click on a
  finished game.
"""

from tictactoe.session.boards import (
    check_board,
    fit_opponent,
    rules_problem,
    stand_in,
    unplayable_level,
)
from tictactoe.session.ending import ending_sound, scoreboard_unavailable
from tictactoe.session.picture import BoardPicture
from tictactoe.session.session import (
    DEMO_DELAY,
    END_CLICK_GUARD,
    REFUSED_SECONDS,
    REPLY_PAUSE,
    Played,
    Session,
)

__all__ = [
    "DEMO_DELAY",
    "END_CLICK_GUARD",
    "REFUSED_SECONDS",
    "REPLY_PAUSE",
    "BoardPicture",
    "Played",
    "Session",
    "check_board",
    "ending_sound",
    "fit_opponent",
    "rules_problem",
    "scoreboard_unavailable",
    "stand_in",
    "unplayable_level",
]
