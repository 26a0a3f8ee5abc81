"""The command line speaks the project's words, never argparse's: every ``--help`` and every
mistake, in English and in Russian (by ``--lang`` or by the locale), as a user runs them."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe.cli import command
from tictactoe.cli.parser import N_, Parser, wrap
from tictactoe.texts.i18n import translator

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

ARGPARSE_WORDS = (
    "usage:",
    "positional arguments",
    "\noptions:",
    "show this help message and exit",
    "show program's version number and exit",
    "error:",
    "unrecognized arguments",
    "invalid choice",
    "choose from",
    "the following arguments are required",
    "expected one argument",
    "not allowed with argument",
    "ambiguous option",
    "invalid int value",
    "Traceback",
)
"""What argparse (or Python) would print; none of it may show."""


def tictactoe(home: Path, *argv: str, **locale: str) -> subprocess.CompletedProcess[str]:
    """``python -m tictactoe argv`` in a fresh interpreter, with only the ``locale`` given."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env.update(TICTACTOE_HOME=str(home), COLUMNS="80", **locale)
    return subprocess.run(
        [sys.executable, "-m", "tictactoe", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


def no_library_words(text: str) -> None:
    for words in ARGPARSE_WORDS:
        assert words not in "\n" + text, (words, text)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", ["", *command.COMMANDS])
def test_every_help_is_the_projects_own_in_the_language_asked_for(
    tmp_path: Path, name: str, language: str
) -> None:
    done = tictactoe(tmp_path, *([name] if name else []), "--help", "--lang", language)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    no_library_words(done.stdout)
    tr = translator(language)
    heading = tr.gettext("Usage:")
    assert done.stdout.startswith(f"{heading} tictactoe {name}".rstrip())
    assert tr.gettext("show this help") in done.stdout
    if name:  # the command's description, translated (wrapped, so compared word by word)
        module = importlib.import_module(f"tictactoe.cli.commands.{name}")
        about = tr.gettext(getattr(module, "DESCRIPTION", module.HELP))
        assert " ".join(about.split()[:4]) in " ".join(done.stdout.split())
    if language == "ru":
        assert "Использование: tictactoe" in done.stdout
        assert "show this help" not in done.stdout


def test_the_locale_chooses_the_language_and_lang_wins(tmp_path: Path) -> None:
    russian = tictactoe(tmp_path, "play", "--help", LANG="ru_RU.UTF-8")
    assert "Параметры игры:" in russian.stdout and "показать эту справку" in russian.stdout
    english = tictactoe(tmp_path, "play", "--help", "--lang=en", LANG="ru_RU.UTF-8")
    assert "Game options:" in english.stdout and "Параметры" not in english.stdout
    c_locale = tictactoe(tmp_path, "play", "--colour", LC_ALL="C", LANG="ru_RU.UTF-8")
    assert c_locale.stderr.startswith("tictactoe play: There is no option --colour.")


MISTAKES = [
    (
        ["juggle"],
        "tictactoe: There is no command juggle. For help, type: tictactoe --help",
        "tictactoe: Команды juggle нет. Справка: tictactoe --help",
    ),
    (
        ["plya"],
        "tictactoe: There is no command plya. Did you mean play? For help, type: tictactoe --help",
        "tictactoe: Команды plya нет. Может быть, play? Справка: tictactoe --help",
    ),
    (
        ["play", "--colour", "red"],
        "tictactoe play: There is no option --colour. For help, type: tictactoe play --help",
        "tictactoe play: Параметра --colour нет. Справка: tictactoe play --help",
    ),
    (
        ["play", "--sise", "3x3"],
        "tictactoe play: There is no option --sise. Did you mean --size?"
        " For help, type: tictactoe play --help",
        "tictactoe play: Параметра --sise нет. Может быть, --size? Справка: tictactoe play --help",
    ),
    (
        ["play", "--think"],
        "tictactoe play: --think needs a value. For help, type: tictactoe play --help",
        "tictactoe play: --think: нужно значение. Справка: tictactoe play --help",
    ),
    (
        ["play", "--think", "soon"],
        "tictactoe play: --think must be a number of seconds from 0.05 to 600, not 'soon'."
        " For help, type: tictactoe play --help",
        "tictactoe play: --think: нужно число секунд от 0.05 до 600, а не 'soon'."
        " Справка: tictactoe play --help",
    ),
    (
        ["play", "--first", "nobody"],
        "tictactoe play: --first must be one of you, computer, alternate, coin, not 'nobody'."
        " For help, type: tictactoe play --help",
        "tictactoe play: --first: нужно одно из значений you, computer, alternate, coin,"
        " а не 'nobody'. Справка: tictactoe play --help",
    ),
    (
        ["play", "--s", "3"],
        "tictactoe play: --s could be any of --side, --size, --seed: type more of its name."
        " For help, type: tictactoe play --help",
        "tictactoe play: --s может означать любой из параметров --side, --size, --seed:"
        " допишите название. Справка: tictactoe play --help",
    ),
    (
        ["play", "--analysis=yes"],
        "tictactoe play: --analysis takes no value, not yes. For help, type: tictactoe play --help",
        "tictactoe play: --analysis не принимает значения, а здесь yes."
        " Справка: tictactoe play --help",
    ),
    (
        ["play", "extra"],
        "tictactoe play: extra is not something this command takes."
        " For help, type: tictactoe play --help",
        "tictactoe play: Эта команда не принимает extra. Справка: tictactoe play --help",
    ),
    (
        ["arena", "--x", "random"],
        "tictactoe arena: Missing: --o. For help, type: tictactoe arena --help",
        "tictactoe arena: Не хватает: --o. Справка: tictactoe arena --help",
    ),
    (
        ["solve", "--think", "1", "--nodes", "5", "X.."],
        "tictactoe solve: --nodes cannot go with --think. For help, type: tictactoe solve --help",
        "tictactoe solve: --nodes нельзя указывать вместе с --think."
        " Справка: tictactoe solve --help",
    ),
    (
        ["solve", "--tree", "--search", "bfs", "X.."],
        "tictactoe solve: --search must be one of minimax, alphabeta, table, symmetry, not bfs."
        " For help, type: tictactoe solve --help",
        "tictactoe solve: --search: нужно одно из значений minimax, alphabeta, table, symmetry,"
        " а не bfs. Справка: tictactoe solve --help",
    ),
    (
        ["check", "--lesson", "one", "a.py"],
        "tictactoe check: --lesson must be a whole number, not 'one'."
        " For help, type: tictactoe check --help",
        "tictactoe check: --lesson: нужно целое число, а не 'one'. Справка: tictactoe check --help",
    ),
    (
        ["play", "--size", "40x3"],
        "tictactoe play: --size: Rows and columns must be from 1 to 26, not '40x3'."
        " For help, type: tictactoe play --help",
        "tictactoe play: --size: Число строк и столбцов должно быть от 1 до 26, а не '40x3'."
        " Справка: tictactoe play --help",
    ),
]


@pytest.mark.parametrize(("argv", "english", "russian"), MISTAKES, ids=lambda v: str(v)[:30])
def test_every_mistake_is_one_line_in_the_projects_words(
    tmp_path: Path, argv: list[str], english: str, russian: str
) -> None:
    for line, locale in ((english, {}), (russian, {"LANG": "ru_RU.UTF-8"})):
        done = tictactoe(tmp_path, *argv, **locale)
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr == line + "\n"
        no_library_words(done.stderr)


def test_an_unknown_language_is_said_in_the_locales(tmp_path: Path) -> None:
    done = tictactoe(tmp_path, "play", "--lang", "klingon", LANG="ru_RU.UTF-8")
    assert done.returncode == 2
    assert done.stderr == (
        "tictactoe play: --lang: языка 'klingon' нет; выберите один из: en, ru, zh_CN, vi."
        " Справка: tictactoe play --help\n"
    )


def test_a_message_argparse_may_add_one_day_is_still_the_projects_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = Parser(prog="tictactoe play", language="ru")
    with pytest.raises(SystemExit) as stopped:
        parser.error("some new argparse message")
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "tictactoe play: Эту командную строку нельзя выполнить. Справка: tictactoe play --help\n"
    )


def test_the_commands_own_checks_fail_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    parser = Parser(prog="tictactoe games", language="en")
    with pytest.raises(SystemExit) as stopped:
        parser.fail(N_("--yes goes with --reset."))
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "tictactoe games: --yes goes with --reset. For help, type: tictactoe games --help\n"
    )


def test_chinese_help_wraps_between_characters_never_before_punctuation() -> None:
    text = translator("zh_CN").gettext(
        "human (two people), a computer player's level, weakest first: {levels} (default:"
        " {default}); or your own player, a Python file defining choose(board)"
        " (my_player.py), or a Gomocup engine (brain:COMMAND)"
    )
    lines = wrap(text.format(levels="beginner, easy, medium", default="medium"), 30)
    assert len(lines) > 2
    assert all(sum(2 if ord(c) > 0x2E80 else 1 for c in line) <= 30 for line in lines)
    assert not any(line[0] in "，。；：）、" for line in lines)
    assert "".join(lines).replace(" ", "") == text.format(
        levels="beginner, easy, medium", default="medium"
    ).replace(" ", "")
