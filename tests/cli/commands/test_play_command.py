"""``tictactoe play`` flags: bad ones stop with one line saying why, and status 2."""

from __future__ import annotations

import os
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard

BAD_FLAGS = {
    "numpad on 5x5": (["--numbering", "numpad", "--size", "5x5"], "numpad works only on a 3x3"),
    "unknown numbering": (
        ["--numbering", "roman"],
        "--numbering must be one of index, numpad, coords, not 'roman'.",
    ),
    "negative delay": (["--delay", "-1"], "--delay must be a number of seconds from 0 to 60"),
    "delay not a number": (["--delay", "soon"], "seconds from 0 to 60, not 'soon'"),
    "delay of nan": (["--delay", "nan"], "seconds from 0 to 60, not 'nan'"),
    "delay of 5000 digits": (["--delay", "9" * 5000], "seconds from 0 to 60, not '999"),
    "unknown opponent": (["--opponent", "nobody"], "--opponent: there is no player 'nobody'."),
    "bad size": (["--size", "three"], "--size: Board size must look like"),
    "k too long": (["--size", "3x3", "--k", "9"], "k must be from 2 to 3"),
    "side against first": (["--side", "X", "--first", "computer"], "contradicts"),
    "side against coin": (["--side", "O", "--first", "coin"], "contradicts"),
    "bad side": (["--side", "Z"], "your side must be X or O"),
    "bad language": (["--lang", "klingon"], "there is no language 'klingon'"),
    "perfect on 15x15": (
        ["--opponent", "perfect", "--size", "15x15"],
        "Perfect does not play 15 x 15: choose another level.",
    ),
}


@pytest.mark.parametrize("flags,message", BAD_FLAGS.values(), ids=BAD_FLAGS.keys())
def test_bad_flags_exit_2_with_a_message(run, flags: list[str], message: str) -> None:
    status, out, err = run(["play", *flags])
    assert status == 2
    assert err.startswith("tictactoe play: ") and err.count("\n") == 1
    assert err.endswith(" For help, type: tictactoe play --help\n")
    assert message in err
    assert out == ""


def test_side_implies_who_starts(run) -> None:
    status, out, _ = run(["play", "--side", "O", "--opponent", "first-free", "--size", "3x3"], "")
    assert status == 0
    assert "The computer will go first: you play O." in out
    assert "Who goes first?" not in out


def test_side_picks_the_first_game_of_alternating_games(run) -> None:
    argv = ["play", "--side", "O", "--first", "alternate", "--opponent", "first-free"]
    status, out, _ = run([*argv, "--size", "3x3"], "5\n3\ny\n5\n9\n1\nn\n")
    assert status == 0
    first = out.index("The computer will go first: you play O.")
    assert first < out.index("You go first and play X.")
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 1 · draws 0." in out


def test_coin_toss_is_reproducible_with_a_seed(run) -> None:
    argv = ["play", "--first", "coin", "--seed", "7", "--opponent", "random", "--size", "3x3"]
    first = run(argv, "")[1]
    again = run(argv, "")[1]
    assert first == again
    assert "Coin toss: heads, so you go first and play X." in first


def test_help_lists_every_flag(run) -> None:
    status, out, _ = run(["play", "--help"])
    assert status == 0
    for flag in ("--side", "--first", "--opponent", "--you", "--size", "--k", "--lang"):
        assert flag in out
    for flag in ("--seed", "--numbering", "--delay"):
        assert flag in out


