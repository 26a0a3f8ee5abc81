"""Hints on every board: exact verdicts on small boards, the engine's on big ones."""

from __future__ import annotations

from typing import Any

import pytest

from tictactoe.core.advice import Suggestion, Verdict, can_solve, no_better_than_the_best, suggest
from tictactoe.core.board import Board
from tictactoe.core.cells import parse
from tictactoe.core.exact.solver import Value, prove
from tictactoe.core.gomoku.engine import Engine, Reason, Result
from tictactoe.core.gomoku.search import WIN, RootMove
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits


def test_exact_on_small_boards() -> None:
    found = suggest(Board.parse("XX./OO./..."), top=5)
    assert [(s.label, s.verdict, s.winner_moves, s.exact) for s in found] == [
        ("c1", Verdict.WINNING, 1, True),
        ("c2", Verdict.EQUAL, None, True),
        ("a3", Verdict.LOSING, 1, True),
        ("b3", Verdict.LOSING, 1, True),
        ("c3", Verdict.LOSING, 1, True),
    ]
    assert len(suggest(Board.empty(), top=3)) == 3
    assert suggest(Board.parse("XXX/OO./...")) == ()


def test_engine_proves_a_forced_win_on_big_boards() -> None:
    rules = Rules(15, 15, 5)
    board = Board.empty(rules)
    for name in ["g8", "a1", "h8", "a15", "i8", "o15"]:
        board = board.play(parse(rules, name))
    assert not can_solve(board)
    (best,) = suggest(board, limits=Limits(seconds=None, nodes=2_000))
    assert best.verdict is Verdict.WINNING and best.winner_moves == 2 and not best.exact
    assert best.label in ("f8", "j8") and best.line[0] == best.cell


def test_engine_ranks_a_few_moves_on_a_quiet_board() -> None:
    rules = Rules(15, 15, 5)
    board = Board.empty(rules).play(rules.cell(7, 7)).play(rules.cell(7, 8))
    found = suggest(board, top=3, limits=Limits(seconds=None, nodes=5_000))
    assert len(found) == 3 and len({s.cell for s in found}) == 3
    assert all(board.is_legal(s.cell) for s in found)
    assert all(s.verdict in (Verdict.BETTER, Verdict.EQUAL, Verdict.WORSE) for s in found)
    assert [s.score for s in found] == sorted((s.score for s in found), reverse=True)


def test_engine_sees_a_lost_position() -> None:
    rules = Rules(15, 15, 5)
    board = Board.empty(rules)
    # X has an open four: whatever O does, X wins next move.
    for name in ["g8", "a1", "h8", "a15", "i8", "o15", "j8"]:
        board = board.play(parse(rules, name))
    found = suggest(board, limits=Limits(seconds=None, nodes=2_000))
    assert found and found[0].verdict is Verdict.LOSING and found[0].winner_moves == 1


class _Unfinished(Engine):
    """A deeper, unfinished iteration chose a move the last finished one scored low."""

    def search(self, board: Board, *args: Any, **kwargs: Any) -> Result:
        moves = (RootMove(0, 112), RootMove(900, 113), RootMove(-900, 111))
        return Result(112, 0, (112,), Reason.SEARCH, depth=5, moves=moves)


def test_runners_up_are_never_judged_above_the_best_move() -> None:
    board = Board.empty(Rules(15, 15, 5)).play(96)
    found = suggest(board, engine=_Unfinished(), limits=Limits(seconds=None, nodes=10))
    assert [(s.label, s.verdict) for s in found] == [
        ("h8", Verdict.EQUAL),
        ("i8", Verdict.EQUAL),
        ("g8", Verdict.WORSE),
    ]


class _ProvedLossFirst(Engine):
    """The best move loses by force; a runner-up's loss is not proved."""

    def search(self, board: Board, *args: Any, **kwargs: Any) -> Result:
        lost = -(WIN - 4)  # lost in 4 plies
        moves = (RootMove(lost, 112), RootMove(0, 113))
        return Result(112, lost, (112,), Reason.SEARCH, depth=5, moves=moves)


