"""The ``perfect`` player: never loses, wins fastest, resists longest, sets traps."""

from __future__ import annotations

import random

import pytest

from tictactoe import players
from tictactoe.core.analysis import best_moves
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError, UnsolvableError
from tictactoe.core.exact.solver import Prospect, Solver, Value
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.perfect import PerfectPlayer, unsupported_reason
from tictactoe.core.strategies.traps import TRAP_BUDGET
from tictactoe.matches.arena import run_match


def brute_force(board: Board, memo: dict[Board, Prospect]) -> Prospect:
    """Plain minimax: the outcome for the side to move (fastest win, slowest loss)."""
    known = memo.get(board)
    if known is None:
        if board.is_over:
            known = Prospect(Value.DRAW if board.winner is None else Value.LOSS, 0)
        else:
            known = max(
                (brute_force(board.play(cell), memo).after_move() for cell in board.legal_moves()),
                key=lambda outcome: outcome.rank,
            )
        memo[board] = known
    return known


def walk(
    board: Board,
    me: Mark,
    player: PerfectPlayer,
    memo: dict[Board, Prospect],
    seen: set[Board],
    may_lose: bool = False,
) -> None:
    """Play ``player`` as ``me`` against every possible sequence of opponent moves.

    At the player's turn every move it may choose is followed and checked
    against brute force: it keeps the position's value with the best length.
    """
    if board in seen:
        return
    seen.add(board)
    if board.is_over:
        assert may_lose or board.winner != me.other, f"perfect lost as {me}: {board.text}"
        return
    if board.turn is me:
        want = brute_force(board, memo)
        for cell in player.candidates(board):
            assert brute_force(board.play(cell), memo).after_move() == want, board.text
            walk(board.play(cell), me, player, memo, seen, may_lose)
    else:
        for cell in board.legal_moves():
            walk(board.play(cell), me, player, memo, seen, may_lose)


@pytest.mark.parametrize("me", [Mark.X, Mark.O])
def test_never_loses_on_3x3_against_every_opponent(me: Mark) -> None:
    seen: set[Board] = set()
    walk(Board.empty(), me, PerfectPlayer(random.Random(0)), {}, seen)
    assert len(seen) > 100


@pytest.mark.slow
@pytest.mark.parametrize("me", [Mark.X, Mark.O])
def test_plays_exactly_on_3x4_k3_against_every_opponent(me: Mark) -> None:
    # 3 x 4 with k=3 is a first-player win: as X perfect always wins; as O it
    # loses but every move is still checked against brute force.
    seen: set[Board] = set()
    player = PerfectPlayer(random.Random(0))
    walk(Board.empty(Rules(3, 4, 3)), me, player, {}, seen, may_lose=me is Mark.O)
    if me is Mark.X:
        assert all(board.winner is Mark.X for board in seen if board.is_over)


@pytest.mark.slow
def test_chosen_moves_come_from_the_candidates_with_any_seed() -> None:
    board = Board.parse("X../.O./...")
    for seed in range(20):
        player = PerfectPlayer(random.Random(seed))
        assert player.choose(board) in player.candidates(board)


def test_takes_the_fastest_win() -> None:
    # X wins at once in cell 2; blocking at 5 would only draw.
    assert PerfectPlayer(random.Random(1)).candidates(Board.parse("XX./OO./...")) == (2,)


def test_blocks_a_threat() -> None:
    assert PerfectPlayer(random.Random(1)).candidates(Board.parse("X../OO./X..")) == (5,)


def test_resists_longest_when_lost() -> None:
    # O is lost: X has a double threat after most moves, but 0 holds out longest.
    board = Board.parse(".../.X./.OX")
    memo: dict[Board, Prospect] = {}
    assert brute_force(board, memo) == Prospect(Value.LOSS, 4)
    assert PerfectPlayer(random.Random(1)).candidates(board) == (0,)


def test_opens_in_a_corner_to_set_traps() -> None:
    # Every first move draws; the weaker players lose most often after a corner.
    player = PerfectPlayer(random.Random(1))
    assert set(player.candidates(Board.empty())) <= set(Rules().corners)


def test_random_among_exact_ties_is_reproducible() -> None:
    first = [PerfectPlayer(random.Random(seed)).choose(Board.empty()) for seed in range(30)]
    again = [PerfectPlayer(random.Random(seed)).choose(Board.empty()) for seed in range(30)]
    assert first == again
    assert set(first) == set(PerfectPlayer(random.Random(0)).candidates(Board.empty()))
    assert len(set(first)) > 1


