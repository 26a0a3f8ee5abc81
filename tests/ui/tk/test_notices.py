"""What the window says of a change the player did not ask for, in the footer until the
player's next action: the settings as last time at launch, a level standing in for the one
chosen on a new board, the side the player now plays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.saved.settings import Settings, SettingsStore

from .conftest import Harness

MakeApp = Callable[..., Harness]
GOMOKU = Rules(15, 15, 5)


def test_at_launch_the_footer_says_the_board_is_last_times(
    make_app: MakeApp, tmp_path: Path
) -> None:
    """``tictactoe tk --opponent oops.py`` after 15 x 15 was chosen in the Pygame Zero game."""
    oops = tmp_path / "oops.py"
    oops.write_text("def choose(board):\n    return board.legal_moves()[0]\n")
    store = SettingsStore(tmp_path / "settings.json")
    remembered = Settings(language="en", board=GOMOKU, level="search")
    store.save(remembered)
    h = make_app(
        opponent=str(oops),
        rules=GOMOKU,
        settings=remembered.changed(level=str(oops)),
        remembered=remembered,
        store=store,
        given=frozenset({"level"}),
    )
    assert h.notice.startswith("As last time: 15 x 15, 5 in a row. Player files run ")
    shown = str(h.app.footer.notice.cget("text"))
    assert shown.startswith("As last time: 15 x 15, 5 in a row."), "in sight, from its start"
    h.click_cell(GOMOKU.cell(7, 7))
    assert h.notice == "", "until the first move"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Perfect does not play 15 x 15: Expert plays instead. You play O."),
        (
            "ru",
            "Безупречный не играет на поле 15 x 15: вместо него играет Эксперт. Вы играете за O.",
        ),
    ],
)
def test_a_new_board_says_who_plays_instead_and_your_side_until_you_move(
    make_app: MakeApp, language: str, said: str
) -> None:
    h = make_app(opponent="perfect", starter=Starter.ALTERNATE, think=0.1, language=language)
    h.app.menus.invoke("board", "15x15k5")
    assert h.app.session.match.opponent == "search"
    assert h.notice == said
    assert h.pump(lambda: len(h.marks()) == 1, timeout=15)
    assert list(h.marks().values()) == [Mark.X], "Expert opened the game"
    h.settle(0.1)
    assert h.notice == said, "still in sight after Expert's move"
    shown = str(h.app.footer.notice.cget("text"))
    assert "".join(shown.split()) == "".join(said.split()), "whole"
    free = next(cell for cell in range(GOMOKU.size) if cell not in h.marks())
    h.click_cell(free)
    assert h.notice == ""
