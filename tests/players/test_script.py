"""A player written in Python plays in a child process: its moves, and every way it can lose."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe import players
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits, SearchStopped
from tictactoe.players.own import PlayerForfeit
from tictactoe.players.script import ScriptPlayer

EMPTY = Board.empty(Rules())
QUICK = Limits(seconds=0.3)


def make(name: str) -> ScriptPlayer:
    player = players.create(name, own=True)
    assert isinstance(player, ScriptPlayer)
    return player


def test_a_ten_line_player_plays_its_moves(player_file: Callable[[str], str]) -> None:
    player = make(player_file("first_free.py"))
    try:
        assert player.choose(EMPTY) == 0
        assert player.choose(EMPTY.play(0)) == 1
        assert player.choose(Board.parse("XO./X../...")) == 2
    finally:
        player.close()


def test_a_row_and_column_and_numpy_like_ints_are_cells(player_file: Callable[[str], str]) -> None:
    source = """
        class Index:
            def __init__(self, value):
                self.value = value
            def __index__(self):
                return self.value

        def choose(board):
            if board.move_count == 0:
                return (1, 1)
            return Index(board.legal_moves()[-1])
    """
    player = make(player_file("pairs.py", source))
    assert player.choose(EMPTY) == 4
    assert player.choose(EMPTY.play(4)) == 8
    player.close()


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("raises.py", "raises.py loses this game: it raised ZeroDivisionError: integer division "
         "or modulo by zero at line 4 of raises.py."),
        ("hangs.py", "hangs.py loses this game: it took longer than 0.3 s to move."),
        ("banana.py", "banana.py loses this game: it answered 'banana', which is not a cell."),
        ("cheats.py", "cheats.py loses this game: it played 0, top left, which is taken."),
        ("exits.py", "exits.py loses this game: it stopped without answering. Its last words: "
         "goodbye, cruel board"),
    ],
)  # fmt: skip
def test_a_player_that_fails_loses_saying_why(
    player_file: Callable[[str], str], file: str, said: str
) -> None:
    player = make(player_file(file))
    started = time.monotonic()
    with pytest.raises(PlayerForfeit) as failure:
        player.choose(EMPTY.play(0), QUICK)
    assert str(failure.value) == said
    assert time.monotonic() - started < 5
    player.close()


def test_a_hung_player_is_ended_and_started_again(player_file: Callable[[str], str]) -> None:
    source = """
        import sys

        def choose(board):
            if board.move_count == 1:
                while True:
                    pass
            return board.legal_moves()[0]
    """
    player = make(player_file("sometimes.py", source))
    assert player.choose(EMPTY, QUICK) == 0
    hung = player._child
    with pytest.raises(PlayerForfeit, match=r"longer than 0\.3 s"):
        player.choose(EMPTY.play(0), QUICK)
    assert hung is not None and not hung.alive
    assert player.choose(Board.parse("XO./.../..."), QUICK) == 2  # a new process plays on
    player.close()


def test_files_that_cannot_be_loaded_say_where(player_file: Callable[[str], str]) -> None:
    broken = {
        "syntax.py": ("def choose(board)\n    return 0\n", "SyntaxError: expected ':' at line 1 "
                      "of syntax.py"),
        "empty.py": ("x = 1\n", "empty.py defines no choose(board) function and no class"),
        "imports.py": ("import no_such_thing\n", "ModuleNotFoundError: No module named "
                       "'no_such_thing' at line 1 of imports.py"),
        "asks.py": ("name = input()\n", "EOFError: EOF when reading a line at line 1 of asks.py"),
        "two.py": ("class A:\n    def choose(self, b): return 0\nclass B(A): pass\n",
                   "two.py has several players (A, B): choose one, like two.py:A"),
    }  # fmt: skip
    for name, (source, said) in broken.items():
        player = make(player_file(name, source))
        with pytest.raises(PlayerForfeit, match="could not be loaded") as failure:
            player.choose(EMPTY)
        assert said in str(failure.value), name


def test_a_class_plays_and_is_made_again_for_each_game(player_file: Callable[[str], str]) -> None:
    source = """
        class Counter:
            def __init__(self):
                self.moves = 0

            def choose(self, board):
                self.moves += 1
                return board.legal_moves()[self.moves - 1]
    """
    player = make(player_file("counter.py", source))
    assert player.choose(EMPTY) == 0
    assert player.choose(Board.parse("X../O../...")) == 2  # its second move: the second free cell
    assert player.choose(EMPTY) == 0  # a new game: a new Counter
    player.close()


def test_one_of_several_players_is_named_after_a_colon(player_file: Callable[[str], str]) -> None:
    source = """
        def first(board):
            return board.legal_moves()[0]

        def last(board):
            return board.legal_moves()[-1]
    """
    path = player_file("both.py", source)
    assert make(f"{path}:last").choose(EMPTY) == 8
    with pytest.raises(PlayerForfeit, match=r"both\.py has no 'middle'"):
        make(f"{path}:middle").choose(EMPTY)


def test_a_module_function_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, player_file: Callable[[str], str]
) -> None:
    player_file("my_bots.py", "def centre(board):\n    return 4\n")
    monkeypatch.chdir(tmp_path)
    player = make("my_bots:centre")
    assert player.title == "my_bots:centre"
    assert player.choose(EMPTY) == 4
    player.close()


def test_what_a_player_prints_never_gets_in_the_way(player_file: Callable[[str], str]) -> None:
    source = """
        import os

        def choose(board):
            print('{"cell": 8}')
            os.write(1, b'{"cell": 7}\\n')
            return 0
    """
    player = make(player_file("noisy.py", source))
    assert player.choose(EMPTY) == 0
    player.close()


def test_a_cancelled_move_stops_the_wait_at_once(player_file: Callable[[str], str]) -> None:
    player = make(player_file("hangs.py"))
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    with pytest.raises(SearchStopped):
        player.choose(EMPTY, Limits(seconds=30), cancel=cancel)
    assert time.monotonic() - started < 5
    assert player._child is None


def test_dropping_the_player_ends_its_process(player_file: Callable[[str], str]) -> None:
    player = make(player_file("first_free.py"))
    player.choose(EMPTY)
    child = player._child
    assert child is not None and child.alive
    del player
    assert child.process.wait(5) is not None
