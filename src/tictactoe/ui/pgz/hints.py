"""The work the window hands to :mod:`.worker`: the computer's move and the hints (no pygame).

Both report a search's progress to the job's :class:`~.worker.Watch` and
stop when it is cancelled. A hint is every free cell's exact value where the
solver finishes the board (:meth:`~tictactoe.game.Game.hint`), else the
engine's best moves (:meth:`~tictactoe.game.Game.suggestions`), searched for
as long as the game's think time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from tictactoe.core.advice import Suggestion, Verdict, can_solve
from tictactoe.core.board import Board
from tictactoe.game import Game
from tictactoe.ui.pgz.worker import Watch

TOP_HINTS = 3
"""Moves a big board's hint suggests."""
VERDICT_ORDER = (Verdict.LOSING, Verdict.WORSE, Verdict.EQUAL, Verdict.BETTER, Verdict.WINNING)
"""Verdicts from the worst to the best, for the player making the move."""


@dataclass(frozen=True)
class Hints:
    """A hint for ``board``: every free cell's value where the solver finishes the board,
    else the engine's best moves."""

    board: Board
    values: Mapping[int, str] = field(default_factory=dict)
    """Cell -> ``win`` / ``draw`` / ``loss`` for the player to move (exact boards)."""
    suggestions: tuple[Suggestion, ...] = ()
    """The engine's best moves, best first (bigger boards)."""


def computer_move(game: Game) -> Callable[[Watch], tuple[Board, int]]:
    """The computer's choice, reporting a search's progress and stopping when cancelled."""

    def work(watch: Watch) -> tuple[Board, int]:
        return game.think(progress=watch.report, cancel=watch.cancel)

    return work


def hints_for(game: Game) -> Callable[[Watch], Hints]:
    """Every move's exact value where the board can be solved, else the engine's best moves."""
    board = game.board

    def work(watch: Watch) -> Hints:
        if can_solve(board):
            values = {cell: str(v.value) for cell, v in game.hint(cancel=watch.cancel).items()}
            return Hints(board, values=values)
        found = game.suggestions(TOP_HINTS, progress=watch.report, cancel=watch.cancel)
        return Hints(board, suggestions=no_better_than_the_best(found))

    return work


def no_better_than_the_best(found: tuple[Suggestion, ...]) -> tuple[Suggestion, ...]:
    """The engine's suggestions with no move judged better than the one it ranks first.

    The engine searches its best move deepest; the others keep the score of a
    shallower look, which can be higher (``better`` under an ``equal`` first
    move). Shown that way, the ranks 1-3 would contradict their words, so a
    later move's judgement is capped at the first one's, unless it is a
    proved result (and never down to a loss that is not proved).
    """
    if not found:
        return found
    cap = max(VERDICT_ORDER.index(found[0].verdict), VERDICT_ORDER.index(Verdict.WORSE))
    capped = [found[0]]
    for suggestion in found[1:]:
        proved = suggestion.winner_moves is not None
        if not proved and VERDICT_ORDER.index(suggestion.verdict) > cap:
            suggestion = replace(suggestion, verdict=VERDICT_ORDER[cap])
        capped.append(suggestion)
    return tuple(capped)
