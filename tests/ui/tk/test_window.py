"""The window: resizing, big boards, keyboard play, real pointer clicks, responsiveness, dialogs."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.cells import column_name
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.ui.tk import dialogs as dialogs_module
from tictactoe.ui.tk.board_view import MIN_LABEL_POINTS
from tictactoe.ui.tk.panels import NOTICE_LINES

from .conftest import Harness

SaveResult = Callable[..., None]

MakeApp = Callable[..., Harness]


def glyph_size(h: Harness, cell: int) -> float:
    x0, y0, x1, y1 = h.app.view.bbox(f"g{cell}")
    return float(max(x1 - x0, y1 - y0))


def test_the_board_fills_the_window_and_scales_on_resize(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    h.click_cell(4)
    h.click_cell(0)
    small_cell, small_glyph = h.app.view.geometry.cell, glyph_size(h, 4)
    h.root.geometry("900x1000")
    assert h.pump(lambda: h.app.view.winfo_width() > 850)
    h.settle(0.1)
    canvas = h.app.view
    assert canvas.winfo_height() > 850, "the canvas takes the room"
    geometry = canvas.geometry
    assert geometry.cell > small_cell * 1.5
    assert geometry.cell * 3 >= min(canvas.winfo_width(), canvas.winfo_height()) - 20
    assert glyph_size(h, 4) > small_glyph * 1.5
    assert glyph_size(h, 0) > small_glyph * 1.5
    width = float(canvas.itemcget(canvas.find_withtag("g4")[0], "width"))
    assert width > 10, "bold strokes grow with the cell"
    h.root.geometry("1x1")  # as small as the window may get: the toolbar still fits
    assert h.pump(lambda: h.app.view.winfo_height() < 300)
    h.settle(0.1)
    assert h.app.view.geometry.cell < small_cell
    assert h.root.winfo_width() >= h.app.toolbar.winfo_reqwidth()


def test_15x15_is_a_gomoku_board_with_coordinates(make_app: MakeApp) -> None:
    h = make_app(opponent="random", rules=Rules(15, 15, 5))
    canvas = h.app.view
    assert canvas.gomoku
    assert not canvas.find_withtag("label"), "no number in each cell"
    assert not canvas.find_withtag("cell"), "no box per empty cell"
    coords = [canvas.itemcget(item, "text") for item in canvas.find_withtag("coords")]
    assert coords == [column_name(c) for c in range(15)] + [str(r) for r in range(1, 16)]
    assert coords[0] == "a" and coords[14] == "o" and coords[-1] == "15"
    size = abs(int(canvas.itemcget(canvas.find_withtag("coords")[0], "font").split()[-1]))
    assert size >= MIN_LABEL_POINTS
    assert len(canvas.find_all()) < 100, "lines, points and coordinates, not 225 boxes"
    geometry = canvas.geometry
    h.click_cell(112)
    x, y = geometry.centre(112)
    glyph = canvas.bbox("g112")
    assert glyph[0] < x < glyph[2] and glyph[1] < y < glyph[3], "the mark sits on the point"
    assert h.pump(lambda: len(h.marks()) == 2)
    last = h.app.session.game.last_move
    lx0, ly0, lx1, ly1 = canvas.bbox("last")
    x0, y0, x1, y1 = geometry.box(last)
    assert x0 <= lx0 and lx1 <= x1 and y0 <= ly0 and ly1 <= y1
    assert lx1 - lx0 < geometry.cell / 3, "a small last-move dot"
    assert not canvas.find_withtag("cursor"), "a click is no keyboard cursor"
    h.key("Left")
    cursor = canvas.find_withtag("cursor")
    assert cursor and float(canvas.itemcget(cursor[0], "width")) <= 3, "a thin cursor"


def test_the_winning_line_stands_out_on_a_big_board(make_app: MakeApp) -> None:
    h = make_app(opponent="human", rules=Rules(15, 15, 5))
    for x, o in zip(range(105, 110), range(120, 124), strict=False):
        h.click_cell(x)
        h.click_cell(o)
    h.click_cell(109)
    assert h.status == "X wins!"
    canvas = h.app.view
    halos = canvas.find_withtag("halo")
    assert len(halos) == 5
    line, casing = canvas.find_withtag("winline")[1], canvas.find_withtag("winline")[0]
    assert float(canvas.itemcget(casing, "width")) > float(canvas.itemcget(line, "width"))
    assert h.pump(lambda: canvas.coords(line)[2] > canvas.geometry.centre(109)[0])
    assert canvas.coords(line)[0] < canvas.geometry.centre(105)[0]


def test_the_largest_board_fits_the_screen(make_app: MakeApp) -> None:
    h = make_app(opponent="random", rules=Rules(26, 26, 5))
    h.settle(0.2)
    root = h.root
    assert root.winfo_height() <= root.winfo_screenheight() - 60
    assert root.winfo_width() <= root.winfo_screenwidth()
    geometry = h.app.view.geometry
    assert geometry.top + 26 * geometry.cell <= h.app.view.winfo_height()
    assert geometry.cell >= 20, "still big enough to click"


def test_a_move_on_a_big_board_redraws_only_what_changed(make_app: MakeApp) -> None:
    h = make_app(opponent="win-block", rules=Rules(26, 26, 5))
    h.settle(0.2)
    canvas = h.app.view
    full = canvas.full_redraws
    items = len(canvas.find_all())
    h.click_cell(26 * 13 + 13)
    assert canvas.find_withtag(f"g{26 * 13 + 13}"), "your mark is drawn before the computer thinks"
    assert h.pump(lambda: len(h.marks()) == 2)
    assert canvas.full_redraws == full, "no full redraw for a move"
    assert len(canvas.find_all()) <= items + 8


def test_keyboard_play(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free")
    assert h.app.cursor == 4
    assert not h.app.view.find_withtag("cursor"), "no cursor until the keys are used"
    h.key("Right")
    assert h.app.view.find_withtag("cursor"), "the cursor is visible"
    h.key("Down")
    assert h.app.cursor == 8
    h.key("Down")
    assert h.app.cursor == 8, "the cursor stays on the board"
    h.key("Return")
    assert h.marks()[8] is Mark.X
    assert h.pump(lambda: h.marks().get(0) is Mark.O)
    h.key("Left")
    h.key("space")
    assert h.marks()[7] is Mark.X
    assert h.pump(lambda: h.marks().get(1) is Mark.O)
    h.key("5")  # numpad numbering on 3 x 3: 5 is the centre
    assert h.marks()[4] is Mark.X
    assert h.pump(lambda: h.marks().get(2) is Mark.O)
    h.key("z", "Control")
    assert 4 not in h.marks()
    h.key("y", "Control")
    assert h.marks()[4] is Mark.X
    h.key("n", "Control")
    assert h.marks() == {}
    h.key("KP_Home")  # keypad 7 with Num Lock off: the top left
    assert h.marks()[0] is Mark.X


def test_typed_numbers_on_a_bigger_board(make_app: MakeApp) -> None:
    h = make_app(opponent="first-free", rules=Rules(5, 5, 4))
    assert h.app.numbering.value == "index"
    h.key("2")
    assert h.marks() == {}
    assert h.notice == "Cell: 2_"
    h.key("4")
    assert h.marks()[24] is Mark.X, "24 cannot grow into another cell: played at once"
    h.pump(lambda: len(h.marks()) == 2)
    h.key("3")
    h.key("Return")
    assert h.marks()[3] is Mark.X


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_real_pointer_clicks(make_app: MakeApp, display: str) -> None:
    h = make_app(opponent="first-free")
    canvas = h.app.view
    h.root.lift()
    h.root.focus_force()
    h.settle(0.2)

    def click(cell: int) -> None:
        x, y = canvas.geometry.centre(cell)
        subprocess.run(
            [
                "xdotool",
                "mousemove",
                "--window",
                str(canvas.winfo_id()),
                str(int(x)),
                str(int(y)),
                "click",
                "1",
            ],
            check=True,
            env={"DISPLAY": display, "PATH": "/usr/bin:/bin"},
        )

    click(4)
    assert h.pump(lambda: h.marks().get(4) is Mark.X, timeout=5)
    assert h.pump(lambda: h.marks().get(0) is Mark.O)
    click(8)
    assert h.pump(lambda: h.marks().get(8) is Mark.X, timeout=5)
    pointer = canvas.winfo_pointerxy()
    x, y = canvas.geometry.centre(8)
    assert abs(pointer[0] - canvas.winfo_rootx() - x) <= 1
    assert abs(pointer[1] - canvas.winfo_rooty() - y) <= 1


def test_the_window_stays_responsive_while_the_computer_thinks(
    make_app: MakeApp, slow_strategy: threading.Event
) -> None:
    h = make_app(opponent="slow", level="slow", starter=Starter.YOU)
    h.click_cell(4)
    assert h.pump(lambda: "thinking" in h.status, timeout=2)
    ticks: list[float] = []
    started = time.monotonic()
    for count in range(1, 6):
        h.root.after(10, lambda: ticks.append(time.monotonic()))
        h.pump(lambda count=count: len(ticks) >= count, timeout=2)
    assert len(ticks) == 5 and ticks[-1] - started < 1.5, "the event loop keeps running"
    h.key("Right")
    assert h.app.cursor == 5, "keys still work"
    h.app.menus.invoke("options", "names")
    assert not h.app.view.find_withtag("label")
    assert h.marks() == {4: Mark.X}
    slow_strategy.set()
    assert h.pump(lambda: h.marks().get(0) is Mark.O)
    assert "Your move" in h.status


def places(h: Harness) -> dict[str, tuple[int, ...]]:
    """Where each part of the window is, and the board's cell size."""
    parts = {
        "toolbar": h.app.toolbar,
        "banner": h.app.banner,
        "board": h.app.view,
        "footer": h.app.footer,
    }
    found = {
        name: (w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height())
        for name, w in parts.items()
    }
    g = h.app.view.geometry
    found["cells"] = (round(g.left), round(g.top), round(g.cell))
    return found


