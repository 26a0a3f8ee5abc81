"""Shared test settings: keep saved state out of the user's real data folder; property
tests are not timed (a busy machine would fail them; speed lives in benchmarks/); the
tests that open windows or a browser are marked ``gui`` (``-m "not slow and not gui"``
is the quick loop); the translators' tool and the message template for the catalog tests."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import locale
import signal
import sqlite3
import stat
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from hypothesis import HealthCheck, settings

from tictactoe import players
from tictactoe.core.board import Mark
from tictactoe.core.records import Record, Termination
from tictactoe.core.rules import Rules
from tictactoe.saved.archive import Archive

settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")

GUI_TESTS = ("ui/tk/", "ui/pgz/", "ui/web/test_browser.py")
"""Where the tests drive a real toolkit: Xvfb and tkinter, SDL (Pygame Zero), Chromium."""


def pytest_configure() -> None:
    """Ctrl-C reaches the programs the tests start as it does from a terminal, even when the
    suite runs with SIGINT ignored (started in the background, ``cmd &``): a child inherits
    an ignored signal, while a handler is reset to the default in it."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under :data:`GUI_TESTS` ``gui``."""
    tests = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(tests) and (
            item.path.relative_to(tests).as_posix().startswith(GUI_TESTS)
        ):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("tictactoe-home")
    monkeypatch.setenv("TICTACTOE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _process_locale() -> Iterator[None]:
    """The test process's C locale as it was before each test: Tk's start-up sets it from
    the environment, which some tests empty, and subprocess output is decoded by it."""
    before = locale.setlocale(locale.LC_CTYPE)
    yield
    locale.setlocale(locale.LC_CTYPE, before)


SaveResult = Callable[[Path, Rules, str, str, Mark | None], None]


@pytest.fixture
def save_result() -> SaveResult:
    """``save_result(path, rules, x_player, o_player, winner)``: a scored game with that
    result (no moves: an adjudicated one) saved in the saved-games file at ``path``."""

    def save(path: Path, rules: Rules, x_player: str, o_player: str, winner: Mark | None) -> None:
        record = Record(rules, (), x_player, o_player, winner, Termination.ADJUDICATED)
        Archive(path).save(record, scored=True)

    return save


def shorten_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "saved.safe_file.READ_WAIT_SECONDS",
        "saved.writer.WRITE_WAIT_SECONDS",
        "saved.writer.RETRY_WAIT_SECONDS",
    ):
        monkeypatch.setattr(f"tictactoe.{name}", 0.1)


@pytest.fixture
def busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save_result: SaveResult
) -> Iterator[sqlite3.Connection]:
    """Saved games (``s.db``) with one scored game, held locked by another connection (as
    another program writing would); waits shortened so the test is quick."""
    shorten_waits(monkeypatch)
    save_result(tmp_path / "s.db", Rules(), "human", "random", Mark.X)
    holder = sqlite3.connect(tmp_path / "s.db", isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    yield holder
    with contextlib.suppress(sqlite3.ProgrammingError):  # a test may have closed it
        if holder.in_transaction:
            holder.execute("COMMIT")
    holder.close()


@pytest.fixture
def slow_strategy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """A registered strategy ``slow`` that thinks until the returned event is set."""
    module = tmp_path / "slow_player_for_tests.py"
    module.write_text(
        textwrap.dedent(
            """
            import threading
            RELEASE = threading.Event()
            class SlowPlayer:
                def __init__(self, rng=None):
                    self.rng = rng
                def choose(self, board, limits=None, *, progress=None, cancel=None):
                    RELEASE.wait(20)
                    return min(board.legal_moves())
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    slow = importlib.import_module("slow_player_for_tests")
    slow.RELEASE.clear()
    strategy = players.Strategy("slow", "Slow", "thinks for a long time", slow.SlowPlayer)
    monkeypatch.setattr(players, "STRATEGIES", (*players.STRATEGIES, strategy))
    yield slow.RELEASE
    slow.RELEASE.set()


REPOSITORY = Path(__file__).resolve().parent.parent


def _load_script(path: str, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, REPOSITORY / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def load_script() -> Callable[[str, str], ModuleType]:
    """``load_script(path, name)``: the repository's script at ``path`` (such as
    ``scripts/fuzz.py``) imported as the module ``name``."""
    return _load_script


@pytest.fixture
def python_program(tmp_path: Path) -> Callable[[str, str], Path]:
    """``python_program(name, source)``: an executable file ``name`` in the test's directory
    that runs ``source`` with this Python (a stand-in for a Gomocup brain, say)."""

    def make(name: str, source: str) -> Path:
        path = tmp_path / name
        path.write_text(f"#!{sys.executable}\n{source}")
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
        return path

    return make


@pytest.fixture(scope="session")
def messages_tool(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    """``scripts/messages.py``, the translators' tool: it extracts the messages with Babel
    and knows where the template and the catalogs are."""
    return load_script("scripts/messages.py", "messages_tool")


@pytest.fixture(scope="session")
def message_template(messages_tool: ModuleType) -> Catalog:
    """The message template (``locale/tictactoe.pot``) as Babel reads it."""
    template: Catalog = messages_tool.read(messages_tool.TEMPLATE)
    return template


@pytest.fixture(scope="session")
def messages_used_in(message_template: Catalog) -> Callable[..., set[str]]:
    """``used_in(*places)``: the template's messages that the files under ``places`` use
    (paths from the project folder, as the template names them)."""

    def used_in(*places: str) -> set[str]:
        return {
            message.id
            for message in message_template
            if message.id and any(where.startswith(places) for where, _ in message.locations)
        }

    return used_in


TEN_LINE_PLAYER = '''\
"""Takes the centre, then the first free corner, then any free cell."""

CENTRE, CORNERS = 4, (0, 2, 6, 8)


def choose(board):
    if board[CENTRE] is None:
        return CENTRE
    free = [cell for cell in CORNERS if board[cell] is None]
    return free[0] if free else board.legal_moves()[0]
'''
"""Your own player, in ten lines: what every front end's tests play against."""


@pytest.fixture
def ten_line_player(tmp_path: Path) -> Path:
    """:data:`TEN_LINE_PLAYER` written as ``corners.py``; its path."""
    path = tmp_path / "corners.py"
    path.write_text(TEN_LINE_PLAYER)
    assert len(TEN_LINE_PLAYER.splitlines()) == 10
    return path
