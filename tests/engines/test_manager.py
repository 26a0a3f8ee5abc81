"""The manager side: running protocol brains as processes, whole games, brains that fail."""

from __future__ import annotations

import sys

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.engines.manager import BrainError, BrainProcess, board_lines
from tictactoe.engines.protocol import ABOUT

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


def test_board_is_sent_as_a_game_the_sides_taking_turns() -> None:
    # Brains such as Rapfi replay BOARD as the game's moves: X and O must alternate.
    rules = Rules(15, 15, 5)
    board = Board.empty(rules)
    for cell in (0, 1, 2, 30, 16):  # X a1, O b1, X c1, O a3, X b2: O to move
        board = board.play(cell)
    assert board_lines(board) == ["0,0,2", "1,0,1", "2,0,2", "0,2,1", "1,1,2"]
    assert board_lines(board, [16, 30, 0, 1, 2]) == ["1,1,2", "0,2,1", "0,0,2", "1,0,1", "2,0,2"]
