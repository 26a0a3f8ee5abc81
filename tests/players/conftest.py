"""Players written to files for the tests: a good one, and every way one can go wrong."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

SOURCES = {
    "first_free.py": """
        def choose(board):
            return board.legal_moves()[0]
    """,
    "raises.py": """
        def choose(board):
            cells = board.legal_moves()
            return cells[0] // 0
    """,
    "hangs.py": """
        def choose(board):
            while True:
                pass
    """,
    "banana.py": """
        def choose(board):
            print("thinking hard")
            return "banana"
    """,
    "cheats.py": """
        def choose(board):
            return 0
    """,
    "exits.py": """
        import os, sys

        def choose(board):
            print("goodbye, cruel board", file=sys.stderr)
            sys.stderr.flush()
            os._exit(3)
    """,
}


@pytest.fixture
def player_file(tmp_path: Path) -> Callable[[str], str]:
    """Writes one of :data:`SOURCES` (or any source as ``name=text``) and returns its path."""

    def write(name: str, source: str | None = None) -> str:
        path = tmp_path / name
        path.write_text(textwrap.dedent(source if source is not None else SOURCES[name]))
        return str(path)

    return write
