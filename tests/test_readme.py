"""README.md stays true: its Python examples run, its set-up commands match CI."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks, "README has no Python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {number}", "README.md", 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_ci_runs_the_readme_test_command() -> None:
    assert "bash scripts/check.sh" in README
    assert "bash scripts/check.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_command_is_documented() -> None:
    from tictactoe.cli import COMMANDS

    for name in COMMANDS:
        assert f"tictactoe {name}" in README


def test_screenshots_exist() -> None:
    for path in re.findall(r"\]\((docs/screenshots/[^)]+\.png)\)", README):
        assert (ROOT / path).is_file(), path


# --- shell examples ------------------------------------------------------------------

QUESTION = re.compile(r"^(?P<question>[^|]*\?[^|]*[)\]]) (?P<answer>\S.*)$")
"""A question of the terminal game and the answer typed after it (piped input is echoed)."""


def shell_examples() -> list[tuple[int, str, list[str]]]:
    """Every ``$ command`` in the README with the output shown under it, in order.

    In fenced blocks the output runs to the next ``$`` line or the fence; in
    indented blocks to the next ``$`` line or a blank line.
    """
    lines = README.splitlines()
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
    """An environment where ``tictactoe`` runs this checkout with this Python."""
    command = folder / "tictactoe"
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tictactoe "$@"\n')
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


def test_shell_examples_print_what_the_readme_shows(tmp_path: Path) -> None:
    examples = shell_examples()
    commands = [command for _, command, _ in examples]
    assert any(c.startswith("tictactoe play") for c in commands), "the real game is missing"
    assert any(c.startswith("tictactoe stats") for c in commands)
    env = _shim(tmp_path)
    for line, command, expected in examples:  # in order: the real game feeds the scoreboard
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
        assert "Traceback" not in done.stdout, f"README line {line}: {command}\n{done.stdout}"
        if expected:
            assert _matches([text.rstrip() for text in expected], actual), (
                f"README line {line}: {command}\nREADME shows:\n"
                + "\n".join(expected)
                + "\nthe program prints:\n"
                + "\n".join(actual)
            )
        else:
            assert done.returncode == 0, f"README line {line}: {command}\n{done.stdout}"


def test_the_play_examples_run(tmp_path: Path) -> None:
    examples = re.findall(r"^    (tictactoe play[^#\n]*)", README, flags=re.M)
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


def test_every_install_line_names_this_distribution_and_real_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    installs = re.findall(r"pip install (?:-\S+ )*(\S+)", README)
    assert installs
    for target in installs:
        target = target.strip("'\"`(),")
        target = target.removesuffix("'`.").removesuffix("'.").strip("'`")
        name, _, extra = target.partition("[")
        assert name in (".", project["name"], "build") or name.startswith("dist/"), target
        if extra:
            assert extra.rstrip("]'`),") in extras, target
    assert "pip install 'tictactoe[" not in README
    assert "pip install tictactoe " not in README
