"""The score of a game with a friend in the page (Chromium), over two server processes that
share a real Redis: it names the players, not the marks a rematch swaps, and reads the same
for the two players and a spectator before and after a rematch, a reload and a server's
restart. Set ``TICTACTOE_SCREENSHOTS=docs/screenshots`` to keep the screenshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_browser import Tab, browser, playwright_api, shots
from web_support import ServerProcess

__all__ = ["browser", "shots"]  # the fixtures, shared with test_browser

expect = playwright_api.expect


def win_as_x(x: Tab, o: Tab, *others: Tab) -> None:
    """X plays the top row, O the middle row: X wins (every tab has seen each move)."""
    for ply, (tab, cell) in enumerate([(x, 0), (o, 3), (x, 1), (o, 4), (x, 2)]):
        tab.play(cell)
        for seen in (x, o, *others):
            seen.wait_moves(ply + 1)


def test_the_score_names_the_players_through_a_rematch_a_reload_and_a_restart(
    browser: Any, redis_url: str, server_factory: Callable[..., ServerProcess], shots: Path
) -> None:
    first = server_factory("--redis", redis_url, "--no-record")
    second = server_factory("--redis", redis_url, "--no-record")
    host = Tab(browser, first, viewport={"width": 900, "height": 1000}).open()
    host.page.click("#play-friend")
    host.page.wait_for_function(
        "() => document.getElementById('invite-link').value.includes('/play/')"
    )
    invite = host.page.locator("#invite-link").input_value().removeprefix(first.url)
    guest = Tab(browser, second, viewport={"width": 900, "height": 1000}).open(invite)
    host.status("Your move (X)")
    win_as_x(host, guest)
    host.status("Hooray! You have won the game!")
    guest.page.click("#rematch")
    host.page.click("#rematch")
    host.status("Your friend's move (X)")  # the marks swapped: the friend plays X now

    # A spectator who opens the link after the rematch reads the score by player: Player 1
    # (the host, O now) won the first game.
    watcher = Tab(browser, first, viewport={"width": 390, "height": 844}).open(invite)
    watcher.status("Player 2 (X) to move")
    score = {tab: tab.page.locator("#score") for tab in (host, guest, watcher)}
    expect(score[watcher]).to_have_text("Player 1 (O) 1 · Player 2 (X) 0 · draws 0")
    expect(score[host]).to_have_text("You (O) 1 · your friend (X) 0 · draws 0")
    expect(score[guest]).to_have_text("You (X) 0 · your friend (O) 1 · draws 0")

    host.page.reload()  # the host comes back to the same seat, and the same score
    host.status("Your friend's move (X)")
    expect(score[host]).to_have_text("You (O) 1 · your friend (X) 0 · draws 0")
    second.kill()  # the friend's server dies mid-game and comes back: the page reconnects
    expect(guest.page.locator("#message")).to_have_text("Connection lost: reconnecting…")
    second.restart()
    expect(guest.page.locator("#message")).to_have_text("", timeout=30_000)
    guest.status("Your move (X)")
    expect(score[guest]).to_have_text("You (X) 0 · your friend (O) 1 · draws 0")

    win_as_x(guest, host, watcher)  # Player 2 wins as X
    watcher.status("X wins! Player 2 has won the game.")
    expect(score[watcher]).to_have_text("Player 1 (O) 1 · Player 2 (X) 1 · draws 0")
    expect(score[host]).to_have_text("You (O) 1 · your friend (X) 1 · draws 0")
    expect(score[guest]).to_have_text("You (X) 1 · your friend (O) 1 · draws 0")
    watcher.page.screenshot(path=shots / "web-friends-score-phone.png")
    for tab in (host, watcher):
        tab.close()
    guest.close(server_down=True)
