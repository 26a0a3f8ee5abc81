"""The seeds' strategies: each one's defining behaviour, checked against the seeds' own code."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.rules import Rules
from tictactoe.core.strategies.simple import (
    CentreFirst,
    CornerFirst,
    FirstFree,
    ForkAware,
    RandomPlayer,
    WinBlock,
    ring_key,
)
from tictactoe.players import Player, create

SEED_NAMES = ("first-free", "random", "win-block", "centre-first", "corner-first", "fork-aware")
TACTICAL = (WinBlock, CentreFirst, CornerFirst, ForkAware)
CLASSIC_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8))
CLASSIC_LINES += ((2, 4, 6),)


def all_positions(rules: Rules) -> list[Board]:
    """Every reachable position that is not over, in a fixed order."""
    seen = {Board.empty(rules)}
    frontier = [Board.empty(rules)]
    while frontier:
        board = frontier.pop()
        for cell in board.legal_moves():
            child = board.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted((b for b in seen if not b.is_over), key=lambda b: (b.x, b.o))


CLASSIC_POSITIONS = all_positions(Rules())


def winning_cells(board: Board, mark: Mark) -> set[int]:
    """Cells where ``mark`` would complete a line now (found by scanning lines)."""
    found = set()
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == board.rules.k - 1 and marks.count(None) == 1:
            found.add(line[marks.index(None)])
    return found


def rng(seed: int = 0) -> random.Random:
    return random.Random(seed)


# --- seed code, transcribed: the reference the players must agree with -------------


def seed_003_move(board: Board) -> int:
    """Seed 003's ``computer_move``: win, block, then 4 0 2 6 8 1 3 5 7."""
    me, them = board.turn, board.turn.other
    for mark in (me, them):
        for move in board.legal_moves():
            if move in winning_cells(board, mark):
                return move
    return next(move for move in (4, 0, 2, 6, 8, 1, 3, 5, 7) if board[move] is None)


def seed_000_the_best(board: Board) -> int | None:
    """Seed 000's ``theBest`` (program 20) for the side to move; None where the seed crashes."""
    area = [0 if board[c] is None else -1 if board[c] is board.turn else 1 for c in range(9)]

    def standings(a: list[int]) -> list[int]:
        return [sum(a[c] for c in line) for line in CLASSIC_LINES]

    if area[4] == 0:
        return 4
    candidate = None
    for i in range(9):
        if area[i]:
            continue
        a = area.copy()
        a[i] = -1
        if -3 in standings(a):
            return i
        best = True
        for j in range(9):
            if a[j]:
                continue
            b = a.copy()
            b[j] = 1
            sums = standings(b)
            if 3 in sums or (sums.count(2) > 1 and -2 not in sums):
                best = False
                break
        if best:
            candidate = i
    return candidate


# --- every strategy, every board -----------------------------------------------------


def play_out(x: Player, o: Player, rules: Rules) -> Board:
    board = Board.empty(rules)
    while not board.is_over:
        cell = (x if board.turn is Mark.X else o).choose(board)
        assert board.is_legal(cell), (cell, board.text)
        board = board.play(cell)
    return board


@pytest.mark.parametrize("name", SEED_NAMES)
@pytest.mark.parametrize(
    "rules", [Rules(), Rules(4, 4, 4), Rules(7, 7, 5), Rules(15, 15, 5), Rules(1, 5, 2)], ids=str
)
def test_full_games_only_legal_moves(name: str, rules: Rules) -> None:
    games = 1 if rules.size > 100 else 4
    for game in range(games):
        play_out(create(name, seed=game), create("random", seed=game + 50), rules)
        play_out(create("random", seed=game + 60), create(name, seed=game), rules)
        play_out(create(name, seed=game), create(name, seed=game + 70), rules)


@pytest.mark.parametrize("cls", [FirstFree, RandomPlayer, *TACTICAL])
def test_refuses_a_finished_game(cls: type[FirstFree]) -> None:
    with pytest.raises(IllegalMoveError, match="over"):
        cls(rng()).choose(Board.parse("XXX/OO./..."))


# --- first-free and random -----------------------------------------------------------


