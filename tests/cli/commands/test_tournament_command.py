"""``tictactoe tournament``: the standings, the crosstable, the ratings, every game kept and
replayable, --json, bad input refused, Ctrl-C keeping what was played."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe.cli.command import main
from tictactoe.cli.commands.tournament import points
from tictactoe.console import display_width
from tictactoe.saved.archive import Archive

TEN = ["beginner", "easy", "medium", "medium-centre", "medium-corners", "hard", "expert", "perfect"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def students(home: Path) -> list[str]:
    (home / "first_free.py").write_text("def choose(board):\n    return board.legal_moves()[0]\n")
    (home / "cheat.py").write_text("def choose(board):\n    return 4\n")
    return ["first_free.py", "cheat.py"]


def test_ten_players_on_three_by_three_print_their_table(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["tournament", *TEN, *students(home), "--seed", "1", "--jobs", "2"])
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Tournament of 10 players on 3x3, k=3: 90 games, each pair twice with the colours "
        "swapped; seed 1"
    )
    table = lines[lines.index("Standings:") + 1 : lines.index("Standings:") + 12]
    heading = "#  Player  Points  Games  Wins  Draws  Losses  Rating (95%)"
    assert table[0].split() == heading.split()
    assert len(table) == 11 and all(" 18 " in row for row in table[1:])
    assert table[1].split()[1] in ("Perfect", "Hard", "Expert")
    assert table[-1].split()[1] == "cheat.py"
    assert "Crosstable (points against each, of 2):" in out
    [forfeits] = [line for line in lines if line.startswith("  cheat.py ")]
    assert forfeits.split()[1] == "18"  # every game: it plays the centre twice, or when taken
    assert forfeits.endswith("  it played 4, centre, which is taken.")
    saved = Archive(home / "home" / "games.sqlite3").games(limit=None)
    assert saved.total == 90
    assert "Every game is saved, numbers 1 to 90: tictactoe games lists them" in out
    assert {game.record.o_player for game in saved.games} >= {"first_free.py", "perfect"}
    first = Archive(home / "home" / "games.sqlite3").get(1)  # what tictactoe replay 1 opens
    assert first.outcome is not None


def test_json_has_the_standings_crosstable_and_games(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["tournament", "first-free", "random", "win-block", "--json", "--seed", "2"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert (data["size"], data["k"], data["seed"], data["played_games"]) == ("3x3", 3, 2, 6)
    assert data["standings"][0]["player"] == "Medium"
    first = data["standings"][0]
    assert first["points"] == first["wins"] + first["draws"] / 2 and first["games"] == 4
    assert abs(sum(row["elo"] for row in data["standings"])) < 0.5
    assert set(data["crosstable"]["Medium"]) == {"Beginner", "Easy"}
    assert len(data["games"]) == 6 and all(game["saved_as"] for game in data["games"])


def test_the_same_seed_gives_the_same_tournament(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "random", "win-block", "search", "--size", "4x4", "--json"]
    main([*argv, "--seed", "3", "--jobs", "1"])
    one = json.loads(capsys.readouterr().out)
    main([*argv, "--seed", "3", "--jobs", "2"])
    two = json.loads(capsys.readouterr().out)
    assert one["standings"] == two["standings"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["hard"], "A tournament needs at least two players."),
        (["hard", "Hard"], "'Hard' named twice"),
        (["hard", "perfect", "--size", "15x15"], "Perfect does not play 15 x 15"),
        (["hard", "nobody.py"], "There is no file"),
        (["hard", "brain:no-such-engine"], "There is no program 'no-such-engine'"),
    ],
)
def test_bad_tournaments_are_refused_with_a_message(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    try:
        status = main(["tournament", *argv])
    except SystemExit as stop:
        status = int(stop.code or 0)
    assert status == 2
    assert said in capsys.readouterr().err


def test_points_are_written_with_halves() -> None:
    assert [points(v) for v in (0, 0.5, 1, 2.5, 17)] == ["0", "½", "1", "2½", "17"]


@pytest.mark.slow
def test_ctrl_c_shows_the_standings_so_far_and_keeps_the_games(home: Path) -> None:
    source = ["import time", "", "def choose(board):", "    time.sleep(0.2)"]
    (home / "slow.py").write_text("\n".join([*source, "    return min(board.legal_moves())", ""]))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "tournament", "slow.py", *TEN[:5], "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=home,
    )
    time.sleep(4)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Stopped after " in out and "Standings:" in out
    stopped = int(out.split("Stopped after ")[1].split()[0])
    assert 0 < stopped < 30
    assert Archive(home / "home" / "games.sqlite3").games(limit=0).total == stopped
    assert "Traceback" not in err


def a_class(home: Path) -> Path:
    """A class's hand-in: anna/player.py, boris/player.py and carla.py."""
    folder = home / "class"
    for name, cell in (("anna", "[0]"), ("boris", "[-1]")):
        (folder / name).mkdir(parents=True)
        (folder / name / "player.py").write_text(
            f"def choose(board):\n    return board.legal_moves(){cell}\n"
        )
    (folder / "carla.py").write_text(
        "def choose(board):\n    free = board.legal_moves()\n    return free[len(free) // 2]\n"
    )
    return folder


