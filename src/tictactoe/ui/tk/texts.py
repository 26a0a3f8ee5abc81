"""The window's own words: its title, the level menu's entries, the scoreboard table.

What every front end says alike (whose turn, the score, hints, replays) is
:mod:`tictactoe.texts.sentences`'s; this module holds what only the window says: its
name and title, the Skill level menu, the scoreboard table. Functions take
the translator ``_`` (the language can change while the window is open) and
return finished text.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe import players
from tictactoe.core import Outcome
from tictactoe.game import HUMAN, Game
from tictactoe.saved.scoreboard import Tally
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import board_name


def app_name(_: Translator) -> str:
    """The window's name."""
    return _("Tic-tac-toe")


def title_result(_: Translator, outcome: Outcome) -> str:
    """The short result for the window title ("X win", "O win", "No won")."""
    if outcome.winner is None:
        return _("Nobody won")
    return _("{mark} won").format(mark=outcome.winner)


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
        opponent = (
            _("two players") if tally.opponent == HUMAN else sentences.level(_, tally.opponent)
        )
        counts = (tally.wins, tally.losses, tally.draws)
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        rows.append(
            (
                opponent,
                board_name(_, tally.rules),
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


def think_time(_: Translator, value: float) -> str:
    """The Options menu's entry that holds the think time, with its current value."""
    return _("Time per move: {seconds}").format(seconds=sentences.seconds(_, value))