@pytest.mark.parametrize("language", ["en", "ru"])
def test_nothing_moves_while_the_computer_thinks_or_hints_show(
    make_app: MakeApp, slow_strategy: threading.Event, language: str
) -> None:
    h = make_app(opponent="slow", level="slow", starter=Starter.YOU, language=language)
    h.settle(0.2)
    before = places(h)
    h.click_cell(4)
    assert h.pump(lambda: h.app.banner.spinner.spinning, timeout=2)
    h.settle(0.3)
    assert places(h) == before, "thinking"
    h.app.say("a long message " * 40)
    h.settle(0.1)
    shown = str(h.app.footer.notice.cget("text"))
    most = NOTICE_LINES
    assert shown.count("\n") == most - 1 and shown.endswith("…"), f"on {most} lines at most"
    said = places(h)
    assert said["footer"][3] > before["footer"][3] and said["toolbar"] == before["toolbar"]
    assert said["board"][3] < before["board"][3], "the board gives the notice room"
    slow_strategy.set()
    assert h.pump(lambda: h.app.session.game.waiting_for_human)
    h.app.hint()
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    h.settle(0.1)
    assert places(h) == before, "hints and their legend (the notice gone)"


def test_a_new_game_cancels_the_thinking(make_app: MakeApp, slow_strategy: threading.Event) -> None:
    h = make_app(opponent="slow", level="slow", starter=Starter.YOU)
    h.click_cell(4)
    assert h.pump(lambda: h.app.session.thinking)
    h.key("n", "Control")
    assert not h.app.session.thinking
    assert h.marks() == {}
    assert h.status == "Your move (X)"
    slow_strategy.set()
    h.pump(lambda: h.app.session.jobs.running == 0, timeout=5)
    h.settle(0.1)
    assert h.marks() == {}, "the stale answer is dropped"
    h.click_cell(8)
    assert h.pump(lambda: h.marks().get(0) is Mark.O)


