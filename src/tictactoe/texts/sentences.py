"""What every front end says in the player's language: during a game, at its end, of saved games.

During a game: whose turn it is, how long the computer thinks and what its
search has found so far, a hint's verdict on a move, the score of the games
played, and which position of a saved game is shown.

At the end: :func:`announce` turns an :class:`~tictactoe.core.outcome.Outcome`
into the sentence the terminal prints, the window's banner, the Pygame Zero
strip and the web page show, from the point of view of who reads it (an
:class:`Audience`): the one person playing the computer or a friend on
another screen ("Hooray! You have won the game!"), two people at one
keyboard or two computer players watched (named: "X wins! Player 1 has won
the game."), or spectators who know only the marks ("X wins!"). The English
sentences are :data:`PHRASES`, one per :func:`phrase_key`; the web page gets
them translated (:func:`phrasebook`) and picks the same key. A game your own
player lost by failing is said by :func:`announce_forfeit` instead, naming the
failure ("forever.py ran out of time: you win."; :data:`FORFEITS`).

Saved games: :func:`summary` is the short result ("O won with 3 in a row");
:func:`side_names`, :func:`board_name` and :func:`played_at` name its
players, its board and when it was played, the same way in every front end
and command.

The search tree ("How the computer thinks": the desktop window's panel and the
web page's): :func:`tree_value`, :func:`tree_search` and :func:`tree_counts` word
a node's value, what the search did there and the counts of every search.

Functions take the translator ``_`` (the language can change while a window
is open) and return finished text. Computer players are named by their level
titles (``Medium``), never by strategy names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from enum import StrEnum
from typing import TYPE_CHECKING

from tictactoe import players
from tictactoe.console import shown
from tictactoe.core.board import Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.cells import label as cell_name
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.system import system_reason
from tictactoe.game import HUMAN
from tictactoe.texts.i18n import N_, Translator

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tictactoe.core.advice import Suggestion
    from tictactoe.core.analysis import MoveValue
    from tictactoe.core.exact.values import Prospect
    from tictactoe.core.records import Record
    from tictactoe.core.rules import Rules
    from tictactoe.core.search import Progress
    from tictactoe.core.tree import Bound, Cut, Node, Search, Tree
    from tictactoe.game import Game, Match
    from tictactoe.players.own import Fault, PlayerForfeit


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


FORFEITS: Mapping[str, str] = {
    "time.won": N_("{player} ran out of time: you win."),
    "time.marks": N_("{player} ({loser}) ran out of time: {name} wins."),
    "crash.won": N_("{player} crashed: you win."),
    "crash.marks": N_("{player} ({loser}) crashed: {name} wins."),
    "taken.won": N_("{player} played a taken cell: you win."),
    "taken.marks": N_("{player} ({loser}) played a taken cell: {name} wins."),
    "off-the-board.won": N_("{player} played off the board: you win."),
    "off-the-board.marks": N_("{player} ({loser}) played off the board: {name} wins."),
    "not-a-cell.won": N_("{player} answered something that is not a cell: you win."),
    "not-a-cell.marks": N_(
        "{player} ({loser}) answered something that is not a cell: {name} wins."
    ),
    "not-started.won": N_("{player} could not be started: you win."),
    "not-started.marks": N_("{player} ({loser}) could not be started: {name} wins."),
    "forbidden.won": N_("{player} broke the rules for player files: you win."),
    "forbidden.marks": N_("{player} ({loser}) broke the rules for player files: {name} wins."),
}
"""The end of a game an own player lost by failing (:class:`~tictactoe.players.own.Fault`),
by :func:`forfeit_key`: ``{player}`` is its name, ``{loser}`` its mark, ``{name}`` the
winner's name (its mark where sides are known by marks)."""


def forfeit_key(fault: Fault, audience: Audience) -> str:
    """Which of :data:`FORFEITS` says an own player's ``fault`` to ``audience``: the person
    it played (``time.won``), or people watching (``time.marks``)."""
    return f"{fault}.{'marks' if audience.you is None else 'won'}"


