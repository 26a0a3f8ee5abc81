"""A Gomocup engine as an opponent: this package's own brain plays, and engines that fail lose."""

from __future__ import annotations

import shlex
import sys
import threading
import time
from collections.abc import Callable

import pytest

from tictactoe import players
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits, Progress, SearchStopped
from tictactoe.players.brain import EnginePlayer, progress_of
from tictactoe.players.own import PlayerForfeit, PlayerUnavailable

GOMOKU = Rules(15, 15, 5)
OWN_BRAIN = f"brain:{shlex.quote(sys.executable)} -m tictactoe brain"

FAKE = """
import sys

mode = sys.argv[1]
board = False
for line in sys.stdin:
    command = line.strip().upper()
    if command.startswith("START") or command.startswith("RECTSTART"):
        print("ERROR unsupported size" if mode == "small" else "OK", flush=True)
    elif command == "BOARD":
        board = True
    elif command == "DONE":
        print("MESSAGE looking at the board", flush=True)
        if mode == "crash":
            print("out of cheese", file=sys.stderr, flush=True)
            sys.exit(5)
        if mode == "sleep":
            import time
            time.sleep(60)
        print({"junk": "pass", "taken": "7,7", "off": "20,3", "error": "ERROR confused"}[mode],
              flush=True)
"""


@pytest.fixture
def fake(player_file: Callable[[str, str], str]) -> Callable[[str], EnginePlayer]:
    path = player_file("fake_brain.py", FAKE)

    def make(mode: str) -> EnginePlayer:
        player = players.create(f"brain:{shlex.quote(sys.executable)} {path} {mode}", own=True)
        assert isinstance(player, EnginePlayer)
        return player

    return make


def test_the_own_brain_plays_and_reports_its_search() -> None:
    player = players.create(OWN_BRAIN, own=True)
    assert isinstance(player, EnginePlayer)
    reports: list[Progress] = []
    board = Board.empty(GOMOKU).play(GOMOKU.cell(7, 7))
    try:
        cell = player.choose(board, Limits(seconds=0.5), progress=reports.append)
        assert board.is_legal(cell)
        assert reports and reports[-1].depth >= 1 and reports[-1].pv
        assert board.play(cell).is_legal(player.choose(board.play(cell).play(0)))
    finally:
        player.close()


def test_progress_lines_are_read_and_other_messages_are_not() -> None:
    found = progress_of("depth 6-8 ev 35 n 12345 n/ms 12 tm 100 pv h8 i9 x99", GOMOKU, 0.25)
    assert found == Progress(6, 12345, 0.25, 35, (GOMOKU.cell(7, 7), GOMOKU.cell(8, 8)))
    assert progress_of("renju is not supported", GOMOKU, 0.1) is None
    assert progress_of("depth what", GOMOKU, 0.1) is None


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("junk", "it answered 'pass', which is not a cell."),
        ("taken", "it played 7,7 (h8), which is taken."),
        ("off", "it played 20,3, which is off the board."),
        ("error", "it answered ERROR confused."),
        ("crash", "it stopped without answering. Its last words: out of cheese"),
        ("sleep", "it took longer than 0.2 s to move."),
    ],
)
def test_an_engine_that_fails_loses_saying_why(
    fake: Callable[[str], EnginePlayer], mode: str, said: str
) -> None:
    player = fake(mode)
    board = Board.empty(GOMOKU).play(GOMOKU.cell(7, 7))
    started = time.monotonic()
    with pytest.raises(PlayerForfeit) as failure:
        player.choose(board, Limits(seconds=0.2))
    assert str(failure.value) == f"fake_brain.py {mode} loses this game: {said}"
    assert time.monotonic() - started < 10
    player.close()


def test_an_engine_that_refuses_the_board_cannot_play_it(
    fake: Callable[[str], EnginePlayer],
) -> None:
    with pytest.raises(PlayerUnavailable, match=r"does not play 7 x 9: .*unsupported size"):
        fake("small").choose(Board.empty(Rules(7, 9, 5)))


def test_an_engine_that_cannot_be_started_loses(tmp_path: object) -> None:
    player = players.create(OWN_BRAIN, own=True)
    assert isinstance(player, EnginePlayer)
    player.spec = player.spec._replace(target="/no/such/engine")
    with pytest.raises(PlayerForfeit, match="could not be started"):
        player.choose(Board.empty(GOMOKU))


def test_a_cancelled_move_ends_the_engine(fake: Callable[[str], EnginePlayer]) -> None:
    player = fake("sleep")
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    with pytest.raises(SearchStopped):
        player.choose(Board.empty(GOMOKU), Limits(seconds=30), cancel=cancel)
    assert player._brain is None


def test_rapfis_progress_lines_are_read_too() -> None:
    found = progress_of("Depth 9-10 | Eval -189 | Time 2ms | G7 H7", GOMOKU, 0.5)
    assert found == Progress(9, 0, 0.5, -189, (GOMOKU.cell(6, 6), GOMOKU.cell(6, 7)))
    speed = progress_of("Speed 932K | Depth 9-10 | Eval -189 | Node 1865 | Time 2ms", GOMOKU, 1)
    assert speed is not None and (speed.depth, speed.nodes, speed.pv) == (9, 1865, ())
    assert progress_of("Load config from config.toml", GOMOKU, 0.1) is None
