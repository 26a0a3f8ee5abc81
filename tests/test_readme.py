"""README.md and the pages in docs/ stay true: their examples run, their links lead
somewhere, the set-up commands match CI, and players' pages keep to what players see."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text(encoding="utf-8")


TELL_THE_HISTORY = {DOCS / "history.md", DOCS / "changelog.md", DOCS / "performance.md"}
"""The pages that may name the tutorials the project grew from (and the benchmark that
still prints their name); players' and users' pages never do."""

TUTORIALS = re.compile(r"\bseeds? (?:0\d\d|tutorial)|\bthe seed's\b", flags=re.I)


def documents() -> list[Path]:
    """README.md, then the pages of docs/ in the order docs/index.md lists them (the
    terminal game before the scoreboard it fills), then any other page."""
    listed = re.findall(r"\]\(([\w-]+\.md)\)", (DOCS / "index.md").read_text(encoding="utf-8"))
    pages = [DOCS / name for name in dict.fromkeys(listed) if (DOCS / name).is_file()]
    rest = sorted(set(DOCS.glob("*.md")) - set(pages))
    return [ROOT / "README.md", *pages, *rest]


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


DOCUMENTS = documents()


@pytest.mark.slow
@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_python_examples_run(path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", text(path), flags=re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{name(path)} block {number}", name(path), 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_readme_and_the_library_guide_have_python_examples() -> None:
    for path in (ROOT / "README.md", DOCS / "library.md"):
        assert "```python\n>>> " in text(path), name(path)


def test_ci_runs_the_readme_test_command() -> None:
    assert "bash scripts/check.sh" in README
    assert "bash scripts/check.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_command_is_documented() -> None:
    from tictactoe.cli.command import COMMANDS

    for name in COMMANDS:
        assert f"tictactoe {name}" in README


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings (``## The solver`` -> ``the-solver``)."""
    found: set[str] = set()
    fenced = False
    for line in text(path).splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"#+ (.*)", line)):
            slug = re.sub(r"[^\w\- ]", "", heading[1].lower()).replace(" ", "-")
            number = 0
            while (unique := f"{slug}-{number}" if number else slug) in found:
                number += 1
            found.add(unique)
    return found


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_link_leads_somewhere(path: Path) -> None:
    page = re.sub(r"```.*?```", "", text(path), flags=re.S)
    for link in re.findall(r"\]\(([^)\s]+)\)", page):
        if re.match(r"[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        file = (path.parent / target).resolve() if target else path
        assert file.exists(), f"{name(path)}: {link}"
        if anchor:
            assert anchor in anchors(file), f"{name(path)}: {link}"


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_players_pages_do_not_name_the_tutorials(path: Path) -> None:
    if path not in TELL_THE_HISTORY:
        assert TUTORIALS.findall(text(path)) == [], name(path)


# --- shell examples ------------------------------------------------------------------

QUESTION = re.compile(r"^(?P<question>[^|]*\?[^|]*[)\]]) (?P<answer>\S.*)$")
"""A question of the terminal game and the answer typed after it (piped input is echoed)."""


def shell_examples(path: Path) -> list[tuple[int, str, list[str]]]:
    """Every ``$ command`` in a page with the output shown under it, in order.

    In fenced blocks the output runs to the next ``$`` line or the fence; in
    indented blocks to the next ``$`` line or a blank line.
    """
    lines = text(path).splitlines()
    found: list[tuple[int, str, list[str]]] = []
    fenced = False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        indent = "" if fenced else "    "
        if not (line.startswith(indent + "$ ") and (fenced or line.startswith("    "))):
            continue
        output = []
        for following in lines[number + 1 :]:
            if following.startswith("```") or following.startswith(indent + "$ "):
                break
            if not fenced and not following.strip():
                break
            output.append(following[len(indent) :])
        while output and not output[-1].strip():
            output.pop()
        found.append((number + 1, line[len(indent) + 2 :], output))
    return found


def _shim(folder: Path) -> dict[str, str]:
    """An environment where ``tictactoe`` and ``pbrain-tictactoe`` run this checkout with
    this Python (whether or not the virtualenv's scripts are on PATH)."""
    for name, module in (("tictactoe", "tictactoe"), ("pbrain-tictactoe", "tictactoe brain")):
        command = folder / name
        command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m {module} "$@"\n')
        command.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "NO_COLOR"):
        env.pop(name, None)
    env.update(
        PATH=f"{folder}{os.pathsep}{env.get('PATH', '')}",
        TICTACTOE_HOME=str(folder / "home"),
        LANG="C.UTF-8",
        COLUMNS="80",
        PYTHONIOENCODING="utf-8",
    )
    return env


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, ``...`` standing for any text (lines too, as in the usage lines).

    Matched like a shell glob: the text between the ``...`` is found in order,
    each piece at its leftmost place (linear time; a regular expression with
    many ``.*`` can take exponential time to fail).
    """
    pieces = "\n".join(expected).split("...")
    text = "\n".join(actual)
    if len(pieces) == 1:
        return text == pieces[0]
    first, *middle, last = pieces
    if not text.startswith(first) or len(text) < len(first) + len(last):
        return False
    position = len(first)
    for piece in middle:
        found = text.find(piece, position, len(text) - len(last))
        if found < 0:
            return False
        position = found + len(piece)
    return text.endswith(last) and position <= len(text) - len(last)


FILE_BLOCK = re.compile(r"```python ([\w-]+\.py)\n(.*?)```", flags=re.S)
"""A code block that is a file a page's commands use (```python my_player.py)."""


