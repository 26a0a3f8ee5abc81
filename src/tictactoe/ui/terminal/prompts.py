"""Asking questions over injectable streams, again and again until the answer is valid."""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from collections.abc import Callable
from typing import TextIO, TypeVar

from tictactoe.console import LineReader, shown
from tictactoe.texts.i18n import Translator

T = TypeVar("T")

LINE_LIMIT = 1000
"""Longest answer read; the rest of a longer line is dropped unread into memory."""


class Invalid(Exception):
    """An answer that is not valid; the (translated) message says why and what to type."""


class LineTooLong(Invalid):
    """A line longer than :data:`LINE_LIMIT`: cut, the rest dropped; the message says so."""


class Quit(Exception):
    """The player typed ``quit`` (or a word for it) at a prompt."""


def too_long_message(tr: Translator) -> str:
    """What :class:`Prompter` says about an answer over :data:`LINE_LIMIT` characters."""
    return tr.gettext("That answer is too long (more than {limit} characters).")


class Prompter:
    """Reads answers from ``source`` and writes questions and messages to ``sink``.

    End of input raises :class:`EOFError`; an answer in ``quit_words``
    (compared after :func:`normal`) raises :class:`Quit`. When the input is
    not a terminal the answer read is echoed after the question, so a piped
    session reads like a transcript. On a terminal :func:`input` is used,
    with :mod:`readline` for line editing (arrow keys, history) where it exists.
    """

    def __init__(
        self,
        source: TextIO,
        sink: TextIO,
        quit_words: frozenset[str] = frozenset(),
        *,
        too_long: str = "That answer is too long (more than {limit} characters).",
    ) -> None:
        self.source = source
        self.sink = sink
        self.quit_words = quit_words
        self.too_long = too_long
        """What is said about an answer longer than :data:`LINE_LIMIT` (``{limit}`` in it)."""
        self.lines = LineReader(source, LINE_LIMIT)
        self.interactive = _isatty(source) and source is sys.stdin and sink is sys.stdout
        if self.interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (input() edits lines once it is loaded)

    def say(self, text: str = "") -> None:
        """Print ``text`` and a newline."""
        self.sink.write(text + "\n")
        self.sink.flush()

    def read(self, question: str) -> str:
        """One line of input after showing ``question`` (no newline at its end)."""
        if self.interactive:
            try:
                return input(question + " ")
            except EOFError:
                self.sink.write("\n")  # Ctrl-D leaves the cursor after the question
                raise
        self.sink.write(question + " ")
        self.sink.flush()
        line = self.lines.readline()
        if not line:
            self.sink.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        self.sink.write(shown(answer) + "\n")
        if self.lines.cut:
            raise LineTooLong(self.too_long.format(limit=LINE_LIMIT))
        return answer

    def ask(self, question: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` accepts the answer; :class:`Invalid` messages are shown."""
        while True:
            try:
                text = self.read(question)
            except LineTooLong as problem:
                self.say(str(problem))
                continue
            if normal(text) in self.quit_words:
                raise Quit
            try:
                return parse(text)
            except Invalid as problem:
                self.say(str(problem))


def normal(text: str) -> str:
    """``text`` trimmed, NFC-normalised, case-folded and with inner spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
