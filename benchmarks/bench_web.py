"""Load and fuzz benchmark of ``tictactoe web``: concurrent two-player games on loopback.

Run with ``python benchmarks/bench_web.py [--games 500] [--fuzz 10000] [--think 0.5]``.

It starts the real server (one process, rooms in memory, finished games
written to SQLite in a temporary data folder) and a bounded asyncio client
in this process. Every game is two WebSockets: one makes a room, the other
joins it through the room id; when all the games are open the server's
memory is read (``/proc/<pid>/status``), then all of them play a full 3 x 3
game at once, each player waiting a random "think" time (0 to 2 x
``--think`` seconds) before each move. A move counts as acknowledged when
the mover gets the state with its move in it; the round trip from sending
to that state is timed. Meanwhile fuzzers send ``--fuzz`` malformed
messages (at a pace under the per-connection rate limit, so each reaches
the parser); a fuzzer that the server disconnects for its bad messages
reconnects. At the end: p50/p99 of the round trip against the target
(p99 < 50 ms), server memory per room, the server's error count (must be
0) and the number of players disconnected (must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

TARGET_P99_MS = 50.0
DRAWN_GAME = (0, 4, 1, 2, 6, 3, 5, 7, 8)
"""A full 3 x 3 game that ends in a draw: every game plays all nine moves."""
OPEN_AT_ONCE = 50
"""Connections opened concurrently while setting up (a bounded client)."""
FUZZ_RATE = 8.0
"""Messages per second per fuzzer: under the server's limit of 10, so all are parsed."""
FUZZERS = 100


