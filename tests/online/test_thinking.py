"""The computer's thinking: tasks, the two lanes, turns by owner, stop and cancel (in threads
and in a worker process)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import pytest

from tictactoe.core import Cancel, Rules
from tictactoe.online.thinking import Dropped, Lane, Task, Thinker, ThinkingJob

PATIENCE = 60.0
"""Longest wait for an answer: a test of something that must happen soon fails, never hangs."""

H8, I9 = 7 * 15 + 7, 8 * 15 + 8


def run(scenario: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(scenario)


async def answer(job: ThinkingJob) -> Any:
    return await asyncio.wait_for(asyncio.wrap_future(job.future), PATIENCE)


def test_which_tasks_search() -> None:
    rules = Rules(15, 15, 5)
    assert Task("move", rules, (), "search").searches
    assert Task("suggestions", rules, ()).searches
    assert not Task("move", rules, (), "win-block").searches
    assert not Task("hints", Rules(), ()).searches
    assert not Task("hints", Rules(), ()).stoppable and Task("suggestions", rules, ()).stoppable


@dataclass(frozen=True)
class Gate(Task):
    """A task that waits until the test opens its gate (or it is stopped), saying when it
    started."""

    name: str = ""
    started: list[str] = field(default_factory=list, compare=False)
    gate: threading.Event = field(default_factory=threading.Event, compare=False)

    def perform(self, progress: Any, cancel: Cancel) -> Any:
        self.started.append(self.name)
        while not self.gate.wait(0.01):
            if cancel.is_set():
                return f"{self.name} stopped"
        return self.name


def gates(started: list[str], *names: str) -> list[Gate]:
    return [Gate("move", Rules(), (), "search", name=name, started=started) for name in names]


def test_a_lane_takes_waiting_jobs_in_turn_by_owner_not_first_come() -> None:
    async def scenario() -> list[str]:
        started: list[str] = []
        lane = Lane("test", 1, processes=False)
        asked = [("a", "a1"), ("a", "a2"), ("a", "a3"), ("b", "b1"), ("c", "c1")]
        tasks = dict(
            zip((name for _, name in asked), gates(started, *(n for _, n in asked)), strict=True)
        )
        jobs = []
        for number, (owner, name) in enumerate(asked):
            job = ThinkingJob(number, tasks[name], owner, None)
            lane.add(job)
            jobs.append(job)
        for task in tasks.values():
            task.gate.set()
        for job in jobs:
            await answer(job)
        lane.close()
        return started

    # a1 runs at once; then b and c, who have not had a turn, before a's next ones.
    assert run(scenario()) == ["a1", "b1", "c1", "a2", "a3"]


def test_a_search_never_holds_up_a_quick_answer() -> None:
    async def scenario() -> tuple[int, int]:
        thinker = Thinker(1, processes=False)
        started: list[str] = []
        long = gates(started, "one", "two", "three")
        searches = [thinker.think(task, f"player{n}") for n, task in enumerate(long)]
        quick = thinker.think(Task("move", Rules(), (4,), "first-free"), "someone else")
        cell = await answer(quick)  # every searching worker is busy meanwhile
        busy = thinker.running
        for task in long:
            task.gate.set()
        for job in searches:
            await answer(job)
        thinker.close()
        return cell, busy

    assert run(scenario()) == (0, 3)


def test_a_cancelled_job_never_runs_or_stops_at_once() -> None:
    async def scenario() -> tuple[Any, Any, list[str]]:
        thinker = Thinker(1, processes=False)
        started: list[str] = []
        running, waiting = gates(started, "running", "waiting")
        first = thinker.think(running, "a")
        second = thinker.think(waiting, "b")
        while not started:
            await asyncio.sleep(0.01)
        second.cancel()
        with pytest.raises(Dropped):
            await answer(second)
        first.cancel()
        stopped = await answer(first)
        thinker.close()
        return stopped, second.cancelled, started

    assert run(scenario()) == ("running stopped", True, ["running"])


def test_a_worker_process_hears_stop_and_reports_progress() -> None:
    async def scenario() -> tuple[list[Any], Any, int]:
        thinker = Thinker(1, processes=True)
        reports: list[Any] = []
        arrived = asyncio.Event()

        def heard(progress: Any) -> None:
            reports.append(progress)
            arrived.set()

        try:
            task = Task("suggestions", Rules(15, 15, 5), (H8, I9), think=600)
            job = thinker.think(task, "someone", heard)
            await asyncio.wait_for(arrived.wait(), PATIENCE)
            job.stop()  # ten minutes to think: only the stop ends it in time
            found = await answer(job)
            return reports, found, thinker.running
        finally:
            thinker.close()

    reports, found, running = run(scenario())
    assert reports and reports[0].depth >= 1 and reports[0].pv
    assert found and all(0 <= s.cell < 225 for s in found)
    assert running == 0


def test_a_worker_process_drops_a_cancelled_search() -> None:
    async def scenario() -> tuple[bool, int]:
        thinker = Thinker(1, processes=True)
        arrived = asyncio.Event()
        try:
            task = Task("move", Rules(15, 15, 5), (H8,), "search", seed=1, think=600)
            job = thinker.think(task, "someone", lambda _: arrived.set())
            await asyncio.wait_for(arrived.wait(), PATIENCE)
            job.cancel()  # the page closed: the worker stops within milliseconds
            await answer(job)
            return job.cancelled, thinker.running
        finally:
            thinker.close()

    assert run(scenario()) == (True, 0)