def files(path: Path) -> dict[str, str]:
    """The files a page shows in named code blocks, by name (the last of a name wins)."""
    return dict(FILE_BLOCK.findall(text(path)))


@pytest.mark.slow
def test_shell_examples_print_what_the_pages_show(tmp_path: Path) -> None:
    examples = [(name(path), *example) for path in DOCUMENTS for example in shell_examples(path)]
    commands = [command for _, _, command, _ in examples]
    assert any(c.startswith("tictactoe play") for c in commands), "the real game is missing"
    assert any(c.startswith("tictactoe stats") for c in commands)
    env = _shim(tmp_path)
    written = ""
    for page, line, command, expected in examples:  # in order: the game feeds the scoreboard
        if page != written:  # the files this page's commands use, as it shows them
            written = page
            for file, source in files(ROOT / page).items():
                (tmp_path / file).write_text(source, encoding="utf-8")
        answers = [m["answer"] for m in map(QUESTION.match, expected) if m]
        done = subprocess.run(
            ["bash", "-c", command],
            input="".join(f"{answer}\n" for answer in answers),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            env=env,
            cwd=tmp_path,
            timeout=300,
            check=False,
        )
        actual = [text.rstrip() for text in done.stdout.rstrip("\n").splitlines()]
        where = f"{page} line {line}: {command}"
        assert "Traceback" not in done.stdout, f"{where}\n{done.stdout}"
        if expected:
            assert _matches([text.rstrip() for text in expected], actual), (
                f"{where}\nthe page shows:\n"
                + "\n".join(expected)
                + "\nthe program prints:\n"
                + "\n".join(actual)
            )
        else:
            assert done.returncode == 0, f"{where}\n{done.stdout}"


@pytest.mark.slow
def test_the_play_examples_run(tmp_path: Path) -> None:
    examples = [
        example
        for path in DOCUMENTS
        for example in re.findall(r"^    (tictactoe play[^#\n]*)", text(path), flags=re.M)
    ]
    assert len(examples) >= 5
    env = _shim(tmp_path)
    for command in examples:
        done = subprocess.run(
            ["bash", "-c", command],
            input="quit\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert done.stdout.rstrip().endswith(("Goodbye!", "再见！")), command


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_install_line_names_this_distribution_and_real_extras(path: Path) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    page = text(path)
    for target in re.findall(r"pip install (?:-\S+ )*(\S+)", page):
        target = target.strip("'\"`(),")
        target = target.removesuffix("'`.").removesuffix("'.").strip("'`")
        distribution, _, extra = target.partition("[")
        assert distribution in (".", project["name"], "build") or distribution.startswith(
            "dist/"
        ), target
        if extra:
            assert set(extra.rstrip("]'`),").split(",")) <= extras, target
    assert "pip install 'tictactoe[" not in page
    assert "pip install tictactoe " not in page


def test_two_set_up_commands_the_first_installing_every_front_end() -> None:
    play, test = re.findall(r"```sh\n(.*?)\n```", README, flags=re.S)
    assert "pip install '.[pgzero,web]'" in play and play.endswith("&& tictactoe")
    assert test == "bash scripts/check.sh"