def test_a_class_folder_keeps_each_students_name_everywhere(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = a_class(home)
    assert main(["tournament", "class", "hard", "--seed", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("Standings:") : out.index("Crosstable")].split()
    assert {"anna", "boris", "carla.py", "Hard"} <= set(table)
    assert "player.py" not in out
    assert main(["games", "--limit", "0"]) == 0
    listed = capsys.readouterr().out
    assert "player.py" not in listed and "anna" in listed and "carla.py" in listed
    games = Archive(home / "home" / "games.sqlite3").games().games
    assert len(games) == 12
    annas = {game.id for game in games if "anna" in (game.record.x_player, game.record.o_player)}
    for named in ("anna", "ANNA", "class/anna/player.py", str(folder / "anna" / "player.py")):
        assert main(["games", "--player", named, "--json"]) == 0
        assert {game["id"] for game in json.loads(capsys.readouterr().out)} == annas, named
    assert main(["check", "class", "--lesson", "1", "--csv", "class.csv"]) == 0
    assert capsys.readouterr().out.split()[3:] == ["anna", "yes", "boris", "yes", "carla.py", "yes"]
    rows = (home / "class.csv").read_text(encoding="utf-8").splitlines()
    assert rows == ["student,free cell", "anna,yes", "boris,yes", "carla.py,yes"]


def test_a_folder_of_no_player_is_refused(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (home / "empty").mkdir()
    assert main(["tournament", "empty", "hard"]) == 2
    assert "empty holds no player file (NAME.py or NAME/player.py)" in capsys.readouterr().err


def test_the_results_are_said_in_the_players_language_and_their_columns_line_up(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cheat = students(home)[1]
    argv = ["tournament", "beginner", "easy", cheat, "--seed", "1", "--jobs", "1"]
    assert main([*argv, "--lang", "zh_CN"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 名玩家的循环赛，3x3, k=3：共 6 局，每对玩家交换先后各下一局；种子 1"
    start = lines.index("排名：") + 1
    table = lines[start : start + 4]
    assert table[0].split() == ["#", "玩家", "积分", "局数", "胜", "平", "负", "等级分（95%）"]
    assert {row.split()[1] for row in table[1:]} == {"入门", "简单", "cheat.py"}
    before_rating = [
        display_width(re.sub(r"\s*(等级分（95%）|[+-]\d+ ± \d+)$", "", row)) for row in table
    ]
    assert len(set(before_rating)) == 1, table  # the losses end in one column, wide signs or not
    assert "对阵表（对每名对手的得分，共 2 局）：" in lines
    assert lines[-1].startswith("所有对局都已保存，编号 1 到 6")
    assert main([*argv, "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "  cheat.py  4  он сходил в 4, центр, а эта клетка занята." in out
    assert "Турнирная таблица:" in out and "Все партии сохранены под номерами с 7 по 12" in out
