"""Your own player and Gomocup engines in the Pygame Zero game: the settings' level row ends
with them; a file or a command is typed; one that fails loses the game, the strip says why."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pygame

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Termination
from tictactoe.core.rules import Rules
from tictactoe.ui.pgz.menus import PlayerEntry, Setting


def type_text(d: Any, text: str) -> None:
    for char in text:
        d.key(pygame.K_a, char)  # the key code does not matter: what it types does


def test_the_entry_takes_printable_text() -> None:
    entry = PlayerEntry(engine=True)
    entry.type("pbrain-x\x07 --fast")
    entry.erase()
    assert entry.text == "pbrain-x --fas"
    assert entry.name == "brain:pbrain-x --fas"
    entry.text = "brain:pbrain-y"
    assert entry.name == "brain:pbrain-y", "brain: typed too is taken once"
    assert PlayerEntry(engine=False, text=" x.py ").name == "x.py"


def test_a_ten_line_player_is_typed_in_the_level_row_and_plays(
    new_app: Any, run: Any, tmp_path: Path, ten_line_player: Path
) -> None:
    path = ten_line_player
    app = new_app("--opponent", "perfect", "--size", "3x3", "--first", "you")

    def script(d: Any) -> Any:
        d.app.open_settings(Setting.LEVEL)
        d.key(pygame.K_RIGHT)  # from Perfect, the strongest level: your own player
        yield from d.settle()
        panel = d.app.scene().panel
        assert panel.title == "Your own player"
        assert panel.lines[0] == "Type the path of a Python file that defines choose(board)."
        d.app.entry.text = ""
        type_text(d, str(tmp_path / "nothing.py"))
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.scene().panel.lines[-1] == f"There is no file '{tmp_path / 'nothing.py'}'."
        for _ in "nothing.py":
            d.key(pygame.K_BACKSPACE)
        type_text(d, "corners.py")
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.panel is None
        assert d.app.session.match.opponent == str(path)
        assert d.app.message == "Your opponent: corners.py"
        yield from d.play([0])
        assert d.app.session.game.board[4] is Mark.O
        d.app.open_settings(Setting.LEVEL)
        yield from d.settle()
        assert d.app.scene().panel.values[0] == "corners.py"
        d.key(pygame.K_LEFT)
        yield from d.settle()
        assert d.app.session.preferred == "perfect"
        d.key(pygame.K_RIGHT)
        yield from d.settle()
        assert d.app.session.preferred == str(path), "it stays among the levels"

    run(app, script)


def test_a_player_that_fails_loses_and_the_strip_says_why(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cheat.py"
    path.write_text("def choose(board):\n    return 0\n")
    app = new_app("--opponent", str(path), "--size", "3x3", "--first", "you")

    def script(d: Any) -> Any:
        d.click(0)
        yield from d.until(lambda: d.app.session.game.is_over)
        outcome = d.app.session.game.outcome
        assert outcome is not None and outcome.termination is Termination.FORFEIT
        assert d.app.status == "cheat.py played a taken cell: you win.", "it did not leave"
        assert d.app.message == "cheat.py loses this game: it played 0, top left, which is taken."

    run(app, script)


def test_a_player_that_runs_out_of_time_loses_on_time(
    new_app: Any, run: Any, tmp_path: Path
) -> None:
    path = tmp_path / "forever.py"
    path.write_text("def choose(board):\n    while True:\n        pass\n")
    app = new_app("--opponent", str(path), "--first", "you", "--think", "0.6")

    def script(d: Any) -> Any:
        d.click(4)
        yield from d.until(lambda: "of 0.6 s" in (d.app.thinking_progress or ""))
        assert "of 0.6 s" in d.app.scene().detail, "while it thinks, the time it has"
        yield from d.until(lambda: d.app.session.game.is_over)
        assert d.app.status == "forever.py ran out of time: you win."
        assert d.app.message == "forever.py loses this game: it took longer than 0.6 s to move."

    run(app, script)


def test_an_engine_is_typed_and_plays_on_fifteen_by_fifteen(new_app: Any, run: Any) -> None:
    app = new_app("--opponent", "medium", "--size", "3x3", "--first", "you", "--think", "0.2")
    command = f"{shlex.quote(sys.executable)} -m tictactoe brain"

    def script(d: Any) -> Any:
        d.app.open_settings(Setting.LEVEL)
        d.app.open_player_entry(engine=True)
        yield from d.settle()
        assert d.app.scene().panel.title == "Engine"
        type_text(d, command)
        d.key(pygame.K_RETURN)
        yield from d.settle()
        assert d.app.session.match.rules == Rules(15, 15, 5)
        assert d.app.session.match.opponent == f"brain:{command}"
        d.click(Rules(15, 15, 5).cell(7, 7))
        yield from d.until(lambda: len(d.app.session.game.moves) == 2, frames=600)

    run(app, script)
