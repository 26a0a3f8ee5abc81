"""The engine (:mod:`tictactoe.core`) imports only the standard library and itself."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import tictactoe.core

CORE = Path(tictactoe.core.__file__).parent


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import statement in ``path``, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(("tictactoe", *path.relative_to(CORE.parent).with_suffix("").parts))
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def _allowed(module: str) -> bool:
    top = module.partition(".")[0]
    return (
        module == "tictactoe.core"
        or module.startswith("tictactoe.core.")
        or (top in sys.stdlib_module_names and top != "tictactoe")
    )


def test_the_core_has_modules() -> None:
    names = {path.stem for path in CORE.rglob("*.py")}
    assert {"rules", "board", "cells", "errors", "solver", "analysis", "simple"} <= names


def test_every_core_import_is_stdlib_or_core() -> None:
    bad = [
        f"{path.relative_to(CORE.parent)}:{line}: {module}"
        for path in sorted(CORE.rglob("*.py"))
        for line, module in _imported_modules(path)
        if not _allowed(module)
    ]
    assert not bad, "the core imports outside the standard library:\n" + "\n".join(bad)


def test_the_checker_catches_a_bad_import(tmp_path: Path) -> None:
    # The check above must be able to fail: the same scan flags these.
    assert not _allowed("platformdirs")
    assert not _allowed("tictactoe.game")
    assert not _allowed("tictactoe.players")
    assert _allowed("tictactoe.core.board")
    assert _allowed("itertools")


def test_importing_every_core_module_loads_nothing_else() -> None:
    modules = sorted(
        ".".join(("tictactoe", *path.relative_to(CORE.parent).with_suffix("").parts)).removesuffix(
            ".__init__"
        )
        for path in CORE.rglob("*.py")
    )
    script = (
        "import sys, importlib\n"
        f"sys.path.insert(0, {str(CORE.parent.parent)!r})\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "loaded = [m for m in sys.modules if m.partition('.')[0] not in sys.stdlib_module_names"
        " and m != '__main__']\n"
        "print('\\n'.join(sorted(loaded)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-E", "-c", script],  # no site: nothing from site-packages
        capture_output=True,
        text=True,
        check=True,
    )
    outside = [
        name
        for name in result.stdout.split()
        if name != "tictactoe" and not name.startswith("tictactoe.core")
    ]
    assert not outside, f"importing the core loaded {outside}"
