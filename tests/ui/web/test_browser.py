"""The page in a real browser: Debian's Chromium driven by Playwright, against the real server.

Nothing is downloaded: Playwright's driver comes with its wheel and the
browser is ``/usr/bin/chromium``. Set ``TICTACTOE_SCREENSHOTS=docs/screenshots``
to write the README's screenshots from these runs (otherwise they go to a
temporary folder).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import ServerProcess, start_server

from tictactoe.session import colours

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The real ``tictactoe web`` for this module's pages."""
    server = start_server(
        tmp_path_factory.mktemp("web-home"),
        *("--claim-after", "2", "--max-think", "600"),
        # Every page of the module comes from this machine, and most leave a game open: more
        # than the 30 rooms one address may have open by default.
        *("--rooms-per-address", "1000"),
    )
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: the README's folder when asked for, else a temporary one."""
    chosen = os.environ.get("TICTACTOE_SCREENSHOTS")
    return Path(chosen) if chosen else tmp_path


class Tab:
    """One browser page with the checks the tests need; it fails on any script error."""

    def __init__(
        self, browser: Any, live: ServerProcess, *, beside: Tab | None = None, **options: Any
    ) -> None:
        """A tab of its own browser (a new context with ``options``), or another tab of the
        browser of ``beside``."""
        self.shared = beside is not None
        self.context = beside.context if beside is not None else browser.new_context(**options)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        self.live = live

    def open(self, path: str = "/") -> Tab:
        self.page.goto(self.live.url + path)
        self.page.wait_for_selector("#board [role=gridcell]")
        # The page's first game (or why there is none) in place: on a loaded machine its
        # welcome can come late, and a game started before it would take it for its own.
        self.page.wait_for_function("document.getElementById('status').textContent !== '…'")
        return self

    def status(self, text: str) -> None:
        # Generous: on a loaded machine the server's worker processes may take seconds to answer.
        playwright_api.expect(self.page.locator("#status")).to_contain_text(text, timeout=20_000)

    def cell(self, index: int) -> Any:
        return self.page.locator(f"#board [data-cell='{index}']")

    def play(self, index: int, tap: bool = False) -> None:
        """Click (or tap) a cell once the page takes it: the new game is in place and it is
        the player's move."""
        playable = self.page.locator(f"#board [data-cell='{index}'][aria-disabled='false']")
        playable.wait_for()
        if tap:
            playable.tap()
        else:
            playable.click()

    def marks(self) -> str:
        """The marks on the board, in cell order (X and O are drawn, not written)."""
        return str(
            self.page.evaluate(
                """() => [...document.querySelectorAll('#board [role=gridcell] .mark')]
                    .map((m) => m.classList.contains('x') ? 'X'
                        : m.classList.contains('o') ? 'O' : '')
                    .join('')"""
            )
        )

    def wait_moves(self, count: int) -> None:
        self.page.wait_for_function(
            "(n) => document.querySelectorAll('#board .mark.x, #board .mark.o').length === n",
            arg=count,
        )

    def close(
        self, boards_refused: bool = False, not_found: bool = False, server_down: bool = False
    ) -> None:
        """Close the tab, after checking the page logged no error (but the refused boards'
        400 answers, which Chromium logs, with ``boards_refused``, the 404 of a page
        opened at an invite link that is not valid with ``not_found``, and the refused
        reconnections while its server was stopped with ``server_down``)."""
        expected = [
            said
            for said, on in (
                ("the server responded with a status of 400", boards_refused),
                ("the server responded with a status of 404", not_found),
                ("net::ERR_CONNECTION_REFUSED", server_down),
            )
            if on
        ]
        for said in expected:
            self.errors = [error for error in self.errors if said not in error]
        assert self.errors == [], self.errors
        if self.shared:
            self.page.close()
        else:
            self.context.close()


def open_settings(tab: Tab) -> None:
    """Open the settings where a phone's page has folded them to their summary line, as a
    person taps it."""
    if not tab.page.locator("#setup").evaluate("(setup) => setup.open"):
        tab.page.click("#setup-summary")


def start_solo(
    tab: Tab, level: str, board: str = "3x3x3", first: str = "you", think: str = ""
) -> None:
    page = tab.page
    open_settings(tab)
    page.select_option("#board-size", board)
    page.select_option("#level", level)
    if think:
        page.fill("#think", think)
        page.locator("#think").dispatch_event("change")
    page.select_option("#first", first)
    page.click("#play-computer")


