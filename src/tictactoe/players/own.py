"""Opponents from outside the package: your own player in Python, and any Gomocup engine.

A name that is no level names one of these (:class:`Spec`; the registry's
entry for one is :class:`tictactoe.players.OwnPlayer`):

- a Python file - ``my_player.py``, or ``my_player.py:Name`` for one of
  several players in it - that defines ``choose(board)`` (the engine's
  :class:`~tictactoe.core.board.Board`, answering a cell), or a class with
  that method;
- ``module:name`` - a function or class of a module Python can import
  (from the current folder too);
- ``brain:COMMAND`` - a program that speaks the Gomocup protocol, such as
  ``brain:pbrain-rapfi`` (it plays five in a row, on the boards it accepts).

Each plays in a child process of its own (:mod:`tictactoe.players.script`,
:mod:`tictactoe.players.brain`), within the move's time limit. One that
raises, hangs, crashes, answers something that is no cell or plays an
illegal move raises :class:`PlayerForfeit`: it loses that game, and the
message says why (naming the file and line where Python does). Unless
trusted (``--trust``), each runs confined (:mod:`tictactoe.players.confinement`):
one that tries to write outside its folder, reach the network or start a
program loses the game too, with what it tried.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from collections.abc import Callable, Iterable
from enum import StrEnum
from importlib.machinery import PathFinder
from pathlib import Path
from typing import NamedTuple

from tictactoe.core.cells import label
from tictactoe.core.errors import N_, TicTacToeError, Wording, shown
from tictactoe.core.rules import Rules
from tictactoe.core.search import DEFAULT_SECONDS, Limits

ENGINE_PREFIX = "brain:"
"""What starts a Gomocup engine's name: ``brain:COMMAND``."""

ENGINE_K = 5
"""Gomocup engines play five in a row."""

TITLE_LENGTH = 40
"""Most characters of an engine's command shown as its name."""

PLAYER_FILE = "player.py"
"""A hand-in folder's file: ``NAME/player.py`` is NAME's player."""

_MODULE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_NAME = re.compile(r"[A-Za-z_]\w*")
_PYTHON = re.compile(r"python[\d.]*(?:\.exe)?", re.IGNORECASE)


class Kind(StrEnum):
    """What an own player is."""

    FILE = "file"
    MODULE = "module"
    ENGINE = "engine"


class Spec(NamedTuple):
    """An own player's name, taken apart: what it is, where it is, and which of its players."""

    kind: Kind
    target: str
    """The file (an absolute path), the module, or the engine's command line."""
    attribute: str = ""
    """The function or class to play (empty: the file's ``choose`` or its one player class)."""

    @classmethod
    def parse(cls, name: str) -> Spec | None:
        """The own player ``name`` names, or None when it names none (nothing is looked up)."""
        if not isinstance(name, str):
            return None
        text = name.strip()
        if text[: len(ENGINE_PREFIX)].lower() == ENGINE_PREFIX:
            return cls(Kind.ENGINE, text[len(ENGINE_PREFIX) :].strip())
        if text.lower().endswith(".py"):
            return cls(Kind.FILE, _absolute(text))
        where, _, attribute = text.rpartition(":")
        if where.lower().endswith(".py") and _NAME.fullmatch(attribute):
            return cls(Kind.FILE, _absolute(where), attribute)
        if _MODULE.fullmatch(where) and _NAME.fullmatch(attribute):
            return cls(Kind.MODULE, where, attribute)
        return None

    @property
    def name(self) -> str:
        """The name it is kept under (saved games, matches): a file's absolute path."""
        if self.kind is Kind.ENGINE:
            return ENGINE_PREFIX + self.target
        return f"{self.target}:{self.attribute}" if self.attribute else self.target

    @property
    def title(self) -> str:
        """The name players see: the student's (:func:`student_name`: ``my_player.py``,
        ``anna`` for ``anna/player.py``), the module's function, or the engine's program
        (``pbrain-rapfi``)."""
        if self.kind is Kind.FILE:
            base = student_name(self.target)
            return f"{base}:{self.attribute}" if self.attribute else base
        if self.kind is Kind.MODULE:
            return f"{self.target}:{self.attribute}"
        words = [os.path.basename(word) for word in self.argv() or [self.target]]
        if len(words) > 1 and _PYTHON.fullmatch(words[0]):  # python engine.py: the engine's name
            words = words[2:] if words[1] == "-m" else words[1:]
        title = " ".join(words)
        return title if len(title) <= TITLE_LENGTH else title[: TITLE_LENGTH - 1] + "…"

    @property
    def speaks_index(self) -> bool:
        """True for a Python player: its cells are the engine's numbers (0 to 8 from the top left
        on 3 x 3), as the lessons teach them; an engine speaks Gomocup's ``x,y``."""
        return self.kind is not Kind.ENGINE

    @property
    def file(self) -> str:
        """The file's name, the module's, or the engine's program: what messages point at."""
        if self.kind is Kind.FILE:
            return os.path.basename(self.target)
        if self.kind is Kind.MODULE:
            return self.target
        return self.title

    def argv(self) -> list[str]:
        """An engine's command, split as a shell would (empty if it cannot be)."""
        try:
            return shlex.split(self.target)
        except ValueError:
            return []

    def problem(self) -> str | None:
        """Why this player cannot be used at all (no such file, module or program), or None."""
        trouble = self.trouble()
        return None if trouble is None else trouble[0].format(**trouble[1])

    def trouble(self) -> tuple[str, dict[str, object]] | None:
        """:meth:`problem` as an English sentence with ``{fields}`` and their values."""
        if self.kind is Kind.FILE:
            if not os.path.isfile(self.target):
                return NO_FILE, {"file": shown(self.target, 80)}
            return None
        if self.kind is Kind.MODULE:
            top = self.target.split(".", 1)[0]
            if PathFinder.find_spec(top, [os.getcwd(), *_search_path()]) is None:
                return NO_MODULE, {"module": shown(top)}
            return None
        argv = self.argv()
        if not argv:
            return NOT_A_COMMAND, {"command": shown(self.target)}
        if _program(argv[0]) is None:
            return NO_PROGRAM, {"program": shown(argv[0], 80)}
        return None

    def syntax(self) -> tuple[str, dict[str, object]] | None:
        """A Python file's syntax error, found by compiling it (nothing in it is run), or None."""
        if self.kind is not Kind.FILE:
            return None
        try:
            with open(self.target, "rb") as source:
                compile(source.read(), self.target, "exec", dont_inherit=True)
        except SyntaxError as error:
            where = {"file": self.file, "line": error.lineno or 1}
            return CANNOT_PLAY, {**where, "error": f"{type(error).__name__}: {error.msg}"}
        except (OSError, ValueError) as error:
            return UNREADABLE, {"file": self.file, "error": str(error)}
        return None


