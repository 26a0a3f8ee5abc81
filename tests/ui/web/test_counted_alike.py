"""One rule for the scoreboard: the same games played in the terminal, a window's Session and
the browser are saved alike and counted alike by ``tictactoe stats``."""

from __future__ import annotations

import io
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from test_app import friend_pair, solo, win_as_x
from web_support import Page, Web

from tictactoe.cli.command import main
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.saved.archive import Archive
from tictactoe.saved.scoreboard import Scoreboard, Tally
from tictactoe.session import Session

AGAINST = (4, 2, 6)
"""X's cells against first-free (which answers 0, then 1): X wins on the diagonal."""
TWO_PEOPLE = (0, 3, 1, 4, 2)
"""Two people: X takes the top row."""


def in_the_terminal(monkeypatch: pytest.MonkeyPatch, opponent: str, typed: str) -> None:
    argv = ["play", "--opponent", opponent, "--size", "3x3", "--first", "you", "--lang", "en"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed + "no\n"))
    assert main(argv) == 0


def in_a_window(home: Path, opponent: str, cells: tuple[int, ...]) -> None:
    match = Match(Rules(), opponent, starter=Starter.YOU)
    session = Session(match, scoreboard=Scoreboard(home / "games.sqlite3"), reply_pause=0.0)
    try:
        for cell in cells:
            session.play(cell)
            deadline = time.monotonic() + 10
            while not (session.game.is_over or session.game.waiting_for_human):
                assert time.monotonic() < deadline
                session.update()
                time.sleep(0.002)
        session.update()
        assert session.game.is_over and session.save_problem is None
    finally:
        session.close()


def in_the_browser(web: Web) -> None:
    page = Page(web.open().ws)
    solo(page, "first-free", "you")
    for ply, cell in enumerate(AGAINST):  # each move answered, the last one wins
        page.send(t="move", cell=cell, ply=2 * ply)
        page.state(lambda s, n=2 * ply + 2: s["over"] or len(s["moves"]) == n)
    a, b, _ = friend_pair(web)
    win_as_x(a, b)
    web.written()


def test_the_same_games_are_counted_alike_whichever_front_end_played_them(
    web: Web, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scoreboard = Scoreboard(web.home / "games.sqlite3")
    in_the_terminal(monkeypatch, "first-free", "5\n9\n1\n")  # numpad: cells 4, 2, 6
    in_the_terminal(monkeypatch, HUMAN, "7\n4\n8\n5\n9\n")  # cells 0, 3, 1, 4, 2
    once = scoreboard.tallies()
    assert once == [Tally("first-free", Rules(), 1, 0, 0), Tally(HUMAN, Rules(), 1, 0, 0)]
    in_a_window(web.home, "first-free", AGAINST)
    in_a_window(web.home, HUMAN, TWO_PEOPLE)
    assert scoreboard.tallies() == [replace(t, wins=2) for t in once]
    in_the_browser(web)
    assert scoreboard.tallies() == [replace(t, wins=3) for t in once]

    games = [saved.record for saved in reversed(Archive(scoreboard.path).games().games)]
    undated = [replace(record, started=None, finished=None) for record in games]
    assert undated[0:2] == undated[2:4] == undated[4:6]  # saved alike, too
    capsys.readouterr()
    assert main(["stats", "--lang", "en"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["Two", "players", "3x3,", "3", "in", "a", "row", "3", "0", "0"] in rows
    assert [row[-3:] for row in rows[1:3]] == [["3", "0", "0"]] * 2
