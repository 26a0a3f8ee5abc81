"""Proofs split into jobs: the same values as one search, a checkpoint that survives a kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from tictactoe.core.board import Board
from tictactoe.core.exact.proof_jobs import Checkpoint, JobReport, SplitProof, prove_job
from tictactoe.core.exact.solver import prove
from tictactoe.core.exact.values import Value
from tictactoe.core.rules import Rules


@pytest.mark.parametrize(
    ("text", "k", "value"),
    [
        ("..../..../..../....", 4, Value.DRAW),
        ("..../..../..../....", 3, Value.WIN),
        ("...../...../...../...../.....", 4, Value.DRAW),
        ("...../...../...../...../...../.....", 4, Value.WIN),
        ("X..../...../..O../...../.....", 4, Value.DRAW),
        (".XX../OO.../...../...../.....", 4, Value.WIN),
    ],
)
def test_a_split_proof_finds_the_searched_value(text: str, k: int, value: Value) -> None:
    board = Board.parse(text, k)
    with ThreadPoolExecutor(max_workers=2) as pool:  # the same jobs, in this process
        found = SplitProof(board, workers=2, depth=2, executor=pool).prove()
    assert found.value is value is prove(board).value
    assert found.jobs > 0 and found.reused == 0


def test_a_finished_position_needs_no_job() -> None:
    found = SplitProof(Board.parse("XXX/OO./..."), workers=1).prove()
    assert (found.value, found.jobs) == (Value.LOSS, 0)


def test_worker_processes_prove_it_too() -> None:
    found = SplitProof(Board.empty(Rules(5, 5, 4)), workers=2).prove()
    assert found.value is Value.DRAW and found.nodes > 0


def test_a_checkpoint_is_read_back_instead_of_searching(tmp_path: Path) -> None:
    board = Board.empty(Rules(5, 5, 4))
    path = tmp_path / "proof.txt"
    reports: list[JobReport] = []
    with ThreadPoolExecutor(max_workers=1) as pool:
        first = SplitProof(board, workers=1, checkpoint=path, executor=pool).prove()
        again = SplitProof(
            board, workers=1, checkpoint=path, executor=pool, progress=reports.append
        ).prove()
    assert first.value is again.value is Value.DRAW
    assert again.reused == again.jobs == first.jobs and again.nodes == first.nodes
    assert reports[-1].done == again.jobs


def test_a_torn_last_line_is_ignored_and_another_boards_file_refused(tmp_path: Path) -> None:
    rules = Rules(4, 4, 4)
    path = tmp_path / "proof.txt"
    checkpoint = Checkpoint(path, rules)
    checkpoint.add(1, 2, 0, prove_job(4, 4, 4, 1, 2, 0, 1 << 12))
    checkpoint.close()
    with path.open("a", encoding="utf-8") as file:
        file.write("3 4 1")  # a kill in the middle of a line
    assert list(Checkpoint(path, rules).found) == [(1, 2, 0)]
    with pytest.raises(ValueError, match="another board"):
        Checkpoint(path, Rules(5, 5, 4))


class Slow(ThreadPoolExecutor):
    """Jobs that take a while, so that a proof can be caught halfway."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        def slowly() -> object:
            time.sleep(0.05)
            return fn(*args, **kwargs)

        future: Future[object] = super().submit(slowly)
        return future


KILLED = """
import sys
from pathlib import Path
from tictactoe.core.board import Board
from tictactoe.core.exact.proof_jobs import SplitProof
sys.path.insert(0, {here!r})
from test_proof_jobs import Slow
with Slow(max_workers=1) as pool:
    found = SplitProof(Board.parse({text!r}, 4), workers=1, depth=3,
                       checkpoint=Path(sys.argv[1]), executor=pool).prove()
print(found.value, found.jobs, found.reused)
"""


@pytest.mark.slow
def test_a_proof_killed_halfway_resumes_with_the_same_answer(tmp_path: Path) -> None:
    text = "...../...../...../...../....."
    path = tmp_path / "proof.txt"
    script = KILLED.format(here=str(Path(__file__).parent), text=text)
    process = subprocess.Popen([sys.executable, "-c", script, str(path)], start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and len(path.read_text(encoding="utf-8").splitlines()) > 5:
            break
        time.sleep(0.02)
    assert process.poll() is None, "the proof finished before it could be killed"
    os.killpg(process.pid, signal.SIGKILL)  # no chance to tidy up
    process.wait()
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    value, jobs, reused = done.stdout.split()
    assert value == str(prove(Board.parse(text, 4)).value) == "draw"
    assert 0 < int(reused) < int(jobs)
