"""Every sentence the window shows, translated: status, title, results, levels, scores.

Functions take the translator ``_`` (the language can change while the
window is open) and return finished text. Players are named by their
friendly level titles (``Medium``), never by the strategy names.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.errors import UnknownPlayerError
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game, Outcome
from tictactoe.i18n import Translator
from tictactoe.stats import Tally


class Feeling(StrEnum):
    """How a result reads to the person at the window: the banner's colour."""

    WIN = "win"
    LOSE = "lose"
    NEUTRAL = "neutral"


def app_name(_: Translator) -> str:
    """The window's name."""
    return _("Tic-tac-toe")


def _people(game: Game) -> list[Mark]:
    return [mark for mark in Mark if game.is_human(mark)]


def result(_: Translator, outcome: Outcome, game: Game) -> str:
    """How the game ended: "You win" / "You lose" against the computer, else "X wins", "Draw"."""
    if outcome.winner is None:
        return _("Draw")
    people = _people(game)
    if len(people) == 1:
        return _("You win") if outcome.winner is people[0] else _("You lose")
    return _("{mark} wins").format(mark=outcome.winner)


def feeling(outcome: Outcome, game: Game) -> Feeling:
    """Whether the result is good or bad news for the one person playing the computer."""
    people = _people(game)
    if outcome.winner is None or len(people) != 1:
        return Feeling.NEUTRAL
    return Feeling.WIN if outcome.winner is people[0] else Feeling.LOSE


def title_result(_: Translator, outcome: Outcome) -> str:
    """The short result for the window title (seed 000: "X win", "O win", "No won")."""
    if outcome.winner is None:
        return _("Nobody won")
    return _("{mark} won").format(mark=outcome.winner)


def level_title(_: Translator, name: str) -> str:
    """The friendly name of a computer player (``win-block`` -> "Medium"), translated."""
    try:
        return _(players.get(name).title)
    except UnknownPlayerError:  # an old scoreboard's retired player
        return name


def turn(_: Translator, game: Game, *, thinking: bool) -> str:
    """Whose turn it is."""
    mark = game.turn
    if game.is_human(mark):
        if len(_people(game)) == 2:
            return _("{mark} to move").format(mark=mark)
        return _("Your move ({mark})").format(mark=mark)
    level = level_title(_, game.player(mark))
    if thinking:
        return _("{level} ({mark}) is thinking…").format(level=level, mark=mark)
    return _("{level} ({mark}) to move").format(level=level, mark=mark)


def title_turn(_: Translator, game: Game) -> str:
    """The short turn text for the window title."""
    return _("{mark} to move").format(mark=game.turn)


def level_label(_: Translator, strategy: players.Strategy, *, describe: bool) -> str:
    """A Skill level menu entry: the level's name, and how it plays when there is room."""
    title = _(strategy.title)
    if not describe:
        return title
    return _("{level} — {description}").format(level=title, description=_(strategy.description))


def unavailable(_: Translator, label: str) -> str:
    """A greyed-out level's menu label."""
    return _("{level} (not on this board)").format(level=label)


def level_replaced(_: Translator, chosen: str, playing: str, rules: Rules) -> str:
    """One short line when the chosen level cannot play the board and another plays instead."""
    return _("{chosen} does not play {m} x {n}: {playing} plays instead.").format(
        chosen=level_title(_, chosen), playing=level_title(_, playing), m=rules.m, n=rules.n
    )


def score(_: Translator, wins: int, losses: int, draws: int, *, two_players: bool) -> str:
    """This session's score for the status bar."""
    if two_players:
        return _("X {x} · O {o} · draws {draws}").format(x=wins, o=losses, draws=draws)
    return _("You {wins} · computer {losses} · draws {draws}").format(
        wins=wins, losses=losses, draws=draws
    )


def board_name(_: Translator, m: int, n: int, k: int) -> str:
    """A board size for menus and the scoreboard: ``7 x 7, 5 in a row``."""
    return _("{m} x {n}, {k} in a row").format(m=m, n=n, k=k)


def win_length(_: Translator, rules: Rules) -> str:
    """The goal on a board other than 3 x 3, for the status row: "5 in a row"."""
    return _("{k} in a row").format(k=rules.k)


def percent(wins: int, games: int) -> str:
    """Wins as a whole percentage of games ("67%"), or a dash before the first game."""
    return f"{round(100 * wins / games)}%" if games else "–"


def score_table(
    _: Translator, tallies: Sequence[Tally]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The scoreboard window's headings and rows: per opponent and board, then all games."""
    headings = (_("Opponent"), _("Board"), _("Games"), _("Wins"), _("Losses"), _("Draws"), _("Won"))
    rows: list[tuple[str, ...]] = []
    totals = [0, 0, 0]
    for tally in tallies:
        opponent = _("two players") if tally.opponent == HUMAN else level_title(_, tally.opponent)
        counts = (tally.wins, tally.losses, tally.draws)
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        rows.append(
            (
                opponent,
                board_name(_, tally.rules.m, tally.rules.n, tally.rules.k),
                str(tally.games),
                *(str(count) for count in counts),
                percent(tally.wins, tally.games),
            )
        )
    if not rows:
        return headings, [(_("No games recorded yet"), "", "", "", "", "", "")]
    games = sum(totals)
    rows.append(
        (_("All games"), "", str(games), *(str(t) for t in totals), percent(totals[0], games))
    )
    return headings, rows