def test_a_whole_game_against_the_computer_by_clicks(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    start_solo(tab, "first-free")
    tab.status("Your move (X)")
    tab.play(3)
    tab.wait_moves(2)  # the computer answered (first-free: the top left)
    tab.play(4)
    tab.wait_moves(4)
    tab.page.click("#hint")
    playwright_api.expect(tab.cell(5)).to_have_class(re.compile(r"\bhint-win\b"))
    playwright_api.expect(tab.page.locator("#legend")).to_be_visible()
    tab.page.screenshot(path=shots / "web-3x3-hints.png")
    tab.play(5)
    tab.status("Hooray! You have won the game!")
    for cell in (3, 4, 5):
        playwright_api.expect(tab.cell(cell)).to_have_class(re.compile(r"\bwin\b"))
    playwright_api.expect(tab.page.locator("#score")).to_have_text("You 1 · computer 0 · draws 0")
    tab.page.wait_for_timeout(700)  # the winning line's animation
    tab.page.screenshot(path=shots / "web-3x3-won.png")
    # A reload brings the same game back: the seat token is in the browser.
    tab.page.reload()
    tab.status("Hooray! You have won the game!")
    assert tab.marks() == "OOXXX"
    tab.page.click("#new-game")
    tab.wait_moves(0)
    tab.close()


def tictactoe(live: ServerProcess, *argv: str) -> str:
    """The output of ``tictactoe ARGV`` run as a person would, on the server's data folder."""
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe", *argv],
        env=live.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_a_game_finished_in_the_browser_is_listed_and_replayed(
    browser: Any, live: ServerProcess
) -> None:
    tab = Tab(browser, live).open()
    start_solo(tab, "first-free")
    for count, cell in ((2, 6), (4, 7), (5, 8)):  # first-free answers in the top row
        tab.play(cell)
        tab.wait_moves(count)
    tab.status("Hooray! You have won the game!")
    tab.close()
    wanted = [6, 0, 7, 1, 8]

    def saved() -> list[dict[str, Any]]:
        games = json.loads(tictactoe(live, "games", "--json", "--limit", "0"))
        return [game for game in games if game["moves"] == wanted]

    deadline = time.monotonic() + 30  # the server writes its finished games every second
    while not saved() and time.monotonic() < deadline:
        time.sleep(0.5)
    (game, *_) = saved()
    assert (game["x"], game["o"], game["winner"]) == ("human", "first-free", "X")
    assert str(game["id"]) in tictactoe(live, "games", "--player", "first-free").split()
    replayed = tictactoe(live, "replay", str(game["id"]), "--all", "--lang", "en")
    assert "X: You" in replayed and "The end: X won with 3 in a row." in replayed


def test_a_new_player_meets_medium_and_an_impossible_board_is_named(
    browser: Any, live: ServerProcess
) -> None:
    tab = Tab(browser, live).open()
    level = tab.page.locator("#level")
    playwright_api.expect(level).to_have_value("win-block")  # the same first opponent everywhere
    assert level.locator("option:checked").text_content() == "Medium"
    tab.status("Your move (X)")
    tab.page.select_option("#board-size", "custom")
    tab.page.fill("#rows", "40")
    tab.page.press("#rows", "Enter")
    message = tab.page.locator("#custom-message")  # beside the fields
    playwright_api.expect(message).to_have_text("Rows must be from 1 to 26, not 40.")
    tab.page.fill("#rows", "3")
    tab.page.fill("#k", "9")
    tab.page.press("#k", "Enter")
    playwright_api.expect(message).to_have_text(
        "k must be from 2 to 3 (the longer side) on a 3 x 3 board, not 9."
    )
    tab.close(boards_refused=True)


def test_6x5_hints_value_every_cell_early_then_name_the_proved_best_moves(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1100}).open()
    page = tab.page
    page.select_option("#board-size", "custom")
    type_board(page, 6, 5, 4, leave=False)
    page.select_option("#level", "first-free")
    page.select_option("#first", "you")
    page.click("#play-computer")
    playwright_api.expect(page.locator("body")).not_to_have_class(re.compile(r"\bstarting\b"))
    tab.status("Your move (X)")
    page.click("#hint")  # the opening table values every cell: c3 and c4 win in 6
    playwright_api.expect(tab.cell(12)).to_have_class(re.compile(r"\bhint-win\b"))
    playwright_api.expect(tab.cell(0)).to_have_class(re.compile(r"\bhint-loss\b"))
    playwright_api.expect(page.locator("#legend")).to_be_visible()
    page.screenshot(path=shots / "web-6x5-hints.png")
    tab.play(12)
    tab.wait_moves(2)
    tab.play(17)
    tab.wait_moves(4)
    # Hints stay on; past the table they are the best moves, proved one at a time.
    box = page.locator("#suggestions-box")
    playwright_api.expect(box).to_be_visible()
    playwright_api.expect(page.locator("#suggestions-title")).to_have_text(
        "Hint, if both sides play their best:"
    )
    items = page.locator("#suggestions li").all_text_contents()
    won = re.compile(r"[a-e]\d: (you win in \d+|a forced win for you)")
    assert items and all(won.match(item) for item in items), items
    page.screenshot(path=shots / "web-6x5-proved-hints.png")
    tab.close()


