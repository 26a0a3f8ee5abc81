"""How the computer thinks, in the web page (Chromium): the search tree beside the board.

The panel opens from its button near the hints, lists every legal reply of the position with
its value, opens a reply into its replies (asked of the server as it is opened), changes its
counts and greys the cut branches as the search switch changes, is a WAI-ARIA tree a keyboard
alone works, replays alpha-beta step by step, and has no axe-core violation (the ARIA checks
run as well, with or without axe). Set ``TICTACTOE_SCREENSHOTS=docs/screenshots`` to keep the
screenshots.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

from test_browser import Tab, browser, live, playwright_api, shots, start_solo
from web_support import ServerProcess

__all__ = ["browser", "live", "shots"]  # the fixtures, shared with test_browser

expect = playwright_api.expect


def items(tab: Tab, level: int = 1) -> Any:
    return tab.page.locator(f"#tree [role=treeitem][aria-level='{level}']")


def open_panel(tab: Tab) -> None:
    page = tab.page
    page.click("#tree-open")
    expect(page.locator("#tree-panel")).to_be_visible()
    expect(page.locator("#tree-open")).to_have_attribute("aria-expanded", "true")


def aria_problems(tab: Tab) -> list[str]:
    """What breaks the WAI-ARIA tree view pattern in the panel's tree."""
    return list(
        tab.page.evaluate(
            """() => {
        const problems = [];
        const tree = document.getElementById('tree');
        if (tree.getAttribute('role') !== 'tree') problems.push('no tree role');
        if (!tree.getAttribute('aria-labelledby')) problems.push('the tree has no name');
        const all = [...tree.querySelectorAll('[role=treeitem]')];
        const tabbable = all.filter((item) => item.tabIndex === 0);
        if (tabbable.length !== 1) problems.push(`${tabbable.length} tabbable items`);
        for (const item of all) {
            const name = document.getElementById(item.getAttribute('aria-labelledby') || '');
            if (!name || !name.textContent.trim()) problems.push(`${item.dataset.path}: no name`);
            const level = Number(item.getAttribute('aria-level'));
            const parent = item.parentElement.closest('[role=treeitem]');
            const expected = parent ? Number(parent.getAttribute('aria-level')) + 1 : 1;
            if (level !== expected) problems.push(`${item.dataset.path}: level ${level}`);
            const list = item.parentElement;
            if (list !== tree && list.getAttribute('role') !== 'group') {
                problems.push('not in a group');
            }
            if (!['true', 'false'].includes(item.getAttribute('aria-selected'))) {
                problems.push('selected?');
            }
            const group = item.querySelector(':scope > [role=group]');
            if (group && !item.hasAttribute('aria-expanded')) {
                problems.push('a group, not expandable');
            }
            if (group && (item.getAttribute('aria-expanded') === 'true') === group.hidden) {
                problems.push(`${item.dataset.path}: aria-expanded and the group disagree`);
            }
        }
        return problems;
    }"""
        )
    )


def axe_violations(tab: Tab) -> list[str] | None:
    """axe-core's violations in the panel (None when axe-core is not installed)."""
    found = importlib.util.find_spec("axe_core_python")
    if found is None or found.origin is None:
        return None
    script = Path(found.origin).with_name("axe.min.js").read_text(encoding="utf-8")
    tab.page.evaluate(script)
    violations = tab.page.evaluate("() => axe.run('#tree-panel').then((r) => r.violations)")
    return [f"{v['id']}: {[node['target'] for node in v['nodes']]}" for v in violations]


