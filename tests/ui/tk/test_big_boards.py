"""Big boards in the window: the engine's hints on the board, the think time, its progress."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Game, Starter
from tictactoe.saved.settings import SettingsStore
from tictactoe.texts.i18n import translator
from tictactoe.ui.tk import dialogs as dialogs_module
from tictactoe.ui.tk.theme import LIGHT

from .conftest import Harness
from .test_window import places

MakeApp = Callable[..., Harness]
GOMOKU = Rules(15, 15, 5)
NODES = 2_000
RU = translator("ru")
"""A node budget: the engine's hints and moves are the same on every run and machine."""


def two_people(make_app: MakeApp, *cells: int, **options: object) -> Harness:
    """Two people on 15 x 15 after ``cells`` were clicked in turn (X first)."""
    h = make_app(opponent="human", rules=GOMOKU, **options)
    for cell in cells:
        h.click_cell(cell)
    assert h.app.session.game.moves == cells
    return h


def ranks(h: Harness) -> dict[int, str]:
    """The numbers drawn on the board: cell -> "1", "2", "3"."""
    view = h.app.view
    found = {}
    for item in view.find_withtag("rank"):
        tag = next(t for t in view.gettags(item) if t.startswith("l"))
        found[int(tag[1:])] = str(view.itemcget(item, "text"))
    return found


def expected(moves: tuple[int, ...]) -> Game:
    game = Game(GOMOKU, {Mark.X: "human", Mark.O: "human"}, nodes=NODES)
    for cell in moves:
        game.play(cell)
    return game


def test_a_big_board_hint_numbers_the_engines_best_moves(make_app: MakeApp) -> None:
    moves = (112, 0, 113, 1)
    h = two_people(make_app, *moves, nodes=NODES)
    assert h.app.footer.legend_texts == []
    h.key("h")
    assert h.pump(lambda: bool(ranks(h)))
    best = expected(moves).suggestions()
    assert len(best) == 3
    assert ranks(h) == {s.cell: str(rank) for rank, s in enumerate(best, start=1)}
    assert all(h.app.session.game.board[cell] is None for cell in ranks(h)), "on free cells only"
    assert h.fill(best[0].cell) in LIGHT.hints.values(), "a tile in the verdict's colour"
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    legend = h.app.footer.legend_texts
    words = {"better": "better for you", "equal": "about equal", "worse": "worse for you"}
    assert legend[-3:] == [
        f"{rank} {s.label}: {words[str(s.verdict)]}" for rank, s in enumerate(best, start=1)
    ], "each verdict in words (all fit: the score makes way)"
    assert legend[:-3] in ([], ["Best moves for X:"]), "the heading where there is room"
    assert h.app.footer.score.cget("text") == ""
    assert "No hints" not in h.notice
    h.click_cell(best[0].cell)
    assert ranks(h) == {} and h.app.footer.legend_texts == [], "a move clears them"
    assert "X 0 · O 0" in str(h.app.footer.score.cget("text"))


def test_a_forced_win_is_said_with_the_winners_own_moves(make_app: MakeApp) -> None:
    h = two_people(make_app, 112, 0, 113, 1, 114, 3, nodes=NODES)  # X: an open three
    h.app.hint()
    assert h.pump(lambda: bool(h.app.footer.legend_texts))
    (found,) = expected(h.app.session.game.moves).suggestions()
    assert h.app.footer.legend_texts == [
        "Best moves for X:",
        f"1 {found.label}: you win in 2 of your moves",
    ]
    h.click_cell(found.cell)
    h.click_cell(20)
    h.app.hint()
    assert h.pump(lambda: len(h.app.footer.legend_texts) == 2)
    assert h.app.footer.legend_texts[1].endswith(": you win with this move")
    h.click_cell(next(iter(ranks(h))))
    assert h.status == "X wins!"


def test_the_side_about_to_lose_is_told_who_wins(make_app: MakeApp) -> None:
    # X: an open four (h8-k8 with g8 and l8 free); O cannot stop it.
    h = two_people(make_app, 112, 0, 113, 1, 114, 2, 115, language="ru", nodes=NODES)
    h.app.hint()
    assert h.pump(lambda: len(h.app.footer.legend_texts) >= 2)
    first, second = expected(h.app.session.game.moves).suggestions()
    beaten = RU("{mark} wins next move").format(mark="X")
    assert h.app.footer.legend_texts == [
        f"1 {first.label}: {beaten}",
        f"2 {second.label}: {beaten}",
    ], "the heading makes way for the moves themselves"