def check(name: str, gettext: Callable[[str], str]) -> str | None:
    """What keeps the own player ``name`` from playing, in the language of ``gettext``, or None:
    no such file, module or program, or a Python file's syntax error."""
    spec = Spec.parse(name)
    trouble = None if spec is None else spec.trouble() or spec.syntax()
    return None if trouble is None else gettext(trouble[0]).format(**trouble[1])


def student_name(path: str) -> str:
    """The name a player file is known by everywhere (tables, saved games, ``games --player``):
    the file's (``carla.py``), or the folder's for a hand-in's ``anna/player.py`` (``anna``)."""
    file = Path(path)
    if file.name.lower() == PLAYER_FILE and file.resolve().parent.name:
        return file.resolve().parent.name
    return file.name


def student_folder(path: str) -> str:
    """The name of the folder a student's hand-in is in (``class`` for ``class/anna/player.py``
    and ``class/carla.py``), to tell apart two students of the same name."""
    file = Path(path).resolve()
    student = file.parent if file.name.lower() == PLAYER_FILE else file
    return student.parent.name


def hand_in(paths: Iterable[str]) -> list[str]:
    """The player files ``paths`` name: each file (or other name) as it is, and in each folder its
    ``*.py`` files and its folders' ``player.py``, in name order."""
    found: list[str] = []
    for path in paths:
        folder = Path(path)
        if not folder.is_dir():
            found.append(path)
            continue
        for entry in sorted(folder.iterdir(), key=lambda entry: entry.name.lower()):
            if entry.is_file() and entry.suffix.lower() == ".py":
                found.append(str(entry))
            elif entry.is_dir() and (entry / PLAYER_FILE).is_file():
                found.append(str(entry / PLAYER_FILE))
    return found


# --- a player file's cells, as the lessons name them -----------------------------------------

PLACES = (
    N_("top left"),
    N_("top"),
    N_("top right"),
    N_("left"),
    N_("centre"),
    N_("right"),
    N_("bottom left"),
    N_("bottom"),
    N_("bottom right"),
)
"""Where each cell of 3 x 3 is, from the top left."""


class CellSaid(NamedTuple):
    """A cell as a Python player names it: what it answered (its number, 0 to 8 from the top
    left on 3 x 3, or a row and a column) and where the cell is. A forfeit's value that is said
    in the language it is shown in (it is :class:`~tictactoe.core.errors.Sayable`)."""

    rules: Rules
    cell: int
    answer: str = ""
    """What the player answered, when not the cell's number (``(1, 1)``)."""

    def said(self, gettext: Callable[[str], str]) -> str:
        """``0, top left`` on 3 x 3 (``12, c3`` on other boards), in the language of
        ``gettext``."""
        rules = self.rules
        if (rules.m, rules.n) == (3, 3):
            place = gettext(PLACES[self.cell])
        else:
            place = label(rules, self.cell)
        return f"{self.answer or self.cell}, {place}"


