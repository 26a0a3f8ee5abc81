"""Skill level > Check a player file...: the checker's report on a file, in a window of its own.

The checks take a few seconds, so they run on a thread; the window shows the
same report as ``tictactoe check`` (monospace, so the positions line up).
"""

from __future__ import annotations

import threading
import tkinter as tk
from collections.abc import Callable
from tkinter import scrolledtext

from tictactoe.lessons import checked_text
from tictactoe.texts.i18n import Translator

POLL_MS = 100
"""How often the window looks whether the report is ready."""


def check_player_file(root: tk.Misc, tr: Translator, ask_file: Callable[[], str | None]) -> None:
    """Ask for a player file, then show its checks' report in a new window."""
    path = ask_file()
    if not path:
        return
    window = tk.Toplevel(root)
    window.title(tr.gettext("How it plays 3 x 3"))
    text = scrolledtext.ScrolledText(window, width=84, height=36, font=("TkFixedFont", 12))
    text.pack(fill="both", expand=True)
    text.insert("end", "…")
    found: list[str] = []

    def work() -> None:
        try:
            found.append(checked_text(tr, path)[0])
        except Exception as error:  # the window says it; the game goes on
            found.append(str(error))

    def poll() -> None:
        if not window.winfo_exists():
            return
        if not found:
            window.after(POLL_MS, poll)
            return
        text.delete("1.0", "end")
        text.insert("end", found[0])
        text.configure(state="disabled")

    threading.Thread(target=work, daemon=True).start()
    window.after(POLL_MS, poll)
