"""Computer players: one registry of named strategies that every front end lists.

A player is anything with ``choose(board) -> cell``. Strategies are created
by name with :func:`create`, each with an injected :class:`random.Random`
so games and matches are reproducible::

    >>> from tictactoe.players import create
    >>> player = create("perfect", seed=1)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from tictactoe.core.board import Board
from tictactoe.core.errors import UnknownPlayerError
from tictactoe.core.rules import Rules

if TYPE_CHECKING:
    from tictactoe.core.solver import Solver


class Player(Protocol):
    """A computer opponent."""

    def choose(self, board: Board) -> int:
        """A legal move for the side to move on ``board`` (which is not over)."""
        ...


class Strategy(NamedTuple):
    """A registry entry: a name, a one-line description and how to build it."""

    name: str
    description: str
    target: str
    """``module:callable`` taking ``rng`` and returning a :class:`Player`."""
    level: int | None = None
    """Seed 002's skill level (1 random, 2 win-block, 3 perfect), if it has one."""
    uses_solver: bool = False
    """The factory takes ``solver=``: an exact solver it may share (with hints, say)."""

    def factory(self) -> Callable[..., Player]:
        """The callable that builds this strategy's players."""
        module, _, attribute = self.target.partition(":")
        built: Callable[..., Player] = getattr(importlib.import_module(module), attribute)
        return built

    def create(
        self,
        rng: random.Random | None = None,
        *,
        seed: int | None = None,
        solver: Solver | None = None,
    ) -> Player:
        """A new player; randomness from ``rng``, else a generator seeded with ``seed``.

        ``solver`` is shared with the player if it searches exactly (``uses_solver``),
        so what it learns also answers hints at once.
        """
        chosen = rng if rng is not None else random.Random(seed)
        if self.uses_solver and solver is not None:
            return self.factory()(rng=chosen, solver=solver)
        return self.factory()(rng=chosen)

    def unsupported_reason(self, rules: Rules) -> str | None:
        """Why this strategy cannot play ``rules``'s board, or None if it can."""
        check = getattr(
            importlib.import_module(self.target.partition(":")[0]), "unsupported_reason", None
        )
        return check(rules) if check is not None else None


STRATEGIES: tuple[Strategy, ...] = (
    Strategy(
        "first-free",
        "takes the first free cell (seed 000's dummy)",
        "tictactoe.core.strategies.seeds:FirstFree",
    ),
    Strategy(
        "random",
        "plays a random free cell (seed 002, level 1)",
        "tictactoe.core.strategies.seeds:RandomPlayer",
        level=1,
    ),
    Strategy(
        "win-block",
        "wins if it can, else blocks, else plays at random (seed 002, level 2)",
        "tictactoe.core.strategies.seeds:WinBlock",
        level=2,
    ),
    Strategy(
        "centre-first",
        "wins, blocks, then centre, corners, edges (seed 003)",
        "tictactoe.core.strategies.seeds:CentreFirst",
    ),
    Strategy(
        "corner-first",
        "wins, blocks, then a random corner, centre, edge (seed 004)",
        "tictactoe.core.strategies.seeds:CornerFirst",
    ),
    Strategy(
        "fork-aware",
        "centre, wins, avoids losing moves and forks (seed 000's theBest)",
        "tictactoe.core.strategies.seeds:ForkAware",
    ),
    Strategy(
        "lookahead",
        "looks a few moves ahead: threats, blocks and patterns (for big boards)",
        "tictactoe.core.strategies.lookahead:Lookahead",
    ),
    Strategy(
        "perfect",
        "exact play: never loses, wins fastest, sets traps (seed 002, level 3)",
        "tictactoe.core.strategies.perfect:PerfectPlayer",
        level=3,
        uses_solver=True,
    ),
)
"""Every computer player, weakest first."""


def names() -> tuple[str, ...]:
    """Every registered strategy name, in registry order."""
    return tuple(strategy.name for strategy in STRATEGIES)


def get(name: str) -> Strategy:
    """The strategy called ``name``; :class:`UnknownPlayerError` lists the valid ones."""
    for strategy in STRATEGIES:
        if strategy.name == name:
            return strategy
    raise UnknownPlayerError(f"unknown player {name!r}: choose one of {', '.join(names())}")


def create(
    name: str,
    rng: random.Random | None = None,
    *,
    seed: int | None = None,
    solver: Solver | None = None,
) -> Player:
    """A new player of the strategy called ``name`` (see :meth:`Strategy.create`)."""
    return get(name).create(rng, seed=seed, solver=solver)
