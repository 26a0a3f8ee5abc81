"""The worker: answers, progress and cancellation reach the polling thread in order."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from tictactoe.ui.tk.worker import Task, Worker


def poll_until(worker: Worker, done: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        worker.poll()
        if done():
            return True
        time.sleep(0.005)
    return done()


def counting(task: Task) -> int:
    """Reports 1, 2, 3 ... until told to stop; answers how far it got."""
    count = 0
    while not task.cancelled.wait(0.01):
        count += 1
        task.report(count)
    return count


def test_answers_and_progress_arrive_on_the_polling_thread() -> None:
    worker = Worker()
    polling = threading.get_ident()
    seen: list[tuple[str, Any, int]] = []

    def job(task: Task) -> str:
        task.report(1)
        task.report(2)
        return "done"

    worker.submit(
        job,
        lambda value: seen.append(("done", value, threading.get_ident())),
        lambda error: seen.append(("failed", error, threading.get_ident())),
        lambda value: seen.append(("progress", value, threading.get_ident())),
    )
    assert poll_until(worker, lambda: worker.running == 0)
    assert seen == [
        ("progress", 1, polling),
        ("progress", 2, polling),
        ("done", "done", polling),
    ]
    assert not worker.busy


def test_an_error_goes_to_failed() -> None:
    worker = Worker()
    errors: list[Exception] = []

    def job(_task: Task) -> None:
        raise ValueError("no")

    worker.submit(job, lambda _value: None, errors.append)
    assert poll_until(worker, lambda: bool(errors))
    assert str(errors[0]) == "no"


def test_cancel_stops_the_job_and_drops_what_it_still_sends() -> None:
    worker = Worker()
    seen: list[object] = []
    worker.submit(counting, seen.append, seen.append, lambda value: seen.append(("p", value)))
    assert poll_until(worker, lambda: len(seen) >= 2)
    worker.cancel()
    assert not worker.busy
    before = list(seen)
    assert poll_until(worker, lambda: worker.running == 0), "the job was told to stop"
    assert seen == before, "nothing stale is delivered"


def test_stop_asks_for_the_answer_now_and_still_delivers_it() -> None:
    worker = Worker()
    answers: list[int] = []
    reports: list[int] = []
    worker.submit(counting, answers.append, lambda _error: None, reports.append)
    assert poll_until(worker, lambda: len(reports) >= 3)
    worker.stop()
    assert poll_until(worker, lambda: bool(answers))
    assert answers[0] >= 3


def test_a_serial_worker_runs_only_the_latest_request() -> None:
    worker = Worker(serial=True)
    answers: list[str] = []
    started: list[str] = []

    def job(name: str) -> Callable[[Task], str]:
        def run(task: Task) -> str:
            started.append(name)
            task.cancelled.wait(10)
            return name

        return run

    worker.submit(job("first"), answers.append, lambda _error: None)
    assert poll_until(worker, lambda: started == ["first"])
    worker.submit(job("second"), answers.append, lambda _error: None)
    worker.submit(job("third"), answers.append, lambda _error: None)
    assert poll_until(worker, lambda: started == ["first", "third"]), "second never ran"
    assert worker.busy
    worker.stop()
    assert poll_until(worker, lambda: bool(answers))
    assert answers == ["third"], "the replaced job's answer is dropped"
