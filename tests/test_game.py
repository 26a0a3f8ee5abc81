"""The game controller: turns, computer moves, undo/redo, stale answers, matches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.core.board import Mark
from tictactoe.core.errors import IllegalMove, IllegalMoveError, UnknownPlayerError
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game, Match, NotYourTurnError, Starter


def human_vs(opponent: str = "first-free", rules: Rules | None = None) -> Game:
    return Game(rules, {Mark.X: HUMAN, Mark.O: opponent}, rng=random.Random(1))


def test_human_move_then_computer_answers() -> None:
    game = human_vs()
    game.play(4)
    assert game.computer_to_move and not game.waiting_for_human
    assert game.computer_move() == 0  # first-free takes cell 0
    assert game.moves == (4, 0)
    assert game.last_move == 0
    assert game.waiting_for_human


def test_human_cannot_move_for_the_computer() -> None:
    game = human_vs()
    game.play(4)
    with pytest.raises(NotYourTurnError):
        game.play(5)
    assert game.moves == (4,)


@pytest.mark.parametrize("cell", [-1, 9, 4])
def test_illegal_move_changes_nothing(cell: int) -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(4)
    before = (game.board, game.moves)
    with pytest.raises(IllegalMoveError):
        game.play(cell)
    assert (game.board, game.moves) == before


def test_an_illegal_move_says_why() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(4, Mark.X)
    reasons = {}
    for cell, mark in ((0, Mark.X), (4, Mark.O), (9, Mark.O), ("4", None)):
        with pytest.raises(IllegalMoveError) as refused:
            game.play(cell, mark)  # type: ignore[arg-type]
        reasons[cell] = refused.value.reason
    assert reasons == {
        0: IllegalMove.NOT_YOUR_TURN,
        4: IllegalMove.TAKEN,
        9: IllegalMove.OFF_BOARD,
        "4": IllegalMove.NOT_A_CELL,
    }
    with pytest.raises(NotYourTurnError) as computer:
        human_vs().play(4, Mark.O)
    assert computer.value.reason is IllegalMove.NOT_YOUR_TURN
    game.resign(Mark.O)
    with pytest.raises(IllegalMoveError) as over:
        game.play(0, Mark.O)
    assert over.value.reason is IllegalMove.OVER
    finished = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    for cell in (0, 3, 1, 4, 2):
        finished.play(cell)
    with pytest.raises(IllegalMoveError) as won:
        finished.play(8, Mark.O)
    assert won.value.reason is IllegalMove.OVER


def test_unknown_player_is_refused() -> None:
    with pytest.raises(UnknownPlayerError, match="human"):
        Game(players={Mark.X: HUMAN, Mark.O: "grandmaster"})


def test_outcome_and_winning_line() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    for cell in (0, 3, 1, 4, 2):
        game.play(cell)
    outcome = game.outcome
    assert outcome is not None and outcome.winner is Mark.X
    assert outcome.line == frozenset({0, 1, 2})
    assert game.is_over and not game.waiting_for_human and not game.computer_to_move
    with pytest.raises(IllegalMoveError):
        game.play(8)


def test_draw_outcome() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        game.play(cell)
    assert game.outcome is not None and game.outcome.is_draw


def test_undo_takes_back_your_move_and_the_computers() -> None:
    game = human_vs()
    game.play(4)
    game.computer_move()
    assert game.undo() == 2
    assert game.moves == () and game.waiting_for_human
    assert game.can_redo and not game.can_undo
    assert game.redo() == 2
    assert game.moves == (4, 0)


def test_undo_when_the_computer_started() -> None:
    game = Game(players={Mark.X: "first-free", Mark.O: HUMAN}, rng=random.Random(0))
    game.computer_move()
    assert not game.can_undo  # nothing of yours to take back
    game.play(4)
    game.computer_move()
    assert game.undo() == 2
    assert game.moves == (0,)
    assert game.redo() == 2


def test_a_new_move_clears_redo() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(0)
    game.undo()
    game.play(8)
    assert not game.can_redo


def test_two_people_undo_one_move_at_a_time() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(0)
    game.play(1)
    assert game.undo() == 1
    assert game.moves == (0,)


def test_stale_computer_answer_is_ignored() -> None:
    game = human_vs()
    game.play(4)
    board, cell = game.think()
    game.undo()
    assert game.apply(board, cell) is False
    assert game.moves == ()


def test_think_does_not_play() -> None:
    game = human_vs()
    game.play(4)
    board, cell = game.think()
    assert game.board is board and game.moves == (4,)
    assert game.apply(board, cell) is True
    assert game.moves == (4, cell)


def test_think_on_a_human_turn_is_refused() -> None:
    with pytest.raises(NotYourTurnError):
        human_vs().think()


def test_set_player_applies_from_the_next_move() -> None:
    game = human_vs("first-free")
    game.play(0)
    game.set_player(Mark.O, "centre-first")
    assert game.computer_move() == 4


def test_computer_against_computer_plays_to_the_end() -> None:
    game = Game(players={Mark.X: "random", Mark.O: "win-block"}, rng=random.Random(3))
    while not game.is_over:
        game.computer_move()
    assert game.outcome is not None
    assert game.undo() == 1


@pytest.mark.slow
@given(st.lists(st.integers(-2, 10), max_size=30), st.integers(0, 2**32))
def test_any_sequence_of_clicks_keeps_the_game_consistent(clicks: list[int], seed: int) -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: "random"}, rng=random.Random(seed))
    for cell in clicks:
        before = game.moves
        try:
            game.play(cell)
        except IllegalMoveError:
            assert game.moves == before
            continue
        if game.computer_to_move:
            game.computer_move()
        replay = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
        for move in game.moves:
            replay.play(move)
        assert replay.board == game.board


def test_match_alternates_who_starts_and_counts_the_score() -> None:
    match = Match(opponent="first-free", starter=Starter.ALTERNATE, rng=random.Random(0))
    assert match.you_start and match.your_mark is Mark.X
    while not match.game.is_over:
        match.game.play(match.game.board.legal_moves()[0])
        if match.game.computer_to_move:
            match.game.computer_move()
    outcome = match.record()
    match.record()  # recording twice counts once
    assert match.score.games == 1
    assert match.score.by_mark[Mark.X] + match.score.by_mark[Mark.O] + match.score.draws == 1
    if outcome.winner is Mark.X:
        assert match.score.wins == 1
    match.new_game()
    assert not match.you_start and match.your_mark is Mark.O
    assert match.game.player(Mark.X) == "first-free"
    match.new_game()
    assert match.you_start


@pytest.mark.parametrize(("starter", "expected"), [(Starter.YOU, True), (Starter.COMPUTER, False)])
def test_match_fixed_starter(starter: Starter, expected: bool) -> None:
    match = Match(starter=starter)
    for _ in range(3):
        assert match.you_start is expected
        match.new_game()


def test_coin_toss_is_reproducible_and_varies() -> None:
    def tosses(seed: int) -> list[bool]:
        match = Match(opponent="random", starter=Starter.COIN, rng=random.Random(seed))
        result = []
        for _ in range(20):
            result.append(match.you_start)
            match.new_game()
        return result

    assert tosses(5) == tosses(5)
    assert len(set(tosses(5))) == 2


def test_record_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        Match().record()


def test_match_changes_opponent_and_board() -> None:
    match = Match(opponent="random", rng=random.Random(1))
    match.set_opponent("first-free")
    match.game.play(4)
    assert match.game.computer_move() == 0
    game = match.new_game(rules=Rules(4, 4, 4), you_start=False)
    assert game.rules == Rules(4, 4, 4) and game.player(Mark.X) == "first-free"


def test_hints_and_the_perfect_player_share_one_solver() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: "perfect"}, rng=random.Random(2))
    game.play(4)
    game.computer_move()
    solved = game.solver.nodes
    assert solved > 0  # the player's search went into the game's solver
    hints = game.hint()
    assert set(hints) == set(game.board.legal_moves())


def test_a_cancelled_hint_raises_and_changes_nothing() -> None:
    import threading

    from tictactoe.core.analysis import analyse
    from tictactoe.core.search import SearchStopped

    game = Game(Rules(5, 4, 4), {Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(0)
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped, match="cancelled"):
        game.hint(cancel=stop)
    assert game.moves == (0,) and game.waiting_for_human and not game.can_redo
    assert game.hint(cancel=threading.Event()) == analyse(game.board)


def test_a_match_keeps_its_solver_across_games() -> None:
    match = Match(Rules(4, 4, 3), opponent="perfect", rng=random.Random(1))
    first = match.game.solver
    match.game.play(5)
    match.game.computer_move()
    assert first.nodes > 0
    assert match.new_game().solver is first
    assert match.new_game(rules=Rules(3, 3, 3)).solver is first


def test_resigning_ends_the_game_for_the_other_side() -> None:
    game = Game(Rules(), {Mark.X: HUMAN, Mark.O: "first-free"})
    game.play(4)
    game.computer_move()
    outcome = game.resign()
    assert outcome == Outcome(Termination.RESIGNATION, Mark.O)
    assert game.is_over and game.outcome == outcome and game.resigned is Mark.X
    assert not game.waiting_for_human and not game.computer_to_move
    assert not game.can_undo and game.undo() == 0 and not game.can_redo
    before = game.board
    with pytest.raises(IllegalMoveError, match="X resigned"):
        game.play(8)
    with pytest.raises(IllegalMoveError, match="already over"):
        game.resign()
    assert game.board is before


def test_a_side_that_left_forfeits_and_nothing_else_ends_a_game_early() -> None:
    game = Game(Rules(), {Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(4)
    with pytest.raises(ValueError, match="resignation or forfeit"):
        game.resign(Mark.X, Termination.ADJUDICATED)
    assert not game.is_over
    assert game.resign(Mark.X, Termination.FORFEIT) == Outcome(Termination.FORFEIT, Mark.O)
    assert game.resigned is Mark.X and game.outcome == Outcome(Termination.FORFEIT, Mark.O)


def test_the_games_outcome_is_its_boards_until_a_side_gives_up() -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    for cell in (0, 3, 1, 4):
        assert game.outcome is None
        game.play(cell)
    game.play(2)
    assert (
        game.outcome
        == game.board.outcome()
        == Outcome(Termination.LINE, Mark.X, frozenset({0, 1, 2}))
    )


def test_a_resignation_counts_as_a_loss_in_the_match() -> None:
    match = Match(Rules(), "random", rng=random.Random(1))
    match.game.resign(match.your_mark)
    match.record()
    assert (match.score.wins, match.score.losses, match.score.draws) == (0, 1, 0)


def test_search_player_thinks_within_the_games_budget() -> None:
    from tictactoe.core.gomoku.engine import Engine
    from tictactoe.core.search import Limits

    game = Game(Rules(15, 15, 5), {Mark.X: HUMAN, Mark.O: "search"}, nodes=500)
    assert game.limits == Limits(seconds=None, nodes=500)
    game.play(112)
    board, cell = game.think()
    engine = Engine(random.Random(0))
    assert cell == engine.search(board, game.limits).move  # reproducible: nodes, not time
    game.set_think(0.3)
    assert game.limits == Limits(seconds=0.3)
    assert Game(Rules()).limits is None  # the player's own budget


@pytest.mark.parametrize("bad", [{"seconds": 0.0}, {"nodes": 0}, {"seconds": float("nan")}])
def test_a_budget_that_is_none_changes_nothing(bad: dict[str, float]) -> None:
    game = Game(Rules(15, 15, 5), {Mark.X: HUMAN, Mark.O: "search"}, think=0.2)
    with pytest.raises(ValueError):
        game.set_think(**bad)  # type: ignore[arg-type]
    assert game.think_seconds == 0.2 and game.think_nodes is None


def test_think_reports_progress_and_can_be_cancelled() -> None:
    import threading

    from tictactoe.core.search import Progress

    game = Game(Rules(15, 15, 5), {Mark.X: HUMAN, Mark.O: "search"}, think=600)
    game.play(112)
    reports: list[Progress] = []
    cancel = threading.Event()

    def progress(report: Progress) -> None:
        reports.append(report)
        cancel.set()  # enough: stop after the first depth

    board, cell = game.think(progress=progress, cancel=cancel)
    assert reports and reports[0].depth == 1 and board is game.board
    assert game.apply(board, cell) and game.board.move_count == 2


def test_think_hands_progress_and_cancel_to_the_players_choose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib
    import threading

    from tictactoe import players

    (tmp_path / "recording_player_for_tests.py").write_text(
        "CALLS = []\n"
        "class Recorder:\n"
        "    def __init__(self, rng=None):\n"
        "        pass\n"
        "    def choose(self, board, limits=None, *, progress=None, cancel=None):\n"
        "        CALLS.append((limits, progress, cancel))\n"
        "        return min(board.legal_moves())\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    recording = importlib.import_module("recording_player_for_tests")
    strategy = players.Strategy("recorder", "Recorder", "records", recording.Recorder)
    monkeypatch.setattr(players, "STRATEGIES", (*players.STRATEGIES, strategy))
    game = Game(Rules(), {Mark.X: "recorder", Mark.O: HUMAN}, nodes=300)
    cancel = threading.Event()

    def progress(report: object) -> None:
        pass

    assert game.think(progress=progress, cancel=cancel) == (game.board, 0)
    assert game.limits is not None
    assert [(game.limits, progress, cancel)] == recording.CALLS


def test_think_ignores_progress_for_players_that_do_not_search() -> None:
    game = Game(Rules(), {Mark.X: "first-free", Mark.O: HUMAN})
    board, cell = game.think(progress=lambda report: None)
    assert cell == 0 and board is game.board


def test_suggestions_exact_on_small_boards_and_searched_on_big_ones() -> None:
    from tictactoe.core.advice import Verdict

    small = Game(Rules(), {Mark.X: HUMAN, Mark.O: HUMAN})
    small.play(0)
    small.play(3)
    small.play(1)
    small.play(4)
    best = small.suggestions(top=2)
    assert [s.label for s in best] == ["c1", "c2"] and best[0].exact
    assert best[0].verdict is Verdict.WINNING and best[0].winner_moves == 1

    big = Game(Rules(15, 15, 5), {Mark.X: HUMAN, Mark.O: HUMAN}, nodes=3_000)
    big.play(112)
    found = big.suggestions(top=3)
    assert len(found) == 3 and not found[0].exact
    assert all(big.board.is_legal(s.cell) for s in found)
    big.resign()
    assert big.suggestions() == ()


def test_match_passes_the_think_time_to_every_game() -> None:
    match = Match(Rules(9, 9, 5), "search", think=0.2)
    assert match.game.think_seconds == 0.2
    match.set_think(0.4)
    assert match.game.think_seconds == 0.4 and match.new_game().think_seconds == 0.4


actions = st.lists(st.one_of(st.integers(0, 15), st.sampled_from(["undo", "redo", "resign"])))


@given(actions, st.booleans())
def test_a_restored_game_is_the_game_it_was_kept_from(
    steps: list[int | str], against_the_computer: bool
) -> None:
    players = {Mark.X: HUMAN, Mark.O: "first-free" if against_the_computer else HUMAN}
    game = Game(Rules(4, 4, 3), players, rng=random.Random(1))
    for step in steps:
        try:
            if step == "undo":
                game.undo()
            elif step == "redo":
                game.redo()
            elif step == "resign":
                game.resign()
            else:
                game.play(int(step))
                if game.computer_to_move:
                    game.computer_move()
        except IllegalMoveError:
            pass
        redo = list(game._redo)
        copy = Game.restored(game.rules, players, game.moves, redo=redo, given_up=game._given_up)
        assert (copy.board, copy.moves, copy.outcome) == (game.board, game.moves, game.outcome)
        assert (copy.can_undo, copy.can_redo) == (game.can_undo, game.can_redo)
        assert copy.turn is game.turn and copy.computer_to_move == game.computer_to_move
        if copy.can_redo:
            copy.redo()
            game.redo()
            assert copy.moves == game.moves


def test_a_restored_game_refuses_what_cannot_have_been() -> None:
    players = {Mark.X: HUMAN, Mark.O: HUMAN}
    with pytest.raises(IllegalMoveError):
        Game.restored(Rules(), players, (4, 4))
    with pytest.raises(IllegalMoveError):
        Game.restored(Rules(), players, (4,), redo=(4,))
    with pytest.raises(ValueError, match="resignation or forfeit"):
        Game.restored(Rules(), players, (4,), given_up=Outcome(Termination.FULL_BOARD, None))
    with pytest.raises(ValueError, match="cannot also be given up"):
        Game.restored(
            Rules(), players, (0, 3, 1, 4, 2), given_up=Outcome(Termination.RESIGNATION, Mark.O)
        )
    kept = Game.restored(Rules(), players, (4,), given_up=Outcome(Termination.FORFEIT, Mark.X))
    assert kept.resigned is Mark.O and kept.is_over and not kept.can_undo
