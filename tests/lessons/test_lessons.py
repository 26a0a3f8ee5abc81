"""The lessons' path: every starter passes the lesson before it and fails its own; every
model answer (the next lesson's starter, and ``answers/``) passes its lesson; each common
mistake fails the right check with the position shown; the commands around them."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tictactoe.lessons import report
from tictactoe.lessons.catalog import LESSONS, lesson
from tictactoe.lessons.checks import PLAYING
from tictactoe.lessons.starters import file_name, write
from tictactoe.texts.i18n import translator

HERE = Path(__file__).parent
ENGLISH = translator("en")


@pytest.fixture(scope="module")
def starters(tmp_path_factory: pytest.TempPathFactory) -> dict[int, str]:
    """Every lesson's starter file, written once."""
    folder = tmp_path_factory.mktemp("starters")
    return {each.number: str(write(ENGLISH, each, folder)) for each in LESSONS}


def model(number: int, starters: dict[int, str]) -> str:
    """Lesson ``number``'s model answer: the next lesson's starter, or ``answers/``."""
    nxt = lesson(number + 1)
    return starters[nxt.number] if nxt is not None else str(HERE / "answers" / "bigger.py")


THINK = 3.0
"""Seconds a move in these tests: generous, so a busy machine does not make a move late."""


def passed(path: str, checks: tuple[str, ...]) -> dict[str, bool | None]:
    checked = report.run([path], checks, think=THINK)[0]
    return {result.check: result.passed for result in checked.results}


@pytest.mark.parametrize("number", [each.number for each in LESSONS])
def test_a_starter_passes_the_lesson_before_and_fails_its_own(
    number: int, starters: dict[int, str]
) -> None:
    own = lesson(number)
    before = lesson(number - 1)
    assert own is not None
    if before is not None:
        assert all(passed(starters[number], before.checks).values()), before.name
    assert not all(passed(starters[number], own.checks).values())


@pytest.mark.parametrize("number", [each.number for each in LESSONS])
def test_every_model_answer_passes_its_lesson(number: int, starters: dict[int, str]) -> None:
    own = lesson(number)
    assert own is not None
    assert passed(model(number, starters), own.checks) == dict.fromkeys(own.checks, True)


@pytest.mark.parametrize(
    ("mistake", "check"),
    [
        ("blocks_first.py", "wins"),
        ("last_cell.py", "legal"),
        ("taken.py", "legal"),
        ("no_fork_defence.py", "never-loses"),
        ("no_depth.py", "quick"),
    ],
)
def test_each_common_mistake_fails_the_right_check_with_the_position(
    mistake: str, check: str
) -> None:
    checked = report.run([str(HERE / "mistakes" / mistake)], PLAYING)[0]
    found = {result.check: result for result in checked.results}
    assert found[check].passed is False
    assert found[check].example is not None
    text = report.report(ENGLISH, checked, None)
    assert "FAILED" in text and "|" in text  # the position drawn


def test_the_losing_game_is_shown_move_by_move() -> None:
    checked = report.run([str(HERE / "mistakes" / "no_fork_defence.py")], ("never-loses",))[0]
    text = report.report(ENGLISH, checked, None)
    assert "1. X " in text and "2. O " in text


def test_a_perfect_player_passes_every_check(starters: dict[int, str]) -> None:
    assert all(passed(model(9, starters), PLAYING).values())


def test_a_crash_names_the_line_and_the_cells_the_lessons_way() -> None:
    checked = report.run([str(HERE / "mistakes" / "last_cell.py")], ("legal",))[0]
    text = report.report(ENGLISH, checked, None)
    assert "IndexError" in text and "line 6 of last_cell.py" in text
    checked = report.run([str(HERE / "mistakes" / "taken.py")], ("legal",))[0]
    assert "it played 4, centre, which is taken." in report.report(ENGLISH, checked, None)


def test_learn_never_writes_over_a_file(tmp_path: Path) -> None:
    first = lesson(3)
    assert first is not None
    assert write(ENGLISH, first, tmp_path) == tmp_path / file_name(first)
    (tmp_path / file_name(first)).write_text("mine", encoding="utf-8")
    assert write(ENGLISH, first, tmp_path) is None
    assert (tmp_path / file_name(first)).read_text(encoding="utf-8") == "mine"


def test_a_starter_is_written_in_the_students_language(tmp_path: Path) -> None:
    first = lesson(1)
    assert first is not None
    text = write(translator("ru"), first, tmp_path)
    assert text is not None and "Урок 1" in text.read_text(encoding="utf-8")


def test_check_a_class_folder_keeps_each_students_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tictactoe.cli.command import main

    for name, source in (("anna", "taken.py"), ("boris", "blocks_first.py")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "player.py").write_text(
            (HERE / "mistakes" / source).read_text(encoding="utf-8"), encoding="utf-8"
        )
    (tmp_path / "vera.py").write_text("def choose(board):\n    return board.legal_moves()[0]\n")
    table = tmp_path / "table.csv"
    status = main(["check", str(tmp_path), "--lesson", "1", "--csv", str(table), "--lang", "en"])
    out = capsys.readouterr().out
    assert status == 1
    assert "anna" in out and "boris" in out and "vera.py" in out
    rows = list(csv.reader(table.open(encoding="utf-8")))
    assert rows == [["student", "free cell"], ["anna", "no"], ["boris", "yes"], ["vera.py", "yes"]]
    assert main(["check", str(tmp_path / "vera.py"), "--lesson", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found[0]["passed"] is True and found[0]["checks"][0]["check"] == "legal"


def test_check_says_what_is_wrong_with_its_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tictactoe.cli.command import main

    assert main(["check", str(tmp_path / "nobody.py")]) == 2
    assert main(["check", str(tmp_path), "--lesson", "99"]) == 2
    assert main(["learn", "99"]) == 2
    out = capsys.readouterr().out
    assert "nobody.py" in out and "99" in out
