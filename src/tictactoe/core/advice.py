"""Hints for every board: the best few moves with a verdict, exact where possible.

One call for front ends, whatever the board::

    >>> from tictactoe.core import Board
    >>> from tictactoe.core.advice import suggest
    >>> [(s.label, s.verdict.value, s.winner_moves) for s in suggest(Board.parse("XX./OO./..."))]
    [('c1', 'winning', 1), ('c2', 'equal', None), ('a3', 'losing', 1)]

On boards where the exact solver values every move within about a second
(:mod:`tictactoe.core.exact.capability`: 3 x 3 up to 5 x 5 with k = 4, among
others) the verdicts are exact (win / draw / loss, with the winner's own
moves to the end). Where it proves one move at a time (bigger boards whose
value is still quick to prove) they are exact too, but only for the moves
that keep the position's value (the best move first, then as many others as
a node budget proves; the winner's moves where measured). Elsewhere the
gomoku engine searches the position within the given
:class:`~tictactoe.core.search.Limits` and judges its best moves:
``winning`` or ``losing`` when a forced result is proved (threat search or
the main search: "forced win in N", N counted in the winner's own moves),
otherwise ``better`` / ``equal`` / ``worse`` from the engine's score.
Verdicts are for the player making the move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from tictactoe.core.analysis import analyse
from tictactoe.core.board import Board
from tictactoe.core.cells import Numbering, label
from tictactoe.core.exact.solver import Solver, Value, unplayable_reason, values_every_move
from tictactoe.core.gomoku.engine import Engine, Reason
from tictactoe.core.gomoku.search import WIN, is_mate, mate_plies
from tictactoe.core.search import Cancel, Limits, ProgressCallback

MARGIN = 300
"""Engine score (shape units) beyond which a move is ``better`` or ``worse`` than ``equal``."""

PROVE_NODES = 40_000
"""Nodes a hint spends proving more moves after the best one, where exact play proves one
move at a time."""

HINT_SECONDS = 1.0
"""Default thinking time of a big-board hint."""


class Verdict(StrEnum):
    """What a move leads to, for the player making it."""

    WINNING = "winning"
    """A forced win (exact, or proved by the engine)."""
    BETTER = "better"
    """The engine expects the mover to stand better."""
    EQUAL = "equal"
    """About level (on exact boards: a draw with best play)."""
    WORSE = "worse"
    """The engine expects the mover to stand worse."""
    LOSING = "losing"
    """A forced loss (exact, or proved by the engine)."""


@dataclass(frozen=True)
class Suggestion:
    """One recommended move and what it leads to."""

    cell: int
    label: str
    """The cell's coordinates, e.g. ``h8``."""
    verdict: Verdict
    winner_moves: int | None = None
    """For a forced result: how many moves the winner makes until it wins (None otherwise)."""
    exact: bool = False
    """True when the exact solver said so (False: the engine's judgement)."""
    score: int = 0
    """The engine's score for the mover (0 on exact boards)."""
    line: tuple[int, ...] = ()
    """The expected continuation, starting with ``cell`` (engine only)."""


def can_solve(board: Board) -> bool:
    """True when the exact solver values every move of this position within about a
    second (``Game.hint()``): read from the capability and opening tables, never timed
    (:func:`~tictactoe.core.exact.solver.values_every_move`)."""
    return values_every_move(board)


def suggest(
    board: Board,
    top: int = 3,
    *,
    solver: Solver | None = None,
    engine: Engine | None = None,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    cancel: Cancel | None = None,
) -> tuple[Suggestion, ...]:
    """The best ``top`` moves for the side to move, best first (empty if the game is over).

    Exact where the solver values every move or proves one (``solver`` is
    reused if given); elsewhere ``engine`` (a new one if None) searches
    within ``limits`` (default :data:`HINT_SECONDS`), reporting ``progress``
    and obeying ``cancel`` (which also stops proving moves past the best one
    where exact play proves one move at a time).
    """
    if board.is_over:
        return ()
    if can_solve(board):
        return _exact(board, top, solver or Solver())
    if unplayable_reason(board.rules) is None:
        return _proved(board, top, solver or Solver(), cancel)
    engine = engine or Engine()
    return _searched(board, top, engine, limits or Limits(seconds=HINT_SECONDS), progress, cancel)


