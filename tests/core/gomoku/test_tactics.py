"""10,000 random tactical positions: the engine never misses a win in one or a forced block.

Each position has k-1 stones of one side on a line with the last cell
free (and random stones around it). The engine must complete its own line
when it can, else block the opponent's (any of the cells if there are
several), and must do so on the immediate-answer path, without searching
(``nodes == 0``), which is also what keeps this test quick.
"""

from __future__ import annotations

import random

import pytest

from tictactoe.core.board import Board, Mark, cells_of
from tictactoe.core.errors import PositionError
from tictactoe.core.gomoku.engine import Engine, Reason
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits

POSITIONS = 10_000
BOARDS = (Rules(15, 15, 5),) * 6 + (
    Rules(9, 9, 5),
    Rules(20, 20, 5),
    Rules(7, 12, 4),
    Rules(26, 26, 6),
)


def completing(rules: Rules, mine: int, theirs: int) -> int:
    """Cells where ``mine`` completes a line (brute force over every line)."""
    found = 0
    for mask in rules.line_masks:
        if not mask & theirs and (mask & mine).bit_count() == rules.k - 1:
            found |= mask & ~mine
    return found


def tactical_position(rng: random.Random) -> Board | None:
    """A random position where a line of k-1 stones waits for its last cell (None: try again)."""
    rules = rng.choice(BOARDS)
    line = rng.choice(rules.line_masks)
    cells = list(cells_of(line))
    gap = rng.choice(cells)
    owner = rng.randrange(2)
    sides = [0, 0]
    sides[owner] = line & ~(1 << gap)
    taken = line
    stones = rng.randrange(0, 40)
    free = [cell for cell in range(rules.size) if not taken >> cell & 1]
    rng.shuffle(free)
    for cell in free[:stones]:
        sides[rng.randrange(2)] |= 1 << cell
    x, o = sides
    while x.bit_count() > o.bit_count() + 1 or o.bit_count() > x.bit_count():
        # Move stones from the side with too many to the other (off the waiting line).
        heavy = 0 if x.bit_count() > o.bit_count() + 1 else 1
        spare = sides[heavy] & ~line
        if not spare:
            return None
        cell = rng.choice(list(cells_of(spare)))
        sides[heavy] ^= 1 << cell
        sides[1 - heavy] |= 1 << cell
        x, o = sides
    try:
        board = Board(rules, x, o)
    except PositionError:
        return None
    return None if board.is_over else board


@pytest.mark.slow
def test_never_misses_a_win_in_one_or_a_forced_block() -> None:
    rng = random.Random(2024)
    engines: dict[Rules, Engine] = {}
    checked = wins = blocks = 0
    while checked < POSITIONS:
        board = tactical_position(rng)
        if board is None:
            continue
        rules = board.rules
        mine, theirs = (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)
        win = completing(rules, mine, theirs)
        block = completing(rules, theirs, mine)
        if not win and not block:
            continue
        engine = engines.setdefault(rules, Engine(random.Random(0)))
        result = engine.search(board, Limits(seconds=None, nodes=1))
        if win:
            assert win >> result.move & 1, f"missed a win in {board.text}"
            assert result.reason is Reason.WIN
            wins += 1
        else:
            assert block >> result.move & 1, f"missed a forced block in {board.text}"
            assert result.reason is Reason.BLOCK
            blocks += 1
        assert result.nodes == 0  # answered at once, no search
        checked += 1
    assert wins > 1_000 and blocks > 1_000