def test_a_runner_up_under_a_proved_loss_is_not_called_lost() -> None:
    board = Board.empty(Rules(15, 15, 5)).play(96)
    found = suggest(board, engine=_ProvedLossFirst(), limits=Limits(seconds=None, nodes=10))
    assert found[0].verdict is Verdict.LOSING and found[0].winner_moves is not None
    assert (found[1].verdict, found[1].winner_moves) == (Verdict.WORSE, None)


def proved_verdict(board: Board, cell: int) -> Verdict:
    """The exact verdict of ``cell`` for the side to move, by a fresh proof."""
    child = board.play(cell)
    if child.is_over:
        return Verdict.EQUAL if child.winner is None else Verdict.WINNING
    value = prove(child).value.flipped
    return {Value.WIN: Verdict.WINNING, Value.DRAW: Verdict.EQUAL, Value.LOSS: Verdict.LOSING}[
        value
    ]


@pytest.mark.slow
def test_exact_on_5x5_k4_with_every_move_valued() -> None:
    rules = Rules(5, 5, 4)
    board = Board.empty(rules)
    for name in ["a1", "c3", "b1"]:  # X wasted its moves: O wins in 6 of its moves
        board = board.play(parse(rules, name))
    assert can_solve(board)  # every move is valued within about a second: Game.hint() too
    found = suggest(board, top=3)
    assert 1 <= len(found) <= 3 and all(s.exact for s in found)
    assert len({s.cell for s in found}) == len(found)
    for suggestion in found:
        assert suggestion.verdict is Verdict.WINNING
        assert proved_verdict(board, suggestion.cell) is Verdict.WINNING
    assert found[0].winner_moves == 6  # the fastest win, measured
    drawn = Board.empty(rules).play(0)
    found = suggest(drawn, top=3)
    assert found and all(s.verdict is Verdict.EQUAL and s.winner_moves is None for s in found)
    assert all(proved_verdict(drawn, s.cell) is Verdict.EQUAL for s in found)


@pytest.mark.slow
def test_exact_on_6x5_k4_with_the_winners_moves() -> None:
    rules = Rules(6, 5, 4)
    board = Board.empty(rules)
    (best, *others) = suggest(board, top=3)
    assert best.exact and best.verdict is Verdict.WINNING and best.winner_moves is not None
    assert proved_verdict(board, best.cell) is Verdict.WINNING
    assert all(s.verdict is Verdict.WINNING and s.exact for s in others)
    lost = board.play(best.cell)
    found = suggest(lost, top=2)
    assert [s.verdict for s in found] == [Verdict.LOSING] * len(found)
    assert found[0].winner_moves is not None


def test_6x5_k4_hints_value_every_move_of_its_first_plies() -> None:
    rules = Rules(6, 5, 4)
    cornered = Board.empty(rules).play(0)  # a corner first loses on 6 x 5
    assert can_solve(cornered)  # the opening table holds every move's outcome
    found = suggest(cornered, top=3)
    assert found and all(s.exact and s.verdict is Verdict.WINNING for s in found)
    assert all(proved_verdict(cornered, s.cell) is Verdict.WINNING for s in found)
    later = cornered.play(12).play(1).play(17)
    assert not can_solve(later)  # past the table: one proved move at a time
    assert all(s.exact for s in suggest(later, top=1))


def suggestion(cell: int, verdict: Verdict, moves: int | None = None) -> Suggestion:
    return Suggestion(cell, f"c{cell}", verdict, moves)


def test_no_later_move_is_shown_better_than_the_first() -> None:
    found = (
        suggestion(1, Verdict.EQUAL),
        suggestion(2, Verdict.BETTER),
        suggestion(3, Verdict.WORSE),
    )
    shown = no_better_than_the_best(found)
    assert [s.verdict for s in shown] == [Verdict.EQUAL, Verdict.EQUAL, Verdict.WORSE]


def test_proved_results_are_kept_and_no_loss_is_made_up() -> None:
    found = (suggestion(1, Verdict.LOSING, 3), suggestion(2, Verdict.EQUAL))
    assert [s.verdict for s in no_better_than_the_best(found)] == [Verdict.LOSING, Verdict.WORSE]
    wins = (suggestion(1, Verdict.WINNING, 2), suggestion(2, Verdict.WINNING, 3))
    assert no_better_than_the_best(wins) == wins
    assert no_better_than_the_best(()) == ()
