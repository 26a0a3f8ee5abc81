"""The manager side: running protocol brains as processes, whole games, brains that fail."""

from __future__ import annotations

import sys

import pytest

from tictactoe.core.board import Board, Mark
from tictactoe.core.rules import Rules
from tictactoe.engines.manager import BrainError, BrainProcess
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
