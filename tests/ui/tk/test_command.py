"""``tictactoe tk`` and plain ``tictactoe`` open the window; bad options end with a message."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe.cli.command import main
from tictactoe.cli.commands import tk as command
from tictactoe.core.rules import Rules
from tictactoe.saved.settings import Settings, SettingsStore, Theme
from tictactoe.texts.i18n import translator


def test_an_impossible_board_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tk", "--size", "3x3", "--k", "9", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 9." in err
    assert "Traceback" not in err


def test_no_display_is_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    assert main(["tk", "--lang", "en"]) == 1
    assert "Cannot open a window" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
@pytest.mark.parametrize("argv", [[], ["tk", "--size", "7x7", "--opponent", "human"]])
def test_the_program_opens_its_window(display: str, argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "DISPLAY": display, "LANG": "C.UTF-8", "TICTACTOE_HOME": str(tmp_path)}
    env.pop("LANGUAGE", None)
    program = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv, "--no-sound"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        found = subprocess.run(
            ["timeout", "15", "xdotool", "search", "--sync", "--name", "Tic-tac-toe"],
            env=env,
            capture_output=True,
            text=True,
        )
        assert found.returncode == 0, "the window appeared"
        window = found.stdout.split()[0]
        title = subprocess.run(
            ["xdotool", "getwindowname", window], env=env, capture_output=True, text=True
        ).stdout
        assert "X to move" in title
    finally:
        program.terminate()
        _out, err = program.communicate(timeout=10)
    assert "Traceback" not in err


def test_a_level_that_cannot_play_the_asked_board_is_a_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tk", "--size", "7x7", "--opponent", "perfect", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "Perfect does not play 7 x 7: choose another level."


@pytest.mark.parametrize(("given", "name"), [("expert", "search"), ("Medium", "win-block")])
def test_the_opponent_is_given_by_level_name_or_title(given: str, name: str) -> None:
    settings = command.settings_for(parse("--opponent", given), Settings())
    assert isinstance(settings, Settings) and settings.level == name
    assert command.build_match(parse("--opponent", given), settings).opponent == name


def test_an_unknown_opponent_lists_the_level_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tk", "--opponent", "grandmaster"])
    err = capsys.readouterr().err
    assert "Choose human (two people), a level (beginner, easy, medium," in err


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_remembered_settings_start_the_window_and_options_win(tmp_path: Path) -> None:
    remembered = Settings(language="ru", level="perfect", board=Rules(4, 4, 4), sound=False)
    settings = command.settings_for(parse(), remembered)
    assert settings == remembered
    match = command.build_match(parse(), remembered)
    assert (match.rules, match.opponent) == (Rules(4, 4, 4), "perfect")
    settings = command.settings_for(parse("--size", "15x15", "--lang", "vi"), remembered)
    assert isinstance(settings, Settings)
    assert (settings.board, settings.language, settings.level) == (
        Rules(15, 15, 5),
        "vi",
        "perfect",
    )
    match = command.build_match(parse("--size", "15x15"), settings)
    assert match.opponent != "perfect", "the remembered level gives way on 15 x 15"
    assert command.settings_for(parse("--k", "4"), remembered) == remembered.changed(
        board=Rules(4, 4, 4)
    )
    fresh = command.settings_for(parse(), Settings())
    assert isinstance(fresh, Settings)
    assert command.build_match(parse(), fresh).opponent == "win-block", "Medium by default"


def test_the_remembered_think_time_plays_unless_think_is_given() -> None:
    remembered = Settings(think=5.0)
    settings = command.settings_for(parse(), remembered)
    assert isinstance(settings, Settings) and settings.think == 5.0
    assert command.build_match(parse(), settings).think_seconds == 5.0
    settings = command.settings_for(parse("--think", "0.25"), remembered)
    assert isinstance(settings, Settings) and settings.think == 0.25, "--think wins for the launch"
    assert command.build_match(parse("--think", "0.25"), settings).think_seconds == 0.25
    fresh = command.settings_for(parse(), Settings())
    assert isinstance(fresh, Settings) and fresh.think == 1.0, "1 s by default"
    with pytest.raises(SystemExit):
        parse("--think", "0.01")


def test_unreadable_settings_are_said_once(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text("{oops", encoding="utf-8")
    loaded = store.load()
    assert command.startup_notice(translator("en"), loaded) == (
        "Saved settings could not be read; starting with the defaults."
    )
    assert command.startup_notice(translator("en"), store.load()) == ""


def window_shape(env: dict[str, str]) -> tuple[str, dict[str, int]]:
    """The title and geometry of the program's window (found by its class)."""
    found = subprocess.run(
        ["timeout", "15", "xdotool", "search", "--sync", "--class", "Tictactoe"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert found.returncode == 0, "the window appeared"
    window = found.stdout.split()[0]
    time.sleep(0.5)
    shape = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window], env=env, capture_output=True, text=True
    ).stdout
    values = dict(line.split("=") for line in shape.split())
    name = subprocess.run(
        ["xdotool", "getwindowname", window], env=env, capture_output=True, text=True
    ).stdout.strip()
    return name, {key: int(value) for key, value in values.items()}


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_the_largest_board_opens_a_window_that_fits_the_screen(
    display: str, tmp_path: Path
) -> None:
    env = {**os.environ, "DISPLAY": display, "LANG": "C.UTF-8", "TICTACTOE_HOME": str(tmp_path)}
    SettingsStore(tmp_path / "settings.json").save(Settings(language="ru", theme=Theme.DARK))
    program = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "tk", "--size", "26x26", "--no-sound"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        name, shape = window_shape(env)
        assert name.startswith("Крестики-нолики"), "the remembered language"
        assert shape["Y"] + shape["HEIGHT"] <= 1024 and shape["X"] + shape["WIDTH"] <= 1280
        assert shape["HEIGHT"] > 600, "as big as the screen allows"
    finally:
        program.terminate()
        _out, err = program.communicate(timeout=10)
    assert "Traceback" not in err
