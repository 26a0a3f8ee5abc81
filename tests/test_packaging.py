"""The distribution: ``python -m build`` makes a wheel and an sdist that ``twine check``
accepts, and the wheel (built from the sdist) installs and runs in a fresh virtualenv.

The fresh virtualenv gets no network: the wheel is installed with ``--no-deps``
and its one dependency, platformdirs, is lent from the test's own environment
through a ``.pth`` file naming a folder that holds only that package. Everything
else the game needs must come from the wheel itself.
"""

from __future__ import annotations

import email.parser
import importlib.util
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import tictactoe

pytestmark = pytest.mark.slow  # every test here runs whole processes

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
WIN = "X\n5\n9\n1\nn\n"
"""Seed 004's game against first-free: you play the 9-5-1 diagonal and win."""


def _run(
    argv: list[str], *, input: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        argv,
        input=input,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{argv}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder with the sdist and the wheel ``python -m build`` made (wheel from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)])
    return out


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, f"{pattern}: {found}"
    return found[0]


def test_the_distribution_name_is_the_one_the_program_names() -> None:
    assert PROJECT["name"] == tictactoe.DISTRIBUTION == "tictactoe-mnk"
    assert PROJECT["scripts"] == {
        "tictactoe": "tictactoe.__main__:main",
        "pbrain-tictactoe": "tictactoe.cli.commands.brain:main",
    }


def test_twine_accepts_the_wheel_and_the_sdist(dist: Path) -> None:
    wheel = _one(dist, "tictactoe_mnk-*.whl")
    sdist = _one(dist, "tictactoe_mnk-*.tar.gz")
    _run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)])


def test_the_wheel_holds_the_data_files_and_the_metadata(dist: Path) -> None:
    wheel = _one(dist, "tictactoe_mnk-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(name for name in names if name.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(info).decode())
    for language in ("ru", "zh_CN", "vi"):  # compiled when the wheel is built, not committed
        assert f"tictactoe/texts/locale/{language}/LC_MESSAGES/tictactoe.mo" in names
    assert not any(name.endswith((".po", ".pot")) for name in names)
    for sound in ("win", "lose", "draw"):
        assert f"tictactoe/session/sounds/{sound}.wav" in names
    assert "tictactoe/py.typed" in names
    assert "tictactoe/core/gomoku/weights.txt" in names  # the engine's evaluation
    for table in ("capability", "openings"):  # what exact play reads instead of timing
        assert f"tictactoe/core/exact/{table}.tsv" in names
    assert any(name.startswith("tictactoe/ui/pgz/fonts/") for name in names)
    assert not any(name.startswith(("tests/", "benchmarks/")) for name in names)
    assert metadata["Name"] == "tictactoe-mnk"
    assert metadata["Version"] == tictactoe.__version__
    assert metadata["License-Expression"] == "MIT"
    assert any(req.startswith("platformdirs") for req in metadata.get_all("Requires-Dist"))
    assert "pgzero" in metadata.get_all("Provides-Extra")


def test_the_sdist_holds_the_catalogs_to_compile(dist: Path) -> None:
    sdist = _one(dist, "tictactoe_mnk-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    for language in ("ru", "zh_CN", "vi"):
        assert f"src/tictactoe/texts/locale/{language}/LC_MESSAGES/tictactoe.po" in names
    assert "setup.py" in names
    assert not any(name.endswith(".mo") for name in names)


def test_the_wheel_installs_and_plays_in_a_fresh_virtualenv(dist: Path, tmp_path: Path) -> None:
    wheel = _one(dist, "tictactoe_mnk-*.whl")
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    _run([*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)])
    lent = tmp_path / "lent"
    lent.mkdir()
    spec = importlib.util.find_spec("platformdirs")
    assert spec is not None and spec.origin is not None
    (lent / "platformdirs").symlink_to(Path(spec.origin).parent)
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
    (Path(site.stdout.strip()) / "lent.pth").write_text(f"{lent}\n", encoding="utf-8")

    home = tmp_path / "home"
    env = {
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "LANG": "C.UTF-8",
    }
    where = _run([str(python), "-c", "import tictactoe; print(tictactoe.__file__)"], env=env)
    assert where.stdout.startswith(str(venv)), where.stdout
    command = str(venv / "bin" / "tictactoe")
    assert _run([command, "--version"], env=env).stdout.strip() == "tictactoe 0.1.0"
    game = _run([command, "play", "--opponent", "first-free", "--size", "3x3"], input=WIN, env=env)
    assert "Hooray! You have won the game!" in game.stdout
    russian = _run(
        [command, "play", "--opponent", "first-free", "--size", "3x3", "--lang", "ru"],
        input="X\n5\n9\n1\nнет\n",
        env=env,
    )
    assert "Ура! Вы выиграли!" in russian.stdout
    stats = _run([command, "stats"], env=env)
    assert "No games recorded yet." not in stats.stdout
    assert (home / "data" / "tictactoe" / "games.sqlite3").is_file()
    solved = _run([command, "solve", "X.O/.X./..O"], env=env)
    assert "draw" in solved.stdout