def test_no_help_mentions_the_seed_tutorials() -> None:
    import re

    from tictactoe import players
    from tictactoe.cli.command import COMMANDS, build_parser

    parser = build_parser()
    texts = [parser.format_help()]
    subparsers = next(a for a in parser._actions if a.dest == "command")
    texts += [subparsers.choices[name].format_help() for name in COMMANDS]
    for text in texts:
        assert not re.search(r"seeds? \d{3}|tutorial", text, flags=re.IGNORECASE), text
    play = " ".join(subparsers.choices["play"].format_help().split())
    assert ", ".join(players.flags()) in play, "the level names players type, weakest first"
    assert "(default: asked, medium offered)" in play
    for name in ("first-free", "win-block", "centre-first", "corner-first", "fork-aware"):
        assert name not in play, f"no internal name ({name}) in what players read"
    windows = " ".join(subparsers.choices["tk"].format_help().split())
    assert "(default: the level chosen last, at first medium)" in windows


class LockedScoreboard:
    """The scoreboard held locked by another connection, as another program writing would."""

    def __init__(self, path: Path) -> None:
        draw = Record(Rules(), (), "human", "random", None, Termination.ADJUDICATED)
        Archive(path).save(draw, scored=True)
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        if self.db.in_transaction:
            self.db.execute("COMMIT")


def _game(home: Path) -> subprocess.Popen[bytes]:
    argv = ["play", "--opponent", "first-free", "--size", "3x3", "--first", "you"]
    return subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "TICTACTOE_HOME": str(home), "LANGUAGE": "en"},
    )


def _read_until(process: subprocess.Popen[bytes], marker: bytes) -> bytes:
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + 30
    while marker not in seen and time.monotonic() < deadline:
        if select.select([process.stdout], [], [], 0.1)[0]:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    assert marker in seen, seen.decode()
    return seen


@pytest.mark.slow
def test_a_game_finished_while_the_scoreboard_is_busy_is_saved_during_the_next(
    home: Path,
) -> None:
    lock = LockedScoreboard(home / "games.sqlite3")
    game = _game(home)
    assert game.stdin is not None
    try:
        game.stdin.write(b"5\n9\n1\n")  # a win, finished while the file is locked
        game.stdin.flush()
        _read_until(game, b"Do you want to play again?")
        lock.release()
        game.stdin.write(b"yes\n5\n9\n1\nno\n")  # the next game, then the end
        game.stdin.flush()
        out, err = game.communicate(timeout=60)
    finally:
        lock.release()
        game.kill()
    assert game.returncode == 0, err
    assert b"scoreboard" not in out and err == b""
    first_free, random = Scoreboard(home / "games.sqlite3").tallies()
    assert (first_free.opponent, first_free.wins, random.draws) == ("first-free", 2, 1)


@pytest.mark.slow
def test_the_end_waits_for_a_busy_scoreboard_and_says_so(home: Path) -> None:
    lock = LockedScoreboard(home / "games.sqlite3")
    game = _game(home)
    assert game.stdin is not None
    try:
        game.stdin.write(b"5\n9\n1\nno\n")
        game.stdin.flush()
        _read_until(game, b"the scoreboard file is in use by another program (Ctrl-C to give up)")
        assert game.poll() is None  # still waiting for the file
        lock.release()
        out, err = game.communicate(timeout=60)
    finally:
        lock.release()
        game.kill()
    assert game.returncode == 0 and err == b"" and b"not saved" not in out
    assert Scoreboard(home / "games.sqlite3").tallies()[0].wins == 1


@pytest.mark.slow
def test_ctrl_c_gives_up_waiting_and_says_what_was_not_saved(home: Path) -> None:
    lock = LockedScoreboard(home / "games.sqlite3")
    game = _game(home)
    assert game.stdin is not None
    try:
        game.stdin.write(b"5\n9\n1\nno\n")
        game.stdin.flush()
        _read_until(game, b"(Ctrl-C to give up)")
        game.send_signal(signal.SIGINT)
        out, err = game.communicate(timeout=60)
    finally:
        lock.release()
        game.kill()
    assert game.returncode == 0 and b"Traceback" not in err
    assert out.rstrip().endswith(b"The result of 1 game was not saved.")
    assert [t.opponent for t in Scoreboard(home / "games.sqlite3").tallies()] == ["random"]
