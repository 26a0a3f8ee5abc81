"""Colours, the ttk style and HiDPI scaling of the desktop window; light and dark.

:func:`palette` turns the player's :class:`~tictactoe.saved.settings.Theme` into a
:class:`Palette`: "system" asks the desktop whether it prefers dark
(:func:`system_prefers_dark`: Windows' registry, macOS' appearance, GNOME's
colour scheme or a ``:dark`` GTK theme) and is light where nobody can
tell. :func:`apply` styles every ttk widget and the menus with it on the
``clam`` theme, which looks the same on every platform and takes colours.

The board's colours are the shared :mod:`tictactoe.session.colours` (X blue, O orange,
the winning line green, the last move a pink dot, the hint tints), the same
in the Pygame Zero game and the web page; the window adds its chrome and the
keyboard cursor (violet).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tkinter as tk
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from tkinter import font as tkfont
from tkinter import ttk
from typing import Any

from tictactoe.core import Mark
from tictactoe.saved.settings import Theme
from tictactoe.session import colours
from tictactoe.session.colours import Look

BASE_DPI = 96.0
"""Pixels per inch at which the window's sizes are given; higher-density screens scale up."""


@dataclass(frozen=True)
class Palette:
    """Every colour the window uses."""

    dark: bool
    window: str
    """Background of the window, the toolbar and the status rows."""
    raised: str
    """Buttons and fields."""
    text: str
    muted: str
    accent: str
    board: str
    """Background of a small board (3 x 3 to 6 x 6): a plain surface with inner grid lines."""
    grid: str
    wood: str
    """A big board's surface (7 x 7 and up, drawn as a gomoku board)."""
    wood_line: str
    marks: Mapping[Mark, str]
    hints: Mapping[str, str]
    """A free cell's tile by the outcome of playing there: ``win`` / ``draw`` / ``loss``, and
    on big boards the engine's ``better`` / ``worse``."""
    win: str
    """The winning line and the result when you win."""
    casing: str
    """Drawn under the winning line, so it stands out on any board."""
    halo: str
    """Behind each mark of the winning line."""
    lose: str
    """The result when you lose."""
    cursor: str
    last_move: str
    label: str
    """Cell names and a big board's coordinates."""


def _palette(look: Look, *, dark: bool) -> Palette:
    """The window's colours: the board's shared ``look`` and the chrome around it."""
    colours: dict[str, Any] = {
        spec.name: getattr(look, spec.name)
        for spec in fields(Look)
        if spec.name not in {"x", "o", "window"}
    }
    colours.update(look.window)
    return Palette(dark=dark, marks={Mark.X: look.x, Mark.O: look.o}, **colours)


LIGHT = _palette(colours.LIGHT, dark=False)
DARK = _palette(colours.DARK, dark=True)


def palette(theme: Theme, *, system_dark: bool | None = None) -> Palette:
    """The colours of ``theme``; "system" follows ``system_dark`` (asked when None)."""
    if theme is Theme.DARK:
        return DARK
    if theme is Theme.LIGHT:
        return LIGHT
    dark = system_prefers_dark() if system_dark is None else system_dark
    return DARK if dark else LIGHT


@cache
def system_prefers_dark() -> bool:
    """True when the desktop says it prefers dark windows; False when it says light or nothing."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, WINDOWS_THEME_KEY) as key:
                value, _kind = winreg.QueryValueEx(key, "AppsUseLightTheme")
        except OSError:
            return False
        return bool(value == 0)
    if sys.platform == "darwin":  # pragma: no cover - macOS only
        return _command("defaults", "read", "-g", "AppleInterfaceStyle").lower() == "dark"
    gtk_theme = os.environ.get("GTK_THEME", "")
    if gtk_theme:
        return "dark" in gtk_theme.lower()
    scheme = _command("gsettings", "get", "org.gnome.desktop.interface", "color-scheme")
    return "dark" in scheme.lower()


WINDOWS_THEME_KEY = r"Software\Microsoft\Windows\CurrentVersion\Themes\Personalize"


def _command(*argv: str) -> str:
    """What a small query command prints, or "" when it is missing, fails or hangs."""
    if shutil.which(argv[0]) is None:
        return ""
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=1.5, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def ui_scale(root: tk.Misc) -> float:
    """How much bigger than at 96 dpi sizes in pixels should be (1.0 on ordinary screens)."""
    try:
        dpi = float(root.winfo_fpixels("1i"))
    except tk.TclError:
        return 1.0
    return max(1.0, min(4.0, dpi / BASE_DPI))


def enable_hidpi() -> None:
    """Ask Windows for real pixels (else it blurs the window on scaled screens); call before Tk."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import ctypes

        with contextlib.suppress(AttributeError, OSError):  # older Windows: no such call
            ctypes.windll.shcore.SetProcessDpiAwareness(1)


