"""The game's sounds : a fanfare when you win, a sad trombone when you lose, a meow.

:func:`play` starts a WAV file playing and returns at once, using what the
platform has: ``winsound`` on Windows, ``afplay`` on macOS, and on Linux
the first of ``paplay``, ``pw-play``, ``aplay`` and ``ffplay`` that exists.
Where nothing can play sound it silently does nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from enum import StrEnum
from importlib import resources
from pathlib import Path


class Sound(StrEnum):
    """The sounds the games play; each value is a file stem in ``tictactoe/session/sounds``."""

    WIN = "win"
    LOSE = "lose"
    DRAW = "draw"


Player = Callable[[Path], None]
"""Something that starts a sound file playing without waiting for it."""

LINUX_PLAYERS: tuple[tuple[str, ...], ...] = (
    ("paplay",),
    ("pw-play",),
    ("aplay", "-q"),
    ("ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"),
)
"""Command lines tried in order on Linux and other Unix systems; the file name is appended."""


def path(sound: Sound) -> Path:
    """The WAV file of ``sound`` shipped with the package."""
    return Path(str(resources.files("tictactoe.session") / "sounds" / f"{sound.value}.wav"))


def command_for(platform: str = sys.platform) -> tuple[str, ...] | None:
    """The external player command for ``platform`` (without the file), or None if none exists."""
    if platform == "darwin":
        candidates: tuple[tuple[str, ...], ...] = (("afplay",),)
    else:
        candidates = LINUX_PLAYERS
    for command in candidates:
        if shutil.which(command[0]):
            return command
    return None


def play_file(file: Path) -> None:
    """Start ``file`` playing in the background; do nothing where sound cannot be played."""
    try:
        if sys.platform == "win32":
            import winsound

            winsound.PlaySound(str(file), winsound.SND_FILENAME | winsound.SND_ASYNC)
            return
        command = command_for()
        if command is None:
            return
        subprocess.Popen(
            [*command, str(file)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except (OSError, RuntimeError):
        return


def play(sound: Sound, player: Player = play_file) -> None:
    """Start ``sound`` playing without waiting for it to finish."""
    player(path(sound))
