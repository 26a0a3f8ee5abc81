"""Asking questions over injectable streams, again and again until the answer is valid."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from typing import TextIO, TypeVar

T = TypeVar("T")

ECHO_LIMIT = 40
"""Longest piece of a bad answer quoted back to the user."""


class Invalid(Exception):
    """An answer that is not valid; the (translated) message says why and what to type."""


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` safe to print: control characters replaced, cut to ``limit`` characters."""
    cleaned = "".join(
        "?" if unicodedata.category(char).startswith("C") else char for char in text.strip()
    )
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


class Prompter:
    """Reads answers from ``source`` and writes questions and messages to ``sink``.

    End of input raises :class:`EOFError`. When the input is not a terminal
    the answer read is echoed after the question, so a piped session reads
    like a transcript. On a terminal :func:`input` is used, for line editing.
    """

    def __init__(self, source: TextIO, sink: TextIO) -> None:
        self.source = source
        self.sink = sink
        self.interactive = _isatty(source) and source is sys.stdin and sink is sys.stdout

    def say(self, text: str = "") -> None:
        """Print ``text`` and a newline."""
        self.sink.write(text + "\n")
        self.sink.flush()

    def read(self, question: str) -> str:
        """One line of input after showing ``question`` (no newline at its end)."""
        if self.interactive:
            return input(question + " ")
        self.sink.write(question + " ")
        self.sink.flush()
        line = self.source.readline()
        if not line:
            self.sink.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        self.sink.write(shown(answer) + "\n")
        return answer

    def ask(self, question: str, parse: Callable[[str], T]) -> T:
        """Ask until ``parse`` accepts the answer; :class:`Invalid` messages are shown."""
        while True:
            text = self.read(question)
            try:
                return parse(text)
            except Invalid as problem:
                self.say(str(problem))


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
