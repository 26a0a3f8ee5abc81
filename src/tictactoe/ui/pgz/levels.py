"""Skill levels for the keys 1-9: every computer player, weakest first (the registry's order)."""

from __future__ import annotations

from tictactoe import players


def skill_levels() -> tuple[str, ...]:
    """Strategy names by key: 1 is the weakest (Beginner), the last the strongest (Perfect).

    Keys beyond the list select nothing.
    """
    return players.names()[:9]


def level_of(name: str) -> int | None:
    """The key (1-9) that selects strategy ``name``, or None."""
    names = skill_levels()
    return names.index(name) + 1 if name in names else None
