"""Load benchmark of ``tictactoe web``: one process with rooms in memory against two processes
sharing Redis, side by side; then what the issue's limits promise, measured.

Run with ``python benchmarks/bench_web.py [--games 500] [--fuzz 10000] [--think 0.5]``
(``--no-redis`` without Debian's ``redis-server``).

Each configuration is the real server (finished games written to SQLite in
a temporary data folder; measured once its thinking workers have started)
and a bounded asyncio client in this process, whose
pages come from 50 loopback addresses (127.0.0.1 to 127.0.0.50), as a crowd
would. Every game is two WebSockets: one makes a room, the other joins it
(with two processes, through the other process, so every move crosses
Redis); when all the games are open each server's memory is read
(``/proc/<pid>/status``; Redis's own beside it), then all of them play a full
3 x 3 game at once, each player waiting a random "think" time (0 to 2 x
``--think`` seconds) before each move. A move counts when the mover gets the
state with its move in it; the round trip from sending to that state is
timed. In the memory run, fuzzers then send ``--fuzz`` malformed messages
while the same pairs play a rematch.

Then, measured against the targets (baselines from the same run):

* 300 invitees join 300 rooms over the two Redis processes, their joins sent
  within 0.3 s: every one seated with its token, or told "busy, try again"
  with its seat left free (then retried);
* a 3 x 3 reply (the slowest of three asked at once, Medium's and Expert's
  searching 0.1 s) once three 15 x 15 games have asked Expert for a 20 s move
  and their players have left: at most 0.5 s more than with none (the server
  before the fix answered in 25 s);
* ``/api/health`` with Redis frozen (SIGSTOP): an answer within a second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

TARGET_P99_MS = 50.0
TARGET_DELAY_S = 0.5
"""Longest an abandoned game may delay another game's reply."""
TARGET_HEALTH_S = 1.0
DRAWN_GAME = (0, 4, 1, 2, 6, 3, 5, 7, 8)
"""A full 3 x 3 game that ends in a draw: every game plays all nine moves."""
OPEN_AT_ONCE = 50
"""Connections opened concurrently while setting up (a bounded client)."""
CLIENTS = 50
"""Loopback addresses the pages come from."""
FUZZ_RATE = 8.0
"""Messages per second per fuzzer: under the server's limit of 10, so all are parsed."""
FUZZERS = 100
JOINS = 300
ABANDONED = 3
ABANDONED_THINK_MS = 20_000
PATIENCE = 60.0
"""Longest wait for an answer before it counts as lost."""
SETTLE_SECONDS = 3.0
"""How long a server is left to start its thinking workers before it is measured."""


@dataclass
class Results:
    """What one run measured."""

    round_trips: list[float] = field(default_factory=list)
    acknowledged: int = 0
    moves: int = 0
    dropped_players: int = 0
    fuzz_sent: int = 0
    fuzz_answered: int = 0
    fuzz_closed: int = 0
    games_finished: int = 0
    lost: int = 0
    """Games in which a state never came."""
    rss_idle_kib: list[int] = field(default_factory=list)
    rss_loaded_kib: list[int] = field(default_factory=list)
    redis_kib: int | None = None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} did not start")
        time.sleep(0.05)
    raise RuntimeError("nothing listens on port {port}")


def start_server(port: int, home: str, *extra: str) -> subprocess.Popen[bytes]:
    """``tictactoe web`` on ``port``, waited for until it listens; what it prints goes to
    ``server-<port>.log`` in ``home``."""
    with open(Path(home) / f"server-{port}.log", "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "tictactoe", "web", "--port", str(port), "--max-rooms",
             "20000", *extra],
            env={**os.environ, "TICTACTOE_HOME": home},
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    wait_for(port, process)
    time.sleep(SETTLE_SECONDS)
    return process


def start_redis(folder: str) -> tuple[subprocess.Popen[bytes], str]:
    """Debian's ``redis-server`` on a free loopback port, and its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", folder],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_for(port, process)
    return process, f"redis://127.0.0.1:{port}/0"


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGCONT)
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def health(port: int, timeout: float = 10) -> tuple[int, dict[str, Any]]:
    """The health check's HTTP status and answer."""
    try:
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/health", timeout=timeout
        ) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