def test_closing_the_window_while_the_computer_thinks(
    make_app: MakeApp, slow_strategy: threading.Event
) -> None:
    h = make_app(opponent="slow", level="slow")
    h.click_cell(4)
    assert h.pump(lambda: h.app.session.thinking)
    h.root.protocol("WM_DELETE_WINDOW")  # the handler stays installed
    h.app.quit()
    assert h.app.closed
    slow_strategy.set()


def test_the_real_custom_board_dialog_validates(make_app: MakeApp) -> None:
    h = make_app(opponent="random", real_dialogs=True)
    seen: list[str] = []
    selected: list[str] = []

    def fill_in() -> None:
        found = [
            w for w in h.root.winfo_children() if isinstance(w, dialogs_module.CustomBoardDialog)
        ]
        if not found:
            h.root.after(50, fill_in)
            return
        dialog = found[0]
        field = dialog.fields["rows"]
        field.focus_force()
        field.event_generate("<FocusIn>")
        selected.append(field.selection_get())
        for key, value in (("rows", "6"), ("cols", "x"), ("k", "4")):
            dialog.fields[key].delete(0, "end")
            dialog.fields[key].insert(0, value)
        dialog.ok_button.invoke()
        seen.append(str(dialog.message.cget("text")))
        dialog.fields["cols"].delete(0, "end")
        dialog.fields["cols"].insert(0, "5")
        dialog.fields["k"].delete(0, "end")
        dialog.fields["k"].insert(0, "9")
        dialog.ok_button.invoke()
        seen.append(str(dialog.message.cget("text")))
        dialog.fields["k"].delete(0, "end")
        dialog.fields["k"].insert(0, "4")
        dialog.ok_button.invoke()

    h.root.after(50, fill_in)
    h.app.menus.invoke("board", "custom")
    assert selected == ["3"], "entering a field selects its number, so typing replaces it"
    assert seen == [
        "Columns must be a whole number, not 'x'.",
        "k must be from 2 to 6 (the longer side) on a 6 x 5 board, not 9.",
    ]
    assert h.app.session.match.rules == Rules(6, 5, 4)
    assert len(h.app.view.find_withtag("cell")) == 30, "6 x 5 is a small board: a tile per cell"


