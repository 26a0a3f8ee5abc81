"""The balanced openings a tournament's games on big boards start from."""

from __future__ import annotations

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.matches.tournament.openings import FREESTYLE, openings, parse


def test_every_opening_is_a_game_that_goes_on_on_fifteen_by_fifteen() -> None:
    rules = Rules(15, 15, 5)
    found = openings(rules)
    assert len(found) == len(FREESTYLE) == 40
    for cells in found:
        board = Board.empty(rules)
        for cell in cells:
            board = board.play(cell)
        assert not board.is_over and 2 <= board.move_count <= 10


def test_a_line_names_column_and_row_from_the_top_left() -> None:
    rules = Rules(15, 15, 5)
    assert parse("h8i9j10", rules) == (rules.cell(7, 7), rules.cell(8, 8), rules.cell(9, 9))
    assert parse("h8x", rules) is None and parse("", rules) is None


def test_smaller_boards_get_the_openings_moved_to_their_middle() -> None:
    rules = Rules(9, 11, 5)
    assert parse("h8i9", rules) == (rules.cell(7, 7), rules.cell(8, 8)), "it fits as it is"
    middle = parse("h8i10", rules)
    assert middle == (rules.cell(3, 4), rules.cell(5, 5))
    assert 30 <= len(openings(rules)) <= 40
    assert len(openings(Rules(19, 19, 5))) == 40


def test_small_boards_and_other_goals_start_empty() -> None:
    assert openings(Rules()) == ()
    assert openings(Rules(8, 8, 5)) == ()
    assert openings(Rules(15, 15, 4)) == ()
