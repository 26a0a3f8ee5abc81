"""``tictactoe pgzero``: the real command opens the game; bad options and no extra say why."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pgzero.clock
import pygame
import pytest

from tictactoe.cli import command
from tictactoe.cli.commands import pgzero as pgzero_command

BLOCK_PYGAME = textwrap.dedent(
    """
    import sys

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in ("pygame", "pgzero"):
                raise ModuleNotFoundError(f"No module named {name!r}")
            return None

    sys.meta_path.insert(0, Block())
    from tictactoe.cli.command import main
    sys.exit(main(["pgzero", *sys.argv[1:]]))
    """
)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ((), "pip install 'tictactoe-mnk[pgzero]'"),
        (("--lang", "ru"), "Для игры на Pygame Zero нужны pygame и pgzero"),
    ],
)
def test_without_the_extra_it_says_how_to_install(argv: tuple[str, ...], expected: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_PYGAME, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert expected in done.stderr
    assert "pip install '.[pgzero]'" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_the_command_opens_the_game_and_esc_closes_it(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[str] = []

    def tick(dt: float) -> None:
        seen.append(pygame.display.get_caption()[0])
        if len(seen) == 5:
            event = dict(key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, event))

    pgzero.clock.clock.each_tick(tick)
    try:
        status = command.main(["pgzero", "--lang", "ru", "--no-sound", "--first", "you"])
    finally:
        pgzero.clock.clock.unschedule(tick)
    assert status == 0
    assert seen[-1] == "Крестики-нолики — ваш ход (X)"
    assert pygame.display.get_surface() is None  # pgzero closed the window
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "3x3", "--k", "9"], "k must be from 2 to 3 (the longer side) on a 3 x 3"),
        (
            ["--size", "7x7", "--opponent", "perfect"],
            "Perfect does not play 7 x 7: choose another level.",
        ),
    ],
)
def test_bad_options_end_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.main(["pgzero", *argv]) == pgzero_command.EXIT_USAGE
    assert message in capsys.readouterr().err


def test_unknown_flags_are_refused_by_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        command.main(["pgzero", "--side", "Z"])
    assert stop.value.code == 2
    assert "side must be X or O" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({}, "дисплея нет: переменная DISPLAY не задана"),  # not SDL's invisible window
        ({"DISPLAY": ":999"}, "дисплей :999 не отвечает"),  # not "is DISPLAY set?"
        ({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":999"}, "дисплей :999 не отвечает"),
    ],
)
def test_without_a_display_it_says_so(env: dict[str, str], reason: str, tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    clean.update(env, TICTACTOE_HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe", "pgzero", "--lang", "ru"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=clean,
    )
    assert done.returncode == pgzero_command.EXIT_NO_DISPLAY
    assert done.stderr.startswith("Не удалось открыть окно: ")
    assert reason in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("reference", "status", "message"),
    [
        ("7", 2, "There is no saved game 7: tictactoe games lists them."),
        ("no-such-file.sgf", 2, "There is no saved game or file called no-such-file.sgf."),
        ("BAD", 2, "This game cannot be opened: "),
    ],
)
def test_open_refuses_what_it_cannot_open_with_the_reason(
    reference: str, status: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if reference == "BAD":
        bad = tmp_path / "bad.txt"
        bad.write_text("Board: 3x3\nMoves: b2 b2\n", encoding="utf-8")
        reference = str(bad)
    assert command.main(["pgzero", "--open", reference, "--no-sound"]) == status
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert pygame.display.get_surface() is None, "no window was opened"


def test_open_starts_by_showing_a_game_file(tmp_path: Path) -> None:
    from tictactoe.core.records import Format, Record, dump
    from tictactoe.core.rules import Rules

    game = tmp_path / "five.sgf"
    record = Record.of(Rules(15, 15, 5), (112, 113, 97, 98, 127, 128, 82, 83, 142), "Ann", "Bob")
    dump(record, game, Format.SGF)
    seen: list[tuple[str, int, int]] = []

    def tick(dt: float) -> None:
        surface = pygame.display.get_surface()
        seen.append((pygame.display.get_caption()[0], *surface.get_size()))
        if len(seen) in (5, 8):  # the first Esc closes the game shown, the second quits
            event = dict(key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, event))

    pgzero.clock.clock.each_tick(tick)
    try:
        status = command.main(["pgzero", "--open", str(game), "--no-sound", "--first", "you"])
    finally:
        pgzero.clock.clock.unschedule(tick)
    assert status == 0
    title, width, height = seen[2]
    assert title == "five.sgf — X: Ann, O: Bob; 15 x 15, 5 in a row; -"
    assert (width, height) != (400, 464), "the window opened at the saved game's size"
    assert seen[-1][0] == "tic-tac-toe — your move (X)"
