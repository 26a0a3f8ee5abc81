"""Shared test settings: keep saved state out of the user's real data folder; property
tests are not timed (a busy machine would fail them; speed lives in benchmarks/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("tictactoe-home")
    monkeypatch.setenv("TICTACTOE_HOME", str(home))
    return home
