"""Every sentence the window shows, translated: status, title, results, menu labels of levels.

Functions take the translator ``_`` (the language can change while the
window is open) and return finished text.
"""

from __future__ import annotations

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.core.solver import MAX_CELLS
from tictactoe.game import Game, Outcome
from tictactoe.i18n import Translator


def app_name(_: Translator) -> str:
    """The window's name."""
    return _("Tic-tac-toe")


def result(_: Translator, outcome: Outcome, game: Game) -> str:
    """How the game ended, from the person's side when one person plays the computer."""
    if outcome.winner is None:
        return _("It's a tie!")
    humans = [mark for mark in Mark if game.is_human(mark)]
    if len(humans) == 1:
        return _("You win!") if outcome.winner is humans[0] else _("The computer wins.")
    return _("{mark} wins!").format(mark=outcome.winner)


def title_result(_: Translator, outcome: Outcome) -> str:
    """The short result for the window title (seed 000: "X win", "O win", "No won")."""
    if outcome.winner is None:
        return _("Nobody won")
    return _("{mark} won").format(mark=outcome.winner)


def play_again(_: Translator, outcome: Outcome) -> tuple[str, str]:
    """Seed 002's end-of-game question: (dialog title, message)."""
    if outcome.winner is None:
        return _("Cat's game"), _("It's a tie! Do you want to play again?")
    return (
        _("{mark} wins!").format(mark=outcome.winner),
        _("{mark} wins! Do you want to play again?").format(mark=outcome.winner),
    )


def turn(_: Translator, game: Game, *, thinking: bool) -> str:
    """Whose turn it is."""
    mark = game.turn
    humans = [m for m in Mark if game.is_human(m)]
    if game.is_human(mark):
        if len(humans) == 2:
            return _("{mark} to move").format(mark=mark)
        return _("Your move ({mark})").format(mark=mark)
    name = game.player(mark)
    if game.unsupported_reason(mark) is not None:
        return cannot_play(_, name, game.rules)
    if thinking:
        return _("The computer ({name}, {mark}) is thinking...").format(name=name, mark=mark)
    return _("The computer ({name}, {mark}) is to move").format(name=name, mark=mark)


def title_turn(_: Translator, game: Game) -> str:
    """The short turn text for the window title."""
    return _("{mark} to move").format(mark=game.turn)


def level_label(_: Translator, strategy: players.Strategy) -> str:
    """A Skill level menu entry: the seed 002 level number if any, the name, the description."""
    description = _(strategy.description)
    if strategy.level is not None:
        return _("{level}: {name} - {description}").format(
            level=strategy.level, name=strategy.name, description=description
        )
    return _("{name} - {description}").format(name=strategy.name, description=description)


def why_unsupported(_: Translator, rules: Rules) -> str:
    """Why a player refuses ``rules``'s board, in the window's language.

    The engine's own reasons are English; the only player that refuses
    boards is exact play, limited to :data:`~tictactoe.core.solver.MAX_CELLS` cells.
    """
    if rules.size > MAX_CELLS:
        return _.ngettext(
            "{m} x {n} is too big: exact play solves boards of at most {limit} cell",
            "{m} x {n} is too big: exact play solves boards of at most {limit} cells",
            MAX_CELLS,
        ).format(m=rules.m, n=rules.n, limit=MAX_CELLS)
    return _("{m} x {n} is too long a line to solve exactly").format(m=rules.m, n=rules.n)


def cannot_play(_: Translator, name: str, rules: Rules) -> str:
    """The status when the chosen computer player cannot play the board."""
    return _("{name} cannot play this board ({reason}): choose another skill level").format(
        name=name, reason=why_unsupported(_, rules)
    )


def unavailable(_: Translator, label: str, rules: Rules) -> str:
    """A disabled level's menu label with the reason it cannot play ``rules``'s board."""
    return _("{label} - unavailable: {reason}").format(
        label=label, reason=why_unsupported(_, rules)
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
