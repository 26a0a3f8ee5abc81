"""The player registry: names, descriptions, creation, unknown names."""

from __future__ import annotations

import random
import threading

import pytest

from tictactoe import players
from tictactoe.core.board import Board
from tictactoe.core.errors import UnknownPlayerError
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits, Player, Progress

SEED_NAMES = ("first-free", "random", "win-block", "centre-first", "corner-first", "fork-aware")


def test_names_in_registry_order() -> None:
    assert players.names() == (*SEED_NAMES, "search", "perfect")


def test_descriptions_are_single_lines() -> None:
    for strategy in players.STRATEGIES:
        assert strategy.description
        assert "\n" not in strategy.description
        assert len(strategy.description) < 80


def test_nothing_players_see_mentions_the_tutorials() -> None:
    for strategy in players.STRATEGIES:
        for text in (strategy.title, strategy.description):
            assert "seed" not in text.lower(), text
            assert "-" not in strategy.name or strategy.name not in text, text


def test_titles_are_distinct_friendly_levels() -> None:
    titles = [strategy.title for strategy in players.STRATEGIES]
    assert len(set(titles)) == len(titles)
    assert titles[0] == "Beginner" and titles[-1] == "Perfect"


@pytest.mark.parametrize("given", ["WIN-BLOCK", "Win-Block", " win-block "])
def test_names_are_accepted_in_any_case(given: str) -> None:
    assert players.get(given).name == "win-block"
    assert players.create(given, seed=1).choose(Board.empty()) in range(9)


def test_a_retired_name_says_what_replaced_it_by_its_level_name() -> None:
    with pytest.raises(UnknownPlayerError, match="'lookahead' was replaced by 'expert'"):
        players.get("lookahead")


def test_each_level_builds_its_player_from_a_plain_callable() -> None:
    from tictactoe.core.strategies.simple import FirstFree, WinBlock

    assert players.get("first-free").build is FirstFree
    assert players.get("medium").build is WinBlock
    assert type(players.create("perfect", seed=1)).__name__ == "PerfectPlayer"
    assert players.get("perfect").unsupported_reason(Rules(4, 4, 4)) is None
    assert players.get("perfect").unsupported_reason(Rules(15, 15, 5))
    assert players.get("medium").unsupported_reason(Rules(15, 15, 5)) is None


@pytest.mark.parametrize("name", SEED_NAMES)
def test_create_plays_a_legal_move(name: str) -> None:
    board = Board.parse("X../.O./...")
    for player in (
        players.create(name, seed=1),
        players.create(name, random.Random(1)),
        players.get(name).create(seed=1),
    ):
        assert board.is_legal(player.choose(board))


@pytest.mark.parametrize("name", players.names())
def test_every_player_takes_the_search_services_call(name: str) -> None:
    board = Board.parse("X../.O./...")
    reports: list[Progress] = []
    player: players.Player = players.create(name, seed=1)
    cell = player.choose(
        board, Limits(seconds=None, nodes=2_000), progress=reports.append, cancel=threading.Event()
    )
    assert board.is_legal(cell)
    assert all(board.is_legal(report.pv[0]) for report in reports)
    assert players.Player is Player


@pytest.mark.parametrize("name", SEED_NAMES)
def test_seed_players_play_every_board(name: str) -> None:
    assert players.get(name).unsupported_reason(Rules(15, 15, 5)) is None
    assert players.get(name).unsupported_reason(Rules(1, 2, 2)) is None


def test_same_seed_same_moves() -> None:
    board = Board.empty(Rules(7, 7, 4))
    first = [players.create("random", seed=5).choose(board) for _ in range(3)]
    assert len(set(first)) == 1
    a, b = players.create("random", seed=5), players.create("random", seed=5)
    assert [a.choose(board) for _ in range(20)] == [b.choose(board) for _ in range(20)]


def test_unknown_name_lists_the_level_names_players_use() -> None:
    with pytest.raises(UnknownPlayerError, match="unknown player 'nobody'") as error:
        players.create("nobody")
    assert str(error.value).endswith(
        "choose one of beginner, easy, medium, medium-centre, medium-corners, hard, expert, perfect"
    )
    assert "win-block" not in str(error.value)
    with pytest.raises(ValueError):
        players.get("Rand om")


def test_every_level_has_a_level_name_from_its_title() -> None:
    assert players.flags() == (
        "beginner", "easy", "medium", "medium-centre", "medium-corners", "hard", "expert",
        "perfect",
    )  # fmt: skip
    assert [s.flag for s in players.STRATEGIES] == list(players.flags())
    assert not set(players.flags()) & (set(players.names()) - {"perfect"}), "no name is two levels"


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("expert", "search"),
        ("EXPERT", "search"),
        ("Expert", "search"),
        ("search", "search"),
        ("hard", "fork-aware"),
        ("Medium", "win-block"),
        ("medium", "win-block"),
        ("Medium: centre", "centre-first"),
        ("medium centre", "centre-first"),
        (" MEDIUM-CORNERS ", "corner-first"),
        ("corner-first", "corner-first"),
        ("beginner", "first-free"),
        ("easy", "random"),
    ],
)
def test_a_level_is_found_by_level_name_title_or_exact_name(given: str, name: str) -> None:
    assert players.get(given).name == name


def test_title_of_names_the_level_players_see() -> None:
    assert players.title_of("win-block") == "Medium"
    assert players.title_of("expert") == players.title_of("search") == "Expert"
    assert players.title_of("lookahead") == "lookahead", "a retired player is no level now"
    assert players.title_of("human") == "human"
    assert players.title_of("Alice") == "Alice"


def test_the_first_opponent_is_medium_which_plays_every_board() -> None:
    assert players.get(players.DEFAULT_LEVEL).title == "Medium"
    for rules in (Rules(), Rules(15, 15, 5), Rules(26, 26, 26), Rules(1, 2, 2)):
        assert players.get(players.DEFAULT_LEVEL).plays(rules)


def test_levels_for_a_board_are_those_that_play_it() -> None:
    assert players.levels_for(Rules()) == players.STRATEGIES
    big = Rules(15, 15, 5)
    playable = players.levels_for(big)
    assert playable == tuple(s for s in players.STRATEGIES if s.unsupported_reason(big) is None)
    assert players.get("perfect") not in playable
    assert players.get("search") in playable
    assert not players.get("perfect").plays(big)


def test_fit_level_keeps_a_level_that_plays_and_replaces_one_that_cannot() -> None:
    assert players.fit_level("perfect", Rules()) == "perfect"
    assert players.fit_level("Medium", Rules(15, 15, 5)) == "win-block"
    big = Rules(15, 15, 5)
    assert players.fit_level("perfect", big) == players.levels_for(big)[-1].name == "search"


def test_perfect_player_is_created_by_name() -> None:
    board = Board.parse("XX./OO./...")
    assert players.create("perfect", seed=0).choose(board) == 2


@pytest.mark.parametrize("name", [["perfect"], None, 3, "x" * 5000])
def test_any_junk_name_is_an_unknown_player_quoted_short(name: object) -> None:
    with pytest.raises(UnknownPlayerError) as error:
        players.get(name)  # type: ignore[arg-type]
    assert len(str(error.value)) < 250
