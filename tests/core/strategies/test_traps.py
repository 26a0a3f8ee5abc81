"""Traps: the modelled opponents' replies, their weights, exact win chances, the tie-break."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from tictactoe.core.analysis import best_moves
from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.solver import Solver
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.simple import (
    CornerFirst,
    FirstFree,
    RandomPlayer,
    WinBlock,
)
from tictactoe.core.strategies.traps import (
    OPENINGS,
    OPPONENTS,
    Traps,
    best_win_chance,
    exact_chances,
    reply_chances,
    win_chance,
)

LINES = Rules().lines


def all_positions() -> list[Board]:
    """Every reachable 3 x 3 position that is not over."""
    found: set[Board] = set()
    todo = [Board.empty()]
    while todo:
        board = todo.pop()
        if board in found or board.is_over:
            continue
        found.add(board)
        todo.extend(board.play(cell) for cell in board.legal_moves())
    return sorted(found, key=lambda board: board.text)


POSITIONS = all_positions()


def completing(board: Board, mark: Mark) -> list[int]:
    """Free cells where ``mark`` completes a line, by plain scanning (independent of seeds)."""
    return sorted(
        cell
        for cell in board.legal_moves()
        for line in LINES
        if cell in line and all(board[other] is mark for other in line if other != cell)
    )


def win_block_replies(board: Board) -> dict[int, Fraction]:
    """Seed 002's level 2 written out: lowest win, else lowest block, else uniform."""
    for mark in (board.turn, board.turn.other):
        cells = completing(board, mark)
        if cells:
            return {cells[0]: Fraction(1)}
    free = board.legal_moves()
    return {cell: Fraction(1, len(free)) for cell in free}


def test_the_positions_are_all_there() -> None:
    assert len(POSITIONS) == 5478 - 958  # reachable positions less the finished games


def test_random_replies_are_uniform() -> None:
    for board in POSITIONS[::37]:
        free = board.legal_moves()
        assert exact_chances(RandomPlayer, board) == {cell: Fraction(1, len(free)) for cell in free}


def test_win_block_replies_match_the_seed_written_out() -> None:
    for board in POSITIONS:
        assert exact_chances(WinBlock, board) == win_block_replies(board), board.text


@pytest.mark.parametrize("factory", [*OPPONENTS, FirstFree])
def test_chances_sum_to_one_and_agree_with_sampling(factory: type) -> None:
    board = Board.parse("X../.O./...")
    exact = exact_chances(factory, board)
    assert sum(exact.values()) == 1
    assert reply_chances(factory, board) == pytest.approx({c: float(p) for c, p in exact.items()})
    rng = random.Random(5)
    drawn = Counter(factory(rng).choose(board) for _ in range(4000))
    assert set(drawn) == set(exact)
    for cell, chance in exact.items():
        assert drawn[cell] / 4000 == pytest.approx(float(chance), abs=0.03)


def test_corner_first_spreads_over_the_free_corners() -> None:
    board = Board.parse("X../.O./...")
    assert exact_chances(CornerFirst, board) == {
        2: Fraction(1, 3),
        6: Fraction(1, 3),
        8: Fraction(1, 3),
    }


def test_a_modelled_player_must_draw_with_choice_only() -> None:
    class Shuffler:
        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def choose(self, board: Board) -> int:
            return board.legal_moves()[int(self.rng.random() * len(board.legal_moves()))]

    with pytest.raises(NotImplementedError):
        exact_chances(Shuffler, Board.empty())


def test_the_opponents_stones_reweigh_the_mix() -> None:
    traps = Traps()
    # Before the game every modelled player is as likely.
    assert traps.weights(Board.empty()) == (1 / len(OPPONENTS),) * len(OPPONENTS)
    # X opened in a corner: a quarter of corner-first's openings, a ninth of
    # random's and win-block's, never centre-first's.
    random_, win_block, centre_first, corner_first = traps.weights(Board.parse("X../.../..."))
    assert corner_first == pytest.approx(random_ * 9 / 4) and random_ == win_block
    assert centre_first == 0.0
    # O answered a corner with the centre: centre-first always does, the others
    # rarely; corner-first never (it takes a corner).
    random_, win_block, centre_first, corner_first = traps.weights(Board.parse("X../.O./..."))
    assert centre_first > 0.5 > random_ == win_block > 0.0 == corner_first
    # O took an edge: neither centre-first nor corner-first would have.
    weights = traps.weights(Board.parse("X../O../..."))
    assert weights[2] == weights[3] == 0.0 and weights[0] > 0.0


