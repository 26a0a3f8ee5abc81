"""Traps: which of several equally good moves a real opponent is likeliest to answer badly.

The opponent is modelled as one of the registry's weaker players - ``random``,
``win-block``, ``centre-first`` and ``corner-first`` (:data:`OPPONENTS`, the
simple players) - equally likely before the game. The stones already on the
board reweigh them (Bayes: a player that would never have made the
opponent's moves drops out), and an expectimax search then scores each move
by the points it brings against that mix: our moves are only the exact
solver's best ones, so nothing is ever given away, and the opponent's replies
are weighed by how likely each modelled player is to make them. A player who
wins when it can and blocks when it must is in the mix, so a move whose only
good answer is an obvious block earns nothing for that block.

After X a1 and O b2 every X move draws, but b3 (cell 7) wins against
``centre-first``, which then takes the corner c1 and walks into a fork:

    >>> from tictactoe.core.board import Board
    >>> Traps().narrow(Board.parse("X../.O./..."), (1, 2, 3, 5, 6, 7, 8))
    (7,)

The search deepens one of our moves at a time until the whole game is seen or
:data:`TRAP_BUDGET` work is spent (counted, not timed, so choices are
reproducible); the deepest search completed decides. :func:`best_win_chance`
and :func:`win_chance` give exact figures against one known player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from tictactoe.core.analysis import best_moves
from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.solver import Solver, Value
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, Limits, Player, SearchStopped
from tictactoe.core.strategies.simple import CentreFirst, CornerFirst, RandomPlayer, WinBlock

if TYPE_CHECKING:
    from fractions import Fraction

TRAP_BUDGET = 60_000
"""Work one choice may spend: :data:`POSITION_COST` per position the search
visits plus the solver's work (:attr:`Solver.work <tictactoe.core.exact.solver.Solver.work>`,
which weighs a position by its board, so the budget is about the same time on
every board: well under a second).

On 3 x 3 every position but the empty board (kept in :data:`OPENINGS`) is
searched to the end within it (30,000 at most); on 4 x 4 and 5 x 4 the search
stops at the depth this allows (one exact search may overrun it). Work is
counted, not timed, so a player's choices repeat from its seed (the solver's
tables count too: a solver that has seen more needs less work).
"""

POSITION_COST = 20
"""Work units of one position the search visits (modelling the replies
included) against one unit of the solver's work: about their ratio in time."""

HISTORY_STONES = 8
"""Most stones on the board for which the opponent's moves reweigh the mix.

Every order the stones could have been played in is followed, which doubles
with each stone; on fuller boards the mix keeps its weights before the game.
"""

OPENINGS = {Rules(): (0, 2, 6)}
"""What :meth:`Traps.search` finds on these empty boards with the default
opponents and no budget, kept because the whole 3 x 3 game takes a third of
a second and more than the budget to search (a test searches it again)."""

TIE = 1e-9
"""Scores closer than this are equal (floating-point noise, not a preference)."""


PlayerFactory = Callable[[random.Random], Player]
"""Builds a player from its random generator, as the registry does."""

OPPONENTS: tuple[PlayerFactory, ...] = (RandomPlayer, WinBlock, CentreFirst, CornerFirst)
"""The modelled opponents: the registry's players below ``fork-aware``, which
fall into traps (fork-aware and better never do on 3 x 3)."""

Weights = tuple[float, ...]
"""How likely each modelled opponent is, in :data:`OPPONENTS` order (not normalised)."""


class _Scripted(random.Random):
    """A generator whose ``choice`` follows a script of indices (0 past its end)."""

    def __init__(self, script: Sequence[int]) -> None:  # pylint: disable=super-init-not-called
        # No random.Random.__init__: seeding costs more than a modelled move,
        # and the generator's own state is never drawn from.
        self.script = list(script)
        self.sizes: list[int] = []

    def choice(self, seq: Sequence[object]) -> object:  # type: ignore[override]
        items = list(seq)
        step = len(self.sizes)
        self.sizes.append(len(items))
        if step == len(self.script):
            self.script.append(0)
        return items[self.script[step]]

    def random(self) -> float:
        raise NotImplementedError("modelled players may draw only with choice()")

    def getrandbits(self, k: int, /) -> int:
        raise NotImplementedError("modelled players may draw only with choice()")


def reply_chances(factory: PlayerFactory, board: Board) -> dict[int, float]:
    """Each cell the player may choose on ``board`` and its probability."""
    chances: dict[int, float] = {}
    for cell, sizes in _draws(factory, board):
        chance = 1.0
        for size in sizes:
            chance /= size
        chances[cell] = chances.get(cell, 0.0) + chance
    return chances


def exact_chances(factory: PlayerFactory, board: Board) -> dict[int, Fraction]:
    """Each cell the player may choose on ``board`` and its probability, as fractions."""
    from fractions import Fraction  # only the exact figures need it; it costs start-up time

    chances: dict[int, Fraction] = {}
    for cell, sizes in _draws(factory, board):
        chance = Fraction(1)
        for size in sizes:
            chance /= size
        chances[cell] = chances.get(cell, Fraction(0)) + chance
    return chances