async def page(port: int, number: int) -> ClientConnection:
    """A page from the ``number``-th client address."""
    address = f"127.0.0.{1 + number % CLIENTS}"
    return await connect(
        f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), max_size=2**20, open_timeout=60
    )


async def receive(ws: ClientConnection, *kinds: str, check: Any = lambda m: True) -> Any:
    """The next message of one of ``kinds`` that passes ``check`` (TimeoutError after
    :data:`PATIENCE` seconds: something was lost)."""
    async with asyncio.timeout(PATIENCE):
        while True:
            message = json.loads(await ws.recv())
            if message["t"] in kinds and check(message):
                return message


@dataclass
class Game:
    """One two-player game: ``host`` (X) made the room, ``guest`` (O) joined it."""

    host: ClientConnection
    guest: ClientConnection
    room: str


async def open_game(ports: list[int], number: int, gate: asyncio.Semaphore) -> Game:
    """A game whose guest is on the next process (every move crosses Redis with two)."""
    async with gate:
        host = await page(ports[number % len(ports)], number)
        await host.send(json.dumps({"t": "friend", "rows": 3, "cols": 3, "k": 3}))
        room = (await receive(host, "welcome"))["room"]
        guest = await page(ports[(number + 1) % len(ports)], number + 1)
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
                await receive(ws, "state", check=lambda s: s["game"] == number)
        for ply, cell in enumerate(DRAWN_GAME):
            mover, other = players[ply % 2], players[1 - ply % 2]
            await asyncio.sleep(rng.uniform(0, 2 * think))
            sent = time.perf_counter()
            await mover.send(json.dumps({"t": "move", "cell": cell, "ply": ply}))
            results.moves += 1
            await receive(mover, "state", check=lambda s, n=ply + 1: len(s["moves"]) == n)
            results.round_trips.append(time.perf_counter() - sent)
            results.acknowledged += 1
            await receive(other, "state", check=lambda s, n=ply + 1: len(s["moves"]) == n)
        results.games_finished += 1
    except ConnectionClosed:
        results.dropped_players += 1
    except TimeoutError:
        results.lost += 1


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


async def fuzz(port: int, number: int, count: int, results: Results, rng: random.Random) -> None:
    """Send ``count`` malformed messages at :data:`FUZZ_RATE` per second."""
    sent = 0
    while sent < count:
        try:
            async with await page(port, number) as ws:
                while sent < count:
                    await ws.send(malformed(rng))
                    sent += 1
                    results.fuzz_sent += 1
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if answer["t"] == "error":
                        results.fuzz_answered += 1
                    await asyncio.sleep(1 / FUZZ_RATE)
        except ConnectionClosed:
            results.fuzz_closed += 1  # its own fault (too big, too many bad messages)


