"""Your own player and Gomocup engines in the desktop window: chosen from the Skill level menu,
they play like a level; one that fails loses the game, and the window says why."""

from __future__ import annotations

import shlex
import sys
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Termination
from tictactoe.core.rules import Rules
from tictactoe.ui.tk.dialogs import EngineDialog

from .conftest import Harness

MakeApp = Callable[..., Harness]


OWN_BRAIN = f"{shlex.quote(sys.executable)} -m tictactoe brain"


def own_player(h: Harness, path: Path) -> None:
    h.dialogs.player_file = str(path)
    h.app.menus.invoke("level", "own-file")


def test_a_ten_line_player_is_chosen_from_the_menu_and_plays(
    make_app: MakeApp, ten_line_player: Path
) -> None:
    path = ten_line_player
    h = make_app(opponent="first-free")
    assert h.app.menus.label("level", "own-file") == "Your own player..."
    own_player(h, path)
    m = h.app.menus
    assert m.label("level", "own") == "corners.py — your own player, in Python"
    assert h.app.vars.level.get() == str(path), "its entry is checked"
    assert h.app.toolbar.level.get() == "corners.py"
    h.click_cell(0)
    assert h.pump(lambda: len(h.marks()) == 2, timeout=15)
    assert h.marks() == {0: Mark.X, 4: Mark.O}
    h.app.menus.invoke("level", "random")
    assert h.app.session.match.opponent == "random"
    assert h.app.menus.label("level", "own").startswith("corners.py"), "it stays on the menu"


def test_a_player_that_fails_loses_and_the_window_says_why(
    make_app: MakeApp, tmp_path: Path
) -> None:
    path = tmp_path / "cheat.py"
    path.write_text("def choose(board):\n    return 0\n")
    h = make_app(opponent="first-free")
    own_player(h, path)
    h.click_cell(0)
    assert h.pump(lambda: h.app.session.game.is_over, timeout=15)
    outcome = h.app.session.game.outcome
    assert outcome is not None and outcome.termination is Termination.FORFEIT
    assert h.status == "cheat.py played a taken cell: you win.", "it did not leave"
    assert h.notice == "cheat.py loses this game: it played 0, top left, which is taken."
    shown = str(h.app.footer.notice.cget("text"))
    assert shown.replace("\n", " ") == h.notice, "the game is over: said whole, on more lines"
    assert "You 1" in h.app.footer.score.cget("text")


def test_a_player_that_runs_out_of_time_loses_on_time_said_whole(
    make_app: MakeApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "forever.py"
    path.write_text("def choose(board):\n    while True:\n        pass\n")
    h = make_app(opponent="first-free", think=0.6)
    failures: list[BaseException] = []
    monkeypatch.setattr(
        h.root._root(), "report_callback_exception", lambda *error: failures.append(error[1])
    )
    own_player(h, path)
    h.click_cell(4)
    assert h.pump(lambda: "of 0.6 s" in str(h.app.banner.detail.cget("text")), timeout=15), (
        "while it thinks, the time it has"
    )
    assert h.pump(lambda: h.app.session.game.is_over, timeout=15)
    assert failures == [], "no error on the way (the time limit of an own player)"
    assert h.status == "forever.py ran out of time: you win."
    assert h.app.banner.lines == [h.status], "whole, on one line"
    assert h.notice == "forever.py loses this game: it took longer than 0.6 s to move."


def test_a_file_that_cannot_play_is_refused_saying_why(make_app: MakeApp, tmp_path: Path) -> None:
    path = tmp_path / "typo.py"
    path.write_text("def choose(board)\n    return 0\n")
    h = make_app(opponent="first-free")
    own_player(h, path)
    assert h.app.session.match.opponent == "first-free"
    assert h.notice == "typo.py cannot play: SyntaxError: expected ':' at line 1."
    h.dialogs.player_file = None  # cancelled: nothing changes
    h.app.menus.invoke("level", "own-file")
    assert h.app.session.match.opponent == "first-free"


def test_an_engine_moves_the_game_to_fifteen_by_fifteen_and_plays(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", think=0.2)
    h.dialogs.engine = OWN_BRAIN
    h.app.menus.invoke("level", "engine")
    assert h.app.session.match.rules == Rules(15, 15, 5)
    assert h.notice == "Engines play five in a row: a new game on 15 x 15."
    assert h.app.menus.label("level", "own").startswith("tictactoe brain")
    h.click_cell(Rules(15, 15, 5).cell(7, 7))
    assert h.pump(lambda: len(h.marks()) == 2, timeout=20)
    h.app.menus.invoke("level", "engine")
    assert h.dialogs.engines_asked == ["", OWN_BRAIN], "offered again"
    h.app.menus.invoke("board", "3x3k3")
    assert h.app.session.match.opponent == "perfect"
    assert h.app.menus.state("level", "own") == "disabled"


def test_the_engine_dialog_checks_the_program(tk_root: tk.Tk, make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    dialog = EngineDialog(h.root, "", h.app.session.tr, ask_path=lambda: "/opt/my engines/pbrain-x")
    dialog.ok()
    assert dialog.message.cget("text") == "Type the engine's command, or find its program."
    dialog.browse()
    assert dialog.field.get() == "'/opt/my engines/pbrain-x'"
    dialog.ok()
    assert dialog.message.cget("text") == "There is no program '/opt/my engines/pbrain-x'."
    dialog.field.delete(0, "end")
    dialog.field.insert(0, OWN_BRAIN)
    dialog.ok()
    assert dialog.result == OWN_BRAIN


@pytest.mark.slow
def test_an_engine_plays_a_whole_game_on_fifteen_by_fifteen(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", think=0.1, you="search")
    h.dialogs.engine = OWN_BRAIN
    h.app.menus.invoke("level", "engine")
    assert h.pump(lambda: h.app.session.game.is_over, timeout=300)
    outcome = h.app.session.game.outcome
    assert outcome is not None and outcome.termination in (Termination.LINE, Termination.FULL_BOARD)