def test_the_panel_after_one_move_on_3x3(browser: Any, live: ServerProcess, shots: Path) -> None:
    tab = Tab(browser, live, viewport={"width": 1280, "height": 800}).open()
    page = tab.page
    start_solo(tab, "first-free", first="computer")
    tab.wait_moves(1)  # the computer (X) has played a1: one move, O (you) to move
    open_panel(tab)
    expect(page.locator("#tree-value")).to_have_text("O to move: draw")
    replies = items(tab)
    expect(replies).to_have_count(8)
    names = page.locator("#tree [aria-level='1'] > .tree-row .tree-move").all_text_contents()
    assert names == ["b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    values = page.locator("#tree [aria-level='1'] > .tree-row .tree-value").all_text_contents()
    assert all(value == "draw" or value.startswith("X wins in ") for value in values), values
    assert values[names.index("b2")] == "draw"  # the only reply to a corner that holds
    expect(page.locator("#tree-counts")).to_contain_text("Minimax: 59,705 positions")
    # Open a reply into its replies (Enter), then close it (Left).
    b2 = page.locator("#tree [role=treeitem][data-path='4']")
    replies.first.focus()
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    expect(b2).to_be_focused()
    expect(b2).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")
    expect(b2).to_have_attribute("aria-expanded", "true")
    expect(items(tab, 2)).to_have_count(7)
    page.keyboard.press("ArrowRight")  # into the first reply of b2
    expect(items(tab, 2).first).to_be_focused()
    page.keyboard.press("ArrowLeft")  # back to its parent
    expect(b2).to_be_focused()
    page.keyboard.press("ArrowLeft")  # closed
    expect(b2).to_have_attribute("aria-expanded", "false")
    expect(items(tab, 2).first).to_be_hidden()
    page.keyboard.press("ArrowRight")  # opened again, from what it fetched
    expect(items(tab, 2).first).to_be_visible()
    # Focus shows the position on the small board.
    page.keyboard.press("ArrowDown")
    expect(page.locator("#tree-preview-line")).to_have_text(re.compile(r"^After b2 \w\d$"))
    assert page.locator("#tree-board .mini.x").count() == 2
    assert aria_problems(tab) == []
    page.screenshot(path=shots / "web-tree-minimax.png")
    # Alpha-beta: fewer positions, and cut branches greyed with the reason.
    page.check("#tree-searches input[value=alphabeta]")
    expect(page.locator("#tree-counts")).to_contain_text("Alpha-beta: 337 positions")
    expect(items(tab)).to_have_count(8)
    grey = page.locator("#tree [role=treeitem].grey[data-visit=cut]")
    for path in page.locator("#tree [aria-level='1'][aria-expanded]").evaluate_all(
        "(found) => found.map((item) => item.dataset.path)"
    ):
        opened = page.locator(f"#tree [role=treeitem][data-path='{path}']")
        opened.click()
        expect(opened).to_have_attribute("aria-expanded", "true")
        expect(opened.locator("[role=treeitem]").first).to_be_visible()
        if grey.count():
            break
    expect(grey.first).to_be_visible()
    reason = grey.first.locator(".tree-search").text_content() or ""
    assert reason.startswith("cut off: ") and "can hold" in reason, reason
    page.check("#tree-searches input[value=table]")
    expect(page.locator("#tree-counts")).to_contain_text("Table: 1,870 positions")
    page.check("#tree-searches input[value=alphabeta]")
    expect(page.locator("#tree-counts")).to_contain_text("Alpha-beta: 337 positions")
    assert aria_problems(tab) == []
    violations = axe_violations(tab)
    assert not violations, violations
    # Step through alpha-beta: the steps advance, with alpha and beta.
    page.click("#tree-step-start")
    expect(page.locator("#tree-step-count")).to_have_text(re.compile(r"^Step 1 of [\d,]+$"))
    expect(page.locator("#tree-alpha")).to_have_text("α: O is sure of nothing yet")
    expect(page.locator("#tree-step-next")).to_be_focused()
    for _ in range(5):
        page.keyboard.press("Enter")
    expect(page.locator("#tree-step-count")).to_have_text(re.compile(r"^Step 6 of "))
    page.click("#tree-step-play")
    expect(page.locator("#tree-step-count")).not_to_have_text(re.compile(r"^Step 6 of "))
    page.click("#tree-step-play")  # pause
    stepped = page.locator("#tree-step-text").text_content() or ""
    assert stepped, "a step says what the search does"
    page.focus("#tree-step-next")
    for _ in range(30):  # on until the bounds have values
        page.keyboard.press("Enter")
    expect(page.locator("#tree-step-count")).to_have_text(re.compile(r"^Step 3\d of "))
    expect(page.locator("#tree-alpha, #tree-beta").filter(has_text="“")).not_to_have_count(0)
    violations = axe_violations(tab)
    assert not violations, violations
    page.locator("#tree-beta").scroll_into_view_if_needed()
    page.screenshot(path=shots / "web-tree.png")
    # Minimax visits too many positions to watch: said, and the button is off.
    page.click("#tree-step-stop")
    page.check("#tree-searches input[value=minimax]")
    expect(page.locator("#tree-step-start")).to_be_disabled()
    expect(page.locator("#tree-step-note")).to_contain_text("Too many positions to watch")
    # The panel follows the game, and closes from its button (focus back on the opener).
    tab.play(4)
    tab.wait_moves(3)
    expect(page.locator("#tree-value")).to_have_text(re.compile(r"^O to move: "))
    page.click("#tree-close")
    expect(page.locator("#tree-panel")).to_be_hidden()
    expect(page.locator("#tree-open")).to_be_focused()
    expect(page.locator("#tree-open")).to_have_attribute("aria-expanded", "false")
    tab.close()


def test_the_panel_by_keyboard_alone_on_a_phone_in_russian(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    tab = Tab(
        browser, live, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
        locale="ru-RU",
    ).open()  # fmt: skip
    page = tab.page
    start_solo(tab, "first-free", first="computer")
    tab.wait_moves(1)
    page.focus("#tree-open")
    page.keyboard.press("Enter")
    expect(page.locator("#tree-value")).to_have_text("Ходит O: ничья")
    expect(items(tab)).to_have_count(8)
    page.keyboard.press("Tab")  # the panel's first control, then on to the tree
    for _ in range(12):
        if page.evaluate("document.activeElement.getAttribute('role')") == "treeitem":
            break
        page.keyboard.press("Tab")
    expect(items(tab).first).to_be_focused()
    page.keyboard.press("End")
    expect(items(tab).last).to_be_focused()
    page.keyboard.press("Enter")
    expect(items(tab, 2)).to_have_count(7)
    assert aria_problems(tab) == []
    violations = axe_violations(tab)
    assert not violations, violations
    page.locator("#tree-panel").scroll_into_view_if_needed()
    page.screenshot(path=shots / "web-tree-phone-ru.png", full_page=True)
    page.keyboard.press("Escape")
    expect(page.locator("#tree-panel")).to_be_hidden()
    expect(page.locator("#tree-open")).to_be_focused()
    tab.close()


def test_a_big_board_shows_the_engines_own_search(browser: Any, live: ServerProcess) -> None:
    tab = Tab(browser, live, viewport={"width": 1280, "height": 900}).open()
    page = tab.page
    start_solo(tab, "first-free", board="7x7x5")
    tab.status("Your move (X)")
    open_panel(tab)
    expect(page.locator("#tree-note")).to_have_text(
        "This position has more than 10 empty cells: too many to search to the end."
    )
    expect(page.locator("#tree-value")).to_contain_text("The engine's own search: ")
    expect(page.locator("#tree-searches input[value=alphabeta]")).to_be_disabled()
    expect(page.locator("#tree-step-start")).to_be_disabled()
    expect(items(tab)).to_have_count(4)  # iterations, moves scored, never looked at, the line
    assert aria_problems(tab) == []
    tab.close()
