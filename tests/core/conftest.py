"""The engine's tests: reference cycles collected after each test.

A :class:`~tictactoe.core.prover.Prover`'s searches are closures over the
prover itself, so a dropped one (with tables of up to millions of entries)
waits for the cyclic garbage collector; collecting after each test keeps the
test process's memory to what one test needs (child processes started later
in the same run are measured from it).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _collect_dropped_provers() -> Iterator[None]:
    yield
    gc.collect()
