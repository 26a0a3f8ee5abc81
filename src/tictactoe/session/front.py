"""What a front end reads of its :class:`~tictactoe.session.Session`, by the names it draws with.

The windows inherit :class:`Front`: it holds no state of its own, only the
session's (the match, the game, the settings, the saved game shown, the
language ...), so a window's parts read one place whichever window they are in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.background import Hints, Jobs
    from tictactoe.game import Game, Match
    from tictactoe.i18n import Translator
    from tictactoe.replay import Replay
    from tictactoe.session.play import Session
    from tictactoe.settings import Settings
    from tictactoe.stats import Scoreboard


class Front:
    """A front end over ``self.session``: the session's state under the names it draws."""

    session: Session

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.session.match

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def settings(self) -> Settings:
        """The settings in use: the remembered ones with this launch's options."""
        return self.session.settings

    @property
    def translate(self) -> Translator:
        """The language everything is shown in."""
        return self.session.tr

    @property
    def viewing(self) -> Replay | None:
        """The saved game shown instead of the game, if one is."""
        return self.session.viewing

    @property
    def hints(self) -> Hints | None:
        """The hints shown for the current move, if any."""
        return self.session.hints

    @property
    def think_seconds(self) -> float:
        """How long a searching level thinks a move, and a big board's hint searches."""
        return self.session.think_seconds

    @property
    def jobs(self) -> Jobs:
        """The helper the computer's moves and the hints are worked out on."""
        return self.session.jobs

    @property
    def scoreboard(self) -> Scoreboard | None:
        """The one store of finished games the scoreboard counts."""
        return self.session.scoreboard
