"""The engine's tests: reference cycles collected once memory has grown.

A :class:`~tictactoe.core.exact.prover.Prover`'s searches are closures over the
prover itself, so a dropped one (with tables of up to millions of entries)
waits for the cyclic garbage collector. Collecting once the process has grown
by :data:`GROWTH` since the last collection keeps the test process's memory
to what a few tests need (child processes started later in the same run are
measured from it), without paying for a full collection after every test.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest

GROWTH = 48 * 1024 * 1024
"""Bytes the process may grow by before the dropped provers are collected."""


def _resident() -> int | None:
    """This process's resident memory in bytes, where the system says it (Linux)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class _Collector:
    """Collects after a test once memory has grown by :data:`GROWTH` (always, where the
    resident memory cannot be read)."""

    def __init__(self) -> None:
        self.after = _resident()

    def maybe_collect(self) -> None:
        now = _resident()
        if now is None or self.after is None or now > self.after + GROWTH:
            gc.collect()
            self.after = _resident()


@pytest.fixture(scope="session")
def _collector() -> _Collector:
    return _Collector()


@pytest.fixture(autouse=True)
def _collect_dropped_provers(_collector: _Collector) -> Iterator[None]:
    yield
    _collector.maybe_collect()
