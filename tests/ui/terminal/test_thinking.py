"""While the computer thinks: a spinner on a terminal, typing held (not echoed) for the next
prompt, nothing at all on pipes; the game shows it in a real pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictactoe.ui.terminal.thinking import ERASE, Thinking, _first_line


class Screen(io.StringIO):
    """What the spinner writes, as a terminal would receive it."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def keyboard() -> Iterator[tuple[int, io.TextIOWrapper]]:
    """A pseudo-terminal: the side that types (an fd) and the game's standard input."""
    controller, terminal = pty.openpty()
    source = open(terminal, encoding="utf-8", closefd=True)  # noqa: SIM115
    try:
        yield controller, source
    finally:
        source.close()
        os.close(controller)


def _arrived(source: io.TextIOWrapper) -> None:
    """Wait until what was typed reaches the game's side of the terminal."""
    assert select.select([source.fileno()], [], [], 10)[0]


def _echoed(controller: int) -> bytes:
    """What the terminal echoed back (read without waiting)."""
    got = b""
    while select.select([controller], [], [], 0.05)[0]:
        chunk = os.read(controller, 1024)
        if not chunk:
            break
        got += chunk
    return got


def test_typing_while_thinking_is_held_not_echoed(keyboard) -> None:
    controller, source = keyboard
    screen = Screen()
    with Thinking(source, screen, "Hard (O) is thinking") as thinking:
        assert thinking.active
        os.write(controller, b"e5")
        _arrived(source)
    assert thinking.held == "e5"
    assert _echoed(controller) == b""  # nothing landed on the spinner's line
    shown = screen.getvalue()
    assert shown.startswith(ERASE + "Hard (O) is thinking |")
    assert shown.endswith(ERASE)  # the line is cleared for the move
    attributes = termios.tcgetattr(source.fileno())
    assert attributes[3] & termios.ECHO and attributes[3] & termios.ICANON  # restored
    os.write(controller, b"x\n")
    assert b"x" in _echoed(controller)  # echo is back


def test_only_the_first_line_is_held_and_keys_are_cleaned(keyboard) -> None:
    controller, source = keyboard
    with Thinking(source, Screen(), "thinking") as thinking:
        os.write(controller, b"b22\x7f\r9\n")
        _arrived(source)
    assert thinking.held == "b2"
    assert _first_line(b"a1\x1b[Dzz") == "a1"
    assert _first_line("悔\x00棋\n".encode()) == "悔棋"


def test_the_spinner_turns_while_the_work_takes_time(keyboard) -> None:
    _, source = keyboard
    screen = Screen()
    with Thinking(source, screen, "thinking"):
        deadline = time.monotonic() + 30  # no timing claim: it only has to turn at all
        while screen.getvalue().count(ERASE) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
    frames = screen.getvalue().split(ERASE)
    assert {"thinking |", "thinking /", "thinking -"} <= set(frames)


def test_nothing_happens_on_pipes() -> None:
    screen = io.StringIO()
    with Thinking(io.StringIO("e5\n"), screen, "thinking") as thinking:
        pass
    assert not thinking.active
    assert thinking.held == ""
    assert screen.getvalue() == ""


def test_an_error_inside_restores_the_terminal(keyboard) -> None:
    _, source = keyboard
    before = termios.tcgetattr(source.fileno())
    with pytest.raises(KeyboardInterrupt), Thinking(source, Screen(), "thinking"):
        raise KeyboardInterrupt
    assert termios.tcgetattr(source.fileno()) == before


def _game_in_a_terminal(
    env: dict[str, str], argv: list[str]
) -> tuple[subprocess.Popen[bytes], int]:
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "play", *argv],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**env, "TERM": "xterm", "NO_COLOR": "1"},
    )
    os.close(terminal)
    return process, controller


def _until(controller: int, marker: bytes, seen: bytes = b"") -> bytes:
    deadline = time.monotonic() + 60
    while marker not in seen and time.monotonic() < deadline:
        if select.select([controller], [], [], 0.1)[0]:
            seen += os.read(controller, 4096)
    assert marker in seen, seen[-300:]
    return seen


