"""Where saved state lives: ``$TICTACTOE_HOME`` if set, else the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

HOME_VARIABLE = "TICTACTOE_HOME"
"""Environment variable that points the scoreboard (and other saved state) elsewhere."""


def data_home() -> Path:
    """The folder for the scoreboard and settings (not created here).

    ``~`` and ``~user`` in ``$TICTACTOE_HOME`` are expanded when they can be;
    one that names no known user is left as it is (a folder of that name),
    and opening the files there then says what is wrong, as for any path.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError:  # "~nosuchuser": no home directory to put in its place
            return Path(override)
    from platformdirs import user_data_path

    return user_data_path("tictactoe", appauthor=False)
