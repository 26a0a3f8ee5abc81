"""Shared test settings: keep saved state out of the user's real data folder; property
tests are not timed (a busy machine would fail them; speed lives in benchmarks/); the
tests that open windows or a browser are marked ``gui`` (``-m "not slow and not gui"``
is the quick loop)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")

GUI_TESTS = ("ui/tk/", "ui/pgz/", "ui/web/test_browser.py")
"""Where the tests drive a real toolkit: Xvfb and tkinter, SDL (Pygame Zero), Chromium."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under :data:`GUI_TESTS` ``gui``."""
    tests = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(tests) and (
            item.path.relative_to(tests).as_posix().startswith(GUI_TESTS)
        ):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("tictactoe-home")
    monkeypatch.setenv("TICTACTOE_HOME", str(home))
    return home
