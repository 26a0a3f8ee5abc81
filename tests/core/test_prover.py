"""The exact search: null-window proofs whose relevance zones really are proofs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.prover import SYMMETRY_MARKS, Prover
from tictactoe.core.exact.solver import Solver, every_move
from tictactoe.core.exact.values import DRAW_SCORE, LOSS_SCORE, WIN_SCORE, Value
from tictactoe.core.rules import Rules

BOARDS = (Rules(4, 4, 3), Rules(4, 4, 4), Rules(5, 4, 4), Rules(5, 5, 4), Rules(6, 5, 4))


def sides(board: Board) -> tuple[int, int]:
    return (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)


@st.composite
def positions(draw: st.DrawFn) -> Board:
    """A position a few random moves into one of :data:`BOARDS`, not over."""
    rules = draw(st.sampled_from(BOARDS))
    board = Board.empty(rules)
    for _ in range(draw(st.integers(2, min(rules.size - 6, 12)))):
        child = board.play(draw(st.sampled_from(board.legal_moves())))
        if child.is_over:
            break
        board = child
    return board


def plain_value(rules: Rules, mover: int, other: int) -> int:
    """The score from fresh tables, without the opening table."""
    return Prover(rules, use_openings=False).score(mover, other, LOSS_SCORE, WIN_SCORE)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 2**32), st.sampled_from([DRAW_SCORE, LOSS_SCORE]))
def test_a_relevance_zone_proves_its_position_with_any_extra_marks_outside_it(
    board: Board, seed: int, alpha: int
) -> None:
    # "The attacker cannot win" must hold however many of the attacker's marks are
    # added outside the zone: that is what lets a refuted move settle its siblings.
    rules = board.rules
    mover, other = sides(board)
    score, zone = Prover(rules, use_openings=False).zoned(mover, other, alpha)
    attacker_moves = alpha == DRAW_SCORE
    if (score > DRAW_SCORE) if attacker_moves else (score < DRAW_SCORE):
        return  # the attacker wins: no zone to check
    rng = random.Random(seed)
    outside = [cell for cell in range(rules.size) if not (mover | other | zone) >> cell & 1]
    for _ in range(3):
        extra = sum(1 << cell for cell in outside if rng.random() < 0.5)
        if attacker_moves:
            assert plain_value(rules, mover | extra, other) <= DRAW_SCORE, (board.text, zone)
        else:
            assert plain_value(rules, mover, other | extra) >= DRAW_SCORE, (board.text, zone)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(positions())
def test_both_null_window_halves_agree_with_the_whole_window(board: Board) -> None:
    rules = board.rules
    mover, other = sides(board)
    whole = plain_value(rules, mover, other)
    halves = Prover(rules, use_openings=False)
    assert (halves.score(mover, other, DRAW_SCORE, WIN_SCORE) > DRAW_SCORE) is (whole == 1)
    assert (halves.score(mover, other, LOSS_SCORE, DRAW_SCORE) >= DRAW_SCORE) is (whole >= 0)


def test_a_refuted_move_narrows_the_moves_left_to_its_zone() -> None:
    # X in a corner of 5 x 5 (k = 4): after O's reply in the far corner X cannot win,
    # and the refutation rests on some cells only: any X move elsewhere is settled too.
    rules = Rules(5, 5, 4)
    board = Board.empty(rules).play(0).play(24)
    engine = Prover(rules, use_openings=False)
    refuted, zone = engine.refutation(*sides(board.play(12)))
    assert refuted and zone & rules.full_mask != rules.full_mask & ~(board.x | board.o)


def test_the_known_values_of_bigger_boards() -> None:
    for rules, score in ((Rules(6, 5, 4), WIN_SCORE), (Rules(6, 6, 5), DRAW_SCORE)):
        assert plain_value(rules, 0, 0) == score


def wins_within(rules: Rules, mover: int, other: int, depth: int, *, zones: bool = True) -> bool:
    """Whether the side to move forces a win within ``depth`` plies (fresh tables)."""
    engine = Prover(rules, use_openings=False, horizon_zones=zones)
    return engine.within(mover, other, depth, DRAW_SCORE, WIN_SCORE) > DRAW_SCORE


def loses_within(rules: Rules, mover: int, other: int, depth: int, *, zones: bool = True) -> bool:
    """Whether the side to move is forced to lose within ``depth`` plies (fresh tables)."""
    engine = Prover(rules, use_openings=False, horizon_zones=zones)
    return engine.within(mover, other, depth, LOSS_SCORE, DRAW_SCORE) < DRAW_SCORE


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 2**32), st.integers(0, 11))
def test_a_horizon_zone_proves_no_win_within_the_depth_with_any_extra_marks_outside_it(
    board: Board, seed: int, depth: int
) -> None:
    # The attacker moves at odd depths ("can the side to move win within d?") and
    # defends at even ones ("can the opponent?"): where it cannot win, adding its
    # marks anywhere outside the zone must not let it win within the same depth.
    rules = board.rules
    mover, other = sides(board)
    depth = min(depth, rules.size - board.move_count)
    attacking = depth % 2 == 1
    alpha = DRAW_SCORE if attacking else LOSS_SCORE
    score, zone = Prover(rules, use_openings=False).within_zoned(mover, other, depth, alpha)
    if (score > DRAW_SCORE) if attacking else (score < DRAW_SCORE):
        return  # the attacker wins within the depth: no zone to check
    rng = random.Random(seed)
    outside = [cell for cell in range(rules.size) if not (mover | other | zone) >> cell & 1]
    for _ in range(3):
        extra = sum(1 << cell for cell in outside if rng.random() < 0.5)
        attacker = (mover if attacking else other) | extra
        assert not any(line & attacker == line for line in rules.line_masks), (board.text, zone)
        if attacking:
            assert not wins_within(rules, attacker, other, depth, zones=False), (board.text, zone)
        else:
            assert not loses_within(rules, mover, attacker, depth, zones=False), (board.text, zone)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "deepest"), [(Rules(4, 4, 4), 14), (Rules(5, 4, 4), 8)])
def test_the_horizon_zones_change_no_answer_after_any_first_two_moves(
    rules: Rules, deepest: int
) -> None:
    # Every position after X's and O's first moves, at every depth up to ``deepest``:
    # the same scores with and without the zones, in fewer positions.
    nodes = {True: 0, False: 0}
    for first in range(rules.size):
        for second in range(rules.size):
            if second == first:
                continue
            scores = {}
            for zones in (True, False):
                engine = Prover(rules, use_openings=False, horizon_zones=zones)
                scores[zones] = [
                    engine.within(1 << first, 1 << second, depth, alpha, alpha + 1)
                    for depth in range(1, deepest + 1)
                    for alpha in [DRAW_SCORE if depth % 2 else LOSS_SCORE]
                ]
                nodes[zones] += engine.nodes
            assert scores[True] == scores[False], (first, second)
    assert nodes[True] < nodes[False]


def test_the_depth_limited_search_takes_a_whole_window_as_its_two_halves() -> None:
    rules = Rules(4, 4, 3)
    board = Board.parse("X.../..../..../...O", 3)  # X to move wins (in 5)
    for depth in range(6):
        whole = Prover(rules, use_openings=False).within(*sides(board), depth, -1, 1)
        wins = wins_within(rules, *sides(board), depth)
        loses = loses_within(rules, *sides(board), depth)
        assert whole == (WIN_SCORE if wins else LOSS_SCORE if loses else DRAW_SCORE)
    assert wins_within(rules, *sides(board), 5) and not wins_within(rules, *sides(board), 3)


def test_a_refuted_attacker_move_spares_its_siblings_within_the_horizon() -> None:
    # "...XO/...../...../O...X/...X." (O to move) loses in 14; after O's centre X
    # cannot win within 9 plies, which the zones prove in fewer positions.
    board = Board.parse("...XO/...../...../O...X/...X.", 4).play(12)
    found = {}
    for zones in (True, False):
        engine = Prover(board.rules, use_openings=False, horizon_zones=zones)
        found[zones] = engine.within(*sides(board), 9, DRAW_SCORE, WIN_SCORE), engine.nodes
    assert found[True][0] == found[False][0] == DRAW_SCORE
    assert found[True][1] < found[False][1]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 16))
def test_a_guess_at_the_length_changes_no_length(board: Board, guess: int) -> None:
    # Deepening from a sibling's length (then down while it holds, else up) finds the
    # same plies as deepening from the first depth.
    rules = board.rules
    mover, other = sides(board)
    score = plain_value(rules, mover, other)
    if score == DRAW_SCORE:
        return
    plain = Prover(rules, use_openings=False).distance(mover, other, score)
    guessed = Prover(rules, use_openings=False).distance(mover, other, score, guess=guess)
    assert guessed == plain, board.text
    bounded = Prover(rules, use_openings=False).distance(mover, other, score, (plain, plain))
    assert bounded == plain, board.text


def test_every_move_of_a_lost_position_is_won_within_its_length_less_one() -> None:
    # The bounds every_move passes on: O loses in L here, so X wins within L - 1 after
    # any O move (and in exactly L - 1 after the best).
    board = Board.parse("X.X./..../..O./....", 3)
    solver = Solver()
    solution = solver.solve(board)
    assert solution.value is Value.LOSS and solution.plies == 4
    lengths = [move.plies for move in solver.move_outcomes(board).values()]
    assert max(lengths) == solution.plies


@pytest.mark.slow
def test_keying_the_tables_on_the_position_itself_changes_no_answer() -> None:
    # Every position after X's and O's first moves on 4 x 4 (k = 4), every move's value
    # and plies: the tables keyed up to symmetry throughout, never, and from the default
    # number of marks on give the same answers.
    rules = Rules(4, 4, 4)
    for first in range(rules.size):
        for second in range(rules.size):
            if second == first:
                continue
            board = Board.empty(rules).play(first).play(second)
            answers = [
                every_move(Prover(rules, use_openings=False, symmetry_marks=marks), board)
                for marks in (rules.size, SYMMETRY_MARKS, 0)
            ]
            assert answers[0] == answers[1] == answers[2], board.text


@pytest.mark.parametrize(
    ("board", "per_position"),
    [
        (Board.parse("XO.X./.O.../..X../...O./.....", k=4), 1.0),
        (Board.empty(Rules(6, 6, 5)), (80 + 32 * 5) / 192),
        (Board.empty(Rules(4, 5, 4)), (80 + 17 * 4) / 192),
    ],
    ids=lambda each: each.text if isinstance(each, Board) else "",
)
def test_work_weighs_positions_by_their_lines_and_counts_pairing_steps(
    board: Board, per_position: float
) -> None:
    engine = Prover(board.rules, use_openings=False)
    every_move(engine, board)
    assert engine.nodes > 0 and engine.pairings.spent > 0
    assert engine.work == round(engine.nodes * per_position + 2 * engine.pairings.spent)
