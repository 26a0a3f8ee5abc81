"""The Gomocup brain: every command line by line, threads, and whole games against processes."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.gomoku.engine import DEFAULT_MEMORY, MIN_MEMORY
from tictactoe.core.rules import Rules
from tictactoe.gomocup.brain import (
    ABOUT,
    FAST_SECONDS,
    MEMORY_SHARE,
    PROCESS_BYTES,
    Brain,
    serve,
)

BRAIN = [sys.executable, "-m", "tictactoe", "brain"]


class Script:
    """A brain fed one line at a time, collecting its answers."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.brain = Brain(self.out.append)

    def say(self, *lines: str) -> list[str]:
        """Send lines; the answers they produced (progress messages left out)."""
        start = len(self.out)
        for line in lines:
            self.brain.handle(line)
        return [line for line in self.out[start:] if not line.startswith("MESSAGE depth")]


def move_of(answer: str) -> tuple[int, int]:
    x, y = answer.split(",")
    return int(x), int(y)


@pytest.fixture
def brain() -> Script:
    script = Script()
    assert script.say("START 15", "INFO timeout_turn 200") == ["OK"]
    return script


def test_start_sizes() -> None:
    script = Script()
    assert script.say("START 20") == ["OK"]
    assert script.say("RECTSTART 20,12") == ["OK"]
    assert script.brain.rules == Rules(12, 20, 5)
    for bad in ("START 4", "START 27", "START x", "START", "RECTSTART 20", "RECTSTART a,b"):
        (answer,) = script.say(bad)
        assert answer.startswith("ERROR"), bad


def test_commands_before_start_are_errors() -> None:
    script = Script()
    for line in ("BEGIN", "TURN 1,1", "BOARD", "TAKEBACK 1,1", "RESTART"):
        (answer,) = script.say(line)
        assert answer == "ERROR no board: send START first"


def test_begin_opens_in_the_centre(brain: Script) -> None:
    assert brain.say("BEGIN") == ["7,7"]


def test_turn_answers_a_free_cell(brain: Script) -> None:
    (answer,) = brain.say("TURN 7,7")
    assert answer != "7,7" and all(0 <= value < 15 for value in move_of(answer))


def test_bad_turns_change_nothing(brain: Script) -> None:
    brain.say("TURN 7,7")
    stones = dict(brain.brain.stones)
    assert brain.say("TURN 7,7") == ["ERROR 7,7 is taken"]
    assert brain.say("TURN 15,0") == ["ERROR 15,0 is off the board: x 0-14, y 0-14"]
    for bad in ("TURN", "TURN 1", "TURN a,b", "TURN -1,3", "TURN 1,2,3", "TURN " + "9" * 5000):
        (answer,) = brain.say(bad)
        assert answer.startswith("ERROR bad coordinates") or "off the board" in answer, bad
    assert brain.brain.stones == stones


def test_board_then_the_winning_move(brain: Script) -> None:
    lines = ["BOARD", *(f"{x},7,1" for x in (3, 4, 5, 6)), "0,0,2", "0,1,2", "0,2,2", "DONE"]
    assert brain.say(*lines) in (["2,7"], ["7,7"])


def test_board_blocks_the_opponents_four(brain: Script) -> None:
    lines = ["BOARD", *(f"{x},7,2" for x in (3, 4, 5, 6)), "0,0,1", "2,7,1", "0,2,1", "DONE"]
    assert brain.say(*lines) == ["7,7"]


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("garbage", "bad BOARD line 'garbage': expected x,y,field"),
        ("2,2,7", "bad field in '2,2,7': 1 own, 2 opponent, 3 winning line"),
        ("1,1,2", "'1,1,2': that cell is given twice"),
        ("99,1,1", "99,1 is off the board: x 0-14, y 0-14"),
        ("a,b,1", "bad coordinates 'a,b': expected x,y"),
    ],
)
def test_a_board_with_a_bad_line_is_refused_whole(brain: Script, bad: str, reason: str) -> None:
    assert brain.say("BEGIN") == ["7,7"]
    stones = dict(brain.brain.stones)
    answers = brain.say("BOARD", "1,1,1", bad, "3,3,2", "DONE")
    assert answers == [f"ERROR {reason}; the BOARD is refused and the position unchanged"]
    assert brain.brain.stones == stones
    (answer,) = brain.say("TURN 8,8")
    assert answer not in ("7,7", "8,8") and brain.brain.stones[7 * 15 + 7] == 0


def test_takeback(brain: Script) -> None:
    brain.say("TURN 7,7")
    assert brain.say("TAKEBACK 7,7") == ["OK"]
    assert 7 * 15 + 7 not in brain.brain.stones
    assert brain.say("TAKEBACK 7,7") == ["ERROR TAKEBACK of an empty cell"]


def test_restart_clears_the_board(brain: Script) -> None:
    brain.say("TURN 7,7")
    assert brain.say("RESTART") == ["OK"]
    assert brain.brain.stones == {}


def test_about_unknown_and_blank_lines(brain: Script) -> None:
    assert brain.say("ABOUT") == [ABOUT]
    assert brain.say("about") == [ABOUT]
    assert brain.say("") == []
    (answer,) = brain.say("SWAP2BOARD")
    assert answer.startswith("UNKNOWN")