def _exact(board: Board, top: int, solver: Solver) -> tuple[Suggestion, ...]:
    moves = analyse(board, solver)
    ranked = sorted(moves.items(), key=lambda item: (-item[1].rank, item[0]))
    verdicts = {Value.WIN: Verdict.WINNING, Value.DRAW: Verdict.EQUAL, Value.LOSS: Verdict.LOSING}
    return tuple(
        Suggestion(
            cell,
            label(board.rules, cell, Numbering.COORDS),
            verdicts[outcome.value],
            outcome.winner_moves,
            exact=True,
        )
        for cell, outcome in ranked[:top]
    )


def _proved(
    board: Board, top: int, solver: Solver, cancel: Cancel | None = None
) -> tuple[Suggestion, ...]:
    """Exact verdicts without valuing every move: the moves that keep the position's
    value, as many of ``top`` as :data:`PROVE_NODES` proves (before ``cancel`` is set)."""
    verdicts = {Value.WIN: Verdict.WINNING, Value.DRAW: Verdict.EQUAL, Value.LOSS: Verdict.LOSING}
    return tuple(
        Suggestion(
            choice.cell,
            label(board.rules, choice.cell, Numbering.COORDS),
            verdicts[choice.value],
            None if choice.outcome is None else choice.outcome.winner_moves,
            exact=True,
        )
        for choice in solver.keeping_moves(board, top, PROVE_NODES, cancel=cancel)
    )


def _searched(
    board: Board,
    top: int,
    engine: Engine,
    limits: Limits,
    progress: ProgressCallback | None,
    cancel: Cancel | None,
) -> tuple[Suggestion, ...]:
    result = engine.search(board, limits, progress, cancel, top=max(1, top))
    if not result.moves or result.reason in (Reason.VCF, Reason.VCT, Reason.WIN, Reason.OPEN_FOUR):
        return (judged(board, result.move, result.score, result.pv),)
    found = []
    for move in result.moves[:top]:
        line = result.pv if move.cell == result.move else (move.cell,)
        found.append(judged(board, move.cell, move.score, line))
    return no_better_than_the_best(tuple(found))


def no_better_than_the_best(found: tuple[Suggestion, ...]) -> tuple[Suggestion, ...]:
    """``found`` with no move judged better than the one ranked first.

    The runners-up may be scored by a shallower iteration than the best move
    (an unfinished deeper one chose it): shown as they are, ranks 1-3 could
    contradict their words (``better`` under an ``equal`` first move). So a
    later move's verdict is capped at the first one's, unless it is a proved
    result, and never lowered to a loss that is not proved.
    """
    if not found:
        return found
    cap = max(_rank(found[0]), _RANKS[Verdict.WORSE])
    capped = [found[0]]
    for suggestion in found[1:]:
        if suggestion.winner_moves is None and _rank(suggestion) > cap:
            suggestion = replace(suggestion, verdict=_VERDICT_OF_RANK[cap])
        capped.append(suggestion)
    return tuple(capped)


_RANKS = {
    Verdict.LOSING: 0,
    Verdict.WORSE: 1,
    Verdict.EQUAL: 2,
    Verdict.BETTER: 3,
    Verdict.WINNING: 4,
}


_VERDICT_OF_RANK = {rank: verdict for verdict, rank in _RANKS.items()}


def _rank(suggestion: Suggestion) -> int:
    return _RANKS[suggestion.verdict]


def judged(board: Board, cell: int, score: int, line: tuple[int, ...]) -> Suggestion:
    """A suggestion for ``cell`` from the engine's ``score`` for the side to move."""
    name = label(board.rules, cell, Numbering.COORDS)
    if is_mate(score):
        plies = mate_plies(score)
        if score > 0:
            return Suggestion(cell, name, Verdict.WINNING, (plies + 1) // 2, score=score, line=line)
        return Suggestion(cell, name, Verdict.LOSING, plies // 2, score=score, line=line)
    verdict = (
        Verdict.BETTER if score > MARGIN else Verdict.WORSE if score < -MARGIN else (Verdict.EQUAL)
    )
    return Suggestion(cell, name, verdict, score=score, line=line)


__all__ = [
    "WIN",
    "Suggestion",
    "Verdict",
    "can_solve",
    "judged",
    "no_better_than_the_best",
    "suggest",
]