def test_a_move_during_a_long_hint_is_played_at_once_and_ends_the_search(
    make_app: MakeApp,
) -> None:
    h = two_people(make_app, 112, 0, think=60.0)
    h.key("h")
    assert h.pump(lambda: h.app.session.searching)
    assert h.pump(lambda: h.app.banner.spinner.spinning), "it is seen to be working"
    assert "Looking for the best moves" in h.notice
    h.click_cell(113)
    assert h.app.session.game.moves == (112, 0, 113), "the move is not held up"
    assert not h.app.session.searching and "Looking" not in h.notice
    assert h.pump(lambda: h.app.session.jobs.running == 0), "the search stopped (60 s were allowed)"
    assert ranks(h) == {}


def test_esc_shows_the_best_moves_found_so_far(make_app: MakeApp) -> None:
    h = two_people(make_app, 112, 0, think=60.0, analysis=True)
    h.key("h")
    assert h.pump(lambda: h.app.session.progress)
    assert h.pump(lambda: "depth" in str(h.app.banner.detail.cget("text")))
    h.key("Escape")
    assert h.pump(lambda: bool(ranks(h))), "Esc ends the search with what it found"
    assert not h.app.session.searching and not h.app.banner.spinner.spinning
    assert h.app.footer.legend_texts[-1].startswith("3 ")


def test_new_game_ends_a_long_hint_search(make_app: MakeApp) -> None:
    h = two_people(make_app, 112, think=60.0)
    h.app.menus.invoke("options", "hints")
    assert h.pump(lambda: h.app.session.searching)
    h.key("n", "Control")
    # One search at a time: the new game's hints come once the old search has stopped.
    assert h.pump(lambda: bool(ranks(h)) and not h.app.session.searching)
    assert h.app.session.game.moves == ()
    h.click_cell(112)
    assert h.pump(lambda: h.app.session.searching)
    h.app.menus.invoke("options", "hints")
    assert not h.app.session.searching
    assert h.pump(lambda: h.app.session.jobs.running == 0), "it stops when hints are turned off"


PROGRESS = re.compile(r"^depth \d+ · [a-o]\d{1,2}( [a-o]\d{1,2}){0,3}( …)? · \d+(\.\d)? s$")
"""The banner while the engine thinks: its depth, the first four moves of its line (… when
it goes on) and the time."""


def test_the_banner_shows_the_engines_depth_line_and_time_as_it_thinks(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="search", rules=GOMOKU, starter=Starter.YOU, think=1.0, analysis=True)
    h.settle(0.2)
    before = places(h)
    h.click_cell(112)
    seen: list[str] = []

    def detail() -> bool:
        text = str(h.app.banner.detail.cget("text"))
        if text and (not seen or seen[-1] != text):
            seen.append(text)
        return "depth" in text

    assert h.pump(detail)
    assert PROGRESS.match(seen[-1]), seen[-1]
    assert places(h) == before, "the layout does not move"
    assert h.pump(lambda: len(h.app.session.game.moves) == 2)
    assert h.app.banner.detail.cget("text") == "", "cleared with the computer's move"
    assert h.app.session.match.game.think_seconds == 1.0


def test_new_game_ends_the_computers_long_thinking(make_app: MakeApp) -> None:
    h = make_app(opponent="search", rules=GOMOKU, starter=Starter.YOU, think=60.0)
    h.click_cell(112)
    assert h.pump(lambda: h.app.session.progress)
    h.key("n", "Control")
    assert h.pump(lambda: h.app.session.jobs.running == 0), "stopped (60 s were allowed)"
    assert h.marks() == {} or h.app.session.match.your_mark is Mark.O


