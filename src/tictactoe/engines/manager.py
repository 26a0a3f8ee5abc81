"""A small Gomocup manager: run any protocol brain as a subprocess and ask it for moves.

The other side of :mod:`tictactoe.engines.protocol`, for matches
between brains (``benchmarks/match.py brain:COMMAND``) and for tests that
play whole games against a second process::

    brain = BrainProcess(["pbrain-tictactoe"], turn_seconds=0.5)
    brain.start(Rules(15, 15, 5))
    cell = brain.play(board)      # BOARD ... DONE with the position, the answer as a cell
    brain.close()                 # END, then wait for it to exit

Every answer is waited for at most the turn time plus :data:`TOLERANCE`;
``MESSAGE``, ``DEBUG`` and ``SUGGEST`` lines are collected in ``messages``;
an ``ERROR`` answer, a silent or dead brain raise :class:`BrainError`.
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections.abc import Sequence
from itertools import zip_longest

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules

TOLERANCE = 2.0
"""Seconds a brain may take beyond its turn time before it counts as silent."""

INFO_LINES = ("MESSAGE", "DEBUG", "SUGGEST")


class BrainError(TicTacToeError):
    """The brain answered with an error, an illegal move, or not at all."""


class BrainProcess:
    """A protocol brain running as a subprocess."""

    def __init__(
        self,
        command: Sequence[str],
        turn_seconds: float = 1.0,
        match_seconds: float | None = None,
        max_memory: int = 0,
        exact: bool = False,
    ) -> None:
        self.command = list(command)
        self.turn_seconds = turn_seconds
        self.match_seconds = match_seconds
        self.max_memory = max_memory
        self.exact = exact
        self.messages: list[str] = []
        self.used = 0.0
        self.rules: Rules | None = None
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:
        """Write one command line."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise BrainError(f"the brain has gone: {error}") from None

    def answer(self, timeout: float) -> str:
        """The next line that is not a message, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BrainError(f"no answer within {timeout:.1f} s") from None
            if line is None:
                raise BrainError("the brain exited")
            if line.split(" ", 1)[0].upper() in INFO_LINES:
                self.messages.append(line)
                continue
            if line.strip():
                return line.strip()

    def command_ok(self, line: str) -> None:
        """Send a command that must be answered ``OK``."""
        self.send(line)
        reply = self.answer(TOLERANCE + 5)
        if reply.upper() != "OK":
            raise BrainError(f"{line!r} was answered {reply!r}")

    def start(self, rules: Rules) -> None:
        """``START`` (or ``RECTSTART``) and the ``INFO`` limits."""
        self.rules = rules
        if rules.m == rules.n:
            self.command_ok(f"START {rules.n}")
        else:
            self.command_ok(f"RECTSTART {rules.n},{rules.m}")
        self.send(f"INFO timeout_turn {int(self.turn_seconds * 1000)}")
        match_ms = 0 if self.match_seconds is None else int(self.match_seconds * 1000)
        self.send(f"INFO timeout_match {match_ms}")
        self.send(f"INFO max_memory {self.max_memory}")
        self.send(f"INFO rule {1 if self.exact else 0}")
        self.send("INFO game_type 1")

    def restart(self) -> None:
        """A new game on the same board."""
        if self.rules is not None:
            self.command_ok("RESTART")
        self.used = 0.0

    def play(self, board: Board, moves: Sequence[int] | None = None) -> int:
        """The brain's move for the side to move on ``board`` (sent whole with ``BOARD``).

        ``moves``, the cells in the order they were played, is the order the
        stones are sent in (as Piskvork sends them); without it X's and O's
        stones alternate, X first - an order that reaches the same position,
        which brains that replay ``BOARD`` as a game (Rapfi) need.
        """
        if self.rules != board.rules:
            self.start(board.rules)
        if self.match_seconds is not None:
            left = int(1000 * (self.match_seconds - self.used))
            self.send(f"INFO time_left {left}")
        self.send("BOARD")
        for line in board_lines(board, moves):
            self.send(line)
        started = time.monotonic()
        self.send("DONE")
        reply = self.answer(self.turn_seconds + TOLERANCE)
        self.used += time.monotonic() - started
        return self.parse_move(board, reply)

    def parse_move(self, board: Board, reply: str) -> int:
        """The cell of a ``x,y`` answer; :class:`BrainError` for anything else or a bad move."""
        parts = reply.replace(" ", "").split(",")
        rules = board.rules
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise BrainError(f"expected a move x,y, got {reply!r}")
        x, y = int(parts[0]), int(parts[1])
        if not (0 <= x < rules.n and 0 <= y < rules.m):
            raise BrainError(f"move {reply!r} is off the board")
        cell = y * rules.n + x
        if not board.is_legal(cell):
            raise BrainError(f"move {reply!r} is not legal in {board.text}")
        return cell

    def about(self) -> str:
        """The brain's ``ABOUT`` line."""
        self.send("ABOUT")
        return self.answer(TOLERANCE + 5)

    def close(self, timeout: float = 5.0) -> int:
        """``END``, then wait for the brain to exit (killed after ``timeout``); its exit status."""
        with contextlib.suppress(BrainError):
            self.send("END")
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    # A command the brain did not live to read may still be buffered.
                    with contextlib.suppress(OSError):
                        stream.close()


def board_lines(board: Board, moves: Sequence[int] | None = None) -> list[str]:
    """The ``x,y,f`` lines of ``BOARD`` for the side to move on ``board`` (f 1: its stones,
    2: the opponent's), in the order of ``moves`` or else X's and O's alternately."""
    rules = board.rules
    if moves is None:
        xs = [cell for cell in range(rules.size) if board.x >> cell & 1]
        os = [cell for cell in range(rules.size) if board.o >> cell & 1]
        moves = [cell for pair in zip_longest(xs, os) for cell in pair if cell is not None]
    mine = board.x if board.turn is Mark.X else board.o
    lines = []
    for cell in moves:
        row, col = divmod(cell, rules.n)
        lines.append(f"{col},{row},{1 if mine >> cell & 1 else 2}")
    return lines
