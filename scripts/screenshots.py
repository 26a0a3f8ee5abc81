"""Regenerate the desktop window's README screenshots from the real program under Xvfb.

Starts a private Xvfb display, runs ``python -m tictactoe tk`` with fixed
options, plays real key presses into it with ``xdotool`` and captures the
window's part of the screen with ImageMagick's ``import`` into ``docs/screenshots/tk-*.png``.

Needs Xvfb, xdotool and ImageMagick (``apt-get install xvfb xdotool imagemagick``).
Run: ``python scripts/screenshots.py`` (``--display N`` to use Xvfb display ``:N``
instead of the first free one from 140 up).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
TOOLS = ("Xvfb", "xdotool", "import")
SETTLE = 0.8
"""Seconds to let the window redraw (and the computer answer) after each step."""


@dataclass(frozen=True)
class Shot:
    """One screenshot: the program's options, the keys to press, the file to write."""

    name: str
    options: tuple[str, ...]
    keys: tuple[str, ...] = ()
    size: str = "420x480"
    wait: float = SETTLE
    extra: tuple[str, ...] = field(default_factory=tuple)


SHOTS = (
    Shot(
        "tk-3x3-hints",
        ("--opponent", "first-free", "--first", "you", "--seed", "1"),
        keys=("KP_5", "KP_4", "h"),
    ),
    Shot(
        "tk-3x3-won",
        ("--opponent", "first-free", "--first", "you", "--seed", "1"),
        keys=("KP_1", "KP_2", "KP_3"),
        wait=1.5,
    ),
    Shot(
        "tk-7x7",
        ("--size", "7x7", "--opponent", "win-block", "--first", "you", "--seed", "3"),
        keys=("2", "4", "1", "8", "3", "1", "Right", "Right", "Up"),
        size="560x620",
    ),
    Shot(
        "tk-15x15",
        ("--size", "15x15", "--opponent", "win-block", "--first", "you", "--seed", "5"),
        keys=("1", "1", "2", "9", "8", "Left", "Left"),
        size="660x720",
    ),
)


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


def take(shot: Shot, env: dict[str, str]) -> Path:
    """Run the program, press the shot's keys, capture the window."""
    program = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "tk", "--no-sound", "--lang", "en", *shot.options],
        env=env,
        cwd=ROOT,
    )
    try:
        window = _run(["xdotool", "search", "--sync", "--name", "Tic-tac-toe"], env).split()[0]
        _run(["xdotool", "windowsize", "--sync", window, *shot.size.split("x")], env)
        time.sleep(SETTLE)
        _run(["xdotool", "windowfocus", "--sync", window], env)
        for key in shot.keys:
            _run(["xdotool", "key", "--clearmodifiers", key], env)
            time.sleep(SETTLE)
        time.sleep(shot.wait)
        path = OUT / f"{shot.name}.png"
        # The screen's pixels where the window is, so that a dialog over it shows too
        # (grabbing the window alone leaves another window's area black).
        shape = dict(
            line.split("=")
            for line in _run(["xdotool", "getwindowgeometry", "--shell", window], env).split()
        )
        crop = f"{shape['WIDTH']}x{shape['HEIGHT']}+{shape['X']}+{shape['Y']}"
        _run(
            ["import", "-window", "root", "-crop", crop, "-strip", "-colors", "96", str(path)], env
        )
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
        print(f"missing: {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with xvfb(args.display) as display:
        env = {**os.environ, "DISPLAY": display, "LANG": "C.UTF-8"}
        env.pop("LANGUAGE", None)
        for shot in SHOTS:
            path = take(shot, env)
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
