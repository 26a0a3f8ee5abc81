"""Own players run confined: what protects the system from a player file, and how.

Every own player (a Python file, ``module:name``, ``brain:COMMAND``) runs in
a throwaway working folder holding a copy of its file's folder, with a clean
environment and limits on memory, processor time, open files, file size and
processes (:class:`~tictactoe.players.guard.Terms`), in one of two ways
(:class:`Protection`):

- **bubblewrap** where ``bwrap`` is installed and works (:func:`bubblewrap`,
  probed once per program): a sandbox that sees only what Python needs, read
  only, and the working folder; no network, no other process, not root;
- **limits** elsewhere: the standard library's resource limits and, for a
  Python player, an audit hook (:mod:`tictactoe.players.guard`) that refuses
  writes outside the folder, network connections and other programs.

In both, a Python player that tries something forbidden ends at once and
says what it tried (:func:`reason_of`: "it tried to write /root/keep.txt.");
the player loses that game. ``--trust NAME`` (:data:`TRUST_VARIABLE`) lifts
the confinement for the players named; :func:`protection_line` says in one
line which protection is in force.

``TICTACTOE_BWRAP`` chooses the sandbox: unset, ``bwrap`` from the PATH;
empty, none (the limits); a path, that program.
"""

from __future__ import annotations

import errno
import functools
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from importlib.machinery import PathFinder
from pathlib import Path

from tictactoe.core.errors import N_
from tictactoe.gomocup.manager import Launch
from tictactoe.players.guard import (
    NOBODY,
    SPARE_PROCESSES,
    Attempt,
    Terms,
    apply_limits,
    readable_by_others,
)
from tictactoe.players.own import Kind, Spec

TRUST_VARIABLE = "TICTACTOE_TRUST"
"""The own players trusted, one name a line (``*``: every one); ``--trust`` sets it."""

BWRAP_VARIABLE = "TICTACTOE_BWRAP"
"""The sandbox program: unset for ``bwrap`` on the PATH, empty for none, or its path."""

PROBE_SECONDS = 10.0
"""How long the probe of the sandbox may take."""

COPY_BYTES = 20 * 1024 * 1024
"""Most bytes of a player's folder copied into its working folder."""
COPY_FILES = 500
"""Most files of a player's folder copied."""
COPY_FILE_BYTES = 2 * 1024 * 1024
"""Files bigger than this are not copied."""
COPY_DEPTH = 3
"""Folders deeper than this below the player's are not copied."""

ENGINE_MEMORY_MB = 1024
"""Memory an engine may use (engines keep big tables)."""

