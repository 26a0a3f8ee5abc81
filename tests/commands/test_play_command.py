"""``tictactoe play`` flags: bad ones stop with argparse's message and status 2."""

from __future__ import annotations

import pytest

BAD_FLAGS = {
    "numpad on 5x5": (["--numbering", "numpad", "--size", "5x5"], "numpad works only on a 3x3"),
    "unknown numbering": (["--numbering", "roman"], "numbering must be index, numpad, coords"),
    "negative delay": (["--delay", "-1"], "--delay: must be a number of seconds from 0 to 60"),
    "delay not a number": (["--delay", "soon"], "seconds from 0 to 60, not 'soon'"),
    "delay of nan": (["--delay", "nan"], "seconds from 0 to 60, not 'nan'"),
    "delay of 5000 digits": (["--delay", "9" * 5000], "seconds from 0 to 60, not '999"),
    "unknown opponent": (["--opponent", "nobody"], "unknown player 'nobody'"),
    "bad size": (["--size", "three"], "board size must look like"),
    "k too long": (["--size", "3x3", "--k", "9"], "k must be from 2 to 3"),
    "side against first": (["--side", "X", "--first", "computer"], "contradicts"),
    "side against coin": (["--side", "O", "--first", "coin"], "contradicts"),
    "bad side": (["--side", "Z"], "side must be X or O"),
    "bad language": (["--lang", "klingon"], "unknown language"),
    "perfect on 15x15": (["--opponent", "perfect", "--size", "15x15"], "perfect cannot play"),
}


@pytest.mark.parametrize("flags,message", BAD_FLAGS.values(), ids=BAD_FLAGS.keys())
def test_bad_flags_exit_2_with_a_message(run, flags: list[str], message: str) -> None:
    status, out, err = run(["play", *flags])
    assert status == 2
    assert "usage: tictactoe play" in err
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
    assert first < out.index("The player will go first: you play X.")
    assert "Score: you 1, the computer 1, ties 0." in out


def test_coin_toss_is_reproducible_with_a_seed(run) -> None:
    argv = ["play", "--first", "coin", "--seed", "7", "--opponent", "random", "--size", "3x3"]
    first = run(argv, "")[1]
    again = run(argv, "")[1]
    assert first == again
    assert "will go first" in first


def test_help_lists_every_flag(run) -> None:
    status, out, _ = run(["play", "--help"])
    assert status == 0
    for flag in ("--side", "--first", "--opponent", "--you", "--size", "--k", "--lang"):
        assert flag in out
    for flag in ("--seed", "--numbering", "--delay"):
        assert flag in out
