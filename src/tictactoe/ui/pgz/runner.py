"""Run a :class:`~.app.PgzApp` with Pygame Zero's own machinery, asleep while nothing happens.

``pgzrun`` runs a *script*: a module whose globals are ``WIDTH``,
``HEIGHT``, ``TITLE``, ``draw()``, ``update()`` and the ``on_*`` handlers.
This builds that module in memory with each hook calling the app, lets
:func:`pgzero.runner.prepare_mod` set it up (resource root, icon, builtins
such as ``screen`` and ``sounds``) and runs it with :class:`QuietGame`:
pgzero's own game object (event dispatch to the handlers, the screen, the
title), with one change to its main loop. pgzero's loop draws sixty frames
a second whether anything changed or not (15% of a core on 3 x 3, half a
core on 15 x 15, for a window waiting for a click); this one waits for an
event or for the next moment the picture changes by itself (a message
ending), draws only when the app says the picture changed, and runs at the
frame rate only while the computer thinks or pgzero's clock has something
scheduled (near 0% of a core while waiting for a click). It also follows
the window when it is resized or uncovered.

The module's ``__file__`` is the package folder, so pgzero's loaders find
the shared sounds in ``tictactoe/session/sounds``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from tictactoe.ui.pgz.app import PgzApp

MODULE_NAME = "tictactoe_pgzero_game"
FRAME_RATE = 60
"""Frames a second while something moves (the computer thinking, pgzero's clock)."""
IDLE_POLL = 0.02
"""Seconds between two looks for events while nothing happens."""


def package_root() -> Path:
    """The session package folder (it holds ``sounds/``)."""
    return Path(str(resources.files("tictactoe.session")))


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
        # Another board shown (a saved game, play on from it): pgzero resizes the window.
        mod.WIDTH = app.layout.width  # type: ignore[attr-defined]
        mod.HEIGHT = app.layout.height  # type: ignore[attr-defined]

    def on_mouse_down(pos: tuple[int, int], button: int) -> None:
        app.on_mouse_down(pos, int(button))

    def on_key_down(key: int, unicode: str) -> None:
        app.on_key_down(int(key), unicode or "")

    mod.draw = draw  # type: ignore[attr-defined]
    mod.update = update  # type: ignore[attr-defined]
    mod.on_mouse_down = on_mouse_down  # type: ignore[attr-defined]
    mod.on_key_down = on_key_down  # type: ignore[attr-defined]
    return mod


def quiet_game(app: PgzApp, mod: ModuleType) -> object:
    """pgzero's game object for ``mod``, with a main loop that sleeps while nothing changes."""
    import pygame
    from pgzero.game import PGZeroGame

    exposed = frozenset(
        getattr(pygame, name)
        for name in ("WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "VIDEOEXPOSE")
        if hasattr(pygame, name)
    )

    class QuietGame(PGZeroGame):  # type: ignore[misc]
        def mainloop(self) -> None:
            import pgzero.clock

            clock = pygame.time.Clock()
            self.reinit_screen()
            update = self.get_update_func()
            draw = self.get_draw_func()
            self.load_handlers()
            scheduled = pgzero.clock.clock
            self.need_redraw = True
            last = time.monotonic()
            while True:
                if app.working or scheduled.events or scheduled._each_tick:
                    clock.tick(FRAME_RATE)
                    events = pygame.event.get()
                else:
                    events = _wait(app)
                now = time.monotonic()
                dt, last = now - last, now
                for event in events:
                    if event.type == pygame.QUIT:
                        return
                    if event.type == pygame.KEYDOWN:
                        if event.key == pygame.K_q and event.mod & (
                            pygame.KMOD_CTRL | pygame.KMOD_META
                        ):
                            sys.exit(0)
                        self.keyboard._press(event.key)
                    elif event.type == pygame.KEYUP:
                        self.keyboard._release(event.key)
                    elif event.type == pygame.VIDEORESIZE:
                        app.resize(event.w, event.h)
                        mod.WIDTH = app.layout.width  # type: ignore[attr-defined]
                        mod.HEIGHT = app.layout.height  # type: ignore[attr-defined]
                        self.need_redraw = True
                    elif event.type in exposed:
                        self.need_redraw = True
                    self.dispatch_event(event)
                scheduled.tick(dt)
                if update is not None:
                    update(dt)
                if self.reinit_screen():
                    self.need_redraw = True
                if self.need_redraw or app.needs_frame():
                    if self.need_redraw:
                        app.forget_drawing()
                    draw()
                    pygame.display.flip()
                    self.need_redraw = False

    return QuietGame(mod)


def _wait(app: PgzApp) -> list[Any]:
    """Sleep a little (less if the picture is due to change sooner); the events that came.

    Not ``pygame.event.wait``: pygame waits by polling every millisecond,
    which alone costs 2% of a core; a few dozen short sleeps a second cost
    a tenth of that and answer a click within :data:`IDLE_POLL` seconds.
    """
    import pygame

    due = app.next_change()
    time.sleep(IDLE_POLL if due is None else max(0.0, min(IDLE_POLL, due)))
    return pygame.event.get()


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


def _desktop() -> tuple[int, int] | None:
    """The size of the screen the window opens on, if SDL knows it."""
    import pygame

    try:
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return None
    return sizes[0] if sizes else None


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
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # the whole window on the screen
    with native_stderr_silenced():
        import pgzero.runner  # starts pygame (display, mixer) on import

        check_display()
        ensure_mixer()
    import pgzero.game
    import pygame
    from pgzero import loaders

    pygame.joystick.quit()  # the game reads no joystick; SDL would poll for one
    app.fit_window(_desktop())
    pgzero.game.DISPLAY_FLAGS = pygame.RESIZABLE
    mod = build_module(app, root)
    sys.modules[MODULE_NAME] = mod
    pgzero.runner.prepare_mod(mod)
    # prepare_mod puts the root on sys.path for a script's own imports; there are none here.
    if sys.path and sys.path[0] == loaders.root:
        del sys.path[0]
    try:
        quiet_game(app, mod).run()  # type: ignore[attr-defined]
    except SystemExit as stop:  # pgzero's Ctrl+Q and exit() end the game this way
        if stop.code not in (None, 0):
            raise
    finally:
        app.close()
        sys.modules.pop(MODULE_NAME, None)
    return mod