@dataclass(frozen=True)
class Fonts:
    """The window's own fonts (in points, so they follow the screen's density)."""

    status: tkfont.Font
    """The turn and the result, above the board."""
    compact: tkfont.Font
    """The same text, bold at the desktop's size, where the status font does not fit."""
    small: tkfont.Font


def fonts(root: tk.Misc) -> Fonts:
    """The status fonts (larger and bold, or bold) and the small font, from the desktop's font."""
    base = tkfont.nametofont("TkDefaultFont", root=root)
    size = int(base.actual("size")) or 10
    size = abs(size) if size < 0 else size
    family = str(base.actual("family"))
    return Fonts(
        status=tkfont.Font(root=root, family=family, size=size + 3, weight="bold"),
        compact=tkfont.Font(root=root, family=family, size=size, weight="bold"),
        small=tkfont.Font(root=root, family=family, size=max(8, size - 1)),
    )


def padding(scale: float) -> int:
    """The gap between widgets in pixels: 4 at 96 dpi, more on a scaled screen."""
    return round(4 * scale)


def apply(root: tk.Misc, colours: Palette, scale: float = 1.0) -> None:
    """Style the ttk widgets and the menus of ``root``'s application with ``colours``."""
    style = ttk.Style(root)
    if "clam" in style.theme_names():
        style.theme_use("clam")
    pad = padding(scale)
    style.configure(
        ".",
        background=colours.window,
        foreground=colours.text,
        fieldbackground=colours.raised,
        bordercolor=colours.grid,
        lightcolor=colours.window,
        darkcolor=colours.window,
        troughcolor=colours.window,
        focuscolor=colours.accent,
        selectbackground=colours.accent,
        selectforeground="#ffffff",
        insertcolor=colours.text,
    )
    style.configure("TButton", background=colours.raised, padding=(pad * 2, pad), relief="flat")
    style.map(
        "TButton",
        background=[
            ("disabled", colours.window),
            ("pressed", colours.grid),
            ("active", colours.board),
        ],
        foreground=[("disabled", colours.muted)],
    )
    style.configure("Accent.TButton", background=colours.accent, foreground="#ffffff")
    style.map(  # off, it is greyed like any other button: the accent says "click me"
        "Accent.TButton",
        background=[
            ("disabled", colours.window),
            ("pressed", colours.text),
            ("active", colours.accent),
        ],
        foreground=[("disabled", colours.muted), ("active", "#ffffff")],
    )
    style.configure("TCombobox", arrowcolor=colours.text, padding=(pad, pad // 2))
    style.map(
        "TCombobox",
        fieldbackground=[("readonly", colours.raised), ("disabled", colours.window)],
        foreground=[("disabled", colours.muted)],
        selectbackground=[("readonly", colours.raised)],
        selectforeground=[("readonly", colours.text)],
    )
    style.configure("Muted.TLabel", foreground=colours.muted)
    style.configure("Win.TLabel", foreground=colours.win)
    style.configure("Lose.TLabel", foreground=colours.lose)
    style.configure("Treeview", background=colours.raised, fieldbackground=colours.raised)
    style.configure("Treeview.Heading", background=colours.window)
    for option, value in (
        ("*TCombobox*Listbox.background", colours.raised),
        ("*TCombobox*Listbox.foreground", colours.text),
        ("*TCombobox*Listbox.selectBackground", colours.accent),
        ("*TCombobox*Listbox.selectForeground", "#ffffff"),
    ):
        root.option_add(option, value, "interactive")
    if isinstance(root, tk.Tk | tk.Toplevel):
        root.configure(background=colours.window)
