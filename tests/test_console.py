"""The process helpers: bounded line reads, Ctrl-C held during the start-up, output errors."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tictactoe import console
from tictactoe.console import LineReader


class Endless(io.TextIOBase):
    """Standard input of ``< /dev/zero``: NUL characters for ever, no line break.

    Records the largest request, to show that nothing reads a whole line at once.
    """

    def __init__(self) -> None:
        self.given = 0
        self.largest_request = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert size is not None and size > 0, "an unbounded read of an endless line"
        self.largest_request = max(self.largest_request, size)
        self.given += size
        return "\0" * size


class TestLineReader:
    def test_short_lines_and_the_end(self) -> None:
        lines = LineReader(io.StringIO("one\ntwo\r\n\nlast"), limit=10)
        assert [lines.readline() for _ in range(5)] == ["one\n", "two\r\n", "\n", "last", ""]
        assert not lines.cut

    @pytest.mark.parametrize("length", [9, 10])
    def test_a_line_at_the_limit_is_whole(self, length: int) -> None:
        lines = LineReader(io.StringIO("x" * length + "\nnext\n"), limit=10)
        assert lines.readline() == "x" * length + "\n" and not lines.cut
        assert lines.readline() == "next\n"

    @pytest.mark.parametrize("length", [11, 5_000, 3_000_000])
    def test_a_longer_line_is_cut_and_the_rest_dropped(self, length: int) -> None:
        lines = LineReader(io.StringIO("y" * length + "\nnext\n"), limit=10)
        assert lines.readline() == "y" * 10 and lines.cut
        assert lines.readline() == "next\n" and not lines.cut
        assert lines.readline() == ""

    def test_a_long_last_line_without_a_break(self) -> None:
        lines = LineReader(io.StringIO("z" * 100), limit=10)
        assert (lines.readline(), lines.cut) == ("z" * 10, True)
        assert lines.readline() == ""

    def test_an_endless_line_ends_the_input_in_bounded_memory(self) -> None:
        source = Endless()
        lines = LineReader(source, limit=1000, endless=1_000_000)
        assert lines.readline() == "\0" * 1000 and lines.cut
        assert lines.readline() == "" and lines.readline() == ""
        assert source.largest_request <= LineReader.CHUNK
        assert 1_000_000 < source.given <= 1_000_000 + 2 * LineReader.CHUNK + 1001


@pytest.fixture
def python_ctrl_c() -> Iterator[None]:
    """Python's own Ctrl-C handler for the test (the suite may run with SIGINT ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("python_ctrl_c")
class TestHeldInterrupts:
    def test_ctrl_c_while_held_is_raised_on_release(self) -> None:
        console.hold_interrupts()
        os.kill(os.getpid(), signal.SIGINT)  # nothing is raised here, in the "imports"
        with pytest.raises(KeyboardInterrupt):
            console.release_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

    def test_release_without_ctrl_c_raises_nothing(self) -> None:
        console.hold_interrupts()
        console.release_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        console.release_interrupts()  # twice, or never held: nothing happens

    def test_an_ignored_ctrl_c_stays_ignored(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        console.hold_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        console.release_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


@pytest.mark.parametrize(
    ("error", "is_output"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), True),
        (OSError(errno.EBADF, "Bad file descriptor"), True),
        (OSError(errno.EIO, "Input/output error"), True),
        (OSError(errno.ENOSPC, "No space left on device", "/some/file"), False),
        (OSError(errno.ENOENT, "No such file or directory"), False),
    ],
)
def test_output_errors(error: OSError, is_output: bool) -> None:
    assert console.is_output_error(error) is is_output


STREAMS = """
import sys
from tictactoe import console
console.prepare_streams()
print(repr(sys.stdin.read()), file=sys.stderr)
try:
    print("Счёт: вы 1")
    sys.stdout.flush()
except OSError as error:
    print("write failed:", error.strerror, file=sys.stderr)
    console.silence_output()  # what is still buffered goes nowhere, quietly
"""


def _close(*fds: int) -> None:
    for fd in fds:
        os.close(fd)


def test_closed_descriptors_get_stand_ins() -> None:
    """Closed input reads as empty; closed output fails to write, as a closed descriptor does."""
    done = subprocess.run(
        [sys.executable, "-c", STREAMS],
        capture_output=True,
        text=True,
        preexec_fn=lambda: _close(0, 1),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["''", "write failed: Bad file descriptor"]


def test_text_the_output_cannot_encode_becomes_question_marks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", STREAMS],
        input=b"\xff\xfe ok",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"????: ?? 1\n"
    assert done.stderr == b"'\\ufffd\\ufffd ok'\n"  # replacement characters
