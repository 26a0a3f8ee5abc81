"""The package's layers, read from its source: the wings at its top and the order they import
in, no import circle anywhere, and each front end's parts never import the window or game loop
that assembles them."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SOURCE / "tictactoe"


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(path: Path, known: set[str]) -> Iterator[str]:
    """The package's modules that ``path`` imports, anywhere in it (type-checking-only and
    function-level imports included: they are dependencies too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:  # a module by its name; any other name from its module
                submodule = f"{node.module}.{alias.name}"
                if submodule in known:
                    yield submodule
                elif node.module in known:
                    yield node.module


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {name: set(imported(path, known)) - {name} for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_is_read_from_the_source() -> None:
    graph = import_graph()
    assert "tictactoe.core.board" in graph["tictactoe.game"]
    assert "tictactoe.ui.tk.keys" in graph["tictactoe.ui.tk.app"]


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_is_in_an_import_circle() -> None:
    assert circles(import_graph()) == []


WINGS = (
    "console",
    "core",
    "gomocup",
    "players",
    "game",
    "texts",
    "saved",
    "session",
    "matches",
    "lessons",
    "online",
    "ui",
    "cli",
    "__main__",
)
"""The top of the package, lowest first: a module may import its own wing and the wings before
it, never one after it (docs/architecture.md says why each sits where it does)."""


def wing(module: str) -> str:
    """The top-level module or folder of the package a module belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_top_of_the_package_is_a_few_modules_and_the_wings() -> None:
    modules = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert len(modules) + 1 <= 4, modules
    assert len(folders) <= 14, folders
    assert sorted(modules + folders) == sorted(WINGS)


def test_no_wing_imports_one_above_it() -> None:
    rank = {name: place for place, name in enumerate(WINGS)}
    upward = sorted(
        f"{name} -> {other}"
        for name, imports in import_graph().items()
        if wing(name)
        for other in imports
        if wing(other) and rank[wing(other)] > rank[wing(name)]
    )
    assert upward == []


def test_the_wing_rule_would_catch_an_upward_import() -> None:
    graph = import_graph()
    assert wing("tictactoe.saved.archive") == "saved"
    assert "tictactoe.players" in graph["tictactoe.saved.archive"], "a downward import is read"


ASSEMBLERS = {
    "tictactoe.ui.tk": {"tictactoe.ui.tk.app"},
    "tictactoe.ui.pgz": {"tictactoe.ui.pgz.app", "tictactoe.ui.pgz.runner"},
}
"""Each window's modules that put its parts together (and run its loop)."""


def test_the_windows_parts_never_import_what_assembles_them() -> None:
    graph = import_graph()
    for package, assemblers in ASSEMBLERS.items():
        parts = [n for n in graph if n.startswith(package + ".") and n not in assemblers]
        assert parts, package
        users = sorted(name for name in parts if graph[name] & assemblers)
        assert users == [], f"{users} import one of {sorted(assemblers)}"


FRONT_ENDS = "tictactoe.ui"
SERVICES = frozenset(
    {
        "tictactoe.core",
        "tictactoe.players",
        "tictactoe.game",
        "tictactoe.session",
        "tictactoe.session.boards",
        "tictactoe.session.jobs",
        "tictactoe.session.notices",
        "tictactoe.session.picture",
        "tictactoe.session.replay",
        "tictactoe.texts.sentences",
        "tictactoe.saved.archive",
        "tictactoe.saved.safe_file",
        "tictactoe.saved.writer",
        "tictactoe.saved.scoreboard",
        "tictactoe.saved.settings",
        "tictactoe.texts.i18n",
        "tictactoe.session.sound",
        "tictactoe.console",
        "tictactoe.saved.paths",
        "tictactoe.session.colours",
        "tictactoe.session.board_text",
        "tictactoe.lessons",
    }
)
"""What a front end may import besides its own package, the core's public face and online play
(any module of :mod:`tictactoe.online`): the game controller and the services every front end
shares."""

PUBLIC_CORE = frozenset(
    {
        "tictactoe.core",
        "tictactoe.core.advice",
        "tictactoe.core.analysis",
        "tictactoe.core.numbers",
        "tictactoe.core.records",
        "tictactoe.core.exact.solver",
        "tictactoe.core.strategies.perfect",
        "tictactoe.core.tree",
    }
)
"""The core's public face: the package's own names and the modules that cost more to load
(tictactoe.core's docstring lists them); a front end imports nothing else of the core."""


def test_front_ends_import_the_cores_public_names_and_the_shared_services_only() -> None:
    graph = import_graph()
    wrong = {
        name: sorted(
            other
            for other in imports
            if not other.startswith((FRONT_ENDS + ".", "tictactoe.online"))
            and other not in SERVICES | PUBLIC_CORE | {"tictactoe"}
        )
        for name, imports in graph.items()
        if name.startswith(FRONT_ENDS + ".")
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_front_end_rule_would_catch_a_core_module() -> None:
    graph = import_graph()
    assert "tictactoe.core" in graph["tictactoe.ui.tk.app"], "the core's public names"
    assert "tictactoe.core.board" in graph["tictactoe.game"], "a core module, outside a front end"
    assert "tictactoe.core.board" not in PUBLIC_CORE


FRONT_END_CONTRACT = {"tictactoe.ui.pgz": ("tictactoe.saved", "tictactoe.game")}
"""Front ends that reach the game through the session alone (docs/architecture.md, "The
front-end contract"): none of their modules imports these wings."""


def test_the_pygame_zero_window_reaches_the_game_through_the_session_only() -> None:
    graph = import_graph()
    for package, kept_out in FRONT_END_CONTRACT.items():
        modules = [name for name in graph if name == package or name.startswith(package + ".")]
        assert "tictactoe.ui.pgz.app" in modules
        found = sorted(
            f"{name} -> {other}"
            for name in modules
            for other in graph[name]
            if any(other == wing or other.startswith(wing + ".") for wing in kept_out)
        )
        assert found == []
        assert "tictactoe.session" in graph["tictactoe.ui.pgz.app"]
