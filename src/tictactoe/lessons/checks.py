"""The checks: what a player file does in the positions each check needs, and whether that is
right, with the position where it is not.

Every check on 3 x 3 reads one walk a side (:class:`Walk`): the player plays
X, then O, against every line of the other side, each position once (the
player answers a position the same way wherever it comes from), so the
positions it meets are all the positions it can meet. The exact solver
(:class:`~tictactoe.core.exact.solver.Solver`) says which moves win, and how fast.
A player that plays at random is walked under several seeds. The bigger
board's checks play a few games against the win-or-block level instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.exact.solver import Solver
from tictactoe.core.exact.values import Prospect, Value
from tictactoe.core.rules import Rules
from tictactoe.lessons.student import Answer, Student
from tictactoe.players.own import PlayerForfeit
from tictactoe.texts.i18n import N_

CLASSIC = Rules(3, 3, 3)
BIGGER = (Rules(5, 5, 4), Rules(7, 7, 5))
"""The bigger boards of the last lesson: each played once a side."""
BIGGER_GAMES = 1
SEEDS = 8
"""Seeds a player that plays at random is checked under."""
PROBES = (Board.empty(CLASSIC), Board.empty(CLASSIC).play(4), Board.empty(CLASSIC).play(0).play(4))
"""Where a player is asked under other seeds, to tell whether it plays at random."""

MINIMAX_TABLE_LOOKS = 16_167
"""Positions minimax with a table (``functools.cache``) looks at on the empty board."""
ALPHA_BETA_TABLE_LOOKS = 7_727
"""Positions alpha-beta with a table (``functools.cache`` on the board, alpha and beta) looks at
on the empty board."""


class Example(NamedTuple):
    """Where a check fails: the position, what the player did, what it should have done."""

    board: Board
    chose: int | None = None
    should: tuple[int, ...] = ()
    forfeit: PlayerForfeit | None = None
    game: tuple[int, ...] = ()
    """Moves from :attr:`board` of a game that goes wrong (the shortest one)."""
    seed: int | None = None
    """The seed the player played under, when it plays at random."""


class Result(NamedTuple):
    """One check's verdict: passed (None: could not be checked), in a sentence, and where."""

    check: str
    passed: bool | None
    said: str
    """An English sentence with ``{fields}``, filled from :attr:`values`."""
    values: dict[str, object]
    example: Example | None = None


def _mine(board: Board, me: Mark) -> int:
    """What a finished game is worth to ``me``: 1 won, 0 drawn, -1 lost."""
    winner = board.winner
    return 0 if winner is None else 1 if winner is me else -1


class Walk:
    """The player's games as ``me`` against every line of the other side, from ``root``.

    :meth:`worst` is the worst end the other side can bring about from a
    position (1 a win for the player, 0 a draw, -1 a loss), with the shortest
    game that gets there; None where the player failed to move on every line.
    """

    def __init__(self, student: Student, root: Board, me: Mark) -> None:
        self.student = student
        self.me = me
        self.met: dict[Board, Answer] = {}
        self.failed: list[tuple[Board, Answer]] = []
        self._worst: dict[Board, tuple[int, tuple[int, ...]] | None] = {}
        self.root = root
        self.result = self.worst(root)

    def worst(self, board: Board) -> tuple[int, tuple[int, ...]] | None:
        """The worst end for the player from ``board``, and the moves of the shortest such game."""
        if board in self._worst:
            return self._worst[board]
        found: tuple[int, tuple[int, ...]] | None
        if board.is_over:
            found = (_mine(board, self.me), ())
        elif board.turn is self.me:
            answer = self.student.ask(board)
            self.met[board] = answer
            if answer.cell is None:
                self.failed.append((board, answer))
                found = None
            else:
                after = self.worst(board.play(answer.cell))
                found = None if after is None else (after[0], (answer.cell, *after[1]))
        else:
            ends = [
                (end[0], (cell, *end[1]))
                for cell in board.legal_moves()
                if (end := self.worst(board.play(cell))) is not None
            ]
            found = min(ends, key=lambda end: (end[0], len(end[1]))) if ends else None
        self._worst[board] = found
        return found


