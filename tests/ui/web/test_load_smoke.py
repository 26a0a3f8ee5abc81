"""A small run of the load and fuzz benchmark (benchmarks/bench_web.py): nothing lost, no errors.

Timings are the benchmark's business; this only checks that every move is
acknowledged, every malformed message answered, and nobody else disconnected.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def bench() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_web.py"
    spec = importlib.util.spec_from_file_location("bench_web", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_web"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_concurrent_games_and_fuzz_lose_nothing(tmp_path: Path) -> None:
    module = bench()
    port = module.free_port()
    server = module.start_server(port, str(tmp_path))
    try:
        load, fuzzed = asyncio.run(module.run([port], [server.pid], 20, 300, 0.02))
        assert module.health(port)[1]["errors"] == 0
    finally:
        module.stop(server)
    assert load.acknowledged == load.moves == 20 * 9 and load.games_finished == 20
    assert fuzzed.acknowledged == fuzzed.moves == 20 * 9
    assert load.dropped_players == fuzzed.dropped_players == 0
    assert fuzzed.fuzz_sent == 300
    assert fuzzed.fuzz_answered + fuzzed.fuzz_closed == 300 and fuzzed.fuzz_answered > 200
