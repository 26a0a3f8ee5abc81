"""Starting the game keeps C libraries' complaints (ALSA without a sound card) off the terminal."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import os, sys
from tictactoe.ui.pgz.runner import native_stderr_silenced
with native_stderr_silenced():
    os.write(2, b"ALSA lib pcm.c: Unknown PCM default\\n")
print("after", file=sys.stderr)
"""


def test_native_stderr_is_silenced_then_restored() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, check=True
    )
    assert "ALSA" not in result.stderr
    assert result.stderr.strip() == "after"
