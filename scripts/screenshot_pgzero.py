"""Screenshots of the Pygame Zero game, rendered headless by the real program.

Builds the game exactly as ``tictactoe pgzero`` does, with a fresh data
folder (every setting at its default: the Medium level, the window at its own
size for the board), runs it through its own frame loop under SDL's dummy
video driver, plays with real mouse and key events, and saves the window to
``docs/screenshots/pgzero-*.png``. Only ``--seed`` is given, so Medium's
random choices, and with them the pictures, are the same every time; the
big-board hint searches a fixed number of positions instead of a second
(the one setting changed), so its three moves are the same every time too.
The saved games list and the replay show the won 3 x 3 game of the first
picture, saved as the game saves every finished game, but as played at a fixed
moment (:data:`PLAYED`, shown in UTC), so the list's date and time are the
same in every run::

    python scripts/screenshot_pgzero.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["TICTACTOE_HOME"] = tempfile.mkdtemp(prefix="tictactoe-shots-")
os.environ["TZ"] = "UTC"  # the saved games list shows local time: PLAYED as it is
sys.path.insert(0, str(Path(__file__).resolve().parent))

import argparse
from dataclasses import replace
from datetime import UTC, datetime

import pgzero.clock
import pygame
from pgzero.loaders import SoundLoader
from screenshots import free_moves, winning_moves

from tictactoe.cli.commands import pgzero as command
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive
from tictactoe.saved.settings import Choices, SettingsStore
from tictactoe.saved.writer import Writer
from tictactoe.session import Session
from tictactoe.texts.i18n import translator
from tictactoe.ui.pgz import runner
from tictactoe.ui.pgz.app import PgzApp
from tictactoe.ui.pgz.audio import Speaker

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
PLAYED = datetime(2025, 6, 1, 10, 4, tzinfo=UTC)
"""When the saved game in the pictures was played (a fixed date, so they do not change)."""
HINT_NODES = 20_000
"""Positions the big-board hint searches in its picture (a reproducible budget)."""
Steps = Generator[None, None, None]


class PlayedThen(Archive):
    """The data folder's saved games, where every game is saved as played at :data:`PLAYED`."""

    def save(self, record: Record, *, scored: bool = False, wait: float | None = None) -> int:
        """Save ``record`` with :data:`PLAYED` for its start and end."""
        fixed = replace(record, started=PLAYED, finished=PLAYED)
        return super().save(fixed, scored=scored, wait=wait)


def app_for(*argv: str) -> PgzApp:
    """The app ``tictactoe pgzero ARGV`` would run (sound off, nothing remembered; a finished
    game saved as played at :data:`PLAYED`)."""
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args([*argv, "--no-sound", "--lang", "en"])
    settings = command.settings_for(args, SettingsStore().load().settings)
    _ = translator(settings.language)
    match = command.build_match(args, _, settings)
    if isinstance(match, str):
        raise SystemExit(match)
    speaker = Speaker(SoundLoader("sounds"), enabled=False)
    session = Session(match, choices=Choices(settings), sound=speaker.play, name="pgz")
    app = PgzApp(session, speaker)
    app.session.writer = Writer(PlayedThen())
    return app


Step = int | Callable[[PgzApp], bool]
"""After the moves: a key to press, or a condition to wait for."""


def shoot(app: PgzApp, moves: Sequence[int], name: str, after: Sequence[Step] = ()) -> None:
    """Click ``moves`` (each answered), press keys and wait as ``after`` says, save the window."""

    def steps() -> Steps:
        yield from wait(lambda: True)
        for cell in moves:
            pos = app.layout.n_to_xy(cell)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            yield from wait(lambda: not app.session.game.computer_to_move)
        # No passing message in the picture: the strip as it stays.
        yield from wait(lambda: app.session.game.is_over or app.message is None, frames=2)
        for step in after:
            if isinstance(step, int):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=step, mod=0, unicode=""))
                yield from wait(lambda: True, frames=2)
            else:
                yield from wait(lambda check=step: check(app))  # type: ignore[misc]
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


def hints_shown(app: PgzApp) -> bool:
    """True once the hint for the position on the board is there."""
    return app.hints_on and app.message is not None and app.message.startswith("1 ")


def games_read(app: PgzApp) -> bool:
    """True once the saved games panel has read the list."""
    return app.panel == "games" and not app.games.loading


def main() -> int:
    """Save every screenshot."""
    time.tzset()
    OUT.mkdir(parents=True, exist_ok=True)
    seed = ("--seed", "4")
    won = app_for(*seed)
    shoot(won, winning_moves(Rules(), 4), "pgzero-3x3.png")  # saved as it ends
    big = free_moves(Rules(15, 15, 5), 4, (112, 97, 127, 98, 113))
    shoot(app_for("--size", "15x15", *seed), big, "pgzero-15x15.png")
    hinted = app_for("--size", "15x15", *seed)
    hinted.session.match.set_think(None, nodes=HINT_NODES)
    shoot(hinted, big, "pgzero-15x15-hints.png", after=(pygame.K_h, hints_shown))
    shoot(app_for(*seed), (4,), "pgzero-3x3-help.png", after=(pygame.K_F1,))
    shoot(app_for(*seed), (), "pgzero-settings.png", after=(pygame.K_t,))
    shoot(app_for(*seed), (), "pgzero-saved-games.png", after=(pygame.K_g, games_read))
    steps: tuple[Step, ...] = (pygame.K_g, games_read, pygame.K_RETURN, *[pygame.K_RIGHT] * 4)
    shoot(app_for(*seed), (), "pgzero-replay.png", after=steps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