class Checker:
    """Every check of one player file, each worked out once when first asked for.

    ``think`` is the time a move; a player found to play at random is walked
    under :data:`SEEDS` seeds.
    """

    def __init__(self, path: str, *, think: float = 1.0, known: Known | None = None) -> None:
        self.path = path
        self.think = think
        self.known = known or Known()
        self.solver = self.known.solver
        self._students: list[Student] = []
        self._walks: dict[int, tuple[Walk, Walk]] = {}
        self._random: bool | None = None
        self._results: dict[str, Result] = {}

    # --- the player ---------------------------------------------------------------------

    def student(self, seed: int) -> Student:
        """The player under ``seed`` (started once)."""
        while len(self._students) <= seed:
            self._students.append(Student(self.path, seed=len(self._students), think=self.think))
        return self._students[seed]

    @property
    def first_looked(self) -> Answer:
        """The player's answer on the empty board, asked first in a fresh process."""
        return self.student(0).ask(Board.empty(CLASSIC))

    @property
    def plays_at_random(self) -> bool:
        """True when the player answers differently under another seed somewhere."""
        if self._random is None:
            _ = self.first_looked  # the empty board first: its count is a fresh process's
            self._random = any(
                self.student(0).ask(probe).cell != self.student(1).ask(probe).cell
                for probe in PROBES
            )
        return self._random

    @property
    def seeds(self) -> range:
        """The seeds the player is walked under: several when it plays at random."""
        return range(SEEDS if self.plays_at_random else 1)

    def walks(self) -> Iterator[tuple[int, Walk]]:
        """The walks as X and as O, under every seed."""
        for seed in self.seeds:
            if seed not in self._walks:
                student = self.student(seed)
                root = Board.empty(CLASSIC)
                self._walks[seed] = (Walk(student, root, Mark.X), Walk(student, root, Mark.O))
            for walk in self._walks[seed]:
                yield seed, walk

    def met(self) -> Iterator[tuple[int, Board, int]]:
        """Every position the player met and the cell it played there, with its seed."""
        for seed, walk in self.walks():
            for board, answer in walk.met.items():
                if answer.cell is not None:
                    yield seed, board, answer.cell

    def close(self) -> None:
        """End the player's processes."""
        for student in self._students:
            student.close()

    # --- the checks ---------------------------------------------------------------------

    def result(self, check: str) -> Result:
        """The check called ``check`` (one of :data:`CHECKS`)."""
        if check not in self._results:
            said = self._said(CHECKS[check].run(self))
            self._results[check] = said._replace(check=check)
        return self._results[check]

    def _said(self, result: Result) -> Result:
        """``result``, saying it was checked under several seeds when it was."""
        if self._random and len(self.seeds) > 1 and result.passed is not None:
            return result._replace(values={**result.values, "seeds": len(self.seeds)})
        return result


def _passed(said: str, **values: object) -> Result:
    return Result("", True, said, values)


def _failed(said: str, example: Example | None = None, **values: object) -> Result:
    return Result("", False, said, values, example)


def threats(board: Board, mark: Mark) -> tuple[int, ...]:
    """The free cells where ``mark`` would complete a line at once."""
    found = set()
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == len(line) - 1 and None in marks:
            found.add(line[marks.index(None)])
    return tuple(sorted(found))


# --- one function a check ----------------------------------------------------------------


def check_legal(checker: Checker) -> Result:
    """A free cell, in time, in every position it can meet."""
    count = 0
    for seed, walk in checker.walks():
        count += len(walk.met)
        if walk.failed:
            board, answer = min(walk.failed, key=lambda failed: failed[0].move_count)
            example = Example(board, forfeit=answer.forfeit, seed=seed)
            return _failed(N_("In this position it did not play."), example)
    return _passed(N_("It played a free cell in all {count} positions it can meet."), count=count)


