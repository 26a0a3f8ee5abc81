"""Screenshots of the Pygame Zero game, rendered headless by the real program.

Builds the game exactly as ``tictactoe pgzero`` does, with a fresh data
folder (every setting at its default: the Medium level, the window at its own
size for the board), runs it through its own frame loop under SDL's dummy
video driver, plays with real mouse and key events, and saves the window to
``docs/screenshots/pgzero-*.png``. Only ``--seed`` is given, so Medium's
random choices, and with them the pictures, are the same every time::

    python scripts/screenshot_pgzero.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["TICTACTOE_HOME"] = tempfile.mkdtemp(prefix="tictactoe-shots-")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import argparse

import pgzero.clock
import pygame
from pgzero.loaders import SoundLoader
from screenshots import free_moves, winning_moves

from tictactoe.commands import pgzero as command
from tictactoe.core.rules import Rules
from tictactoe.i18n import translator
from tictactoe.settings import SettingsStore
from tictactoe.ui.pgz import runner
from tictactoe.ui.pgz.app import PgzApp
from tictactoe.ui.pgz.audio import Speaker

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
Steps = Generator[None, None, None]


def app_for(*argv: str) -> PgzApp:
    """The app ``tictactoe pgzero ARGV`` would run (sound off, nothing remembered)."""
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args([*argv, "--no-sound", "--lang", "en"])
    settings = command.settings_for(args, SettingsStore().load().settings)
    _ = translator(settings.language)
    match = command.build_match(args, _, settings)
    if isinstance(match, str):
        raise SystemExit(match)
    speaker = Speaker(SoundLoader("sounds"), enabled=False)
    return PgzApp(match, _, speaker=speaker, settings=settings)


def shoot(app: PgzApp, moves: Sequence[int], name: str, keys: tuple[int, ...] = ()) -> None:
    """Click ``moves`` (each answered), press ``keys``, save the window as it then is."""

    def steps() -> Steps:
        yield from wait(lambda: True)
        for cell in moves:
            pos = app.layout.n_to_xy(cell)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            yield from wait(lambda: not app.game.computer_to_move)
        # No passing message in the picture: the strip as it stays.
        yield from wait(lambda: app.game.is_over or app.message is None, frames=2)
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        yield from wait(lambda: True)
        path = OUT / name
        pygame.image.save(pygame.display.get_surface(), str(path))
        print(f"{path}  {app.layout.width} x {app.layout.height}  ({app.title})")

    def wait(done: Callable[[], bool], frames: int = 10) -> Steps:
        for _ in range(600):
            yield
            if done():
                break
        for _ in range(frames):
            yield

    script: Iterator[None] = steps()

    def tick(dt: float) -> None:
        try:
            next(script)
        except StopIteration:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    pgzero.clock.clock.each_tick(tick)
    try:
        runner.run(app)
    finally:
        pgzero.clock.clock.unschedule(tick)


def main() -> int:
    """Save every screenshot."""
    OUT.mkdir(parents=True, exist_ok=True)
    seed = ("--seed", "4")
    shoot(app_for(*seed), winning_moves(Rules(), 4), "pgzero-3x3.png")
    big = free_moves(Rules(15, 15, 5), 4, (112, 97, 127, 98, 113))
    shoot(app_for("--size", "15x15", *seed), big, "pgzero-15x15.png")
    shoot(app_for(*seed), (4,), "pgzero-3x3-help.png", keys=(pygame.K_F1,))
    return 0


if __name__ == "__main__":
    sys.exit(main())
