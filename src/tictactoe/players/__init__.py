"""Computer players: one registry of named strategies that every front end lists.

Each level has one title players see (``Medium``, translated by the front
ends; :func:`title_of`), one name to type (``medium``: :attr:`Strategy.flag`)
and the exact name programs keep (``win-block``); :func:`get` takes all three.
Which levels play a board is :func:`levels_for`; the level to play when the
chosen one cannot is :func:`fit_level`; every front end's first opponent is
:data:`DEFAULT_LEVEL`.

A player is a :class:`Player`: ``choose(board, limits=None, *, progress=None,
cancel=None) -> cell`` (the core's search service, :mod:`tictactoe.core.search`;
players that do not search ignore the last three). Strategies are created
by name with :func:`create`, each with an injected :class:`random.Random`
so games and matches are reproducible::

    >>> from tictactoe.players import create
    >>> player = create("perfect", seed=1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from tictactoe.core.errors import N_, UnknownPlayerError, shown
from tictactoe.core.rules import Rules
from tictactoe.core.search import Player as Player  # re-exported: the players' protocol
from tictactoe.core.strategies.simple import (
    CentreFirst,
    CornerFirst,
    FirstFree,
    ForkAware,
    RandomPlayer,
    WinBlock,
)

if TYPE_CHECKING:
    from tictactoe.core.exact.solver import Solver
    from tictactoe.players.own import Spec


class Strategy(NamedTuple):
    """A registry entry: the exact name, what players see, and how to build it."""

    name: str
    """The exact name programs keep (``win-block``: saved games, settings, the web API, arena);
    flags take it too, in any case. Players see :attr:`title` and type :attr:`flag`."""
    title: str
    """The friendly level name players see (``Medium``); English, translated by front ends."""
    description: str
    """One line for players on how it plays; English, translated by front ends."""
    build: Callable[..., Player]
    """Builds a player: takes ``rng`` (and ``solver`` when :attr:`uses_solver`, ``think`` and
    ``nodes`` when :attr:`thinks`)."""
    board_check: Callable[[Rules], str | None] | None = None
    """Why the strategy cannot play a board (None when it can); None when it plays every board."""
    uses_solver: bool = False
    """:attr:`build` takes ``solver=``: an exact solver it may share (with hints, say)."""
    thinks: bool = False
    """:attr:`build` takes ``think=`` (seconds a move) and ``nodes=`` (positions a move)."""

    @property
    def flag(self) -> str:
        """The level's name to type (``--opponent medium``, ``medium-centre``): the title in
        lower case, its words joined by hyphens."""
        return _key(self.title)

    def create(
        self,
        rng: random.Random | None = None,
        *,
        seed: int | None = None,
        solver: Solver | None = None,
        think: float | None = None,
        nodes: int | None = None,
    ) -> Player:
        """A new player; randomness from ``rng``, else a generator seeded with ``seed``.

        ``solver`` is shared with the player if it searches exactly (``uses_solver``),
        so what it learns also answers hints at once. ``think`` (seconds a move)
        and ``nodes`` (positions a move, for reproducible games) bound a player
        that searches (``thinks``); the others ignore them.
        """
        chosen = rng if rng is not None else random.Random(seed)
        options: dict[str, object] = {}
        if self.uses_solver and solver is not None:
            options["solver"] = solver
        if self.thinks:
            options.update(think=think, nodes=nodes)
        return self.build(rng=chosen, **options)

    def unsupported_reason(self, rules: Rules) -> str | None:
        """Why this strategy cannot play ``rules``'s board, or None if it can."""
        return self.board_check(rules) if self.board_check is not None else None

    def plays(self, rules: Rules) -> bool:
        """True when this strategy can play ``rules``'s board (see :meth:`unsupported_reason`)."""
        return self.unsupported_reason(rules) is None


class OwnPlayer(Strategy):
    """A registry entry for an own player: a Python file, ``module:name`` or ``brain:COMMAND``
    (:func:`get` with ``own`` makes them; :mod:`tictactoe.players.own` says what they are)."""

    __slots__ = ()

    @property
    def spec(self) -> Spec:
        """What the player is and where."""
        from tictactoe.players.own import Spec

        spec = Spec.parse(self.name)
        assert spec is not None
        return spec

    def unsupported_reason(self, rules: Rules) -> str | None:
        """An engine plays five in a row only (which sizes it takes, it says when asked)."""
        from tictactoe.players.own import ENGINE_K, Kind

        if self.spec.kind is Kind.ENGINE and rules.k != ENGINE_K:
            return f"Gomocup engines play {ENGINE_K} in a row"
        return None


