"""Player files run confined, in the sandbox (bubblewrap) and within the limits alike: what they
may not do loses them the game with the reason, and harms nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tictactoe import players
from tictactoe.cli import command
from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits
from tictactoe.players import confinement
from tictactoe.players.confinement import BWRAP_VARIABLE, TRUST_VARIABLE, Protection
from tictactoe.players.own import PlayerForfeit, Spec
from tictactoe.players.process import STRIKES
from tictactoe.players.script import ScriptPlayer

EMPTY = Board.empty(Rules())
QUICK = Limits(seconds=0.5)


@pytest.fixture(params=[Protection.SANDBOX, Protection.LIMITS])
def protection(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Protection:
    """Each test twice: in bubblewrap's sandbox (skipped where it does not work) and with the
    fallback's limits (forced by an empty ``TICTACTOE_BWRAP``)."""
    monkeypatch.delenv(TRUST_VARIABLE, raising=False)
    monkeypatch.delenv(BWRAP_VARIABLE, raising=False)
    wanted: Protection = request.param
    if wanted is Protection.SANDBOX and confinement.bubblewrap() is None:
        pytest.skip("bubblewrap (bwrap) is not installed or does not work here")
    if wanted is Protection.LIMITS:
        monkeypatch.setenv(BWRAP_VARIABLE, "")
    return wanted


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A folder beside the players' with a file to keep."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "keep.txt").write_text("keep me")
    return folder


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], str]:
    """Writes a player file into the class folder; its path."""
    folder = tmp_path / "class"
    folder.mkdir()

    def written(name: str, source: str) -> str:
        path = folder / name
        path.write_text(textwrap.dedent(source))
        return str(path)

    return written


@pytest.fixture
def made() -> Iterator[Callable[[str], ScriptPlayer]]:
    """Makes players from files, and ends them after the test."""
    made: list[ScriptPlayer] = []

    def make(name: str) -> ScriptPlayer:
        player = players.create(name, own=True)
        assert isinstance(player, ScriptPlayer)
        made.append(player)
        return player

    yield make
    for player in made:
        player.close()


def forfeit(player: ScriptPlayer, board: Board = EMPTY) -> str:
    with pytest.raises(PlayerForfeit) as caught:
        player.choose(board, QUICK)
    return str(caught.value.why)


def test_the_protection_in_force_is_the_one_asked_for(
    protection: Protection, write: Callable[[str, str], str]
) -> None:
    spec = Spec.parse(write("p.py", "def choose(board): return 0\n"))
    assert spec is not None
    assert confinement.protection(spec) is protection
    line = confinement.protection_line([spec.name], str)
    assert line is not None
    assert ("bubblewrap" in line) is (protection is Protection.SANDBOX)


def test_a_file_that_writes_outside_its_folder_loses_and_writes_nothing(
    protection: Protection,
    write: Callable[[str, str], str],
    home: Path,
    made: Callable[[str], ScriptPlayer],
) -> None:
    target = home / "ran.txt"
    source = f"""
        import os

        def choose(board):
            with open({str(target)!r}, "w") as out:
                out.write("ran as uid %d" % os.getuid())
            return board.legal_moves()[0]
    """
    player = made(write("evil.py", source))
    assert forfeit(player) == f"it tried to write {target}."
    assert not target.exists()


def test_a_file_that_deletes_outside_its_folder_loses_and_the_file_stays(
    protection: Protection,
    write: Callable[[str, str], str],
    home: Path,
    made: Callable[[str], ScriptPlayer],
) -> None:
    keep = home / "keep.txt"
    source = f"""
        import os, shutil

        os.remove({str(keep)!r})

        def choose(board):
            return 0
    """
    player = made(write("evil.py", source))
    assert forfeit(player) == f"it tried to delete or move {keep}."
    assert keep.read_text() == "keep me"
    renames = f"import os\ndef choose(board):\n    os.rename({str(keep)!r}, 'mine.txt')\n"
    assert forfeit(made(write("thief.py", renames))).startswith("it tried to delete or move")
    assert keep.read_text() == "keep me"


def test_a_file_that_opens_a_network_connection_loses(
    protection: Protection, write: Callable[[str, str], str], made: Callable[[str], ScriptPlayer]
) -> None:
    source = """
        import socket

        def choose(board):
            socket.create_connection(("127.0.0.1", 80), timeout=1)
            return 0
    """
    assert forfeit(made(write("net.py", source))) == "it tried to open a network connection."


