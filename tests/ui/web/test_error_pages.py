"""An address the server cannot serve is answered in the game's own words, in the browser's
language: no toolkit's "Not Found", "Method Not Allowed" or "Internal Server Error". Through
Starlette's test client and in a real browser (Chromium, its language Russian)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient
from test_browser import Tab, browser, live, playwright_api, shots
from web_support import ServerProcess, Web

from tictactoe.ui.web import errors

__all__ = ["browser", "live", "shots"]  # the fixtures, shared with test_browser

BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
TOOLKIT_WORDS = ("Not Found", "Method Not Allowed", "Internal Server Error")


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("fr-FR, vi;q=0.5, en;q=0.4", "vi"),
        ("en;q=0.2, zh-TW;q=0.9", "zh_CN"),
        ("de, ru;q=0", "en"),
        ("*", "en"),
        ("", "en"),
        ("ru;q=bad, vi", "vi"),
    ],
)
def test_the_language_is_the_first_the_browser_asks_for_that_the_game_speaks(
    header: str, language: str
) -> None:
    assert errors.requested_language(header) == language


@pytest.mark.parametrize(
    ("method", "path", "status", "headline"),
    [
        ("GET", "/nowhere", 404, "Такой страницы здесь нет."),
        ("GET", "/static/nowhere.js", 404, "Такой страницы здесь нет."),
        ("GET", "/i18n/xx.json", 404, "Такой страницы здесь нет."),
        ("GET", "/ws", 404, "Такой страницы здесь нет."),  # the WebSocket, opened as a page
        ("POST", "/", 405, "Этот адрес не принимает такой запрос."),
        ("DELETE", "/api/health", 405, "Этот адрес не принимает такой запрос."),
    ],
)
def test_a_browser_is_shown_the_games_own_page_in_its_language(
    web: Web, method: str, path: str, status: int, headline: str
) -> None:
    headers = {**BROWSER, "accept-language": "ru-RU,ru;q=0.9,en;q=0.8"}
    response = web.client.request(method, path, headers=headers)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert f"<h2>{headline}</h2>" in page and '<html lang="ru">' in page
    assert '<a class="button" href="/">Перейти к игре</a>' in page
    assert not any(words in page for words in TOOLKIT_WORDS)
    assert "nowhere" not in page  # nothing of the request is put into the page
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    if status == 405:
        assert response.headers["allow"]  # the methods it does take, as HTTP wants


def test_a_program_is_answered_in_json_with_the_same_sentence(web: Web) -> None:
    response = web.client.get("/api/nowhere", headers={"accept-language": "zh-CN,zh;q=0.9"})
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "message": "这里没有这个页面。"}
    response = web.client.put("/api/levels")
    assert response.status_code == 405
    assert response.json() == {
        "error": "not_allowed", "message": "This address does not take that kind of request.",
    }  # fmt: skip


def test_a_failure_of_the_server_is_said_in_its_own_words() -> None:
    """Any exception a route lets through: the 500 answer is the game's, in the language asked."""

    async def broken(request: Request) -> Response:
        raise RuntimeError("a bug")

    app = Starlette(routes=[Route("/broken", broken)], exception_handlers=errors.HANDLERS)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/broken", headers={**BROWSER, "accept-language": "vi"})
        assert response.status_code == 500
        assert "<h2>Có lỗi xảy ra trên máy chủ.</h2>" in response.text
        assert "Hãy thử lại sau giây lát." in response.text
        assert not any(words in response.text for words in TOOLKIT_WORDS)
        assert "a bug" not in response.text
        plain = client.get("/broken")
        assert plain.json() == {"error": "server", "message": "Something went wrong on the server."}


def test_a_mistyped_address_in_a_russian_browser(
    browser: Any, live: ServerProcess, shots: Path
) -> None:
    for name, viewport in (("desktop", {"width": 900, "height": 600}), ("phone", None)):
        options: dict[str, Any] = {"locale": "ru-RU"}
        options |= {"viewport": viewport} if viewport else {
            "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
        }  # fmt: skip
        tab = Tab(browser, live, **options)
        page = tab.page
        answer = page.goto(live.url + "/no-such-page")
        assert answer is not None and answer.status == 404
        playwright_api.expect(page.locator("h2")).to_have_text("Такой страницы здесь нет.")
        playwright_api.expect(page).to_have_title("Такой страницы здесь нет. · Крестики-нолики")
        page.screenshot(path=shots / f"web-not-found-{name}-ru.png")
        back = page.get_by_role("link", name="Перейти к игре")
        box = back.bounding_box()
        assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
        back.click()  # the way back: the game, in the same language
        page.wait_for_selector("#board [role=gridcell]")
        tab.status("Ваш ход (X)")
        tab.close(not_found=True)
