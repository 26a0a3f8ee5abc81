"""The program as a process: Ctrl-C from the first instant, standard streams that cannot crash it.

Standard library only and cheap to import: the entry point
(:mod:`tictactoe.__main__`) uses it before anything heavy is loaded.

- :func:`hold_interrupts` / :func:`release_interrupts`: Ctrl-C during the
  start-up is noted and delivered once the commands' own handling is in place
  (a ``KeyboardInterrupt`` raised in the middle of an import leaves
  half-built modules and a traceback behind).
- :func:`prepare_streams`: a closed standard descriptor gets a stand-in (no
  input: end of input; no output: writing fails like on a closed
  descriptor) and text the output encoding cannot show is replaced, not an
  error.
- :class:`LineReader`: lines of bounded length, however long the input's lines.
- :func:`shown` and :func:`display_width`: text typed by a user, safe to print, and the
  columns a text takes; :func:`padded` and :func:`columns` line texts up by it.
- :func:`silence_output` and the exit statuses for a reader that went away.
"""

import errno
import os
import signal
import sys
import unicodedata

TYPE_CHECKING = False
if TYPE_CHECKING:  # not imported at run time: nothing but the bare minimum before Ctrl-C is held
    from collections.abc import Container, Sequence
    from types import FrameType
    from typing import TextIO

EXIT_OK = 0
EXIT_FAILURE = EXIT_ERROR = 1
"""A command that could not do its work (its output could not be written, a file it needs
cannot be used ...)."""
EXIT_USAGE = EXIT_BAD_INPUT = 2
"""A command given options or input it cannot use (it says why)."""
EXIT_INTERRUPTED = 128 + signal.SIGINT
"""Ctrl-C: 130, as a shell reports a program ended by SIGINT."""
EXIT_BROKEN_PIPE = 128 + 13
"""The reader of the output went away (``tictactoe solve ... | head -1``): 141, as for
a program ended by SIGPIPE."""

OUTPUT_ERRORS = frozenset(
    {errno.ENOSPC, errno.EBADF, errno.EIO, errno.EFBIG, errno.EROFS, errno.EPIPE}
    | ({errno.EDQUOT} if hasattr(errno, "EDQUOT") else set())
)
"""Error numbers that mean "the output cannot be written" (a full disk, a closed descriptor)."""


class _HeldInterrupt:
    """SIGINT handler of the start-up: remembers Ctrl-C instead of raising it in an import."""

    def __init__(self) -> None:
        self.pressed = False

    def __call__(self, signum: int, frame: "FrameType | None") -> None:
        self.pressed = True


def hold_interrupts() -> None:
    """Note Ctrl-C from now on instead of raising it, until :func:`release_interrupts`.

    Only when Ctrl-C would raise ``KeyboardInterrupt`` (Python's handler): a
    program started with SIGINT ignored (in the background) keeps ignoring it.
    """
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _HeldInterrupt())


def release_interrupts() -> None:
    """Ctrl-C raises ``KeyboardInterrupt`` again; raised at once if it came while held."""
    handler = signal.getsignal(signal.SIGINT)
    if isinstance(handler, _HeldInterrupt):
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if handler.pressed:
            raise KeyboardInterrupt


def exit_quietly_on_interrupt() -> None:
    """From now on (the program is ending), Ctrl-C ends it at once with status 130."""
    if signal.getsignal(signal.SIGINT) not in (signal.SIG_IGN, None):
        signal.signal(signal.SIGINT, lambda signum, frame: os._exit(EXIT_INTERRUPTED))


def prepare_streams() -> None:
    """Make standard input, output and error safe to use, whatever the program was given.

    A closed descriptor gets ``/dev/null`` in its place, so that no file opened
    later takes its number: input then ends at once; output is opened
    read-only, so writing to it fails with "Bad file descriptor" as it would
    on the closed descriptor. Text the output encoding cannot show (Russian
    on an ASCII terminal) becomes ``?``; input that is not valid text becomes
    replacement characters, which no answer or position contains.
    """
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        if _is_open(fd):
            continue
        stand_in = os.open(os.devnull, os.O_WRONLY if fd == 2 else os.O_RDONLY)
        if stand_in != fd:
            os.dup2(stand_in, fd)
            os.close(stand_in)
        mode = "r" if fd == 0 else "w"
        setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def flush_output() -> None:
    """Write out what standard output still holds, so that a failure shows while it can be
    reported (rather than as "Exception ignored" when the interpreter exits)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def silence_output() -> None:
    """Point standard output at the null device, so the final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no descriptor at all
        pass


def is_output_error(error: OSError) -> bool:
    """True when ``error`` says the output cannot be written (a full disk, a closed descriptor)."""
    return error.filename is None and error.errno in OUTPUT_ERRORS


def say_error(text: str) -> None:
    """Print ``text`` on standard error if it can be printed at all."""
    try:  # noqa: SIM105 - contextlib would be one more import before Ctrl-C is held
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


class LineReader:
    """Lines of at most ``limit`` characters from ``source``, in bounded memory.

    A longer line is cut: :meth:`readline` returns its first ``limit``
    characters and sets :attr:`cut`; the rest of it is read and dropped. A
    line that goes on for more than ``endless`` characters (``< /dev/zero``)
    ends the input there.
    """

    CHUNK = 64 * 1024
    """Characters read at a time while dropping the rest of a long line."""

    def __init__(self, source: "TextIO", limit: int, endless: int = 64 * 1024 * 1024) -> None:
        self.source = source
        self.limit = limit
        self.endless = endless
        self.cut = False
        """True when the last line read was longer than ``limit`` (and was cut)."""
        self.ended = False

    def readline(self) -> str:
        """The next line (with its newline, if it had one); ``""`` at the end of the input."""
        self.cut = False
        if self.ended:
            return ""
        line = self.source.readline(self.limit + 1)
        if len(line) <= self.limit or line.endswith("\n"):
            return line
        self.cut = True
        dropped = 0
        while True:
            rest = self.source.readline(self.CHUNK)
            dropped += len(rest)
            if not rest or rest.endswith("\n"):
                break
            if dropped > self.endless:
                self.ended = True
                break
        return line[: self.limit]


ECHO_LIMIT = 40
"""Longest piece of what a user typed (an answer, a file name) quoted back to them."""


HAN = "\u2e80-\u9fff\uf900-\uffef"
"""Chinese characters and full-width punctuation (a regular expression's character range): a
line of Chinese may break after any of them, as it has no spaces."""
CLOSING_MARKS = "，。、：；！？）》」"
"""Full-width punctuation a line of Chinese never starts with: it stays after the character
before it."""


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` filled with spaces to ``width`` terminal columns (on the left when ``right``)."""
    space = " " * (width - display_width(text))
    return space + text if right else text + space


def columns(rows: "Sequence[Sequence[str]]", right: "Container[int]" = ()) -> list[str]:
    """``rows`` of cells as lines of aligned columns two spaces apart, each as wide as its
    widest cell in a terminal; the columns numbered in ``right`` aligned on the right."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            padded(text, width, right=i in right)
            for i, (text, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` safe to print: control characters replaced, cut to ``limit`` characters.

    Cut first, then cleaned: a line of megabytes costs no more than a short one.
    """
    cleaned = "".join(
        "?" if unicodedata.category(char).startswith("C") else char
        for char in text.strip()[: limit + 1]
    )
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"
