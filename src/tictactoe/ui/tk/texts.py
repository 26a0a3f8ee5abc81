"""Every sentence the window shows, translated: status, title, results, levels, scores.

Functions take the translator ``_`` (the language can change while the
window is open) and return finished text. Players are named by their
friendly level titles (``Medium``), never by the strategy names.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from tictactoe import players
from tictactoe.announce import board_name, played_at, player_name, summary
from tictactoe.core import (
    Board,
    Mark,
    Numbering,
    Outcome,
    Progress,
    Record,
    Rules,
    Suggestion,
    Termination,
    Verdict,
    cell_name,
)
from tictactoe.game import HUMAN, Game
from tictactoe.i18n import Translator
from tictactoe.stats import Tally

DECIMAL_COMMA = frozenset({"ru", "vi"})
"""Languages that write 0,5 where English writes 0.5."""
LINE_SHOWN = 4
"""Moves of the computer's expected line shown while it thinks."""


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
    """The friendly name of a computer player (``win-block`` -> "Medium"), translated; any
    other name (an old scoreboard's retired player) as it is."""
    return _(players.title_of(name))


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


def score(_: Translator, wins: int, losses: int, draws: int, *, two_players: bool) -> str:
    """This session's score for the status bar."""
    if two_players:
        return _("X {x} · O {o} · draws {draws}").format(x=wins, o=losses, draws=draws)
    return _("You {wins} · computer {losses} · draws {draws}").format(
        wins=wins, losses=losses, draws=draws
    )


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


# --- time, thinking and hints on big boards ------------------------------------------


def seconds(_: Translator, value: float, decimals: int = 2) -> str:
    """A duration: "0.25 s", "2 s", "1.3 s" (a decimal comma where the language has one);
    up to ``decimals`` places below 10 s, whole seconds from there."""
    number = f"{value:.{decimals}f}".rstrip("0").rstrip(".") if value < 10 else f"{value:.0f}"
    if _.language in DECIMAL_COMMA:
        number = number.replace(".", ",")
    return _("{seconds} s").format(seconds=number)


def think_time(_: Translator, value: float) -> str:
    """The Options menu's entry that holds the think time, with its current value."""
    return _("Time per move: {seconds}").format(seconds=seconds(_, value))


def progress(_: Translator, rules: Rules, report: Progress | None, elapsed: float) -> str:
    """The short line beside the status while the engine works: "depth 6 · h8 i9 j10 · 0.4 s"."""
    parts = []
    if report is not None:
        parts.append(_("depth {depth}").format(depth=report.depth))
        if report.pv:
            cells = report.pv[:LINE_SHOWN]
            parts.append(" ".join(cell_name(rules, cell, Numbering.COORDS) for cell in cells))
    parts.append(seconds(_, elapsed, decimals=1))
    return " · ".join(parts)


def best_moves(_: Translator, mark: Mark) -> str:
    """The heading of a big board's hints."""
    return _("Best moves for {mark}:").format(mark=mark)


def suggestion(_: Translator, rank: int, found: Suggestion, mark: Mark) -> str:
    """One hint on a big board, for ``mark`` (the side to move): "1 h8: forced win in 3 of
    your moves", "2 g7: better"; a forced result counts the winner's own moves."""
    cell, count = found.label, found.winner_moves
    verdict = found.verdict
    if verdict is Verdict.WINNING and count == 1:
        text = _("{cell}: wins at once").format(cell=cell)
    elif verdict is Verdict.WINNING and count is not None:
        text = _.ngettext(
            "{cell}: forced win in {count} of your moves",
            "{cell}: forced win in {count} of your moves",
            count,
        ).format(cell=cell, count=count)
    elif verdict is Verdict.LOSING and count == 1:
        text = _("{cell}: {mark} wins next move").format(cell=cell, mark=mark.other)
    elif verdict is Verdict.LOSING and count is not None:
        text = _.ngettext(
            "{cell}: {mark} wins in {count} of its moves",
            "{cell}: {mark} wins in {count} of its moves",
            count,
        ).format(cell=cell, mark=mark.other, count=count)
    else:
        wording = {
            Verdict.WINNING: _("{cell}: winning"),
            Verdict.BETTER: _("{cell}: better"),
            Verdict.EQUAL: _("{cell}: equal"),
            Verdict.WORSE: _("{cell}: worse"),
            Verdict.LOSING: _("{cell}: losing"),
        }
        text = wording[verdict].format(cell=cell)
    return f"{rank} {text}"


HINT_COLOURS = {
    Verdict.WINNING: "win",
    Verdict.BETTER: "better",
    Verdict.EQUAL: "draw",
    Verdict.WORSE: "worse",
    Verdict.LOSING: "loss",
}
"""The palette's hint colour for each verdict of a big board's hints."""


# --- saved games ----------------------------------------------------------------------


def record_header(_: Translator, record: Record) -> str:
    """Who played a recorded game, on which board, and when."""
    rules = record.rules
    return _("X: {x}, O: {o}; {board}; {when}").format(
        x=player_name(_, record.x_player),
        o=player_name(_, record.o_player),
        board=board_name(_, rules),
        when=played_at(record),
    )


def replay_position(_: Translator, record: Record, ply: int) -> str:
    """Which position of a record is shown: the empty board, or move N of all."""
    count = record.plies
    if ply == 0:
        return _.ngettext(
            "The empty board; {count} move follows.",
            "The empty board; {count} moves follow.",
            count,
        ).format(count=count)
    before: Board = record.positions()[ply - 1]
    return _("Move {number} of {count}: {mark} plays {cell}.").format(
        number=ply,
        count=count,
        mark=before.turn,
        cell=cell_name(record.rules, record.moves[ply - 1], Numbering.COORDS),
    )


def replay_end(_: Translator, record: Record) -> str:
    """What the last position of a record says."""
    if record.termination is Termination.UNFINISHED:
        return _("The record ends here, before the game was decided.")
    return _("The end: {result}.").format(result=summary(_, record))
