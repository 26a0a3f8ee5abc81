"""Run a :class:`~.app.PgzApp` with Pygame Zero's own machinery.

``pgzrun`` runs a *script*: a module whose globals are ``WIDTH``,
``HEIGHT``, ``TITLE``, ``draw()``, ``update()`` and the ``on_*`` handlers.
This builds that module in memory with each hook calling the app, lets
:func:`pgzero.runner.prepare_mod` set it up (resource root, icon, builtins
such as ``screen`` and ``sounds``) and runs it with
:func:`pgzero.runner.run_mod` - pgzero's event dispatch, frame clock and
title handling, unchanged. The title follows the game because ``update()``
copies ``app.title`` into ``TITLE``, which pgzero applies every frame.

The module's ``__file__`` is the package folder, so pgzero's loaders find
the shared sounds in ``tictactoe/sounds``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from types import ModuleType

from tictactoe.ui.pgz.app import PgzApp

MODULE_NAME = "tictactoe_pgzero_game"


def package_root() -> Path:
    """The ``tictactoe`` package folder (it holds ``sounds/``)."""
    return Path(str(resources.files("tictactoe")))


def build_module(app: PgzApp, root: Path | None = None) -> ModuleType:
    """The Pygame Zero "script" whose hooks call ``app``; loaders read from ``root``."""
    mod = ModuleType(MODULE_NAME)
    mod.__file__ = str((root if root is not None else package_root()) / "__init__.py")
    mod.WIDTH = app.layout.width  # type: ignore[attr-defined]
    mod.HEIGHT = app.layout.height  # type: ignore[attr-defined]
    mod.TITLE = app.title  # type: ignore[attr-defined]

    # pgzero reads each hook's parameter names, so these are plain functions.
    def draw() -> None:
        app.draw(mod.screen)

    def update() -> None:
        app.update()
        mod.TITLE = app.title  # type: ignore[attr-defined]

    def on_mouse_down(pos: tuple[int, int], button: int) -> None:
        app.on_mouse_down(pos, int(button))

    def on_key_down(key: int) -> None:
        app.on_key_down(int(key))

    mod.draw = draw  # type: ignore[attr-defined]
    mod.update = update  # type: ignore[attr-defined]
    mod.on_mouse_down = on_mouse_down  # type: ignore[attr-defined]
    mod.on_key_down = on_key_down  # type: ignore[attr-defined]
    return mod


class NoDisplayError(Exception):
    """No window can be opened here; the message says why (in SDL's words)."""


def check_display() -> None:
    """Raise :class:`NoDisplayError` unless pygame can open a real window.

    Without a display SDL quietly falls back to its invisible "offscreen"
    driver, and the game would run where nobody can see it; that is only
    wanted when ``SDL_VIDEODRIVER`` asks for it (the tests ask for "dummy").
    """
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplayError(str(error)) from None
    if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise NoDisplayError("no display found (is DISPLAY set?)")


def ensure_mixer() -> bool:
    """Start pygame's mixer if it is not running (a previous run stopped it); True if it runs."""
    import pygame

    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return True


@contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Hide what C libraries write to stderr meanwhile.

    On a machine without a sound card, ALSA prints a dozen lines of
    complaints while SDL looks for one; the game simply plays without sound.
    """
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # stderr is not a real file
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    try:
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        os.close(devnull)


def run(app: PgzApp, root: Path | None = None) -> ModuleType:
    """Open the window and play until it is closed (or Esc); returns the module that ran.

    Raises :class:`NoDisplayError` when there is no display to open it on.
    """
    with native_stderr_silenced():
        import pgzero.runner  # starts pygame (display, mixer) on import

        check_display()
        ensure_mixer()
    from pgzero import loaders

    mod = build_module(app, root)
    sys.modules[MODULE_NAME] = mod
    pgzero.runner.prepare_mod(mod)
    # prepare_mod puts the root on sys.path for a script's own imports; there are none here.
    if sys.path and sys.path[0] == loaders.root:
        del sys.path[0]
    try:
        pgzero.runner.run_mod(mod)
    except SystemExit as stop:  # pgzero's Ctrl+Q and exit() end the game this way
        if stop.code not in (None, 0):
            raise
    finally:
        sys.modules.pop(MODULE_NAME, None)
    return mod
