"""Drive the real Pygame Zero game headless: SDL's dummy video and audio drivers.

A test is a *script*: a generator run inside pgzero's own frame loop (from
pgzero's clock, once per frame, before ``update()`` and ``draw()``). It
posts real pygame events, which pgzero dispatches to the game's handlers,
and each ``yield`` waits one frame. When the script ends the window is
closed with a QUIT event, as the window manager would; an assertion that
fails inside the loop is raised again in the test.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import argparse
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field

import pgzero.clock
import pygame
import pytest
from pgzero.loaders import SoundLoader

from tictactoe.cli.commands import pgzero as command
from tictactoe.cli.commands.options import given_settings
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session import END_CLICK_GUARD, Session
from tictactoe.texts.i18n import translator
from tictactoe.ui.pgz import runner
from tictactoe.ui.pgz.app import PgzApp
from tictactoe.ui.pgz.audio import Speaker

MAX_FRAMES = 900
"""A script still running after this many frames (15 s at 60 fps) fails."""

Script = Generator[None, None, None]


@dataclass
class Driver:
    """What a script can do: click, press keys, read pixels and the title, wait."""

    app: PgzApp
    frames: int = 0
    quit_by_script: bool = False
    errors: list[BaseException] = field(default_factory=list)

    def click(self, cell: int, button: int = 1) -> None:
        """Post a real mouse click on the centre of ``cell``."""
        self.click_at(self.app.layout.n_to_xy(cell), button)

    def click_at(self, pos: tuple[int, int], button: int = 1) -> None:
        """Post a real mouse click at a pixel."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))

    def click_again(self, pos: tuple[int, int]) -> Script:
        """Click a finished game's board at ``pos`` once, which says the game is over, then
        a moment later again, which starts the next game."""
        self.click_at(pos)
        yield from self.settle()
        self.app.session.notice_at -= END_CLICK_GUARD  # "a moment later", however fast
        self.click_at(pos)
        yield from self.settle()

    def key(self, key: int, unicode: str = "") -> None:
        """Post a real key press (and its release); ``unicode`` is the character it types."""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=unicode, scancode=0))

    def settle(self) -> Script:
        """Wait until posted events are handled and the result drawn."""
        yield
        yield

    def until(self, condition: Callable[[], bool], frames: int = 300) -> Script:
        """Wait (frame by frame) until ``condition()``; then until it is drawn."""
        for _ in range(frames):
            if condition():
                yield from self.settle()
                return
            yield
        raise AssertionError("timed out waiting for the game")

    def play(self, cells: list[int]) -> Script:
        """Click each cell in turn, each time waiting for the computer's answer to be drawn."""
        for cell in cells:
            self.click(cell)
            yield from self.settle()
            yield from self.computer_done()

    def computer_done(self) -> Script:
        """Wait until nobody computer is to move (the worker answered) and it is drawn."""
        yield from self.until(lambda: not self.app.session.game.computer_to_move)

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface as last drawn."""
        return pygame.display.get_surface()

    def pixel(self, pos: tuple[int, int]) -> tuple[int, int, int]:
        """The RGB colour of a window pixel."""
        colour = self.surface.get_at(pos)
        return (colour.r, colour.g, colour.b)

    def count(self, cell: int, colour: tuple[int, int, int]) -> int:
        """How many pixels of exactly ``colour`` cell ``cell``'s square holds."""
        box = self.app.layout.cell_rect(cell)
        area = self.surface.subsurface(pygame.Rect(box.x, box.y, box.w, box.h))
        return int(pygame.mask.from_threshold(area, colour, (1, 1, 1, 255)).count())

    def ink(self, cell: int, face: tuple[int, int, int]) -> int:
        """How many pixels of cell ``cell``'s face are not the plain ``face`` colour (its glyph)."""
        box = self.app.layout.face_rect(cell)
        area = self.surface.subsurface(pygame.Rect(box.x, box.y, box.w, box.h))
        plain = int(pygame.mask.from_threshold(area, face, (1, 1, 1, 255)).count())
        return box.w * box.h - plain

    @property
    def caption(self) -> str:
        """The window title."""
        return str(pygame.display.get_caption()[0])


def pytest_configure(config: pytest.Config) -> None:
    """pgzero 1.2's own tone module calls a deprecated threading method on import."""
    config.addinivalue_line("filterwarnings", "ignore:setDaemon:DeprecationWarning")


def run_script(app: PgzApp, script: Callable[[Driver], Script]) -> Driver:
    """Run the real game with ``script`` inside its frame loop; raise what the script raised."""
    driver = Driver(app)
    steps: Iterator[None] = script(driver)

    def tick(dt: float) -> None:
        driver.frames += 1
        if driver.quit_by_script or driver.errors:
            return
        try:
            if driver.frames > MAX_FRAMES:
                raise AssertionError("the script ran too long")
            next(steps)
        except StopIteration:
            driver.quit_by_script = True
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        except BaseException as error:  # handed back to the test below
            driver.errors.append(error)
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    pgzero.clock.clock.each_tick(tick)
    try:
        runner.run(app)
    finally:
        pgzero.clock.clock.unschedule(tick)
    if driver.errors:
        raise driver.errors[0]
    return driver


def parse(*argv: str) -> argparse.Namespace:
    """The ``tictactoe pgzero`` options as the command line gives them."""
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return parser.parse_args(list(argv))


def make_app(
    *argv: str,
    scoreboard: Scoreboard | None = None,
    settings: Settings | None = None,
    store: SettingsStore | None = None,
) -> PgzApp:
    """An app built the way ``tictactoe pgzero ARGV`` builds it (remembering nothing)."""
    args = parse(*argv)
    remembered = settings or Settings(language="en")
    chosen = command.settings_for(args, remembered)
    _ = translator(chosen.language)
    match = command.build_match(args, _, chosen)
    assert not isinstance(match, str), match
    speaker = Speaker(SoundLoader("sounds"), enabled=chosen.sound)
    session = Session(
        match,
        choices=Choices(chosen, remembered, store, given_settings(args)),
        scoreboard=scoreboard if scoreboard else Scoreboard(),
        sound=speaker.play,
        reply_pause=0.0,
        name="pgz",
    )
    return PgzApp(session, speaker)


@pytest.fixture
def play() -> Callable[..., Driver]:
    """``play(script, *argv)``: run the game as ``tictactoe pgzero ARGV`` with ``script``."""

    def start(script: Callable[[Driver], Script], *argv: str) -> Driver:
        return run_script(make_app(*argv), script)

    return start


@pytest.fixture
def new_app() -> Callable[..., PgzApp]:
    """``new_app(*argv, scoreboard=None)``: an app as ``tictactoe pgzero ARGV`` builds it."""
    return make_app


@pytest.fixture
def run() -> Callable[[PgzApp, Callable[[Driver], Script]], Driver]:
    """``run(app, script)``: the real game loop with ``script`` inside it."""
    return run_script
