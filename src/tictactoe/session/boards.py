"""Which board a player asked for, and which level plays it: asked the same way everywhere.

- :func:`check_board`: the board a player typed or a page sent (rows, columns,
  k), or one translated message naming the limit broken;
- :func:`rules_problem`: a :class:`~tictactoe.core.errors.RulesError` in the
  player's language (the engine says which limit; this only words it);
- :func:`unplayable_level`: the message when a level asked for (by a flag)
  cannot play the board;
- :func:`fit_opponent`: the chosen level plays the board, or where it cannot,
  the one :func:`tictactoe.players.fit_level` picks, with the line saying so
  (:func:`stand_in`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tictactoe import players
from tictactoe.core.errors import N_, RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules
from tictactoe.game import HUMAN, Match
from tictactoe.saved.settings import BOARD_PRESETS as BOARD_PRESETS  # the boards a menu offers
from tictactoe.texts.i18n import Gettext

_SENTENCE_ENDS = ".!?。！？"
"""Characters that end a sentence already (a translation may bring its own)."""


def rules_problem(error: RulesError, _: Gettext) -> str:
    """What ``error`` says, in the player's language, as a sentence
    ("Rows must be from 1 to 26, not 30.")."""
    return _sentence(error.said(_))


def check_board(rows: object, columns: object, k: object, _: Gettext) -> Rules | str:
    """The board of ``rows`` x ``columns`` where ``k`` in a row wins, or what is wrong with it.

    Each number may be a whole number or its text (a dialog's field, a web
    page's JSON); the message says which limit is broken, translated with ``_``.
    """
    m, n, length = _whole(rows), _whole(columns), _whole(k)
    try:
        # A field left empty says what it wants, not "not ''" (the player typed nothing).
        if m == "":
            raise RulesError.worded(
                N_("rows must be a whole number from 1 to {high}"), high=MAX_SIDE
            )
        if n == "":
            Rules(m, MAX_SIDE, MIN_K)  # the rows' own problem first, as for any other columns
            raise RulesError.worded(
                N_("columns must be a whole number from 1 to {high}"), high=MAX_SIDE
            )
        if length == "":
            Rules(m, n, MIN_K)  # the sides' problem first, as for any other k
            raise RulesError.worded(
                N_("k must be a whole number from {low} to {high}"), low=MIN_K, high=max(m, n)
            )
        return Rules(m, n, length)
    except RulesError as error:
        return rules_problem(error, _)


def unplayable_level(names: Iterable[str | None], rules: Rules, _: Gettext) -> str | None:
    """What to say when one of the levels ``names`` cannot play ``rules``'s board, or None
    (``human`` and None, a player not asked for, play anywhere)."""
    for name in names:
        if name not in (None, HUMAN) and not players.get(name, own=True).plays(rules):
            return _("{level} does not play {m} x {n}: choose another level.").format(
                level=_(players.title_of(name)), m=rules.m, n=rules.n
            )
    return None


def fit_opponent(match: Match, preferred: str, _: Gettext) -> str:
    """Let the level ``preferred`` play ``match``'s board, or where it cannot, the level
    :func:`~tictactoe.players.fit_level` picks; the line saying so then, else "".

    A match of two people is left as it is.
    """
    if match.opponent == HUMAN:
        return ""
    rules = match.rules
    playing = players.fit_level(preferred, rules, own=True)
    if match.opponent != playing:
        match.set_opponent(playing)
    if playing == players.get(preferred, own=True).name:
        return ""
    return stand_in(_, preferred, playing, rules)


def stand_in(_: Gettext, chosen: str, playing: str, rules: Rules) -> str:
    """The line saying level ``playing`` plays ``rules``'s board, which ``chosen`` does not."""
    return _("{chosen} does not play {m} x {n}: {playing} plays instead.").format(
        chosen=_(players.title_of(chosen)),
        playing=_(players.title_of(playing)),
        m=rules.m,
        n=rules.n,
    )


def _whole(value: object) -> Any:
    """The whole number ``value``'s text says (``" 7 "``, ``"-3"``, many digits), else ``value``
    (typed Any: anything but a whole number is the engine's to refuse, naming it)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    number = whole_number(text, signed=True)
    if number is None and text.lstrip("+-").isascii() and text.lstrip("+-").isdigit():
        try:
            return int(text)  # too long to be a size: the engine says it is out of range
        except ValueError:  # more digits than Python converts
            return text
    return text if number is None else number


def _sentence(text: str) -> str:
    """``text`` with a capital first letter (not ``k``, the win length's name) and a full stop."""
    if not text:
        return text
    if not text.startswith("k "):
        text = text[0].upper() + text[1:]
    return text if text[-1] in _SENTENCE_ENDS else text + "."