def test_custom_boards_played_in_quick_succession_end_on_the_board_last_chosen(
    browser: Any, live: ServerProcess
) -> None:
    """Each custom board played (Enter in a field) starts a game; while two are on their way,
    the one answered first must not put its board back into the fields being edited."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    page = tab.page
    relay = Relay(page)

    def wait_for(what: str, ready: Any) -> None:
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while not ready():
            assert time.monotonic() < deadline, f"no {what}"
            page.wait_for_timeout(20)  # lets Playwright deliver its events

    def solos() -> list[dict[str, Any]]:
        return [message for message in relay.asked if message["t"] == "solo"]

    def change(field: str, value: str) -> None:  # typed in, and played with Enter
        page.fill(field, value)
        page.press(field, "Enter")

    tab.open()
    tab.status("Your move")
    page.select_option("#board-size", "custom")
    relay.holding = True  # the new games' welcomes stay on the way
    for field, value in (("#rows", "6"), ("#cols", "5")):
        count = len(solos())
        change(field, value)
        wait_for("new game", lambda count=count: len(solos()) > count)
    checks: list[Any] = []  # the third change's board check waits too

    def hold_check(route: Any) -> None:
        checks.append(route)

    page.route("**/api/levels?*", hold_check)
    change("#k", "4")
    wait_for("board check", lambda: checks)
    relay.release()  # both games arrive while the third is being asked for
    page.wait_for_selector("#board [data-cell='29']")  # a 6 x 5 board is on screen
    assert page.input_value("#k") == "4"
    checks[0].continue_()
    wait_for("third game", lambda: len(solos()) == 4)  # the first one came with the page
    assert [(m["rows"], m["cols"], m["k"]) for m in solos()] == [
        (3, 3, 3), (6, 3, 3), (6, 5, 3), (6, 5, 4)
    ]  # fmt: skip
    playwright_api.expect(page.locator("body")).not_to_have_class(re.compile(r"\bstarting\b"))
    tab.status("Your move")
    fields = [page.input_value(field) for field in ("#rows", "#cols", "#k")]
    assert fields == ["6", "5", "4"]
    tab.close()


def test_two_friends_play_through_an_invite_link(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    host = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    host.page.click("#play-friend")
    link = host.page.locator("#invite-link")
    host.page.wait_for_function(
        "() => document.getElementById('invite-link').value.includes('/play/')"
    )
    invite = link.input_value()
    host.status("Waiting for your friend")
    playwright_api.expect(host.page.locator("#invite-title")).to_have_text("Invite a friend")
    host.page.screenshot(path=shots / "web-friend-invite.png")
    guest = Tab(browser, live, viewport={"width": 700, "height": 900}).open(
        invite.removeprefix(live.url)
    )
    guest.status("Your friend's move (X)")
    host.status("Your move (X)")
    # with both seats taken the same link lets others watch
    for tab in (host, guest):
        playwright_api.expect(tab.page.locator("#invite-title")).to_have_text("Watch this game")
    host.play(0)
    guest.wait_moves(1)
    guest.play(4)
    host.wait_moves(2)
    guest.page.reload()  # the friend reloads mid-game and is back in the same seat
    guest.wait_moves(2)
    guest.status("Your friend's move (X)")
    watcher = Tab(browser, live).open(invite.removeprefix(live.url))
    watcher.status("Player 1 (X) to move")  # a spectator knows the players by name and mark
    playwright_api.expect(watcher.page.locator("#status .watching")).to_have_text("Watching")
    watcher.cell(8).click(force=True)  # a spectator's click does nothing
    watcher.page.wait_for_timeout(300)
    assert watcher.marks() == "XO"
    host.play(1)
    guest.wait_moves(3)
    guest.play(8)
    host.wait_moves(4)
    host.play(2)
    host.status("Hooray! You have won the game!")  # the same sentence as every front end's
    guest.status("Your friend has beaten you! You lose.")
    watcher.status("X wins! Player 1 has won the game.")
    assert watcher.marks() == "XXXOO"
    playwright_api.expect(host.page.locator("#status")).to_have_class(re.compile(r"\bwon\b"))
    playwright_api.expect(guest.page.locator("#status")).to_have_class(re.compile(r"\blost\b"))
    # the score is the players', each with the mark they play in this game
    score = {tab: tab.page.locator("#score") for tab in (host, guest, watcher)}
    playwright_api.expect(score[watcher]).to_have_text("Player 1 (X) 1 · Player 2 (O) 0 · draws 0")
    playwright_api.expect(score[host]).to_have_text("You (X) 1 · your friend (O) 0 · draws 0")
    playwright_api.expect(score[guest]).to_have_text("You (O) 0 · your friend (X) 1 · draws 0")
    guest.page.click("#rematch")
    host.page.click("#rematch")  # accepted: the marks swap, the score stays with the players
    guest.status("Your move (X)")
    host.status("Your friend's move (X)")
    watcher.status("Player 2 (X) to move")
    playwright_api.expect(score[watcher]).to_have_text("Player 1 (O) 1 · Player 2 (X) 0 · draws 0")
    playwright_api.expect(score[host]).to_have_text("You (O) 1 · your friend (X) 0 · draws 0")
    playwright_api.expect(score[guest]).to_have_text("You (X) 0 · your friend (O) 1 · draws 0")
    guest.page.click("#resign")  # asked first, keeping playing the first answer
    confirm = guest.page.locator("#resign-confirm")
    playwright_api.expect(confirm).to_be_visible()
    playwright_api.expect(guest.page.locator("#resign-no")).to_be_focused()
    guest.page.screenshot(path=shots / "web-resign-confirm.png")
    guest.page.click("#resign-no")
    playwright_api.expect(confirm).to_be_hidden()
    guest.status("Your move (X)")  # nothing happened
    guest.page.click("#resign")
    guest.page.keyboard.press("Escape")
    playwright_api.expect(confirm).to_be_hidden()
    guest.page.click("#resign")
    guest.page.click("#resign-yes")
    host.status("Your friend resigned: you win this game.")
    guest.status("You resigned: your friend wins this game.")
    playwright_api.expect(confirm).to_be_hidden()
    watcher.status("Player 2 (X) resigned: Player 1 wins this game.")
    for tab in (host, guest, watcher):
        tab.close()


def test_a_double_win_is_drawn_as_its_two_lines_end_to_end(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    """X's last move makes the top row and the middle column at once: the page draws those two
    lines, each through its own end cells, and nothing else."""
    host = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    host.page.click("#play-friend")
    host.page.wait_for_function(
        "() => document.getElementById('invite-link').value.includes('/play/')"
    )
    invite = host.page.locator("#invite-link").input_value().removeprefix(live.url)
    guest = Tab(browser, live).open(invite)
    host.status("Your move (X)")
    for ply, cell in enumerate((0, 3, 2, 5, 4, 6, 7, 8, 1)):
        (host if ply % 2 == 0 else guest).play(cell)
        for tab in (host, guest):
            tab.wait_moves(ply + 1)
    host.status("Hooray! You have won the game!")
    for tab in (host, guest):
        drawn = tab.page.evaluate(
            """() => {
                const svg = document.querySelector('svg.winline').getBoundingClientRect();
                const centre = (cell) => {
                    const box = document.querySelector(`#board [data-cell='${cell}']`)
                        .getBoundingClientRect();
                    return [box.x + box.width / 2 - svg.x, box.y + box.height / 2 - svg.y];
                };
                return [...document.querySelectorAll('svg.winline line')].map((line) => ({
                    part: line.getAttribute('class'),
                    ends: line.dataset.ends,
                    from: [+line.getAttribute('x1'), +line.getAttribute('y1')],
                    to: [+line.getAttribute('x2'), +line.getAttribute('y2')],
                    centres: line.dataset.ends.split('-').map(Number).map(centre),
                }));
            }"""
        )
        assert [(d["part"], d["ends"]) for d in drawn] == [
            ("casing", "0-2"), ("casing", "1-7"), ("stroke", "0-2"), ("stroke", "1-7"),
        ]  # fmt: skip
        for line in drawn:
            (x0, y0), (x1, y1) = line["from"], line["to"]
            (cx0, cy0), (cx1, cy1) = line["centres"]
            if line["ends"] == "0-2":  # the top row, a little beyond both end marks
                assert abs(y0 - cy0) < 1 and abs(y1 - cy1) < 1 and x0 < cx0 and x1 > cx1
            else:  # the middle column
                assert abs(x0 - cx0) < 1 and abs(x1 - cx1) < 1 and y0 < cy0 and y1 > cy1
        won = tab.page.evaluate(
            "() => [...document.querySelectorAll('#board .cell.win')].map((c) => +c.dataset.cell)"
        )
        assert sorted(won) == [0, 1, 2, 4, 7]
    host.page.locator("#board").screenshot(path=shots / "web-3x3-double-win.png")
    for tab in (host, guest):
        tab.close()


def test_two_tabs_of_one_browser_play_each_other_through_the_invite_link(
    browser: Any, live: ServerProcess
) -> None:
    """The invite link opened in another tab of the same browser takes the free seat, as in
    another browser (it took the seat of the tab that made the room, whose token the browser
    keeps); reloaded, each tab comes back to its own seat."""
    host = Tab(browser, live, viewport={"width": 900, "height": 900}).open()
    host.page.click("#play-friend")
    host.page.wait_for_function(
        "() => document.getElementById('invite-link').value.includes('/play/')"
    )
    invite = host.page.locator("#invite-link").input_value().removeprefix(live.url)
    guest = Tab(browser, live, beside=host).open(invite)
    guest.status("Your friend's move (X)")
    host.status("Your move (X)")
    host.play(4)
    guest.wait_moves(1)
    guest.play(0)
    host.wait_moves(2)
    for tab, status in ((guest, "Your friend's move (X)"), (host, "Your move (X)")):
        tab.page.reload()
        tab.wait_moves(2)
        tab.status(status)
    host.play(8)
    guest.wait_moves(3)
    guest.status("Your move (O)")
    playwright_api.expect(guest.page.locator("#status .watching")).to_have_count(0)
    guest.close()
    host.close()


def test_a_game_on_a_phone(browser: Any, live: ServerProcess, shots: Path) -> None:
    tab = Tab(
        browser,
        live,
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    ).open()
    width = "document.documentElement.scrollWidth"
    assert tab.page.evaluate(width) <= 360
    start_solo(tab, "win-block", board="15x15x5")
    tab.page.wait_for_selector("#board.gomoku [data-cell='224']")
    assert tab.page.evaluate(width) <= 360
    box = tab.page.locator("#board").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    tab.play(112, tap=True)
    tab.wait_moves(2)
    cell = "document.querySelector('#board .cell').getBoundingClientRect().width"
    assert tab.page.evaluate(cell) < 30, "the whole board fits the phone at first"
    tab.page.click("#zoom-in")  # a finger's width per cell, the board panned in its frame
    assert tab.page.evaluate(cell) >= 36
    wrap = (
        "(() => { const w = document.querySelector('#board-wrap');"
        " return [w.scrollWidth, w.clientWidth]; })()"
    )
    scrolled, shown = tab.page.evaluate(wrap)
    assert scrolled > shown and tab.page.evaluate(width) <= 360
    tab.page.click("#zoom-out")
    assert tab.page.evaluate(cell) < 30
    tab.page.select_option("#language", "vi")
    playwright_api.expect(tab.page.locator("h1")).to_have_text("Cờ ca-rô")
    tab.status("Đến lượt bạn (X)")
    tab.page.screenshot(path=shots / "web-15x15-phone.png", full_page=True)
    tab.close()


def test_the_dark_theme_follows_the_system(browser: Any, live: ServerProcess, shots: Path) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 900}, color_scheme="dark").open()
    start_solo(tab, "fork-aware", board="7x7x5")
    tab.page.wait_for_selector("#board.gomoku [data-cell='48']")
    background = tab.page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 22, 26)"
    tab.play(24)
    tab.wait_moves(2)
    tab.play(25)
    tab.wait_moves(4)
    # the board in the look every window shares (tictactoe.session.colours), here the dark one
    x_ink = tab.page.evaluate(
        "getComputedStyle(document.querySelector('#board .mark.x'), '::before').backgroundColor"
    )
    o_ink = tab.page.evaluate(
        "getComputedStyle(document.querySelector('#board .mark.o')).borderTopColor"
    )
    assert (x_ink, o_ink) == (
        f"rgb{colours.rgb(colours.DARK.x)}",
        f"rgb{colours.rgb(colours.DARK.o)}",
    )
    tab.page.screenshot(path=shots / "web-7x7-dark.png")
    tab.close()


def test_a_whole_game_by_keyboard_alone(browser: Any, live: ServerProcess) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    page = tab.page
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.includes('Your move')"
    )
    for _ in range(40):  # Tab through the settings to the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    else:
        raise AssertionError("Tab never reached the board")
    assert page.evaluate("document.activeElement.dataset.cell") == "4"  # the centre
    page.keyboard.press("Enter")
    tab.wait_moves(2)
    playwright_api.expect(page.locator("#announce")).to_contain_text(" plays ")
    while not page.evaluate(
        "document.querySelector('#status').textContent.match(/You have won|You lose|a tie/)"
    ):
        free = page.evaluate(
            "[...document.querySelectorAll('#board [aria-disabled=false]')]"
            ".map((cell) => Number(cell.dataset.cell))"
        )
        if not free:
            page.wait_for_timeout(100)
            continue
        here = int(page.evaluate("document.activeElement.dataset.cell"))
        target = free[0]
        for _ in range(here // 3 - target // 3):
            page.keyboard.press("ArrowUp")
        for _ in range(target // 3 - here // 3):
            page.keyboard.press("ArrowDown")
        for _ in range(here % 3 - target % 3):
            page.keyboard.press("ArrowLeft")
        for _ in range(target % 3 - here % 3):
            page.keyboard.press("ArrowRight")
        count = page.evaluate("document.querySelectorAll('#board .mark.x, #board .mark.o').length")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(n) => document.querySelectorAll('#board .mark.x, #board .mark.o').length > n",
            arg=count,
        )
    label = page.locator("#board [data-cell='4']").get_attribute("aria-label")
    assert label is not None and label.startswith("b2: X")
    tab.close()


def test_big_boards_thinking_time_progress_and_the_engines_hints(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1100}).open()
    page = tab.page
    playwright_api.expect(page.locator("#think-field")).to_be_hidden()  # 3 x 3, Perfect
    page.select_option("#board-size", "15x15x5")
    page.select_option("#level", "search")
    playwright_api.expect(page.locator("#think-field")).to_be_visible()
    playwright_api.expect(page.locator("#think-note")).to_contain_text("0.05 to 600 seconds")
    page.fill("#think", "0")
    page.locator("#think").dispatch_event("change")
    said = page.locator("#think-message")  # beside the field, where the player is typing
    playwright_api.expect(said).to_have_text("The thinking time must be from 0.05 to 600 seconds.")
    playwright_api.expect(said).to_be_in_viewport()
    page.select_option("#language", "ru")  # said again in the language chosen
    playwright_api.expect(said).to_contain_text(re.compile(r"[А-Яа-я].* 0[.,]05 .* 600 "))
    page.select_option("#language", "en")
    playwright_api.expect(said).to_have_text("The thinking time must be from 0.05 to 600 seconds.")
    playwright_api.expect(page.locator("#message")).to_have_text("")
    playwright_api.expect(page.locator("#think")).to_have_value("1")
    page.fill("#think", "2")
    page.locator("#think").dispatch_event("change")
    playwright_api.expect(said).to_have_text("")  # a good time clears it
    page.select_option("#first", "you")
    page.click("#play-computer")
    tab.status("Your move (X)")
    tab.play(112)  # h8
    tab.status("The computer is thinking")
    # How long of how long, as every front end says it (the depth only with the analysis on).
    playwright_api.expect(page.locator("#progress")).to_contain_text(
        re.compile(r"^\d\.\d s of 2 s$")
    )
    tab.wait_moves(2)
    playwright_api.expect(page.locator("#progress")).to_have_text("")
    page.check("#analysis")
    # Ten minutes for a hint: it shows its progress until Stop gives the best moves so far.
    page.fill("#think", "600")
    page.locator("#think").dispatch_event("change")
    page.click("#hint")
    playwright_api.expect(page.locator("#hint-work")).to_be_visible()
    playwright_api.expect(page.locator("#hint-progress")).to_contain_text(
        re.compile(r"Working out hints… depth \d+")
    )
    page.click("#hint-stop")
    box = page.locator("#suggestions-box")
    playwright_api.expect(box).to_be_visible()
    playwright_api.expect(page.locator("#hint-work")).to_be_hidden()
    playwright_api.expect(page.locator("#suggestions-title")).to_have_text(
        "Stopped early: the best moves found so far, best first:"
    )
    items = page.locator("#suggestions li").all_text_contents()
    assert 1 <= len(items) <= 3
    assert all(re.match(r"[a-o]\d{1,2}: ", item) for item in items), items
    first = page.locator("#board .cell.suggested", has=page.locator(".badge", has_text="1"))
    playwright_api.expect(first).to_have_count(1)
    label = first.get_attribute("aria-label")
    best = items[0].split(":")[0]
    assert label is not None and label.startswith(f"{best}: empty. suggested move 1: ")
    page.screenshot(path=shots / "web-15x15-hints.png")
    # The thinking time is kept: after a reload the form shows it.
    page.reload()
    page.wait_for_selector("#board.gomoku")
    playwright_api.expect(page.locator("#think")).to_have_value("600")
    tab.close()


def test_a_busy_server_says_try_again_in_the_players_language(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    full = start_server(tmp_path, "--max-rooms", "1")  # the page's own game fills it
    try:
        tab = Tab(browser, full, viewport={"width": 900, "height": 1000}, locale="ru-RU").open()
        tab.status("Ваш ход (X)")
        tab.page.click("#play-friend")
        message = tab.page.locator("#message")
        playwright_api.expect(message).to_have_text("Сервер занят: попробуйте ещё раз.")
        tab.page.screenshot(path=shots / "web-busy-ru.png")
        tab.close()
    finally:
        full.stop()


def test_a_big_boards_hint_shows_its_progress_and_stop_while_it_searches(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1100}).open()
    page = tab.page
    start_solo(tab, "search", "15x15x5", think="4")
    tab.status("Your move (X)")
    tab.play(112)  # h8
    tab.wait_moves(2)
    tab.status("Your move (X)")
    page.click("#hint")
    # The hint searches for 4 s: its note and Stop show at once, not only once it is done.
    work = page.locator("#hint-work")
    playwright_api.expect(work).to_be_visible(timeout=1500)
    playwright_api.expect(page.locator("#suggestions-box")).to_be_hidden()
    playwright_api.expect(page.locator("#hint-progress")).to_contain_text("Working out hints…")
    playwright_api.expect(page.locator("#hint-stop")).to_be_visible()
    playwright_api.expect(page.locator("#hint-progress")).to_contain_text(
        re.compile(r"Working out hints… \d\.\d s of 4 s"), timeout=3000
    )
    page.screenshot(path=shots / "web-15x15-hint-working.png")
    playwright_api.expect(page.locator("#suggestions-box")).to_be_visible(timeout=20_000)
    playwright_api.expect(work).to_be_hidden()
    assert 1 <= page.locator("#suggestions li").count() <= 3
    tab.close()


def test_an_empty_custom_board_field_says_what_it_wants_and_changes_nothing(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live).open()
    page = tab.page
    tab.status("Your move (X)")
    page.select_option("#board-size", "custom")
    page.fill("#rows", "7")
    page.fill("#cols", "5")
    page.fill("#k", "4")
    page.click("#play-computer")
    cells = page.locator("#board [role=gridcell]")
    playwright_api.expect(cells).to_have_count(35)
    message = page.locator("#custom-message")  # beside the fields
    expected = {
        "#rows": "Rows must be a whole number from 1 to 26.",
        "#cols": "Columns must be a whole number from 1 to 26.",
        "#k": "k must be a whole number from 2 to 7.",
    }
    for field, text in expected.items():
        tab.play(17)  # the game on screen, which a refused board leaves as it is
        tab.wait_moves(2)
        kept = page.input_value(field)
        page.fill(field, "")
        page.click("#play-computer")
        playwright_api.expect(message).to_have_text(text)
        if field == "#rows":
            page.screenshot(path=shots / "web-empty-rows.png", full_page=True)
        playwright_api.expect(cells).to_have_count(35)
        tab.wait_moves(2)
        page.fill(field, kept)
        page.click("#play-computer")  # the board is whole again: a new game on it
        tab.wait_moves(0)
        playwright_api.expect(message).to_have_text("")
    tab.close(boards_refused=True)


def test_an_invite_to_a_game_gone_leaves_a_page_that_starts_a_new_one(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    page = tab.page
    page.goto(live.url + "/play/doesnotexist")
    tab.status("This game no longer exists.")
    # No game: nothing on the page acts on one, and New game starts one against the computer.
    for button in ("#undo", "#redo", "#hint", "#rematch", "#resign", "#claim"):
        playwright_api.expect(page.locator(button)).to_be_hidden()
    playwright_api.expect(page.locator("#board-wrap")).to_be_hidden()
    new_game = page.locator("#new-game")
    playwright_api.expect(new_game).to_be_visible()
    playwright_api.expect(new_game).to_be_enabled()
    page.screenshot(path=shots / "web-invite-gone.png", full_page=True)
    new_game.click()
    tab.status("Your move (X)")
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(9)
    playwright_api.expect(page.locator("#message")).not_to_have_text("Join a game first.")
    assert page.evaluate("location.pathname") == "/"
    tab.play(4)
    tab.wait_moves(2)
    for button in ("#undo", "#hint"):
        playwright_api.expect(page.locator(button)).to_be_enabled()
    tab.close()


def test_a_game_the_browser_kept_that_is_gone_is_replaced_and_said_so(
    browser: Any, live: ServerProcess
) -> None:
    """A solo game forgotten by the server (idle, or a restart without Redis): the page
    starts a new one, as before, and now says why the board is empty."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    page = tab.page
    page.evaluate(
        """() => localStorage.setItem('tictactoe.solo',
            JSON.stringify({room: 'gonegame1', token: 'a'.repeat(24)}))"""
    )
    page.reload()
    tab.status("Your move (X)")
    message = page.locator("#message")
    playwright_api.expect(message).to_have_text(
        "Your last game is no longer on the server: a new one has started."
    )
    kept = page.evaluate("JSON.parse(localStorage.getItem('tictactoe.solo')).room")
    assert kept != "gonegame1", "the new game is the one kept"
    tab.play(4)
    playwright_api.expect(message).to_have_text("")  # said once: a move clears it
    tab.close()


