"""A small Gomocup manager: run any protocol brain as a subprocess and ask it for moves.

The other side of :mod:`tictactoe.gomocup.brain`, for matches
between brains (``benchmarks/match.py brain:COMMAND``), for the opponents
``--opponent brain:COMMAND`` starts (:mod:`tictactoe.players.brain`) and for
tests that play whole games against a second process::

    brain = BrainProcess(["pbrain-tictactoe"], turn_seconds=0.5)
    brain.start(Rules(15, 15, 5))
    cell = brain.play(board)      # BOARD ... DONE with the position, the answer as a cell
    brain.close()                 # END, then wait for it to exit

Every answer is waited for at most the turn time plus :data:`TOLERANCE`;
``MESSAGE``, ``DEBUG`` and ``SUGGEST`` lines are collected in ``messages``
(and handed to ``on_message`` as they come); what the brain writes to its
standard error is kept too, its last lines being its last words when it
fails. An ``ERROR`` answer, a silent or dead brain, an answer that is no
move or an illegal move raise :class:`BrainError`, whose :attr:`~BrainError.kind`
says which; a wait stopped from another thread raises :class:`Cancelled`.

:class:`ChildProcess` is the part shared with any program talked to in
lines (a player written in Python runs in one: :mod:`tictactoe.players.script`).
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from itertools import zip_longest
from typing import IO, NamedTuple

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import TicTacToeError
from tictactoe.core.rules import Rules
from tictactoe.core.search import Cancel

TOLERANCE = 2.0
"""Seconds a brain may take beyond its turn time before it counts as silent."""

START_SECONDS = 10.0
"""Seconds a brain may take to answer ``START`` (it may load its tables then)."""

INFO_LINES = ("MESSAGE", "DEBUG", "SUGGEST")

POLL_SECONDS = 0.05
"""How often a wait for an answer looks whether it was cancelled."""

LAST_WORDS = 6
"""Lines of a child's standard error kept, to show when it fails."""

KEPT_MESSAGES = 200
"""Most ``MESSAGE`` lines kept in :attr:`BrainProcess.messages` (the newest)."""

SETTLE_SECONDS = 0.05
"""How long a brain is left alone after its move before the next command: some are still busy
for a moment after answering and drop what arrives then (Rapfi drops every word it reads while
its search thread finishes)."""

LONGEST_LINE = 2_000
"""Characters of a line read from a child; the rest of a longer line is read as more lines."""


class Failure(StrEnum):
    """How a child process failed."""

    START = "start"
    """It could not be started (no such program, not allowed to run)."""
    SILENT = "silent"
    """It did not answer in time."""
    EXITED = "exited"
    """It ended (crashed, or exited) without answering."""
    ERROR = "error"
    """It answered with an error."""
    JUNK = "junk"
    """It answered something that is not an answer."""
    ILLEGAL = "illegal"
    """It answered a move the position does not allow."""
    REFUSED = "refused"
    """It refused the board (``START`` answered ``ERROR``)."""


