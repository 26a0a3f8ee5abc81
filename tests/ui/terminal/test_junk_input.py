"""Junk at every prompt (hypothesis): a message, the question again, the game unchanged."""

from __future__ import annotations

import io
import operator
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Mark
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Match, Starter
from tictactoe.texts.i18n import translator
from tictactoe.ui.terminal import answers
from tictactoe.ui.terminal.loop import TerminalGame
from tictactoe.ui.terminal.prompts import LINE_LIMIT, Invalid, Prompter, shown

TR = {lang: translator(lang) for lang in ("en", "ru", "zh_CN", "vi")}

junk_lines = st.lists(
    st.one_of(
        st.text(st.characters(exclude_characters="\r\n"), max_size=30),
        st.text(
            st.characters(codec="utf-8", exclude_characters="\r\n"), min_size=200, max_size=3000
        ),
        st.sampled_from(["", " ", "\t", "\x00", "\x1b[A", "10", "-1", "0x5", "٥", "五", "ⅷ", "١"]),
        st.integers(-(10**30), 10**30).map(str),
        st.text("0123456789", min_size=4_301, max_size=6_000),  # beyond int()'s limit
        st.builds(  # longer than a line is read
            operator.mul,
            st.characters(exclude_characters="\r\n"),
            st.integers(LINE_LIMIT + 1, 100_000),
        ),
    ),
    min_size=1,
    max_size=6,
)

PARSERS: dict[str, tuple[Callable[[str, object], object], str]] = {
    "yes-no": (lambda text, tr: answers.parse_yes_no(text, tr), "yes"),
    "again": (lambda text, tr: answers.parse_again(text, tr), "no"),
    "starter": (lambda text, tr: answers.parse_starter(text, tr), "1"),
    "opponent": (lambda text, tr: answers.parse_opponent(text, tr, Rules()), "perfect"),
    "size": (lambda text, tr: answers.parse_size(text, tr, None), "3x3"),
    "k": (lambda text, tr: answers.parse_k(text, tr, Rules.of(7, 7)), "4"),
}


def _is_junk(parse: Callable[[str, object], object], text: str, tr: object) -> bool:
    try:
        parse(text, tr)
    except Invalid:
        return True
    return False


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prompt=st.sampled_from(sorted(PARSERS)),
    lang=st.sampled_from(sorted(TR)),
    lines=junk_lines,
)
def test_questions_ask_again_until_valid(prompt: str, lang: str, lines: list[str]) -> None:
    parse, valid = PARSERS[prompt]
    tr = TR[lang]
    assume(all(_is_junk(parse, line, tr) for line in lines))
    sink = io.StringIO()
    prompter = Prompter(io.StringIO("\n".join([*lines, valid]) + "\n"), sink)
    assert prompter.ask("?", lambda text: parse(text, tr)) == parse(valid, tr)
    out = sink.getvalue()
    assert out.count("?") >= len(lines) + 1
    assert "Traceback" not in out
    assert len(max(out.splitlines(), key=len)) < 300


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lang=st.sampled_from(sorted(TR)),
    numbering=st.sampled_from(list(Numbering)),
    lines=junk_lines,
    taken=st.booleans(),
)
def test_move_prompt_leaves_the_game_alone_until_a_valid_move(
    lang: str, numbering: Numbering, lines: list[str], taken: bool
) -> None:
    tr = TR[lang]
    match = Match(Rules(), HUMAN, starter=Starter.YOU)
    game = match.game
    game.play(4)
    game.play(0)
    board_before = game.board
    assume(
        all(
            _is_junk(lambda text, t: answers.parse_move(text, t, game.board, numbering), line, tr)
            for line in lines
        )
    )
    taken_name = (
        "5" if numbering is Numbering.NUMPAD else "4" if numbering is Numbering.INDEX else "b2"
    )
    valid = {Numbering.NUMPAD: "9", Numbering.INDEX: "2", Numbering.COORDS: "c1"}[numbering]
    script = [*lines, *([taken_name] if taken else []), valid]
    sink = io.StringIO()
    session = TerminalGame(
        match, Prompter(io.StringIO("\n".join(script) + "\n"), sink), tr, numbering=numbering
    )
    seen_boards = []
    original_say = session.prompter.say

    def watch(text: str = "") -> None:
        seen_boards.append(game.board)
        original_say(text)

    session.prompter.say = watch  # type: ignore[method-assign]
    session.human_turn()
    assert game.moves == (4, 0, 2)
    assert game.board[2] is Mark.X
    assert all(board == board_before for board in seen_boards[: len(lines) + taken])
    assert "Traceback" not in sink.getvalue()


