"""The exact solver against a plain brute-force minimax, known values, and its limits."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import (
    IllegalMoveError,
    PositionError,
    TicTacToeError,
    UnsolvableError,
)
from tictactoe.core.exact.capability import Play, capability
from tictactoe.core.exact.prover import Prover
from tictactoe.core.exact.solver import (
    DEFAULT_MEMORY,
    DRAW_SCORE,
    ENTRY_BYTES,
    LOSS_SCORE,
    MAX_CELLS,
    TICK_MASK,
    WIN_SCORE,
    Choice,
    Prospect,
    Solution,
    Solver,
    Value,
    _sides,
    prove,
    unplayable_reason,
    unsupported_reason,
    values_every_move,
)
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, SearchStopped
from tictactoe.core.strategies.simple import WinBlock

SMALL_BOARDS = (
    Rules(3, 4, 3),
    Rules(4, 3, 3),
    Rules(2, 5, 3),
    Rules(5, 2, 2),
    Rules(3, 3, 2),
    Rules(2, 4, 2),
    Rules(1, 7, 3),
    Rules(3, 4, 4),
    Rules(4, 4, 4),
    Rules(4, 4, 3),
    Rules(5, 4, 4),
)
"""Boards for random positions; those with many cells get enough marks to brute-force."""

MAX_BRUTE_EMPTIES = 9
"""Random positions keep at most this many empty cells, so brute force stays quick."""


def brute_force(board: Board, memo: dict[Board, Prospect]) -> Prospect:
    """Plain minimax over Board objects: best value, fastest win, slowest loss."""
    known = memo.get(board)
    if known is not None:
        return known
    if board.is_over:
        result = Prospect(Value.DRAW if board.winner is None else Value.LOSS, 0)
    else:
        result = max(
            (brute_force(board.play(cell), memo).after_move() for cell in board.legal_moves()),
            key=lambda outcome: outcome.rank,
        )
    memo[board] = result
    return result


def brute_best(board: Board, memo: dict[Board, Prospect]) -> tuple[int, ...]:
    """Every move whose brute-force outcome has the best rank."""
    moves = {cell: brute_force(board.play(cell), memo).after_move() for cell in board.legal_moves()}
    best = max(outcome.rank for outcome in moves.values())
    return tuple(cell for cell, outcome in moves.items() if outcome.rank == best)


def all_positions(rules: Rules) -> set[Board]:
    seen = {Board.empty(rules)}
    frontier = list(seen)
    while frontier:
        for cell in (position := frontier.pop()).legal_moves():
            if (child := position.play(cell)) not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


@pytest.fixture(scope="module")
def shared_solver() -> Solver:
    return Solver()


@pytest.mark.slow
def test_every_3x3_position_agrees_with_brute_force(shared_solver: Solver) -> None:
    memo: dict[Board, Prospect] = {}
    for board in all_positions(Rules()):
        want = brute_force(board, memo)
        solution = shared_solver.solve(board)
        assert (solution.value, solution.plies) == (want.value, want.plies), board.text
        assert shared_solver.value(board) is want.value, board.text
        if not board.is_over:
            assert solution.best == brute_best(board, memo), board.text


@pytest.mark.slow
def test_every_2x5_k3_position_agrees_with_brute_force() -> None:
    solver = Solver()
    memo: dict[Board, Prospect] = {}
    for board in all_positions(Rules(2, 5, 3)):
        assert solver.outcome(board) == brute_force(board, memo), board.text


@st.composite
def small_positions(draw: st.DrawFn) -> Board:
    """A position reached by random legal moves on one of :data:`SMALL_BOARDS`."""
    rules = draw(st.sampled_from(SMALL_BOARDS))
    board = Board.empty(rules)
    plies = draw(st.integers(max(0, rules.size - MAX_BRUTE_EMPTIES), rules.size))
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves())))
    return board


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_random_small_positions_agree_with_brute_force(board: Board) -> None:
    memo: dict[Board, Prospect] = {}
    solution = Solver().solve(board)
    want = brute_force(board, memo)
    assert (solution.value, solution.plies) == (want.value, want.plies)
    if not board.is_over:
        assert solution.best == brute_best(board, memo)


@settings(max_examples=100, deadline=None)
@given(small_positions(), st.data())
def test_symmetric_positions_have_the_same_outcome(board: Board, data: st.DataObject) -> None:
    symmetry = data.draw(st.sampled_from(board.rules.symmetries))
    solver = Solver()
    assert solver.outcome(board.transformed(symmetry)) == Solver().outcome(board)


@pytest.mark.parametrize(
    ("text", "k", "symmetries"),
    [("X../.O./..X", None, 8), ("X.../.O../..../....", 3, 8), ("X.../.O../..../..../....", 3, 4)],
)
def test_the_table_is_keyed_on_the_position_up_to_symmetry(
    text: str, k: int | None, symmetries: int
) -> None:
    board = Board.parse(text, k)
    solver = Solver()
    solver.value(board)
    assert len(board.rules.symmetries) == symmetries
    for symmetry in board.rules.symmetries:
        before = solver.nodes
        solver.value(board.transformed(symmetry))
        assert solver.nodes - before <= 2  # a look-up per half of the question, no search


@pytest.mark.parametrize(
    ("rules", "value", "plies"),
    [
        (Rules(3, 3, 3), Value.DRAW, 9),
        (Rules(4, 4, 3), Value.WIN, 5),
        (Rules(4, 4, 4), Value.DRAW, 16),
        (Rules(5, 4, 4), Value.DRAW, 20),
        (Rules(4, 5, 4), Value.DRAW, 20),
        (Rules(3, 3, 2), Value.WIN, 3),
        (Rules(1, 5, 3), Value.DRAW, 5),
    ],
)
def test_known_values_from_the_empty_board(rules: Rules, value: Value, plies: int) -> None:
    outcome = Solver().outcome(Board.empty(rules))
    assert outcome == Prospect(value, plies)


def test_fastest_win_is_the_best_move() -> None:
    # X can win at once in cell 2, or later; only the immediate win is best.
    solution = Solver().solve(Board.parse("XX./OO./..."))
    assert solution == Solution(Value.WIN, 1, (2,))


def test_lost_position_resists_longest() -> None:
    # O to move and X threatens two lines: every move loses in 2.
    board = Board.parse("X.X/.O./X.O")
    solution = Solver().solve(board)
    assert solution.value is Value.LOSS
    assert solution.plies == 2
    assert set(solution.best) == set(board.legal_moves())


def test_finished_positions() -> None:
    solver = Solver()
    assert solver.solve(Board.parse("XXX/OO./...")) == Solution(Value.LOSS, 0, ())
    assert solver.solve(Board.parse("XOX/XOO/OXX")) == Solution(Value.DRAW, 0, ())
    assert solver.outcome(Board.parse("OOO/XX./X..")) == Prospect(Value.LOSS, 0)
    assert solver.move_outcomes(Board.parse("XXX/OO./...")) == {}


@pytest.mark.parametrize("rules", [Rules(15, 15, 5), Rules(8, 8, 5), Rules(2, 26, 4)])
def test_too_big_boards_are_refused(rules: Rules) -> None:
    reason = unsupported_reason(rules)
    assert reason is not None
    assert f"{rules.m} x {rules.n}" in reason and f"at most {MAX_CELLS} cells" in reason
    assert unplayable_reason(rules) == reason
    with pytest.raises(UnsolvableError, match="cannot solve"):
        Solver().solve(Board.empty(rules))


def test_a_board_too_slow_to_play_is_refused_with_the_measured_cost() -> None:
    rules = Rules(7, 7, 5)  # proved in seconds, but every move of its openings takes far more
    assert capability(rules).play is Play.REFUSED
    reason = unplayable_reason(rules)
    assert reason is not None and "7 x 7 with k=5 is too slow" in reason and "positions" in reason
    with pytest.raises(UnsolvableError, match="too slow"):
        Solver().choose(Board.empty(rules))
    with pytest.raises(UnsolvableError, match="too slow"):
        Solver().solve(Board.empty(rules))


def test_where_one_move_is_proved_every_move_is_refused_with_the_measured_cost() -> None:
    rules = one_move_board()
    reason = unsupported_reason(rules)
    assert reason is not None and "too slow to value every move" in reason
    assert unplayable_reason(rules) is None
    solver = Solver()
    later = Board.empty(rules).play(0).play(1).play(2).play(3)  # past any opening table
    assert not values_every_move(later)
    with pytest.raises(UnsolvableError, match="too slow"):
        solver.move_outcomes(later)
    with pytest.raises(UnsolvableError, match="too slow"):
        solver.outcome(later)
    assert solver.choose(Board.empty(rules)).value in Value
    with pytest.raises(IllegalMoveError):
        solver.choose(Board.parse("XXX/OO./..."))


def test_the_capability_of_a_board_is_read_from_the_table_not_timed() -> None:
    # The same answer for both orientations, and no clock read to get it.
    assert capability(Rules(4, 6, 4)) == capability(Rules(6, 4, 4))
    assert capability(Rules(5, 5, 4)).play is Play.EVERY_MOVE
    assert capability(Rules(3, 3, 3)).every_move is not None


@pytest.mark.parametrize(
    ("rules", "value"),
    [(Rules(5, 5, 4), Value.DRAW), (Rules(6, 5, 4), Value.WIN), (Rules(4, 4, 4), Value.DRAW)],
)
def test_proofs_of_the_known_values(rules: Rules, value: Value) -> None:
    reports: list[tuple[int, int, float]] = []
    proof = prove(Board.empty(rules), progress=lambda *report: reports.append(report))
    assert proof.value is value
    assert proof.memory == DEFAULT_MEMORY and proof.max_entries == DEFAULT_MEMORY // ENTRY_BYTES
    assert 0 < proof.entries <= proof.peak_entries <= proof.nodes
    assert proof.evictions == 0
    assert reports[-1] == (proof.nodes, proof.entries, proof.seconds)


def test_a_proof_in_little_memory_drops_entries_and_keeps_the_answer() -> None:
    board = Board.parse(".X.../...../...../...../.....", 4)  # about 6,000 entries with room
    tight = prove(board, memory=2000 * ENTRY_BYTES)
    assert tight.value is Value.DRAW
    assert tight.evictions > 0 and tight.max_entries == 2000
    assert tight.entries <= tight.max_entries + TICK_MASK + 1


def test_a_proof_past_its_node_budget_is_refused() -> None:
    with pytest.raises(UnsolvableError, match="within 2,000 positions"):
        prove(Board.parse(".X.../...../...../...../.....", 4), max_nodes=2000)
    with pytest.raises(UnsolvableError, match="within 5,000 positions"):
        prove(Board.empty(Rules(8, 8, 5)), max_nodes=5000)  # any size is taken


def test_a_finished_position_is_proved_at_once() -> None:
    proof = prove(Board.parse("XXX/OO./..."))
    assert (proof.value, proof.nodes) == (Value.LOSS, 0)


@pytest.mark.parametrize("board", [None, "X../.../...", Rules(), 0])
def test_anything_but_a_board_is_a_position_error(board: object) -> None:
    solver = Solver()
    for ask in (
        solver.solve,
        solver.value,
        solver.outcome,
        solver.move_outcomes,
        solver.move_values,
        lambda b: solver.reaches(b, Value.DRAW),
    ):
        with pytest.raises(PositionError, match="the solver takes a Board"):
            ask(board)  # type: ignore[operator]
    with pytest.raises(TicTacToeError, match="win, draw or loss"):
        solver.reaches(Board.empty(), "victory")  # type: ignore[arg-type]
    assert solver.reaches(Board.empty(), "draw")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(4, 4, 4),
        Rules(5, 4, 4),
        Rules(4, 5, 3),
        Rules(2, 10, 4),
        Rules(1, 18),
        Rules(1, 26, 4),
        Rules(5, 5, 3),
        Rules(5, 5, 5),
        Rules(3, 7, 3),
    ],
)
def test_supported_boards(rules: Rules) -> None:
    assert unsupported_reason(rules) is None


def test_value_names_and_scores() -> None:
    assert [str(value) for value in Value] == ["win", "draw", "loss"]
    assert Value("draw") is Value.DRAW
    assert Value.WIN.flipped is Value.LOSS
    assert Value.DRAW.flipped is Value.DRAW
    assert LOSS_SCORE < DRAW_SCORE < WIN_SCORE


def test_outcome_ranks_prefer_fast_wins_and_slow_losses() -> None:
    assert Prospect(Value.WIN, 1).rank > Prospect(Value.WIN, 3).rank > Prospect(Value.DRAW, 9).rank
    assert (
        Prospect(Value.DRAW, 9).rank > Prospect(Value.LOSS, 8).rank > Prospect(Value.LOSS, 2).rank
    )
    assert Prospect(Value.LOSS, 2).after_move() == Prospect(Value.WIN, 3)
    assert str(Prospect(Value.WIN, 3)) == "win in 3"


def test_solver_is_reusable_across_sizes_and_calls() -> None:
    solver = Solver()
    first = solver.solve(Board.empty())
    assert solver.solve(Board.empty(Rules(4, 4, 3))).value is Value.WIN
    assert solver.solve(Board.empty()) == first
    solver.clear()
    assert solver.solve(Board.empty()) == first


def test_solver_can_run_in_a_background_thread() -> None:
    solver = Solver()
    results: list[Solution] = []
    worker = threading.Thread(target=lambda: results.append(solver.solve(Board.empty())))
    worker.start()
    main_result = solver.solve(Board.parse("X../.../..."))
    worker.join()
    assert results == [Solution(Value.DRAW, 9, tuple(range(9)))]
    assert main_result.value is Value.DRAW


@settings(max_examples=100, deadline=None)
@given(small_positions())
def test_reaches_agrees_with_value(board: Board) -> None:
    solver = Solver()
    value = Solver().value(board)
    assert solver.reaches(board, Value.WIN) is (value is Value.WIN)
    assert solver.reaches(board, Value.DRAW) is (value is not Value.LOSS)
    assert solver.reaches(board, Value.LOSS)


def test_nodes_count_the_work_done() -> None:
    solver = Solver()
    assert solver.nodes == 0
    solver.value(Board.empty())
    searched = solver.nodes
    assert searched > 0
    solver.value(Board.empty())
    assert solver.nodes - searched <= 2  # answered from the table


# --- one best move at a time: choose and keeping_moves -------------------------------


def keeps_value(board: Board, cell: int, value: Value) -> bool:
    """Checked by a fresh proof: the move leaves the opponent ``value.flipped``."""
    child = board.play(cell)
    if child.is_over:
        return (child.winner is None) == (value is Value.DRAW)
    return prove(child).value is value.flipped


@pytest.mark.parametrize(
    ("rules", "moves", "value"),
    [
        (Rules(5, 5, 4), (), Value.DRAW),
        (Rules(5, 5, 4), (0,), Value.DRAW),
        (Rules(5, 5, 4), (0, 1, 2), Value.DRAW),
        (Rules(6, 5, 4), (), Value.WIN),
        (Rules(6, 5, 4), (12,), Value.LOSS),
        (Rules(6, 5, 4), (12, 17), Value.WIN),
    ],
)
def test_choose_keeps_the_proved_value(rules: Rules, moves: tuple[int, ...], value: Value) -> None:
    board = Board.empty(rules)
    for cell in moves:
        board = board.play(cell)
    choice = Solver().choose(board)
    assert choice.value is value
    assert keeps_value(board, choice.cell, value)


def test_choose_takes_an_immediate_win_and_blocks() -> None:
    rules = Rules(5, 5, 4)
    board = Board.empty(rules)
    for cell in (0, 6, 1, 7, 2):  # X a1 b1 c1 threatens d1
        board = board.play(cell)
    assert Solver().choose(board).cell == 3  # O blocks
    board = Board.empty(rules)
    for cell in (0, 20, 1, 21, 2, 22):  # both threaten: X (to move) wins first
        board = board.play(cell)
    assert Solver().choose(board) == Choice(3, Value.WIN, 1)


@pytest.mark.slow
def test_choose_measures_the_fastest_win_and_the_longest_loss() -> None:
    rules = Rules(6, 5, 4)
    opponent = WinBlock(random.Random(4))
    solver = Solver()
    board = Board.empty(rules)
    checked = 0
    while not board.is_over:
        if board.turn is Mark.X:
            choice = solver.choose(board)
            assert choice.value is Value.WIN
            if choice.plies is not None:
                assert Prospect(choice.value, choice.plies) == Prover(rules).outcome(*_sides(board))
                checked += 1
            board = board.play(choice.cell)
        else:
            loss = solver.choose(board, use_book=False)
            assert loss.value is Value.LOSS and loss.plies is not None
            assert Prospect(loss.value, loss.plies) == Prover(rules).outcome(*_sides(board))
            board = board.play(opponent.choose(board))
    assert board.winner is Mark.X and checked >= 2


@pytest.mark.slow
def test_keeping_moves_are_exact_and_best_first() -> None:
    board = Board.empty(Rules(5, 5, 4)).play(0)
    found = Solver().keeping_moves(board, 3, 40_000)
    assert 1 <= len(found) <= 3
    assert len({choice.cell for choice in found}) == len(found)
    for choice in found:
        assert choice.value is Value.DRAW and choice.plies == 24
        assert keeps_value(board, choice.cell, Value.DRAW)


@pytest.mark.parametrize("moves", [(), (12,), (12, 7), (6, 23, 12)])
def test_the_first_plies_of_6x5_are_valued_from_the_opening_table(moves: tuple[int, ...]) -> None:
    rules = Rules(6, 5, 4)
    assert unsupported_reason(rules) is not None  # the board as a whole: one move at a time
    board = Board.empty(rules)
    for cell in moves:
        board = board.play(cell)
    assert values_every_move(board) == (len(moves) < 3)
    if len(moves) == 3:
        solver = Solver()
        with pytest.raises(UnsolvableError, match="too slow"):
            solver.move_outcomes(board)
        # ... but its own outcome is in the table, as the outcome after the move before
        before = Board.empty(rules).play(moves[0]).play(moves[1])
        assert solver.outcome(board).after_move() == solver.move_outcomes(before)[moves[2]]
        assert solver.nodes <= 2  # read, not searched
        return
    found = Solver().move_outcomes(board)
    assert tuple(sorted(found)) == board.legal_moves()
    fresh = Prover(rules, use_openings=False)  # from the search alone
    legal = board.legal_moves()
    for cell in (legal[0], legal[len(legal) // 2], legal[-1]):
        assert found[cell] == fresh.outcome(*_sides(board.play(cell))).after_move()


@pytest.mark.parametrize("moves", [(), (0,), (0, 24), (12, 7, 13)])
def test_every_move_of_an_early_5x5_position_is_valued_exactly(moves: tuple[int, ...]) -> None:
    board = Board.empty(Rules(5, 5, 4))
    for cell in moves:
        board = board.play(cell)
    found = Solver().move_outcomes(board)
    assert tuple(sorted(found)) == board.legal_moves()
    fresh = Prover(board.rules, use_openings=False)  # from the search alone
    for cell in (board.legal_moves()[0], board.legal_moves()[-1]):
        assert found[cell] == fresh.outcome(*_sides(board.play(cell))).after_move()


class CancelAfter:
    """A cancel request that comes after ``looks`` looks at it (mid-search, reproducibly)."""

    def __init__(self, looks: int) -> None:
        self.looks = looks

    def is_set(self) -> bool:
        self.looks -= 1
        return self.looks < 0


def test_a_cancelled_analysis_raises_and_changes_nothing() -> None:
    board = Board.empty(Rules(5, 4, 4))
    solver = Solver()
    with pytest.raises(SearchStopped, match="cancelled"):
        solver.move_outcomes(board, cancel=CancelAfter(3))
    assert solver.move_outcomes(board) == Solver().move_outcomes(board)


def test_a_search_stopped_mid_way_leaves_its_tables_exact() -> None:
    rules = Rules(5, 5, 4)  # its empty board's outcome takes thousands of nodes
    engine = Prover(rules, tick_mask=(1 << 6) - 1, use_openings=False)
    with engine.limited(Budget(None, CancelAfter(5))), pytest.raises(SearchStopped):
        engine.outcome(*_sides(Board.empty(rules)))
    assert engine.nodes == 6 << 6  # stopped at its 6th look, mid-search
    fresh = Prover(rules, use_openings=False)
    for cell in (None, 0, 7, 12):
        board = Board.empty(rules) if cell is None else Board.empty(rules).play(cell)
        assert engine.outcome(*_sides(board)) == fresh.outcome(*_sides(board))


def test_a_cancel_set_before_the_analysis_stops_it_even_from_the_tables() -> None:
    solver = Solver()
    board = Board.parse("X../.O./...")
    solver.move_outcomes(board)
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        solver.move_outcomes(board, cancel=stop)


def one_move_board() -> Rules:
    """A board where exact play proves one move at a time (from the capability table)."""
    return next(
        Rules(m, n, 4)
        for m, n in ((6, 5), (6, 4), (4, 6), (7, 4), (6, 6))
        if capability(Rules(m, n, 4)).play is Play.ONE_MOVE
    )


def test_cancelled_keeping_moves_answer_the_best_move_alone() -> None:
    board = Board.empty(one_move_board()).play(0)
    stop = threading.Event()
    stop.set()
    found = Solver().keeping_moves(board, 3, 40_000, cancel=stop)
    assert len(found) == 1 and found[0] == Solver().choose(board)


def test_a_measurement_stops_on_the_shared_exception() -> None:
    engine = Prover(Rules(5, 5, 4), tick_mask=(1 << 6) - 1, use_openings=False)
    engine.budget = Prover(Rules()).allowance(100)
    with pytest.raises(SearchStopped, match="nodes"):
        engine.score(*_sides(Board.empty(Rules(5, 5, 4))), LOSS_SCORE, WIN_SCORE)
    assert 100 <= engine.nodes < 100 + 64
