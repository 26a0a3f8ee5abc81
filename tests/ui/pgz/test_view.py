"""Seed 001's geometry and palette, on 3 x 3 and on larger boards (no window needed)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tictactoe import players
from tictactoe.core.rules import Rules
from tictactoe.session import colours
from tictactoe.session.jobs import TONES
from tictactoe.ui.pgz import view
from tictactoe.ui.pgz.levels import level_of, skill_levels
from tictactoe.ui.pgz.view import Layout

SEED_WIDTH = 400
SEED_CELL = SEED_WIDTH // 3


def seed_xy_to_n(x: int, y: int) -> int:
    """Seed 001's function, verbatim."""
    col = x // SEED_CELL
    row = y // SEED_CELL
    return row * 3 + col


def seed_n_to_xy(n: int) -> tuple[int, int]:
    """Seed 001's function, verbatim."""
    col = n % 3
    row = n // 3
    return (col * SEED_CELL + SEED_CELL // 2, row * SEED_CELL + SEED_CELL // 2)


def test_the_seed_numbers_on_three_by_three() -> None:
    layout = Layout(Rules())
    assert (layout.width, layout.board_height) == (400, 400), "seed 001's square"
    assert view.window_size(Rules(), (1280, 1024)) == (400, 400 + view.STRIP)
    assert view.TITLE == "tic-tac-toe"
    assert layout.cell == 400 // 3
    assert layout.origin == (0, 0)
    assert layout.face_rect(0) == view.Rect(8, 8, SEED_CELL - 16, SEED_CELL - 16)


def test_the_board_has_the_look_every_front_end_shares() -> None:
    assert view.LOOK is colours.LIGHT
    assert view.mark_colour("X") == colours.rgb(colours.LIGHT.x) == (0x1F, 0x55, 0xC4)
    assert view.mark_colour("O") == colours.rgb(colours.LIGHT.o)
    assert view.board_colour(Rules()) == colours.rgb(colours.LIGHT.board)
    assert view.board_colour(Rules(15, 15, 5)) == colours.rgb(colours.LIGHT.wood), (
        "wooden from 7 x 7"
    )
    assert view.hint_colour("win") == colours.rgb(colours.LIGHT.hints["win"])


def test_cells_and_pixels_match_seed_001() -> None:
    layout = Layout(Rules())
    for n in range(9):
        assert layout.n_to_xy(n) == seed_n_to_xy(n)
    for x in range(0, 3 * SEED_CELL, 7):
        for y in range(0, 3 * SEED_CELL, 7):
            assert layout.xy_to_n(x, y) == seed_xy_to_n(x, y)


def test_the_strip_never_covers_a_cell() -> None:
    for rules in (Rules(), Rules(7, 7, 5), Rules(15, 15, 5), Rules.of(3, 9, 3), Rules(26, 26, 5)):
        for size in ((400, 464), (300, 200), (1000, 500), (500, 1000)):
            layout = Layout(rules, *size)
            strip = layout.strip_rect
            assert strip.y + strip.h == layout.height
            bottom = layout.cell_rect(rules.size - 1)
            assert bottom.y + bottom.h <= strip.y


def test_big_boards_get_a_bigger_window_that_fits_the_screen() -> None:
    gutter = view.GUTTER
    assert view.window_size(Rules(15, 15, 5), (1920, 1080)) == (
        510 + gutter,
        510 + gutter + view.STRIP,
    )
    assert Layout(Rules(15, 15, 5), 510 + gutter, 510 + gutter + view.STRIP).cell == 34
    width, height = view.window_size(Rules(26, 26, 5), (1280, 900))
    assert height <= 900 - 60 and width <= 1280
    layout = Layout(Rules(26, 26, 5), width, height)
    assert layout.cell >= 26
    width, height = view.window_size(Rules.of(3, 9, 3), (1920, 1080))
    assert width >= 9 * Layout(Rules.of(3, 9, 3), width, height).cell


def test_a_resized_window_scales_the_board() -> None:
    layout = Layout(Rules(15, 15, 5), 532, 596)
    bigger = layout.resized(922, 986)
    assert bigger.gutter > view.GUTTER, "the coordinates' room grows with it"
    assert bigger.cell == (922 - bigger.gutter) // 15 and bigger.cell > layout.cell
    tiny = layout.resized(10, 10)
    assert (tiny.width, tiny.board_height) == view.SMALLEST


def test_x_and_o_are_the_same_size_in_their_own_colours_on_every_board() -> None:
    assert view.mark_colour("X") != view.mark_colour("O")
    for rules in (Rules(), Rules(15, 15, 5)):
        layout = Layout(rules, *view.window_size(rules))
        assert layout.mark_size == round(layout.cell * view.MARK_FILL)


@pytest.mark.parametrize(("m", "n"), [(3, 3), (4, 4), (3, 5), (7, 7), (15, 15), (5, 9)])
def test_larger_boards_scale_to_the_window(m: int, n: int) -> None:
    layout = Layout(Rules.of(m, n, 3))
    gutter = layout.gutter
    assert gutter == (0 if (m, n) == (3, 3) else view.GUTTER), "coordinates beside big boards"
    assert layout.cell == min((400 - gutter) // n, (400 - gutter) // m)
    left, top = layout.origin
    assert left + layout.cell * n <= 400 and top + layout.cell * m <= 400
    assert left >= gutter and top >= gutter
    assert abs((left - gutter) - (400 - left - layout.cell * n)) <= 1  # centred
    for cell in range(m * n):
        x, y = layout.n_to_xy(cell)
        assert layout.xy_to_n(x, y) == cell
        box = layout.cell_rect(cell)
        assert layout.xy_to_n(box.x, box.y) == cell
        assert layout.xy_to_n(box.x + box.w - 1, box.y + box.h - 1) == cell


@pytest.mark.parametrize("side", [20, 26])
def test_marks_on_the_biggest_boards_stay_legible(side: int) -> None:
    layout = Layout(Rules.of(side, side, 5))
    assert layout.mark_size >= 8 and layout.stroke >= 2


def test_pixels_off_the_board_are_no_cell() -> None:
    layout = Layout(Rules.of(3, 5, 3))
    top = layout.origin[1]
    assert top > 0
    assert layout.xy_to_n(200, top - 1) is None
    assert layout.xy_to_n(200, top + 3 * layout.cell) is None
    assert layout.xy_to_n(-1, 200) is None
    assert layout.xy_to_n(399, 399) is None


def test_hint_tints_differ_from_the_board() -> None:
    colours = {view.hint_colour(v) for v in ("win", "draw", "loss")}
    assert len(colours) == 3 and view.board_colour(Rules()) not in colours


def test_the_level_keys_go_from_the_weakest_to_the_strongest() -> None:
    levels = skill_levels()
    assert levels == players.names()
    assert players.get(levels[0]).title == "Beginner"
    assert players.get(levels[-1]).title == "Perfect"
    assert level_of("win-block") == 3
    assert level_of("nobody") is None


def overlaps(a: view.Rect, b: view.Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


SIZES = [(Rules(), 400, 464), (Rules(15, 15, 5), 510, 574), (Rules(26, 26, 5), 320, 304)]


@pytest.mark.parametrize(("rules", "width", "height"), SIZES)
@pytest.mark.parametrize("lines", [1, 2])
def test_panel_rows_stay_between_the_title_and_the_footer(
    rules: Rules, width: int, height: int, lines: int
) -> None:
    layout = Layout(rules, width, height)
    rows = layout.menu_rows(lines)
    assert rows, "at least one row"
    for row in rows:
        assert row.y >= layout.panel_title_height
        assert row.y + row.h <= max(
            layout.board_height - layout.panel_footer_height, rows[0].y + row.h
        )
        assert row.x >= 0 and row.x + row.w <= width
    assert all(not overlaps(a, b) for a, b in pairwise(rows))
    for number, row in enumerate(rows):
        assert layout.menu_row_at(*row.centre, lines=lines) == number
    assert layout.menu_row_at(width // 2, 2, lines=lines) is None, "the title is no row"


@pytest.mark.parametrize(("rules", "width", "height"), SIZES)
def test_a_settings_rows_arrows_are_on_its_right_around_the_value(
    rules: Rules, width: int, height: int
) -> None:
    layout = Layout(rules, width, height)
    row = layout.menu_rows()[0]
    less, more = layout.value_arrows(row)
    assert row.x + row.w // 3 <= less.x < more.x
    assert more.x + more.w == row.x + row.w
    assert not overlaps(less, more)


@pytest.mark.parametrize(("rules", "width", "height"), SIZES)
def test_the_replay_buttons_fit_in_the_strip_side_by_side(
    rules: Rules, width: int, height: int
) -> None:
    layout = Layout(rules, width, height)
    strip = layout.strip_rect
    buttons = layout.replay_buttons()
    assert len(buttons) == 6
    for button in buttons:
        assert strip.x <= button.x and button.x + button.w <= strip.x + strip.w
        assert strip.y + 20 <= button.y and button.y + button.h <= strip.y + strip.h
    assert all(a.x + a.w < b.x for a, b in pairwise(buttons))
    assert buttons[4].w > 2 * buttons[0].w, "room for the words of play on from here"


def test_each_hint_tone_has_its_own_tint_on_khaki() -> None:
    colours = {view.hint_colour(tone) for tone in TONES.values()}
    assert len(colours) == 5 and view.board_colour(Rules(15, 15, 5)) not in colours


def test_big_boards_name_their_columns_and_rows_beside_the_cells() -> None:
    assert Layout(Rules()).coordinates() == (), "3 x 3 looks as in seed 001"
    layout = Layout(Rules(15, 15, 5), 532, 596)
    placed = dict(layout.coordinates())
    assert [text for text, _ in layout.coordinates()] == [
        *"abcdefghijklmno",
        *(str(row) for row in range(1, 16)),
    ]
    left, top = layout.origin
    g8 = layout.cell_rect(7 * 15 + 6)
    assert placed["g"][0] == g8.centre[0] and placed["g"][1] < top, "above its column"
    assert placed["8"][1] == g8.centre[1] and placed["8"][0] < left, "left of its row"
    assert all(layout.xy_to_n(*centre) is None for centre in placed.values()), "off the cells"


def test_the_coordinates_grow_with_the_window() -> None:
    rules = Rules(15, 15, 5)
    width, height = view.window_size(rules)
    first = Layout(rules, width, height)
    assert first.gutter == view.GUTTER, "the first size keeps its gutter"
    assert Layout(rules, width - 100, height - 100).gutter == view.GUTTER, "never smaller"
    double = Layout(rules, 2 * width, 2 * height)
    assert double.gutter == 2 * view.GUTTER
    assert double.coordinate_font_size >= 2 * first.coordinate_font_size - 1
    left, top = double.origin
    assert left >= double.gutter and top >= double.gutter, "room for them beside the board"
    wide = Layout(rules, 3 * width, height)
    assert wide.gutter == view.GUTTER, "the board is as tall as at first: so are its labels"