SYSTEM_READS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""What every program needs, seen read-only in the sandbox (those that exist)."""
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/alternatives")


class Protection(StrEnum):
    """What confines an own player."""

    SANDBOX = "bubblewrap"
    LIMITS = "limits"
    TRUSTED = "trusted"


# --- what is said -----------------------------------------------------------------------

SANDBOX_LINE = N_(
    "Player files run in a sandbox (bubblewrap): their own folder, no network, at most "
    "{megabytes} MB."
)
LIMITS_LINE = N_(
    "Player files run within limits (no sandbox here): their own folder, no network, at most "
    "{megabytes} MB."
)
LIMITS_ROOT_LINE = N_(
    "Player files run within limits (no sandbox here) but as root: their own folder, no "
    "network, at most {megabytes} MB."
)
TRUSTED_LINE = N_("{players}: trusted, run with your rights.")

REASONS = {
    Attempt.WRITE: N_("it tried to write {path}."),
    Attempt.DELETE: N_("it tried to delete or move {path}."),
    Attempt.NETWORK: N_("it tried to open a network connection."),
    Attempt.PROGRAM: N_("it tried to start another program."),
    Attempt.SIGNAL: N_("it tried to send a signal to another process."),
    Attempt.NATIVE: N_("it tried to load {module}, which confined players may not use."),
    Attempt.MEMORY: N_("it used more than {limit} MB of memory."),
    Attempt.CPU: N_("it used more than {limit} s of processor time."),
    Attempt.FILE_SIZE: N_("it wrote a file bigger than {limit} MB."),
}
"""The reason a confined player lost, for each thing it tried (see :func:`reason_of`)."""

FORBIDDEN = N_("it tried something confined players may not do.")


def reason_of(report: object) -> tuple[str, dict[str, object]]:
    """The reason (an English sentence with fields, and their values) for a ``forbidden``
    report from a guarded child."""
    found = report if isinstance(report, dict) else {}
    try:
        attempt = Attempt(str(found.get("what")))
    except ValueError:
        return FORBIDDEN, {}
    values = {key: found.get(key, "?") for key in ("path", "module", "limit")}
    values["path"] = str(values["path"])[:120]
    return REASONS[attempt], values


# --- which protection -------------------------------------------------------------------


def bubblewrap() -> str | None:
    """The bubblewrap program that works here (see :data:`BWRAP_VARIABLE`), or None."""
    setting = os.environ.get(BWRAP_VARIABLE)
    if setting is not None and not setting.strip():
        return None
    found = shutil.which(setting.strip() if setting else "bwrap")
    return found if found is not None and _works(os.path.realpath(found)) else None


@functools.cache
def _works(bwrap: str) -> bool:
    """Whether the sandbox ``bwrap`` makes can run Python (tried once per program)."""
    probe = sandboxed(bwrap, [sys.executable, "-I", "-c", ""], None, ())
    try:
        done = subprocess.run(probe, capture_output=True, timeout=PROBE_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def trusted(spec: Spec) -> bool:
    """Whether ``spec`` is among the players ``--trust`` named (:data:`TRUST_VARIABLE`)."""
    for entry in os.environ.get(TRUST_VARIABLE, "").splitlines():
        if entry.strip() == "*":
            return True
        named = Spec.parse(entry)
        if named is not None and (named.name == spec.name or named.target == spec.target):
            return True
    return False


def trust(names: Iterable[str]) -> None:
    """Trust the own players ``names`` (``*``: every one) in this process and its workers."""
    kept = [*os.environ.get(TRUST_VARIABLE, "").splitlines(), *names]
    os.environ[TRUST_VARIABLE] = "\n".join(dict.fromkeys(name for name in kept if name.strip()))


def protection(spec: Spec) -> Protection:
    """What confines ``spec`` here."""
    if trusted(spec):
        return Protection.TRUSTED
    return Protection.SANDBOX if bubblewrap() is not None else Protection.LIMITS


def drops_root() -> bool:
    """Whether a confined player started by root runs as nobody (where nobody can still read
    Python and this package)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and readable_by_others(python_folders())


def protection_line(names: Sequence[str], gettext: Callable[[str], str]) -> str | None:
    """The line saying which protection is in force for the own players among ``names``, in
    the language of ``gettext``; None when no own player plays."""
    specs = [spec for spec in map(Spec.parse, names) if spec is not None]
    if not specs:
        return None
    confined = [spec for spec in specs if not trusted(spec)]
    said = []
    if confined:
        terms = Terms("")
        line = (
            SANDBOX_LINE
            if bubblewrap() is not None
            else LIMITS_LINE
            if not _is_root() or drops_root()
            else LIMITS_ROOT_LINE
        )
        said.append(gettext(line).format(megabytes=terms.memory_mb))
    trusting = [spec.title for spec in specs if trusted(spec)]
    if trusting:
        said.append(gettext(TRUSTED_LINE).format(players=", ".join(trusting)))
    return " ".join(said)


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


# --- how a player's process is started --------------------------------------------------


@dataclass(frozen=True)
class Confined:
    """How one own player's process is started: its command, its launch and its working
    folder (none for a trusted player, which runs as this process does)."""

    command: list[str]
    launch: Launch
    folder: str
    protection: Protection

    def close(self) -> None:
        """Remove the working folder (the process has ended)."""
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


