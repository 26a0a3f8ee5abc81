"""Lessons in writing players, and the checker that says what is wrong with one.

``tictactoe learn`` lists the lessons and writes a lesson's starter file;
``tictactoe check PLAYER.py`` runs the checks. A starter checks itself when
run as a script (F5 in IDLE or Thonny)::

    if __name__ == "__main__":
        from tictactoe.lessons import check
        check(__file__, lesson=3)
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.texts.i18n import Translator


def checked_text(tr: Translator, path: str, lesson: int | None = None) -> tuple[str, bool]:
    """The report on the player file ``path`` (``lesson``'s checks, else how it plays 3 x 3)
    in the language of ``tr``, and whether every check passed."""
    from tictactoe.lessons import report
    from tictactoe.lessons.catalog import lesson as find

    chosen = find(lesson) if lesson is not None else None
    checked = report.run([path], report.checks_for(chosen))[0]
    return report.report(tr, checked, chosen), checked.passed


def check(path: str, lesson: int | None = None, *, lang: str | None = None) -> bool:
    """Check the player file ``path`` (for ``lesson``'s checks, else how it plays 3 x 3), print
    the report, and return whether every check passed."""
    from tictactoe.texts.i18n import translator

    text, passed = checked_text(translator(lang), path, lesson)
    print(text, file=sys.stdout, flush=True)
    return passed
