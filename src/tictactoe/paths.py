"""Where saved state lives: ``$TICTACTOE_HOME`` if set, else the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

HOME_VARIABLE = "TICTACTOE_HOME"
"""Environment variable that points the scoreboard (and other saved state) elsewhere."""


def data_home() -> Path:
    """The folder for the scoreboard and settings (not created here)."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path("tictactoe", appauthor=False)