def test_a_file_that_starts_a_program_loses(
    protection: Protection,
    write: Callable[[str, str], str],
    home: Path,
    made: Callable[[str], ScriptPlayer],
) -> None:
    keep = home / "keep.txt"
    source = f"""
        import os

        def choose(board):
            os.system("rm -f {keep}")
            return 0
    """
    assert forfeit(made(write("shell.py", source))) == "it tried to start another program."
    spawn = "import subprocess\ndef choose(board):\n    subprocess.run(['true'])\n"
    assert forfeit(made(write("spawn.py", spawn))) == "it tried to start another program."
    assert keep.exists()


def test_a_file_that_allocates_gigabytes_is_stopped_at_once(
    protection: Protection, write: Callable[[str, str], str], made: Callable[[str], ScriptPlayer]
) -> None:
    source = """
        def choose(board):
            hoard = bytearray(3 * 1024 ** 3)
            return 0
    """
    player = made(write("hog.py", source))
    started = time.monotonic()
    assert forfeit(player) == "it used more than 256 MB of memory."
    assert time.monotonic() - started < 5
    growing = (
        "def choose(board):\n    kept = []\n    while True:\n        kept.append(' ' * 10**6)\n"
    )
    assert forfeit(made(write("grows.py", growing))) == "it used more than 256 MB of memory."


def test_a_file_with_an_endless_loop_loses_on_time_then_at_once(
    protection: Protection, write: Callable[[str, str], str], made: Callable[[str], ScriptPlayer]
) -> None:
    player = made(write("loop.py", "def choose(board):\n    while True:\n        pass\n"))
    for _ in range(STRIKES):
        assert forfeit(player) == "it took longer than 0.5 s to move."
    started = time.monotonic()
    assert "times in a row" in forfeit(player)
    assert time.monotonic() - started < 0.1


def test_a_normal_player_plays_writes_its_own_folder_and_not_as_root(
    protection: Protection, write: Callable[[str, str], str], made: Callable[[str], ScriptPlayer]
) -> None:
    write("helper.py", "def first(board):\n    return board.legal_moves()[0]\n")
    source = """
        import os
        from helper import first

        def choose(board):
            with open("notes.txt", "a") as notes:
                notes.write("uid %d\\n" % os.getuid())
            with open("notes.txt") as notes:
                assert notes.read().startswith("uid")
            return first(board)
    """
    path = write("good.py", source)
    player = made(path)
    assert player.choose(EMPTY, QUICK) == 0
    assert player.choose(EMPTY.play(0), QUICK) == 1
    assert not (Path(path).parent / "notes.txt").exists()  # written in its copy
    if protection is Protection.SANDBOX or confinement.drops_root() or os.geteuid() != 0:
        uid = "import os\ndef choose(board):\n    return 0 if os.getuid() else 'root'\n"
        assert made(write("uid.py", uid)).choose(EMPTY, QUICK) == 0


