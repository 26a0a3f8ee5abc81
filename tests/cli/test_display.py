"""Plain ``tictactoe`` plays in the terminal whenever no window opens, and says why in one line."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tictactoe.cli.command import main
from tictactoe.cli.display import has_display, no_display_reason
from tictactoe.texts.i18n import translator

WIN = "X\n5\n9\n1\nn\n"
"""You start, play the 9-5-1 diagonal against first-free, and stop."""
GAME = ["--opponent", "first-free", "--size", "3x3"]


@pytest.fixture
def play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """``play(argv, text)``: exit status, standard output and standard error of ``main``."""
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)

    def go(argv: list[str], text: str = WIN) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        status = main(argv)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return go


def test_a_display_that_does_not_answer_means_the_terminal_game(play, monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    status, out, err = play([*GAME, "--no-sound"])  # --no-sound is the window's: dropped
    assert status == 0
    assert err == (
        "No window can be opened (the display :9999 does not answer):"
        " playing in the terminal instead.\n"
    )
    assert "Hooray! You have won the game!" in out


def test_no_display_at_all_means_the_terminal_game(play, monkeypatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    status, out, err = play([*GAME, "--lang", "ru"], "X\n5\n9\n1\nнет\n")
    assert status == 0
    assert err == (
        "Окно открыть нельзя (дисплея нет: переменная DISPLAY не задана),"
        " поэтому игра идёт в терминале.\n"
    )
    assert "Ура! Вы выиграли!" in out


def test_without_tkinter_plain_tictactoe_plays_in_the_terminal(play, monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    monkeypatch.setitem(sys.modules, "tkinter", None)  # import tkinter raises ImportError
    status, out, err = play(GAME)
    assert status == 0
    assert "(tkinter is not installed): playing in the terminal instead." in err
    assert "Hooray! You have won the game!" in out


def test_the_window_command_itself_says_why_and_exits_1(play, monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    status, out, err = play(["tk", "--lang", "en"], "")
    assert status == 1
    assert err == "Cannot open a window: the display :9999 does not answer\n"
    assert out == ""


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Cannot open a window: there is no display: DISPLAY is not set\n"),
        ("vi", "Không mở được cửa sổ: không có màn hình: biến DISPLAY chưa được đặt\n"),
    ],
)
def test_the_window_command_without_a_display_says_so_in_its_own_words(
    play, monkeypatch, language: str, said: str
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    status, out, err = play(["tk", "--lang", language], "")
    assert status == 1 and out == ""
    assert err == said, "not Tk's 'no display name and no $DISPLAY environment variable'"


def test_help_and_version_are_not_games(play, monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", ":9999")
    with pytest.raises(SystemExit):
        play(["--version"], "")


def test_has_display() -> None:
    assert has_display({"DISPLAY": ":0"}, "linux")
    assert has_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not has_display({"DISPLAY": ""}, "linux")
    assert not has_display({}, "linux")
    assert has_display({}, "darwin") and has_display({}, "win32")


def test_the_reason_names_the_display_that_is_set() -> None:
    tr = translator("en")
    assert no_display_reason(tr, {"DISPLAY": ":5"}) == "the display :5 does not answer"
    assert no_display_reason(tr, {}) == "there is no display: DISPLAY is not set"
    vi = translator("vi")
    assert no_display_reason(vi, {"WAYLAND_DISPLAY": "w-1"}) == "màn hình w-1 không phản hồi"
