"""README.md stays true: its Python examples run, its set-up commands match CI."""

from __future__ import annotations

import doctest
import re
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