class BrainError(TicTacToeError):
    """A brain (or any program run as a child process) failed: :attr:`kind` says how."""

    def __init__(
        self, message: str, kind: Failure = Failure.ERROR, last_words: str = "", answer: str = ""
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.last_words = last_words
        """The last lines it wrote to its standard error (or other messages), if any."""
        self.answer = answer
        """The answer that was wrong (an error, junk, an illegal move), if one was."""


class Cancelled(Exception):
    """A wait for an answer stopped because its cancel was set."""


class Launch(NamedTuple):
    """How a child process is started besides its command (the defaults: as this process is)."""

    env: Mapping[str, str] | None = None
    """Its whole environment (None: this process's)."""
    cwd: str | None = None
    """The folder it starts in."""
    setup: Callable[[], object] | None = None
    """Run in the child just before the program (resource limits)."""


class ChildProcess:
    """A program run as a child process and talked to in lines.

    Its standard output is read on a thread of its own, so every wait has a
    timeout and can be cancelled; its standard error is read too and its
    last :data:`LAST_WORDS` lines kept. It runs in a session of its own, so
    Ctrl-C at the terminal reaches this program only (which decides what to
    stop). ``name`` names it in messages; ``launch`` says how else to start it.
    """

    def __init__(
        self, command: Sequence[str], name: str = "", launch: Launch | None = None
    ) -> None:
        launch = launch or Launch()
        self.command = list(command)
        self.name = name or (self.command[0] if self.command else "the program")
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                start_new_session=True,
                env=launch.env,
                cwd=launch.cwd,
                preexec_fn=launch.setup,
            )
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise BrainError(f"{self.name} could not be started: {reason}", Failure.START) from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=LAST_WORDS)
        assert self.process.stdout is not None and self.process.stderr is not None
        for stream, target in ((self.process.stdout, self._out), (self.process.stderr, self._err)):
            threading.Thread(target=_read_lines, args=(stream, target), daemon=True).start()

    def _out(self, line: str | None) -> None:
        self.lines.put(line)

    def _err(self, line: str | None) -> None:
        if line is not None and line.strip():
            self.stderr.append(line.strip())

    @property
    def alive(self) -> bool:
        """True while the process runs."""
        return self.process.poll() is None

    def last_words(self) -> str:
        """Its last lines of standard error, joined with `` / `` ("" if it wrote none)."""
        return " / ".join(self.stderr)

    def send(self, line: str) -> None:
        """Write one line."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            raise self.gone(f"{self.name} has gone: {error}") from None

    def next_line(self, timeout: float, cancel: Cancel | None = None) -> str:
        """The next line it writes, within ``timeout`` seconds.

        Raises :class:`BrainError` (:attr:`Failure.SILENT`, :attr:`Failure.EXITED`)
        or :class:`Cancelled` once ``cancel`` is set.
        """
        deadline = time.monotonic() + timeout
        while True:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrainError(
                    f"{self.name} did not answer within {_seconds(timeout)}",
                    Failure.SILENT,
                    self.last_words(),
                )
            try:
                line = self.lines.get(timeout=min(left, POLL_SECONDS))
            except queue.Empty:
                continue
            if line is None:
                self.lines.put(None)  # every later wait learns it too
                raise self.gone(f"{self.name} stopped")
            return line

    def gone(self, message: str) -> BrainError:
        """The error for a process that has ended: ``message``, its exit status, its last words."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(1.0)
        # Its last lines of standard error may still be on their way.
        time.sleep(POLL_SECONDS)
        status = self.process.returncode
        if status is not None and status != 0:
            message += f" (exit status {status})"
        said = []  # what it wrote and nobody read: its last words if it wrote no error
        with contextlib.suppress(queue.Empty):
            while (line := self.lines.get_nowait()) is not None:
                said.append(line.strip())
        self.lines.put(None)
        words = self.last_words() or " / ".join(filter(None, said[-LAST_WORDS:]))
        if words:
            message += f": {words}"
        return BrainError(message, Failure.EXITED, words)

    def kill(self) -> None:
        """End the process at once (and its pipes)."""
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5.0)
        self._close_pipes()

    def close(self, timeout: float = 5.0) -> int:
        """Wait for the process to exit (killed after ``timeout``); its exit status."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
        finally:
            self._close_pipes()

    def _close_pipes(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                # A line the process did not live to read may still be buffered.
                with contextlib.suppress(OSError, ValueError):
                    stream.close()


def _read_lines(stream: IO[str], deliver: Callable[[str | None], None]) -> None:
    """Hand each line of ``stream`` to ``deliver`` (without its line end), then None."""
    with contextlib.suppress(OSError, ValueError):
        while line := stream.readline(LONGEST_LINE):
            deliver(line.rstrip("\r\n"))
    deliver(None)


def _seconds(value: float) -> str:
    return f"{value:.1f} s" if value < 10 else f"{value:.0f} s"


class BrainProcess:
    """A protocol brain running as a subprocess.

    ``on_message`` gets each ``MESSAGE`` line's text as it comes (a brain's
    progress while it thinks, or what it has to say); ``launch`` says how else to start it
    (:class:`Launch`).
    """

    def __init__(
        self,
        command: Sequence[str],
        turn_seconds: float = 1.0,
        match_seconds: float | None = None,
        max_memory: int = 0,
        exact: bool = False,
        *,
        name: str = "",
        on_message: Callable[[str], None] | None = None,
        launch: Launch | None = None,
    ) -> None:
        self.child = ChildProcess(command, name or "the brain", launch)
        self.command = self.child.command
        self.process = self.child.process
        self.turn_seconds = turn_seconds
        self.match_seconds = match_seconds
        self.max_memory = max_memory
        self.exact = exact
        self.on_message = on_message
        self.messages: deque[str] = deque(maxlen=KEPT_MESSAGES)
        self.used = 0.0
        self.rules: Rules | None = None
        self._told_turn: float | None = None
        self._after: Board | None = None
        """The position after the brain's last move, while the game goes on from it."""
        self._fresh = False
        """True between ``START`` and the first move: the brain's board is empty."""
        self._answered = 0.0
        """When the brain last answered a move (:data:`SETTLE_SECONDS` pass before the next)."""

    @property
    def name(self) -> str:
        """What messages call the brain."""
        return self.child.name

    def send(self, line: str) -> None:
        """Write one command line."""
        self.child.send(line)

    def answer(self, timeout: float, cancel: Cancel | None = None) -> str:
        """The next line that is not a message, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.child.next_line(max(0.0, deadline - time.monotonic()), cancel)
            word = line.split(" ", 1)[0].upper()
            if word in INFO_LINES:
                self.messages.append(line)
                if word == "MESSAGE" and self.on_message is not None:
                    self.on_message(line[len(word) :].strip())
                continue
            if line.strip():
                return line.strip()

    def last_words(self) -> str:
        """What the brain said last: its last lines of standard error, else its last message."""
        return self.child.last_words() or (self.messages[-1] if self.messages else "")

    def command_ok(self, line: str, timeout: float = TOLERANCE + 5) -> None:
        """Send a command that must be answered ``OK``."""
        self.send(line)
        reply = self.answer(timeout)
        if reply.upper() != "OK":
            kind = Failure.REFUSED if line.split(" ", 1)[0] in ("START", "RECTSTART") else None
            raise BrainError(
                f"{line!r} was answered {reply!r}", kind or Failure.ERROR, self.last_words()
            )

    def start(self, rules: Rules) -> None:
        """``START`` (or ``RECTSTART``) and the ``INFO`` limits."""
        self.rules = None
        if rules.m == rules.n:
            self.command_ok(f"START {rules.n}", START_SECONDS)
        else:
            self.command_ok(f"RECTSTART {rules.n},{rules.m}", START_SECONDS)
        self.rules, self._after, self._fresh = rules, None, True
        self._tell_turn(self.turn_seconds)
        match_ms = 0 if self.match_seconds is None else int(self.match_seconds * 1000)
        self.send(f"INFO timeout_match {match_ms}")
        self.send(f"INFO max_memory {self.max_memory}")
        self.send(f"INFO rule {1 if self.exact else 0}")
        self.send("INFO game_type 1")

    def _tell_turn(self, seconds: float) -> None:
        if self._told_turn != seconds:
            self.send(f"INFO timeout_turn {int(seconds * 1000)}")
            self._told_turn = seconds

    def restart(self) -> None:
        """A new game on the same board (no sooner than :data:`SETTLE_SECONDS` after its last
        move)."""
        if self.rules is not None:
            time.sleep(max(0.0, self._answered + SETTLE_SECONDS - time.monotonic()))
            self.command_ok("RESTART")
            self._after, self._fresh = None, True
        self.used = 0.0

    def play(
        self,
        board: Board,
        seconds: float | None = None,
        cancel: Cancel | None = None,
        moves: Sequence[int] | None = None,
    ) -> int:
        """The brain's move for the side to move on ``board``, thinking ``seconds`` (default:
        its turn time).

        A position that follows on from the brain's last move by one move of the
        other side is sent as ``TURN x,y``; any other as a new game, ``RESTART``
        and the whole position (``BOARD`` ... ``DONE``), as Gomocup managers do:
        its stones in the order of ``moves`` (the cells as played), or else X's
        and O's alternately (see :func:`board_lines`). Nothing is sent until
        :data:`SETTLE_SECONDS` after its last move.
        """
        time.sleep(max(0.0, self._answered + SETTLE_SECONDS - time.monotonic()))
        if self.rules != board.rules:
            self.start(board.rules)
        turn = self.turn_seconds if seconds is None else seconds
        self._tell_turn(turn)
        if self.match_seconds is not None:
            left = int(1000 * (self.match_seconds - self.used))
            self.send(f"INFO time_left {left}")
        reply_to = self._send_position(board, moves)
        started = time.monotonic()
        self.send(reply_to)
        reply = self.answer(turn + TOLERANCE, cancel)
        self._answered = time.monotonic()
        self.used += self._answered - started
        cell = self.parse_move(board, reply)
        self._after, self._fresh = board.play(cell), False
        return cell

    def _send_position(self, board: Board, moves: Sequence[int] | None) -> str:
        """Tell the brain the position but for its last line, which is returned (sent when the
        clock starts): ``TURN x,y`` after its own move, else the board whole."""
        after, rules = self._after, board.rules
        if (
            after is not None
            and board.move_count == after.move_count + 1
            and board.x & after.x == after.x
            and board.o & after.o == after.o
        ):
            new = board.occupied & ~after.occupied
            row, col = divmod(new.bit_length() - 1, rules.n)
            return f"TURN {col},{row}"
        if not self._fresh:
            self.send("RESTART")
            self.answer(TOLERANCE + 5)  # OK (a brain that has no RESTART: any answer will do)
            self._fresh = True
        self._after = None
        mine, theirs = (board.x, board.o) if board.turn is Mark.X else (board.o, board.x)
        if not mine | theirs:
            return "BEGIN"
        self.send("BOARD")
        for line in board_lines(board, moves):
            self.send(line)
        return "DONE"

    def parse_move(self, board: Board, reply: str) -> int:
        """The cell of a ``x,y`` answer; :class:`BrainError` for anything else or a bad move."""
        if reply.split(" ", 1)[0].upper() == "ERROR":
            raise BrainError(
                f"it answered {reply!r}", Failure.ERROR, self.last_words(), answer=reply
            )
        parts = reply.replace(" ", "").split(",")
        rules = board.rules
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise BrainError(f"expected a move x,y, got {reply!r}", Failure.JUNK, answer=reply)
        x, y = int(parts[0]), int(parts[1])
        if not (0 <= x < rules.n and 0 <= y < rules.m):
            raise BrainError(f"move {reply!r} is off the board", Failure.ILLEGAL, answer=reply)
        cell = y * rules.n + x
        if not board.is_legal(cell):
            raise BrainError(
                f"move {reply!r} is not legal in {board.text}", Failure.ILLEGAL, answer=reply
            )
        return cell

    def about(self) -> str:
        """The brain's ``ABOUT`` line."""
        self.send("ABOUT")
        return self.answer(TOLERANCE + 5)

    def kill(self) -> None:
        """End the brain at once (it is thinking about a position that is gone, or failed)."""
        self.child.kill()

    def close(self, timeout: float = 5.0) -> int:
        """``END``, then wait for the brain to exit (killed after ``timeout``); its exit status."""
        with contextlib.suppress(BrainError):
            self.send("END")
        return self.child.close(timeout)


def board_lines(board: Board, moves: Sequence[int] | None = None) -> list[str]:
    """The ``x,y,f`` lines of ``BOARD`` for the side to move on ``board`` (f 1: its stones,
    2: the opponent's), in the order of ``moves`` or else X's and O's alternately: an order
    that reaches the position, which brains that replay ``BOARD`` as a game (Rapfi) need."""
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
