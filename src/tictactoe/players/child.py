"""The process a player written in Python plays in: ``python -m tictactoe.players.child NAME``.

:class:`~tictactoe.players.script.ScriptPlayer` starts it with the player's
name (a file, ``file.py:Name`` or ``module:name``). It loads the player and
says so in one line of JSON on its standard output - ``{"ready": true}``, or
``{"failed": ...}`` and it ends - then answers one request a line: a
position in (``{"m", "n", "k", "x", "o", "new"}``: the board, its two
bitboards, and whether a new game began), one answer out:

- ``{"cell": 4}`` for an int, ``{"row_col": [1, 1]}`` for a pair of ints;
- ``{"junk": "'b2!'"}`` for anything else the player returned;
- ``{"error": "ZeroDivisionError: division by zero", "file": ..., "line": 7}``
  when it raised;
- ``{"forbidden": {"what": "write", "path": ...}}`` when a confined player
  tried something it may not do or used up a limit, and the process ends.

``--guard TERMS`` before the name confines the player
(:class:`~tictactoe.players.guard.Guard`, set up before the player is loaded).

The player's own ``print`` output and anything else it writes go to
standard error, never into the answers; it reads nothing (its standard
input is empty). A class is made once, and made again when a new game
begins. Ctrl-C is the parent's to handle; the process ends when its parent
has gone, even in the middle of a move.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import operator
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, TextIO

from tictactoe.core.board import Board
from tictactoe.core.rules import Rules
from tictactoe.players.guard import Guard, Terms, overuse_report

PARENT_CHECK_SECONDS = 0.5
MESSAGE_LENGTH = 200
"""Most characters of an error's message sent back."""
ANSWER_LENGTH = 60
"""Most characters of a junk answer sent back."""

Chooser = Callable[[Board], object]


class LoadError(Exception):
    """The player cannot be found in what was loaded."""


class Loaded:
    """The player: where it came from, and how to make it again for a new game."""

    def __init__(self, source: object, file: str) -> None:
        self.source = source
        """The function, class or object with ``choose``."""
        self.file = file
        """The file it is written in: errors point at lines of this file."""
        self.choose: Chooser = self._make()

    def _make(self) -> Chooser:
        source = self.source
        if inspect.isclass(source):
            source = source()
        choose = source if inspect.isfunction(source) else getattr(source, "choose", None)
        if not callable(choose):
            raise LoadError(f"{_name_of(self.source)} has no choose(board) method")
        return choose

    def new_game(self) -> None:
        """A class's player is made again; a function has nothing to forget."""
        if inspect.isclass(self.source):
            self.choose = self._make()


def load(name: str) -> Loaded:
    """The player ``name`` names: a file (``path.py`` or ``path.py:Name``) or ``module:name``."""
    where, _, attribute = name.rpartition(":")
    if name.lower().endswith(".py"):
        where, attribute = name, ""
    if where.lower().endswith(".py"):
        module = _load_file(Path(where))
    else:
        sys.path.insert(0, os.getcwd())
        module = importlib.import_module(where)
    file = str(Path(module.__file__ or where).resolve())
    if attribute:
        if not hasattr(module, attribute):
            raise LoadError(f"{Path(file).name} has no {attribute!r}")
        return Loaded(getattr(module, attribute), file)
    return Loaded(_player_in(module), file)


