"""The computer's moves and the hints, computed off the event loop.

:func:`choose` and :func:`hints` are plain functions of plain data (the board
size, the moves so far, the level, a seed), so they run the same in a worker
process as in a thread. :class:`Thinker` runs them in a process pool (the
default: the search is pure Python and would otherwise hold up every other
game) or, with ``processes=0``, in one thread.

The computer's random choices are seeded by the room and the move number, so
a game replays the same from its seed, whichever process thinks.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from tictactoe import players
from tictactoe.core.board import Board
from tictactoe.core.errors import UnsolvableError
from tictactoe.core.rules import Rules
from tictactoe.core.solver import Solver, unsupported_reason


@lru_cache(maxsize=4)
def _solver(rules: Rules) -> Solver:
    """One exact solver per board in this worker, so what it solved answers the next request."""
    return Solver()


def _board(rules: Rules, moves: tuple[int, ...]) -> Board:
    board = Board.empty(rules)
    for cell in moves:
        board = board.play(cell)
    return board


def choose(rules: Rules, moves: tuple[int, ...], level: str, seed: int) -> int:
    """The move computer player ``level`` makes after ``moves`` (the game is not over)."""
    rng = random.Random(f"{seed}:{len(moves)}")
    player = players.create(level, rng, solver=_solver(rules))
    return player.choose(_board(rules, moves))


@dataclass(frozen=True)
class CellHint:
    """One free cell's value for the side to move: ``win``/``draw``/``loss``.

    ``moves`` is the winner's own moves until the game ends (None for a draw).
    """

    cell: int
    value: str
    moves: int | None


def hints(rules: Rules, moves: tuple[int, ...]) -> list[CellHint] | None:
    """Every free cell's value for the side to move, or None on boards too big to solve."""
    if unsupported_reason(rules) is not None:
        return None
    try:
        values = _solver(rules).move_outcomes(_board(rules, moves))
    except UnsolvableError:
        return None
    return [
        CellHint(cell, outcome.value.value, outcome.winner_moves)
        for cell, outcome in sorted(values.items())
    ]


class Thinker:
    """Runs :func:`choose` and :func:`hints` in ``processes`` worker processes (0: one thread)."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes > 0:
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn")
                )
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="tictactoe-think")
        return self._executor

    async def choose(self, rules: Rules, moves: tuple[int, ...], level: str, seed: int) -> int:
        """:func:`choose` off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), choose, rules, moves, level, seed)

    async def hints(self, rules: Rules, moves: tuple[int, ...]) -> list[CellHint] | None:
        """:func:`hints` off the event loop."""
        if unsupported_reason(rules) is not None:
            return None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), hints, rules, moves)

    def close(self) -> None:
        """Stop the workers (a computation under way is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