def test_sets_the_trap_centre_first_falls_into() -> None:
    # X a1, O b2: every X move draws, but only b3 wins against centre-first
    # (O c1, then X a3 forks); a move forcing an obvious block does not.
    assert PerfectPlayer(random.Random(1)).candidates(Board.parse("X../.O./...")) == (7,)


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["centre-first", "corner-first"])
def test_as_x_beats_centre_first_and_corner_first_in_every_game(opponent: str) -> None:
    result = run_match("perfect", opponent, Rules(), 40, seed=11)
    assert result.tally.x_wins == 40


def test_refuses_a_finished_game() -> None:
    with pytest.raises(IllegalMoveError):
        PerfectPlayer(random.Random(1)).choose(Board.parse("XXX/OO./..."))


@pytest.mark.slow
@pytest.mark.parametrize("rules", [Rules(7, 5, 4), Rules(7, 7, 5), Rules(15, 15, 5)])
def test_too_big_boards_are_unsupported(rules: Rules) -> None:
    reason = unsupported_reason(rules)
    assert reason is not None and f"{rules.m} x {rules.n}" in reason
    assert players.get("perfect").unsupported_reason(rules) == reason
    with pytest.raises(UnsolvableError):
        PerfectPlayer(random.Random(1)).choose(Board.empty(rules))


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(4, 4, 4), Rules(5, 4, 4), Rules(5, 5, 3), Rules(5, 5, 4), Rules(6, 5, 4)],
)
def test_small_boards_are_supported(rules: Rules) -> None:
    assert unsupported_reason(rules) is None
    assert players.get("perfect").unsupported_reason(rules) is None


def play_out(
    rules: Rules, perfect_mark: Mark, opponent: str, opening: int | None, seed: int
) -> Board:
    """A whole game of ``perfect`` (fresh solver) against ``opponent``, from ``opening``."""
    perfect = PerfectPlayer(random.Random(seed))
    other = players.create(opponent, seed=seed, nodes=2000 if opponent == "search" else None)
    board = Board.empty(rules)
    if opening is not None:
        board = board.play(opening)
    while not board.is_over:
        chooser = perfect if board.turn is perfect_mark else other
        board = board.play(chooser.choose(board))
    return board


@pytest.mark.slow
@pytest.mark.parametrize(
    ("perfect_mark", "opponent", "opening"),
    [
        (Mark.X, "win-block", None),
        (Mark.X, "search", None),
        (Mark.O, "win-block", 0),  # a corner
        (Mark.O, "search", 7),  # next to the centre
    ],
)
def test_never_loses_a_whole_5x5_game(perfect_mark: Mark, opponent: str, opening: int) -> None:
    board = play_out(Rules(5, 5, 4), perfect_mark, opponent, opening, seed=5)
    assert board.winner is not perfect_mark.other


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_wins_6x5_as_x_against_win_block(seed: int) -> None:
    assert play_out(Rules(6, 5, 4), Mark.X, "win-block", None, seed).winner is Mark.X


@pytest.mark.slow
def test_takes_the_win_a_weak_first_move_gives_away_on_6x5() -> None:
    # X's corner opening loses: the opening book has O's winning reply.
    assert play_out(Rules(6, 5, 4), Mark.O, "win-block", 0, seed=3).winner is Mark.O


@pytest.mark.slow
def test_on_6x5_every_best_move_early_then_one_proved_move() -> None:
    player = PerfectPlayer(random.Random(1))
    opened = Board.empty(Rules(6, 5, 4)).play(12)  # the opening table values every reply
    best = best_moves(Solver().move_outcomes(opened))
    assert player.candidates(opened) == best and player.choose(opened) in best
    later = opened.play(17).play(0).play(7)  # past the table: one move proved at a time
    assert player.candidates(later) == (player.choose(later),)


def test_registry_builds_it() -> None:
    player = players.create("perfect", seed=3)
    assert isinstance(player, PerfectPlayer)
    assert player.choose(Board.parse("XX./OO./...")) == 2


def test_trap_search_stays_within_its_budget_on_4x4() -> None:
    board = Board.empty(Rules(4, 4, 4)).play(5)
    analysis = Solver()
    best_moves(analysis.move_outcomes(board))
    solver = Solver()
    player = PerfectPlayer(random.Random(2), solver)
    # Every reply draws; the budget stops the trap search early, so the
    # choice costs at most the analysis, the budget and one more search.
    assert set(player.candidates(board)) <= set(board.legal_moves())
    assert solver.nodes < analysis.nodes + 2 * TRAP_BUDGET