def test_first_free_takes_the_lowest_free_cell() -> None:
    assert FirstFree(rng()).choose(Board.empty()) == 0
    assert FirstFree(rng()).choose(Board.parse("XO./X../...")) == 2
    assert FirstFree(rng()).choose(Board.parse("XOX/OXO/.X.")) == 6


def test_random_covers_every_free_cell_reproducibly() -> None:
    board = Board.parse("X../.O./...")
    player = RandomPlayer(rng(3))
    picks = [player.choose(board) for _ in range(200)]
    assert set(picks) == set(board.legal_moves())
    again = RandomPlayer(rng(3))
    assert picks == [again.choose(board) for _ in range(200)]


# --- win and block -------------------------------------------------------------------


@pytest.mark.parametrize("cls", TACTICAL)
@pytest.mark.parametrize(
    ("text", "k", "expected"),
    [
        ("XX./OO./...", None, 2),  # X wins rather than block
        ("XX./OO./X..", None, 5),  # O wins rather than block
        ("XX./O../...", None, 2),  # O blocks
        ("OX./.X./O.X", None, 3),  # O wins down the left column rather than block
        ("...../.XXX./.OOO./...../.....", 4, 5),  # X wins, lowest of 5 and 9
        ("...../.XXX./..OO./.O.../.....", 4, 5),  # O blocks X's lowest threat
    ],
)
def test_wins_then_blocks(cls: type[WinBlock], text: str, k: int | None, expected: int) -> None:
    board = Board.parse(text, k=k)
    assert cls(rng()).choose(board) == expected


@pytest.mark.parametrize("cls", TACTICAL)
@given(st.sampled_from(CLASSIC_POSITIONS))
def test_takes_any_win_and_blocks_any_single_threat(cls: type[WinBlock], board: Board) -> None:
    move = cls(rng()).choose(board)
    wins, threats = winning_cells(board, board.turn), winning_cells(board, board.turn.other)
    if wins:
        assert move == min(wins)
    elif len(threats) == 1 or (threats and cls is not ForkAware):
        assert move == min(threats)
    elif threats:
        assert move in threats  # fork-aware blocks one of several threats, not always the lowest


# --- centre-first (seed 003) ---------------------------------------------------------


def test_centre_first_agrees_with_seed_003_everywhere() -> None:
    player = CentreFirst(rng())
    for board in CLASSIC_POSITIONS:
        assert player.choose(board) == seed_003_move(board), board.text


def test_centre_first_order_on_3x3() -> None:
    rules = Rules()
    assert sorted(range(9), key=lambda cell: ring_key(rules, cell)) == [4, 0, 2, 6, 8, 1, 3, 5, 7]


def test_centre_first_grows_out_from_the_centre_on_big_boards() -> None:
    rules = Rules(15, 15, 5)
    assert CentreFirst(rng()).choose(Board.empty(rules)) == 112
    board = Board.empty(rules).play(112)
    assert CentreFirst(rng()).choose(board) in {96, 98, 126, 128}  # the centre's diagonal cells
    order = sorted(range(rules.size), key=lambda cell: ring_key(rules, cell))
    assert set(order[:9]) == {96, 97, 98, 111, 112, 113, 126, 127, 128}


# --- corner-first (seed 004) ---------------------------------------------------------


def test_corner_first_follows_seed_004() -> None:
    for board in CLASSIC_POSITIONS:
        if winning_cells(board, Mark.X) or winning_cells(board, Mark.O):
            continue
        corners = {c for c in (0, 2, 6, 8) if board[c] is None}
        allowed = corners or ({4} if board[4] is None else {1, 3, 5, 7})
        for seed in range(3):
            assert CornerFirst(rng(seed)).choose(board) in allowed, board.text


def test_corner_first_picks_corners_at_random() -> None:
    picks = {CornerFirst(rng(seed)).choose(Board.empty()) for seed in range(40)}
    assert picks == {0, 2, 6, 8}
    edges = {CornerFirst(rng(seed)).choose(Board.parse("OXO/.X./XOX")) for seed in range(40)}
    assert edges == {3, 5}


def test_corner_first_on_a_big_board() -> None:
    rules = Rules(9, 9, 5)
    corners = Board.parse(
        "X.......O/........./........./........./........./........./........./........./X.......O",
        k=5,
    )
    assert CornerFirst(rng()).choose(corners) == 40  # then the centre
    assert CornerFirst(rng()).choose(Board.empty(rules)) in rules.corners


