"""Drawing boards: names in empty cells, the last move in brackets, colours only when wanted."""

from __future__ import annotations

import io

from tictactoe.core.board import Board
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.session.board_text import WIN_STYLE, default_numbering, render, use_colour
from tictactoe.session.picture import BoardPicture


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_numpad_layout_like_a_keypad() -> None:
    text = render(BoardPicture.of(Board.empty()), Numbering.NUMPAD)
    assert text.splitlines() == [
        "    7  |  8  |  9",
        "  -----+-----+-----",
        "    4  |  5  |  6",
        "  -----+-----+-----",
        "    1  |  2  |  3",
    ]


def test_index_numbering_and_last_move() -> None:
    board = Board.parse("X../.O./...")
    text = render(BoardPicture.of(board, 4), Numbering.INDEX)
    assert text.splitlines()[0] == "    X  |  1  |  2"
    assert text.splitlines()[2] == "    3  | [O] |  5"


def test_coordinates_have_headers_and_row_numbers() -> None:
    text = render(BoardPicture.of(Board.empty(Rules.of(7, 7))), Numbering.COORDS).splitlines()
    assert text[0].split() == list("abcdefg")
    assert text[1].startswith("  1 ") and "a1" in text[1] and "g1" in text[1]


def test_big_board_shows_dots_and_fits_the_terminal() -> None:
    text = render(BoardPicture.of(Board.empty(Rules.of(15, 15))), Numbering.COORDS).splitlines()
    assert text[0].split()[-1] == "o"
    assert text[-1].startswith("  15 ")
    assert max(len(line) for line in text) <= 80


def test_big_board_with_index_numbers_fits_the_terminal() -> None:
    board = Board.empty(Rules.of(15, 15)).play(224)
    text = render(BoardPicture.of(board, 224), Numbering.INDEX).splitlines()
    assert text[0].split("|")[:3] == ["   0 ", " 1 ", " 2 "]
    assert text[-1].endswith("|222|223|[X]")
    assert max(len(line) for line in text) <= 80


def test_winning_line_marked_without_colour() -> None:
    board = Board.parse("XXX/OO./...")
    text = render(BoardPicture.of(board, 2), Numbering.NUMPAD)
    assert text.splitlines()[0] == "   *X* | *X* | *X*"  # the last move too


def test_a_double_win_highlights_both_lines_and_nothing_else() -> None:
    board = Board.empty()
    for cell in (0, 3, 2, 5, 4, 6, 7, 8, 1):
        board = board.play(cell)
    picture = BoardPicture.of(board, 1)
    assert render(picture, Numbering.INDEX).splitlines() == [
        "   *X* | *X* | *X*",
        "  -----+-----+-----",
        "    O  | *X* |  O",
        "  -----+-----+-----",
        "    O  | *X* |  O",
    ]
    coloured = render(picture, Numbering.INDEX, colour=True).splitlines()
    assert [row.count(WIN_STYLE) for row in coloured[::2]] == [3, 1, 1]


def test_colour_only_on_terminals_without_no_color() -> None:
    board = Board.parse("X../.../...")
    assert "\x1b[" in render(BoardPicture.of(board), Numbering.NUMPAD, colour=True)
    assert "\x1b[" not in render(BoardPicture.of(board), Numbering.NUMPAD, colour=False)
    assert use_colour(FakeTerminal(), {}) is True
    assert use_colour(FakeTerminal(), {"NO_COLOR": "1"}) is False
    assert use_colour(FakeTerminal(), {"NO_COLOR": ""}) is False
    assert use_colour(FakeTerminal(), {"TERM": "dumb"}) is False
    assert use_colour(io.StringIO(), {}) is False


def test_default_numbering() -> None:
    assert default_numbering(Rules()) is Numbering.NUMPAD
    assert default_numbering(Rules.of(4, 4)) is Numbering.COORDS


def test_hints_show_in_free_cells_the_recommended_one_in_parentheses() -> None:
    board = Board.parse("XX./OO./...")
    hints = {2: "+", 5: "=", 6: "-", 7: "-", 8: "-"}
    text = render(BoardPicture.of(board, 4), Numbering.NUMPAD, hints=hints, recommended=2)
    assert text.splitlines() == [
        "    X  |  X  | (+)",
        "  -----+-----+-----",
        "    O  | [O] |  =",
        "  -----+-----+-----",
        "    -  |  -  |  -",
    ]
    coloured = render(
        BoardPicture.of(board), Numbering.NUMPAD, hints=hints, recommended=2, colour=True
    )
    assert "\x1b[1;32m (+) " in coloured and "\x1b[1;35m  -  " in coloured


def test_a_board_too_wide_for_the_terminal_is_drawn_one_character_per_cell() -> None:
    rules = Rules.of(26, 26)
    board = Board.empty(rules)
    for cell in (0, 1, 27, 28, 54, 55, 81, 82, 108):  # X on the diagonal a1..e5 wins
        board = board.play(cell)
    wide = render(BoardPicture.of(board, 108), Numbering.COORDS, columns=120).splitlines()
    assert max(map(len, wide)) == 107
    text = render(BoardPicture.of(board, 108), Numbering.COORDS, columns=80).splitlines()
    assert max(map(len, text)) <= 80
    assert text[0] == "      " + " ".join("abcdefghijklmnopqrstuvwxyz")
    assert text[1] == "   1 *X*O . . . . . . . . . . . . . . . . . . . . . . . ."
    assert text[5] == "   5  . . . .*X*. . . . . . . . . . . . . . . . . . . . ."
    assert text[26].startswith("  26  . .")
    going = Board.empty(rules).play(0).play(1).play(2)
    last = render(BoardPicture.of(going, 2), Numbering.COORDS, columns=80).splitlines()
    assert last[1] == "   1  X O[X]. . . . . . . . . . . . . . . . . . . . . . ."


def test_compact_boards_show_dots_whatever_the_numbering() -> None:
    board = Board.empty(Rules.of(20, 20)).play(399)
    text = render(BoardPicture.of(board, 399), Numbering.INDEX, columns=60).splitlines()
    assert text[0] == "   " + " ".join("." * 20)
    assert text[-1].endswith(".[X]")