def test_the_real_scoreboard_window(make_app: MakeApp) -> None:
    h = make_app(opponent="random", real_dialogs=True)
    h.app.menus.invoke("scores", "show")
    windows = [w for w in h.root.winfo_children() if isinstance(w, dialogs_module.ScoresWindow)]
    assert len(windows) == 1
    table = windows[0].table
    [row] = table.get_children()
    assert table.item(row, "values")[0] == "No games recorded yet"


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("rules", [Rules(), Rules(6, 6, 4)])
def test_the_cursor_leaves_the_cell_name_readable(make_app: MakeApp, rules: Rules) -> None:
    h = make_app(opponent="human", rules=rules)
    h.key("Right")
    h.key("Left")  # the cursor shows, back on the centre
    canvas, cell = h.app.view, h.app.cursor
    label = canvas.bbox(f"l{cell}")
    x0, y0, x1, y1 = canvas.coords("cursor")
    width = float(canvas.itemcget("cursor", "width"))
    inner = (x0 + width / 2, y0 + width / 2, x1 - width / 2, y1 - width / 2)
    assert label[0] >= inner[0] and label[1] >= inner[1], "the name is inside the frame"
    top_line = (x0 - width / 2, y0 - width / 2, x1 + width / 2, y0 + width / 2)
    assert not overlaps(label, top_line)


def test_cell_names_that_cannot_fit_are_left_out(make_app: MakeApp) -> None:
    h = make_app(opponent="human", rules=Rules(6, 6, 4))
    h.app.menus.invoke("numbering", "index")
    assert len(h.app.view.find_withtag("label")) == 36
    h.root.minsize(1, 1)
    h.root.geometry("300x200")
    assert h.pump(lambda: h.app.view.geometry.cell < 20)
    h.settle(0.1)
    canvas = h.app.view
    for item in canvas.find_withtag("label"):
        x0, _y0, x1, _y1 = canvas.bbox(item)
        assert x1 - x0 <= canvas.geometry.cell, canvas.itemcget(item, "text")
    assert not canvas.find_withtag("label"), "no room for names in so small a cell"
    assert len(canvas.find_withtag("cell")) == 36


def test_a_new_board_puts_the_cursor_in_the_middle(make_app: MakeApp) -> None:
    h = make_app(opponent="human")
    assert h.app.cursor == 4
    h.app.new_game(rules=Rules(7, 7, 5))
    assert h.app.cursor == 24


def test_the_real_yes_no_buttons_speak_the_window_language(make_app: MakeApp) -> None:
    h = make_app(opponent="random", real_dialogs=True, language="ru")
    buttons: list[str] = []

    def answer_no() -> None:
        box = f"{h.root}.__tk__messagebox"
        if h.root.tk.call("winfo", "exists", box):
            for name in ("yes", "no"):
                buttons.append(str(h.root.tk.call(f"{box}.{name}", "cget", "-text")))
            h.root.tk.call(f"{box}.no", "invoke")
        else:
            h.root.after(50, answer_no)

    h.root.after(50, answer_no)
    h.app.menus.invoke("scores", "reset")
    assert buttons == ["Да", "Нет"]


def test_the_scoreboard_table_shows_whole_board_names(
    make_app: MakeApp, tmp_path: Path, save_result: SaveResult
) -> None:
    from tictactoe.saved.scoreboard import Scoreboard

    scoreboard = Scoreboard(tmp_path / "wide.sqlite3")
    save_result(scoreboard.path, Rules(15, 15, 5), "human", "fork-aware", Mark.X)
    h = make_app(opponent="random", real_dialogs=True, scoreboard=scoreboard, language="ru")
    h.app.menus.invoke("scores", "show")
    [window] = [w for w in h.root.winfo_children() if isinstance(w, dialogs_module.ScoresWindow)]
    table = window.table
    from tkinter import font as tkfont

    text = table.item(table.get_children()[0], "values")[1]
    assert text == "15 x 15, 5 в ряд"
    assert int(table.column("c1", "width")) >= tkfont.nametofont("TkDefaultFont").measure(text)
    window.destroy()
