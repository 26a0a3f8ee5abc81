"""Fixtures for the desktop window tests: a private Xvfb display, apps with answerable dialogs."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import threading
import time
import tkinter as tk
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Match, Starter
from tictactoe.saved.scoreboard import Scoreboard
from tictactoe.saved.settings import Choices, Settings, SettingsStore
from tictactoe.session.replay import Replay
from tictactoe.session.sound import Sound
from tictactoe.ui.tk.app import App

PUMP_TIMEOUT = 10.0


def _free_display() -> int:
    for number in range(90, 400):
        if (
            not Path(f"/tmp/.X{number}-lock").exists()
            and not Path(f"/tmp/.X11-unix/X{number}").exists()
        ):
            return number
    raise RuntimeError("no free X display number")


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A virtual X display (Xvfb) for the whole session; DISPLAY points at it."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb): the window tests need a display")
    for _attempt in range(5):
        number = _free_display()
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        socket = Path(f"/tmp/.X11-unix/X{number}")
        deadline = time.monotonic() + 10
        while not socket.exists() and server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if socket.exists() and server.poll() is None:
            break
        server.kill()
        server.wait()
    else:
        pytest.fail("Xvfb did not start")
    previous = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
        if previous is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = previous


@dataclass
class FakeDialogs:
    """Dialogs answered by the test: yes/no answers in order (default yes)."""

    answers: list[bool] = field(default_factory=list)
    board: Rules | None = None
    asked: list[tuple[str, str]] = field(default_factory=list)
    boards_asked: list[Rules] = field(default_factory=list)
    scores: list[tuple[str, tuple[str, ...], list[tuple[str, ...]]]] = field(default_factory=list)
    think: float | None = None
    """The answer to the think time dialog (None: cancelled)."""
    thinks_asked: list[float] = field(default_factory=list)
    opened: Replay | None = None
    """The answer to the open-a-game window (None: cancelled)."""
    opens_asked: int = 0
    player_file: str | None = None
    """The answer to Your own player... (None: cancelled)."""
    engine: str | None = None
    """The answer to Engine... (None: cancelled)."""
    engines_asked: list[str] = field(default_factory=list)

    def ask_yes_no(self, title: str, message: str) -> bool:
        self.asked.append((title, message))
        return self.answers.pop(0) if self.answers else True

    def ask_board(self, current: Rules) -> Rules | None:
        self.boards_asked.append(current)
        return self.board

    def show_scores(
        self, title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]
    ) -> None:
        self.scores.append((title, tuple(headings), [tuple(row) for row in rows]))

    def ask_think(self, current: float) -> float | None:
        self.thinks_asked.append(current)
        return self.think

    def open_game(self) -> Replay | None:
        self.opens_asked += 1
        return self.opened

    def ask_player_file(self) -> str | None:
        return self.player_file

    def ask_engine(self, current: str) -> str | None:
        self.engines_asked.append(current)
        return self.engine


@dataclass
class Harness:
    """An app under test with what it asked and the sounds it requested."""

    app: App
    dialogs: FakeDialogs
    sounds: list[Sound]

    @property
    def root(self) -> tk.Toplevel:
        return self.app.root

    def pump(
        self, until: Callable[[], bool] = lambda: False, timeout: float = PUMP_TIMEOUT
    ) -> bool:
        """Run the event loop until ``until()`` holds (True) or ``timeout`` passes (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.app.closed:
                return until()
            self.root.update()
            if until():
                return True
            time.sleep(0.005)
        return until()

    def when_open(self, kind: type[tk.Toplevel], act: Callable[[Any], None]) -> None:
        """Call ``act`` with the first window of ``kind`` once it is open (from the event
        loop: a real dialog's own loop runs it)."""

        def look() -> None:
            found = [w for w in self.root.winfo_children() if isinstance(w, kind)]
            if found:
                act(found[0])
            else:
                self.root.after(50, look)

        self.root.after(50, look)

    def settle(self, seconds: float = 0.1) -> None:
        """Run the event loop for a moment."""
        self.pump(timeout=seconds)

    def marks(self) -> dict[int, Mark]:
        board = self.app.session.game.board
        return {c: m for c in range(board.rules.size) if (m := board[c]) is not None}

    @property
    def status(self) -> str:
        """The banner's text: whose turn, or the result."""
        return self.app.banner.full_text

    @property
    def notice(self) -> str:
        """The footer's notice."""
        return self.app.footer.full_notice

    def click_cell(self, cell: int) -> None:
        """A real button press and release on the canvas at the cell's centre."""
        x, y = self.app.view.geometry.centre(cell)
        canvas = self.app.view
        canvas.event_generate("<ButtonPress-1>", x=int(x), y=int(y))
        canvas.event_generate("<ButtonRelease-1>", x=int(x), y=int(y))
        self.root.update()

    def key(self, keysym: str, modifier: str = "") -> None:
        """A real key event (``modifier`` e.g. ``Control``) through Tk's event queue."""
        self.app.view.focus_force()
        self.root.update()
        prefix = f"{modifier}-" if modifier else ""
        self.app.view.event_generate(f"<{prefix}KeyPress-{keysym}>", when="tail")
        self.root.update()

    def fill(self, cell: int) -> str:
        """The colour of a cell's tile on the canvas ("" when it has none)."""
        items = self.app.view.find_withtag(f"c{cell}")
        return str(self.app.view.itemcget(items[0], "fill")) if items else ""


@pytest.fixture(scope="session")
def tk_root(display: str) -> Iterator[tk.Tk]:
    """One hidden Tk interpreter for the session; each app gets a Toplevel of it.

    Creating and destroying a Tk interpreter per test makes Tk 8.6 close and
    reopen its display connection, which can crash it (focus bookkeeping):
    the program itself only ever has one.
    """
    root = tk.Tk()
    root.withdraw()
    yield root
    root.destroy()


@pytest.fixture
def make_app(tk_root: tk.Tk, tmp_path: Path) -> Iterator[Callable[..., Harness]]:
    """Build an app: ``make_app(opponent=..., rules=..., starter=..., **app_options)``
    (``given``: the settings the command line gave, when the ``store`` is used)."""
    made: list[Harness] = []

    def build(
        *,
        opponent: str = "first-free",
        rules: Rules | None = None,
        starter: Starter = Starter.YOU,
        seed: int = 1,
        you: str = "human",
        answers: list[bool] | None = None,
        scoreboard: Scoreboard | None = None,
        real_dialogs: bool = False,
        language: str = "en",
        level: str | None = None,
        store: SettingsStore | None = None,
        remembered: Settings | None = None,
        think: float = 1.0,
        nodes: int | None = None,
        analysis: bool = False,
        given: frozenset[str] = frozenset(),
        **options: Any,
    ) -> Harness:
        import random

        root = tk.Toplevel(tk_root)
        root.geometry("+20+20")
        match = Match(
            rules, opponent, starter=starter, rng=random.Random(seed), you=you, nodes=nodes
        )
        dialogs = FakeDialogs(answers=list(answers or []))
        sounds: list[Sound] = []
        chosen = level or (opponent if opponent != "human" else "win-block")
        settings = options.pop("settings", None) or Settings(
            language=language, level=chosen, think=think, analysis=analysis
        )
        options.setdefault("reply_pause_ms", 0)
        options.setdefault("system_dark", False)
        app = App(
            root,
            match,
            choices=Choices(settings, remembered, store, given),
            dialogs=None if real_dialogs else dialogs,
            play_sound=sounds.append,
            scoreboard=scoreboard or Scoreboard(),
            **options,
        )
        harness = Harness(app, dialogs, sounds)
        made.append(harness)
        harness.pump(lambda: root.winfo_viewable() == 1, timeout=5)
        harness.settle(0.05)
        return harness

    yield build
    for harness in made:
        if not harness.app.closed:
            harness.app.quit()
    made.clear()
    # Quitting told the thinking and hint searches to stop; once they have, free the
    # finished apps' Tk objects here, on the Tk thread: if a later test's worker thread
    # collected them, each variable would wait a second for Tk (or Tcl would abort).
    for thread in threading.enumerate():
        if thread.name in ("computer", "hints"):
            thread.join(timeout=PUMP_TIMEOUT)
    gc.collect()
