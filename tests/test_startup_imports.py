"""What a command loads: only what it runs (start-up time is mostly imports).

Each command runs in a fresh interpreter as the console script starts it,
then lists ``sys.modules``. The engine commands (``solve``, ``brain``) load
no front end, game controller, scoreboard, saved games, settings or
translations; ``play --help`` loads no front end either.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tictactoe.cli import command

APPLICATION = (
    "tictactoe.matches.arena",
    "tictactoe.saved.archive",
    "tictactoe.cli.display",
    "tictactoe.game",
    "tictactoe.texts.i18n",
    "tictactoe.players",
    "tictactoe.saved.settings",
    "tictactoe.session.sound",
    "tictactoe.saved.scoreboard",
    "tictactoe.ui",
)
"""The application around the engine: none of it is the engine commands' business."""

HEAVY = ("sqlite3", "multiprocessing", "importlib.resources", "tkinter", "socket")
"""Standard library modules that only the front ends, the scoreboard or a match need."""

LIST_MODULES = """
import sys
from tictactoe.__main__ import main
sys.argv[1:] = {argv!r}
try:
    main()
finally:
    sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n")
"""


def modules_after(*argv: str, stdin: str = "") -> set[str]:
    """The modules loaded once ``tictactoe argv`` has run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", LIST_MODULES.format(argv=list(argv))],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    listed = done.stderr.rpartition("\nMODULES ")[2]
    return set(listed.split())


def loaded(modules: set[str], names: tuple[str, ...]) -> set[str]:
    """The modules of ``modules`` that are one of ``names`` or inside one of them."""
    return {m for m in modules if any(m == n or m.startswith(n + ".") for n in names)}


def other_commands(name: str) -> tuple[str, ...]:
    return tuple(f"tictactoe.cli.commands.{other}" for other in command.COMMANDS if other != name)


def test_solve_loads_the_solver_alone() -> None:
    modules = modules_after("solve", "X.O/.X./...")
    assert "tictactoe.core.exact.solver" in modules  # the list is real
    assert not loaded(modules, APPLICATION + HEAVY + other_commands("solve"))
    # a 3 x 3 board is solved exactly: the gomoku engine stays unloaded
    assert not loaded(modules, ("tictactoe.core.gomoku.engine", "tictactoe.core.advice"))
    assert "json" not in modules  # only --json prints JSON
    assert "dataclasses" not in modules  # 10 ms of inspect and ast for nothing


def test_solve_json_big_board_loads_the_engine() -> None:
    modules = modules_after("solve", "--nodes", "50", "--json", "/".join(["." * 7] * 7))
    assert {"tictactoe.core.gomoku.engine", "json"} <= modules
    assert not loaded(modules, APPLICATION + HEAVY)


def test_brain_loads_the_engine_and_no_front_end() -> None:
    modules = modules_after("brain", stdin="START 15\nEND\n")
    assert "tictactoe.core.gomoku.engine" in modules
    assert not loaded(modules, APPLICATION + HEAVY + other_commands("brain"))
    assert "tictactoe.cli.commands.options" not in modules
    assert "dataclasses" not in modules


def test_pbrain_console_script_loads_no_command_line() -> None:
    code = "import sys; from tictactoe.cli.commands.brain import main; main(); print(*sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="START 15\nEND\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    modules = set(done.stdout.split())
    assert "tictactoe.core.gomoku.engine" in modules
    assert not loaded(modules, (*APPLICATION, *HEAVY, "tictactoe.cli.command"))


def test_play_help_loads_no_front_end() -> None:
    modules = modules_after("play", "--help")
    assert "tictactoe.cli.commands.play" in modules
    ui_and_data = (
        "tictactoe.ui",
        "tictactoe.saved.scoreboard",
        "tictactoe.matches.arena",
        "tictactoe.saved.archive",
    )
    assert not loaded(modules, ui_and_data + HEAVY + other_commands("play"))


@pytest.mark.parametrize("name", command.COMMANDS)
def test_a_command_alone_has_the_same_help_and_usage(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The parser built for one command says what the parser of every command says."""
    shown = []
    for parser in (command.build_parser(), command.build_parser(name)):
        for argv in ([name, "--help"], [name, "--no-such-option"]):
            with pytest.raises(SystemExit):
                parser.parse_args(argv)
            shown.append(capsys.readouterr())
    assert shown[:2] == shown[2:]
    assert "Usage: tictactoe " + name in shown[0].out