def _own_player(name: str) -> OwnPlayer | None:
    """The entry for the own player ``name`` names, or None when it names none.

    Raises :class:`UnknownPlayerError` when it names one that is not there
    (no such file, module or program).
    """
    from tictactoe.players.own import Kind, Spec

    spec = Spec.parse(name)
    if spec is None:
        return None
    problem = spec.problem()
    if problem is not None:
        raise UnknownPlayerError(problem)
    about = N_("a Gomocup engine") if spec.kind is Kind.ENGINE else N_("your own player, in Python")
    return OwnPlayer(spec.name, spec.title, about, partial(_own, spec), thinks=True)


def _own(
    spec: Spec, rng: random.Random, think: float | None = None, nodes: int | None = None
) -> Player:
    """An own player, in its child process (``rng`` and ``nodes`` unused, ``think`` its time a
    move when the game sets none)."""
    from tictactoe.players.own import Kind

    if spec.kind is Kind.ENGINE:
        from tictactoe.players.brain import EnginePlayer

        return EnginePlayer(spec, rng, think=think, nodes=nodes)
    from tictactoe.players.script import ScriptPlayer

    return ScriptPlayer(spec, rng, think=think, nodes=nodes)


def _engine(rng: random.Random, think: float | None = None, nodes: int | None = None) -> Player:
    """Expert's player: the gomoku engine (loaded when first built)."""
    from tictactoe.core.gomoku.engine import Engine

    return Engine(rng, think=think, nodes=nodes)


def _perfect(rng: random.Random, solver: Solver | None = None) -> Player:
    """Perfect's player: exact play (the solver is loaded when first built)."""
    from tictactoe.core.strategies.perfect import PerfectPlayer

    return PerfectPlayer(rng, solver)


def _perfect_check(rules: Rules) -> str | None:
    """Why Perfect cannot play ``rules``'s board exactly, or None if it can."""
    from tictactoe.core.strategies.perfect import unsupported_reason

    return unsupported_reason(rules)


STRATEGIES: tuple[Strategy, ...] = (
    Strategy(
        "first-free",
        N_("Beginner"),
        N_("plays the first free square, from the top left"),
        FirstFree,
    ),
    Strategy(
        "random",
        N_("Easy"),
        N_("plays any free square at random"),
        RandomPlayer,
    ),
    Strategy(
        "win-block",
        N_("Medium"),
        N_("wins when it can, blocks your wins, otherwise plays at random"),
        WinBlock,
    ),
    Strategy(
        "centre-first",
        N_("Medium: centre"),
        N_("wins, blocks, else takes the centre, then corners, then edges"),
        CentreFirst,
    ),
    Strategy(
        "corner-first",
        N_("Medium: corners"),
        N_("wins, blocks, else takes a corner, then the centre, then an edge"),
        CornerFirst,
    ),
    Strategy(
        "fork-aware",
        N_("Hard"),
        N_("wins, blocks and sees double threats coming"),
        ForkAware,
    ),
    Strategy(
        "search",
        N_("Expert"),
        N_("reads ahead: threats, forced wins, strong on big boards"),
        _engine,
        thinks=True,
    ),
    Strategy(
        "perfect",
        N_("Perfect"),
        N_("never loses and wins whenever it can, on small boards"),
        _perfect,
        _perfect_check,
        uses_solver=True,
    ),
)
"""Every computer player, weakest first."""


DEFAULT_LEVEL = "win-block"
"""Every front end's first opponent (until a player chooses another): Medium, which wins and
blocks but makes mistakes a beginner can find."""


def names() -> tuple[str, ...]:
    """Every registered strategy's exact name (``win-block``), in registry order."""
    return tuple(strategy.name for strategy in STRATEGIES)


def flags() -> tuple[str, ...]:
    """Every level's name to type (``medium``), weakest first: what messages and help list."""
    return tuple(strategy.flag for strategy in STRATEGIES)


OWN_PLAYERS = "a Python file (my_player.py) or an engine (brain:COMMAND)"
"""What an unknown name's message offers besides the levels: the players from outside."""

RETIRED: dict[str, str] = {"lookahead": "search"}
"""Names of players that were replaced, and the name of what replaced them."""


def _key(text: str) -> str:
    """``text`` as a name is compared: lower case, words (spaces, ``:``, ``_``) joined by ``-``."""
    return "-".join(text.lower().replace(":", " ").replace("_", " ").split())