def announce_forfeit(
    failure: PlayerForfeit, outcome: Outcome, audience: Audience, tr: Translator
) -> str:
    """How a game an own player lost by ``failure`` ended, in short, for ``audience``:
    "forever.py ran out of time: you win." (the reason in full is ``failure.said``).
    A failure of the reader's own side is said as :func:`announce` says it."""
    winner = outcome.winner
    if winner is None or audience.you is winner.other:
        return announce(outcome, audience, tr)
    template = tr.gettext(FORFEITS[forfeit_key(failure.fault, audience)])
    return template.format(
        player=failure.player, loser=winner.other, name=audience.names.get(winner, winner)
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
        # Translators: a saved game a side lost without playing on: it left, or its player
        # file failed (ran out of time, crashed, played a taken cell).
        return tr.gettext("{mark} won: {other} forfeited").format(mark=winner, other=winner.other)
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


DECIMAL_COMMA = frozenset({"ru", "vi"})
"""Languages that write 0,5 where English writes 0.5."""
LINE_SHOWN = 4
"""Moves of the computer's expected line shown while it thinks."""


class Sides(StrEnum):
    """Who plays a match: you against the computer, two people at one board, or two
    computer players watched (a demo)."""

    COMPUTER = "computer"
    PEOPLE = "people"
    DEMO = "demo"

    @classmethod
    def of(cls, match: Match) -> Sides:
        """Who plays ``match``."""
        if match.you != HUMAN:
            return cls.DEMO
        return cls.PEOPLE if match.opponent == HUMAN else cls.COMPUTER


class Feeling(StrEnum):
    """How a result reads to the one person playing the computer: a window's colour for it."""

    WIN = "win"
    LOSE = "lose"
    NEUTRAL = "neutral"

    @classmethod
    def of(cls, outcome: Outcome, game: Game) -> Feeling:
        """Good or bad news for the one person playing ``game`` against the computer."""
        people = [mark for mark in Mark if game.is_human(mark)]
        if outcome.winner is None or len(people) != 1:
            return cls.NEUTRAL
        return cls.WIN if outcome.winner is people[0] else cls.LOSE


# --- players and turns --------------------------------------------------------------------


def level(_: Translator, name: str) -> str:
    """A player as people see it: a level's title (``Medium``), or ``human``."""
    return player_name(_, name)


def person(_: Translator, first: bool) -> str:
    """ "Player 1" or "Player 2", when two people share the board."""
    return _("Player 1") if first else _("Player 2")


def turn(_: Translator, game: Game, *, thinking: bool = False) -> str:
    """Whose turn it is: "Your move (X)", "O to move" (two people), "Medium (O) is thinking…"."""
    mark = game.turn
    if game.is_human(mark):
        if all(game.is_human(side) for side in Mark):
            return _("{mark} to move").format(mark=mark)
        return _("Your move ({mark})").format(mark=mark)
    name = level(_, game.player(mark))
    if thinking:
        return _("{level} ({mark}) is thinking…").format(level=name, mark=mark)
    return _("{level} ({mark}) to move").format(level=name, mark=mark)


def win_length(_: Translator, rules: Rules) -> str:
    """The goal on a board other than 3 x 3: "5 in a row"."""
    return _("{k} in a row").format(k=rules.k)


def score(_: Translator, match: Match, *, by_mark: bool = False) -> str:
    """The games of this session so far: "You 2 · computer 1 · draws 3".

    Two people are counted as Player 1 and Player 2, or by their marks with
    ``by_mark`` (a window that names them by mark); a demo names both levels.
    """
    tally = match.score
    sides = Sides.of(match)
    if sides is Sides.COMPUTER:
        return _("You {wins} · computer {losses} · draws {draws}").format(
            wins=tally.wins, losses=tally.losses, draws=tally.draws
        )
    if sides is Sides.PEOPLE and by_mark:
        return _("X {x} · O {o} · draws {draws}").format(
            x=tally.by_mark[Mark.X], o=tally.by_mark[Mark.O], draws=tally.draws
        )
    if sides is Sides.PEOPLE:
        first, second = person(_, True), person(_, False)
    else:
        first, second = level(_, match.you), level(_, match.opponent)
    return _("{first} {wins} · {second} {losses} · draws {draws}").format(
        first=first, second=second, wins=tally.wins, losses=tally.losses, draws=tally.draws
    )


# --- time and the computer's thinking -------------------------------------------------------


def seconds(_: Translator, value: float, decimals: int = 2, *, fixed: bool = False) -> str:
    """A duration: "0.25 s", "2 s", "1.3 s" (a decimal comma where the language has one); up to
    ``decimals`` places below 10 s (always that many when ``fixed``: a running clock), whole
    seconds from there."""
    value = max(0.0, value)
    number = f"{value:.{decimals}f}" if value < 10 else f"{value:.0f}"
    if not fixed and "." in number:
        number = number.rstrip("0").rstrip(".")
    return _("{seconds} s").format(seconds=decimal(_, number))


def decimal(_: Translator, number: str) -> str:
    """A number written with a decimal point ("2.5"), as the language writes it ("2,5")."""
    return number.replace(".", ",") if _.language in DECIMAL_COMMA else number


def span(_: Translator, value: float) -> str:
    """A long time for people, to the unit that matters: "8 s", "4 min 05 s", "2 h 03 min",
    "12 days"."""
    whole = max(0, round(value))
    if whole < 60:
        return _("{seconds} s").format(seconds=whole)
    if whole < 3600:
        minutes, rest = divmod(whole, 60)
        return _("{minutes} min {seconds} s").format(minutes=minutes, seconds=f"{rest:02d}")
    if whole < 48 * 3600:
        hours, rest = divmod(whole, 3600)
        return _("{hours} h {minutes} min").format(hours=hours, minutes=f"{rest // 60:02d}")
    days = whole // 86400
    return _.ngettext("{days} day", "{days} days", days).format(days=days)


def per_move(_: Translator, value: float) -> str:
    """A think time as a rate: "1 s a move"."""
    return _("{time} a move").format(time=seconds(_, value))


def line(rules: Rules, cells: Sequence[int], numbering: Numbering = Numbering.COORDS) -> str:
    """A line of play in cell names, the first :data:`LINE_SHOWN` moves: "h8 i9 j10 g7 …"."""
    shown = " ".join(cell_name(rules, cell, numbering) for cell in cells[:LINE_SHOWN])
    return f"{shown} …" if len(cells) > LINE_SHOWN else shown


def thinking(_: Translator, elapsed: float, limit: float | None = None) -> str:
    """How long the computer has thought, of how long it may: "1.2 s of 3 s" (no analysis)."""
    spent = seconds(_, elapsed, decimals=1, fixed=True)
    if limit is None:
        return spent
    return _("{elapsed} of {limit}").format(elapsed=spent, limit=seconds(_, limit))


def progress(
    _: Translator,
    rules: Rules,
    report: Progress | None,
    elapsed: float | None = None,
    numbering: Numbering = Numbering.COORDS,
) -> str:
    """What a search has found so far: "depth 6 · h8 i9 j10 g7 · 0.4 s" (the time when given)."""
    parts = []
    if report is not None:
        parts.append(_("depth {depth}").format(depth=report.depth))
        if report.pv:
            parts.append(line(rules, report.pv, numbering))
    if elapsed is not None:
        parts.append(seconds(_, elapsed, decimals=1))
    return " · ".join(parts)


# --- hints ------------------------------------------------------------------------------------


def forced(
    _: Translator, sides: Sides, mover_wins: bool, count: int, other: Mark | None = None
) -> str:
    """A forced win counted in the winner's own moves, for the player to move: "you win in 3
    of your moves", "the computer wins with its next move"; between two people at one board
    the winner is named by ``other``, the mark of the side not to move ("O wins next move")."""
    if mover_wins:
        if count == 1:
            return _("you win with this move")
        text = _.ngettext(
            "you win in {count} of your moves", "you win in {count} of your moves", count
        )
    elif sides is Sides.COMPUTER:
        if count == 1:
            return _("the computer wins with its next move")
        text = _.ngettext(
            "the computer wins in {count} of its moves",
            "the computer wins in {count} of its moves",
            count,
        )
    elif other is not None:
        if count == 1:
            return _("{mark} wins next move").format(mark=other)
        text = _.ngettext(
            "{mark} wins in {count} of its moves", "{mark} wins in {count} of its moves", count
        )
        return text.format(mark=other, count=count)
    elif count == 1:
        return _("your opponent wins with their next move")
    else:
        text = _.ngettext(
            "your opponent wins in {count} of their moves",
            "your opponent wins in {count} of their moves",
            count,
        )
    return text.format(count=count)


def move_value(_: Translator, sides: Sides, value: MoveValue, other: Mark | None = None) -> str:
    """An exactly valued move for the player to move: "draw", "you win in 2 of your moves"
    (``other``: see :func:`forced`)."""
    from tictactoe.core.exact.solver import Value

    count = value.winner_moves
    if value.value is Value.DRAW or count is None:
        return _("draw")
    return forced(_, sides, value.value is Value.WIN, count, other)


def verdict(_: Translator, suggestion: Suggestion, sides: Sides, other: Mark | None = None) -> str:
    """What a suggested move leads to, for the player making it: "better for you", "the
    computer wins in 4 of its moves" (``other``: see :func:`forced`)."""
    from tictactoe.core.advice import Verdict

    kind = suggestion.verdict
    if kind in (Verdict.WINNING, Verdict.LOSING):
        mover_wins = kind is Verdict.WINNING
        if suggestion.winner_moves:
            return forced(_, sides, mover_wins, suggestion.winner_moves, other)
        return _("a forced win for you") if mover_wins else _("a forced loss for you")
    if kind is Verdict.BETTER:
        return _("better for you")
    if kind is Verdict.WORSE:
        return _("worse for you")
    return _("about equal")


def suggestion(
    _: Translator,
    rank: int,
    found: Suggestion,
    sides: Sides,
    other: Mark | None = None,
    cell: str = "",
) -> str:
    """One of a big board's suggested moves: "1 h8: better for you" (``other``: see
    :func:`forced`; ``cell``: the move's name where cells are not named by coordinates)."""
    return _("{rank} {cell}: {verdict}").format(
        rank=rank, cell=cell or found.label, verdict=verdict(_, found, sides, other)
    )


def suggestions(
    _: Translator, found: Sequence[Suggestion], sides: Sides, other: Mark | None = None
) -> str:
    """A big board's hint on one line: "1 h8: better for you · 2 i9: about equal"."""
    if not found:
        return _("No move to suggest here")
    return " · ".join(suggestion(_, rank, s, sides, other) for rank, s in enumerate(found, start=1))


# --- saved games --------------------------------------------------------------------------------


def record_header(_: Translator, record: Record) -> str:
    """Who played a saved game, on which board and when: "X: You, O: Medium; 3 x 3, 3 in a
    row; 2026-11-26 10:04"."""
    x, o = side_names(_, record)
    return _("X: {x}, O: {o}; {board}; {when}").format(
        x=x,
        o=o,
        board=board_name(_, record.rules),
        when=played_at(record),
    )


def replay_position(
    _: Translator, record: Record, ply: int, numbering: Numbering = Numbering.COORDS
) -> str:
    """Which position of a saved game is shown: the empty board, or move N of all."""
    count = record.plies
    if ply == 0:
        return _.ngettext(
            "The empty board; {count} move follows.",
            "The empty board; {count} moves follow.",
            count,
        ).format(count=count)
    return _("Move {number} of {count}: {mark} plays {cell}.").format(
        number=ply,
        count=count,
        mark=record.positions()[ply - 1].turn,
        cell=cell_name(record.rules, record.moves[ply - 1], numbering),
    )


def replay_end(_: Translator, record: Record) -> str:
    """What the last position of a saved game says: how it ended."""
    if record.termination is Termination.UNFINISHED:
        return _("The record ends here, before the game was decided.")
    return _("The end: {result}.").format(result=summary(_, record))


def replay_at(_: Translator, record: Record, ply: int) -> str:
    """The position shown and, at the last one, how the game ended, in one line."""
    end = replay_end(_, record) if ply == record.plies else ""
    if not end:
        return replay_position(_, record, ply)
    if ply == 0:
        return end
    return joined((replay_position(_, record, ply), end))


def joined(sentences_: Iterable[str]) -> str:
    """Whole sentences in one line, those that are empty left out (no space after a Chinese
    full stop)."""
    text = ""
    for sentence in sentences_:
        if sentence:
            text = f"{text}{'' if not text or text.endswith('。') else ' '}{sentence}"
    return text


# --- what went wrong --------------------------------------------------------------------------


def why(_: Translator, error: BaseException) -> str:
    """Why ``error`` happened, in the player's language: an engine error's wording, the system's
    reason for a refused file (:mod:`tictactoe.core.system`), else the error's own text."""
    if isinstance(error, TicTacToeError):
        return error.said(_)
    if isinstance(error, OSError):
        return _(system_reason(error))
    return str(error)


# --- the search tree ("How the computer thinks") ----------------------------------------------

SEARCH_TITLES = {
    "minimax": N_("Minimax"),
    "alphabeta": N_("Alpha-beta"),
    "table": N_("Table"),
    "symmetry": N_("Table with symmetries"),
}
"""Each search of :class:`tictactoe.core.tree.Search` by its value, as its switch names it."""


def search_title(_: Translator, search: Search) -> str:
    """A search's name: "Alpha-beta"."""
    return _(SEARCH_TITLES[str(search)])


def tree_value(_: Translator, value: Prospect, mover: Mark, *, move: bool) -> str:
    """A value in the words of the hints, naming the winner: "draw", "X wins in 3 of its
    moves", "O wins next move", "X wins with this move" (``move``: ``value`` is of the move
    ``mover`` made, which counts as one of its moves)."""
    from tictactoe.core.exact.values import Value

    count = value.winner_moves
    if value.value is Value.DRAW or count is None:
        return _("draw")
    winner = mover if value.value is Value.WIN else mover.other
    if move and winner is mover and count == 1:
        return _("{mark} wins with this move").format(mark=winner)
    return forced(_, Sides.PEOPLE, False, count, winner)


def positions(_: Translator, count: int) -> str:
    """``1,234 positions`` in the language ``_``."""
    return _.ngettext("{count} position", "{count} positions", count).format(count=f"{count:,}")


def bounded(_: Translator, value: Prospect, bound: Bound, mover: Mark) -> str:
    """A value alpha-beta proved for ``mover``'s move, exact or a bound: "draw or better for O"."""
    from tictactoe.core.tree import Bound

    found = tree_value(_, value, mover, move=True)
    if bound is Bound.AT_LEAST:
        return _("{value} or better for {mark}").format(value=found, mark=mover)
    if bound is Bound.AT_MOST:
        return _("{value} or worse for {mark}").format(value=found, mark=mover)
    return found


def cut_reason(_: Translator, rules: Rules, cut: Cut, mover: Mark) -> str:
    """Why alpha-beta cut ``mover``'s move off: an earlier move already reached the bound."""
    return _(
        "cut off: {cell} already gives {mover} “{reached}” or better; {other} can hold "
        "{mover} to “{limit}” elsewhere"
    ).format(
        mover=mover,
        other=mover.other,
        cell=cell_name(rules, cut.by, Numbering.COORDS),
        reached=tree_value(_, cut.reached, mover, move=True),
        limit=tree_value(_, cut.limit, mover, move=True),
    )


def in_table(_: Translator, search: Search) -> str:
    """Why a table search did not search a position again."""
    if str(search) == "symmetry":
        return _("in the table already (it or a mirror image)")
    return _("in the table already")


def tree_search(_: Translator, node: Node) -> str:
    """What the search did at ``node``: its result and positions, or why it stopped."""
    from tictactoe.core.tree import Bound, Visit

    mover = node.mover
    if node.visit is Visit.CUT and node.cut is not None:
        return cut_reason(_, node.board.rules, node.cut, mover)
    if node.visit is Visit.SEEN:
        return in_table(_, node.search)
    if node.visit is Visit.SKIPPED:
        return _("never reached")
    counted = positions(_, node.count)
    if node.found is None or node.found.bound is Bound.EXACT:
        return counted
    return f"{bounded(_, node.found.value, node.found.bound, mover)} · {counted}"


def tree_counts(_: Translator, tree: Tree) -> tuple[str, str, str]:
    """A tree's head: the root's value ("X to move: draw"), its search's count ("Alpha-beta:
    712 positions") and the other searches' ("Minimax 55,505 · Table 1,837 · ...")."""
    from tictactoe.core.tree import Search

    counts, root = tree.counts, tree.root
    others = " · ".join(
        f"{search_title(_, search)} {counts.of(search):,}"
        for search in Search
        if search is not tree.search
    )
    value = _("{mark} to move: {value}").format(
        mark=root.mover, value=tree_value(_, root.value, root.mover, move=False)
    )
    counted = _("{search}: {positions}").format(
        search=search_title(_, tree.search), positions=positions(_, tree.count)
    )
    return value, counted, others
