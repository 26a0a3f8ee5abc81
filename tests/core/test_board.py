"""Board: parse/format, immutability, illegal moves, winners, validation, hashing, pickling."""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.core.board import Board, Mark, WinningLine
from tictactoe.core.errors import IllegalMove, IllegalMoveError, PositionError, RulesError
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import DIRECTIONS, MIN_K, Rules

SIDES = st.integers(min_value=1, max_value=6)


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """Any valid small board: 1..6 rows and columns (not 1 x 1), 2 <= k <= the longer side."""
    m = draw(SIDES)
    n = draw(SIDES.filter(lambda n: max(m, n) >= MIN_K))
    return Rules(m, n, draw(st.integers(MIN_K, max(m, n))))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A position reached by random legal play: half of them played to the end (mostly won)."""
    board = Board.empty(draw(rules()))
    size = board.rules.size
    for _ in range(draw(st.one_of(st.integers(0, size), st.just(size)))):
        moves = board.legal_moves()
        if not moves:
            break
        board = board.play(draw(st.sampled_from(moves)))
    return board


def scan_winner(board: Board) -> Mark | None:
    """The winner by walking k cells from every cell in every direction (no lines, no bits)."""
    m, n, k = board.rules.m, board.rules.n, board.rules.k
    grid = [[board[row * n + col] for col in range(n)] for row in range(m)]
    for row in range(m):
        for col in range(n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if not (0 <= end_row < m and 0 <= end_col < n):
                    continue
                marks = {grid[row + d_row * i][col + d_col * i] for i in range(k)}
                if len(marks) == 1 and None not in marks:
                    return marks.pop()
    return None


def snapshot(board: Board) -> tuple[object, ...]:
    return board.rules, board.x, board.o, board.winner, board.text


class TestParseAndFormat:
    @given(boards())
    def test_round_trip(self, board: Board) -> None:
        assert Board.parse(board.text, k=board.rules.k) == board
        assert Board.parse(board.text.lower(), k=board.rules.k) == board

    @given(boards())
    def test_repr_pastes_back(self, board: Board) -> None:
        assert eval(repr(board), {"Board": Board}) == board

    def test_text_and_str(self) -> None:
        board = Board.parse("X.O/.X./..O")
        assert board.text == "X.O/.X./..O"
        assert str(board) == "X.O\n.X.\n..O"
        assert repr(board) == "Board.parse('X.O/.X./..O')"
        assert repr(Board.parse("..../..../....", k=2)) == "Board.parse('..../..../....', k=2)"

    def test_size_comes_from_the_text(self) -> None:
        board = Board.parse("...../.....")
        assert (board.rules.m, board.rules.n, board.rules.k) == (2, 5, 2)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "empty position"),
            ("XXX/.../...", "X has 3 marks and O has 0"),
            ("OO./X../...", "X has 1 marks and O has 2"),
            ("X.O/.X/..O", "ragged rows"),
            ("X.O/.X./..O/", "ragged rows"),
            ("X.O/.Y./..O", "unknown character 'Y'"),
            ("X O/...", "unknown character ' '"),
            ("XXX/.../...", "X has 3 marks and O has 0"),
            ("XXX/OOO/X..", "both X and O have a winning line"),
            ("XXX/OO./O..", "X has won but O moved after that"),
            ("OOO/XX./XX.", "O has won but X moved after that"),
            ("XXX/OO./..O/OO./XXX", "play continued after the win"),
        ],
    )
    def test_bad_texts_say_what_is_wrong(self, text: str, message: str) -> None:
        with pytest.raises(PositionError, match=message):
            Board.parse(text)

    def test_two_lines_through_the_last_move_are_fine(self) -> None:
        board = Board.parse("XXX/XOO/XOO")
        assert board.winner is Mark.X
        assert len(board.winning_lines) == 2
        assert board.winning_cells == {0, 1, 2, 3, 6}

    @pytest.mark.parametrize(
        ("text", "k", "message"),
        [
            ("X", None, "too small"),
            ("." * 27, None, "from 1 to 26"),
            ("./" * 26 + ".", None, "from 1 to 26"),
            (".../.../...", 4, "k must be from 2 to 3"),
            (".../.../...", 1, "k must be from 2 to 3"),
        ],
    )
    def test_impossible_sizes_are_position_errors_caused_by_rules_errors(
        self, text: str, k: int | None, message: str
    ) -> None:
        with pytest.raises(PositionError, match=message) as error:
            Board.parse(text, k)
        assert repr(text) in str(error.value)
        assert isinstance(error.value.__cause__, RulesError)

    @pytest.mark.parametrize("text", ["🙂", "Z", "x" * 30 + "?"])
    def test_unknown_characters_come_before_the_size(self, text: str) -> None:
        with pytest.raises(PositionError, match="unknown character"):
            Board.parse(text)

    def test_non_text(self) -> None:
        with pytest.raises(PositionError, match="must be text"):
            Board.parse(3)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("x", "o", "message"),
        [
            (1, 1, "share a cell"),
            (-1, 0, "non-negative"),
            (1 << 9, 0, "off the 3 x 3 board"),
            (True, 0, "bitboard"),
        ],
    )
    def test_bad_bitboards(self, x: int, o: int, message: str) -> None:
        with pytest.raises(PositionError, match=message):
            Board(Rules(), x, o)


class TestReachable:
    def test_every_reachable_3x3_position_round_trips(self) -> None:
        positions = reachable(Rules())
        assert len(positions) == 5478  # the counts themselves: test_counts.py
        for board in positions:
            assert Board.parse(board.text) == board
            assert Board(board.rules, board.x, board.o) == board

    @given(boards())
    def test_positions_reached_by_play_are_valid(self, board: Board) -> None:
        rebuilt = Board(board.rules, board.x, board.o)
        assert snapshot(rebuilt) == snapshot(board)


def reachable(rules: Rules) -> set[Board]:
    """Every position reachable from the empty board."""
    seen = {Board.empty(rules)}
    frontier = list(seen)
    while frontier:
        board = frontier.pop()
        for cell in board.legal_moves():
            child = board.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


class TestPlay:
    @given(boards(), st.data())
    def test_play_returns_a_new_board_and_never_mutates(
        self, board: Board, data: st.DataObject
    ) -> None:
        if board.is_over:
            return
        before = snapshot(board)
        cell = data.draw(st.sampled_from(board.legal_moves()))
        mover = board.turn
        after = board.play(cell)
        assert snapshot(board) == before
        assert after[cell] is mover
        assert after.move_count == board.move_count + 1
        assert after.turn is mover.other
        assert after == board.play_unchecked(cell)

    @given(boards(), st.data())
    def test_illegal_moves_raise_and_change_nothing(
        self, board: Board, data: st.DataObject
    ) -> None:
        before = snapshot(board)
        size = board.rules.size
        bad = [-1, size, size + 7, "1", 1.0, None, True]
        if board.is_over:
            bad += list(range(size))
        else:
            bad += [cell for cell in range(size) if board[cell] is not None]
        cell = data.draw(st.sampled_from(bad))
        assert not board.is_legal(cell)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            board.play(cell)  # type: ignore[arg-type]
        assert snapshot(board) == before

    def test_messages_name_the_problem(self) -> None:
        board = Board.parse("X../.O./...")
        with pytest.raises(IllegalMoveError, match=re.escape("cell 0 is taken in X../.O./...")):
            board.play(0)
        with pytest.raises(IllegalMoveError, match="off the 3 x 3 board"):
            board.play(9)
        with pytest.raises(IllegalMoveError, match="whole number"):
            board.play("4")  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="the game is over: X has won") as over:
            Board.parse("XXX/OO./...").play(8)
        assert over.value.reason is IllegalMove.OVER

    @pytest.mark.parametrize("name", ["x", "o", "rules", "_winner", "winning_lines", "extra"])
    def test_board_is_immutable(self, name: str) -> None:
        board = Board.parse("XX./OO./...")
        before = board.winning_lines, hash(board)
        with pytest.raises(AttributeError, match="immutable"):
            setattr(board, name, 1)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(board, name)
        assert (board.winning_lines, hash(board)) == before
        assert board.play(2).winner is Mark.X

    @pytest.mark.parametrize("rules", ["3x3", 3, (3, 3, 3), Rules, object()])
    def test_anything_but_rules_is_a_rules_error(self, rules: object) -> None:
        with pytest.raises(RulesError, match="a board needs Rules"):
            Board(rules)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="a board needs Rules"):
            Board.empty(rules)  # type: ignore[arg-type]

    def test_huge_and_odd_bitboards_are_position_errors(self) -> None:
        for x in (-(10**5000), 10**5000, 1.0, "1", None):
            with pytest.raises(PositionError):
                Board(Rules(), x, 0)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="off the 3 x 3 board"):
            Board.empty().play(10**5000)

    @given(boards())
    def test_winner_matches_a_line_scan(self, board: Board) -> None:
        assert board.winner is scan_winner(board)
        assert board.is_over == (board.winner is not None or board.is_full)
        assert board.is_draw == (board.winner is None and board.is_full)
        assert (board.legal_moves() == ()) == board.is_over

    @given(boards())
    def test_winning_lines_are_straight_runs_of_the_winner(self, board: Board) -> None:
        rules = board.rules
        assert bool(board.winning_lines) == (board.winner is not None)
        seen: set[tuple[int, int, int]] = set()
        for start, end, cells in board.winning_lines:
            assert len(cells) >= rules.k and (cells[0], cells[-1]) == (start, end)
            (r0, c0), (r1, c1) = rules.row_col(start), rules.row_col(end)
            d_row, d_col = (r1 - r0) // (len(cells) - 1), (c1 - c0) // (len(cells) - 1)
            assert (d_row, d_col) in DIRECTIONS, "straight, and its ends are the extreme cells"
            assert cells == tuple(
                rules.cell(r0 + i * d_row, c0 + i * d_col) for i in range(len(cells))
            )
            assert all(board[cell] is board.winner for cell in cells)
            for row, col in (r0 - d_row, c0 - d_col), (r1 + d_row, c1 + d_col):
                if 0 <= row < rules.m and 0 <= col < rules.n:
                    assert board[rules.cell(row, col)] is not board.winner, "as long as it goes"
            for cell in cells:  # no two lines share a cell in the same direction
                assert (cell, d_row, d_col) not in seen
                seen.add((cell, d_row, d_col))
        every = (
            {
                cell
                for line in board.rules.lines
                if {board[c] for c in line} == {board.winner}
                for cell in line
            }
            if board.winner is not None
            else set()
        )
        assert board.winning_cells == every, "every completed line is in one of them"

    def test_a_double_win_is_two_lines_and_an_overline_one(self) -> None:
        board = Board.empty()
        for cell in (0, 3, 2, 5, 4, 6, 7, 8, 1):
            board = board.play(cell)
        assert board.winning_lines == (
            WinningLine(0, 2, (0, 1, 2)),
            WinningLine(1, 7, (1, 4, 7)),
        )
        long = Board.parse("XXX.XX/OOO.O./.O..../" + "....../" * 2 + "......", k=4).play(3)
        assert long.winning_lines == (WinningLine(0, 5, (0, 1, 2, 3, 4, 5)),)

    @given(boards())
    def test_outcome_is_the_line_or_the_full_board_or_none(self, board: Board) -> None:
        outcome = board.outcome()
        if not board.is_over:
            assert outcome is None
        elif board.winner is not None:
            assert outcome == Outcome(Termination.LINE, board.winner, board.winning_cells)
        else:
            assert outcome == Outcome(Termination.FULL_BOARD, None)
            assert outcome is not None and outcome.is_draw and not outcome.line

    @given(boards())
    def test_free_cells_and_legal_moves(self, board: Board) -> None:
        free = tuple(cell for cell in range(board.rules.size) if board[cell] is None)
        assert board.free_cells() == free
        assert board.legal_moves() == (() if board.winner else free)
        assert all(board.is_legal(cell) for cell in board.legal_moves())


class TestValueSemantics:
    @given(boards())
    def test_hash_and_equality(self, board: Board) -> None:
        twin = Board.parse(board.text, k=board.rules.k)
        assert twin == board and hash(twin) == hash(board)
        assert board != Board.empty(board.rules) or board.move_count == 0
        assert board != board.text

    def test_same_cells_different_k_differ(self) -> None:
        assert Board.parse("..../....", k=2) != Board.parse("..../....", k=3)

    @given(boards())
    def test_pickle(self, board: Board) -> None:
        copy = pickle.loads(pickle.dumps(board))
        assert snapshot(copy) == snapshot(board)
        assert copy.winning_lines == board.winning_lines

    def test_a_doctored_pickle_is_refused(self) -> None:
        """Unpickling checks reachability like ``Board(rules, x, o)``: three X and no O."""
        forged = pickle.dumps(Board._trusted(Rules(), 0b111, 0, Mark.X))
        with pytest.raises(PositionError, match="X has 3 marks and O has 0"):
            pickle.loads(forged)

    @given(boards())
    def test_transformed_keeps_the_result(self, board: Board) -> None:
        for symmetry in board.rules.symmetries:
            image = board.transformed(symmetry)
            assert image.winner is board.winner
            assert image.move_count == board.move_count
            assert Board(image.rules, image.x, image.o) == image
