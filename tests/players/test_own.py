"""Own players' names: what a name is, what players see, what is refused, and which boards."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe import players
from tictactoe.core.errors import UnknownPlayerError
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits
from tictactoe.game import check_player_name
from tictactoe.players.own import LOSES, TOO_SLOW, Kind, PlayerForfeit, Spec, move_seconds


def test_a_python_file_is_an_own_player(tmp_path: Path) -> None:
    spec = Spec.parse(str(tmp_path / "my_player.py"))
    assert spec == Spec(Kind.FILE, str(tmp_path / "my_player.py"))
    assert spec.title == "my_player.py" and spec.file == "my_player.py"


def test_a_relative_file_is_kept_by_its_whole_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    spec = Spec.parse("bots/smart.py:Smart")
    assert spec is not None
    assert spec.name == f"{tmp_path}{os.sep}bots{os.sep}smart.py:Smart"
    assert spec.title == "smart.py:Smart"
    assert Spec.parse(spec.name) == spec  # the name kept names the same player


def test_a_module_and_an_engine_are_own_players() -> None:
    assert Spec.parse("my_bots.clever:choose") == Spec(Kind.MODULE, "my_bots.clever", "choose")
    engine = Spec.parse("brain: /opt/rapfi/pbrain-rapfi --config x.toml")
    assert engine is not None and engine.kind is Kind.ENGINE
    assert engine.argv() == ["/opt/rapfi/pbrain-rapfi", "--config", "x.toml"]
    assert engine.title == "pbrain-rapfi --config x.toml"
    assert engine.name == "brain:/opt/rapfi/pbrain-rapfi --config x.toml"


@pytest.mark.parametrize("name", ["medium", "Alice", "human", "x.txt", "a b:c", ":choose", ""])
def test_other_names_are_not_own_players(name: str) -> None:
    assert Spec.parse(name) is None
    assert not players.is_own(name)


def test_a_level_written_like_a_module_is_still_the_level() -> None:
    assert players.get("medium:centre", own=True).name == "centre-first"
    assert not players.is_own("Medium: centre")


def test_own_players_are_found_only_when_asked_for(player_file: Callable[[str], str]) -> None:
    path = player_file("first_free.py")
    with pytest.raises(UnknownPlayerError, match="choose one of beginner"):
        players.get(path)  # a name sent from elsewhere (the web page) never runs a program
    with pytest.raises(UnknownPlayerError):
        players.get(f"brain:{sys.executable}")
    entry = players.get(path, own=True)
    assert isinstance(entry, players.OwnPlayer)
    assert (entry.name, entry.title) == (path, "first_free.py")
    assert check_player_name(path) == path
    assert players.title_of(path) == "first_free.py"


def test_what_is_not_there_is_said(tmp_path: Path) -> None:
    with pytest.raises(UnknownPlayerError, match="There is no file"):
        players.get(str(tmp_path / "gone.py"), own=True)
    with pytest.raises(UnknownPlayerError, match="There is no program 'no-such-brain'"):
        players.get("brain:no-such-brain --fast", own=True)
    with pytest.raises(UnknownPlayerError, match="is not a command"):
        players.get("brain:  ", own=True)
    with pytest.raises(UnknownPlayerError, match="There is no module 'no_such_module'"):
        players.get("no_such_module:choose", own=True)
    # A saved game's player that is gone keeps its short name.
    assert players.title_of(str(tmp_path / "gone.py")) == "gone.py"


def test_an_unknown_name_offers_the_own_players_too() -> None:
    with pytest.raises(UnknownPlayerError, match=r"a Python file \(my_player.py\)"):
        check_player_name("banana")


def test_engines_play_five_in_a_row_only(player_file: Callable[[str], str]) -> None:
    engine = players.get(f"brain:{sys.executable} -m tictactoe brain", own=True)
    assert engine.plays(Rules(15, 15, 5)) and engine.plays(Rules(9, 7, 5))
    assert engine.unsupported_reason(Rules(3, 3, 3)) == "Gomocup engines play 5 in a row"
    own = players.get(player_file("first_free.py"), own=True)
    assert all(own.plays(rules) for rules in (Rules(), Rules(15, 15, 5), Rules(2, 1, 2)))
    assert players.fit_level(engine.name, Rules(), own=True) == "perfect"
    assert players.fit_level(own.name, Rules(), own=True) == own.name


def test_the_move_time_is_the_games_else_the_players_own() -> None:
    assert move_seconds(Limits(seconds=0.3), 2.0) == 0.3
    assert move_seconds(Limits(seconds=None, nodes=100), 2.0) == 2.0
    assert move_seconds(None, None) == 1.0


def test_a_forfeit_says_who_loses_and_why_in_any_language() -> None:
    failure = PlayerForfeit("slow.py", TOO_SLOW, seconds=0.5)
    assert str(failure) == "slow.py loses this game: it took longer than 0.5 s to move."
    shouting = {LOSES: "{player} LOSES: {reason}", TOO_SLOW: "TOO SLOW ({seconds:g} S)"}
    assert failure.said(lambda text: shouting.get(text, text)) == "slow.py LOSES: TOO SLOW (0.5 S)"


def test_an_engine_run_by_python_is_called_by_its_own_name() -> None:
    assert Spec(Kind.ENGINE, "python3 -m tictactoe brain").title == "tictactoe brain"
    assert (
        Spec(Kind.ENGINE, "/usr/bin/python3.12 /x/my_brain.py --fast").title == "my_brain.py --fast"
    )


def test_what_keeps_a_player_from_playing_is_said_before_it_plays(
    player_file: Callable[[str, str], str],
) -> None:
    broken = player_file("broken.py", "def choose(board)\n    return 0\n")
    fine = player_file("fine.py", "def choose(board):\n    return 0\n")
    said = players.own_problem(broken, lambda text: text)
    assert said == "broken.py cannot play: SyntaxError: expected ':' at line 1."
    assert players.own_problem(fine, lambda text: text) is None
    assert players.own_problem("brain:no-such-brain", lambda text: text) == (
        "There is no program 'no-such-brain'."
    )
    assert players.own_problem("medium", lambda text: text) is None
