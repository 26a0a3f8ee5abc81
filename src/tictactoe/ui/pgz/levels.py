"""Skill levels for the keys 1-9: seed 002's levels first, then every other computer player."""

from __future__ import annotations

from tictactoe import players


def skill_levels() -> tuple[str, ...]:
    """Strategy names by key: 1 random, 2 win-block, 3 perfect (seed 002), then the rest.

    The rest follow the registry's order (weakest first); keys beyond the
    list select nothing.
    """
    levelled = sorted((s for s in players.STRATEGIES if s.level is not None), key=_level)
    others = [s for s in players.STRATEGIES if s.level is None]
    return tuple(s.name for s in [*levelled, *others])[:9]


def _level(strategy: players.Strategy) -> int:
    return strategy.level or 0


def level_of(name: str) -> int | None:
    """The key (1-9) that selects strategy ``name``, or None."""
    names = skill_levels()
    return names.index(name) + 1 if name in names else None
