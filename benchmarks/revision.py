"""The package as it was at a git revision of this repository: the yardstick of a benchmark.

A benchmark that measures today's code against older code names the older
code by its git revision instead of keeping a copy of it. :func:`source`
extracts the revision's ``src`` folder once per process (``git archive``,
into a temporary folder removed at exit; a folder given instead, such as
another checkout's ``src``, is used as it is); then

- :func:`env` is the environment of a subprocess that imports that
  revision's ``tictactoe`` (its ``PYTHONPATH``);
- :func:`load` imports one of its modules into this process, beside
  today's package: while it imports, ``sys.modules`` holds only that
  revision's ``tictactoe`` modules, and today's are put back afterwards, so
  the old module's names are all the old package's. Its objects take its own
  types (convert a board with :func:`board`).

    >>> rules = load("81497fb", "tictactoe.core.rules")  # doctest: +SKIP
    >>> rules.Rules(15, 15, 5)  # a Rules of that revision  # doctest: +SKIP
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "tictactoe"

_sources: dict[str, Path] = {}
_modules: dict[str, dict[str, ModuleType]] = {}
"""Each loaded revision's ``tictactoe`` modules, by name (kept out of ``sys.modules``)."""


def source(revision: str) -> Path:
    """The ``src`` folder of ``revision``, extracted into a temporary folder (once); a
    folder that exists (another checkout's ``src``) is itself."""
    if Path(revision).is_dir():
        return Path(revision).resolve()
    if revision not in _sources:
        folder = Path(tempfile.mkdtemp(prefix=f"tictactoe-{revision}-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
        _sources[revision] = folder / "src"
    return _sources[revision]


def env(revision: str | None) -> dict[str, str]:
    """The environment of a subprocess that imports ``revision``'s package (None: today's)."""
    found = dict(os.environ)
    if revision is not None:
        found["PYTHONPATH"] = str(source(revision))
    return found


def _ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def load(revision: str, name: str) -> ModuleType:
    """Module ``name`` (such as ``tictactoe.core.board``) as it was at ``revision``."""
    path = str(source(revision))
    today = {key: module for key, module in sys.modules.items() if _ours(key)}
    for key in today:
        del sys.modules[key]
    old = _modules.setdefault(revision, {})
    sys.modules.update(old)
    sys.path.insert(0, path)
    try:
        module = importlib.import_module(name)
    finally:
        sys.path.remove(path)
        for key in [key for key in sys.modules if _ours(key)]:
            old[key] = sys.modules.pop(key)
        sys.modules.update(today)
    return module


def board(revision: str, position: Any) -> Any:
    """Today's ``position`` (a Board) as a Board of ``revision`` (same rules, same marks)."""
    rules = load(revision, "tictactoe.core.rules").Rules
    board_class = load(revision, "tictactoe.core.board").Board
    old_rules = rules(position.rules.m, position.rules.n, position.rules.k)
    return board_class(old_rules, position.x, position.o)
