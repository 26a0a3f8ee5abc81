"""A lesson's starter file: what the lesson asks (in the student's language), the player of
the lesson before, and the lines that check it when the file is run (F5)."""

from __future__ import annotations

from pathlib import Path

from tictactoe.lessons.catalog import Lesson
from tictactoe.texts.i18n import Translator

CHECK_ON_RUN = """

if __name__ == "__main__":  # run this file (F5 in IDLE or Thonny) to check it
    from tictactoe.lessons import check

    check(__file__, lesson={number})
"""


def file_name(lesson: Lesson) -> str:
    """The starter's file name: ``lesson03_win_block.py``."""
    return f"lesson{lesson.number:02d}_{lesson.name}.py"


def starter(tr: Translator, lesson: Lesson) -> str:
    """The starter file's text."""
    heading = tr.gettext("Lesson {number}: {title}").format(
        number=lesson.number, title=tr.gettext(lesson.title)
    )
    text = tr.gettext(lesson.text).replace('"""', "'''")
    doc = f'"""{heading}\n\n{_wrapped(text)}\n"""\n\n'
    return doc + lesson.code + CHECK_ON_RUN.format(number=lesson.number)


def write(tr: Translator, lesson: Lesson, folder: Path) -> Path | None:
    """Write the starter into ``folder``; None (nothing written) when the file is there."""
    path = folder / file_name(lesson)
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write(starter(tr, lesson))
    except FileExistsError:
        return None
    return path


def _wrapped(text: str, width: int = 79) -> str:
    """``text`` in lines of at most ``width`` characters (words are not split)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)
