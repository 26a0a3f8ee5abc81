"""Tk's own dialogs - the file chooser, the message box - speak the window's language, Tk's
words coming from the game's catalogs (Tk ships no Vietnamese ones)."""

from __future__ import annotations

import contextlib
import tkinter as tk
from collections.abc import Callable

import pytest

from tictactoe.texts.i18n import translator

from .conftest import Harness

MakeApp = Callable[..., Harness]

CHOOSER_WORDS = ("&Directory:", "File &name:", "Files of &type:", "&Open", "&Cancel")
"""The file chooser's labels and buttons, as Tk names them (``&`` before the underlined
letter, which the dialog does not show)."""


def shown(word: str) -> str:
    """A Tk word as its widget shows it: without the ``&`` before its underlined letter."""
    return word.replace("&", "", 1)


def words_in(h: Harness, path: str) -> list[str]:
    """The text of every widget in the window at ``path``, in order."""
    found: list[str] = []

    def walk(widget: str) -> None:
        with contextlib.suppress(tk.TclError):  # a frame has no text
            text = str(h.root.tk.call(widget, "cget", "-text"))
            if text:
                found.append(text)
        for child in h.root.tk.splitlist(h.root.tk.call("winfo", "children", widget)):
            walk(str(child))

    walk(path)
    return found


def chooser_words(h: Harness) -> list[str]:
    """The words of the file chooser Your own player... opens (then cancelled)."""
    seen: list[str] = []
    chooser = f"{h.root}.__tk_filedialog"

    def look() -> None:
        if not h.root.tk.call("winfo", "exists", chooser) or not h.root.tk.call(
            "winfo", "viewable", chooser
        ):
            h.root.after(50, look)
            return
        seen.extend(words_in(h, chooser))
        h.root.tk.call(f"{chooser}.contents.f2.cancel", "invoke")

    h.root.after(50, look)
    assert h.app.dialogs.ask_player_file() is None, "cancelled"
    return seen


@pytest.mark.parametrize("language", ["en", "ru", "vi", "zh_CN"])
def test_the_file_chooser_speaks_the_window_language(make_app: MakeApp, language: str) -> None:
    h = make_app(opponent="random", real_dialogs=True, language=language)
    _ = translator(language)
    seen = chooser_words(h)
    for word in CHOOSER_WORDS:
        assert shown(_(word)) in seen, word
    assert _("Python files") + " (*.py)" in seen, "the game's own file type"
    if language != "en":
        english = {shown(word) for word in CHOOSER_WORDS}
        assert english.isdisjoint(seen), "no word of Tk's English left"


def test_the_file_chooser_follows_a_change_of_language(make_app: MakeApp) -> None:
    h = make_app(opponent="random", real_dialogs=True, language="en")
    assert "File name:" in chooser_words(h)
    h.app.vars.language.set("vi")
    h.app.choose_language()
    seen = chooser_words(h)
    assert {"Tên tệp:", "Loại tệp:", "Thư mục:", "Mở", "Hủy"} <= set(seen)


@pytest.mark.parametrize(
    ("language", "yes", "no"), [("zh_CN", "是", "否"), ("vi", "Có", "Không"), ("en", "Yes", "No")]
)
def test_the_message_box_answers_in_the_window_language(
    make_app: MakeApp, language: str, yes: str, no: str
) -> None:
    """Tk's own Chinese says OK and Cancel for Yes and No; Tk has no Vietnamese."""
    h = make_app(opponent="random", real_dialogs=True, language=language)
    buttons: list[str] = []
    box = f"{h.root}.__tk__messagebox"

    def answer_no() -> None:
        if not h.root.tk.call("winfo", "exists", box):
            h.root.after(50, answer_no)
            return
        buttons.extend(
            str(h.root.tk.call(f"{box}.{name}", "cget", "-text")) for name in ("yes", "no")
        )
        h.root.tk.call(f"{box}.no", "invoke")

    h.root.after(50, answer_no)
    h.app.menus.invoke("scores", "reset")
    assert [button.split("(")[0] for button in buttons] == [yes, no]
