"""Feedback while the computer thinks: a spinner on a terminal, and typing held meanwhile.

While a computer player (or a hint) works, a terminal shows "The computer
(Hard, O) is thinking |" with a turning bar, erased when the move comes; a
searching player's progress follows on the same line ("depth 6 · h8 i9 j10 ·
3 s"), cut to the terminal's width. What the player types meanwhile is
neither echoed onto that line nor lost: it is held, and put on the next
prompt as if just typed (with readline), so "e5" typed too early is still
there, waiting for Enter. Given a ``stop`` event (a hint), Enter sets it:
the work ends early with what it has found. Output that is not a terminal
gets nothing: piped transcripts stay as they were.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from types import TracebackType
from typing import Any, TextIO

FRAMES = "|/-\\"
"""The spinner's frames."""
INTERVAL = 0.1
"""Seconds between frames."""
ERASE = "\r\x1b[K"
"""Back to the start of the line and clear it."""
CLOCK_AFTER = 1.0
"""Seconds of work before the elapsed time is shown."""
DIM, RESET = "\x1b[2m", "\x1b[0m"
"""How the progress after the spinner is muted, when colours are on."""
ENTER = (b"\r", b"\n")
"""What ends a line typed while thinking (and stops the work, given a ``stop`` event)."""


@dataclass(eq=False)
class Thinking:
    """A context manager: the spinner while the block runs; :attr:`held` is what was typed.

    Active only when both ``source`` and ``sink`` are terminals (and
    :mod:`termios` exists); otherwise it does nothing at all. ``stop`` is
    set when the player presses Enter; ``elapsed`` turns the seconds spent
    into the text shown after the first :data:`CLOCK_AFTER` seconds (None:
    no clock); :attr:`detail` (set from any thread) is shown after the
    spinner, dimmed when ``colour`` is on. ``columns`` is the line's width
    (None: the terminal's).
    """

    source: TextIO
    sink: TextIO
    message: str
    _: KW_ONLY
    stop: threading.Event | None = None
    elapsed: Callable[[float], str] | None = None
    columns: int | None = None
    colour: bool = False
    detail: str = field(default="", init=False)
    """What the work has found so far (a searching player's depth and line), or nothing."""
    held: str = field(default="", init=False)
    """What was typed while thinking, up to the first Enter, controls removed."""
    _fd: int | None = field(default=None, init=False)
    _saved: list[Any] | None = field(default=None, init=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False)
    _thread: threading.Thread | None = field(default=None, init=False)
    _typed: bytes = field(default=b"", init=False)
    _started: float = field(default_factory=time.monotonic, init=False)

    @property
    def active(self) -> bool:
        """True when the spinner runs (both streams are terminals)."""
        return self._thread is not None

    def __enter__(self) -> Thinking:
        fd = _terminal_fd(self.source)
        if fd is None or not _is_terminal(self.sink):
            return self
        try:
            import termios
        except ImportError:  # pragma: no cover - not on POSIX
            return self
        try:
            self._saved = termios.tcgetattr(fd)
            quiet = termios.tcgetattr(fd)
            quiet[3] &= ~(termios.ECHO | termios.ICANON)  # no echo; keys readable at once
            quiet[6][termios.VMIN] = 0
            quiet[6][termios.VTIME] = 0
            termios.tcsetattr(fd, termios.TCSANOW, quiet)
        except (termios.error, OSError):
            return self
        self._fd = fd
        self._started = time.monotonic()
        self._frame(0)
        self._thread = threading.Thread(target=self._spin, name="spinner", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._thread is None or self._fd is None:
            return
        self._stop.set()
        self._thread.join()
        self._write(ERASE)
        self._typed += _pending(self._fd)
        import termios

        if self._saved is not None:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self._fd, termios.TCSANOW, self._saved)
        self.held = _first_line(self._typed)

    def _spin(self) -> None:
        frame = 1
        while not self._stop.wait(INTERVAL):
            self._listen()
            self._frame(frame)
            frame += 1

    def _listen(self) -> None:
        """Keep what was typed; Enter sets :attr:`stop` (when there is one)."""
        if self._fd is None:
            return
        if len(self._typed) < 4096:
            self._typed += _pending(self._fd)
        if self.stop is not None and any(key in self._typed for key in ENTER):
            self.stop.set()

    def line(self, number: int) -> str:
        """What frame ``number`` shows: the message, the spinner, the detail and the clock."""
        head = f"{self.message} {FRAMES[number % len(FRAMES)]}"
        extra = [self.detail] if self.detail else []
        spent = time.monotonic() - self._started
        if self.elapsed is not None and spent >= CLOCK_AFTER:
            extra.append(self.elapsed(spent))
        text = f"{head} {' · '.join(extra)}" if extra else head
        width = self.columns or shutil.get_terminal_size((80, 24)).columns
        shown = _cut(text, width - 1)
        if self.colour and len(shown) > len(head):
            return f"{shown[: len(head)]}{DIM}{shown[len(head) :]}{RESET}"
        return shown

    def _frame(self, number: int) -> None:
        self._write(f"{ERASE}{self.line(number)}")

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.sink.write(text)
            self.sink.flush()


def prefill(text: str) -> bool:
    """Put ``text`` on the next line :func:`input` reads, as if typed; False without readline."""
    if not text:
        return False
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return False

    def hook() -> None:
        readline.insert_text(text)
        readline.redisplay()
        readline.set_pre_input_hook(None)

    readline.set_pre_input_hook(hook)
    return True


def _terminal_fd(stream: TextIO) -> int | None:
    try:
        return stream.fileno() if stream.isatty() else None
    except (AttributeError, OSError, ValueError):
        return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _pending(fd: int) -> bytes:
    """Every byte waiting on ``fd`` (non-canonical, VMIN 0: a read never blocks)."""
    got = b""
    while len(got) < 4096:
        try:
            chunk = os.read(fd, 1024)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    return got


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (wide CJK characters take two)."""
    used = 0
    for index, char in enumerate(text):
        used += 2 if unicodedata.east_asian_width(char) in "WF" else 1
        if used > width:
            return text[:index]
    return text


def _first_line(typed: bytes) -> str:
    """The text before the first Enter, without control characters or escape sequences."""
    text = typed.decode("utf-8", errors="ignore").replace("\r", "\n").split("\n")[0]
    text = text.split("\x1b")[0]  # an arrow key and what follows it
    kept: list[str] = []
    for char in text:
        if char in "\x7f\x08":  # Backspace
            if kept:
                kept.pop()
        elif not unicodedata.category(char).startswith("C"):
            kept.append(char)
    return "".join(kept)