async def run(
    ports: list[int], pids: list[int], games: int, fuzz_messages: int, think: float
) -> tuple[Results, Results]:
    """The load run on the servers at ``ports``, then (if ``fuzz_messages``) the fuzz run: the
    same players play a rematch meanwhile."""
    load = Results(rss_idle_kib=[rss_kib(pid) for pid in pids])
    gate = asyncio.Semaphore(OPEN_AT_ONCE)
    opened = await asyncio.gather(*(open_game(ports, 2 * n, gate) for n in range(games)))
    load.rss_loaded_kib = [rss_kib(pid) for pid in pids]
    started = time.perf_counter()
    await asyncio.gather(
        *(play(game, think, load, random.Random(i)) for i, game in enumerate(opened))
    )
    elapsed = time.perf_counter() - started
    print(f"  load run: {games} games in {elapsed:.1f} s, {load.moves / elapsed:.0f} moves/s")
    fuzzed = Results()
    if fuzz_messages:
        fuzzers = min(FUZZERS, max(1, fuzz_messages // 10))
        shares = [fuzz_messages // fuzzers + (i < fuzz_messages % fuzzers) for i in range(fuzzers)]
        started = time.perf_counter()
        await asyncio.gather(
            *(play(game, think, fuzzed, random.Random(i), 2) for i, game in enumerate(opened)),
            *(fuzz(ports[0], i, share, fuzzed, random.Random(1000 + i))
              for i, share in enumerate(shares)),
        )  # fmt: skip
        elapsed = time.perf_counter() - started
        print(f"  fuzz run: {fuzz_messages} malformed messages and {games} rematches in "
              f"{elapsed:.1f} s")  # fmt: skip
    for game in opened:
        await game.host.close()
        await game.guest.close()
    return load, fuzzed


def percentiles(results: Results) -> tuple[float, float, float]:
    """p50, p99 and the slowest round trip in milliseconds."""
    trips = sorted(results.round_trips) or [float("nan")]
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    return statistics.median(trips) * 1000, p99 * 1000, trips[-1] * 1000


# --- the limits --------------------------------------------------------------------------------


@dataclass
class Burst:
    """300 joins at once: how they went."""

    sent_within: float
    seated_first: int
    busy_first: int
    rounds: int
    seated: int
    errors: int


async def burst_of_joins(ports: list[int]) -> Burst:
    """:data:`JOINS` invitees join their rooms over the processes, all at once; a "busy" is
    asked again until everyone is seated."""
    hosts = await asyncio.gather(*(page(ports[n % 2], n) for n in range(JOINS)))
    rooms = []
    for host in hosts:
        await host.send(json.dumps({"t": "friend", "rows": 3, "cols": 3, "k": 3}))
        rooms.append((await receive(host, "welcome"))["room"])
    guests = await asyncio.gather(*(page(ports[(n + 1) % 2], n + 1) for n in range(JOINS)))
    waiting = list(range(JOINS))
    rounds = seated = errors = 0
    sent_within, first = 0.0, (0, 0)
    while waiting and rounds < 20:
        rounds += 1
        started = time.perf_counter()
        await asyncio.gather(
            *(guests[n].send(json.dumps({"t": "join", "room": rooms[n]})) for n in waiting)
        )
        if rounds == 1:
            sent_within = time.perf_counter() - started
        answers = await asyncio.gather(*(receive(guests[n], "welcome", "error") for n in waiting))
        retry = []
        for n, answer in zip(waiting, answers, strict=True):
            if answer["t"] == "welcome" and answer["player"] == "b" and answer["token"]:
                seated += 1
            elif answer["t"] == "error" and answer["code"] == "busy":
                retry.append(n)
            else:
                errors += 1
        if rounds == 1:
            first = (len(waiting) - len(retry), len(retry))
        waiting = retry
    for ws in (*hosts, *guests):
        await ws.close()
    return Burst(sent_within, first[0], first[1], rounds, seated, errors)


async def reply(port: int, number: int, level: str, think_ms: int = 100) -> float:
    """Seconds from a move on 3 x 3 to the answer of computer player ``level``."""
    ws = await page(port, number)
    await ws.send(json.dumps({"t": "solo", "rows": 3, "cols": 3, "k": 3, "level": level,
                              "first": "you", "think_ms": think_ms}))  # fmt: skip
    await receive(ws, "welcome")
    await receive(ws, "state")
    started = time.perf_counter()
    await ws.send(json.dumps({"t": "move", "cell": 4, "ply": 0}))
    await receive(ws, "state", check=lambda s: len(s["moves"]) == 2)
    elapsed = time.perf_counter() - started
    await ws.close()
    return elapsed


async def replies(port: int, first: int) -> dict[str, float]:
    """The slowest of 3 replies of Medium (a quick move), and of Expert searching 0.1 s,
    asked at once."""
    found = {}
    for level in ("win-block", "search"):
        asked = [reply(port, first + n, level) for n in range(3)]
        found[level] = max(await asyncio.gather(*asked))
    return found


async def out_of_the_book(port: int, number: int) -> tuple[ClientConnection, list[int]]:
    """A 15 x 15 game against Expert (thinking 50 ms) past its opening moves, and its moves:
    the person is to move, and Expert's next search is a real one."""
    ws = await page(port, number)
    await ws.send(json.dumps({"t": "solo", "rows": 15, "cols": 15, "k": 5, "level": "search",
                              "first": "you", "think_ms": 50}))  # fmt: skip
    await receive(ws, "welcome")
    moves: list[int] = (await receive(ws, "state"))["moves"]
    for ply in range(0, 6, 2):
        await ws.send(json.dumps({"t": "move", "cell": free_corner(moves), "ply": ply}))
        state = await receive(ws, "state", check=lambda s, n=ply + 2: len(s["moves"]) == n)
        moves = state["moves"]
    await ws.send(json.dumps({"t": "think", "think_ms": ABANDONED_THINK_MS}))
    await receive(ws, "state", check=lambda s: s["think_ms"] == ABANDONED_THINK_MS)
    return ws, moves


def free_corner(moves: list[int]) -> int:
    """A cell near a corner of 15 x 15 that nobody has taken (away from Expert's stones)."""
    return next(cell for cell in (0, 14, 210, 224, 1, 13, 211, 223) if cell not in moves)


async def abandoned_delay(port: int) -> tuple[dict[str, float], dict[str, float]]:
    """3 x 3 replies alone, then once :data:`ABANDONED` 15 x 15 games have each asked Expert
    for a 20 s move and their players have left."""
    alone = await replies(port, 200)
    games = [await out_of_the_book(port, 100 + n) for n in range(ABANDONED)]
    for ws, moves in games:
        await ws.send(json.dumps({"t": "move", "cell": free_corner(moves), "ply": len(moves)}))
    await receive(games[0][0], "progress", check=lambda m: m["of"] == "move")  # it searches
    for ws, _ in games:
        await ws.close()  # every player leaves while Expert thinks
    return alone, await replies(port, 220)


def frozen_health(port: int, redis: subprocess.Popen[bytes]) -> tuple[int, str, float]:
    """The health check while Redis is frozen (SIGSTOP): status, answer, seconds."""
    redis.send_signal(signal.SIGSTOP)
    try:
        started = time.perf_counter()
        status, answer = health(port)
        return status, str(answer.get("status")), time.perf_counter() - started
    finally:
        redis.send_signal(signal.SIGCONT)


# --- the report --------------------------------------------------------------------------------


def column(load: Results, servers: int) -> list[str]:
    p50, p99, slowest = percentiles(load)
    rss = " + ".join(f"{kib / 1024:.1f}" for kib in load.rss_loaded_kib)
    idle = " + ".join(f"{kib / 1024:.1f}" for kib in load.rss_idle_kib)
    per_room = (sum(load.rss_loaded_kib) - sum(load.rss_idle_kib)) / max(
        1, len(load.round_trips) // 9
    )
    redis = "" if load.redis_kib is None else f" (Redis {load.redis_kib / 1024:.1f})"
    return [
        f"{servers} process{'es' if servers > 1 else ''}",
        f"{p50:.1f} ms",
        f"{p99:.1f} ms",
        f"{slowest:.1f} ms",
        f"{idle} MiB",
        f"{rss} MiB{redis}",
        f"{per_room:.0f} KiB",
        f"{load.acknowledged}/{load.moves}",
        f"{load.dropped_players}",
    ]


ROWS = [
    "servers",
    "move round trip p50",
    "move round trip p99",
    "slowest move",
    "server RSS, idle",
    "server RSS, games open",
    "memory per room",
    "moves acknowledged",
    "players disconnected",
]


def table(columns: dict[str, list[str]]) -> None:
    names = list(columns)
    width = max(len(row) for row in ROWS)
    print("\n" + " " * width + " | " + " | ".join(f"{name:>26}" for name in names))
    for index, row in enumerate(ROWS):
        print(f"{row:<{width}} | " + " | ".join(f"{columns[n][index]:>26}" for n in names))


def played_checks(name: str, load: Results, games: int, errors: int) -> dict[str, bool]:
    """Every move acknowledged, nobody disconnected, no server error."""
    return {
        f"{name}: every move acknowledged ({load.acknowledged}/{9 * games}), nobody "
        f"disconnected, 0 server errors ({errors})": load.acknowledged == load.moves == 9 * games
        and load.dropped_players == load.lost == 0
        and errors == 0
    }


def memory_run(args: argparse.Namespace, home: str) -> tuple[list[str], dict[str, bool]]:
    """One process, rooms in memory: the load, the fuzz and the abandoned games."""
    print(f"memory store, 1 process: {args.games} games ({2 * args.games} sockets)")
    port = free_port()
    server = start_server(port, home)
    try:
        load, fuzzed = asyncio.run(run([port], [server.pid], args.games, args.fuzz, args.think))
        errors = health(port)[1]["errors"] + (server.poll() is not None)
        alone, busy = asyncio.run(abandoned_delay(port))
    finally:
        stop(server)
    p99 = percentiles(load)[1]
    checks = {f"memory: p99 < {TARGET_P99_MS:.0f} ms ({p99:.1f} ms)": p99 < TARGET_P99_MS}
    checks |= played_checks("memory", load, args.games, errors)
    if args.fuzz:
        checks[
            f"memory: {fuzzed.fuzz_sent} malformed messages answered "
            f"({fuzzed.fuzz_answered}, fuzzers closed {fuzzed.fuzz_closed} times) while the "
            f"games went on ({fuzzed.acknowledged}/{fuzzed.moves} moves, p99 "
            f"{percentiles(fuzzed)[1]:.1f} ms)"
        ] = (
            fuzzed.fuzz_answered + fuzzed.fuzz_closed == fuzzed.fuzz_sent == args.fuzz
            and fuzzed.acknowledged == fuzzed.moves
            and fuzzed.dropped_players == 0
        )
    for level, title in (("win-block", "Medium's"), ("search", "Expert's (0.1 s)")):
        checks[
            f"{title} 3 x 3 reply with {ABANDONED} abandoned 15 x 15 games thinking 20 s: "
            f"{busy[level] * 1000:.0f} ms (alone {alone[level] * 1000:.0f} ms; at most "
            f"+{TARGET_DELAY_S * 1000:.0f} ms)"
        ] = busy[level] - alone[level] <= TARGET_DELAY_S
    return column(load, 1), checks


def redis_run(args: argparse.Namespace, home: str) -> tuple[list[str], dict[str, bool]]:
    """Two processes sharing Redis: the load, the burst of joins, the health check."""
    print(f"Redis store, 2 processes: {args.games} games, every guest on the other")
    redis, url = start_redis(home)
    ports = [free_port(), free_port()]
    servers = [start_server(p, home, "--redis", url) for p in ports]
    try:
        shared, _ = asyncio.run(run(ports, [s.pid for s in servers], args.games, 0, args.think))
        shared.redis_kib = rss_kib(redis.pid)
        errors = sum(health(p)[1]["errors"] for p in ports)
        burst = asyncio.run(burst_of_joins(ports))
        status, said, seconds = frozen_health(ports[0], redis)
    finally:
        for process in servers:
            stop(process)
        stop(redis)
    checks = played_checks("Redis", shared, args.games, errors)
    checks[
        f"{JOINS} joins sent within {burst.sent_within:.3f} s over 2 processes: "
        f"{burst.seated_first} seated, {burst.busy_first} told to try again; all "
        f"{burst.seated} seated after {burst.rounds} round(s), {burst.errors} errors"
    ] = burst.seated == JOINS and burst.errors == 0 and burst.sent_within <= 0.3
    checks[f"/api/health with Redis frozen: {status} {said!r} in {seconds:.2f} s"] = (
        status == 503 and said == "unavailable" and seconds < TARGET_HEALTH_S
    )
    return column(shared, 2), checks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--fuzz", type=int, default=10_000)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before a move")
    parser.add_argument("--no-redis", action="store_true", help="the memory store alone")
    args = parser.parse_args(argv)
    columns: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as home:
        columns["memory"], checks = memory_run(args, home)
        if not args.no_redis:
            columns["Redis"], more = redis_run(args, home)
            checks |= more
    table(columns)
    print()
    for name, passed in checks.items():
        print(f"{'PASS' if passed else 'FAIL'}: {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