def test_a_trusted_file_runs_with_your_rights(
    write: Callable[[str, str], str],
    home: Path,
    made: Callable[[str], ScriptPlayer],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = home / "ran.txt"
    source = f"def choose(board):\n    open({str(target)!r}, 'w').write('mine')\n    return 0\n"
    path = write("mine.py", source)
    monkeypatch.setenv(TRUST_VARIABLE, path)
    spec = Spec.parse(path)
    assert spec is not None and confinement.protection(spec) is Protection.TRUSTED
    assert made(path).choose(EMPTY, QUICK) == 0
    assert target.read_text() == "mine"
    assert confinement.protection_line([path], str) == "mine.py: trusted, run with your rights."


def test_arena_plays_a_confined_player_and_says_how_it_is_confined(
    protection: Protection,
    write: Callable[[str, str], str],
    home: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = write("first_free.py", "def choose(board):\n    return board.legal_moves()[0]\n")
    args = ["arena", "--x", "beginner", "--o", good, "--games", "4", "--seed", "1", "--jobs", "1"]
    assert command.main(args) == 0
    out = capsys.readouterr().out
    assert ("sandbox (bubblewrap)" in out) is (protection is Protection.SANDBOX)
    assert "forfeit" not in out
    keep = home / "keep.txt"
    evil = write("evil.py", f"import os\nos.remove({str(keep)!r})\ndef choose(board): return 0\n")
    assert command.main(["arena", "--x", evil, "--o", "medium", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "X lost 3 games by forfeit" in out
    assert f"evil.py loses this game: it tried to delete or move {keep}." in out
    assert keep.read_text() == "keep me"


def test_a_tournament_with_an_endless_loop_takes_seconds(
    protection: Protection, write: Callable[[str, str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    files = [
        write(f"p{index}.py", f"def choose(board):\n    return board.legal_moves()[{index}]\n")
        for index in range(-3, 1)
    ]
    files.append(write("loop.py", "def choose(board):\n    while True:\n        pass\n"))
    started = time.monotonic()
    args = ["tournament", *files, "--think", "0.3", "--seed", "1", "--jobs", "1"]
    assert command.main(args) == 0
    took = time.monotonic() - started
    out = capsys.readouterr().out
    assert "loop.py" in out
    assert took < 8 * 0.3 * 2 + 10  # its 8 games would take far longer without the bench


def test_the_sandbox_itself_hides_and_protects_what_is_outside(
    monkeypatch: pytest.MonkeyPatch, home: Path, tmp_path: Path
) -> None:
    monkeypatch.delenv(BWRAP_VARIABLE, raising=False)
    bwrap = confinement.bubblewrap()
    if bwrap is None:
        pytest.skip("bubblewrap (bwrap) is not installed or does not work here")
    work = tmp_path / "work"
    work.mkdir()
    script = f"""
import os, socket
seen = os.path.exists({str(home)!r})
try:
    open({str(home / "keep.txt")!r}, "w")
    wrote = True
except OSError:
    wrote = False
try:
    socket.create_connection(("1.1.1.1", 53), timeout=1)
    network = True
except OSError:
    network = False
open("mine.txt", "w").write("ok")
print(seen, wrote, network, os.getuid())
"""
    command = confinement.sandboxed(bwrap, [sys.executable, "-c", script], str(work), ())
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    assert done.stdout.split() == ["False", "False", "False", "65534"], done.stderr
    assert (home / "keep.txt").read_text() == "keep me"
    assert (work / "mine.txt").read_text() == "ok"


def test_bad_terms_are_refused_without_a_traceback() -> None:
    child = [sys.executable, "-m", "tictactoe.players.child", "--guard", "{nonsense", "x.py"]
    done = subprocess.run(
        child, capture_output=True, text=True, timeout=30, check=False, input="", env=_env()
    )
    assert done.returncode == 1
    assert '"failed"' in done.stdout and "Traceback" not in done.stderr


def _env() -> dict[str, str]:
    source = str(Path(confinement.__file__).resolve().parents[2])
    return {**os.environ, "PYTHONPATH": source}


ENGINE = """
import resource, sys

for line in sys.stdin:
    word = line.split()[0].upper() if line.strip() else ""
    if word in ("START", "RESTART"):
        print("OK", flush=True)
    elif word == "BEGIN":
        try:
            open(sys.argv[1], "w").write("engine was here")
            wrote = "wrote"
        except OSError:
            wrote = "refused"
        memory = resource.getrlimit(resource.RLIMIT_AS)[0]
        print(f"MESSAGE {wrote} {memory}", flush=True)
        print("7,7", flush=True)
    elif word == "END":
        break
"""


def test_an_engine_runs_confined_too(
    protection: Protection, write: Callable[[str, str], str], home: Path
) -> None:
    target = home / "engine.txt"
    script = write("engine.py", ENGINE)
    player = players.create(f"brain:{sys.executable} {script} {target}", own=True)
    try:
        assert player.choose(Board.empty(Rules(15, 15, 5)), QUICK) == 7 * 15 + 7
        brain = player._brain  # type: ignore[attr-defined]
        said = brain.messages[-1].split()
    finally:
        player.close()  # type: ignore[attr-defined]
    assert said[2] == str(confinement.ENGINE_MEMORY_MB * 1024 * 1024)
    if protection is Protection.SANDBOX:
        assert said[1] == "refused" and not target.exists()


def test_a_window_or_the_terminal_says_how_a_player_file_is_confined(
    protection: Protection, write: Callable[[str, str], str]
) -> None:
    from tictactoe.game import Match
    from tictactoe.session import Session

    path = write("p.py", "def choose(board):\n    return board.legal_moves()[0]\n")
    session = Session(Match(opponent=path))
    try:
        assert session.notice.startswith("Player files run")
        assert session.notice == session.protection()
        assert session.choose_level("medium") and session.notice == ""
    finally:
        session.close()