def test_a_prior_weighs_the_opponents_before_the_game() -> None:
    traps = Traps(prior=(3, 1, 0, 0))
    assert traps.weights(Board.empty()) == (0.75, 0.25, 0.0, 0.0)
    # X opened with an edge: random and win-block both do a ninth of the time.
    assert traps.weights(Board.parse(".X./.../...")) == (0.75, 0.25, 0.0, 0.0)
    # Without centre-first and corner-first in it the mix never turns to them.
    assert traps.weights(Board.parse("X../.O./...")) == (0.75, 0.25, 0.0, 0.0)
    for prior in ((1, 1), (1, -1, 1, 1), (0, 0, 0, 0)):
        with pytest.raises(ValueError, match="prior"):
            Traps(prior=prior)


@pytest.mark.slow
def test_against_one_known_opponent_the_tie_break_is_the_never_losing_optimum() -> None:
    # All the weight on win-block: the search is expectimax against it, among
    # the moves that keep the draw, so as O it wins as often as any
    # never-losing player can (and more than the even mix does).
    solver = Solver()
    traps = Traps(solver, prior=(0, 1, 0, 0), budget=10**9)

    def safe(board: Board) -> tuple[int, ...]:
        return best_moves(solver.move_outcomes(board))

    def tie_broken(board: Board) -> tuple[int, ...]:
        return traps.narrow(board, safe(board))

    empty = Board.empty()
    optimum = best_win_chance(empty, Mark.O, WinBlock, safe)
    assert win_chance(empty, Mark.O, WinBlock, tie_broken) == optimum == Fraction(82, 315)
    mixed = Traps(solver, budget=10**9)
    even = win_chance(empty, Mark.O, WinBlock, lambda board: mixed.narrow(board, safe(board)))
    assert even < optimum


def brute_win_chance(board: Board, me: Mark, replies: dict[Board, dict[int, Fraction]]) -> Fraction:
    """Plain expectimax over a table of the opponent's replies (no memo: small cases only)."""
    if board.is_over:
        return Fraction(int(board.winner is me))
    if board.turn is me:
        return max(brute_win_chance(board.play(cell), me, replies) for cell in board.legal_moves())
    return sum(
        (p * brute_win_chance(board.play(cell), me, replies) for cell, p in replies[board].items()),
        Fraction(0),
    )


def test_best_win_chance_on_a_tiny_case_by_hand() -> None:
    # X to move, O threatens b3 (cell 7). Against win-block X must block there,
    # and then win-block blocks every threat X makes: X never wins. Against
    # random, X wins half the time at best.
    board = Board.parse("XOX/.O./...")
    assert best_win_chance(board, Mark.X, WinBlock) == 0
    assert best_win_chance(board, Mark.X, RandomPlayer) == Fraction(1, 2)


@pytest.mark.slow
def test_best_win_chance_matches_plain_expectimax_near_the_end() -> None:
    table = {board: win_block_replies(board) for board in POSITIONS}
    for board in POSITIONS:
        if board.move_count >= 5:
            me = board.turn
            assert best_win_chance(board, me, WinBlock) == brute_win_chance(board, me, table)
            them = board.turn.other
            assert best_win_chance(board, them, WinBlock) == brute_win_chance(board, them, table)


def test_win_chance_of_a_fixed_policy_is_below_the_best() -> None:
    first_free = win_chance(
        Board.empty(), Mark.X, RandomPlayer, lambda board: board.legal_moves()[:1]
    )
    best = best_win_chance(Board.empty(), Mark.X, RandomPlayer)
    anything = win_chance(Board.empty(), Mark.X, RandomPlayer, lambda board: board.legal_moves())
    assert 0 < anything < first_free <= best <= 1
    # X playing at random against random wins 58.5% of games (known figure: 737/1260).
    assert anything == Fraction(737, 1260)


def test_the_opening_book_is_what_the_search_finds() -> None:
    for rules, opening in OPENINGS.items():
        board = Board.empty(rules)
        assert Traps(budget=10**7).search(board, board.legal_moves()) == opening


def test_narrow_keeps_a_single_move_and_only_offered_moves() -> None:
    traps = Traps()
    board = Board.parse("X../.O./...")
    assert traps.narrow(board, (3,)) == (3,)
    assert set(traps.narrow(board, (1, 3, 5))) <= {1, 3, 5}


def test_an_obvious_block_is_no_trap() -> None:
    # After X a1, O b2, X c1 O must block at b1 (every modelled player does):
    # the search prefers b3, where centre-first's next move loses.
    traps = Traps()
    board = Board.parse("X../.O./...")
    assert 2 not in traps.narrow(board, (2, 7))


def test_a_tiny_budget_gives_up_and_keeps_every_move() -> None:
    board = Board.empty(Rules(4, 4, 4)).play(5)
    traps = Traps(Solver(), budget=10)
    moves = tuple(cell for cell in board.legal_moves())
    assert traps.narrow(board, moves) == moves