def _draws(factory: PlayerFactory, board: Board) -> Iterator[tuple[int, list[int]]]:
    """Each way the player can choose on ``board``: the cell and the sizes of its draws.

    Every sequence of the player's ``rng.choice`` calls is followed, so the
    player must draw all its randomness with ``choice``; a way's probability
    is one over the product of the sizes.
    """
    scripts: list[tuple[int, ...]] = [()]
    while scripts:
        script = scripts.pop()
        rng = _Scripted(script)
        yield factory(rng).choose(board), rng.sizes
        for step in range(len(script), len(rng.sizes)):
            scripts.extend((*rng.script[:step], other) for other in range(1, rng.sizes[step]))


_Memo = dict[tuple[Board, int, Weights], float]
"""Scores already found, by position, depth left and weights."""


class Traps:
    """Narrows equally good moves to those that score best against the modelled opponents.

    Keep one per player: it remembers the modelled players' replies. ``solver``
    gives the exact values (shared with the player that owns it); ``prior``
    weighs ``opponents`` before the game (all alike unless given).
    """

    def __init__(
        self,
        solver: Solver | None = None,
        opponents: Sequence[PlayerFactory] = OPPONENTS,
        budget: int = TRAP_BUDGET,
        prior: Sequence[float] | None = None,
    ) -> None:
        self.solver = solver if solver is not None else Solver()
        self.opponents = tuple(opponents)
        weights = tuple(prior) if prior is not None else (1.0,) * len(self.opponents)
        if len(weights) != len(self.opponents) or min(weights) < 0.0 or not any(weights):
            raise ValueError("prior needs a weight (not negative, not all 0) for each opponent")
        self.prior: Weights = _normalised(weights)
        self.budget = budget
        self._replies: dict[Board, tuple[dict[int, float], ...]] = {}
        self._best: dict[Board, tuple[int, ...]] = {}
        self.visited = 0
        """Positions the last :meth:`narrow` visited."""
        self._spent = Budget(Limits(seconds=None, nodes=budget))
        self._horizon = False
        self._solver_start = 0
        self._floor = Value.DRAW

    def narrow(self, board: Board, moves: Sequence[int], spent: int = 0) -> tuple[int, ...]:
        """The moves among ``moves`` (equally good ones) that score best, sorted.

        All of ``moves`` when the budget runs out before even one reply of
        each is weighed, or at once when finding ``moves`` took the solver
        ``spent`` work, over the budget: one reply's exact value may then cost
        as much, far past the budget.
        """
        moves = tuple(sorted(moves))
        if len(moves) < 2 or spent > self.budget:
            return moves
        opening = OPENINGS.get(board.rules) if not board.move_count else None
        usual = self.opponents == OPPONENTS and len(set(self.prior)) == 1
        if opening is not None and usual and set(opening) <= set(moves):
            return opening
        return self.search(board, moves)

    def search(self, board: Board, moves: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`narrow` without the book of :data:`OPENINGS`: ``moves`` sorted, two or more."""
        weights = self.weights(board)
        self.visited = 0
        self._spent = Budget(Limits(seconds=None, nodes=self.budget))
        self._solver_start = self.solver.work
        self._floor = self.solver.value(board)
        chosen = moves
        depth = 1
        try:
            while True:
                memo: _Memo = {}
                self._horizon = False
                scores = {
                    cell: self._score(board.play(cell), board.turn, weights, depth, memo)
                    for cell in moves
                }
                top = max(scores.values())
                chosen = tuple(cell for cell in moves if scores[cell] >= top - TIE)
                if not self._horizon:
                    return chosen  # the whole game was seen: deeper changes nothing
                depth += 1
        except SearchStopped:
            return chosen

    def weights(self, board: Board) -> Weights:
        """How likely each modelled opponent is to have played the opponent's stones.

        The sum over every order the stones could have come in of the chances
        that each modelled player makes the opponent's moves (our own moves
        weigh 1), from the weights before the game (:attr:`prior`); those
        on boards with over :data:`HISTORY_STONES` stones or when no
        modelled player fits.
        """
        flat = self.prior
        if board.move_count > HISTORY_STONES:
            return flat
        them = board.turn.other
        memo: dict[Board, Weights] = {}

        def likelihood(position: Board) -> Weights:
            known = memo.get(position)
            if known is not None:
                return known
            if not position.move_count:
                return flat
            mover = position.turn.other
            stones = position.x if mover is Mark.X else position.o
            total = [0.0] * len(self.opponents)
            for cell in _cells(stones):
                before = _without(position, mover, cell)
                if before.is_over:
                    continue
                earlier = likelihood(before)
                if mover is them:
                    for index, chances in enumerate(self._replies_on(before)):
                        total[index] += earlier[index] * chances.get(cell, 0.0)
                else:
                    for index in range(len(total)):
                        total[index] += earlier[index]
            result = memo[position] = _normalised(tuple(total))
            return result

        found = likelihood(board)
        return found if any(found) else flat

    def _score(self, board: Board, me: Mark, weights: Weights, depth: int, memo: _Memo) -> float:
        """Expected points for ``me`` (win 1, draw 1/2) against the mix ``weights``.

        ``me`` plays the solver's best moves; after ``depth`` of our moves the
        position's exact value counts.
        """
        if board.is_over:
            return 1.0 if board.winner is me else 0.0 if board.winner else 0.5
        key = (board, depth, weights)
        known = memo.get(key)
        if known is not None:
            return known
        self._spend()
        if board.turn is me:
            if self.solver.reaches(board, Value.WIN):
                score = 1.0
            elif depth == 0:
                self._horizon = True
                draws = self._floor is Value.DRAW or self.solver.reaches(board, Value.DRAW)
                score = _POINTS[Value.DRAW] if draws else _POINTS[Value.LOSS]
            else:
                score = max(
                    self._score(board.play(cell), me, weights, depth - 1, memo)
                    for cell in self._best_of(board)
                )
        else:
            replies = self._replies_on(board)
            total = sum(weights)
            cells = sorted({cell for chances in replies for cell in chances})
            score = 0.0
            for cell in cells:
                after = tuple(
                    w * chances.get(cell, 0.0) for w, chances in zip(weights, replies, strict=True)
                )
                share = sum(after)
                if share > 0.0:
                    score += (
                        share
                        / total
                        * self._score(board.play(cell), me, _normalised(after), depth, memo)
                    )
        memo[key] = score
        return score

    def _best_of(self, board: Board) -> tuple[int, ...]:
        """Our moves that the search follows: those that keep the draw in a drawn
        position (cheaper to find than the best by game length), else the best."""
        best = self._best.get(board)
        if best is None:
            if self._floor is Value.DRAW:
                best = tuple(
                    cell
                    for cell in board.legal_moves()
                    if not self.solver.reaches(board.play_unchecked(cell), Value.WIN)
                )
            else:
                best = best_moves(self.solver.move_outcomes(board))
            self._best[board] = best
            self._spend(len(best))
        return best

    def _replies_on(self, board: Board) -> tuple[dict[int, float], ...]:
        replies = self._replies.get(board)
        if replies is None:
            replies = self._replies[board] = tuple(
                reply_chances(factory, board) for factory in self.opponents
            )
        return replies

    def _spend(self, positions: int = 1) -> None:
        self.visited += positions
        self._spent.nodes = self.visited * POSITION_COST + self.solver.work - self._solver_start
        self._spent.check()


Policy = Callable[[Board], Sequence[int]]
"""Moves a player may make on a board (it picks one of them at random)."""


def best_win_chance(
    board: Board, me: Mark, opponent: PlayerFactory, moves: Policy | None = None
) -> Fraction:
    """The highest chance ``me`` can have of winning from ``board`` against ``opponent``.

    Exact expectimax: ``me`` picks the best of its moves (every legal move,
    or those ``moves`` allows), ``opponent``'s replies are weighed by
    :func:`exact_chances`. Small boards only: it visits every position.
    """

    def mine(position: Board, chance: Callable[[Board], Fraction]) -> Fraction:
        cells = moves(position) if moves is not None else position.legal_moves()
        return max(chance(position.play(cell)) for cell in cells)

    return _expectimax(board, me, opponent, mine)


def win_chance(board: Board, me: Mark, opponent: PlayerFactory, policy: Policy) -> Fraction:
    """The exact chance that ``me`` beats ``opponent``, playing any of ``policy``'s moves."""

    def mine(position: Board, chance: Callable[[Board], Fraction]) -> Fraction:
        chances = [chance(position.play(cell)) for cell in policy(position)]
        return sum(chances[1:], chances[0]) / len(chances)

    return _expectimax(board, me, opponent, mine)