def _load_file(path: Path) -> ModuleType:
    path = path.resolve()
    sys.path.insert(0, str(path.parent))  # its own helper modules can be imported
    name = path.stem if path.stem.isidentifier() else "player"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise LoadError(f"{path.name} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _player_in(module: ModuleType) -> object:
    """The module's ``choose`` function, else the one class defined in it with ``choose``."""
    found = getattr(module, "choose", None)
    if callable(found):
        return found
    classes = [
        value
        for value in vars(module).values()
        if inspect.isclass(value)
        and value.__module__ == module.__name__
        and callable(getattr(value, "choose", None))
    ]
    file = Path(module.__file__ or "").name
    if len(classes) == 1:
        return classes[0]
    if classes:
        names = ", ".join(value.__name__ for value in classes)
        raise LoadError(
            f"{file} has several players ({names}): choose one, like {file}:{classes[0].__name__}"
        )
    raise LoadError(f"{file} defines no choose(board) function and no class with that method")


def _name_of(value: object) -> str:
    return str(getattr(value, "__name__", type(value).__name__))


# --- answers ------------------------------------------------------------------------------


def answer_of(value: object) -> dict[str, object]:
    """What the player returned, as the answer sent back (a cell, a row and column, or junk)."""
    if not isinstance(value, bool):
        try:
            return {"cell": operator.index(value)}  # type: ignore[arg-type]
        except TypeError:
            pass
    if isinstance(value, tuple | list) and len(value) == 2:
        try:
            if not any(isinstance(part, bool) for part in value):
                return {"row_col": [operator.index(part) for part in value]}
        except TypeError:
            pass
    text = _repr(value)
    return {"junk": text if len(text) <= ANSWER_LENGTH else text[: ANSWER_LENGTH - 1] + "…"}


def _repr(value: object) -> str:
    try:
        return repr(value)
    except Exception:  # a player's own __repr__ may fail too
        return f"a {type(value).__name__}"


def error_of(error: BaseException, file: str) -> dict[str, object]:
    """The error sent back: its type and message, and the line of the player's file it
    happened at (the deepest such line; a syntax error's own)."""
    message = _message(error)
    line: int | None = None
    where = file
    if isinstance(error, SyntaxError) and error.lineno is not None:
        line = error.lineno
        where = error.filename or file
        message = f"{type(error).__name__}: {error.msg}"
    else:
        line = _deepest_line(error.__traceback__, file)
    found: dict[str, object] = {"error": message, "file": Path(where).name}
    if line is not None:
        found["line"] = line
    return found


def _message(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:
        text = ""
    kind = type(error).__name__
    if isinstance(error, SystemExit):
        return f"SystemExit({text})" if text else "SystemExit"
    message = f"{kind}: {text}" if text else kind
    lines = message.splitlines() or [kind]
    first = lines[0]
    return first if len(first) <= MESSAGE_LENGTH else first[: MESSAGE_LENGTH - 1] + "…"


def _deepest_line(trace: TracebackType | None, file: str) -> int | None:
    wanted = os.path.normcase(file)
    found = None
    for frame in traceback.extract_tb(trace):
        if os.path.normcase(os.path.abspath(frame.filename)) == wanted:
            found = frame.lineno
    return found


# --- the process ----------------------------------------------------------------------------


def _channels() -> tuple[TextIO, TextIO]:
    """The requests and answers, on copies of standard input and output; the player's own
    prints (even from C code, on descriptor 1) go to standard error, and it reads nothing."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    empty = os.open(os.devnull, os.O_RDONLY)
    os.dup2(empty, 0)
    os.close(empty)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the process's life
    sys.stdout = sys.stderr
    return requests, answers


def _send(answers: TextIO, answer: dict[str, object]) -> None:
    answers.write(json.dumps(answer) + "\n")
    answers.flush()


def _watch_parent(parent: int) -> None:
    """End this process as soon as ``parent`` is gone (a hung player included)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def request_board(request: dict[str, Any]) -> Board:
    """The position a request asks about."""
    return Board(Rules(request["m"], request["n"], request["k"]), request["x"], request["o"])


def main(
    argv: list[str] | None = None,
    *,
    board_of: Callable[[dict[str, Any]], Board] = request_board,
    answer: Callable[[object], dict[str, object]] = answer_of,
) -> int:
    """Load the player named in ``argv`` (after ``--guard TERMS``, confined), then answer
    positions until standard input ends: each request's board made by ``board_of``, each
    move the player returns reported by ``answer`` (the checker counts and seeds there)."""
    args = sys.argv[1:] if argv is None else argv
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests, answers = _channels()
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    terms: Terms | None = None
    if args[:1] == ["--guard"]:
        try:
            terms = Terms.parse(args[1] if len(args) > 1 else "")
        except ValueError as error:  # never from our own parent
            _send(answers, {"failed": {"error": f"bad terms: {error}"}})
            return 1
        args = args[2:]
        Guard(terms, lambda report: _send(answers, report)).install()
    name = args[0] if args else ""
    try:
        player = load(name)
    except LoadError as error:
        _send(answers, {"failed": {"error": str(error)}})
        return 1
    except BaseException as error:  # anything its file does when it runs, SystemExit included
        file = name.rpartition(":")[0] if not name.lower().endswith(".py") else name
        overused = _overused(error, terms)
        _send(answers, overused or {"failed": error_of(error, str(Path(file).resolve()))})
        return 1
    _send(answers, {"ready": True})
    for line in requests:
        try:
            request = json.loads(line)
            board = board_of(request)
        except (ValueError, KeyError, TypeError) as error:  # never from our own parent
            _send(answers, {"error": f"bad request: {error}"})
            continue
        try:
            if request.get("new"):
                player.new_game()
            reply = answer(player.choose(board))
        except BaseException as error:  # the player's failure is its own: it loses the game
            overused = _overused(error, terms)
            if overused is not None:
                _send(answers, overused)
                return 1
            reply = error_of(error, player.file)
        _send(answers, reply)
    return 0


def _overused(error: BaseException, terms: Terms | None) -> dict[str, object] | None:
    """The report of a confined player whose error means it reached a limit, or None."""
    return None if terms is None else overuse_report(error, terms)


if __name__ == "__main__":
    sys.exit(main())
