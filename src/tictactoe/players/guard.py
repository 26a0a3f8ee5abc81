"""What a confined player's process does to itself before it loads the player.

:class:`Guard` sets the process's resource limits (memory, processor time,
open files, file size, and processes when it can count them), stops being
root where another user can still run Python, and adds an audit hook
(:func:`sys.addaudithook`) that refuses what a player may not do: write,
delete or move anything outside its working folder, open a network
connection, start or signal another program, or load native code that could
get round the hook. The first such attempt is reported (one ``{"forbidden":
...}`` line, through the ``report`` the child gives) and ends the process,
so the player cannot catch it. Processor time running out is reported the
same way; running out of memory is a :class:`MemoryError` the child reports
with :func:`memory_report`.

Under bubblewrap (:mod:`tictactoe.players.confinement`) the same guard runs
inside the sandbox: the sandbox is the wall, the guard says what was tried.
Standard library only: it runs before anything of the player's.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

MEGABYTE = 1024 * 1024
FORBIDDEN_EXIT = 86
"""The exit status of a process ended for trying something forbidden."""
NOBODY = 65534
"""The user and group id a process runs as when it stops being root."""
SPARE_PROCESSES = 16
"""Processes (threads included) a guarded player may start beyond those its user already runs."""


class Attempt(StrEnum):
    """What a confined player tried (or used up)."""

    WRITE = "write"
    DELETE = "delete"
    NETWORK = "network"
    PROGRAM = "program"
    SIGNAL = "signal"
    NATIVE = "native"
    MEMORY = "memory"
    CPU = "cpu"
    FILE_SIZE = "file_size"


@dataclass(frozen=True)
class Terms:
    """The limits one confined player runs within (0: no such limit)."""

    folder: str
    """Its working folder: the only place it may write."""
    memory_mb: int = 256
    cpu_seconds: int = 120
    open_files: int = 64
    file_mb: int = 16
    processes: int = SPARE_PROCESSES
    """Processes beyond its user's own (0: not limited, as in a sandbox of its own)."""
    drop_root: bool = False
    """Whether to become nobody when started as root (the parent says so where nobody can
    still run Python, and lets nobody write the folder)."""

    def text(self) -> str:
        """The terms as one line of JSON (how the child is told them)."""
        return json.dumps(asdict(self))

    @classmethod
    def parse(cls, text: str) -> Terms:
        """The terms :meth:`text` wrote; ValueError for anything else."""
        found = json.loads(text)
        if not isinstance(found, dict) or not isinstance(found.get("folder"), str):
            raise ValueError("terms need a folder")
        try:
            return cls(**found)
        except TypeError as error:
            raise ValueError(str(error)) from None


PATH_WRITES = {
    "os.mkdir": 0,
    "os.mkfifo": 0,
    "os.mknod": 0,
    "os.truncate": 0,
    "os.chmod": 0,
    "os.chown": 0,
    "os.utime": 0,
    "os.chflags": 0,
    "os.lchflags": 0,
    "os.lchmod": 0,
    "os.setxattr": 0,
    "os.removexattr": 0,
    "sqlite3.connect": 0,
    "dbm.open": 0,
    "os.link": 1,
    "os.symlink": 1,
}
"""Audit events that change the path among their arguments (at that index)."""

PATH_DELETES = ("os.remove", "os.rmdir", "shutil.rmtree")
NETWORK_EVENTS = (
    "socket.__new__",
    "socket.connect",
    "socket.bind",
    "socket.sendto",
    "socket.sendmsg",
    "socket.getaddrinfo",
    "socket.gethostbyname",
    "socket.gethostbyaddr",
)
PROGRAM_EVENTS = (
    "subprocess.Popen",
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.forkpty",
    "os.startfile",
    "pty.spawn",
    "_winapi.CreateProcess",
)
SIGNAL_EVENTS = ("os.kill", "os.killpg", "signal.pthread_kill")
NATIVE_MODULES = frozenset({"ctypes", "_ctypes", "cffi", "_cffi_backend"})
"""Modules that reach the system around the audit hook."""
PROGRAM_MODULES = frozenset({"_posixsubprocess"})
"""Modules that start programs without telling the audit hook (``subprocess`` needs one)."""
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


Report = Callable[[dict[str, object]], None]