# --- fork-aware (seed 000's theBest) -------------------------------------------------


def test_fork_aware_agrees_with_seed_000_wherever_the_seed_works() -> None:
    player = ForkAware(rng())
    checked = 0
    for board in CLASSIC_POSITIONS:
        expected = seed_000_the_best(board)
        threatened = winning_cells(board, board.turn) or winning_cells(board, board.turn.other)
        if expected is None or (board[4] is None and threatened):
            continue  # the seed crashes, or plays the centre into a lost position
        assert player.choose(board) == expected, board.text
        checked += 1
    assert checked > 2500


def test_fork_aware_never_crashes_where_the_seed_does() -> None:
    player = ForkAware(rng())
    crashes = [board for board in CLASSIC_POSITIONS if seed_000_the_best(board) is None]
    assert crashes
    for board in crashes:
        move = player.choose(board)
        assert board.is_legal(move)
        threats = winning_cells(board, board.turn.other)
        if threats and not winning_cells(board, board.turn):
            assert move in threats  # it blocks one of the threats


@pytest.mark.parametrize(
    ("text", "k", "allowed"),
    [
        ("XX./OX./.O.", None, {2, 8}),  # two threats: block one
        ("...../.XXX./...../..OO./.....", 4, {5, 9}),  # an open three on k=4: block an end
    ],
)
def test_fork_aware_blocks_when_every_move_loses(
    text: str, k: int | None, allowed: set[int]
) -> None:
    assert ForkAware(rng()).choose(Board.parse(text, k=k)) in allowed


def test_fork_aware_stops_an_open_two_becoming_an_open_three() -> None:
    board = Board.parse("......./......./......./..XX.O./......./......./.......", k=4)
    move = ForkAware(rng()).choose(board)
    assert is_safe(board, move)
    assert move in {22, 25}


def test_fork_aware_plays_the_centre_first() -> None:
    assert ForkAware(rng()).choose(Board.empty()) == 4
    assert ForkAware(rng()).choose(Board.parse("X../.../...")) == 4
    assert ForkAware(rng()).choose(Board.empty(Rules(15, 15, 5))) == 112
    assert ForkAware(rng()).choose(Board.empty(Rules(4, 4, 3))) == 5


def test_fork_aware_never_loses_on_3x3() -> None:
    for opponent in ("random", "win-block", "centre-first", "corner-first", "fork-aware"):
        for seed in range(10):
            assert play_out(create(opponent, seed=seed), ForkAware(rng(seed)), Rules()).winner in (
                None,
                Mark.O,
            )
            assert play_out(ForkAware(rng(seed)), create(opponent, seed=seed), Rules()).winner in (
                None,
                Mark.X,
            )


def is_safe(board: Board, cell: int) -> bool:
    """Brute force with boards: after ``cell`` the opponent cannot win or fork unanswered."""
    me = board.turn
    after = board.play(cell)
    if after.is_over:
        return True
    for reply in after.legal_moves():
        answer = after.play(reply)
        if answer.winner is not None:
            return False
        if len(winning_cells(answer, me.other)) > 1 and not winning_cells(answer, me):
            return False
    return True


@st.composite
def midgame_boards(draw: st.DrawFn) -> Board:
    """Random positions on boards of 4 x 4 to 5 x 5 with k of 3 or 4."""
    rules = draw(st.sampled_from([Rules(4, 4, 3), Rules(4, 5, 4), Rules(5, 5, 4), Rules(4, 4, 4)]))
    board = Board.empty(rules)
    for _ in range(draw(st.integers(2, rules.size - 2))):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves())))
    return board


@settings(max_examples=60, deadline=None)
@given(midgame_boards())
def test_fork_aware_plays_safe_whenever_a_safe_move_exists(board: Board) -> None:
    if board.is_over:
        return
    move = ForkAware(rng()).choose(board)
    wins = winning_cells(board, board.turn)
    if wins:
        assert move == min(wins)
        return
    centre = board.rules.centre_distance_order[0]
    if move == centre and board[centre] is None:
        return
    safe = [cell for cell in board.legal_moves() if is_safe(board, cell)]
    if safe:
        assert move in safe, board.text
    else:
        threats = winning_cells(board, board.turn.other)
        assert not threats or move in threats
