"""The search service: how long a search may run, what it reports, how it is stopped.

One set of types for every search the core runs - the gomoku engine, the
exact solver, the traps among equal moves - and for every computer player::

    >>> from tictactoe.core import Board, Limits
    >>> from tictactoe.core.gomoku.engine import Engine
    >>> Engine().choose(Board.parse("XX./OO./..."), Limits(nodes=500))
    2

- :class:`Limits` - a budget as one value: seconds, nodes, depth;
- :class:`Progress` - what a running search has found so far, sent to a
  :data:`ProgressCallback` after each completed depth;
- :class:`Cancel` - anything with ``is_set()`` (a :class:`threading.Event`)
  that stops a search from another thread;
- :class:`Budget` - the running count and clock of one search: it calls
  :meth:`Budget.check` every few nodes, and once the clock, the node count
  or a cancel request says stop it unwinds with :class:`SearchStopped`;
- :class:`Player` - a computer player: ``choose(board, limits, progress=,
  cancel=)``; strategies that do not search ignore the last three. A player
  class can inherit :class:`Answers`, which hands the call to its
  ``answer(board, ask)`` with the three as one :class:`Ask`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from tictactoe.core.board import Board

SAFETY_SECONDS = 0.03
"""Stop searching this long before the limit: time to unwind and answer."""

SAFETY_SHARE = 0.03
"""... or this share of the limit, whichever is more."""


CHECK_EVERY = 16
"""Nodes between two looks at the clock (a look costs about a node's work)."""


class SearchStopped(Exception):
    """Raised inside a search when its budget is spent or it was cancelled.

    A search that has an answer so far catches it and returns that; one
    that has none (an exact hint) lets it through, having changed nothing.
    """


DEFAULT_SECONDS = 1.0
"""Seconds a move when nothing else is said (``--think``'s default)."""

THINK_RANGE = (0.05, 600.0)
"""Shortest and longest time a move a person may set (``--think``, the settings menus)."""


class Cancel(Protocol):
    """Anything that says whether to stop, such as :class:`threading.Event`."""

    def is_set(self) -> bool:
        """True once the search should stop."""
        ...


class _LimitFields(NamedTuple):
    seconds: float | None
    """Wall-clock seconds for the whole move, answer included."""
    nodes: int | None
    """Positions visited; with no ``seconds`` the search is reproducible on every machine."""
    depth: int | None
    """Deepest iteration of the main search, in plies."""


class Limits(_LimitFields):
    """A search's budget. ``None`` means no limit of that kind (at least one must be set).

    A named tuple, not a dataclass: the core's cold start imports no
    :mod:`dataclasses` (a command answers sooner).
    """

    __slots__ = ()

    def __new__(
        cls,
        seconds: float | None = DEFAULT_SECONDS,
        nodes: int | None = None,
        depth: int | None = None,
    ) -> Limits:
        if seconds is not None and (
            not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds <= 0
        ):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        for name, value in (("nodes", nodes), ("depth", depth)):
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
        if seconds is None and nodes is None and depth is None:
            raise ValueError("a search needs a limit: seconds, nodes or depth")
        return super().__new__(cls, seconds, nodes, depth)

    @classmethod
    def of(cls, seconds: float | None = None, nodes: int | None = None) -> Limits:
        """Nodes when given (reproducible), else seconds (default :data:`DEFAULT_SECONDS`)."""
        if nodes is not None:
            return cls(seconds=seconds, nodes=nodes)
        return cls(seconds=DEFAULT_SECONDS if seconds is None else seconds)


class Progress(NamedTuple):
    """What a running search has found so far (sent after each completed depth)."""

    depth: int
    """Plies of the last completed iteration."""
    nodes: int
    """Positions visited so far."""
    seconds: float
    """Time since the search started."""
    score: int
    """The best move's score for the side to move (see :mod:`tictactoe.core.gomoku.search`)."""
    pv: tuple[int, ...]
    """The principal variation: the best move and the expected replies, as cells."""


ProgressCallback = Callable[[Progress], None]


class Player(Protocol):
    """A computer player: a move for a position, within a budget, stoppable.

    ``limits`` replaces the player's own budget for this move (None: its
    own); a searching player reports each completed depth to ``progress``
    and, once ``cancel`` is set, answers at once with its best move so far.
    Players that do not search ignore all three.
    """

    def choose(
        self,
        board: Board,
        limits: Limits | None = None,
        *,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
    ) -> int:
        """A legal move for the side to move on ``board`` (which is not over)."""
        ...


class Ask(NamedTuple):
    """What :meth:`Player.choose` asks besides the position: the budget (None: the player's
    own), where to report progress, what stops the search."""

    limits: Limits | None = None
    progress: ProgressCallback | None = None
    cancel: Cancel | None = None


class Answers:
    """A base for players: :meth:`choose` (the :class:`Player` call) hands the position and the
    rest of the request, as one :class:`Ask`, to :meth:`answer`, which each player writes."""

    def choose(
        self,
        board: Board,
        limits: Limits | None = None,
        *,
        progress: ProgressCallback | None = None,
        cancel: Cancel | None = None,
    ) -> int:
        """A legal move for the side to move on ``board`` (which is not over)."""
        return self.answer(board, Ask(limits, progress, cancel))

    def answer(self, board: Board, ask: Ask) -> int:
        """The move for ``board``, within ``ask``'s budget (players that do not search ignore
        ``ask``)."""
        raise NotImplementedError


class Budget:
    """The running count and clock of one search.

    ``limits`` None means no limit but ``cancel``. The count starts at
    ``nodes``, for a search that keeps its own counter and hands it over
    every few nodes (the limit on nodes is then counted from there).
    """

    def __init__(
        self,
        limits: Limits | None,
        cancel: Cancel | None = None,
        clock: Callable[[], float] = time.perf_counter,
        started: float | None = None,
        *,
        nodes: int = 0,
    ) -> None:
        self.limits = limits
        self.cancel = cancel
        self.clock = clock
        self.started = clock() if started is None else started
        seconds = None if limits is None else limits.seconds
        if seconds is None:
            self.deadline = math.inf
        else:
            margin = max(SAFETY_SECONDS, seconds * SAFETY_SHARE)
            self.deadline = self.started + max(seconds - margin, seconds / 2)
        self.node_limit: float = math.inf
        if limits is not None and limits.nodes is not None:
            self.node_limit = nodes + limits.nodes
        self.depth = None if limits is None else limits.depth
        """Deepest iteration allowed, in plies (None: no limit)."""
        self.nodes = nodes
        self.stopped = False
        self._countdown = CHECK_EVERY

    @property
    def elapsed(self) -> float:
        """Seconds since the search started."""
        return self.clock() - self.started

    @property
    def timed(self) -> bool:
        """True when the clock limits this search."""
        return self.deadline != math.inf

    def share_left(self) -> float:
        """Seconds left before the deadline (infinite without a clock)."""
        return self.deadline - self.clock()

    def spent(self) -> bool:
        """True (for good) once the nodes, the clock or a cancel request say stop."""
        if not self.stopped and (
            self.nodes >= self.node_limit
            or self.clock() >= self.deadline
            or (self.cancel is not None and self.cancel.is_set())
        ):
            self.stopped = True
        return self.stopped

    def check(self) -> None:
        """Raise :class:`SearchStopped` (saying why) if the budget is spent."""
        if self.spent():
            raise SearchStopped(self._why())

    def _why(self) -> str:
        if self.cancel is not None and self.cancel.is_set():
            return "the search was cancelled"
        if self.nodes >= self.node_limit:
            return "the search spent its nodes"
        return "the search ran out of time"

    def count(self, nodes: int = 1) -> None:
        """Add ``nodes`` visited; every :data:`CHECK_EVERY` of them, :meth:`check`."""
        self.nodes += nodes
        self._countdown -= nodes
        if self._countdown <= 0:
            self._countdown = CHECK_EVERY
            self.check()

    def phase(self, share: float, nodes: int | None = None) -> Budget:
        """A budget for one phase of the search: ``share`` of the time and nodes left
        (and at most ``nodes`` more nodes when given).

        It counts on from this budget's nodes and obeys the same cancel; give
        its count back with :meth:`absorb` when the phase ends.
        """
        child = Budget(self.limits, self.cancel, self.clock, self.started)
        now = self.clock()
        if self.timed:
            child.deadline = min(self.deadline, now + share * max(0.0, self.deadline - now))
        child.nodes = self.nodes
        if self.node_limit != math.inf:
            child.node_limit = self.nodes + share * max(0, self.node_limit - self.nodes)
        if nodes is not None:
            child.node_limit = min(child.node_limit, self.nodes + nodes)
        child.stopped = self.stopped
        return child

    def absorb(self, child: Budget) -> None:
        """Take over the node count of a finished :meth:`phase`."""
        self.nodes = child.nodes