CHILD = "tictactoe.players.child"
"""The module a Python player plays in."""


def python_player(
    spec: Spec, terms: Terms | None = None, *, child: Sequence[str] = (CHILD,)
) -> Confined:
    """How the Python player ``spec`` is started: the process ``child`` names (a module and
    its first arguments; :mod:`tictactoe.players.child`) with its guard, in the sandbox or
    within the limits; as it is when trusted."""
    kind = protection(spec)
    child = [sys.executable, "-m", *child]
    if kind is Protection.TRUSTED:
        return Confined([*child, spec.name], Launch(), "", kind)
    folder = _folder()
    try:
        name = _copy_player(spec, folder)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    sandbox = bubblewrap() if kind is Protection.SANDBOX else None
    chosen = replace(
        terms or Terms(folder), folder=folder, processes=0 if sandbox else SPARE_PROCESSES
    )
    if sandbox is None and drops_root():
        chosen = replace(chosen, drop_root=True)
        _give_to_nobody(folder)
    argv = [child[0], "-P", *child[1:], "--guard", chosen.text(), name]
    command = sandboxed(sandbox, argv, folder, ()) if sandbox else argv
    return Confined(command, Launch(_environment(folder), folder), folder, kind)


def engine(spec: Spec, terms: Terms | None = None) -> Confined:
    """How the engine ``spec`` is started: in the sandbox, or with the resource limits set
    before it runs; as it is when trusted."""
    kind = protection(spec)
    if kind is Protection.TRUSTED:
        return Confined(spec.argv(), Launch(), "", kind)
    argv = [_absolute_if_there(word) for word in spec.argv()]
    program = shutil.which(argv[0]) if argv else None
    if program is None:  # found here, before the sandbox hides where it looked
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), spec.target)
    argv[0] = program
    folder = _folder()
    chosen = replace(terms or Terms(folder, memory_mb=ENGINE_MEMORY_MB), folder=folder)
    sandbox = bubblewrap() if kind is Protection.SANDBOX else None
    if sandbox is not None:
        reads = [os.path.dirname(word) for word in argv if os.path.isabs(word)]
        guarded = replace(chosen, processes=0)
        command = sandboxed(sandbox, argv, folder, reads)
        return Confined(
            command,
            Launch(_environment(folder), folder, functools.partial(apply_limits, guarded)),
            folder,
            kind,
        )
    if drops_root():
        chosen = replace(chosen, drop_root=True)
        _give_to_nobody(folder)
    limits = functools.partial(apply_limits, chosen)
    return Confined(argv, Launch(_environment(folder), folder, limits), folder, kind)


def sandboxed(
    bwrap: str, argv: Sequence[str], folder: str | None, reads: Iterable[str]
) -> list[str]:
    """``argv`` run by ``bwrap``: every namespace of its own (no network), as nobody, ended
    with its parent; the system, Python and ``reads`` read-only, ``folder`` writable and the
    folder it starts in."""
    command = [bwrap, "--unshare-all", "--die-with-parent", "--new-session"]
    command += ["--uid", str(NOBODY), "--gid", str(NOBODY), "--tmpfs", "/tmp"]
    command += ["--proc", "/proc", "--dev", "/dev"]
    seen: set[str] = set()
    wanted = [*SYSTEM_READS, *SYSTEM_FILES, *python_folders(), *reads]
    for path in sorted({os.path.abspath(p) for p in wanted if p}, key=len):
        if os.path.exists(path) and not any(_within(path, done) for done in seen):
            command += ["--ro-bind", path, path]
            seen.add(path)
    if folder is not None:
        command += ["--bind", folder, folder, "--chdir", folder]
    return [*command, "--", *argv]


