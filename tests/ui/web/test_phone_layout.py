"""The page at a phone's width and a desktop's (Chromium): on a phone the board comes first and
the settings fold to one line; what the page says of a game with a friend - waiting, a player
gone, a resignation, a win claimed - names what happened and fits where it is shown, in every
language. Set ``TICTACTOE_SCREENSHOTS=docs/screenshots`` to keep the screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import Tab, browser, live, open_settings, playwright_api, shots, start_solo
from web_support import ServerProcess

from tictactoe.core import Mark, Outcome, Termination
from tictactoe.texts.i18n import Translator, translator
from tictactoe.texts.sentences import Audience, Opponent, announce

__all__ = ["browser", "live", "shots"]  # the fixtures, shared with test_browser

expect = playwright_api.expect

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-US", "ru": "ru-RU", "vi": "vi-VN", "zh_CN": "zh-CN"}

BOARD = """() => {
    const board = document.querySelector('#board').getBoundingClientRect();
    const cell = document.querySelector('#board .cell').getBoundingClientRect();
    return {top: board.top + scrollY, left: board.left, right: board.right, cell: cell.width,
            page: document.documentElement.scrollWidth};
}"""

OVERFLOWS = """() => {
    // Every piece of text shown (not the board, not the text fields) inside the window's width
    // and not wider than its own box: nothing cut off or running out of sight.
    const width = document.documentElement.clientWidth;
    const found = [];
    const shown = (el) =>
        el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const texts = document.querySelectorAll(
        'h1, h2, p, button, summary, label, legend, span, li, a, select');
    for (const el of texts) {
        if (!shown(el) || el.closest('#board-wrap')) continue;
        const box = el.getBoundingClientRect();
        const clipped = getComputedStyle(el).clip.startsWith('rect(0');
        if (clipped || el.closest('.visually-hidden')) continue;  // for screen readers only
        if (box.left < -0.5 || box.right > width + 0.5 || el.scrollWidth > el.clientWidth + 1) {
            found.push(`${el.id || el.tagName}: ${el.textContent.trim().slice(0, 60)}`);
        }
    }
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    return found;
}"""


def fits(tab: Tab) -> None:
    assert tab.page.evaluate(OVERFLOWS) == []


def test_on_a_phone_the_board_comes_first_and_the_settings_fold_to_one_line(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(browser, live, **PHONE).open()
    page = tab.page
    setup, summary = page.locator("#setup"), page.locator("#setup-summary")
    expect(summary).to_have_text("Settings 3 x 3, 3 in a row · Medium")
    expect(page.locator("#board-size")).to_be_hidden()  # folded from the start
    start_solo(tab, "first-free", board="15x15x5")  # a tap opens them; the board chosen...
    tab.status("Your move (X)")
    expect(page.locator("#board-size")).to_be_hidden()  # ...Play the computer folds them again
    expect(summary).to_be_focused()  # where the focus was: in the settings
    expect(summary).to_have_text("Settings 15 x 15, 5 in a row · Beginner")
    board = page.evaluate(BOARD)
    assert board["top"] < 260, board  # under the header and the settings' line
    assert board["cell"] >= 22 and board["cell"] == int(board["cell"]), board  # whole pixels
    assert board["left"] >= 0 and board["right"] <= 390 and board["page"] <= 390, board
    fits(tab)
    page.screenshot(path=shots / "web-15x15-phone-folded.png")
    # A board chosen from the menu starts its game but leaves the settings open for the rest.
    open_settings(tab)
    page.select_option("#board-size", "7x7x5")
    page.wait_for_selector("#board [data-cell='48']")
    expect(page.locator("#level")).to_be_visible()
    expect(summary).to_have_text("Settings 7 x 7, 5 in a row · Beginner")
    summary.click()  # closed by the person
    expect(page.locator("#level")).to_be_hidden()
    assert setup.evaluate("(setup) => setup.open") is False
    page.set_viewport_size({"width": 1100, "height": 900})  # a desktop's width: always open
    expect(page.locator("#board-size")).to_be_visible()
    expect(summary).to_be_hidden()
    page.set_viewport_size({"width": 844, "height": 390})  # a phone held sideways folds them
    expect(page.locator("#board-size")).to_be_hidden()
    expect(summary).to_be_visible()
    tab.close()


def test_a_refused_board_leaves_a_phones_settings_open_with_the_refusal(
    browser: Any, live: ServerProcess
) -> None:
    tab = Tab(browser, live, **PHONE, locale="ru-RU").open()
    page = tab.page
    expect(page.locator("#setup-summary")).to_have_text("Настройки 3 x 3, 3 в ряд · Средний")
    open_settings(tab)
    page.select_option("#board-size", "custom")
    page.fill("#rows", "40")
    page.click("#play-computer")
    expect(page.locator("#custom-message")).to_have_text("Строк должно быть от 1 до 26, а не 40.")
    expect(page.locator("#custom-message")).to_be_visible()
    expect(page.locator("#setup-summary")).to_have_text("Настройки 40 x 3, 3 в ряд · Средний")
    fits(tab)
    # No browser's words: the field out of range carries the page's sentence, in no form.
    messages = page.evaluate(
        "['rows', 'cols'].map((id) => document.getElementById(id).validationMessage)"
    )
    assert messages == ["Строк должно быть от 1 до 26, а не 40.", ""]
    assert page.evaluate("document.forms.length") == 0
    page.fill("#rows", "4")
    page.locator("#rows").dispatch_event("change")
    expect(page.locator("#custom-message")).to_have_text("")
    assert page.evaluate("document.getElementById('rows').validationMessage") == ""
    tab.close(boards_refused=True)


def test_the_desktop_keeps_its_settings_open_above_the_board(
    browser: Any, live: ServerProcess
) -> None:
    tab = Tab(browser, live, **DESKTOP).open()
    page = tab.page
    expect(page.locator("#setup-summary")).to_be_hidden()
    start_solo(tab, "first-free", board="15x15x5")
    tab.status("Your move (X)")
    expect(page.locator("#board-size")).to_be_visible()  # nothing folds on a desktop
    board = page.evaluate(BOARD)
    assert board["cell"] == 30, board  # as tall as 54 % of the window lets it be, in whole px
    fits(tab)
    tab.close()


def said(tr: Translator, how: Termination, winner: Mark, audience: Audience) -> str:
    """The end of a game as every front end says it to ``audience``."""
    return announce(Outcome(how, winner), audience, tr)


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_what_a_game_with_a_friend_says_names_what_happened_and_fits(
    browser: Any, live: ServerProcess, shots: Path, language: str, size: str
) -> None:
    """Waiting for the friend, a resignation (asked first), the rematch, the friend gone
    and the win claimed: the sentences of every front end, each in sight and whole."""
    tr = translator(language)
    options = {**(PHONE if size == "phone" else DESKTOP), "locale": LOCALES[language]}
    host = Tab(browser, live, **options).open()
    open_settings(host)  # a tap on a phone
    host.page.click("#play-friend")
    host.page.wait_for_function(
        "() => document.getElementById('invite-link').value.includes('/play/')"
    )
    host.status(tr.gettext("Waiting for your friend to open the link…"))
    fits(host)
    invite = host.page.locator("#invite-link").input_value().removeprefix(live.url)
    guest = Tab(browser, live, **options).open(invite)
    watcher = Tab(browser, live, **options).open(invite)
    names = {Mark.X: tr.gettext("Player 1"), Mark.O: tr.gettext("Player 2")}
    host.play(4)
    guest.wait_moves(1)
    guest.page.click("#resign")  # asked first
    expect(guest.page.locator("#resign-confirm")).to_be_visible()
    fits(guest)
    guest.page.click("#resign-yes")
    resigned = Termination.RESIGNATION
    host.status(said(tr, resigned, Mark.X, Audience.player(Mark.X, Opponent.FRIEND)))
    guest.status(said(tr, resigned, Mark.X, Audience.player(Mark.O, Opponent.FRIEND)))
    watcher.status(said(tr, resigned, Mark.X, Audience.named(names)))
    for tab in (host, guest, watcher):
        fits(tab)
    watcher.page.screenshot(path=shots / f"web-resigned-{size}-{language}.png")
    guest.page.click("#rematch")
    host.page.click("#rematch")  # the friend plays X now, Player 1 O
    guest.status(tr.gettext("Your move ({mark})").format(mark="X"))
    guest.play(0)
    host.wait_moves(1)
    guest.close()  # the friend closes the page
    gone = tr.gettext("Your friend has left. You can wait for them or claim the win.")
    host.status(gone)
    expect(host.page.locator("#claim")).to_be_visible()
    left = tr.gettext("{name} ({mark}) has left.").format(name=names[Mark.O], mark="X")
    watcher.status(left)
    for tab in (host, watcher):
        fits(tab)
    host.page.screenshot(path=shots / f"web-friend-left-{size}-{language}.png")
    host.page.click("#claim")
    forfeit = Termination.FORFEIT
    host.status(said(tr, forfeit, Mark.O, Audience.player(Mark.O, Opponent.FRIEND)))
    players = {Mark.X: names[Mark.O], Mark.O: names[Mark.X]}  # the marks swapped
    watcher.status(said(tr, forfeit, Mark.O, Audience.named(players)))
    score = tr.gettext(
        "{first} ({first_mark}) {first_wins} · {second} ({second_mark}) {second_wins}"
        " · draws {draws}"
    ).format(
        first=names[Mark.X], first_mark="O", first_wins=2,
        second=names[Mark.O], second_mark="X", second_wins=0, draws=0,
    )  # fmt: skip
    expect(watcher.page.locator("#score")).to_have_text(score)
    for tab in (host, watcher):
        fits(tab)
    watcher.page.screenshot(path=shots / f"web-friend-claimed-{size}-{language}.png")
    host.close()
    watcher.close()


@pytest.mark.parametrize("language", list(LOCALES))
def test_an_invite_link_not_valid_is_said_whole_on_a_phone(
    browser: Any, live: ServerProcess, language: str
) -> None:
    tr = translator(language)
    tab = Tab(browser, live, **PHONE, locale=LOCALES[language])
    tab.page.goto(live.url + "/play/x")  # no game: no board to wait for
    tab.status(tr.gettext("This invite link is not valid."))
    expect(tab.page.locator("#new-game")).to_be_visible()
    fits(tab)
    tab.close(not_found=True)
