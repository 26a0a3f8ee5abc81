"""The server's own answers to requests it cannot serve: no such page (404), a request of the
wrong kind (405), its own failure (500), in the language the browser asks for.

A browser (its request accepts HTML) gets a small page in the game's look, with a link back
to the game; anything else gets JSON with ``error`` (the status's code word) and ``message``
(the same sentence). The language is the first of the request's ``Accept-Language`` that
the game speaks, else English. Nothing of the request (its path) is put into the answer.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tictactoe.texts.i18n import ENGLISH, N_, normalise, translator


@dataclass(frozen=True)
class Trouble:
    """What a person is told about one kind of failure: a headline and what to do."""

    code: str
    headline: str
    advice: str


TROUBLES: Mapping[int, Trouble] = {
    404: Trouble(
        "not_found",
        N_("There is no such page here."),
        N_("The address may be mistyped, or the page has gone."),
    ),
    405: Trouble(
        "not_allowed",
        N_("This address does not take that kind of request."),
        N_("Open it in a browser as a link instead."),
    ),
    500: Trouble(
        "server",
        N_("Something went wrong on the server."),
        N_("Try again in a moment."),
    ),
}
"""The sentences of each status the server answers with a page of its own."""

OTHER = Trouble(
    "refused",
    N_("The server cannot answer this request."),
    N_("Open it in a browser as a link instead."),
)
"""The sentences of any other refusal (a status not in :data:`TROUBLES`)."""


def requested_language(accept_language: str) -> str:
    """The first language of an ``Accept-Language`` header the game speaks (by weight, then
    order), else English: ``"ru-RU,ru;q=0.9,en;q=0.8"`` -> ``"ru"``."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        found = normalise(tag) if tag and tag != "*" else None
        if found is not None and weight > 0:
            ranked.append((-weight, order, found))
    return min(ranked)[2] if ranked else ENGLISH


def page_text(status: int, language: str) -> tuple[str, str, str]:
    """The code word, headline and advice of ``status`` in ``language``."""
    trouble = TROUBLES.get(status, OTHER)
    gettext = translator(language).gettext
    return trouble.code, gettext(trouble.headline), gettext(trouble.advice)


def error_page(status: int, language: str) -> str:
    """The page a browser is shown for ``status``, in ``language`` (its own words only, escaped;
    styled by the game's own style sheets, no script)."""
    tr = translator(language)
    _, headline, advice = page_text(status, language)
    title, back = (
        html.escape(tr.gettext(text)) for text in (N_("Tic-tac-toe"), N_("Go to the game"))
    )
    return f"""<!doctype html>
<html lang="{language.replace("_", "-")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{html.escape(headline)} · {title}</title>
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/colours.css">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header class="bar"><h1>{title}</h1></header>
<main>
  <section class="panel trouble">
    <h2>{html.escape(headline)}</h2>
    <p>{html.escape(advice)}</p>
    <p><a class="button" href="/">{back}</a></p>
  </section>
</main>
</body>
</html>
"""


def answer(request: Request, status: int, headers: Mapping[str, str] | None = None) -> Response:
    """The answer for ``status``: the page for a browser, JSON for anything else."""
    language = requested_language(request.headers.get("accept-language", ""))
    if "text/html" in request.headers.get("accept", ""):
        return HTMLResponse(error_page(status, language), status_code=status, headers=headers)
    code, headline, _ = page_text(status, language)
    return JSONResponse({"error": code, "message": headline}, status_code=status, headers=headers)


async def http_refusal(request: Request, refusal: Exception) -> Response:
    """Starlette's handler for an :class:`HTTPException` (no route, a method not allowed, a
    static file missing): the game's own answer with the same status and headers."""
    assert isinstance(refusal, HTTPException)
    return answer(request, refusal.status_code, refusal.headers)


async def server_failure(request: Request, failure: Exception) -> Response:
    """Starlette's handler for an exception no route caught: the game's own 500 answer (the
    server logs the exception itself)."""
    return answer(request, 500)


HANDLERS = {HTTPException: http_refusal, Exception: server_failure}
"""The handlers to give :class:`~starlette.applications.Starlette` (``exception_handlers``)."""
