"""Shared test settings: keep saved state out of the user's real data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("tictactoe-home")
    monkeypatch.setenv("TICTACTOE_HOME", str(home))
    return home
