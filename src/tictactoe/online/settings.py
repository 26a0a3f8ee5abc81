"""The online server's limits, each with its default and, where a person may change it, its
command-line option: ``tictactoe web --help`` is built from here (one set of defaults).

Only the standard library: the command builds its options without loading the server.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

MAX_THINK_SECONDS = 600.0
"""The longest thinking time any server may allow (the engine's own limit)."""


@dataclass(frozen=True)
class Option:
    """How the command line sets one setting: ``flag`` followed by a whole ``count`` (at
    least ``low``) or a number of ``seconds`` from ``low`` to ``high``."""

    flag: str
    help: str
    unit: Literal["count", "seconds"] = "count"
    low: float = 1
    high: float = 0.0

    @property
    def metavar(self) -> str:
        """The value's name in ``--help``."""
        return "N" if self.unit == "count" else "SECONDS"


def option(default: Any, flag: str, help: str, **spec: Any) -> Any:
    """A setting's default, with the command-line option that changes it."""
    return field(default=default, metadata={"option": Option(flag, help, **spec)})


DAY = 86_400.0


@dataclass(frozen=True)
class Settings:
    """The server's limits and services; the defaults suit one process on a small machine."""

    max_connections: int = option(5000, "--max-connections", "open connections this process takes")
    connections_per_address: int = option(
        200, "--connections-per-address", "open connections this process takes from one address"
    )
    max_rooms: int = option(10_000, "--max-rooms", "rooms open at once, on every process")
    rooms_per_address: int = option(
        30, "--rooms-per-address", "rooms open at once made from one address"
    )
    max_spectators: int = option(50, "--max-spectators", "spectators per room", low=0)
    idle_seconds: float = option(
        3600.0, "--idle", "forget a room nobody has used for this long",
        unit="seconds", low=10, high=30 * DAY,
    )  # fmt: skip
    claim_after: float = option(
        60.0, "--claim-after",
        "how long a player must be gone before the other may claim the game",
        unit="seconds", low=0, high=DAY,
    )  # fmt: skip
    max_think_seconds: float = option(
        60.0, "--max-think",
        "the longest a computer player thinks per move (and a hint searches), whatever a "
        "page asks for",
        unit="seconds", low=0.05, high=MAX_THINK_SECONDS,
    )  # fmt: skip
    think_processes: int = option(
        2, "--think-processes",
        "worker processes for the computer's searches, besides one for its quick moves "
        "(0: threads of the server)",
        low=0,
    )  # fmt: skip
    rate: float = 10.0
    """Messages per second a connection may send, on average..."""
    burst: int = 20
    """...and in a burst."""
    max_strikes: int = 50
    """Refused messages (malformed or over the rate) before a connection is closed."""
    creates_per_minute: int = 20
    """Rooms one connection may create per minute."""
    outbox: int = 64
    """Messages queued for a page that does not read them before it is disconnected."""
    heartbeat_seconds: float = 10.0
    """How often this process tells the store its connections are alive."""
    sweep_seconds: float = 30.0
    """How often idle rooms are looked for."""
    retry_seconds: float = 1.0
    """How often what the store could not take (a page that left) is sent again."""
    allowed_origins: frozenset[str] = frozenset()
    """Origins besides the server's own whose pages may connect (``https://example.org``)."""
    record: bool = True
    """Write finished games to the saved games in the data folder."""
    data_dir: Path | None = None
    """Where finished games go (default: :func:`tictactoe.saved.paths.data_home`)."""

    @property
    def think_range(self) -> tuple[float, float]:
        """The shortest and longest thinking time a page may ask for, in seconds."""
        from tictactoe.core import THINK_RANGE

        low, high = THINK_RANGE
        return low, min(high, self.max_think_seconds)


def options() -> list[tuple[str, Option, Any]]:
    """Each setting a person may change: its name, its option and its default."""
    return [
        (spec.name, spec.metadata["option"], spec.default)
        for spec in fields(Settings)
        if "option" in spec.metadata
    ]