def check_random(checker: Checker) -> Result:
    """Different cells under different seeds."""
    for probe in PROBES:
        chosen = {checker.student(seed).ask(probe).cell for seed in range(SEEDS)}
        if len(chosen - {None}) < 2:
            example = Example(probe, next(iter(chosen)), probe.legal_moves())
            return _failed(
                N_("Over {seeds} seeds it played the same cell here: it does not play at random."),
                example,
                seeds=SEEDS,
            )
    return _passed(N_("Over {seeds} seeds it played different cells."), seeds=SEEDS)


def check_wins(checker: Checker) -> Result:
    """Completes its line whenever it can."""
    return _every_met(
        checker,
        lambda board: threats(board, board.turn),
        N_("Here it could have won at once."),
        N_("It won at once every time it could ({count} positions)."),
    )


def check_blocks(checker: Checker) -> Result:
    """Blocks the other side's line when it cannot win at once itself."""
    return _every_met(
        checker,
        lambda board: () if threats(board, board.turn) else threats(board, board.turn.other),
        N_("Here the other side was about to win, and it did not block."),
        N_("It blocked every time it had to ({count} positions)."),
    )


CENTRE_FIRST = (4,)
CORNERS = (0, 2, 6, 8)


def check_centre(checker: Checker) -> Result:
    """With nothing to win or block: the centre, else a corner."""

    def should(board: Board) -> tuple[int, ...]:
        if threats(board, board.turn) or threats(board, board.turn.other):
            return ()
        free = board.legal_moves()
        for cells in (CENTRE_FIRST, CORNERS):
            if any(cell in free for cell in cells):
                return tuple(cell for cell in cells if cell in free)
        return ()

    return _every_met(
        checker,
        should,
        N_("With nothing to win or block, it should have taken the centre, else a corner."),
        N_("It took the centre, else a corner, every time ({count} positions)."),
    )


def _every_met(
    checker: Checker, should: Callable[[Board], Sequence[int]], wrong: str, right: str
) -> Result:
    """Fails at the first position met (fewest moves first) where the cell played is not one of
    ``should(board)`` (none: anything goes)."""
    count = 0
    for seed, board, cell in sorted(checker.met(), key=lambda met: met[1].move_count):
        cells = tuple(should(board))
        if cells:
            count += 1
            if cell not in cells:
                return _failed(wrong, Example(board, cell, cells, seed=seed))
    if not any(True for _ in checker.met()):
        return Result("", None, N_("Not checked: it did not play."), {})
    return _passed(right, count=count)


def check_never_loses(checker: Checker) -> Result:
    """Against every line of the other side, as X and as O, it never loses."""
    for seed, walk in checker.walks():
        end = walk.result
        if end is not None and end[0] < 0:
            example = Example(walk.root, game=end[1], seed=seed)
            side = str(walk.me)
            return _failed(N_("Playing {side}, it loses this game:"), example, side=side)
    if any(walk.failed for _, walk in checker.walks()):
        return Result("", None, N_("Not proved: in some positions it did not play."), {})
    return _passed(N_("Against every line of the other side, as X and as O, it never loses."))


def check_converts(checker: Checker) -> Result:
    """From every position of 3 x 3 it can win, it wins whatever the other side does."""
    count = unproved = 0
    for seed in checker.seeds:
        student = checker.student(seed)
        walks = {mark: Walk(student, Board.empty(CLASSIC), mark) for mark in (Mark.X, Mark.O)}
        for board in checker.known.won():
            end = walks[board.turn].worst(board)
            count += end is not None
            unproved += end is None
            if end is not None and end[0] < 1:
                example = Example(board, game=end[1], seed=seed)
                return _failed(N_("It could win from here, but this game is not won:"), example)
    if unproved:
        return Result("", None, N_("Not proved: in some positions it did not play."), {})
    return _passed(N_("It won from every position it could win ({count} positions)."), count=count)


def check_quick(checker: Checker) -> Result:
    """Where it can win, it plays a move that wins in the fewest moves."""
    return _best_rank(
        checker,
        Value.WIN,
        N_("It wins from here, but not as quickly as it can: {slower} moves instead of {moves}."),
        N_("It won as quickly as it could every time ({count} positions)."),
    )


