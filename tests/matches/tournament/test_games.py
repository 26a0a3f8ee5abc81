"""A tournament's players and games: who takes part, the round robin, the games played."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.errors import UnknownPlayerError
from tictactoe.core.outcome import Termination
from tictactoe.core.rules import Rules
from tictactoe.matches.tournament.games import (
    Entrant,
    TournamentError,
    entrants,
    pairings,
    play,
    schedule,
)
from tictactoe.matches.tournament.standings import Standings


@pytest.mark.parametrize("count", range(2, 12))
def test_every_pair_meets_once_and_nobody_plays_twice_in_a_round(count: int) -> None:
    found = pairings(count)
    assert sorted(found) == list(itertools.combinations(range(count), 2))
    per_round = count // 2
    for start in range(0, len(found), per_round):
        seated = [player for pair in found[start : start + per_round] for player in pair]
        assert len(seated) == len(set(seated))


def test_each_pair_plays_both_colours_from_one_opening() -> None:
    entered = [Entrant(name, name) for name in ("random", "win-block", "fork-aware")]
    tasks = schedule(entered, Rules(15, 15, 5), rounds=2, seed=1)
    assert len(tasks) == 3 * 2 * 2
    assert [task.number for task in tasks] == list(range(12))
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):
        assert (first.x, first.o) == (second.o, second.x)
        assert first.opening == second.opening and first.opening
    assert len({task.opening for task in tasks}) == 6
    assert all(task.opening == () for task in schedule(entered, Rules(), seed=1))


def test_players_are_named_once_each_with_titles_of_their_own(tmp_path: Path) -> None:
    for folder in ("alice", "bob"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "player.py").write_text("def choose(board):\n    return 0\n")
    names = [str(tmp_path / "alice" / "player.py"), str(tmp_path / "bob" / "player.py"), "hard"]
    assert [e.title for e in entrants(names, Rules())] == ["alice", "bob", "Hard"]
    for group in ("a", "b"):  # two classes' annas: each with its class's folder
        (tmp_path / group / "anna").mkdir(parents=True)
        (tmp_path / group / "anna" / "player.py").write_text("def choose(board):\n    return 0\n")
    annas = [str(tmp_path / group / "anna" / "player.py") for group in ("a", "b")]
    assert [e.title for e in entrants(annas, Rules())] == ["a/anna", "b/anna"]
    with pytest.raises(TournamentError, match="'Hard' named twice"):
        entrants(["hard", "fork-aware", "easy"], Rules())
    with pytest.raises(TournamentError, match="at least two players"):
        entrants(["hard"], Rules())
    with pytest.raises(TournamentError, match="Perfect cannot play 15x15, k=5"):
        entrants(["hard", "perfect"], Rules(15, 15, 5))
    with pytest.raises(UnknownPlayerError):
        entrants(["hard", "nobody"], Rules())


def test_the_same_seed_plays_the_same_games_on_one_core_or_two() -> None:
    entered = entrants(["random", "win-block", "fork-aware", "search"], Rules(4, 4, 3))
    tasks = schedule(entered, Rules(4, 4, 3), seed=5, nodes=2_000)
    one = sorted(play(tasks, 1), key=lambda result: result.number)
    two = sorted(play(tasks, 2), key=lambda result: result.number)
    assert one == two and len(one) == 12


def test_an_own_player_that_fails_loses_its_games_by_forfeit(tmp_path: Path) -> None:
    cheat = tmp_path / "cheat.py"
    cheat.write_text("def choose(board):\n    return 4\n")
    entered = entrants([str(cheat), "first-free"], Rules())
    results = sorted(play(schedule(entered, Rules(), seed=1), 1), key=lambda r: r.number)
    as_x, as_o = results
    # It takes the centre, then plays it again, with either colour.
    assert (as_x.termination, as_x.winner, as_x.moves) == (Termination.FORFEIT, Mark.O, (4, 0))
    assert (as_o.termination, as_o.winner, as_o.moves) == (Termination.FORFEIT, Mark.X, (0, 4, 1))
    assert str(as_x.reason) == "it played 4, centre, which is taken."
    standings = Standings(2)
    for result in results:
        standings.add(result)
    score = standings.scores[0]
    assert (score.forfeits, str(score.reason)) == (2, "it played 4, centre, which is taken.")