JUNK = [
    "",
    "   ",
    "abc",
    "99",
    "-3",
    "x" * 5000,
    "\x00\x07\x1b[2J",
    "пять",
    "五",
    "5 5",
    "🙂",
    "9" * 5000,
    "7" * 900,
    "\x00" * 100_000,
]


BLANK = {"", "   "}
"""Not junk at the questions before a game: Enter takes the answer shown in brackets."""


def test_junk_before_every_answer_of_a_whole_session(run) -> None:
    answers_in_order = ["3x3", "first-free", "1", "5", "9", "1", "n"]
    clean_status, clean = run(["play"], "\n".join(answers_in_order) + "\n")
    questions = [[text for text in JUNK if text not in BLANK]] * 3
    noisy = "".join(
        "\n".join([*junk, answer]) + "\n"
        for junk, answer in zip(questions + [JUNK] * 4, answers_in_order, strict=True)
    )
    status, out = run(["play"], noisy)
    assert status == clean_status == 0
    assert "Traceback" not in out
    assert "Hooray! You have won the game!" in out
    assert (
        out.count("Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0.") == 1
    )
    assert "x" * 100 not in out
    moves = [line for line in clean.splitlines() if line.startswith("The computer (")]
    assert moves == [line for line in out.splitlines() if line.startswith("The computer (")]
    assert "\x1b[2J" not in out and "\x00" not in out
    for message in (
        "Board size must look like 3x3 or 7x5 (rows x columns), not",
        "Please type a number from 1 to 9 or a level's name.",
        "Please type a number from 1 to 4, or yes or no.",
        "is not a cell. Type a number from 1 to 9.",
        "Please type a cell, or help.",
        "Please answer yes, no or new.",
        "That answer is too long (more than 1000 characters).",
    ):
        assert message in out
    assert len(max(out.splitlines(), key=len)) < 300


def test_a_huge_line_is_cut_before_it_is_cleaned() -> None:
    """16 MB of control characters: the echo is 40 characters, cleaned from those only."""
    assert shown("\x07" * 16_000_000) == "?" * 39 + "…"
    assert shown("  " + "é" * 16_000_000 + "  ", limit=5) == "éééé…"
    assert shown("  short\x1b  ") == "short?"
    assert shown("a" * 40 + " " + "b" * 10) == "a" * 39 + "…"


@pytest.mark.parametrize(
    ("lang", "typed", "meant"),
    [("en", "medum", "Medium"), ("en", "Perfekt", "Perfect"), ("ru", "средий", "Средний")],
)
def test_a_mistyped_level_is_answered_with_the_level_it_is_closest_to(
    lang: str, typed: str, meant: str
) -> None:
    tr = TR[lang]
    with pytest.raises(Invalid) as refused:
        answers.parse_opponent(typed, tr, Rules())
    suggestion = tr.gettext("Did you mean {level}?").format(level=meant)
    assert str(refused.value).endswith(" " + suggestion)


def test_an_answer_like_no_level_gets_no_suggestion() -> None:
    with pytest.raises(Invalid) as refused:
        answers.parse_opponent("xyz", TR["en"], Rules())
    assert str(refused.value) == "Please type a number from 1 to 9 or a level's name."
