"""The game as a real process: piped input, end of input, Ctrl-C, two processes, bad files."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe.saved.scoreboard import Scoreboard

SEED_004 = ["play", "--opponent", "first-free", "--size", "3x3"]
WIN = "X\n5\n9\n1\n"


def test_piped_seed_004_session(spawn) -> None:
    done = spawn(SEED_004, WIN + "yes\n3\n2\n6\nno\n")
    assert done.returncode == 0, done.stderr
    assert "Hooray! You have won the game!" in done.stdout
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 1 · draws 0." in done.stdout
    assert "\x1b[" not in done.stdout
    assert done.stderr == ""


def test_piped_seed_003_session_in_russian(spawn) -> None:
    argv = ["play", "--opponent", "centre-first", "--numbering", "index", "--size", "3x3"]
    done = spawn([*argv, "--lang", "ru"], "д\n0\n8\n6\n7\nнет\n")
    assert done.returncode == 0, done.stderr
    assert "Ура! Вы выиграли!" in done.stdout
    assert (
        "Счёт против «Средний: центр», 3 x 3, 3 в ряд: Вы 1 · компьютер 0 · ничьи 0." in done.stdout
    )


@pytest.mark.slow
def test_plain_tictactoe_without_display_plays_in_the_terminal(spawn) -> None:
    done = spawn(["--opponent", "first-free", "--size", "3x3"], WIN + "n\n")
    assert done.returncode == 0, done.stderr
    assert "Hooray! You have won the game!" in done.stdout


@pytest.mark.parametrize(
    "text",
    ["", "X\n", "X\n5\n", "X\n5\n9\n1\n", "\n\n\x00\x1b[A\n", "3x3\n"],
    ids=["first-question", "move", "mid-game", "play-again", "junk", "after-size"],
)
def test_end_of_input_says_goodbye_and_exits_0(spawn, text: str) -> None:
    argv = SEED_004 if text != "3x3\n" else ["play"]
    done = spawn(argv, text)
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("Goodbye!")


def test_undecodable_input_is_refused_not_a_crash(home: Path, env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe", *SEED_004],
        input=b"\xff\xfe\xc3\n" + WIN.encode() + b"n\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0
    assert b"Traceback" not in done.stdout + done.stderr
    assert b"Hooray! You have won the game!" in done.stdout


def _read_until(process: subprocess.Popen[bytes], marker: bytes, seconds: float = 20) -> bytes:
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    return seen


def test_ctrl_c_says_goodbye_and_exits_130(env: dict[str, str]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *SEED_004],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        assert b"Your choice? (1-4)" in _read_until(process, b"(1-4) [1] ")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 130
    assert b"Traceback" not in out + err
    assert b"Goodbye!" in out


@pytest.mark.slow
def test_two_processes_finishing_at_once_both_land(home: Path, env: dict[str, str]) -> None:
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "tictactoe", *SEED_004],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(2)
    ]
    try:
        for process in processes:  # both wait at their last move ...
            assert process.stdin is not None
            process.stdin.write(b"X\n5\n9\n")
            process.stdin.flush()
            assert b"(1-9)" in _read_until(process, b"What is your next move? (1-9) 9")
        for process in processes:  # ... and finish together
            assert process.stdin is not None
            process.stdin.write(b"1\nno\n")
            process.stdin.flush()
        outputs = [process.communicate(timeout=30) for process in processes]
    finally:
        for process in processes:
            process.kill()
    assert [process.returncode for process in processes] == [0, 0]
    for out, err in outputs:
        assert b"Hooray!" in out and b"scoreboard" not in out, err
    tallies = Scoreboard(home / "games.sqlite3").tallies()
    assert [(t.opponent, t.wins, t.losses, t.draws) for t in tallies] == [("first-free", 2, 0, 0)]


def test_corrupt_scoreboard_is_reported_once_and_play_goes_on(spawn, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"this is not an SQLite database\n" * 100)
    done = spawn(SEED_004, WIN + "yes\n3\n2\n6\nno\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.count("games.sqlite3 is damaged (it is not a file of saved games).") == 1
    assert done.stdout.count("Results are not saved; the game goes on.") == 1
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 1 · draws 0." in done.stdout


def test_corrupt_scoreboard_is_reported_in_the_users_language(spawn, home: Path) -> None:
    (home / "games.sqlite3").write_bytes(b"garbage" * 100)
    done = spawn([*SEED_004, "--lang", "vi"], WIN + "không\n")
    assert done.returncode == 0
    assert "games.sqlite3 bị hỏng (đây không phải tệp các ván đã lưu)." in done.stdout
    assert "Kết quả sẽ không được lưu, trò chơi vẫn tiếp tục." in done.stdout


def _run_in_terminal(env: dict[str, str], text: bytes) -> bytes:
    """Run the game with a pseudo-terminal as its output; returns what it printed."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *SEED_004],
        stdin=subprocess.PIPE,
        stdout=terminal,
        stderr=terminal,
        env=env,
    )
    os.close(terminal)
    assert process.stdin is not None
    process.stdin.write(text)
    process.stdin.close()
    seen = _drain(controller, 20)
    process.wait(timeout=20)
    os.close(controller)
    return seen


def _drain(controller: int, seconds: float, until: bytes | None = None) -> bytes:
    """What the terminal shows within ``seconds``, until it ends or shows ``until`` last."""
    got = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (until is None or not got.endswith(until)):
        ready, _, _ = select.select([controller], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(controller, 4096)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    return got


def test_colours_on_a_terminal(env: dict[str, str]) -> None:
    seen = _run_in_terminal(env, (WIN + "n\n").encode())
    assert b"\x1b[1;34m" in seen and b"Hooray!" in seen


def test_no_colours_with_no_color_on_a_terminal(env: dict[str, str]) -> None:
    seen = _run_in_terminal({**env, "NO_COLOR": "1"}, (WIN + "n\n").encode())
    assert b"Hooray!" in seen
    assert b"\x1b[" not in seen


def _type_in_terminal(env: dict[str, str], keys: list[bytes]) -> tuple[int, str]:
    """Run the game with a pseudo-terminal as input and output, typing ``keys`` at each
    question; returns the exit status and everything shown."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *SEED_004, "--first", "you"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**env, "TERM": "xterm", "NO_COLOR": "1"},
    )
    os.close(terminal)
    seen = b""
    try:
        for key in keys:
            seen += _drain(controller, 20, until=b") ")
            os.write(controller, key)
        seen += _drain(controller, 5)
        return process.wait(timeout=20), seen.decode()
    finally:
        process.kill()
        os.close(controller)


def test_arrow_keys_edit_the_answer_on_a_terminal(env: dict[str, str]) -> None:
    # 9, Left, 5, Enter: line editing makes it "59" (not a cell); 1 Left Right Enter is "1".
    status, out = _type_in_terminal(env, [b"9\x1b[D5\r", b"5\x1b[D\x1b[C\r", b"q\r"])
    assert status == 0
    assert '"59" is not a cell.' in out
    assert "The computer (Beginner, O) plays 7." in out
    assert "[D" not in out


def test_ctrl_d_on_a_terminal_ends_the_question_line(env: dict[str, str]) -> None:
    status, out = _type_in_terminal(env, [b"\x04"])
    assert status == 0
    assert "What is your next move? (1-9) \r\nGoodbye!" in out
