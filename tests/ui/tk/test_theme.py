"""Light and dark colours, the system's preference, HiDPI scaling."""

from __future__ import annotations

import pytest

from tictactoe.saved.settings import Theme
from tictactoe.ui.tk import theme
from tictactoe.ui.tk.theme import DARK, LIGHT, Palette


def test_light_dark_and_the_system_choice() -> None:
    assert theme.palette(Theme.LIGHT, system_dark=True) is LIGHT
    assert theme.palette(Theme.DARK, system_dark=False) is DARK
    assert theme.palette(Theme.SYSTEM, system_dark=True) is DARK
    assert theme.palette(Theme.SYSTEM, system_dark=False) is LIGHT


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["light", "dark"])
def test_marks_hints_and_markers_never_share_a_colour(colours: Palette) -> None:
    marks = set(colours.marks.values())
    hints = set(colours.hints.values())
    markers = {colours.win, colours.cursor, colours.last_move}
    assert len(marks) == 2 and len(hints) == 5 and len(markers) == 3
    assert marks.isdisjoint(hints) and marks.isdisjoint(markers) and hints.isdisjoint(markers)


def test_the_system_preference_from_gtk_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    theme.system_prefers_dark.cache_clear()
    monkeypatch.setattr(theme.sys, "platform", "linux")
    monkeypatch.setenv("GTK_THEME", "Adwaita:dark")
    try:
        assert theme.system_prefers_dark()
        theme.system_prefers_dark.cache_clear()
        monkeypatch.setenv("GTK_THEME", "Adwaita")
        assert not theme.system_prefers_dark()
    finally:
        theme.system_prefers_dark.cache_clear()


def test_a_missing_query_command_answers_nothing() -> None:
    assert theme._command("no-such-command-for-tictactoe", "--version") == ""


class FakeRoot:
    def __init__(self, dpi: float) -> None:
        self.dpi = dpi

    def winfo_fpixels(self, _distance: str) -> float:
        return self.dpi


@pytest.mark.parametrize(("dpi", "scale"), [(96, 1.0), (72, 1.0), (144, 1.5), (192, 2.0)])
def test_sizes_follow_the_screen_density(dpi: float, scale: float) -> None:
    assert theme.ui_scale(FakeRoot(dpi)) == scale  # type: ignore[arg-type]
