"""Whether a window can be opened here, and when not, why, in the user's words.

Plain ``tictactoe`` opens the desktop window where it can and otherwise plays
in the terminal; the window commands say why they cannot open a window. A
set ``DISPLAY`` is no promise: the X server it names may not answer, which
only trying to open a window tells (:class:`NoWindowError`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from tictactoe.texts.i18n import Gettext


class NoWindowError(Exception):
    """No window could be opened; the message says why, in the user's language."""


def has_display(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> bool:
    """True when a window may open: an X or Wayland display is named, or Windows/macOS."""
    if platform in ("win32", "darwin"):
        return True
    env = os.environ if environ is None else environ
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def no_display_reason(_: Gettext, environ: Mapping[str, str] | None = None) -> str:
    """Why no window opened: the display named does not answer, or none is named."""
    env = os.environ if environ is None else environ
    name = env.get("WAYLAND_DISPLAY") or env.get("DISPLAY")
    if name:
        return _("the display {name} does not answer").format(name=name)
    return _("there is no display: DISPLAY is not set")
