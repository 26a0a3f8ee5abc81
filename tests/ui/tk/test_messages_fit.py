"""What the window says fits it at its smallest, in every language: each result whole in the
banner (on two lines where one is too short), each notice whole in the footer."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictactoe.texts.i18n import LANGUAGES

from .conftest import Harness

MakeApp = Callable[..., Harness]
Said = Callable[[str], tuple[list[str], list[str]]]


def smallest(h: Harness) -> None:
    """The window at its least size (the toolbar's width in its language)."""
    h.app.root.update_idletasks()
    width, height = h.app.root.minsize()
    h.app.root.geometry(f"{width}x{height}")
    assert h.pump(lambda: h.app.root.winfo_width() == width, timeout=5)
    h.settle(0.05)


def unbroken(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_result_is_whole_in_the_banner_at_the_smallest_size(
    make_app: MakeApp, said_in: Said, language: str
) -> None:
    h = make_app(opponent="human", language=language)
    smallest(h)
    banner = h.app.banner
    for said in said_in(language)[0]:
        banner.show(said, over=True, thinking=False)
        h.settle(0.02)
        lines = banner.lines
        assert len(lines) <= 2 and "…" not in "".join(lines), said
        assert unbroken("".join(lines)) == unbroken(said), "nothing cut off"
        font = banner.text.cget("font")
        assert all(
            h.app.root.tk.call("font", "measure", font, line) <= banner.room for line in lines
        )
        assert banner.winfo_height() >= banner.text.winfo_reqheight(), "the banner has room"
        assert banner.again.winfo_ismapped(), "New game beside it"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_new_notice_is_whole_in_the_footer_at_the_smallest_size(
    make_app: MakeApp, said_in: Said, language: str
) -> None:
    h = make_app(opponent="human", language=language)
    smallest(h)
    footer = h.app.footer
    for said in said_in(language)[1]:
        footer.show(said, [], "X 0 · O 0 · draws 0", whole=True)
        h.settle(0.02)
        shown = str(footer.notice.cget("text"))
        assert "…" not in shown and unbroken(shown) == unbroken(said), said
        assert footer.winfo_height() >= footer.notice.winfo_reqheight(), "the footer has room"