def test_a_custom_board_is_edited_freely_and_played_only_when_asked(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    """Leaving a custom board's field starts nothing: the board is played by its button or by
    Enter in a field, and a board refused leaves the game in progress exactly as it was."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    page = tab.page
    start_solo(tab, "first-free")
    tab.play(4)
    tab.wait_moves(2)
    cells = page.locator("#board [role=gridcell]")
    message = page.locator("#custom-message")  # beside the fields
    page.select_option("#board-size", "custom")
    play = page.locator("#custom-play")
    # Typed in one field at a time, the focus moving on (Tab) after each: 26 x 3, then k = 27.
    page.fill("#rows", "26")
    page.press("#rows", "Tab")
    playwright_api.expect(page.locator("#cols")).to_be_focused()
    page.fill("#k", "27")
    page.press("#k", "Tab")
    page.keyboard.press("Enter")  # played: refused, and the 3 x 3 game is still the one on screen
    playwright_api.expect(message).to_have_text(
        "k must be from 2 to 26 (the longer side) on a 26 x 3 board, not 27."
    )
    playwright_api.expect(cells).to_have_count(9)
    assert tab.marks() == "OX"  # first-free answered in the top left, the centre is X
    playwright_api.expect(play).to_be_focused()  # the button is next in the keyboard's order
    playwright_api.expect(play).to_have_text("Play this board")
    page.screenshot(path=shots / "web-custom-board.png")
    look = "(button) => getComputedStyle(button).backgroundColor"
    assert play.evaluate(look) == page.locator("#play-computer").evaluate(look)  # the same look
    tab.play(1)  # the game goes on
    tab.wait_moves(4)
    page.fill("#cols", "26")
    page.fill("#k", "5")
    play.click()
    playwright_api.expect(cells).to_have_count(676)
    tab.wait_moves(0)
    playwright_api.expect(message).to_have_text("")
    tab.status("Your move (X)")
    page.fill("#rows", "6")
    page.fill("#cols", "5")
    page.fill("#k", "4")
    page.press("#cols", "Enter")  # Enter in any of the fields plays the board
    playwright_api.expect(cells).to_have_count(30)
    tab.status("Your move (X)")
    # With a friend the fields set the next game's board: Enter only checks it.
    page.click("#play-friend")
    tab.status("Waiting for your friend")
    playwright_api.expect(play).to_be_hidden()
    page.fill("#rows", "40")
    page.press("#rows", "Enter")
    playwright_api.expect(message).to_have_text("Rows must be from 1 to 26, not 40.")
    tab.status("Waiting for your friend")
    playwright_api.expect(page.locator("#invite")).to_be_visible()
    tab.close(boards_refused=True)


@pytest.mark.parametrize(
    "path",
    [
        "/play/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "/play/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
        "/play/abc",  # too short for a room's code
        "/play/a/b",
    ],
)
def test_a_mangled_invite_link_says_so_and_starts_nothing(
    browser: Any, live: ServerProcess, shots: Path, path: str
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    page = tab.page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    response = page.goto(live.url + path)
    assert response is not None and response.status == 404  # the page, saying why
    tab.status("This invite link is not valid.")
    # No game, as for a game gone: only New game, which starts one against the computer.
    for button in ("#undo", "#redo", "#hint", "#rematch", "#resign", "#claim"):
        playwright_api.expect(page.locator(button)).to_be_hidden()
    playwright_api.expect(page.locator("#board-wrap")).to_be_hidden()
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(0)
    playwright_api.expect(page.locator("#new-game")).to_be_enabled()
    # Nothing of the path went into the page.
    assert page.locator("body img, body script, main script").count() == 0
    assert "alert(1)" not in page.content() and "onerror" not in page.content()
    assert dialogs == []
    if path.startswith("/play/%3Cscript"):
        page.screenshot(path=shots / "web-invite-not-valid.png", full_page=True)
    page.click("#new-game")
    tab.status("Your move (X)")
    assert page.evaluate("location.pathname") == "/"
    tab.close(not_found=True)
    assert "Traceback" not in live.output()


def test_a_mangled_invite_link_is_named_in_the_players_language(
    browser: Any, live: ServerProcess
) -> None:
    tab = Tab(browser, live, locale="ru-RU")
    tab.page.goto(live.url + "/play/%3Cscript%3E")
    tab.status("Эта ссылка-приглашение недействительна.")
    tab.close(not_found=True)


class Relay:
    """The page's WebSocket passed through the test: what the page sends is kept, what the
    server says can be held back (:attr:`holding`, then :meth:`release`), and the connection
    can be dropped as a network loss drops it (the page then reconnects)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.asked: list[dict[str, Any]] = []  # what the page sent, on every connection
        self.sockets: list[Any] = []  # the page's side of each connection, oldest first
        self.servers: list[Any] = []  # the server's side of each connection, oldest first
        self.holding = False  # what the server says waits in held until released
        self.held: list[str | bytes] = []
        page.route_web_socket(re.compile(r"/ws$"), self._relay)

    def _relay(self, route: Any) -> None:
        server = route.connect_to_server()
        self.sockets.append(route)
        self.servers.append(server)

        def from_page(text: str | bytes) -> None:
            self.asked.append(json.loads(text))
            server.send(text)

        def from_server(text: str | bytes) -> None:
            if self.holding:
                self.held.append(text)
            else:
                route.send(text)

        route.on_message(from_page)
        server.on_message(from_server)

    def release(self, count: int | None = None) -> None:
        """Stop holding the server's words back, and pass on those held, in order; or pass on
        only the first ``count`` of them and hold the rest (and what comes) back still."""
        passed = self.held if count is None else self.held[:count]
        self.holding = count is not None
        for text in passed:
            self.sockets[-1].send(text)
        del self.held[: len(passed)]

    def held_messages(self) -> list[dict[str, Any]]:
        """What the server said that is held back, in order."""
        return [json.loads(text) for text in self.held]

    def tell_server(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the server on the page's current connection, as if the page had;
        the server's answer goes to the page."""
        self.servers[-1].send(json.dumps(message))

    def kinds(self, since: int = 0) -> list[str]:
        """What each message the page sent (from the ``since``-th on) asked for."""
        return [str(message["t"]) for message in self.asked[since:]]

    def drop(self) -> None:
        """Close the page's current connection, and wait until it has come back."""
        count = len(self.sockets)
        self.sockets[-1].close(code=1001)  # "going away", as a server restarting says
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while len(self.sockets) == count:
            assert time.monotonic() < deadline, "the page did not reconnect"
            self.page.wait_for_timeout(50)  # lets Playwright deliver its events


def solo_under_way(browser: Any, live: ServerProcess, level: str) -> tuple[Tab, Relay, int]:
    """A tab (its WebSocket relayed) in a 3 x 3 game against ``level``, the centre and the
    computer's answer played, the custom board's fields shown; and how many messages the page
    had sent by then."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    relay = Relay(tab.page)
    tab.open()
    start_solo(tab, level)
    tab.play(4)
    tab.wait_moves(2)
    tab.page.select_option("#board-size", "custom")
    return tab, relay, len(relay.asked)


def type_board(page: Any, rows: int, cols: int, k: int, *, leave: bool = True) -> None:
    """Type a custom board without playing it, leaving each field as a person does (Tab),
    unless not ``leave``."""
    for field, value in (("#rows", rows), ("#cols", cols), ("#k", k)):
        page.fill(field, str(value))
        if leave:
            page.press(field, "Tab")


def wait_for(page: Any, what: str, ready: Any) -> None:
    """Wait until ``ready()`` is true (the test's own view of the relay), letting Playwright
    deliver its events meanwhile."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not ready():
        assert time.monotonic() < deadline, f"no {what}"
        page.wait_for_timeout(20)


def test_the_first_games_welcome_coming_late_leaves_the_game_started_on_its_way(
    browser: Any, live: ServerProcess
) -> None:
    """The page's first game is answered only after the player has started another: that
    answer (an earlier request's) leaves the board waiting for the game asked for last, and
    a click meanwhile lands nowhere."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    page = tab.page
    relay = Relay(page)
    relay.holding = True  # the server's words wait, the first game's welcome among them
    page.goto(live.url + "/")

    def solos() -> list[dict[str, Any]]:
        return [message for message in relay.asked if message["t"] == "solo"]

    wait_for(page, "first game", lambda: len(solos()) == 1)
    page.select_option("#board-size", "4x4x4")  # no game yet: only checked
    page.select_option("#level", "first-free")
    page.click("#play-computer")
    wait_for(page, "second game", lambda: len(solos()) == 2)

    def welcomes() -> list[dict[str, Any]]:
        return [m for m in relay.held_messages() if m["t"] == "welcome"]

    wait_for(page, "both welcomes", lambda: len(welcomes()) == 2)
    # Each names the request it answers, by the number the page gave it.
    assert [w.get("ask") for w in welcomes()] == [m.get("ask") for m in solos()]
    relay.release(relay.held_messages().index(welcomes()[1]))  # the first game's words only
    cells = page.locator("#board [role=gridcell]")
    playwright_api.expect(cells).to_have_count(9)  # the first game, 3 x 3, is on screen...
    tab.status("Your move (X)")
    body = page.locator("body")
    playwright_api.expect(body).to_have_class(re.compile(r"\bstarting\b"))  # ...but not played
    playwright_api.expect(page.locator("#board [aria-disabled='false']")).to_have_count(0)
    cells.nth(4).click(force=True)  # a click in it is no move
    page.wait_for_timeout(300)
    assert "move" not in relay.kinds()
    relay.release()
    playwright_api.expect(cells).to_have_count(16)  # the 4 x 4 game asked for last
    playwright_api.expect(body).not_to_have_class(re.compile(r"\bstarting\b"))
    tab.play(5)
    tab.wait_moves(2)
    assert relay.kinds().count("move") == 1
    tab.close()


def test_a_custom_field_left_while_a_game_starts_is_checked_once_it_is_in_place(
    browser: Any, live: ServerProcess
) -> None:
    """A board played, then another typed while the game is on its way: the levels follow the
    board typed once the game is in place, without waiting for another change."""
    tab, relay, started = solo_under_way(browser, live, "first-free")
    page = tab.page
    perfect = page.locator("#level option[value='perfect']")
    relay.holding = True  # the new game's welcome stays on the way
    type_board(page, 15, 15, 5, leave=False)
    page.press("#k", "Enter")
    wait_for(page, "new game", lambda: "solo" in relay.kinds(started))
    playwright_api.expect(perfect).to_be_disabled()  # checked for the board played
    type_board(page, 4, 4, 4)  # each field left while the game is on its way
    page.wait_for_timeout(300)
    relay.release()
    cells = page.locator("#board [role=gridcell]")
    playwright_api.expect(cells).to_have_count(225)  # the game played...
    playwright_api.expect(perfect).to_be_enabled()  # ...and the levels of the board typed
    playwright_api.expect(page.locator("#level")).to_have_value("first-free")
    assert [page.input_value(field) for field in ("#rows", "#cols", "#k")] == ["4", "4", "4"]
    assert relay.kinds(started).count("solo") == 1  # nothing else was started
    tab.close()


def test_a_click_on_play_that_clears_a_refusal_still_plays(
    browser: Any, live: ServerProcess
) -> None:
    """A refused board corrected, then Play the computer clicked: pressing the button leaves
    the field, and its check waits until the button is released, so nothing it changes (the
    refusal going, the thinking time's field coming for 7 x 5) moves the button from under
    the pointer while it is held down (the click was lost: no game)."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000}).open()
    page = tab.page
    tab.status("Your move (X)")
    page.select_option("#board-size", "custom")
    type_board(page, 40, 5, 4, leave=False)
    page.press("#rows", "Enter")
    said = page.locator("#custom-message")
    playwright_api.expect(said).to_have_text("Rows must be from 1 to 26, not 40.")
    page.fill("#rows", "7")  # whole again, the field not left yet
    button = page.locator("#play-computer")
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the field is left
    page.wait_for_timeout(500)  # time enough for a check to be answered and shown
    assert button.bounding_box() == box  # nothing moved under the pointer
    page.mouse.up()
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(35)
    tab.status("Your move (X)")
    playwright_api.expect(said).to_have_text("")
    tab.close(boards_refused=True)


def test_a_custom_board_starts_from_the_board_on_screen(browser: Any, live: ServerProcess) -> None:
    tab = Tab(browser, live).open()
    page = tab.page
    start_solo(tab, "first-free", board="7x7x5")
    tab.status("Your move (X)")
    page.select_option("#board-size", "custom")
    values = [page.locator(field).input_value() for field in ("#rows", "#cols", "#k")]
    assert values == ["7", "7", "5"]
    page.fill("#cols", "9")
    page.click("#custom-play")
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(63)
    tab.close()


def test_leaving_a_custom_field_greys_the_levels_that_cannot_play_it_and_starts_nothing(
    browser: Any, live: ServerProcess
) -> None:
    """The levels follow the custom board as typed, field by field, as the focus leaves each;
    the game on screen goes on until the board is played."""
    tab, relay, started = solo_under_way(browser, live, "first-free")
    page = tab.page
    perfect = page.locator("#level option[value='perfect']")
    playwright_api.expect(perfect).to_be_enabled()
    type_board(page, 15, 15, 5)
    playwright_api.expect(perfect).to_be_disabled()  # the exact player cannot play 15 x 15
    playwright_api.expect(perfect).to_have_text("Perfect (not on this board)")
    # On the way back to 4 x 4 the board is 4 x 15, then 4 x 4 with k = 5, refused a moment.
    type_board(page, 4, 4, 4)
    playwright_api.expect(perfect).to_be_enabled()
    # Nothing was started: the 3 x 3 game is the one on screen, and it goes on.
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(9)
    assert tab.marks() == "OX"
    assert "solo" not in relay.kinds(started) and "new" not in relay.kinds(started)
    tab.play(1)
    tab.wait_moves(4)
    page.click("#custom-play")  # played: now it starts
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(16)
    tab.status("Your move (X)")
    tab.close(boards_refused=True)


def test_a_board_typed_but_not_played_leaves_the_level_of_the_game_on_screen(
    browser: Any, live: ServerProcess
) -> None:
    """Perfect cannot play 15 x 15: typed, the board greys it but the game on screen is still
    Perfect's, and the level list says so (nothing is sent); played, the board's default comes,
    and the page says so."""
    tab, relay, started = solo_under_way(browser, live, "perfect")
    page = tab.page
    type_board(page, 15, 15, 5)
    perfect = page.locator("#level option[value='perfect']")
    playwright_api.expect(perfect).to_be_disabled()
    playwright_api.expect(page.locator("#level")).to_have_value("perfect")
    page.select_option("#language", "ru")  # nor does another language move it
    playwright_api.expect(perfect).to_contain_text(re.compile(r"[А-Яа-я]"))
    playwright_api.expect(page.locator("#level")).to_have_value("perfect")
    page.select_option("#language", "en")
    assert relay.kinds(started) == []  # neither a new game nor another level
    page.click("#custom-play")
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(225)
    playwright_api.expect(page.locator("#level")).not_to_have_value("perfect")
    stand_in = page.locator("#level-stand-in")  # the change is said, not made silently
    playwright_api.expect(stand_in).to_have_text(
        "Perfect does not play 15 x 15: Medium plays instead."
    )
    page.select_option("#language", "ru")
    playwright_api.expect(stand_in).to_have_text(
        "Безупречный не играет на поле 15 x 15: вместо него играет Средний."
    )
    page.select_option("#language", "en")
    assert relay.asked[-1]["t"] == "solo"
    assert relay.asked[-1]["level"] == page.locator("#level").input_value()
    tab.close(boards_refused=True)


def test_a_refused_custom_board_is_said_beside_its_fields_even_under_a_tall_board(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, viewport={"width": 900, "height": 700}).open()
    page = tab.page
    tab.status("Your move (X)")
    page.select_option("#board-size", "custom")
    type_board(page, 26, 26, 5, leave=False)
    page.click("#custom-play")
    playwright_api.expect(page.locator("#board [role=gridcell]")).to_have_count(676)
    tab.status("Your move (X)")
    page.fill("#k", "27")
    page.press("#k", "Enter")
    said = page.locator("#custom-message")
    playwright_api.expect(said).to_have_text(
        "k must be from 2 to 26 (the longer side) on a 26 x 26 board, not 27."
    )
    playwright_api.expect(said).to_be_in_viewport()  # where the player is typing
    playwright_api.expect(said).to_have_attribute("role", "alert")  # and read out at once
    for field in ("#rows", "#cols", "#k"):
        playwright_api.expect(page.locator(field)).to_have_attribute(
            "aria-describedby", "custom-message"
        )
    playwright_api.expect(page.locator("#message")).to_have_text("")  # not also under the board
    page.screenshot(path=shots / "web-custom-refused.png")
    page.fill("#k", "6")
    page.press("#k", "Tab")  # whole again: the refusal goes as the field is left
    playwright_api.expect(said).to_have_text("")
    page.fill("#rows", "0")
    page.press("#rows", "Tab")
    playwright_api.expect(said).to_have_text("Rows must be from 1 to 26, not 0.")
    page.select_option("#language", "ru")  # said again in the language chosen
    playwright_api.expect(said).to_have_text(re.compile(r"^[^a-z]*[А-Яа-я][^a-z]* 0\.$"))
    page.select_option("#language", "en")
    playwright_api.expect(said).to_have_text("Rows must be from 1 to 26, not 0.")
    page.fill("#rows", "26")
    page.press("#rows", "Enter")  # or as the board is played
    playwright_api.expect(said).to_have_text("")
    tab.status("Your move (X)")
    playwright_api.expect(page.locator("#k")).to_have_value("6")
    tab.close(boards_refused=True)


def test_a_refused_move_is_said_in_sight_of_the_player_anywhere_on_a_tall_board(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    """The server's word (here a move refused) is said under the status, not under a tall
    board's controls out of sight, and stays in sight at the top of the window while the player
    scrolls down to the controls."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 560})
    page = tab.page
    relay = Relay(page)
    tab.open()
    start_solo(tab, "first-free", board="15x15x5")
    tab.play(112)  # h8
    tab.wait_moves(2)
    for _ in range(2):
        page.click("#zoom-in")
    page.evaluate("window.scrollTo(0, 0)")  # the settings, the status and the board's top rows
    playwright_api.expect(page.locator("#controls")).not_to_be_in_viewport()
    relay.tell_server({"t": "move", "cell": 112})  # h8 again, as a move sent twice would be
    said = page.locator("#message")
    playwright_api.expect(said).to_have_text("That cell is taken.")
    playwright_api.expect(said).to_be_in_viewport()
    playwright_api.expect(said).to_have_attribute("role", "alert")  # and read out at once
    status, message = page.locator("#status").bounding_box(), said.bounding_box()
    assert status is not None and message is not None
    assert 0 <= message["y"] - (status["y"] + status["height"]) < 10  # right under the status
    page.locator("#controls").scroll_into_view_if_needed()  # the player goes to the controls
    playwright_api.expect(page.locator("#status")).not_to_be_in_viewport()
    playwright_api.expect(said).to_be_in_viewport()  # it goes along
    page.screenshot(path=shots / "web-move-refused.png")
    tab.play(113)  # the next move clears it
    tab.wait_moves(4)
    playwright_api.expect(said).to_have_text("")
    tab.close()


@pytest.mark.parametrize(
    ("path", "played_before"),
    [("/play/doesnotexist", True), ("/play/abc", False)],
)
def test_a_page_that_left_its_game_resumes_nothing_when_its_connection_comes_back(
    browser: Any, live: ServerProcess, path: str, played_before: bool
) -> None:
    """After an invite to a game gone (or not valid) the page is in no game; a reconnection
    then neither rejoins the game kept in the browser nor starts a new one."""
    tab = Tab(browser, live, viewport={"width": 900, "height": 1000})
    page = tab.page
    relay = Relay(page)
    if played_before:  # a game against the computer, kept in the browser
        tab.open()
        tab.play(4)
        tab.wait_moves(2)
    page.goto(live.url + path)
    gone = "This game no longer exists." if played_before else "This invite link is not valid."
    tab.status(gone)
    before = len(relay.asked)
    relay.drop()
    page.wait_for_timeout(1500)  # time enough for a page that would resume to ask
    assert relay.kinds(before) == []
    tab.status(gone)
    playwright_api.expect(page.locator("#board-wrap")).to_be_hidden()
    playwright_api.expect(page.locator("#message")).to_have_text("")  # reconnected
    page.click("#new-game")  # asked for: a new game against the computer
    tab.status("Your move (X)")
    assert relay.kinds(before) == ["solo"]
    tab.wait_moves(0)  # a new game, not the one kept in the browser
    tab.close(not_found=not played_before)