def python_folders() -> list[str]:
    """The folders a Python child needs to read: the interpreter's, its libraries', the
    packages' and this package's."""
    package = str(Path(__file__).resolve().parents[2])
    found = {sys.base_prefix, sys.prefix, sys.exec_prefix, sys.base_exec_prefix, package}
    found.add(os.path.dirname(os.path.realpath(sys.executable)))
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        found.add(sysconfig.get_path(key))
    here = os.path.realpath(os.getcwd())
    for entry in sys.path:  # editable installs and the like; never the folder it runs in
        where = os.path.realpath(entry) if entry else ""
        if os.path.isabs(where) and os.path.isdir(where) and not _within(here, where):
            found.add(where)
    return sorted(os.path.realpath(path) for path in found if path)


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _folder() -> str:
    return os.path.realpath(tempfile.mkdtemp(prefix="tictactoe-player-"))


def _environment(folder: str) -> dict[str, str]:
    """A clean environment: nothing of the user's but the language, and this package found."""
    package = str(Path(__file__).resolve().parents[2])
    keep = {key: os.environ[key] for key in ("LANG", "LC_ALL", "TZ") if key in os.environ}
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": folder,
        "TMPDIR": folder,
        "PYTHONPATH": package,
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        **keep,
    }


def _copy_player(spec: Spec, folder: str) -> str:
    """Copy the player's file and its folder (a module: its file or package, when it is in
    the current folder) into ``folder``; the name the child loads it by."""
    if spec.kind is Kind.FILE:
        source = Path(spec.target)
        _copy_tree(source.parent, Path(folder), keep=source.name)
        copied = os.path.join(folder, source.name)
        return f"{copied}:{spec.attribute}" if spec.attribute else copied
    top = spec.target.split(".", 1)[0]
    found = PathFinder.find_spec(top, [os.getcwd()])
    origin = found.origin if found is not None else None
    if found is not None and found.submodule_search_locations:
        package = Path(next(iter(found.submodule_search_locations)))
        _copy_tree(package, Path(folder) / package.name)
    elif origin and os.path.isfile(origin):
        shutil.copy2(origin, folder)
    return f"{spec.target}:{spec.attribute}"


def _copy_tree(source: Path, target: Path, keep: str = "") -> None:
    """Copy ``source``'s files into ``target`` within :data:`COPY_BYTES`, :data:`COPY_FILES`
    and :data:`COPY_DEPTH` (hidden files and caches left out; ``keep`` copied first)."""
    budget = [COPY_BYTES, COPY_FILES]

    def copy(path: Path, to: Path) -> None:
        try:
            size = path.stat().st_size
            if size > COPY_FILE_BYTES or size > budget[0] or budget[1] <= 0:
                return
            to.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, to)
        except OSError:
            return
        budget[0] -= size
        budget[1] -= 1

    target.mkdir(parents=True, exist_ok=True)
    if keep:
        copy(source / keep, target / keep)
    for root, dirs, files in os.walk(source):
        depth = len(Path(root).relative_to(source).parts)
        dirs[:] = [] if depth >= COPY_DEPTH else [d for d in dirs if not _skipped(d)]
        for file in files:
            if not _skipped(file) and not (depth == 0 and file == keep):
                copy(Path(root) / file, target / Path(root).relative_to(source) / file)


def _skipped(name: str) -> bool:
    return name.startswith(".") or name in ("__pycache__", "node_modules")


def _give_to_nobody(folder: str) -> None:
    """Let nobody (whom a root's confined player runs as) write its working folder."""
    for root, dirs, files in os.walk(folder):
        for name in [root, *(os.path.join(root, entry) for entry in dirs + files)]:
            try:
                os.chown(name, NOBODY, NOBODY)
            except OSError:
                continue


def _absolute_if_there(word: str) -> str:
    """An engine's word made absolute when it names a file here (its folder changes)."""
    if not os.path.isabs(word) and os.sep in word and os.path.exists(word):
        return os.path.abspath(word)
    return word
