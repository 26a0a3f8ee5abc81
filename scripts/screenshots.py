"""Regenerate the desktop window's README screenshots from the real program under Xvfb.

Starts a private Xvfb display, runs ``python -m tictactoe tk`` with a fresh
data folder (so every setting is the default: the Medium level, the light
theme, the window at its own size), plays real key presses into it with
``xdotool`` and saves the window's part of the screen to
``docs/screenshots/tk-*.png`` (with ``scripts/x11_capture.py``: no
ImageMagick needed). Only ``--seed`` is given, so Medium's random choices,
and with them the pictures, come out the same every time; the moves that
win against it are found by replaying the seed.

Needs Xvfb and xdotool (``apt-get install xvfb xdotool``).
Run: ``python scripts/screenshots.py`` (``--display N`` to use Xvfb display ``:N``
instead of the first free one from 140 up).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from x11_capture import save

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Match

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
TOOLS = ("Xvfb", "xdotool")
SETTLE = 0.8
"""Seconds to let the window redraw (and the computer answer) after each step."""
KEYPAD = ("KP_7", "KP_8", "KP_9", "KP_4", "KP_5", "KP_6", "KP_1", "KP_2", "KP_3")
"""The key that plays each 3 x 3 cell (the default numbering is the numeric keypad's)."""


@dataclass(frozen=True)
class Shot:
    """One screenshot: the program's options, your moves, the file to write."""

    name: str
    options: tuple[str, ...]
    moves: tuple[int, ...]
    settings: str = ""
    """A settings.json to start from (empty: none, every setting at its default)."""
    keys: tuple[str, ...] = ()
    """Keys pressed after the moves (``h``: a hint)."""


def replay(rules: Rules, seed: int, moves: Sequence[int], level: str = "win-block") -> Match:
    """The match after your ``moves`` and the seeded computer's answers (you start)."""
    match = Match(rules, level, rng=random.Random(seed))
    for cell in moves:
        match.game.play(cell)
        if match.game.computer_to_move:
            match.game.computer_move()
    return match


def free_moves(rules: Rules, seed: int, wanted: Sequence[int]) -> tuple[int, ...]:
    """The ``wanted`` cells that are still free when their turn comes against the seed."""
    moves: list[int] = []
    for cell in wanted:
        if replay(rules, seed, moves).game.board[cell] is None:
            moves.append(cell)
    return tuple(moves)


def winning_moves(rules: Rules, seed: int) -> tuple[int, ...]:
    """Your shortest win against Medium seeded with ``seed`` (you start), found by replay."""

    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        moves = frontier.pop(0)
        game = replay(rules, seed, moves).game
        if game.is_over:
            if game.outcome is not None and game.outcome.winner is Mark.X:
                return moves
            continue
        frontier += [(*moves, cell) for cell in game.board.legal_moves()]
    raise SystemExit(f"no win against Medium with seed {seed}")


def shots() -> list[Shot]:
    """The README's pictures: 3 x 3 won, 15 x 15 under way (light), dark, and its hint (a
    forced win the engine proves at once, so the picture is the same on every machine)."""
    won = winning_moves(Rules(), seed=4)
    big = free_moves(Rules(15, 15, 5), 4, (112, 97, 127, 98, 113))
    return [
        Shot("tk-3x3", ("--seed", "4"), won),
        Shot("tk-15x15", ("--size", "15x15", "--seed", "4"), big),
        Shot("tk-15x15-dark", ("--size", "15x15", "--seed", "4"), big, '{"theme": "dark"}'),
        Shot("tk-15x15-hint", ("--size", "15x15", "--seed", "4"), big, keys=("h",)),
    ]


def keys_for(rules: Rules, moves: Sequence[int]) -> list[str]:
    """Key presses that play ``moves``: keypad digits on 3 x 3, else arrows and Enter."""
    if (rules.m, rules.n) == (3, 3):
        return [KEYPAD[cell] for cell in moves]
    keys: list[str] = []
    row, col = rules.m // 2, rules.n // 2  # the cursor starts in the middle
    for cell in moves:
        target_row, target_col = rules.row_col(cell)
        keys += ["Down" if target_row > row else "Up"] * abs(target_row - row)
        keys += ["Right" if target_col > col else "Left"] * abs(target_col - col)
        keys.append("Return")
        row, col = target_row, target_col
    return keys


def _free_display() -> int:
    for number in range(140, 400):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display")


@contextmanager
def xvfb(number: int | None = None) -> Iterator[str]:
    """A private X display (``:number``, else a free one) for the duration of the block."""
    if number is None:
        number = _free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _run(command: Sequence[str], env: dict[str, str]) -> str:
    return subprocess.run(
        command, env=env, check=True, capture_output=True, text=True
    ).stdout.strip()


def take(shot: Shot, env: dict[str, str], display: str) -> Path:
    """Run the program with default settings, play the shot's moves, capture the window."""
    with tempfile.TemporaryDirectory() as home:
        if shot.settings:
            Path(home, "settings.json").write_text(shot.settings, encoding="utf-8")
        program = subprocess.Popen(
            [sys.executable, "-m", "tictactoe", "tk", "--no-sound", "--lang", "en", *shot.options],
            env={**env, "TICTACTOE_HOME": home},
            cwd=ROOT,
        )
        try:
            found = _run(["xdotool", "search", "--sync", "--class", "Tictactoe"], env)
            window = found.split()[0]
            time.sleep(SETTLE * 2)
            _run(["xdotool", "windowfocus", "--sync", window], env)
            rules = Rules(15, 15, 5) if "15x15" in shot.options else Rules()
            for key in [*keys_for(rules, shot.moves), *shot.keys]:
                _run(["xdotool", "key", "--clearmodifiers", key], env)
                time.sleep(0.1 if key in ("Up", "Down", "Left", "Right") else SETTLE)
            time.sleep(SETTLE * 2)
            shape = dict(
                line.split("=")
                for line in _run(["xdotool", "getwindowgeometry", "--shell", window], env).split()
            )
            box = (int(shape["X"]), int(shape["Y"]), int(shape["WIDTH"]), int(shape["HEIGHT"]))
            path = OUT / f"{shot.name}.png"
            save(display, path, box)
            return path
        finally:
            program.terminate()
            program.wait(timeout=10)


def main(argv: Sequence[str] | None = None) -> int:
    """Write every screenshot; returns 1 if a tool is missing."""
    parser = argparse.ArgumentParser(description="Regenerate docs/screenshots/tk-*.png.")
    parser.add_argument("--display", type=int, help="the Xvfb display number to start")
    args = parser.parse_args(argv)
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"missing: {', '.join(missing)} (apt-get install xvfb xdotool)")
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with xvfb(args.display) as display:
        env = {**os.environ, "DISPLAY": display, "LANG": "C.UTF-8"}
        env.pop("LANGUAGE", None)
        for shot in shots():
            path = take(shot, env, display)
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