def _expectimax(
    board: Board,
    me: Mark,
    opponent: PlayerFactory,
    mine: Callable[[Board, Callable[[Board], Fraction]], Fraction],
) -> Fraction:
    """``me``'s chance of winning from ``board``; ``mine`` combines the chances after its moves."""
    from fractions import Fraction

    memo: dict[Board, Fraction] = {}

    def chance(position: Board) -> Fraction:
        if position.is_over:
            return Fraction(int(position.winner is me))
        known = memo.get(position)
        if known is None:
            if position.turn is me:
                known = mine(position, chance)
            else:
                replies = exact_chances(opponent, position).items()
                known = sum((p * chance(position.play(cell)) for cell, p in replies), Fraction(0))
            memo[position] = known
        return known

    return chance(board)


_POINTS = {Value.WIN: 1.0, Value.DRAW: 0.5, Value.LOSS: 0.0}


def _cells(bits: int) -> list[int]:
    return [cell for cell in range(bits.bit_length()) if bits >> cell & 1]


def _without(board: Board, mark: Mark, cell: int) -> Board:
    """``board`` with ``mark``'s stone on ``cell`` taken back."""
    if mark is Mark.X:
        return Board(board.rules, board.x & ~(1 << cell), board.o)
    return Board(board.rules, board.x, board.o & ~(1 << cell))


def _normalised(weights: Weights) -> Weights:
    total = sum(weights)
    return tuple(w / total for w in weights) if total > 0.0 else weights
