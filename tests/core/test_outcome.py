"""Outcome: one value for how a game ended, checked when made; Termination's stored values."""

from __future__ import annotations

import pytest

from tictactoe.core import Outcome as Exported
from tictactoe.core import Termination as ExportedTermination
from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.records import Termination as RecordsTermination


def test_the_stored_values_do_not_change() -> None:
    # Saved games and the archive hold these strings.
    assert [str(how) for how in Termination] == [
        "line",
        "full board",
        "resignation",
        "forfeit",
        "adjudicated",
        "unfinished",
    ]


def test_one_type_for_the_core_and_the_records() -> None:
    assert Exported is Outcome
    assert ExportedTermination is Termination is RecordsTermination


@pytest.mark.parametrize(
    ("outcome", "draw", "loser", "gave_up"),
    [
        (Outcome(Termination.LINE, Mark.X, frozenset({0, 1, 2})), False, Mark.O, None),
        (Outcome(Termination.FULL_BOARD, None), True, None, None),
        (Outcome(Termination.RESIGNATION, Mark.O), False, Mark.X, Mark.X),
        (Outcome(Termination.FORFEIT, Mark.X), False, Mark.O, Mark.O),
        (Outcome(Termination.ADJUDICATED, None), True, None, None),
        (Outcome(Termination.ADJUDICATED, Mark.O), False, Mark.X, None),
    ],
)
def test_draws_losers_and_who_gave_up(
    outcome: Outcome, draw: bool, loser: Mark | None, gave_up: Mark | None
) -> None:
    assert (outcome.is_draw, outcome.loser, outcome.gave_up) == (draw, loser, gave_up)


def test_a_termination_given_as_its_value_is_read() -> None:
    assert Outcome("resignation", Mark.X).termination is Termination.RESIGNATION  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("termination", "winner", "line", "reason"),
    [
        (Termination.UNFINISHED, None, (), "an unfinished game has no outcome"),
        (Termination.LINE, None, (), "a line needs a winner"),
        (Termination.FULL_BOARD, Mark.X, (), "a full board has no winner"),
        (Termination.RESIGNATION, None, (), "a resignation needs a winner"),
        (Termination.FORFEIT, None, (), "a forfeit needs a winner"),
        (Termination.LINE, Mark.X, (), "winning line"),
        (Termination.RESIGNATION, Mark.X, (0, 1, 2), "winning line"),
        ("checkmate", Mark.X, (), "checkmate"),
    ],
)
def test_contradictions_are_refused(
    termination: Termination, winner: Mark | None, line: tuple[int, ...], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        Outcome(termination, winner, frozenset(line))


def test_outcomes_are_frozen() -> None:
    outcome = Outcome(Termination.FULL_BOARD, None)
    with pytest.raises(AttributeError):
        outcome.winner = Mark.X  # type: ignore[misc]
