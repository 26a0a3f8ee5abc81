"""Worker processes for matches and tournaments: work handed out a piece at a time, results
as they come, and a stop by Ctrl-C, SIGTERM or SIGHUP that ends every worker at once.

:func:`results` runs ``jobs`` worker processes; each calls ``start()`` once (so
it may keep what it builds - players, their processes, a solver - for all its
work) and then the function that returns on every piece it is handed.
Inside :func:`stop_signals_raise`, SIGTERM and SIGHUP unwind like Ctrl-C
(:class:`Signalled`). Worker processes end on their own within a moment if
their parent is killed outright.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from tictactoe.core.errors import TicTacToeError

PARENT_CHECK_SECONDS = 0.5
"""How often a worker process looks whether its parent is still there."""

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals that stop a match like Ctrl-C does (the workers with it), where they exist."""

Start = Callable[[], Callable[[Any], Any]]
"""Made in each worker (a module-level function, so it can be sent there): returns the
function that does one piece of work."""


class WorkerError(TicTacToeError):
    """A worker process ended unexpectedly."""


class Signalled(KeyboardInterrupt):
    """Raised by the handler of a stop signal, to unwind the match like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def results(work: Iterator[Any], jobs: int, start: Start) -> Generator[Any, None, None]:
    """What each piece of ``work`` comes to, worked out by ``jobs`` worker processes (each
    doing what ``start()`` returns), as they finish.

    Each worker has a pipe of its own and is handed its next batch when it
    sends a result: no lock is shared, so a worker killed at any moment (a
    signal sent to the whole process group) cannot leave the others or this
    process waiting for ever, as it can with :class:`multiprocessing.pool.Pool`.
    The workers ignore Ctrl-C, which reaches this process only; whatever ends
    the match early, they are killed at once rather than finishing their batch.
    """
    context = multiprocessing.get_context()
    workers: dict[Connection, BaseProcess] = {}
    finished = False
    try:
        for _ in range(jobs):
            batch = next(work, None)
            if batch is None:
                break
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_worker, args=(theirs, os.getpid(), start), name="worker", daemon=True
            )
            with _signals_blocked():  # until the worker has set its own handling up
                process.start()
            theirs.close()
            workers[ours] = process
            _hand(ours, batch)
        busy = set(workers)
        while busy:
            for ready in wait(list(busy)):
                assert isinstance(ready, Connection)
                try:
                    result = ready.recv()
                except (EOFError, OSError):
                    raise WorkerError("a worker process ended unexpectedly") from None
                if isinstance(result, BaseException):
                    raise result
                yield result
                batch = next(work, None)
                _hand(ready, batch)  # None: no more work, the worker ends
                if batch is None:
                    busy.discard(ready)
        finished = True
    finally:
        for connection, worker in workers.items():
            if not finished:  # stopped early: no waiting for the batch in hand
                worker.kill()
            worker.join()
            connection.close()


def _hand(connection: Connection, batch: object) -> None:
    """Send a worker its next piece of work (None: the end)."""
    try:
        connection.send(batch)
    except OSError:  # its end of the pipe is closed: it is gone
        raise WorkerError("a worker process ended unexpectedly") from None


def _worker(connection: Connection, parent: int, start: Start) -> None:
    """A worker process: do each piece of work it is sent until it is sent None."""
    _worker_start(parent)
    do = start()
    while True:
        try:
            batch = connection.recv()
        except (EOFError, OSError):  # the match ended without saying so
            return
        if batch is None:
            return
        try:
            result: object = do(batch)
        except Exception as error:  # sent back, raised by the match
            result = error
        connection.send(result)


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """While the match runs (in the main thread), SIGTERM and SIGHUP stop it like Ctrl-C."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Signalled(signum)

    with stop_signals_call(stop):
        yield


@contextmanager
def stop_signals_call(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """While inside (in the main thread), SIGTERM and SIGHUP call ``handler``.

    A signal the process was started with ignored stays ignored: a match or a
    server run under ``nohup`` goes on when the terminal closes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {
        signum: signal.signal(signum, handler)
        for signum in STOP_SIGNALS
        if signal.getsignal(signum) is not signal.SIG_IGN
    }
    try:
        yield
    finally:
        for signum, previous in before.items():
            signal.signal(signum, previous)


@contextmanager
def _signals_blocked() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held back (where signals can be): a process started
    meanwhile begins with them held too, so none reaches it before :func:`_worker_start`."""
    held = {signal.SIGINT, *STOP_SIGNALS}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _worker_start(parent: int) -> None:
    """Worker set-up: Ctrl-C is the parent's to handle (no traceback from every worker);
    SIGTERM and SIGHUP end the worker at once (unless the parent ignores them, ``nohup``);
    and it ends when its parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, *STOP_SIGNALS})
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """End this process as soon as ``parent`` is no longer its parent (killed outright)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)
