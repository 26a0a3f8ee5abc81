"""The process a player file is checked in: ``python -m tictactoe.lessons.child SEED [--guard
TERMS] NAME``.

It is the player's own process (:mod:`tictactoe.players.child`, the same
loading, answers and errors) with two things added for the checker: the
board handed to ``choose`` counts the positions the player looks at
(:class:`~tictactoe.core.counting.CountingBoard`), and each answer says how
many (``"looked"``); and :mod:`random` is seeded from ``SEED`` and the
position before each move, so a player that plays at random answers the
same in a position under one seed, and differently under others.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from tictactoe.core.board import Board
from tictactoe.core.counting import CountingBoard, Looked
from tictactoe.players import child


def main(argv: list[str] | None = None) -> int:
    """Answer positions like the player's own process, counting and seeded by ``SEED``."""
    args = sys.argv[1:] if argv is None else argv
    seed, rest = (args[0], args[1:]) if args else ("", [])
    looked = Looked()

    def board(request: dict[str, Any]) -> Board:
        looked.count = 0
        random.seed(f"{seed}:{request['x']}:{request['o']}")
        return CountingBoard.counting(child.request_board(request), looked)

    def answer(value: object) -> dict[str, object]:
        return {**child.answer_of(value), "looked": looked.count}

    return child.main(rest, board_of=board, answer=answer)


if __name__ == "__main__":
    sys.exit(main())