def cell_said(rules: Rules, cell: int, gettext: Callable[[str], str]) -> str:
    """A Python player's cell as the lessons name it, in the language of ``gettext``:
    ``0, top left`` (see :class:`CellSaid`)."""
    return CellSaid(rules, cell).said(gettext)


def _absolute(path: str) -> str:
    return os.path.abspath(os.path.expanduser(path))


def _search_path() -> list[str]:
    import sys

    return [entry for entry in sys.path if entry]


def _program(word: str) -> str | None:
    """The program ``word`` runs (a path, or a name on the PATH), or None."""
    if os.sep in word or (os.altsep and os.altsep in word):
        return word if os.path.isfile(word) and os.access(word, os.X_OK) else None
    return shutil.which(word)


def move_seconds(limits: Limits | None, think: float | None) -> float:
    """The time limit of one move: the game's (``limits``), else ``think``, else one second."""
    if limits is not None and limits.seconds is not None:
        return limits.seconds
    return think if think is not None else DEFAULT_SECONDS


# --- what is wrong with one ------------------------------------------------------------

NO_FILE = N_("There is no file {file}.")
NO_MODULE = N_("There is no module {module} here or where Python looks.")
NO_PROGRAM = N_("There is no program {program}.")
NOT_A_COMMAND = N_("{command} is not a command: write brain: and an engine's command.")
CANNOT_PLAY = N_("{file} cannot play: {error} at line {line}.")
UNREADABLE = N_("{file} cannot be read: {error}")


# --- losing by failing ---------------------------------------------------------------------

LOSES = N_("{player} loses this game: {reason}")
"""The sentence a forfeit is said in; ``{reason}`` is one of the reasons below."""

RAISED_AT = N_("it raised {error} at line {line} of {file}.")
RAISED = N_("it raised {error}.")
NOT_LOADED_AT = N_("it could not be loaded: {error} at line {line} of {file}.")
NOT_LOADED = N_("it could not be loaded: {error}.")
NOT_STARTED = N_("it could not be started: {error}.")
TOO_SLOW = N_("it took longer than {seconds:g} s to move.")
STOPPED = N_("it stopped without answering.")
STOPPED_SAYING = N_("it stopped without answering. Its last words: {words}")
NOT_A_CELL = N_("it answered {answer}, which is not a cell.")
TAKEN = N_("it played {cell}, which is taken.")
OFF_THE_BOARD = N_("it played {cell}, which is off the board.")
ENGINE_ERROR = N_("it answered {answer}.")


class Fault(StrEnum):
    """How an own player failed, in short: what a window's result calls its loss ("ran out of
    time"); the reason says it in full."""

    TIME = "time"
    CRASH = "crash"
    TAKEN = "taken"
    OFF_THE_BOARD = "off-the-board"
    NOT_A_CELL = "not-a-cell"
    NOT_STARTED = "not-started"
    FORBIDDEN = "forbidden"
    """A confined player that tried what it may not (:mod:`tictactoe.players.confinement`)."""


FAULTS = {
    TOO_SLOW: Fault.TIME,
    RAISED_AT: Fault.CRASH,
    RAISED: Fault.CRASH,
    STOPPED: Fault.CRASH,
    STOPPED_SAYING: Fault.CRASH,
    ENGINE_ERROR: Fault.CRASH,
    NOT_LOADED_AT: Fault.NOT_STARTED,
    NOT_LOADED: Fault.NOT_STARTED,
    NOT_STARTED: Fault.NOT_STARTED,
    NOT_A_CELL: Fault.NOT_A_CELL,
    TAKEN: Fault.TAKEN,
    OFF_THE_BOARD: Fault.OFF_THE_BOARD,
}
"""The fault of each of this module's reasons (another module's reason names its own)."""


class PlayerForfeit(TicTacToeError):
    """A computer player failed to move: it loses the game (a forfeit), and this says why.

    :attr:`reason` is an English sentence with ``{fields}`` (one of this
    module's reasons) that front ends translate, filled with :attr:`values`;
    :attr:`fault` is what it comes to in short (given with a reason of another module's,
    else found in :data:`FAULTS`; a reason not there is a crash).
    """

    def __init__(
        self, player: str, reason: str, *, fault: Fault | None = None, **values: object
    ) -> None:
        self.player = player
        """The player's name as players see it (``my_player.py``)."""
        self.reason = reason
        self.values = values
        self.fault = fault if fault is not None else FAULTS.get(reason, Fault.CRASH)
        super().__init__(Wording(LOSES, player=player, reason=self.why))

    @property
    def why(self) -> Wording:
        """The reason alone ("it took longer than 1 s to move.")."""
        return Wording(self.reason, **self.values)


class PlayerUnavailable(TicTacToeError):
    """An own player that cannot play this board at all (an engine refused its size)."""
