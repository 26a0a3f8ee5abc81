"""Playout: the same games as Board move by move, random games uniform, random players exact."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, PositionError, RulesError
from tictactoe.core.playout import TABLE_CELLS, Ending, Playout
from tictactoe.core.rules import MIN_K, Rules
from tictactoe.core.strategies.simple import RandomPlayer
from tictactoe.matches.arena import play_game

SIDES = st.integers(min_value=1, max_value=8)
BOARDS = (Rules(3, 3, 3), Rules(4, 4, 4), Rules(5, 4, 3), Rules(7, 7, 5), Rules(15, 15, 5))
"""Both ways of checking a win: a table (up to 16 cells) and the lines through the move."""


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """Any board of 1..8 rows and columns (not 1 x 1) with 2 <= k <= the longer side."""
    m = draw(SIDES)
    n = draw(SIDES.filter(lambda n: max(m, n) >= MIN_K))
    return Rules(m, n, draw(st.integers(MIN_K, max(m, n))))


@st.composite
def starts(draw: st.DrawFn) -> Board:
    """A position not yet over, reached by legal play (mostly the empty board or near it)."""
    board = Board.empty(draw(rules()))
    for _ in range(draw(st.integers(0, board.rules.size))):
        after = board.play(draw(st.sampled_from(board.legal_moves())))
        if after.is_over:
            break
        board = after
    return board


def replay(board: Board, order: list[int]) -> Board:
    """``order`` played on ``board`` with :meth:`Board.play` until the game ends."""
    for cell in order:
        if board.is_over:
            break
        board = board.play(cell)
    return board


def ending_of(board: Board) -> Ending:
    return Ending(board.winner, board.move_count, board.x, board.o)


def test_the_boards_cover_both_win_checks() -> None:
    assert any(r.size <= TABLE_CELLS for r in BOARDS)
    assert any(r.size > TABLE_CELLS for r in BOARDS)


@pytest.mark.slow
@given(starts(), st.data())
@settings(max_examples=300, deadline=None)
def test_any_order_gives_the_game_board_plays(start: Board, data: st.DataObject) -> None:
    order = data.draw(st.permutations(start.free_cells()))
    ending = Playout(start.rules).finish(order, start)
    final = replay(start, order)
    assert ending == ending_of(final)
    assert final.is_over


@given(starts(), st.data())
@settings(deadline=None)
def test_an_order_that_runs_out_leaves_the_game_unfinished(
    start: Board, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(start.free_cells()))
    part = order[: data.draw(st.integers(0, len(order)))]
    assert Playout(start.rules).finish(part, start) == ending_of(replay(start, part))


@pytest.mark.parametrize("rules", BOARDS, ids=str)
def test_orders_on_every_kind_of_board(rules: Rules) -> None:
    rng = random.Random(str(rules))
    playout = Playout(rules)
    for _ in range(200):
        order = list(range(rules.size))
        rng.shuffle(order)
        assert playout.finish(order) == ending_of(replay(Board.empty(rules), order))


@pytest.mark.parametrize("rules", BOARDS, ids=str)
def test_random_games_end_exactly_as_the_rules_say(rules: Rules) -> None:
    playout = Playout(rules)
    rng = random.Random(7)
    for _ in range(300):
        ending = playout.random_game(rng)
        final = Board(rules, ending.x, ending.o)  # a position some legal game reaches
        assert final.is_over
        assert ending == ending_of(final)


@pytest.mark.parametrize("rules", BOARDS, ids=str)
def test_random_games_from_a_position_keep_its_marks(rules: Rules) -> None:
    start = Board.empty(rules).play(0).play(rules.size - 1)
    rng = random.Random(3)
    playout = Playout(rules)
    for _ in range(100):
        ending = playout.random_game(rng, start)
        assert ending.x & start.x == start.x and ending.o & start.o == start.o
        assert Board(rules, ending.x, ending.o).is_over


@cache
def exact_chances(board: Board) -> tuple[Fraction, Fraction, Fraction]:
    """(X wins, O wins, draw) chances when both sides play uniformly random moves."""
    if board.is_over:
        return (
            Fraction(board.winner is Mark.X),
            Fraction(board.winner is Mark.O),
            Fraction(board.winner is None),
        )
    moves = board.legal_moves()
    after = [exact_chances(board.play(cell)) for cell in moves]
    x, o, draw = (sum(chances, Fraction()) / len(moves) for chances in zip(*after, strict=True))
    return x, o, draw


@pytest.mark.parametrize("text", [".../.../...", "X../.O./..."])
def test_random_games_are_uniformly_random(text: str) -> None:
    """20,000 games land within 1.5 points of the exact chances of uniform play."""
    start = Board.parse(text)
    games = 20_000
    results = Playout(start.rules).random_games(random.Random(11), games, start)
    assert results.games == games
    exact = exact_chances(start)
    for counted, chance in zip((results.x_wins, results.o_wins, results.draws), exact, strict=True):
        assert abs(counted / games - float(chance)) < 0.015


def test_random_games_counts_add_up() -> None:
    playout = Playout(Rules(7, 7, 5))
    rng = random.Random(5)
    endings = [playout.random_game(rng) for _ in range(50)]
    results = playout.random_games(random.Random(5), 50)
    assert results.games == 50
    assert results.x_wins == sum(e.winner is Mark.X for e in endings)
    assert results.o_wins == sum(e.winner is Mark.O for e in endings)
    assert results.draws == sum(e.winner is None for e in endings)
    assert results.moves == sum(e.move_count for e in endings)


@pytest.mark.parametrize("rules", [*BOARDS, Rules(1, 6, 2), Rules(6, 1, 3)], ids=str)
def test_random_players_game_is_the_game_two_random_players_play(rules: Rules) -> None:
    playout = Playout(rules)
    for game in range(60):
        seeds = (f"{game}:X", f"{game}:O")
        x, o = (RandomPlayer(random.Random(seed)) for seed in seeds)
        board = play_game(x, o, rules)
        fast = playout.random_players_game(*(random.Random(seed) for seed in seeds))
        assert fast == ending_of(board)


def test_random_players_from_a_position_with_o_to_move() -> None:
    rules = Rules(4, 4, 3)
    start = Board.empty(rules).play(5)
    playout = Playout(rules)
    for game in range(60):
        x_rng, o_rng = random.Random(f"x{game}"), random.Random(f"o{game}")
        x, o = RandomPlayer(random.Random(f"x{game}")), RandomPlayer(random.Random(f"o{game}"))
        board = start
        while not board.is_over:
            board = board.play((x if board.turn is Mark.X else o).choose(board))
        assert playout.random_players_game(x_rng, o_rng, start) == ending_of(board)


def test_a_finished_game_has_nothing_to_play() -> None:
    won = Board.parse("XXX/OO./...")
    with pytest.raises(IllegalMoveError, match="over"):
        Playout(won.rules).random_game(random.Random(0), won)


def test_a_board_of_other_rules_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="4x4"):
        Playout(Rules()).finish([], Board.empty(Rules(4, 4, 4)))


def test_a_playout_starts_from_a_board() -> None:
    with pytest.raises(PositionError, match="Board"):
        Playout(Rules()).random_game(random.Random(0), "X../.../...")  # type: ignore[arg-type]


def test_a_playout_needs_rules() -> None:
    with pytest.raises(RulesError, match="Rules"):
        Playout("3x3")  # type: ignore[arg-type]