@dataclass
class Results:
    """What the run measured."""

    round_trips: list[float] = field(default_factory=list)
    acknowledged: int = 0
    moves: int = 0
    dropped_players: int = 0
    fuzz_sent: int = 0
    fuzz_answered: int = 0
    fuzz_closed: int = 0
    games_finished: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, home: str) -> subprocess.Popen[bytes]:
    """``tictactoe web`` on ``port``, waited for until it listens."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "web", "--port", str(port), "--max-rooms", "20000"],
        env={**os.environ, "TICTACTOE_HOME": home},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return process
        if process.poll() is not None:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    raise RuntimeError("the server did not start listening")


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def health(port: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


async def receive(ws: ClientConnection, kind: str, check: Any = lambda m: True) -> Any:
    while True:
        message = json.loads(await ws.recv())
        if message["t"] == kind and check(message):
            return message


@dataclass
class Game:
    """One two-player game: ``host`` (X) made the room, ``guest`` (O) joined it."""

    host: ClientConnection
    guest: ClientConnection
    room: str


async def open_game(url: str, gate: asyncio.Semaphore) -> Game:
    async with gate:
        host = await connect(url, max_size=2**20)
        await host.send(json.dumps({"t": "friend", "rows": 3, "cols": 3, "k": 3}))
        room = (await receive(host, "welcome"))["room"]
        guest = await connect(url, max_size=2**20)
        await guest.send(json.dumps({"t": "join", "room": room}))
        await receive(guest, "welcome")
        return Game(host, guest, room)


async def play(
    game: Game, think: float, results: Results, rng: random.Random, number: int = 1
) -> None:
    """Both players play :data:`DRAWN_GAME`; every move's round trip is timed.

    Game ``number`` 2 and later are rematches: the marks swap each time.
    """
    players = (game.host, game.guest) if number % 2 == 1 else (game.guest, game.host)
    try:
        if number > 1:
            for ws in players:
                await ws.send(json.dumps({"t": "rematch"}))
            for ws in players:
                await receive(ws, "state", lambda s: s["game"] == number)
        for ply, cell in enumerate(DRAWN_GAME):
            mover, other = players[ply % 2], players[1 - ply % 2]
            await asyncio.sleep(rng.uniform(0, 2 * think))
            sent = time.perf_counter()
            await mover.send(json.dumps({"t": "move", "cell": cell, "ply": ply}))
            results.moves += 1
            await receive(mover, "state", lambda s, n=ply + 1: len(s["moves"]) == n)
            results.round_trips.append(time.perf_counter() - sent)
            results.acknowledged += 1
            await receive(other, "state", lambda s, n=ply + 1: len(s["moves"]) == n)
        results.games_finished += 1
    except ConnectionClosed:
        results.dropped_players += 1


def malformed(rng: random.Random) -> str | bytes:
    """One message the server must refuse without falling over."""
    valid = json.dumps({"t": "move", "cell": rng.randrange(9), "ply": 0})
    choices: list[Any] = [
        lambda: valid[: rng.randrange(1, len(valid))],
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),
        lambda: json.dumps({"t": rng.choice(["mov", "", "MOVE", "join2"]), "cell": 1}),
        lambda: json.dumps({"t": "move", "cell": rng.choice([-1, 10**30, "4", 4.5, True, None])}),
        lambda: json.dumps({"t": "join", "room": "x" * rng.randrange(0, 40), "token": "\u202e"}),
        lambda: "[" * 1500 + "]" * 1500,
        lambda: json.dumps({"t": "solo", "rows": 99, "cols": 3, "k": 3, "level": "x", "first": 1}),
        lambda: json.dumps([{"t": "move"}] * rng.randrange(1, 10)),
        lambda: json.dumps({"t": "move", "cell": 4, "evil": "<img src=x onerror=alert(1)>"}),
        lambda: json.dumps({"t": "ping", "pad": "x" * 5000}),  # oversized: closes the fuzzer
        lambda: '{"t": "move", "cell": NaN}',
        lambda: json.dumps({"t": "move", "cell": 4}),  # valid, but not in a room
    ]
    chosen: str | bytes = rng.choice(choices)()
    return chosen


async def fuzz(url: str, count: int, results: Results, rng: random.Random) -> None:
    """Send ``count`` malformed messages at :data:`FUZZ_RATE` per second."""
    sent = 0
    while sent < count:
        try:
            async with connect(url, max_size=2**20) as ws:
                while sent < count:
                    message = malformed(rng)
                    await ws.send(message)
                    sent += 1
                    results.fuzz_sent += 1
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if answer["t"] == "error":
                        results.fuzz_answered += 1
                    await asyncio.sleep(1 / FUZZ_RATE)
        except ConnectionClosed:
            results.fuzz_closed += 1  # its own fault (too big, too many bad messages)


async def run(
    port: int, games: int, fuzz_messages: int, think: float, pid: int
) -> tuple[Results, Results]:
    """The load run, then the fuzz run (the same players play a rematch meanwhile)."""
    url = f"ws://127.0.0.1:{port}/ws"
    base = rss_kib(pid)
    gate = asyncio.Semaphore(OPEN_AT_ONCE)
    opened = await asyncio.gather(*(open_game(url, gate) for _ in range(games)))
    loaded = rss_kib(pid)
    print(
        f"{games} games open ({2 * games} connections): server memory {base / 1024:.1f} MiB "
        f"-> {loaded / 1024:.1f} MiB, {(loaded - base) / games:.1f} KiB per room "
        "(its two connections included)"
    )
    load = Results()
    started = time.perf_counter()
    await asyncio.gather(
        *(play(game, think, load, random.Random(i)) for i, game in enumerate(opened))
    )
    elapsed = time.perf_counter() - started
    print(f"load run: {games} games in {elapsed:.1f} s, {load.moves / elapsed:.0f} moves/s")
    fuzzed = Results()
    fuzzers = min(FUZZERS, max(1, fuzz_messages // 10))
    shares = [fuzz_messages // fuzzers + (i < fuzz_messages % fuzzers) for i in range(fuzzers)]
    started = time.perf_counter()
    await asyncio.gather(
        *(play(game, think, fuzzed, random.Random(i), 2) for i, game in enumerate(opened)),
        *(fuzz(url, share, fuzzed, random.Random(1000 + i)) for i, share in enumerate(shares)),
    )
    elapsed = time.perf_counter() - started
    print(f"fuzz run: {fuzz_messages} malformed messages and {games} rematches in {elapsed:.1f} s")
    for game in opened:
        await game.host.close()
        await game.guest.close()
    return load, fuzzed


def percentiles(results: Results) -> tuple[float, float, float]:
    """p50, p99 and the slowest round trip in milliseconds."""
    trips = sorted(results.round_trips) or [float("nan")]
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    return statistics.median(trips) * 1000, p99 * 1000, trips[-1] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--fuzz", type=int, default=10_000)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before a move")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        server = start_server(port, home)
        try:
            load, fuzzed = asyncio.run(run(port, args.games, args.fuzz, args.think, server.pid))
            errors = health(port)["errors"]
            alive = server.poll() is None
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
    p50, p99, slowest = percentiles(load)
    print(
        f"load run: moves {load.moves}, acknowledged {load.acknowledged}, "
        f"games finished {load.games_finished}/{args.games}"
    )
    print(f"load run round trip: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {slowest:.1f} ms")
    fuzz_p50, fuzz_p99, fuzz_max = percentiles(fuzzed)
    print(
        f"fuzz run: {fuzzed.fuzz_sent} malformed messages, {fuzzed.fuzz_answered} answered with "
        f"an error, fuzzers disconnected for their own messages {fuzzed.fuzz_closed} times; "
        f"the players' rematches: {fuzzed.acknowledged}/{fuzzed.moves} moves acknowledged, "
        f"round trip p50 {fuzz_p50:.1f} ms, p99 {fuzz_p99:.1f} ms, max {fuzz_max:.1f} ms"
    )
    dropped = load.dropped_players + fuzzed.dropped_players
    print(f"server errors {errors}, players disconnected {dropped}")
    checks = {
        f"load run p99 < {TARGET_P99_MS:.0f} ms": p99 < TARGET_P99_MS,
        "every move acknowledged": load.acknowledged == load.moves == 9 * args.games
        and fuzzed.acknowledged == fuzzed.moves == 9 * args.games,
        "zero server errors": errors == 0 and alive,
        "zero players disconnected": dropped == 0,
        "every fuzz message answered (or its fuzzer closed)": fuzzed.fuzz_sent == args.fuzz
        and fuzzed.fuzz_answered + fuzzed.fuzz_closed == fuzzed.fuzz_sent,
    }
    for name, passed in checks.items():
        print(f"{'PASS' if passed else 'FAIL'}: {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
