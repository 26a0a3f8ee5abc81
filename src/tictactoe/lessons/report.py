"""Running the checks on player files and saying what they found: a report a player (text that
reads well in an editor's shell or on a projector), one table for a class, JSON and CSV.

Cells are named as the lessons teach them: the number the player file answers (0 to 8 from
the top left on 3 x 3) and where it is ("0, top left"); on bigger boards the number and the
coordinates ("12, c3").
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

from tictactoe.core import Board, Numbering
from tictactoe.lessons.catalog import Lesson
from tictactoe.lessons.checks import CHECKS, PLAYING, Checker, Known, Result
from tictactoe.players.own import cell_said, student_name
from tictactoe.session.board_text import render
from tictactoe.session.picture import BoardPicture
from tictactoe.texts.i18n import Translator


class Checked(NamedTuple):
    """One player file's results."""

    path: str
    name: str
    """The student's name: the file's, or the folder's for ``NAME/player.py``."""
    results: tuple[Result, ...]
    seeds: int
    """How many seeds it was checked under (more than one: it plays at random)."""

    @property
    def passed(self) -> bool:
        """True when every check passed."""
        return all(result.passed for result in self.results)


def checks_for(lesson: Lesson | None) -> tuple[str, ...]:
    """The checks that count: the lesson's, else how the player plays 3 x 3."""
    return lesson.checks if lesson is not None else PLAYING


def run(
    paths: Sequence[str], checks: Sequence[str], *, think: float = 1.0, workers: int = 0
) -> list[Checked]:
    """Every check of ``checks`` on each file of ``paths``, several files at once (each player
    plays in a process of its own)."""
    known = Known()
    known.lost()  # worked out once, before the threads share it
    known.won()

    def one(path: str) -> Checked:
        checker = Checker(path, think=think, known=known)
        try:
            results = tuple(checker.result(check) for check in checks)
            return Checked(path, student_name(path), results, len(checker.seeds))
        finally:
            checker.close()

    count = workers or max(1, min(len(paths), os.cpu_count() or 1))
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, paths))


# --- saying it ------------------------------------------------------------------------------


def cell(tr: Translator, board: Board, found: int) -> str:
    """``found`` as the player file names it, and where it is: ``0, top left``."""
    return cell_said(board.rules, found, tr.gettext)


def cells(tr: Translator, board: Board, found: Iterable[int]) -> str:
    """Several cells, each as :func:`cell` says it."""
    return tr.gettext(" or ").join(cell(tr, board, one) for one in found)


def said(tr: Translator, result: Result) -> str:
    """The result's sentence in the language of ``tr``."""
    values = {
        key: tr.gettext(value) if key == "than" and isinstance(value, str) else value
        for key, value in result.values.items()
    }
    return tr.gettext(result.said).format(**values)


def drawn(board: Board, chose: int | None = None) -> list[str]:
    """The position as the lessons number it, the chosen cell in parentheses."""
    return render(BoardPicture.of(board), Numbering.INDEX, recommended=chose).splitlines()


def example_lines(tr: Translator, result: Result) -> list[str]:
    """Where the check failed: the position, the cell chosen, the cells it should have, the
    reason it did not play, or the game that went wrong move by move."""
    example = result.example
    if example is None:
        return []
    board = example.board
    lines = []
    if example.game:
        position = board
        for number, move in enumerate(example.game, 1):
            mark = position.turn
            position = position.play(move)
            lines.append(f"{number}. {mark} {cell(tr, position, move)}")
        lines += drawn(position)
        return lines
    lines += drawn(board, example.chose)
    lines.append(tr.gettext("{side} to move.").format(side=board.turn))
    if example.forfeit is not None:
        lines.append(example.forfeit.said(tr.gettext))
    if example.chose is not None:
        lines.append(tr.gettext("It played {cell}.").format(cell=cell(tr, board, example.chose)))
    if example.should and len(example.should) < board.rules.size - board.move_count:
        shown = cells(tr, board, example.should)
        lines.append(tr.gettext("It should have played {cells}.").format(cells=shown))
    if example.seed is not None and example.seed > 0:
        lines.append(tr.gettext("(under seed {seed})").format(seed=example.seed))
    return lines


def mark_of(tr: Translator, passed: bool | None) -> str:
    """A check's verdict in a word."""
    if passed is None:
        return tr.gettext("not checked")
    return tr.gettext("passed") if passed else tr.gettext("FAILED")


def report(tr: Translator, checked: Checked, lesson: Lesson | None) -> str:
    """One player's checks, each passed or not and why, with the position where it failed."""
    title = (
        tr.gettext("Lesson {number}: {title}").format(
            number=lesson.number, title=tr.gettext(lesson.title)
        )
        if lesson is not None
        else tr.gettext("How it plays 3 x 3")
    )
    lines = [tr.gettext("Checking {name} - {title}").format(name=checked.name, title=title)]
    if checked.seeds > 1:
        lines.append(
            tr.gettext("It plays at random: checked under {seeds} seeds.").format(
                seeds=checked.seeds
            )
        )
    for result in checked.results:
        asks = tr.gettext(CHECKS[result.check].asks)
        lines.append("")
        lines.append(f"[{mark_of(tr, result.passed)}] {asks}")
        lines.append("    " + said(tr, result))
        lines += ["    " + line for line in example_lines(tr, result)]
    passed = sum(1 for result in checked.results if result.passed)
    lines.append("")
    lines.append(
        tr.gettext("{passed} of {count} checks passed.").format(
            passed=passed, count=len(checked.results)
        )
    )
    return "\n".join(lines)


def table_rows(tr: Translator, every: Sequence[Checked]) -> list[list[str]]:
    """A row a student and a column a check (a heading row first): yes, no or -."""
    checks = [result.check for result in every[0].results] if every else []
    rows = [[tr.gettext("student"), *(tr.gettext(CHECKS[check].title) for check in checks)]]
    words = {True: tr.gettext("yes"), False: tr.gettext("no"), None: "-"}
    for checked in every:
        rows.append([checked.name, *(words[result.passed] for result in checked.results)])
    return rows


def table(tr: Translator, every: Sequence[Checked]) -> str:
    """:func:`table_rows` lined up in columns, for a projector."""
    rows = table_rows(tr, every)
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def csv_text(tr: Translator, every: Sequence[Checked]) -> str:
    """:func:`table_rows` as CSV (a spreadsheet opens it)."""
    out = io.StringIO()
    csv.writer(out).writerows(table_rows(tr, every))
    return out.getvalue()


def as_json(tr: Translator, checked: Checked) -> dict[str, object]:
    """One player's results as plain data: every check, and ``passed`` overall."""
    every = []
    for result in checked.results:
        found: dict[str, object] = {
            "check": result.check,
            "passed": result.passed,
            "said": said(tr, result),
        }
        example = result.example
        if example is not None:
            found["example"] = {
                "board": example.board.text,
                "chose": example.chose,
                "should": list(example.should),
                "game": list(example.game),
                "why": None if example.forfeit is None else example.forfeit.said(tr.gettext),
            }
        every.append(found)
    return {
        "file": checked.path,
        "name": checked.name,
        "seeds": checked.seeds,
        "passed": checked.passed,
        "checks": every,
    }