def test_the_think_time_menu_shows_changes_and_remembers_it(
    make_app: MakeApp, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    h = make_app(opponent="search", rules=GOMOKU, store=store)
    menus = h.app.menus
    assert menus.label("options", "think") == "Time per move: 1 s"
    assert h.app.vars.think.get() == "1"
    menus.invoke("think", "5")
    assert menus.label("options", "think") == "Time per move: 5 s"
    assert (h.app.session.match.think_seconds, h.app.session.game.think_seconds) == (5.0, 5.0)
    assert json.loads(store.path.read_text(encoding="utf-8"))["think"] == 5.0
    h.dialogs.think = 0.25
    menus.invoke("think", "other")
    assert h.dialogs.thinks_asked == [5.0], "the dialog starts from the current time"
    assert menus.label("options", "think") == "Time per move: 0.25 s"
    assert h.app.vars.think.get() == "other" and h.app.session.match.think_seconds == 0.25
    assert store.load().settings.think == 0.25
    h.dialogs.think = None
    menus.invoke("think", "other")
    assert h.app.session.match.think_seconds == 0.25, "cancelled: unchanged"
    h.app.new_game()
    assert h.app.session.game.think_seconds == 0.25, "kept for the next games"
    menus.invoke("language", "vi")
    assert h.app.menus.label("options", "think") == "Thời gian mỗi nước: 0,25 giây"


def test_the_real_think_time_dialog_checks_what_is_typed(make_app: MakeApp) -> None:
    h = make_app(opponent="search", rules=GOMOKU, real_dialogs=True, language="ru")
    seen: list[str] = []

    def answer(dialog: dialogs_module.ThinkDialog) -> None:
        for text in ("soon", "0.01", "2,5"):
            dialog.field.delete(0, "end")
            dialog.field.insert(0, text)
            dialog.ok_button.invoke()
            if dialog.winfo_exists():
                seen.append(str(dialog.message.cget("text")))

    h.when_open(dialogs_module.ThinkDialog, answer)
    h.app.menus.invoke("think", "other")
    assert seen == [
        "Введите число секунд от 0,05 с до 600 с, а не «soon».",
        "Введите число секунд от 0,05 с до 600 с, а не «0.01».",
    ]
    assert h.app.session.match.think_seconds == 2.5, "a decimal comma is understood"


def test_ctrl_a_in_the_think_time_dialog_selects_it_all_so_typing_replaces_it(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="search", rules=GOMOKU, real_dialogs=True, think=0.5)
    seen: list[str] = []

    def answer(dialog: dialogs_module.ThinkDialog) -> None:
        field = dialog.field
        field.focus_force()
        field.update()
        field.event_generate("<KeyPress-Home>")
        field.event_generate("<Control-KeyPress-a>")
        seen.append(field.selection_get() if field.selection_present() else "")
        field.event_generate("<KeyPress-2>")
        seen.append(field.get())
        dialog.ok_button.invoke()
        if dialog.winfo_exists():
            dialog.destroy()

    h.when_open(dialogs_module.ThinkDialog, answer)
    h.app.menus.invoke("think", "other")
    assert seen == ["0.5", "2"], "Ctrl+A selects the whole number, so typing replaces it"
    assert h.app.session.match.think_seconds == 2.0


def test_the_banner_says_how_long_expert_thinks_and_the_analysis_on_demand(
    make_app: MakeApp,
) -> None:
    h = make_app(opponent="search", rules=GOMOKU, starter=Starter.YOU, think=60.0)
    h.click_cell(112)
    detail = h.app.banner.detail
    assert h.pump(lambda: " s of 60 s" in str(detail.cget("text")))
    assert "depth" not in str(detail.cget("text"))
    h.app.menus.invoke("options", "analysis")
    assert h.pump(lambda: str(detail.cget("text")).startswith("depth "))
    assert h.app.session.settings.analysis
    h.key("n", "Control")
    assert h.pump(lambda: h.app.session.jobs.running == 0)


def test_6x5_hints_colour_every_cell_early_then_number_the_proved_best_moves(
    make_app: MakeApp,
) -> None:
    # 6 x 5 with k = 4: the opening table values every move of the first plies; past them
    # exact play proves the best moves one at a time.
    h = make_app(opponent="human", rules=Rules(6, 5, 4))
    h.key("h")
    hints = LIGHT.hints
    assert h.pump(lambda: h.fill(12) == hints["win"])  # c3: X wins
    assert h.fill(0) == hints["loss"]  # a corner loses on 6 x 5
    assert all(h.fill(c) in hints.values() for c in range(30))
    for cell in (12, 0, 17, 1):
        h.click_cell(cell)
    h.key("h")
    assert h.pump(lambda: bool(ranks(h)))
    found = h.app.session.hints.suggestions
    assert found and all(s.exact and str(s.verdict) == "winning" for s in found)
    assert ranks(h) == {s.cell: str(rank) for rank, s in enumerate(found, start=1)}