def test_info(brain: Script) -> None:
    assert (
        brain.say(
            "INFO timeout_turn 0",
            "INFO timeout_match 100000",
            "INFO time_left 50000",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder /tmp",
            "INFO THREAD_NUM 2",
        )
        == []
    )
    assert brain.brain.seconds() == FAST_SECONDS
    brain.say("INFO timeout_turn 10000")
    assert brain.brain.seconds() <= 50_000 / 1000 / 20  # a share of the match time left
    # max_memory (80 MB) bounds all the engine's tables, less the process's own share.
    assert brain.brain.engine.memory == int((83886080 - PROCESS_BYTES) * MEMORY_SHARE)
    assert 1_000 <= brain.brain.engine.table_limit < 200_000
    brain.say("INFO max_memory 1000")  # too little to honour: the least the engine takes
    assert brain.brain.engine.memory == MIN_MEMORY
    brain.say("INFO max_memory 0")  # no limit
    assert brain.brain.engine.memory == DEFAULT_MEMORY
    (answer,) = brain.say("INFO timeout_turn soon")
    assert answer.startswith("DEBUG")


def test_rule_exactly_five(brain: Script) -> None:
    assert brain.say("INFO rule 1") == []
    assert brain.brain.engine.exact
    # X X X X . X: the gap would make six, which does not win under this rule.
    lines = ["BOARD", *(f"{x},7,1" for x in (2, 3, 4, 5, 7)), "0,0,2", "0,1,2", "0,3,2", "DONE"]
    assert brain.say(*lines) == ["1,7"]
    assert brain.say("INFO rule 4")[0].startswith("MESSAGE")  # renju: said, not supported
    assert brain.say("INFO rule 8")[0].startswith("MESSAGE caro")  # nor caro
    assert brain.say("INFO rule 0") == [] and not brain.brain.engine.exact


def test_progress_messages(brain: Script) -> None:
    brain.say("INFO timeout_turn 500", "TURN 7,7")
    messages = [line for line in brain.out if line.startswith("MESSAGE depth")]
    assert messages and " pv " in messages[-1] and " n/ms " in messages[-1]


def test_end(brain: Script) -> None:
    brain.say("END")
    assert brain.brain.ended


def feed(lines: list[str]) -> tuple[int, list[str]]:
    """Run :func:`serve` on the lines; its status and output lines."""
    out = io.StringIO()
    status = serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return status, out.getvalue().splitlines()


def test_serve_until_end_of_input() -> None:
    status, out = feed(["START 15", "INFO timeout_turn 100", "BEGIN", "ABOUT"])
    assert status == 0 and out[:2] == ["OK", "7,7"] and out[-1] == ABOUT


def test_end_while_thinking_stops_at_once_and_says_nothing() -> None:
    read, write = os.pipe()
    out = io.StringIO()
    with open(read, encoding="utf-8") as stdin, open(write, "w", encoding="utf-8") as feeder:
        worker = threading.Thread(target=serve, args=(stdin, out), daemon=True)
        worker.start()
        lines = ["START 15", "INFO timeout_turn 600000", "TURN 7,7"]
        feeder.write("".join(line + "\n" for line in lines))
        feeder.flush()
        while "depth" not in out.getvalue():  # it is thinking (ten minutes allowed)
            time.sleep(0.05)
            assert worker.is_alive()
        feeder.write("END\n")
        feeder.flush()
        worker.join(60)
        assert not worker.is_alive()
    answers = [line for line in out.getvalue().splitlines() if not line.startswith("MESSAGE")]
    assert answers == ["OK"]  # no move after END


def test_stop_while_thinking_answers_with_the_best_move_so_far() -> None:
    read, write = os.pipe()
    out = io.StringIO()
    with open(read, encoding="utf-8") as stdin, open(write, "w", encoding="utf-8") as feeder:
        worker = threading.Thread(target=serve, args=(stdin, out), daemon=True)
        worker.start()
        feeder.write("START 15\nINFO timeout_turn 600000\nTURN 7,7\n")
        feeder.flush()
        while "depth" not in out.getvalue():
            time.sleep(0.05)
        feeder.write("YXSTOP\nABOUT\n")
        feeder.flush()
        while ABOUT not in out.getvalue():
            time.sleep(0.05)
            assert worker.is_alive()
        feeder.write("END\n")
        feeder.flush()
        worker.join(60)
    answers = [line for line in out.getvalue().splitlines() if not line.startswith("MESSAGE")]
    assert answers[0] == "OK" and "," in answers[1] and answers[2] == ABOUT


def test_garbage_bytes_never_stop_the_brain() -> None:
    done = subprocess.run(
        BRAIN,
        input=b"\xff\xfe garbage\nSTART 15\n\x00\x01\nTURN \xff,1\nBEGIN\nEND\n",
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith("UNKNOWN") and "OK" in lines


@pytest.mark.slow
def test_pygomo_client_plays_a_game_against_the_console_script() -> None:
    pygomo = pytest.importorskip("pygomo")
    beside = Path(sys.executable).with_name("pbrain-tictactoe")  # (the venv's, off PATH too)
    script = str(beside) if beside.exists() else shutil.which("pbrain-tictactoe") or ""
    if not script:
        pytest.skip("pbrain-tictactoe is not installed")
    infos: list[object] = []
    black = pygomo.EngineClient(script)
    white = pygomo.EngineClient(script)
    try:
        for client in (black, white):
            assert client.start(15)
            client.set_time(turn_time_ms=200)
        assert "tictactoe" in (black.about() or "")
        rules = Rules(15, 15, 5)
        board = Board.empty(rules)
        result = black.begin(timeout=30, on_info=infos.append)
        while True:
            assert result is not None
            cell = result.move.row * rules.n + result.move.col
            board = board.play(cell)
            if board.is_over:
                break
            mover = white if board.turn is Mark.O else black
            last = (result.move.col, result.move.row)
            result = mover.turn(last, timeout=30, on_info=infos.append)
        assert board.winner is not None or board.is_full
        assert infos  # pygomo parsed the brain's progress lines
    finally:
        black.quit()
        white.quit()
