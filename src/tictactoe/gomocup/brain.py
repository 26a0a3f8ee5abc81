"""The Gomocup (Piskvork) brain protocol: lines from a manager in, answers out.

The manager (Piskvork, GomocupJudge, any program speaking the protocol)
writes one command a line; the brain answers. Coordinates are ``x,y``:
x the column, y the row, both from 0 at the top left (``h8`` is ``7,7``).

=========================  ===============================================
command                    answer
=========================  ===============================================
``START n``                ``OK`` (an n x n board, 5 to 26), else ``ERROR``
``RECTSTART w,h``          ``OK`` (w columns, h rows), else ``ERROR``
``RESTART``                ``OK``: an empty board, the same size
``BEGIN``                  the brain's first move ``x,y``
``TURN x,y``               the opponent played x,y; the brain's move
``BOARD`` ... ``DONE``     a whole position, one ``x,y,f`` a line (f 1: the
                           brain's stone, 2: the opponent's, 3: a winning
                           line of a continuous game); then the brain's move,
                           or one ``ERROR`` for the first bad line: the
                           position is kept and no move is played
``TAKEBACK x,y``           ``OK``: the stone at x,y is taken back
``INFO key value``         nothing: ``timeout_turn``, ``timeout_match``,
                           ``time_left`` (milliseconds), ``max_memory``
                           (bytes), ``rule`` (1: exactly five wins; 4,
                           renju, is not supported), ``game_type``, ...
``ABOUT``                  ``name="...", version="...", author="...", ...``
``END``                    nothing: the brain exits
=========================  ===============================================

Anything else gets ``UNKNOWN``; a known command with a bad argument (an
occupied cell, a coordinate off the board, a board before ``START``) gets
``ERROR`` with the reason, and the brain carries on - no line ever stops it.
While it thinks the brain sends ``MESSAGE`` lines with its progress (depth,
score, nodes, time, principal variation: the format Rapfi uses, which
managers and pygomo-lib read).

Time: each move takes at most ``timeout_turn`` and a share of
``time_left`` (less a margin for the pipes); ``timeout_turn 0`` means play
at once. ``max_memory`` bounds the engine's tables (the transposition and
refutation tables, the remembered line shapes): 80 % of what is left after
the process's own 24 MB.

:class:`Brain` is the protocol without input and output (tests drive it
line by line); :func:`serve` runs it on a pair of streams with a reader
thread, so ``END`` (and ``STOP`` / ``YXSTOP``) are acted on even while the
brain thinks (``END`` then ends the search and the brain without another
word); other commands that arrive while it thinks are answered, in order,
after its move.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TextIO

from tictactoe.core.cells import label
from tictactoe.core.errors import RulesError
from tictactoe.core.gomoku.engine import DEFAULT_MEMORY, Engine
from tictactoe.core.gomoku.search import is_mate, mate_plies
from tictactoe.core.numbers import whole_number
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits, Progress

NAME = "tictactoe"
VERSION = "0.1.0"
ABOUT = (
    f'name="{NAME}", version="{VERSION}", author="the tictactoe authors", '
    'country="", www="", email=""'
)

WIN_LENGTH = 5
"""Gomocup games are five in a row."""

SIDES = (5, 26)
"""Smallest and largest board side the brain accepts."""

DEFAULT_TURN_MS = 5_000
"""Time a move when the manager sends no ``timeout_turn`` (Piskvork's default)."""

FAST_SECONDS = 0.05
"""Thinking time for ``timeout_turn 0`` ("play as fast as possible")."""

MARGIN_SECONDS = 0.06
"""Kept back from every time limit for reading, writing and starting up."""

MARGIN_SHARE = 0.05
"""... and this share of the limit."""

MOVES_TO_GO = 20
"""A move may spend at most 1/this of the match time left."""

PROCESS_BYTES = 24 * 2**20
"""Memory the brain's process takes besides the engine's tables (Python and this package:
about 18 MB measured), kept out of ``max_memory``."""

MEMORY_SHARE = 0.8
"""Share of the rest of ``max_memory`` the engine's tables may take (the remainder is slack
for Python's allocator)."""

RULE_EXACT = 1
RULE_RENJU = 4
RULE_CARO = 8

URGENT = ("END", "STOP", "YXSTOP")
"""Commands acted on at once, even while the brain thinks."""


class Brain:
    """One brain's state: the board, the limits, the engine. ``handle`` answers a line.

    ``write`` receives every output line (without the line end).
    """

    def __init__(self, write: Callable[[str], None], engine: Engine | None = None) -> None:
        self.write = write
        self.engine = engine or Engine()
        self.rules: Rules | None = None
        self.stones: dict[int, int] = {}
        """Cell -> 0 for the brain's stones, 1 for the opponent's."""
        self.turn_ms = DEFAULT_TURN_MS
        self.match_ms = 0
        self.left_ms: int | None = None
        self.memory = 0
        self.rule = 0
        self.ended = False
        """True once ``END`` has been handled: the brain exits."""
        self.ending = False
        """True once ``END`` has arrived while thinking: no more moves are sent."""
        self.thinking = False
        """True while a search runs (``END`` and ``STOP`` then cancel it)."""
        self.cancel = threading.Event()
        self._board_lines: list[str] | None = None

    # --- reading -----------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """Act on one line from the manager (answers go to ``write``)."""
        text = line.strip()
        if self._board_lines is not None:
            if text.upper() == "DONE":
                lines, self._board_lines = self._board_lines, None
                self._board(lines)
            elif text:
                self._board_lines.append(text)
            return
        if not text:
            return
        command, _, rest = text.partition(" ")
        command = command.upper()
        rest = rest.strip()
        action = getattr(self, f"_cmd_{command.lower()}", None)
        if action is None:
            self.write(f"UNKNOWN command {command[:40]!r}")
            return
        action(rest)

    def _cmd_start(self, rest: str) -> None:
        size = whole_number(rest)
        self._new_board(size, size)

    def _cmd_rectstart(self, rest: str) -> None:
        parts = rest.replace(" ", "").split(",")
        if len(parts) != 2:
            self.write("ERROR RECTSTART needs width,height")
            return
        self._new_board(whole_number(parts[0]), whole_number(parts[1]))

    def _new_board(self, width: int | None, height: int | None) -> None:
        low, high = SIDES
        if width is None or height is None or not (low <= width <= high and low <= height <= high):
            self.write(f"ERROR unsupported size: sides from {low} to {high}")
            return
        try:
            self.rules = Rules(height, width, WIN_LENGTH)
        except RulesError as error:  # pragma: no cover - the range above fits Rules
            self.write(f"ERROR {error}")
            return
        self.stones = {}
        self.engine.forget()
        self.write("OK")

    def _cmd_restart(self, rest: str) -> None:
        if self._need_board():
            self.stones = {}
            self.engine.forget()
            self.write("OK")

    def _cmd_begin(self, rest: str) -> None:
        if self._need_board():
            if self.stones:
                self.write("ERROR BEGIN on a board that is not empty")
                return
            self._move()

    def _cmd_turn(self, rest: str) -> None:
        if not self._need_board():
            return
        cell = self._cell(rest)
        if cell is None:
            return
        self.stones[cell] = 1
        self._move()

    def _cmd_board(self, rest: str) -> None:
        if self._need_board():
            self._board_lines = []

    def _board(self, lines: list[str]) -> None:
        """Set the position ``BOARD`` gave and move; on a bad line one ``ERROR``, the position
        kept and no move."""
        stones: dict[int, int] = {}
        for line in lines:
            given = self._board_line(line, stones)
            if isinstance(given, str):
                self.write(f"ERROR {given}; the BOARD is refused and the position unchanged")
                return
            cell, field = given
            if field in (1, 2):
                stones[cell] = field - 1
        self.stones = stones
        self._move()

    def _board_line(self, line: str, stones: dict[int, int]) -> tuple[int, int] | str:
        """The cell and field of the ``BOARD`` line ``x,y,field`` given after ``stones``, or
        what is wrong with it."""
        parts = line.replace(" ", "").split(",")
        if len(parts) != 3:
            return f"bad BOARD line {line[:40]!r}: expected x,y,field"
        cell = self._where(",".join(parts[:2]))
        if isinstance(cell, str):
            return cell
        field = whole_number(parts[2])
        if field not in (1, 2, 3):
            return f"bad field in {line[:40]!r}: 1 own, 2 opponent, 3 winning line"
        if cell in stones:
            return f"{line[:40]!r}: that cell is given twice"
        return cell, field

    def _cmd_takeback(self, rest: str) -> None:
        if not self._need_board():
            return
        cell = self._cell(rest, occupied_ok=True)
        if cell is None:
            return
        if cell not in self.stones:
            self.write("ERROR TAKEBACK of an empty cell")
            return
        del self.stones[cell]
        self.write("OK")

    def _cmd_info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key = key.lower()
        number = whole_number(value.strip(), signed=True)
        if key in ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule"):
            if number is None:
                self.write(f"DEBUG ignored INFO {key}: {value.strip()[:40]!r} is not a number")
                return
            if key == "timeout_turn":
                self.turn_ms = max(0, number)
            elif key == "timeout_match":
                self.match_ms = max(0, number)
            elif key == "time_left":
                self.left_ms = number
            elif key == "max_memory":
                self.memory = max(0, number)
                self.engine.set_memory(self.table_memory())
            else:
                self._set_rule(number)
        # game_type, evaluate, folder and unknown keys need nothing

    def _set_rule(self, rule: int) -> None:
        self.rule = rule
        self.engine.set_exact(bool(rule & RULE_EXACT))
        if rule & RULE_RENJU:
            self.write("MESSAGE renju is not supported: playing without its restrictions")
        if rule & RULE_CARO:
            self.write("MESSAGE caro is not supported: a five blocked at both ends counts too")

    def _cmd_about(self, rest: str) -> None:
        self.write(ABOUT)

    def _cmd_end(self, rest: str) -> None:
        self.ended = self.ending = True

    def _cmd_stop(self, rest: str) -> None:
        """Nothing to stop when not thinking (:func:`serve` cancels a running search)."""

    _cmd_yxstop = _cmd_stop

    # --- helpers ------------------------------------------------------------------------

    def _need_board(self) -> bool:
        if self.rules is None:
            self.write("ERROR no board: send START first")
            return False
        return True

    def _cell(self, text: str, occupied_ok: bool = False) -> int | None:
        """The cell ``x,y`` names, or None after an ``ERROR`` line."""
        cell = self._where(text)
        if isinstance(cell, str):
            self.write(f"ERROR {cell}")
            return None
        if not occupied_ok and cell in self.stones:
            self.write(f"ERROR {self.coordinates(cell)} is taken")
            return None
        return cell

    def _where(self, text: str) -> int | str:
        """The cell ``x,y`` names on the board, or what is wrong with it."""
        assert self.rules is not None
        parts = text.replace(" ", "").split(",")
        numbers = [whole_number(part) for part in parts] if len(parts) == 2 else []
        if len(numbers) != 2 or None in numbers:
            return f"bad coordinates {text[:40]!r}: expected x,y"
        x, y = numbers
        assert x is not None and y is not None
        if not (0 <= x < self.rules.n and 0 <= y < self.rules.m):
            return f"{x},{y} is off the board: x 0-{self.rules.n - 1}, y 0-{self.rules.m - 1}"
        return y * self.rules.n + x

    def coordinates(self, cell: int) -> str:
        """``x,y`` of a cell."""
        assert self.rules is not None
        row, col = divmod(cell, self.rules.n)
        return f"{col},{row}"

    def table_memory(self) -> int:
        """Bytes the engine's tables may take under ``max_memory`` (0: no limit, the default)."""
        if not self.memory:
            return DEFAULT_MEMORY
        return int((self.memory - PROCESS_BYTES) * MEMORY_SHARE)

    def seconds(self) -> float:
        """Thinking time for the next move, from the limits the manager sent."""
        if self.turn_ms == 0:
            return FAST_SECONDS
        budget = self.turn_ms / 1000
        if self.left_ms is not None and (self.match_ms or self.left_ms < 2_147_483_647):
            budget = min(budget, max(0.0, self.left_ms / 1000) / MOVES_TO_GO)
        return max(FAST_SECONDS, budget - max(MARGIN_SECONDS, budget * MARGIN_SHARE))

    # --- moving -------------------------------------------------------------------------

    def _move(self) -> None:
        assert self.rules is not None
        rules = self.rules
        if self.ending:
            return
        if len(self.stones) >= rules.size:
            self.write("ERROR the board is full")
            return
        mine = sum(1 << cell for cell, side in self.stones.items() if side == 0)
        theirs = sum(1 << cell for cell, side in self.stones.items() if side == 1)
        self.cancel.clear()
        self.thinking = True
        try:
            result = self.engine.search_stones(
                rules,
                mine,
                theirs,
                0,
                Limits(seconds=self.seconds()),
                self._report,
                self.cancel,
            )
        finally:
            self.thinking = False
        if self.ending:
            return  # END arrived while thinking: say nothing more
        self.stones[result.move] = 0
        self.write(self.coordinates(result.move))

    def _report(self, progress: Progress) -> None:
        assert self.rules is not None
        score = progress.score
        if is_mate(score):
            plies = mate_plies(score)
            shown = f"{'+' if score > 0 else '-'}M{plies}"
        else:
            shown = str(score)
        millis = max(1, int(progress.seconds * 1000))
        pv = " ".join(label(self.rules, cell) for cell in progress.pv)
        self.write(
            f"MESSAGE depth {progress.depth}-{progress.depth} ev {shown} n {progress.nodes} "
            f"n/ms {progress.nodes // millis} tm {millis} pv {pv}"
        )


def serve(stdin: TextIO, stdout: TextIO, engine: Engine | None = None) -> int:
    """Run a brain on ``stdin`` / ``stdout`` until ``END`` or the end of input; exit status 0."""
    lines: queue.Queue[str | None] = queue.Queue()
    lock = threading.Lock()

    def write(text: str) -> None:
        with lock:
            try:
                stdout.write(text + "\n")
                stdout.flush()
            except (BrokenPipeError, OSError, ValueError):  # the manager has gone
                brain.ended = brain.ending = True
                brain.cancel.set()

    brain = Brain(write, engine)

    def read() -> None:
        try:
            for line in stdin:
                command = line.strip().split(" ", 1)[0].upper()
                if command in URGENT and brain.thinking:
                    brain.cancel.set()
                    if command == "END":
                        brain.ending = True
                lines.put(line)
        except (OSError, ValueError, UnicodeDecodeError):
            pass
        lines.put(None)

    threading.Thread(target=read, name="gomocup-reader", daemon=True).start()
    while not brain.ended:
        line = lines.get()
        if line is None:
            break
        brain.handle(line)
    brain.cancel.set()
    return 0
