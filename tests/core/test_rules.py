"""Rules: validation, lines, line masks, symmetries and cell orders on random m,n,k boards."""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.core.errors import RulesError
from tictactoe.core.rules import MAX_SIDE, MIN_K, Rules, default_k

SIDES = st.integers(min_value=1, max_value=7)


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """Any valid small board: 1..7 rows and columns (not 1 x 1), 2 <= k <= the longer side."""
    m = draw(SIDES)
    n = draw(SIDES.filter(lambda n: max(m, n) >= MIN_K))
    return Rules(m, n, draw(st.integers(MIN_K, max(m, n))))


def brute_force_lines(rules: Rules) -> set[tuple[int, ...]]:
    """Every straight run of k cells, found by walking from every cell in every direction."""
    found = set()
    for row in range(rules.m):
        for col in range(rules.n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):  # not the engine's own
                cells = [(row + d_row * i, col + d_col * i) for i in range(rules.k)]
                if all(0 <= r < rules.m and 0 <= c < rules.n for r, c in cells):
                    found.add(tuple(r * rules.n + c for r, c in cells))
    return found


class TestValidation:
    def test_classic_is_the_default(self) -> None:
        assert Rules() == Rules(3, 3, 3) == Rules.of(3)
        assert str(Rules()) == "3x3, k=3"

    @pytest.mark.parametrize(("m", "n"), [(0, 3), (3, 0), (MAX_SIDE + 1, 3), (3, -1)])
    def test_sides_outside_1_to_26_name_the_limit(self, m: int, n: int) -> None:
        with pytest.raises(RulesError, match=f"from 1 to {MAX_SIDE}"):
            Rules(m, n, 2)

    @pytest.mark.parametrize(("m", "n", "k"), [(3, 3, 1), (3, 3, 4), (3, 5, 6), (15, 15, 16)])
    def test_k_outside_2_to_the_longer_side_names_the_limits(self, m: int, n: int, k: int) -> None:
        with pytest.raises(RulesError, match=f"k must be from 2 to {max(m, n)}") as error:
            Rules(m, n, k)
        assert str(k) in str(error.value)

    def test_one_cell_board_is_too_small(self) -> None:
        with pytest.raises(RulesError, match="too small"):
            Rules(1, 1, 2)

    @pytest.mark.parametrize("bad", [3.0, "3", True, None])
    def test_non_integers_are_refused(self, bad: object) -> None:
        with pytest.raises(RulesError, match="whole number"):
            Rules(3, 3, bad)  # type: ignore[arg-type]

    def test_largest_board(self) -> None:
        assert Rules(MAX_SIDE, MAX_SIDE, MAX_SIDE).size == MAX_SIDE**2

    @given(SIDES, SIDES)
    def test_default_k(self, m: int, n: int) -> None:
        assert default_k(m, n) == max(2, min(m, n, 5))
        if max(m, n) >= MIN_K:
            assert Rules.of(m, n).k == default_k(m, n)

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("3x3", Rules(3, 3, 3)),
            ("15x15", Rules(15, 15, 5)),
            (" 7 X 5 ", Rules(7, 5, 5)),
            ("4", Rules(4, 4, 4)),
            ("6×7", Rules(6, 7, 5)),
        ],
    )
    def test_parse_size(self, text: str, expected: Rules) -> None:
        assert Rules.parse_size(text) == expected

    @pytest.mark.parametrize("text", ["", "x", "3x", "3x3x3", "three", "3*3"])
    def test_parse_size_refuses_junk_with_an_example(self, text: str) -> None:
        with pytest.raises(RulesError, match="like 3x3"):
            Rules.parse_size(text)

    def test_parse_size_checks_the_limits(self) -> None:
        with pytest.raises(RulesError, match="from 1 to 26"):
            Rules.parse_size("27x3")
        with pytest.raises(RulesError, match="k must be"):
            Rules.parse_size("3x3", k=4)

    def test_pickle_keeps_only_the_numbers(self) -> None:
        rules = Rules(15, 15, 5)
        assert rules.masks_through and rules.symmetries  # fill the caches
        data = pickle.dumps(rules)
        assert len(data) < 200
        copy = pickle.loads(data)
        assert copy == rules and copy.lines == rules.lines

    def test_rules_are_frozen_and_hashable(self) -> None:
        with pytest.raises(AttributeError):
            Rules().k = 4  # type: ignore[misc]
        assert len({Rules(), Rules.of(3), Rules(3, 3, 2)}) == 2

    @pytest.mark.parametrize("name", ["m", "n", "k"])
    def test_no_way_round_the_freeze(self, name: str) -> None:
        rules = Rules(4, 5, 3)
        lines = rules.lines
        with pytest.raises(AttributeError, match="frozen"):
            delattr(rules, name)
        vars(rules)[name] = 9  # the instance dictionary holds caches only
        assert (rules.m, rules.n, rules.k) == (4, 5, 3)
        assert rules == Rules(4, 5, 3) and hash(rules) == hash(Rules(4, 5, 3))
        assert rules.lines == lines

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("3",), "rows must be a whole number, not '3'"),
            ((None,), "rows must be a whole number, not None"),
            ((3.0,), "rows must be a whole number, not 3.0"),
            ((10**5000,), "rows must be from 1 to 26, not a whole number of 16610 bits"),
            ((3, 3, 10**5000), "not a whole number of 16610 bits"),
            ((3, "x" * 5000), "not 'xxxxxxxxx"),
        ],
    )
    def test_rules_of_junk_is_a_rules_error(self, args: tuple[object, ...], message: str) -> None:
        with pytest.raises(RulesError, match=re.escape(message)) as error:
            Rules.of(*args)  # type: ignore[arg-type]
        assert len(str(error.value)) < 200

    @pytest.mark.parametrize("text", [None, 3, b"3x3", ["3x3"]])
    def test_parse_size_of_anything_but_text(self, text: object) -> None:
        with pytest.raises(RulesError, match="must be text"):
            Rules.parse_size(text)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        "cell", [-1, 9, "4", None, 4.0, True, pytest.param(10**5000, id="huge")]
    )
    def test_cells_off_the_board_or_not_cells(self, cell: object) -> None:
        with pytest.raises(RulesError, match="off the 3 x 3 board"):
            Rules().row_col(cell)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="off the 3 x 3 board"):
            Rules().cell(cell, 0)  # type: ignore[arg-type]


