"""End-of-game sounds through Pygame Zero's own sound loader (``sounds.win.play()``).

The files are the desktop game's: ``tictactoe/session/sounds/{win,lose,draw}.wav``.
A machine without audio (or a missing file) only turns the sound off; the
game goes on.
"""

from __future__ import annotations

from typing import Protocol

import pygame
from pgzero.loaders import UnsupportedFormat

from tictactoe.session.sound import Sound


class SoundLoader(Protocol):
    """pgzero's :class:`~pgzero.loaders.SoundLoader`: ``loader.win`` is a playable sound."""

    def load(self, name: str) -> object: ...


class Speaker:
    """Plays :class:`~tictactoe.session.sound.Sound` names from a pgzero sound loader, if on."""

    def __init__(self, loader: SoundLoader | None, *, enabled: bool = True) -> None:
        self._loader = loader
        self.enabled = enabled
        self.broken: str | None = None if loader is not None else "no audio device"
        """Why sound cannot be played (English, for logs), or None when it works."""
        self.last: Sound | None = None
        """The most recent sound started (for the record; tests read it)."""

    @property
    def available(self) -> bool:
        """True while pygame's mixer runs and no sound has failed."""
        return self.broken is None and bool(pygame.mixer.get_init())

    def play(self, which: Sound) -> bool:
        """Start ``which`` if sound is on and works; True when it was started."""
        if not self.enabled or self._loader is None or self.broken is not None:
            return False
        try:
            sound = getattr(self._loader, str(which))
            sound.play()
        except (AttributeError, KeyError, UnsupportedFormat, pygame.error) as error:
            self.broken = str(error)
            return False
        self.last = which
        return True