def check_slow(checker: Checker) -> Result:
    """Where it is lost, it plays a move that loses as late as it can."""
    return _best_rank(
        checker,
        Value.LOSS,
        N_("It is lost here, but it could hold out {moves} moves instead of {slower}."),
        N_("It lost as slowly as it could every time ({count} positions)."),
    )


class Known:
    """What the exact solver says about 3 x 3, worked out once for every player checked."""

    def __init__(self, solver: Solver | None = None) -> None:
        self.solver = solver or Solver()
        self._positions: list[Board] | None = None
        self._won: list[Board] | None = None
        self._lost: list[Board] | None = None
        self._values: dict[Board, Value] = {}
        self._outcomes: dict[Board, dict[int, Prospect]] = {}

    def value(self, board: Board) -> Value:
        """The solver's value of ``board`` for the side to move (remembered)."""
        if board not in self._values:
            self._values[board] = self.solver.value(board)
        return self._values[board]

    def outcomes(self, board: Board) -> dict[int, Prospect]:
        """The solver's outcome of every move on ``board`` (remembered)."""
        if board not in self._outcomes:
            self._outcomes[board] = self.solver.move_outcomes(board)
        return self._outcomes[board]

    @property
    def positions(self) -> list[Board]:
        """Every position of 3 x 3 a game can reach and that is not over, fewest moves first."""
        if self._positions is None:
            seen = {Board.empty(CLASSIC)}
            layer = list(seen)
            found: list[Board] = []
            while layer:
                found.extend(layer)
                following = []
                for board in layer:
                    for cell in board.legal_moves():
                        after = board.play(cell)
                        if after not in seen and not after.is_over:
                            seen.add(after)
                            following.append(after)
                layer = following
            self._positions = found
        return self._positions

    def won(self) -> list[Board]:
        """The positions the side to move can win."""
        if self._won is None:
            self._won = [board for board in self.positions if self.value(board) is Value.WIN]
        return self._won

    def lost(self) -> list[Board]:
        """The positions the side to move loses, where some moves lose later than others."""
        if self._lost is None:
            self._lost = [
                board
                for board in self.positions
                if self.value(board) is Value.LOSS
                and len({move.rank for move in self.outcomes(board).values()}) > 1
            ]
        return self._lost


def _best_rank(checker: Checker, value: Value, wrong: str, right: str) -> Result:
    """Fails where the player is met with ``value`` (and asked in the lost positions, for a
    loss) and its move's rank is not the best."""
    asked: list[tuple[int, Board, int]] = [(s, b, c) for s, b, c in checker.met()]
    if value is Value.LOSS:
        student = checker.student(0)
        for board in checker.known.lost():
            cell = student.ask(board).cell
            if cell is not None:
                asked.append((0, board, cell))
    count = 0
    for seed, board, cell in sorted(asked, key=lambda met: met[1].move_count):
        outcomes = checker.known.outcomes(board)
        if checker.known.value(board) is not value or cell not in outcomes:
            continue
        count += 1
        best = max(move.rank for move in outcomes.values())
        if outcomes[cell].rank < best:
            should = tuple(c for c, move in sorted(outcomes.items()) if move.rank == best)
            moves = outcomes[should[0]].winner_moves
            slower = outcomes[cell].winner_moves
            example = Example(board, cell, should, seed=seed)
            if outcomes[cell].value is not value:
                return _failed(N_("It could win from here, but its move lets the win go."), example)
            return _failed(wrong, example, moves=moves, slower=slower)
    if not count:
        return Result("", None, N_("Not checked: it did not play."), {})
    return _passed(right, count=count)


def check_fewer(checker: Checker) -> Result:
    """On the empty board it looks at fewer positions than minimax with a table."""
    return _looks(checker, MINIMAX_TABLE_LOOKS, N_("minimax with a table"))


