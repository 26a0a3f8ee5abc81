"""The front ends' one helper: jobs off the UI thread, their progress, stop and cancel, lanes
that drop stale answers, and the work itself (the computer's move, hints on every board)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.core.search import Cancel, Progress, ProgressCallback
from tictactoe.game import HUMAN, Game
from tictactoe.session.jobs import Hints, Job, Jobs, Lane, computer_move, hints_for

WAIT = 30.0
"""Longer than any job here takes, even on a loaded machine."""


@pytest.fixture
def jobs() -> Iterator[Jobs]:
    helper = Jobs()
    yield helper
    helper.close(wait=True)


def report(depth: int) -> Progress:
    return Progress(depth=depth, nodes=depth * 10, seconds=0.0, score=0, pv=(depth,))


def until_stopped(started: threading.Event) -> object:
    """Work that reports depth 1, then waits for its stop switch and answers 'stopped'."""

    def work(progress: ProgressCallback, stopping: Cancel) -> str:
        progress(report(1))
        started.set()
        while not stopping.is_set():
            time.sleep(0.001)
        return "stopped"

    return work


def test_a_job_answers_off_the_calling_thread(jobs: Jobs) -> None:
    caller = threading.get_ident()
    job = jobs.start("key", lambda progress, stopping: threading.get_ident())
    assert job.wait(WAIT)
    assert job.done and job.result() != caller
    assert job.key == "key"


def test_a_running_job_has_no_result_yet(jobs: Jobs) -> None:
    started = threading.Event()
    job: Job[str] = jobs.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    assert not job.done
    with pytest.raises(RuntimeError, match="still running"):
        job.result()
    job.stop()


def test_progress_keeps_the_latest_report(jobs: Jobs) -> None:
    started = threading.Event()
    job: Job[str] = jobs.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    latest = job.progress
    assert latest is not None and latest.depth == 1
    job.stop()


def test_stop_asks_for_the_answer_now_and_it_still_counts(jobs: Jobs) -> None:
    started = threading.Event()
    job: Job[str] = jobs.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    job.stop()
    assert job.wait(WAIT)
    assert job.result() == "stopped" and not job.cancelled


def test_cancel_stops_the_work_and_marks_its_answer_unwanted(jobs: Jobs) -> None:
    started = threading.Event()
    job: Job[str] = jobs.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    job.cancel()
    assert job.wait(WAIT) and job.cancelled


def test_an_error_is_raised_again_by_result(jobs: Jobs) -> None:
    def work(progress: ProgressCallback, stopping: Cancel) -> int:
        raise ValueError("no move")

    job = jobs.start(None, work)
    assert job.wait(WAIT)
    with pytest.raises(ValueError, match="no move"):
        job.result()


def test_closing_cancels_every_running_job_and_refuses_new_ones() -> None:
    helper = Jobs()
    started = threading.Event()
    job: Job[str] = helper.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    helper.close(wait=True)
    assert job.cancelled and job.done and helper.running == 0
    late = helper.start(None, lambda progress, stopping: 1)
    assert late.cancelled and late.done
    with pytest.raises(RuntimeError, match="closed"):
        late.result()


def test_the_helper_counts_the_jobs_still_running(jobs: Jobs) -> None:
    started = threading.Event()
    job: Job[str] = jobs.start(None, until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    assert jobs.running == 1
    job.stop()
    assert job.wait(WAIT)
    deadline = time.monotonic() + WAIT
    while jobs.running and time.monotonic() < deadline:
        time.sleep(0.001)
    assert jobs.running == 0


# --- lanes --------------------------------------------------------------------------------


def test_a_lane_runs_one_job_per_key_and_hands_its_answer_over_once(jobs: Jobs) -> None:
    lane: Lane[int] = Lane(jobs)
    key = object()
    calls = []

    def work(progress: ProgressCallback, stopping: Cancel) -> int:
        calls.append(1)
        return 7

    job = lane.want(key, work)
    assert lane.want(key, work) is job, "asked again for the same key: the same job"
    assert job.wait(WAIT)
    assert lane.take(key) == (7,)
    assert lane.take(key) is None, "handed over once"
    assert calls == [1]


def test_asking_for_another_key_cancels_the_running_job(jobs: Jobs) -> None:
    lane: Lane[str] = Lane(jobs)
    started = threading.Event()
    first = lane.want("old", until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    second = lane.want("new", lambda progress, stopping: "fresh")
    assert first.cancelled and first.wait(WAIT)
    assert second.wait(WAIT)
    assert lane.take("new") == ("fresh",)


def test_taking_for_another_key_drops_the_stale_answer(jobs: Jobs) -> None:
    lane: Lane[str] = Lane(jobs)
    job = lane.want("before undo", lambda progress, stopping: "stale")
    assert job.wait(WAIT)
    assert lane.take("after undo") is None
    assert lane.job is None and job.cancelled
    assert lane.take("before undo") is None, "the stale answer is gone for good"


def test_keys_are_compared_by_identity(jobs: Jobs) -> None:
    lane: Lane[int] = Lane(jobs)
    first, same_stones = Board.empty(Rules()), Board.empty(Rules())
    assert first == same_stones and first is not same_stones
    job = lane.want(first, lambda progress, stopping: 1)
    assert job.wait(WAIT)
    assert lane.take(same_stones) is None, "the same stones reached again are a new request"


def test_a_lane_reports_busy_and_progress_for_its_key_only(jobs: Jobs) -> None:
    lane: Lane[str] = Lane(jobs)
    started = threading.Event()
    lane.want("k", until_stopped(started))  # type: ignore[arg-type]
    assert started.wait(WAIT)
    assert lane.busy("k") and not lane.busy("other")
    progress = lane.progress("k")
    assert progress is not None and progress.depth == 1
    assert lane.progress("other") is None
    lane.stop()
    job = lane.job
    assert job is not None and job.wait(WAIT)
    assert not lane.busy("k")
    assert lane.take("k") == ("stopped",)


def test_a_lane_raises_the_works_error_when_taken(jobs: Jobs) -> None:
    lane: Lane[int] = Lane(jobs)

    def work(progress: ProgressCallback, stopping: Cancel) -> int:
        raise LookupError("lost")

    job = lane.want("k", work)
    assert job.wait(WAIT)
    with pytest.raises(LookupError, match="lost"):
        lane.take("k")
    assert lane.job is None


# --- the work -----------------------------------------------------------------------------


def test_the_computer_move_is_chosen_for_the_position_and_applies_to_it(jobs: Jobs) -> None:
    game = Game(players={Mark.X: "win-block", Mark.O: HUMAN})
    job = jobs.start(game.board, computer_move(game))
    assert job.wait(WAIT)
    board, cell = job.result()
    assert board is game.board and cell in board.legal_moves()
    assert game.apply(board, cell) and game.board[cell] is Mark.X


def test_a_searching_player_reports_progress_and_stops_when_told(jobs: Jobs) -> None:
    game = Game(Rules(9, 9, 5), {Mark.X: HUMAN, Mark.O: "search"}, think=60)
    game.play(40)  # the engine answers the empty board without searching
    job = jobs.start(game.board, computer_move(game))
    deadline = time.monotonic() + WAIT
    while job.progress is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.progress is not None, "a completed depth was reported"
    job.stop()
    assert job.wait(WAIT), "a 60 s search ended when stopped"
    _board, cell = job.result()
    assert cell in game.board.legal_moves()


def test_hints_on_a_small_board_value_every_free_cell(jobs: Jobs) -> None:
    game = Game(players={Mark.X: HUMAN, Mark.O: HUMAN})
    game.play(0)
    game.play(4)
    job = jobs.start(game.board, hints_for(game))
    assert job.wait(WAIT)
    hints = job.result()
    assert isinstance(hints, Hints) and hints.exact and hints.board is game.board
    assert set(hints.values) == set(game.board.legal_moves())
    assert set(hints.values.values()) <= {"win", "draw", "loss"}
    assert hints.values[8] == "draw" and hints.suggestions == ()


def test_hints_on_a_big_board_suggest_the_engines_best_moves(jobs: Jobs) -> None:
    game = Game(Rules(9, 9, 5), {Mark.X: HUMAN, Mark.O: "search"}, think=0.2)
    job = jobs.start(game.board, hints_for(game, top=3))
    assert job.wait(WAIT)
    hints = job.result()
    assert not hints.exact and 1 <= len(hints.suggestions) <= 3
    assert all(s.cell in game.board.legal_moves() for s in hints.suggestions)
