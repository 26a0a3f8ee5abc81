"""The opening book: perfect's replies to first moves where proving them is slow."""

from __future__ import annotations

import pytest

from tictactoe.core.board import Board
from tictactoe.core.book import REPLIES
from tictactoe.core.rules import Rules
from tictactoe.core.solver import Solver, Value, prove


def test_every_first_move_has_one_legal_reply() -> None:
    for rules, replies in REPLIES.items():
        assert sorted(replies) == list(range(rules.size))
        for first, (reply, value, plies) in replies.items():
            assert reply != first and 0 <= reply < rules.size
            assert Value(value) in tuple(Value)
            assert plies is None or 0 < plies < rules.size


@pytest.mark.parametrize("first", [12, 17, 2])  # cheap to prove from scratch
def test_replies_keep_the_value(first: int) -> None:
    rules = Rules(6, 5, 4)
    reply, value, _ = REPLIES[rules][first]
    after = Board.empty(rules).play(first)
    assert prove(after).value is Value(value)
    assert prove(after.play(reply)).value is Value(value).flipped


def test_the_book_is_what_choose_finds() -> None:
    rules = Rules(6, 5, 4)
    board = Board.empty(rules).play(12)
    found = Solver().choose(board, use_book=False)
    assert (found.cell, str(found.value), found.plies) == REPLIES[rules][12]
