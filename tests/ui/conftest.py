"""What the windows say that must fit them at their smallest, in any language (the desktop
window's and the Pygame Zero game's tests check it through their toolkits)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictactoe.core.rules import Rules
from tictactoe.game import Match
from tictactoe.players import confinement, own
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session import stand_in
from tictactoe.session.notices import NEXT_GAME, as_last_time, side_said
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import FORFEITS, PHRASES, joined

PLAYER = "forever.py"
"""A player file's name as long as a student's usually is."""


def results(_: Translator) -> list[str]:
    """Every end-of-game sentence a window may show, an own player's named :data:`PLAYER`."""
    return [
        _(english).format(player=PLAYER, loser="O", name="X", mark="X", loser_name="O")
        for english in [*FORFEITS.values(), *PHRASES.values()]
    ]


def notices(_: Translator) -> list[str]:
    """The notices of a click on a finished game, of the launch (every setting as last time;
    with the longest line on what confines a player file), of a forced change, and the
    reason an own player lost (in full)."""
    rules = Rules(15, 15, 5)
    remembered = Settings(board=rules, level="search", think=3.0, sound=False, analysis=True)
    choices = Choices(remembered, remembered, SettingsStore())
    match = Match(rules, "search", think=3.0)
    changed = joined((stand_in(_, "perfect", "search", rules), side_said(_, match, None)))
    loses = _(own.LOSES).format(player=PLAYER, reason=_(own.TOO_SLOW).format(seconds=1))
    confined = _(confinement.LIMITS_ROOT_LINE).format(megabytes=256)
    launch = joined((as_last_time(choices, match, _), confined))
    return [_(NEXT_GAME), as_last_time(choices, match, _), changed, loses, launch]


@pytest.fixture
def said_in() -> Callable[[str], tuple[list[str], list[str]]]:
    """``said_in(language)``: the :func:`results` and the :func:`notices` in ``language``."""

    def said(language: str) -> tuple[list[str], list[str]]:
        _ = translator(language)
        return results(_), notices(_)

    return said
