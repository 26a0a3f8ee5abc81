"""What every front end says about how a game ended: one sentence per outcome, audience, language.

:func:`announce` turns an :class:`~tictactoe.core.outcome.Outcome` into the
sentence the terminal prints, the window's banner, the Pygame Zero strip
and the web page show, from the point of view of who reads it (an
:class:`Audience`): the one person playing the computer or a friend on
another screen ("Hooray! You have won the game!"), two people at one
keyboard or two computer players watched (named: "X wins! Player 1 has won
the game."), or spectators who know only the marks ("X wins!").

The English sentences are :data:`PHRASES`, one per :func:`phrase_key`; the
web page gets them translated (:func:`phrasebook`) and picks the same key.
:func:`summary` is the short result of a saved game, as lists and replays
show it ("O won with 3 in a row"); :func:`side_names`, :func:`board_name`
and :func:`played_at` name its players, its board and when it was played, the
same way in every front end and command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from enum import StrEnum
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.console import shown
from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.game import HUMAN
from tictactoe.i18n import N_, Translator

if TYPE_CHECKING:
    from tictactoe.core.records import Record
    from tictactoe.core.rules import Rules
    from tictactoe.game import Game


class Opponent(StrEnum):
    """Who played against the person reading."""

    COMPUTER = "computer"
    FRIEND = "friend"
    """A person elsewhere (the web's game with a friend)."""


@dataclass(frozen=True)
class Audience:
    """Who reads the sentence: :meth:`player`, :meth:`named`, :meth:`marks` or :meth:`of_game`."""

    you: Mark | None = None
    """The side of the one person reading; None when nobody's side is "you"."""
    opponent: Opponent = Opponent.COMPUTER
    """With ``you``: who played the other side."""
    names: Mapping[Mark, str] = field(default_factory=dict, hash=False)
    """Without ``you``: each side's name as people see it ("Player 1", "Hard"); empty: marks."""

    @classmethod
    def player(cls, you: Mark, opponent: Opponent = Opponent.COMPUTER) -> Audience:
        """The person playing ``you`` against ``opponent``."""
        return cls(you=Mark(you), opponent=Opponent(opponent))

    @classmethod
    def named(cls, names: Mapping[Mark, str]) -> Audience:
        """People watching both sides, named ``names`` (two people at one keyboard, a demo)."""
        return cls(names={mark: names[mark] for mark in Mark})

    @classmethod
    def marks(cls) -> Audience:
        """Spectators who know the sides only by their marks."""
        return cls()

    @classmethod
    def of_game(cls, game: Game) -> Audience:
        """Who watches ``game`` in a window that names sides by their marks.

        The one person playing the computer reads "you"; two people at one
        keyboard, or a game between computer players, are told the marks.
        """
        people = [mark for mark in Mark if game.is_human(mark)]
        return cls.player(people[0]) if len(people) == 1 else cls.marks()


_ENDINGS = {
    Termination.LINE: "win",
    Termination.ADJUDICATED: "win",
    Termination.RESIGNATION: "resignation",
    Termination.FORFEIT: "forfeit",
}

PHRASES: Mapping[str, str] = {
    "draw": N_("The game is a tie!"),
    "win.won.computer": N_("Hooray! You have won the game!"),
    "win.won.friend": N_("Hooray! You have won the game!"),
    "win.lost.computer": N_("The computer has beaten you! You lose."),
    "win.lost.friend": N_("Your friend has beaten you! You lose."),
    "win.named": N_("{mark} wins! {name} has won the game."),
    "win.marks": N_("{mark} wins!"),
    "resignation.won.computer": N_("The computer resigned: you win this game."),
    "resignation.won.friend": N_("Your friend resigned: you win this game."),
    "resignation.lost.computer": N_("You resigned: the computer wins this game."),
    "resignation.lost.friend": N_("You resigned: your friend wins this game."),
    "resignation.named": N_("{loser_name} ({loser}) resigned: {name} wins this game."),
    "resignation.marks": N_("{loser} resigned: {mark} wins this game."),
    "forfeit.won.computer": N_("The computer left the game: you win this game."),
    "forfeit.won.friend": N_("Your friend left the game: you win this game."),
    "forfeit.lost.computer": N_("You left the game: the computer wins this game."),
    "forfeit.lost.friend": N_("You left the game: your friend wins this game."),
    "forfeit.named": N_("{loser_name} ({loser}) left the game: {name} wins this game."),
    "forfeit.marks": N_("{loser} left the game: {mark} wins this game."),
}
"""Every end-of-game sentence in English, by :func:`phrase_key`. Fields: ``{mark}`` and
``{name}`` are the winner's mark and name, ``{loser}`` and ``{loser_name}`` the loser's."""


def phrase_key(outcome: Outcome, audience: Audience) -> str:
    """Which of :data:`PHRASES` says ``outcome`` to ``audience``: ``win.lost.computer``, ..."""
    if outcome.winner is None:
        return "draw"
    ending = _ENDINGS[outcome.termination]
    if audience.you is None:
        return f"{ending}.{'named' if audience.names else 'marks'}"
    side = "won" if outcome.winner is audience.you else "lost"
    return f"{ending}.{side}.{audience.opponent}"


def announce(outcome: Outcome, audience: Audience, tr: Translator) -> str:
    """The sentence that tells ``audience`` how the game ended, in ``tr``'s language."""
    template = tr.gettext(PHRASES[phrase_key(outcome, audience)])
    if outcome.winner is None:
        return template
    loser = outcome.winner.other
    names = audience.names
    return template.format(
        mark=outcome.winner,
        name=names.get(outcome.winner, outcome.winner),
        loser=loser,
        loser_name=names.get(loser, loser),
    )


def phrasebook(tr: Translator) -> dict[str, str]:
    """:data:`PHRASES` in ``tr``'s language, for a front end that fills them in itself (the web)."""
    return {key: tr.gettext(english) for key, english in PHRASES.items()}


def summary(tr: Translator, record: Record) -> str:
    """A saved game's result in a few words: ``O won with 3 in a row``, ``draw``, ``unfinished``."""
    outcome = record.outcome
    if outcome is None:
        return tr.gettext("unfinished")
    winner, how = outcome.winner, outcome.termination
    if winner is None and how is Termination.FULL_BOARD:
        return tr.gettext("draw")
    if winner is None:
        return tr.gettext("draw by decision")
    if how is Termination.LINE:
        return tr.gettext("{mark} won with {k} in a row").format(mark=winner, k=record.rules.k)
    if how is Termination.RESIGNATION:
        return tr.gettext("{mark} won: {other} resigned").format(mark=winner, other=winner.other)
    if how is Termination.FORFEIT:
        return tr.gettext("{mark} won: {other} left the game").format(
            mark=winner, other=winner.other
        )
    return tr.gettext("{mark} won by decision").format(mark=winner)


YOU, PLAYER, HUMAN_WORD = N_("You"), N_("Player"), N_("human")
"""What a person is called where players are named: against a computer and when two people
played (:func:`side_names`), and anywhere else (:func:`player_name`)."""

PERSON_NAMES = (YOU, PLAYER, HUMAN_WORD)
"""Every name a person is shown by (:func:`player_called` reads them back)."""


def player_name(tr: Translator, name: str) -> str:
    """How a player is shown: a person as "human", a computer player by its level title, a
    name from a file as it is (control characters replaced). A saved game's sides are named
    by :func:`side_names`."""
    if name == HUMAN:
        return tr.gettext(HUMAN_WORD)
    title = players.title_of(name)
    return tr.gettext(title) if title != name else shown(name)


def side_names(tr: Translator, record: Record) -> tuple[str, str]:
    """X's and O's names in a saved game's lists and headers: a person is "You" against a
    computer and "Player" when two people played; a computer player as :func:`player_name`
    names it."""
    both = record.x_player == record.o_player == HUMAN
    person = tr.gettext(PLAYER if both else YOU)
    x, o = (
        person if name == HUMAN else player_name(tr, name)
        for name in (record.x_player, record.o_player)
    )
    return x, o


def player_called(tr: Translator, text: str) -> str | None:
    """The name saved games keep for the player shown as ``text`` (any case, spaces around
    ignored), in ``tr``'s language or in English: a person (``You``, ``Player``, ``human``) is
    ``human``, a computer player is found by its title (``Medium``, ``Средний``); None for
    any other text."""
    key = text.strip().casefold()
    for word in PERSON_NAMES:
        if key in (word.casefold(), tr.gettext(word).casefold()):
            return HUMAN
    for name in players.names():
        title = players.title_of(name)
        if key in (title.casefold(), tr.gettext(title).casefold()):
            return name
    return None


def board_name(tr: Translator, rules: Rules) -> str:
    """The board and its win length: ``15 x 15, 5 in a row``."""
    return tr.gettext("{rows} x {cols}, {k} in a row").format(rows=rules.m, cols=rules.n, k=rules.k)


def played_at(record: Record) -> str:
    """When the game was played, in local time (``2025-06-01 10:04``), or ``-`` if unknown."""
    moment: datetime | None = record.started or record.finished
    if moment is None:
        return "-"
    if record.finished is None and moment.timetz() == time(0, tzinfo=UTC):
        return moment.strftime("%Y-%m-%d")  # a file that gives the date only
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def saved_row(tr: Translator, number: int, record: Record) -> tuple[str, ...]:
    """A saved game as a list shows it: its number, when, the board, X, O and the result (the
    columns of :func:`saved_headings`)."""
    return (
        str(number),
        played_at(record),
        board_name(tr, record.rules),
        *side_names(tr, record),
        summary(tr, record),
    )


def saved_headings(tr: Translator) -> tuple[str, ...]:
    """The headings of :func:`saved_row`'s columns."""
    return (
        tr.gettext("Number"),
        tr.gettext("Date"),
        tr.gettext("Board"),
        "X",
        "O",
        tr.gettext("Result"),
    )
