"""The game options every front-end command shares."""

from __future__ import annotations

import argparse

import pytest

from tictactoe.cli.commands.options import (
    add_game_options,
    board_for_k,
    rng_from,
    rules_from,
    saved_player,
    starter_from,
)
from tictactoe.cli.parser import Parser
from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError
from tictactoe.core.rules import Rules
from tictactoe.game import Starter
from tictactoe.texts.i18n import translator


def parse(*argv: str) -> argparse.Namespace:
    parser = Parser(prog="tictactoe play")
    add_game_options(parser)
    return parser.parse_args(argv)


def test_nothing_given_means_none() -> None:
    args = parse()
    assert rules_from(args) is None
    assert rules_from(args, Rules(4, 4, 4)) == Rules(4, 4, 4)
    assert starter_from(args) is None
    assert (args.opponent, args.you, args.lang) == (None, None, None)


def test_values() -> None:
    args = parse("--side", "o", "--opponent", "perfect", "--size", "7x5", "--lang", "ru_RU")
    assert args.side is Mark.O
    assert starter_from(args) is Starter.COMPUTER
    assert rules_from(args) == Rules(7, 5, 5)
    assert args.lang == "ru"


def test_first_overrides_side_and_k_alone_keeps_the_size() -> None:
    args = parse("--side", "X", "--first", "coin", "--k", "4")
    assert starter_from(args) is Starter.COIN
    assert rules_from(args, Rules(4, 4, 3)) == Rules(4, 4, 4)


@pytest.mark.parametrize(
    ("k", "side"), [(2, 3), (3, 3), (4, 4), (5, 15), (6, 15), (15, 15), (20, 20), (26, 26)]
)
def test_k_without_a_size_gets_a_board_that_fits(k: int, side: int) -> None:
    assert board_for_k(k) == Rules(side, side, k)
    assert rules_from(parse("--k", str(k))) == Rules(side, side, k)
    expected = Rules(3, 3, k) if k <= 3 else Rules(side, side, k)
    assert rules_from(parse("--k", str(k)), Rules()) == expected  # the windows' 3 x 3 if it fits


@pytest.mark.parametrize("k", [-1, 0, 1, 27, 10**6])
def test_k_that_fits_no_board_raises_rules_error(k: int) -> None:
    with pytest.raises(RulesError, match="k must be from 2"):
        rules_from(parse("--k", str(k)), Rules())


def test_seeded_rng_is_reproducible() -> None:
    assert rng_from(parse("--seed", "3")).random() == rng_from(parse("--seed", "3")).random()


def test_impossible_k_raises_rules_error() -> None:
    with pytest.raises(RulesError, match="k must be"):
        rules_from(parse("--size", "3x3", "--k", "9"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--side", "Z"], "--side: your side must be X or O, not 'Z'."),
        (["--opponent", "grandmaster"], "Choose human (two people), a level (beginner, easy,"),
        (["--size", "30x30"], "--size: Rows and columns must be from 1 to 26, not '30x30'."),
        (["--size", "big"], "3x3"),
        (["--lang", "klingon"], "there is no language 'klingon'; choose one of en, ru, zh_CN,"),
        (["--first", "nobody"], "--first must be one of you, computer, alternate, coin, not"),
        (["--k", "four"], "--k must be a whole number, not 'four'."),
        (["--seed", "1e3"], "--seed must be a whole number, not '1e3'."),
        (["--size", "0x0"], "Rows must be from 1 to 26, not 0"),
        (["--size", "1x1"], "too small"),
    ],
)
def test_bad_values_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse(*argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("tictactoe play: ") and err.count("\n") == 1


def test_think_seconds() -> None:
    assert parse().think == 1.0
    assert parse("--think", "0.25").think == 0.25
    assert parse("--think", " 3 ").think == 3.0


@pytest.mark.parametrize(
    "bad", ["0", "-1", "0.01", "601", "nan", "inf", "1e999", "soon", "", "9" * 500]
)
def test_bad_think_is_refused_with_the_range(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--think", bad)
    assert "from 0.05 to 600" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (" HUMAN ", "human"),
        ("expert", "search"),
        ("Medium: corners", "corner-first"),
        ("brain:/nowhere/pbrain-foo", "pbrain-foo"),
        ("/nowhere/my_player.py", "my_player.py"),
        ("Alice", "Alice"),
        ("lookahead", "lookahead"),
        (" you ", "human"),
        ("PLAYER", "human"),
    ],
)
def test_saved_player_is_the_kept_name_and_never_refused(text: str, kept: str) -> None:
    assert saved_player(text, translator("en")) == kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [("вы", "human"), ("Игрок", "human"), ("ЭКСПЕРТ", "search"), ("You", "human"), ("Вы", "human")],
)
def test_saved_player_knows_the_names_the_lists_show_in_their_language(
    text: str, kept: str
) -> None:
    assert saved_player(text, translator("ru")) == kept