def check_symmetric(checker: Checker) -> Result:
    """On the empty board it looks at fewer positions than a table without symmetries."""
    return _looks(checker, ALPHA_BETA_TABLE_LOOKS, N_("alpha-beta with a table"))


def _looks(checker: Checker, most: int, than: str) -> Result:
    answer = checker.first_looked
    if answer.cell is None:
        example = Example(Board.empty(CLASSIC), forfeit=answer.forfeit)
        return Result("", None, N_("Not counted: it did not play."), {}, example)
    values = {"looked": answer.looked, "most": most, "than": than}
    if answer.looked < most:
        return _passed(N_("On the empty board it looked at {looked} positions."), **values)
    return _failed(
        N_("On the empty board it looked at {looked} positions: {than} looks at {most}."),
        Example(Board.empty(CLASSIC), answer.cell),
        **values,
    )


def bigger_games(checker: Checker) -> Iterator[tuple[Board, Answer]]:
    """Each position of the bigger boards' games and the player's answer, until it fails."""
    student = checker.student(0)
    for rules in BIGGER:
        for game in range(BIGGER_GAMES * 2):
            me = Mark.X if game % 2 == 0 else Mark.O
            other = players.create("medium", rng=random.Random(game))
            board = Board.empty(rules)
            while not board.is_over:
                if board.turn is me:
                    answer = student.ask(board)
                    yield board, answer
                    if answer.cell is None:
                        return
                    board = board.play(answer.cell)
                else:
                    board = board.play(other.choose(board))


def check_bigger(checker: Checker) -> Result:
    """On bigger boards: a free cell, in time, and it wins and blocks when it can."""
    count = 0
    for board, answer in bigger_games(checker):
        count += 1
        if answer.cell is None:
            return _failed(
                N_("In this position it did not play."), Example(board, None, (), answer.forfeit)
            )
        wins = threats(board, board.turn)
        should = wins or threats(board, board.turn.other)
        if should and answer.cell not in should:
            said = (
                N_("Here it could have won at once.")
                if wins
                else N_("Here the other side was about to win, and it did not block.")
            )
            return _failed(said, Example(board, answer.cell, should))
    sizes = ", ".join(f"{rules.m} x {rules.n}" for rules in BIGGER)
    return _passed(
        N_("On {sizes} it played {count} moves in time, winning and blocking when it had to."),
        sizes=sizes,
        count=count,
    )


class Check(NamedTuple):
    """A check: its short title (a table's column), what it asks, and how it is run."""

    title: str
    asks: str
    run: Callable[[Checker], Result]


CHECKS: dict[str, Check] = {
    "legal": Check(
        N_("free cell"), N_("Plays a free cell, in time, in every position"), check_legal
    ),
    "random": Check(N_("random"), N_("Plays at random"), check_random),
    "wins": Check(N_("wins"), N_("Wins when it can"), check_wins),
    "blocks": Check(N_("blocks"), N_("Blocks when it must"), check_blocks),
    "centre": Check(N_("centre"), N_("Takes the centre, else a corner"), check_centre),
    "never-loses": Check(N_("never loses"), N_("Never loses, as X and as O"), check_never_loses),
    "converts": Check(N_("converts"), N_("Wins every game it can win"), check_converts),
    "quick": Check(N_("quick win"), N_("Wins as quickly as it can"), check_quick),
    "slow": Check(N_("slow loss"), N_("Loses as slowly as it can"), check_slow),
    "fewer": Check(
        N_("looks"), N_("Looks at fewer positions than minimax with a table"), check_fewer
    ),
    "symmetric": Check(
        N_("symmetries"),
        N_("Looks at fewer positions than alpha-beta with a table alone"),
        check_symmetric,
    ),
    "bigger": Check(
        N_("bigger board"), N_("Plays bigger boards in time, winning and blocking"), check_bigger
    ),
}
"""Every check by its name (``--json`` keys, the lessons' lists)."""

PLAYING = ("legal", "wins", "blocks", "never-loses", "converts", "quick", "slow")
"""The checks run when no lesson is named: how a player plays 3 x 3."""