class TestLines:
    @given(rules())
    def test_lines_are_every_straight_run_of_k(self, rules: Rules) -> None:
        assert len(set(rules.lines)) == len(rules.lines)
        assert set(rules.lines) == brute_force_lines(rules)

    def test_classic_lines(self) -> None:
        assert sorted(map(sorted, Rules().lines)) == sorted(
            [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
        )

    @pytest.mark.parametrize(("m", "n", "k", "count"), [(15, 15, 5, 572), (7, 6, 4, 69)])
    def test_line_counts(self, m: int, n: int, k: int, count: int) -> None:
        assert len(Rules(m, n, k).lines) == count

    @given(rules())
    def test_masks_match_lines(self, rules: Rules) -> None:
        for line, mask in zip(rules.lines, rules.line_masks, strict=True):
            assert mask == sum(1 << cell for cell in line)
            assert mask & ~rules.full_mask == 0

    @given(rules())
    def test_masks_through_each_cell(self, rules: Rules) -> None:
        assert len(rules.masks_through) == rules.size
        for cell, masks in enumerate(rules.masks_through):
            expected = {mask for mask in rules.line_masks if mask >> cell & 1}
            assert set(masks) == expected

    @given(rules())
    def test_cell_and_row_col_are_inverse(self, rules: Rules) -> None:
        for cell in range(rules.size):
            assert rules.cell(*rules.row_col(cell)) == cell

    def test_cell_off_the_board(self) -> None:
        with pytest.raises(RulesError, match="off the 3 x 3 board"):
            Rules().cell(3, 0)

    @given(rules(), st.data())
    def test_a_step_moves_by_rows_and_columns_and_stops_at_the_edges(
        self, rules: Rules, data: st.DataObject
    ) -> None:
        cell = data.draw(st.integers(0, rules.size - 1))
        rows, cols = data.draw(st.integers(-30, 30)), data.draw(st.integers(-30, 30))
        row, col = rules.row_col(cell)
        stepped_row, stepped_col = rules.row_col(rules.stepped(cell, rows, cols))
        assert stepped_row == min(rules.m - 1, max(0, row + rows))
        assert stepped_col == min(rules.n - 1, max(0, col + cols))
        assert rules.stepped(cell, 0, 0) == cell


class TestSymmetries:
    @given(rules())
    def test_symmetries_are_permutations_mapping_lines_onto_lines(self, rules: Rules) -> None:
        lines = {frozenset(line) for line in rules.lines}
        assert len(rules.symmetries) == (8 if rules.is_square else 4)
        assert rules.symmetries[0] == tuple(range(rules.size))
        for perm in rules.symmetries:
            assert sorted(perm) == list(range(rules.size))
            assert {frozenset(perm[cell] for cell in line) for line in lines} == lines

    @given(rules())
    def test_symmetries_form_a_group(self, rules: Rules) -> None:
        group = set(rules.symmetries)
        for a in rules.symmetries:
            for b in rules.symmetries:
                assert tuple(a[b[cell]] for cell in range(rules.size)) in group


class TestCellOrders:
    def test_classic_centre_distance_order(self) -> None:
        assert Rules().centre_distance_order == (4, 1, 3, 5, 7, 0, 2, 6, 8)

    @given(rules())
    def test_centre_distance_order_is_a_permutation(self, rules: Rules) -> None:
        assert sorted(rules.centre_distance_order) == list(range(rules.size))

    @pytest.mark.parametrize(
        ("rules", "corners"),
        [(Rules(), (0, 2, 6, 8)), (Rules(1, 5, 2), (0, 4)), (Rules(4, 1, 2), (0, 3))],
    )
    def test_corners(self, rules: Rules, corners: tuple[int, ...]) -> None:
        assert rules.corners == corners


def test_a_compact_board_reads_size_and_win_length() -> None:
    assert Rules.parse_compact("6x5k4") == Rules(6, 5, 4)
    assert Rules.parse_compact(" 7X7K5 ") == Rules(7, 7, 5)
    for bad in ("5x4", "9x9x9k5", "5x5kx"):
        with pytest.raises(ValueError):
            Rules.parse_compact(bad)