def test_the_game_shows_the_spinner_and_erases_it(env: dict[str, str]) -> None:
    argv = ["--size", "7x7", "--opponent", "search", "--first", "computer"]
    process, controller = _game_in_a_terminal(env, argv)
    try:
        seen = _until(controller, b"(a1-g7) ")
        os.write(controller, b"q\r")
        assert process.wait(timeout=20) == 0
    finally:
        process.kill()
        os.close(controller)
    text = seen.decode()
    assert "Expert (X) is thinking |" in text
    spinner_end = text.index("The computer (Expert, X) plays")
    assert text[:spinner_end].endswith(ERASE)


def test_a_player_file_thinking_shows_its_clock_of_its_limit(
    env: dict[str, str], tmp_path: Path
) -> None:
    sleepy = tmp_path / "sleepy.py"
    sleepy.write_text("import time\n\n\ndef choose(board):\n    time.sleep(30)\n")
    argv = ["--opponent", str(sleepy), "--size", "3x3", "--first", "you", "--think", "1.5"]
    process, controller = _game_in_a_terminal(env, argv)
    try:
        seen = _until(controller, b"(0-8) ")
        os.write(controller, b"4\r")
        seen = _until(controller, b"(yes, no, or new to change the settings) ", seen)
        os.write(controller, b"no\r")
        assert process.wait(timeout=20) == 0
    finally:
        process.kill()
        os.close(controller)
    text = seen.decode()
    assert re.search(r"sleepy\.py \(O\) is thinking [|/\\-] 1\.\d s of 1\.5 s", text)
    assert "Traceback" not in text
    assert "sleepy.py loses this game: it took longer than 1.5 s to move." in text


@pytest.mark.slow
def test_what_was_typed_while_thinking_waits_at_the_prompt(env: dict[str, str]) -> None:
    # Perfect's first move on 5 x 4 takes about two seconds: time to type "b2" early.
    argv = ["--size", "5x4", "--k", "4", "--opponent", "perfect", "--first", "computer"]
    process, controller = _game_in_a_terminal(env, argv)
    try:
        seen = _until(controller, b"is thinking")
        os.write(controller, b"b2")
        seen = _until(controller, b"(a1-d5) ", seen)
        seen = _until(controller, b"b2", seen[seen.index(b"(a1-d5) ") :])  # put on the prompt
        os.write(controller, b"\x15q\r")  # Ctrl-U clears it; quit
        assert process.wait(timeout=20) == 0
    finally:
        process.kill()
        os.close(controller)


def test_the_line_shows_the_detail_then_the_clock_and_fits_the_width() -> None:
    thinking = Thinking(io.StringIO(), Screen(), "thinking", elapsed=lambda s: f"{s:.0f} s")
    thinking.columns = 80
    assert thinking.line(0) == "thinking |"  # no detail yet, and under a second: no clock
    thinking.detail = "depth 4 · h8 i9"
    assert thinking.line(1) == "thinking / depth 4 · h8 i9"
    thinking._started -= 3.2  # as if three seconds had passed
    assert thinking.line(2) == "thinking - depth 4 · h8 i9 · 3 s"
    thinking.columns = 16
    assert thinking.line(2) == "thinking - dept"  # one column spare for the cursor
    chinese = Thinking(io.StringIO(), Screen(), "计算机正在思考", columns=12)
    assert chinese.line(0) == "计算机正在"  # wide characters take two columns
    thinking.columns, thinking.colour = 80, True
    assert thinking.line(3) == "thinking \\\x1b[2m depth 4 · h8 i9 · 3 s\x1b[0m"  # muted


def test_enter_sets_the_stop_event_and_the_line_before_it_is_held(keyboard) -> None:
    controller, source = keyboard
    stop = threading.Event()
    with Thinking(source, Screen(), "hint", stop=stop) as thinking:
        os.write(controller, b"e5")
        _arrived(source)
        time.sleep(0.3)  # three frames: the spinner reads what was typed
        assert not stop.is_set()
        os.write(controller, b"\r")
        assert stop.wait(30)
    assert thinking.held == "e5"


def test_without_a_stop_event_enter_only_ends_the_held_line(keyboard) -> None:
    controller, source = keyboard
    with Thinking(source, Screen(), "thinking") as thinking:
        os.write(controller, b"b2\rc3")
        _arrived(source)
        time.sleep(0.3)
    assert thinking.held == "b2" and thinking.stop is None