class Guard:
    """The limits and the audit hook of one confined player's process (see the module)."""

    def __init__(self, terms: Terms, report: Report) -> None:
        self.terms = terms
        self.folder = os.path.realpath(terms.folder)
        self.report = report
        self._caught = False

    def install(self) -> None:
        """Limit the process, stop being root where possible, and watch it from now on."""
        sys.dont_write_bytecode = True  # no cached bytecode beside the interpreter's modules
        apply_limits(self.terms)
        if hasattr(signal, "SIGXCPU"):
            signal.signal(signal.SIGXCPU, self._out_of_time)
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write too big fails instead
        sys.addaudithook(self._audit)

    def _out_of_time(self, signum: int, frame: object) -> None:
        self.forbid(Attempt.CPU, limit=self.terms.cpu_seconds)

    def forbid(self, attempt: Attempt, **details: object) -> None:
        """Report ``attempt`` and end the process (once: what the report does is not watched)."""
        if self._caught:
            return
        self._caught = True
        with contextlib.suppress(Exception):
            self.report({"forbidden": {"what": str(attempt), **details}})
        os._exit(FORBIDDEN_EXIT)

    def _audit(self, event: str, args: tuple[Any, ...]) -> None:
        if self._caught:
            return
        if event == "open":
            path, mode, flags = (*args, None, None, None)[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE_FLAGS
            )
            if writes:
                self._inside(path, Attempt.WRITE)
        elif event in PATH_WRITES:
            self._inside(_arg(args, PATH_WRITES[event]), Attempt.WRITE)
        elif event in PATH_DELETES:
            self._inside(_arg(args, 0), Attempt.DELETE)
        elif event == "os.rename":
            self._inside(_arg(args, 0), Attempt.DELETE)
            self._inside(_arg(args, 1), Attempt.WRITE)
        elif event in NETWORK_EVENTS:
            self.forbid(Attempt.NETWORK)
        elif event in PROGRAM_EVENTS:
            self.forbid(Attempt.PROGRAM)
        elif event in SIGNAL_EVENTS:
            self.forbid(Attempt.SIGNAL)
        elif event == "import":
            module = str(_arg(args, 0)).split(".")[0]
            if module in NATIVE_MODULES:
                self.forbid(Attempt.NATIVE, module=module)
            elif module in PROGRAM_MODULES:
                self.forbid(Attempt.PROGRAM)
        elif event == "ctypes.dlopen":
            self.forbid(Attempt.NATIVE, module="ctypes")

    def _inside(self, path: object, attempt: Attempt) -> None:
        """Forbid ``attempt`` on ``path`` unless it is in the working folder (or the null
        device); a descriptor already open is no new path."""
        if path is None or isinstance(path, int):
            return
        try:
            text = os.fsdecode(os.fspath(path))  # type: ignore[call-overload]
        except (TypeError, ValueError):
            self.forbid(attempt, path=repr(path)[:200])
            return
        if text == os.devnull or text == ":memory:" or text == "":
            return
        where = os.path.realpath(text)
        if where != self.folder and not where.startswith(self.folder + os.sep):
            self.forbid(attempt, path=where)


def apply_limits(terms: Terms) -> None:
    """Set the resource limits of ``terms`` on this process, and become nobody when they say
    so (also run before an engine starts, where the system has no sandbox)."""
    try:
        import resource
    except ImportError:  # no resource limits here (Windows): the audit hook alone
        return

    def cap(kind: int, value: int, spare: int = 0) -> None:
        hard = resource.getrlimit(kind)[1]
        top = value + spare if hard == resource.RLIM_INFINITY else min(value + spare, hard)
        with contextlib.suppress(ValueError, OSError):  # one the system will not take
            resource.setrlimit(kind, (min(value, top), top))

    if terms.memory_mb:
        cap(resource.RLIMIT_AS, terms.memory_mb * MEGABYTE)
    if terms.cpu_seconds:
        cap(resource.RLIMIT_CPU, terms.cpu_seconds, spare=2)
    if terms.open_files:
        cap(resource.RLIMIT_NOFILE, terms.open_files)
    if terms.file_mb:
        cap(resource.RLIMIT_FSIZE, terms.file_mb * MEGABYTE)
    if terms.drop_root and os.geteuid() == 0:
        with contextlib.suppress(OSError):
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
    if terms.processes and hasattr(resource, "RLIMIT_NPROC") and os.geteuid() != 0:
        running = tasks_of(os.getuid())
        if running is not None:
            cap(resource.RLIMIT_NPROC, running + terms.processes)


def _arg(args: tuple[Any, ...], index: int) -> object:
    return args[index] if len(args) > index else None


def memory_report(limit_mb: int) -> dict[str, object]:
    """The report of a player that ran out of memory."""
    return {"forbidden": {"what": str(Attempt.MEMORY), "limit": limit_mb}}


def overuse_report(error: BaseException, terms: Terms) -> dict[str, object] | None:
    """The report for an error that means a limit was reached (memory, a file too big), or
    None."""
    if isinstance(error, MemoryError):
        return memory_report(terms.memory_mb)
    if isinstance(error, OSError) and error.errno == errno.EFBIG:
        return {"forbidden": {"what": str(Attempt.FILE_SIZE), "limit": terms.file_mb}}
    return None


def python_paths() -> list[str]:
    """The folders Python runs from: the interpreter's, its library's, this package's."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    found = {sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable))}
    return sorted({*found, package})


def readable_by_others(paths: list[str]) -> bool:
    """True when a user other than the owner can reach and read every one of ``paths``."""
    import stat

    for path in paths:
        here = os.path.realpath(path)
        while True:
            try:
                mode = os.stat(here).st_mode
            except OSError:
                return False
            if not mode & stat.S_IXOTH or (here == os.path.realpath(path) and not mode & 0o004):
                return False
            parent = os.path.dirname(here)
            if parent == here:
                break
            here = parent
    return True


def tasks_of(uid: int) -> int | None:
    """How many processes and threads the user ``uid`` runs (Linux), or None when it cannot
    be told."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    count = 0
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            if os.stat(f"/proc/{entry}").st_uid == uid:
                count += len(os.listdir(f"/proc/{entry}/task"))
        except OSError:
            continue
    return count
