"""The opening book: perfect's first moves on 6 x 5 and 6 x 6 (k = 4) where proving them is slow."""

from __future__ import annotations

import pytest

from tictactoe.core.board import Board
from tictactoe.core.exact.book import replies
from tictactoe.core.exact.solver import Solver, Value, prove
from tictactoe.core.rules import Rules

SIX_BY_FIVE = Rules(6, 5, 4)
SIX_BY_SIX = Rules(6, 6, 4)


def test_every_first_move_and_its_reply_have_one_legal_answer() -> None:
    for rules, book in replies().items():
        firsts = sorted(moves[0] for moves in book if len(moves) == 1)
        assert firsts == list(range(rules.size))
        for first in firsts:
            reply, value, plies = book[(first,)]
            assert (first, reply) in book
            answer, answer_value, answer_plies = book[(first, reply)]
            assert len({first, reply, answer}) == 3
            assert Value(answer_value) is Value(value).flipped
            for length in (plies, answer_plies):
                assert length is None or 0 < length < rules.size
        assert len(book) == 2 * rules.size


@pytest.mark.slow
@pytest.mark.parametrize(  # cheap to prove from scratch
    ("rules", "first"),
    [(SIX_BY_FIVE, 12), (SIX_BY_FIVE, 17), (SIX_BY_FIVE, 2), (SIX_BY_SIX, 5), (SIX_BY_SIX, 35)],
    ids=str,
)
def test_entries_keep_the_value(rules: Rules, first: int) -> None:
    book = replies()[rules]
    reply, value, _ = book[(first,)]
    after = Board.empty(rules).play(first)
    assert prove(after).value is Value(value)
    replied = after.play(reply)
    answer, answer_value, _ = book[(first, reply)]
    assert prove(replied.play(answer)).value is Value(answer_value).flipped


@pytest.mark.parametrize(("rules", "first"), [(SIX_BY_FIVE, 12), (SIX_BY_SIX, 5)], ids=str)
def test_the_book_is_what_choose_finds(rules: Rules, first: int) -> None:
    board = Board.empty(rules).play(first)
    found = Solver().choose(board, use_book=False)
    assert (found.cell, str(found.value), found.plies) == replies()[rules][(first,)]
    assert Solver().choose(board) == found  # answered from the book


def test_both_boards_have_a_book() -> None:
    assert set(replies()) == {SIX_BY_FIVE, SIX_BY_SIX}