def get(name: str, *, own: bool = False) -> Strategy:
    """The strategy called ``name``: its level name (``medium``), its title in any case
    (``Medium``, ``MEDIUM: CENTRE``) or its exact name (``win-block``); spaces around ignored.

    With ``own``, a Python file, ``module:name`` or ``brain:COMMAND`` is an
    own player (:class:`OwnPlayer`): only the person at
    the computer may choose one (a flag, a window's dialog), never a name sent
    from elsewhere (the web page), since it runs a program.

    :class:`UnknownPlayerError` lists the level names, or says what replaced
    a retired one (``lookahead`` is now ``expert``).
    """
    key = _key(name) if isinstance(name, str) else None
    for strategy in STRATEGIES:
        if key in (strategy.name, strategy.flag):
            return strategy
    if key in RETIRED:
        raise UnknownPlayerError(
            f"player {shown(name)} was replaced by {get(RETIRED[key]).flag!r}, which plays the "
            "same boards and is stronger"
        )
    if own:
        found = _own_player(name)
        if found is not None:
            return found
    offered = f"{', '.join(flags())}, {OWN_PLAYERS}" if own else ", ".join(flags())
    raise UnknownPlayerError(f"unknown player {shown(name)}: choose one of {offered}")


def is_own(name: str) -> bool:
    """True when ``name`` names an own player (a Python file, ``module:name``, ``brain:COMMAND``),
    whether it is there or not."""
    from tictactoe.players.own import Spec

    key = _key(name) if isinstance(name, str) else None
    if any(key in (strategy.name, strategy.flag) for strategy in STRATEGIES):
        return False
    return Spec.parse(name) is not None


def speaks_index(name: str) -> bool:
    """True when ``name`` names a Python player (a file or ``module:name``): it answers the
    engine's cell numbers, 0 to 8 from the top left on 3 x 3, as the lessons teach them."""
    from tictactoe.players.own import Spec

    spec = Spec.parse(name) if is_own(name) else None
    return spec is not None and spec.speaks_index


def cell_said(rules: Rules, cell: int, gettext: Callable[[str], str]) -> str:
    """A Python player's cell as the lessons name it, in the language of ``gettext``: its number
    and where it is (``0, top left``; ``12, c3`` on other boards than 3 x 3)."""
    from tictactoe.players import own

    return own.cell_said(rules, cell, gettext)


def engine_name(command: str) -> str:
    """The name of the Gomocup engine that ``command`` starts: ``brain:COMMAND``."""
    from tictactoe.players.own import ENGINE_PREFIX

    return ENGINE_PREFIX + command.strip()


def is_engine(name: str) -> bool:
    """True when ``name`` names a Gomocup engine (``brain:COMMAND``)."""
    from tictactoe.players.own import Kind, Spec

    spec = Spec.parse(name)
    return spec is not None and spec.kind is Kind.ENGINE


def own_problem(name: str, gettext: Callable[[str], str]) -> str | None:
    """What keeps the own player ``name`` from playing, in the language of ``gettext``: no such
    file, module or program, or a Python file's syntax error (found without running it); None
    when nothing does."""
    from tictactoe.players.own import check

    return check(name, gettext)


def kept_name(name: str) -> str:
    """The name a saved game keeps for the player called ``name``: a level's or a person's
    own, an own player's title (``my_player.py``, ``pbrain-rapfi``) - short, fit for a record,
    and the same wherever the file is kept."""
    if not is_own(name):
        return name
    from tictactoe.core.records.record import clean_name

    return clean_name(title_of(name))


def title_of(name: str) -> str:
    """The English title players see for the player called ``name`` (``win-block`` and
    ``medium`` give ``Medium``); any other name (``human``, a name from an imported file)
    unchanged. Front ends translate it."""
    try:
        return get(name, own=True).title
    except UnknownPlayerError:
        from tictactoe.players.own import Spec

        spec = Spec.parse(name)  # an own player that is not there any more keeps its name
        return spec.title if spec is not None else name


def levels_for(rules: Rules) -> tuple[Strategy, ...]:
    """The strategies that play ``rules``'s board, weakest first (:meth:`Strategy.plays`)."""
    return tuple(strategy for strategy in STRATEGIES if strategy.plays(rules))


def fit_level(name: str, rules: Rules, *, own: bool = False) -> str:
    """The exact name of the level to play ``rules``'s board when ``name`` was chosen:
    ``name`` itself where it plays, else the strongest level that does (``own``: ``name``
    may be an own player, see :func:`get`)."""
    chosen = get(name, own=own)
    if chosen.plays(rules):
        return chosen.name
    playable = levels_for(rules)
    return playable[-1].name if playable else STRATEGIES[0].name


def create(
    name: str,
    rng: random.Random | None = None,
    *,
    seed: int | None = None,
    solver: Solver | None = None,
    think: float | None = None,
    nodes: int | None = None,
    own: bool = False,
) -> Player:
    """A new player of the strategy called ``name`` (see :meth:`Strategy.create`); with ``own``
    it may be an own player (see :func:`get`)."""
    return get(name, own=own).create(rng, seed=seed, solver=solver, think=think, nodes=nodes)
