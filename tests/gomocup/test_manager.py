"""The manager side: running protocol brains as processes, whole games, brains that fail."""

from __future__ import annotations

import sys
import threading

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.gomocup.brain import ABOUT
from tictactoe.gomocup.manager import BrainError, BrainProcess, Cancelled, Failure, board_lines

BRAIN = [sys.executable, "-m", "tictactoe", "brain"]


@pytest.mark.slow
def test_own_manager_plays_a_whole_game_between_two_processes() -> None:
    rules = Rules(15, 15, 5)
    black = BrainProcess(BRAIN, turn_seconds=0.2)
    white = BrainProcess(BRAIN, turn_seconds=0.2)
    try:
        assert black.about() == ABOUT
        board = Board.empty(rules)
        while not board.is_over:
            brain = black if board.turn is Mark.X else white
            board = board.play(brain.play(board))
        assert board.winner is not None or board.is_full
    finally:
        assert black.close() == 0 and white.close() == 0
    assert any(line.startswith("MESSAGE depth") for line in black.messages)


def test_manager_reports_a_brain_that_fails() -> None:
    brain = BrainProcess([sys.executable, "-c", "print('ERROR no thanks')"], turn_seconds=0.1)
    with pytest.raises(BrainError, match="no thanks"):
        brain.start(Rules(15, 15, 5))
    brain.close()


def test_manager_closes_a_brain_that_has_already_gone() -> None:
    brain = BrainProcess([sys.executable, "-c", "pass"], turn_seconds=0.1)
    brain.process.wait(10)
    with pytest.raises(BrainError, match="has gone"):
        brain.send("INFO timeout_turn 100")
    assert brain.close() == 0


RECORDER = """
import sys

log = open(sys.argv[1], "a")
in_board = False
for line in sys.stdin:
    line = line.strip()
    log.write(line + "\\n")
    log.flush()
    word = line.split(" ")[0].upper()
    if word in ("START", "RESTART"):
        print("OK", flush=True)
    elif word == "BOARD":
        in_board = True
    elif word == "DONE" or word in ("BEGIN", "TURN"):
        in_board = False
        print("MESSAGE thinking", flush=True)
        print("0,0" if word == "BEGIN" else "0,1", flush=True)
    elif word == "END":
        break
"""


def test_a_game_goes_on_with_turn_and_a_new_one_starts_with_the_board(tmp_path) -> None:
    script, log = tmp_path / "recorder.py", tmp_path / "commands.txt"
    script.write_text(RECORDER)
    seen: list[str] = []
    brain = BrainProcess(
        [sys.executable, str(script), str(log)], turn_seconds=0.5, on_message=seen.append
    )
    rules = Rules(15, 15, 5)
    try:
        empty = Board.empty(rules)
        assert brain.play(empty) == 0  # BEGIN
        assert brain.play(empty.play(0).play(rules.cell(7, 7))) == rules.cell(1, 0)  # TURN 7,7
        assert brain.play(Board.empty(rules).play(rules.cell(3, 3))) == rules.cell(1, 0)
    finally:
        brain.close()
    commands = [line for line in log.read_text().splitlines() if not line.startswith("INFO")]
    assert commands == [
        "START 15", "BEGIN", "TURN 7,7", "RESTART", "BOARD", "3,3,2", "DONE", "END"
    ]  # fmt: skip
    assert seen == ["thinking"] * 3


def test_a_brain_that_dies_leaves_its_last_words() -> None:
    source = "import sys\nprint('OK', flush=True)\nsys.stderr.write('segmentation fault\\n')\n"
    brain = BrainProcess([sys.executable, "-c", source], turn_seconds=0.1)
    with pytest.raises(BrainError) as failure:
        brain.play(Board.empty(Rules(15, 15, 5)))
    assert failure.value.kind is Failure.EXITED
    assert failure.value.last_words == "segmentation fault"
    brain.close()


def test_a_missing_program_cannot_be_started() -> None:
    with pytest.raises(BrainError, match="could not be started") as failure:
        BrainProcess(["/no/such/brain"], name="nobrain")
    assert failure.value.kind is Failure.START


def test_a_wait_stops_when_cancelled() -> None:
    brain = BrainProcess(
        [sys.executable, "-c", "import time; print('OK', flush=True); time.sleep(30)"]
    )
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    with pytest.raises(Cancelled):
        brain.play(Board.empty(Rules(15, 15, 5)), 20, cancel)
    brain.kill()
    assert not brain.child.alive


def test_board_is_sent_as_a_game_the_sides_taking_turns() -> None:
    # Brains such as Rapfi replay BOARD as the game's moves: X and O must alternate.
    rules = Rules(15, 15, 5)
    board = Board.empty(rules)
    for cell in (0, 1, 2, 30, 16):  # X a1, O b1, X c1, O a3, X b2: O to move
        board = board.play(cell)
    assert board_lines(board) == ["0,0,2", "1,0,1", "2,0,2", "0,2,1", "1,1,2"]
    assert board_lines(board, [16, 30, 0, 1, 2]) == ["1,1,2", "0,2,1", "0,0,2", "1,0,1", "2,0,2"]
