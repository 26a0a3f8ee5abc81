"""Screenshots of the Pygame Zero game, rendered headless by the real program.

Runs ``tictactoe pgzero``'s app through pgzero's own loop under SDL's dummy
video driver, plays a few moves with real mouse and key events, and saves
the window surface to ``docs/screenshots/pgzero-*.png``::

    python scripts/screenshot_pgzero.py
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import argparse

import pgzero.clock
import pygame
from pgzero.loaders import SoundLoader

from tictactoe.commands import pgzero as command
from tictactoe.i18n import translator
from tictactoe.ui.pgz import runner
from tictactoe.ui.pgz.app import PgzApp
from tictactoe.ui.pgz.audio import Speaker

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
Steps = Generator[None, None, None]


def app_for(*argv: str) -> PgzApp:
    """The app ``tictactoe pgzero ARGV`` would run (sound off, nothing recorded)."""
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args([*argv, "--no-sound"])
    _ = translator(args.lang or "en")
    match = command.build_match(args, _)
    if isinstance(match, str):
        raise SystemExit(match)
    return PgzApp(match, _, speaker=Speaker(SoundLoader("sounds"), enabled=False))


def shoot(
    app: PgzApp, moves: list[int], name: str, keys: tuple[int, ...] = (), frames: int = 30
) -> None:
    """Click ``moves`` (each answered), press ``keys``, wait ``frames``, save the window."""

    def steps() -> Steps:
        for cell in moves:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.layout.n_to_xy(cell), button=1)
            )
            yield from wait(lambda: not app.game.computer_to_move)
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        yield from wait(lambda: app.message is None or "…" not in app.message, frames)
        path = OUT / name
        pygame.image.save(pygame.display.get_surface(), str(path))
        print(f"{path}  ({pygame.display.get_caption()[0]})")

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
    shoot(app_for("--opponent", "perfect", "--first", "you"), [4, 2], "pgzero-3x3.png", frames=200)
    shoot(
        app_for("--opponent", "first-free", "--first", "you"),
        [0],
        "pgzero-3x3-hints.png",
        keys=(pygame.K_h,),
        frames=200,  # past the "Hints on" message: the legend shows
    )
    shoot(app_for("--opponent", "first-free", "--first", "you"), [4, 6, 2], "pgzero-3x3-won.png")
    shoot(
        app_for("--opponent", "win-block", "--first", "you", "--size", "7x7", "--seed", "2"),
        [24, 17, 31, 10],
        "pgzero-7x7.png",
    )
    shoot(
        app_for("--opponent", "first-free", "--first", "you", "--lang", "zh_CN"),
        [4],
        "pgzero-3x3-zh.png",
        keys=(pygame.K_2,),
    )
    shoot(
        app_for("--opponent", "first-free", "--first", "you", "--lang", "vi"),
        [0],
        "pgzero-3x3-vi.png",
        keys=(pygame.K_h,),
        frames=200,  # past the "Hints on" message: the legend shows
    )
    shoot(
        app_for("--opponent", "fork-aware", "--first", "you", "--size", "26x26", "--k", "5"),
        [270, 297, 405, 432],
        "pgzero-26x26.png",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
