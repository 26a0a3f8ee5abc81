"""The exact solver's search: proofs of win/draw/loss with relevance zones, lengths by deepening.

:class:`Prover` holds one board size's tables and two searches on raw
bitboards (plain ints, closures over their tables: what makes pure Python
fast enough).

**Value** (win/draw/loss for the side to move) is proved by null-window
searches: "can the side to move win?" and "can it avoid losing?". In each
one side attacks (tries to complete a line) and the other defends. Every
"the attacker cannot win" result comes with a *relevance zone*: empty cells
such that the attacker still cannot win with any extra marks outside them
(Hsu, Ko, Chen, Wei, Hsueh and Wu's proofs of the 7,7,5 and 8,8,5-games
rest on the same idea). A pairing strategy's zone is its pairs; a proved
attacker move's zone is the union of what its refutation used. Since an
extra mark never hurts its owner, once one attacker move is refuted with
zone Z, every attacker move outside Z is refuted too (the refutation holds
with that move added, and the first one taken away only weakens the
attacker): each refuted move narrows the moves left to try to the
intersection of the zones. Results go in a transposition table with their
zones, keyed on the position up to symmetry (:mod:`tictactoe.core.exact.symmetry`)
while it has few marks, on the position itself past that (see
:data:`SYMMETRY_MARKS`).

Pruning, all exact:

* a line holding both marks is dead, and so is a line that needs more marks
  than its owner has moves left; with no live line left the rest is a draw;
* an immediate win is played at once; an opponent's immediate win must be
  blocked (two of them lose); a move that makes two threats wins in three,
  and a defender facing one plays on it (or threatens) or loses;
* a pairing strategy (:mod:`tictactoe.core.exact.pairing`) for the defender proves
  the attacker cannot win;
* so does one that holds after one defender move, where one of the defender's
  first few moves leaves one (that move then refutes without a search);
* cells on no live line are never tried (a mark there is a pass, and an
  extra mark never hurts its owner);
* moves are ordered: cells that make or stop a threat first, then by the
  strength of both sides' lines through them (with that order, trying each
  reply within a small, growing node allowance first, as an earlier version
  did, only cost time). The depth-limited search orders its moves so too,
  where seven or more plies are left.

**Distance** (plies to the end under best play) only where needed: a draw
fills the board; a win or loss is measured by iterative deepening of a
depth-limited search ("can the side to move force a win within d plies?").
Its last three plies are read off the lines without a search (a win within
three is a move leaving two cells that each complete a line). Its "no win
within d" results carry relevance zones too, with the bound: the attacker's
lines dropped as too long for the horizon stay in the zone (extra marks
could bring them within reach), as do the opponent's threats and double
threats a proof rests on; an attacker move outside a refuted sibling's zone
is skipped. On 5 x 5 with k = 4 those zones hold most empty cells (nearly
every cell is on one of the attacker's lines), so they spare about 5% of
the positions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from tictactoe.core.board import cells_of
from tictactoe.core.exact.openings import Openings, openings
from tictactoe.core.exact.pairing import Pairings
from tictactoe.core.exact.symmetry import make_canonical, make_reorient
from tictactoe.core.exact.values import (
    DRAW_SCORE,
    LOSS_SCORE,
    SCORE_VALUES,
    VALUE_SCORES,
    WIN_SCORE,
    Prospect,
    Value,
)
from tictactoe.core.rules import Rules
from tictactoe.core.search import Budget, Cancel, Limits

SYMMETRY_MARKS = 10
"""Fewest marks at which the searches key their tables on the position itself, not on
its canonical image: symmetric images of one position seldom meet in a search past the
first marks, and the canonical key cost 13% of a slow 5 x 5 position's instructions.
Either key is exact (an entry keeps the position it was stored for); only the
transpositions found differ."""

PAIR_FROM = 6
"""Fewest empty cells at which the searches look for a pairing strategy."""

PAIRING_TRIES = 4
"""How many of its first moves the defender of a proof checks for a pairing that holds
after it (see :func:`_pairing_move`)."""

ORDER_FROM = 7
"""Fewest plies left at which the depth-limited search orders its moves by the strength
of the lines through them (nearer the horizon that costs more time than it saves)."""

TICK_MASK = (1 << 12) - 1
"""The searches check their budget, memory bound and progress every 4,096 nodes."""

PROGRESS_SECONDS = 1.0
"""Least time between two progress reports of a proof."""

ENTRY_BYTES = 300
"""Memory one table entry takes, measured on the 5 x 5 proof (key, bounds, zones, dict slot)."""

DEFAULT_MEMORY = 2 << 30
"""Default memory bound of a proof's tables: 2 GiB."""

DEFAULT_MAX_ENTRIES = DEFAULT_MEMORY // ENTRY_BYTES
"""Table entries that fit in :data:`DEFAULT_MEMORY`."""

Plies = tuple[int, int]
"""Bounds of the plies to the end of a won or lost position: fewest and most."""

ANY_PLIES = (0, 1 << 10)
"""No bound on a position's plies."""

ProofProgress = Callable[[int, int, float], None]
"""Progress callback of a proof: ``(nodes, table entries, elapsed seconds)``."""

Entry = tuple[int, int, int, int, int]
"""A table entry: lower and upper bound of the score, the zone of each bound
(proving the opponent resp. the side to move cannot win), the key as stored."""


Depths = tuple[int, int, int, int, int, int, int]
"""A horizon table entry: the fewest plies within which the side to move was shown to
win and to lose, the most within which it was shown not to win and not to lose, the
zones of those two and the position (as stored) they belong to (see :func:`_record`)."""


WORK_BASE = 80
"""Of a position's cost in :attr:`Prover.work`: the part every board pays, in the same
units as a line's cost (a line of k cells costs k)."""

WORK_UNIT = WORK_BASE + 28 * 4
"""A position of 5 x 5 with k = 4 (28 lines of 4), the unit of :attr:`Prover.work`."""

WORK_PER_PAIRING_STEP = 2
"""A branching step of the pairing search, in :attr:`Prover.work`'s units."""


class Prover:
    """The searches of one board size, their tables and their node count."""

    def __init__(
        self,
        rules: Rules,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        tick_mask: int = TICK_MASK,
        *,
        use_openings: bool = True,
        horizon_zones: bool = True,
        symmetry_marks: int = SYMMETRY_MARKS,
    ) -> None:
        self.rules = rules
        self.symmetry_marks = symmetry_marks
        """Fewest marks at which the searches' tables are keyed on the position itself
        (:data:`SYMMETRY_MARKS`; 0: always, the board's size: never)."""
        self.horizon_zones = horizon_zones
        """Whether the depth-limited search narrows the attacker's moves to refuted ones'
        zones (off only to check it against the search without)."""
        self.openings: Openings | None = openings(rules) if use_openings else None
        """The measured outcomes of the board's first plies (:mod:`.openings`)."""
        self.tick_mask = tick_mask
        """:meth:`tick` runs when the node count has none of these bits set."""
        self.lines = list(rules.line_masks)
        self.order = tuple(1 << cell for cell in rules.centre_distance_order)
        self.canonical = make_canonical(rules)
        self.pairings = Pairings(rules)
        self.weighing = weighing(rules)
        self.scores: dict[int, Entry] = {}
        """Key -> bounds of the win/draw/loss score and their zones."""
        self.horizon: dict[int, Depths] = {}
        """Key -> what the depth-limited searches showed, over every depth (see :func:`_depths`)."""
        self.outcomes: dict[int, Prospect] = {}
        """Key -> exact outcome, for positions already measured."""
        self.nodes = 0
        self._position_work = (WORK_BASE + len(self.lines) * rules.k) / WORK_UNIT
        self.budget: Budget | None = None
        """The limits of the running searches (nodes counted on :attr:`nodes`, a clock, a
        cancel): spent, they stop with :class:`SearchStopped`; None: no limit."""
        self.max_entries = max_entries
        """Most entries the two tables hold together; past it the cheapest are dropped."""
        self.peak_entries = 0
        self.evictions = 0
        self.progress: ProofProgress | None = None
        self.started = time.perf_counter()
        self.next_report = 0.0
        self.score, self.zoned = self._make_score_search()
        self.within, self.within_zoned = self._make_horizon_search()

    def tick(self) -> None:
        """Every few thousand nodes: the budget, the memory bound, progress."""
        budget = self.budget
        if budget is not None:
            budget.nodes = self.nodes
            budget.check()
        entries = len(self.scores) + len(self.horizon)
        if entries > self.peak_entries:
            self.peak_entries = entries
        if entries > self.max_entries:
            self.evict()
        if self.progress is not None:
            elapsed = time.perf_counter() - self.started
            if elapsed >= self.next_report:
                self.next_report = elapsed + PROGRESS_SECONDS
                self.progress(self.nodes, len(self.scores) + len(self.horizon), elapsed)

    def allowance(self, nodes: int, cancel: Cancel | None = None) -> Budget:
        """A budget of ``nodes`` more nodes within the running one (if any), stopped
        by ``cancel`` too when given."""
        outer = self.budget
        if outer is None:
            return Budget(Limits(seconds=None, nodes=nodes), cancel, nodes=self.nodes)
        outer.nodes = self.nodes
        inner = outer.phase(1.0, nodes)
        if cancel is not None:
            inner.cancel = cancel
        return inner

    @contextmanager
    def limited(self, budget: Budget | None) -> Iterator[None]:
        """The searches in this block run within ``budget`` (None: as they were)."""
        if budget is None:
            yield
            return
        outer = self.budget
        self.budget = budget
        try:
            yield
        finally:
            self.budget = outer

    def evict(self) -> None:
        """Drop the cheapest half of the table entries: replacement by value.

        An entry's value is the work it saves, which grows with the empty
        cells of its position (the size of the tree below it), so the
        positions nearest the end of the game go first. Losing entries
        costs only time: every search result stays exact.
        """
        self.evictions += 1
        self.horizon.clear()
        scores = self.scores  # the searches hold this very dict: change it in place
        ranked = sorted(scores, key=int.bit_count)  # fewest marks (most work saved) first
        for key in ranked[len(ranked) // 2 :]:
            del scores[key]

    @property
    def work(self) -> int:
        """What the searches have cost so far, in positions of 5 x 5 with k = 4: a count,
        the same on every machine, that tracks processor time across boards (within about
        15% from 4 x 5 to 7 x 7). A position costs more the more lines it has, and the
        pairing search's steps cost on their own (most of the time on 7 x 7)."""
        return round(self.nodes * self._position_work + WORK_PER_PAIRING_STEP * self.pairings.spent)

    def key(self, mover: int, other: int) -> int:
        """The canonical key of a position."""
        return self.canonical(mover | other << self.rules.size)

    def outcome(
        self,
        mover: int,
        other: int,
        *,
        low: int = LOSS_SCORE,
        plies: Plies = ANY_PLIES,
        guess: int = 0,
    ) -> Prospect:
        """Value and plies to the end of a position that is not over, given a lower
        bound ``low`` of its score already proved (a draw: only a win is left to seek);
        ``plies`` and ``guess``: its length's bounds and a guess at it if it is won or
        lost (see :meth:`distance`)."""
        key = self.key(mover, other)
        marks = (mover | other).bit_count()
        known = self._recall(key, marks)
        if known is not None:
            return known
        empties = self.rules.size - marks
        if low >= DRAW_SCORE:
            won = self.score(mover, other, DRAW_SCORE, WIN_SCORE) > DRAW_SCORE
            score = WIN_SCORE if won else DRAW_SCORE
        else:
            score = self.score(mover, other, LOSS_SCORE, WIN_SCORE)
        if score == DRAW_SCORE:
            known = Prospect(Value.DRAW, empties)
        else:
            known = Prospect(SCORE_VALUES[score], self.distance(mover, other, score, plies, guess))
        self.outcomes[key] = known
        return known

    def known(self, mover: int, other: int) -> Prospect | None:
        """The outcome of a position if it is already known (measured or in the opening
        table), without a search."""
        return self._recall(self.key(mover, other), (mover | other).bit_count())

    def _recall(self, key: int, marks: int) -> Prospect | None:
        """:meth:`known` of a position given by its canonical key and its marks."""
        known = self.outcomes.get(key)
        book = self.openings
        if known is None and book is not None and book.knows(key, marks):
            known = book.outcome(key, self.rules.size - marks)
        return known

    def lost(self, mover: int, other: int, plies: Plies = ANY_PLIES, guess: int = 0) -> Prospect:
        """The outcome of a position already proved lost for the side to move (``plies``,
        ``guess``: as :meth:`outcome`)."""
        key = self.key(mover, other)
        known = self._recall(key, (mover | other).bit_count())
        if known is None:
            known = self.outcomes[key] = Prospect(
                Value.LOSS, self.distance(mover, other, LOSS_SCORE, plies, guess)
            )
        return known

    def distance(
        self, mover: int, other: int, score: int, plies: Plies = ANY_PLIES, guess: int = 0
    ) -> int:
        """Plies to the end of a won or lost position, by iterative deepening.

        ``plies`` bound the answer (a parent's exact outcome bounds its children's:
        after any move of a position lost in L plies the opponent wins within L - 1,
        and where it is won in L no winning move leaves the opponent lost sooner than
        in L - 1): depths below the first are not tried, and at the last no search
        is needed. With a ``guess`` (a sibling's length, say) that depth is tried
        first, then shallower ones while they hold, else deeper ones: the proofs
        that no end comes sooner, the costly part, are then needed only just below
        the answer.
        """
        empties = self.rules.size - (mover | other).bit_count()
        shortest, longest = plies
        first = 1 if score == WIN_SCORE else 2
        if shortest > first:
            first += (shortest - first + 1) & ~1  # (a win takes odd plies, a loss even ones)
        last = min(longest, empties)
        last -= (last - first) & 1

        def ends_within(depth: int) -> bool:
            if depth >= last:
                return True
            if score == WIN_SCORE:
                return self.within(mover, other, depth, 0, 1) >= WIN_SCORE
            return self.within(mover, other, depth, -1, 0) <= LOSS_SCORE

        if guess > first:
            depth = min(guess - ((guess - first) & 1), last)
            if ends_within(depth):
                while depth > first and ends_within(depth - 2):
                    depth -= 2
                return depth
            first = depth + 2
        for depth in range(first, last + 1, 2):
            if ends_within(depth):
                return depth
        raise AssertionError(f"no forced end found in a {score} position")  # pragma: no cover

    def refutation(self, mover: int, other: int) -> tuple[bool, int]:
        """Whether ``other``, who just moved, cannot win here, and if so the zone proving it.

        A sibling position (``other``'s move played elsewhere) whose move lies
        outside the zone cannot be won by ``other`` either. When ``other``
        can win, the position is lost for ``mover``.
        """
        if not self.rules.full_mask & ~(mover | other):
            return True, 0
        score, zone = self.zoned(mover, other, LOSS_SCORE)
        return score >= DRAW_SCORE, zone

    def _make_score_search(
        self,
    ) -> tuple[Callable[[int, int, int, int], int], Callable[[int, int, int], tuple[int, int]]]:
        """Win/draw/loss search: the score of a position within an (alpha, beta) window,
        as null-window searches with relevance zones (see the module's docstring); and the
        null-window search itself, ``(mover, other, alpha) -> (score, zone)``."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        plain_from = size - self.symmetry_marks  # (empty cells: keyed as they are from here)
        reorient = make_reorient(self.rules)
        table = self.scores
        engine = self
        tick_mask = self.tick_mask
        find_pairing = self.pairings.find
        pairing_without = self.pairings.find_without
        weigh = self.weighing

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            alpha: int,
            dead: int,
            tried: bool,
        ) -> tuple[int, int]:
            """The score of a position in the window (alpha, alpha + 1), and a zone.

            ``alpha`` 0: the side to move attacks ("can it win?"); -1: it
            defends ("can it avoid losing?"). Where the attacker is proved
            unable to win, the zone is returned; otherwise it means nothing.
            ``dead`` holds the empty cells of the attacker's lines that an
            earlier node dropped for lack of moves (a zone keeps them: extra
            marks could revive them); ``tried`` says the parent looked for
            the attacker's pairing in vain.
            """
            engine.nodes += 1
            if not engine.nodes & tick_mask:
                engine.tick()
            raw = me | opp << size
            key = canonical(raw) if empties > plain_from else raw
            entry = table.get(key)
            empty = full & ~(me | opp)
            if entry is not None:
                low, high, zlow, zhigh, stored = entry
                if alpha == 0:
                    if low > DRAW_SCORE:
                        return low, 0
                    if high <= DRAW_SCORE:
                        return high, zhigh if stored == raw else reorient(zhigh, stored, raw)
                else:
                    if low >= DRAW_SCORE:
                        return low, zlow if stored == raw else reorient(zlow, stored, raw)
                    if high < DRAW_SCORE:
                        return high, 0
                if stored != raw:
                    zlow = zhigh = full
            else:
                low, high, zlow, zhigh = LOSS_SCORE, WIN_SCORE, full, full
            attacking = alpha == 0
            my_moves = (empties + 1) >> 1
            their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            my_dead = dead if attacking else 0
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & empty
                count = need.bit_count()
                if count > my_moves:
                    my_dead |= need
                    continue
                if count == 1:
                    table[key] = (WIN_SCORE, WIN_SCORE, empty, empty, raw)
                    return WIN_SCORE, empty
                mine.append(line)
                cover |= need
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = their_doubled = 0
            their_dead = 0 if attacking else dead
            their_pairs = []
            for line in their_lines:
                if line & me:
                    continue
                need = line & empty
                count = need.bit_count()
                if count > their_moves:
                    their_dead |= need
                    continue
                theirs.append(line)
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_doubled |= their_near & need
                    their_near |= need
                    their_pairs.append(need)
            if threats & (threats - 1):
                # Lost; as "cannot win" it holds while both threats and all of the
                # mover's own lines stay as they are (no immediate win appears).
                zone = threats | cover | my_dead if attacking else full
                table[key] = (LOSS_SCORE, LOSS_SCORE, zlow, zone, raw)
                return LOSS_SCORE, zone
            if attacking:
                if not mine:  # the attacker has no line left
                    if theirs:
                        table[key] = (low, DRAW_SCORE, zlow, my_dead, raw)
                    else:
                        table[key] = (DRAW_SCORE, DRAW_SCORE, full, my_dead, raw)
                    return DRAW_SCORE, my_dead
            elif not theirs:
                if mine:
                    table[key] = (DRAW_SCORE, high, their_dead, zhigh, raw)
                else:
                    table[key] = (DRAW_SCORE, DRAW_SCORE, their_dead, full, raw)
                return DRAW_SCORE, their_dead
            if not threats and doubled and _double_threat(doubled, pairs):
                table[key] = (WIN_SCORE, WIN_SCORE, empty, empty, raw)
                return WIN_SCORE, empty
            tried_here = False
            if empties >= PAIR_FROM:
                if attacking:
                    found = find_pairing(mine, empty)
                    if found is not None:
                        for pair in found:
                            my_dead |= pair
                        table[key] = (low, DRAW_SCORE, zlow, my_dead, raw)
                        return DRAW_SCORE, my_dead
                    tried_here = True
                elif not tried and not threats:  # (a line one short: no pairing)
                    found = find_pairing(theirs, empty)
                    if found is not None:
                        for pair in found:
                            their_dead |= pair
                        table[key] = (DRAW_SCORE, high, their_dead, zhigh, raw)
                        return DRAW_SCORE, their_dead
            child_empties = empties - 1
            if attacking:
                # Every move must fail: each refuted one narrows the rest to its zone.
                if threats:
                    moves = [threats]
                else:
                    moves = ordered_moves(order, empty, near, their_near, cover)
                    moves = _strongest_lines_first(moves, mine, theirs, opp | me, weigh, 1)
                best = LOSS_SCORE
                zone = my_dead
                allowed = -1
                for move in moves:
                    if not move & allowed:
                        best = DRAW_SCORE  # refuted without a search, not proved lost
                        continue
                    score, child_zone = search(
                        opp, me | move, theirs, mine, child_empties, -1, my_dead, tried_here
                    )
                    if score < DRAW_SCORE:
                        table[key] = (WIN_SCORE, high, empty, zhigh, raw)
                        return WIN_SCORE, empty
                    if score == DRAW_SCORE:
                        best = DRAW_SCORE
                    zone |= child_zone
                    allowed &= child_zone
                if threats:
                    # The block was forced by an open threat, which must stay open; and
                    # no extra mark may give the mover an immediate win instead.
                    zone |= threats
                    for line in mine:
                        free = line & ~me
                        if (free & zone).bit_count() < 2:
                            zone |= free
                table[key] = (low, best, zlow, zone, raw)
                return best, zone
            # Defending: one move that keeps the attacker from winning is enough.
            if threats:
                moves = [threats]
            else:
                moves = ordered_moves(order, empty, near, their_near, cover)
                if their_doubled:
                    moves = _against_forks(moves, their_doubled, their_pairs, near)
                moves = _strongest_lines_first(moves, theirs, mine, opp | me, weigh)
                if empties > PAIR_FROM:
                    found = _pairing_move(moves, theirs, empty, their_near, pairing_without)
                    if found is not None:
                        # That move refutes: the child (whose search would find the
                        # pairing first thing) is not visited.
                        zone = their_dead
                        for pair in found:
                            zone |= pair
                        table[key] = (DRAW_SCORE, high, zone, zhigh, raw)
                        return DRAW_SCORE, zone
            for move in moves:
                score, child_zone = search(
                    opp, me | move, theirs, mine, child_empties, 0, their_dead, False
                )
                if score <= DRAW_SCORE:
                    zone = child_zone | move
                    table[key] = (-score, high, zone, zhigh, raw)
                    return -score, zone
            table[key] = (low, LOSS_SCORE, zlow, zhigh, raw)
            return LOSS_SCORE, 0

        book = self.openings
        book_plies = -1 if book is None else book.plies

        def measured(mover: int, other: int) -> int:
            """The score of a position the opening table covers."""
            marks = (mover | other).bit_count()
            found = book.outcome(canonical(mover | other << size), size - marks)  # type: ignore[union-attr]
            return VALUE_SCORES[found.value]

        def root(mover: int, other: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            if empties == 0:
                return DRAW_SCORE
            if size - empties <= book_plies:
                return measured(mover, other)
            if beta - alpha == 1:
                return search(mover, other, all_lines, all_lines, empties, alpha, 0, False)[0]
            if beta > DRAW_SCORE:
                score = search(mover, other, all_lines, all_lines, empties, 0, 0, False)[0]
                if score > DRAW_SCORE or alpha >= DRAW_SCORE:
                    return score
            if alpha < DRAW_SCORE:
                score = search(mover, other, all_lines, all_lines, empties, -1, 0, False)[0]
                if score < DRAW_SCORE:
                    return score
            return DRAW_SCORE

        def zoned(mover: int, other: int, alpha: int) -> tuple[int, int]:
            empties = size - (mover | other).bit_count()
            if size - empties <= book_plies:
                return measured(mover, other), full
            return search(mover, other, all_lines, all_lines, empties, alpha, 0, False)

        return root, zoned

    def _make_horizon_search(
        self,
    ) -> tuple[
        Callable[[int, int, int, int, int], int], Callable[[int, int, int, int], tuple[int, int]]
    ]:
        """Depth-limited search: WIN if the mover forces a win within ``depth`` plies,
        LOSS if the opponent does, DRAW_SCORE if neither is forced that soon; and the
        same as a null-window search with its zone, ``(mover, other, depth, alpha) ->
        (score, zone)`` (see the module's docstring)."""
        size = self.rules.size
        full = self.rules.full_mask
        all_lines = self.lines
        order = self.order
        canonical = self.canonical
        plain_from = size - self.symmetry_marks  # (empty cells: keyed as they are from here)
        reorient = make_reorient(self.rules)
        table = self.horizon
        values = self.scores
        engine = self
        tick_mask = self.tick_mask
        find_pairing = self.pairings.find
        weigh = self.weighing
        narrow = self.horizon_zones

        def search(
            me: int,
            opp: int,
            my_lines: Sequence[int],
            their_lines: Sequence[int],
            empties: int,
            depth: int,
            alpha: int,
            dead: int,
        ) -> tuple[int, int]:
            """The score within ``depth`` plies in the window (alpha, alpha + 1), and a zone.

            ``alpha`` 0: the side to move attacks ("can it win within
            ``depth``?"), -1: it defends. Where the attacker is shown not to
            win within ``depth``, the zone holds cells such that it still
            cannot with any extra marks outside them (-1: every cell);
            otherwise it means nothing. ``dead`` holds the empty cells of the
            attacker's lines an earlier node dropped as too long for the
            horizon (a zone keeps them: extra marks could bring them back).
            """
            engine.nodes += 1
            if not engine.nodes & tick_mask:
                engine.tick()
            attacking = alpha == DRAW_SCORE
            if depth <= 3:
                # A win within one ply is a line missing one mark; a loss within two,
                # two such lines of the opponent's on different cells; a win within
                # three, a move (the block, if the opponent has a line missing one)
                # leaving two cells that each complete a line (the opponent can take
                # only one). So the last three plies need no search. The attacker
                # moves at odd depths; where it cannot win, the zone holds every
                # empty cell of its lines (and the opponent's threats it must block).
                empty = full & ~(me | opp)  # (a live line's cells that are not marked)
                if depth <= 0:
                    if attacking:
                        return DRAW_SCORE, -1  # (never asked: the attacker moves at odd depths)
                    return DRAW_SCORE, _keep(dead, their_lines, me, empty, 1)
                if depth == 2:
                    for line in my_lines:
                        if not line & opp:
                            need = line & empty
                            if need.bit_count() == 1:
                                if attacking:
                                    return WIN_SCORE, 0
                                return WIN_SCORE, _keep(dead | need, their_lines, me, empty, 1)
                    threats = 0
                    zone = dead
                    for line in their_lines:
                        if not line & me:
                            need = line & empty
                            zone |= need
                            if need.bit_count() == 1:
                                threats |= need
                    if threats & (threats - 1):
                        return LOSS_SCORE, -1 if attacking else 0
                    return DRAW_SCORE, -1 if attacking else zone
                zone = dead if attacking else -1  # (the defender moves at even depths)
                if depth == 3:
                    pairs = []
                    near = doubled = 0
                    for line in my_lines:
                        if not line & opp:
                            need = line & empty
                            zone |= need
                            count = need.bit_count()
                            if count == 1:
                                return WIN_SCORE, -1
                            if count == 2:
                                doubled |= near & need
                                near |= need
                                pairs.append(need)
                else:
                    for line in my_lines:
                        if not line & opp:
                            need = line & empty
                            zone |= need
                            if need.bit_count() == 1:
                                return WIN_SCORE, -1
                    return DRAW_SCORE, zone
                threats = 0
                for line in their_lines:
                    if not line & me:
                        need = line & empty
                        if need.bit_count() == 1:
                            threats |= need
                zone |= threats
                if threats & (threats - 1):
                    return LOSS_SCORE, zone
                if threats:
                    partners = 0
                    for pair in pairs:
                        if pair & threats:
                            partners |= pair ^ threats
                    if partners & (partners - 1):
                        return WIN_SCORE, -1
                    return DRAW_SCORE, zone
                if doubled and _double_threat(doubled, pairs):
                    return WIN_SCORE, -1
                return DRAW_SCORE, zone
            raw = me | opp << size
            key = canonical(raw) if empties > plain_from else raw
            depths = table.get(key)
            low, high = LOSS_SCORE, WIN_SCORE
            if depths is None:
                depths = _NO_DEPTHS
                known = values.get(key)
                if known is not None:
                    # Proved unable to win at all: then not within the horizon either.
                    if known[1] <= DRAW_SCORE if attacking else known[0] >= DRAW_SCORE:
                        zone = known[3] if attacking else known[2]
                        if known[4] != raw:
                            zone = reorient(zone, known[4], raw)
                        return DRAW_SCORE, zone
                    if known[0] >= DRAW_SCORE:
                        low = DRAW_SCORE
                    if known[1] <= DRAW_SCORE:
                        high = DRAW_SCORE
            else:
                # Results at other depths bound this one: a win within d plies is a
                # win within more, and no win within d is none within fewer (a zone
                # found at one depth holds at every shallower one).
                won, lost, not_won, not_lost, zone_won, zone_lost, stored = depths
                if attacking:
                    if won <= depth:
                        return WIN_SCORE, 0
                    if not_won >= depth:
                        score = LOSS_SCORE if lost <= depth else DRAW_SCORE
                        return score, zone_won if stored == raw else -1
                    if lost <= depth:
                        return LOSS_SCORE, -1
                    if not_lost >= depth:
                        low = DRAW_SCORE
                else:
                    if not_lost >= depth:
                        score = WIN_SCORE if won <= depth else DRAW_SCORE
                        return score, zone_lost if stored == raw else -1
                    if won <= depth:
                        return WIN_SCORE, -1
                    if lost <= depth:
                        return LOSS_SCORE, 0
                    if not_won >= depth:
                        high = DRAW_SCORE
            # The score search's line scan, keeping only the lines each side could
            # complete within the horizon (written out again on purpose: a shared
            # helper, a call per node, is 5-10% slower). The attacker's lines
            # dropped so join ``dead``.
            empty = full & ~(me | opp)
            my_moves = (depth + 1) >> 1
            if my_moves > (empties + 1) >> 1:
                my_moves = (empties + 1) >> 1
            their_moves = depth >> 1
            if their_moves > empties >> 1:
                their_moves = empties >> 1
            mine = []
            near = doubled = cover = 0
            pairs = []
            for line in my_lines:
                if line & opp:
                    continue
                need = line & empty
                count = need.bit_count()
                if count > my_moves:
                    if attacking:
                        dead |= need
                    continue
                if count == 1:
                    if attacking:
                        return WIN_SCORE, 0
                    return WIN_SCORE, _keep(dead | need, their_lines, me, empty, 1)
                mine.append(line)
                cover |= need
                if count == 2:
                    doubled |= near & need
                    near |= need
                    pairs.append(need)
            theirs = []
            threats = their_near = their_doubled = 0
            their_pairs = []
            for line in their_lines:
                if line & me:
                    continue
                need = line & empty
                count = need.bit_count()
                if count > their_moves:
                    if not attacking:
                        dead |= need
                    continue
                theirs.append(line)
                cover |= need
                if count == 1:
                    threats |= need
                elif count == 2:
                    their_doubled |= their_near & need
                    their_near |= need
                    their_pairs.append(need)
            if threats & (threats - 1):
                if not attacking:
                    return LOSS_SCORE, 0
                # Lost while both threats stay open and no extra mark gives an immediate win.
                return LOSS_SCORE, _keep(dead | threats, mine, opp, empty, 2)
            if attacking:
                if not mine:  # nothing the attacker could complete in time
                    return DRAW_SCORE, dead
            elif not theirs:
                return DRAW_SCORE, dead
            if not threats and doubled and _double_threat(doubled, pairs):
                if attacking:
                    return WIN_SCORE, 0
                # The defender wins within three while its lines two short stay so.
                return WIN_SCORE, _keep(dead | near, theirs, me, empty, 2)
            if empties >= PAIR_FROM and (attacking or not threats):  # (as the value search)
                found = find_pairing(mine if attacking else theirs, empty)
                if found is not None:
                    zone = dead
                    for pair in found:
                        zone |= pair
                    if attacking:
                        table[key] = _record(depths, raw, depth, low, DRAW_SCORE, zone, True)
                    else:
                        table[key] = _record(depths, raw, depth, DRAW_SCORE, high, zone, False)
                    return DRAW_SCORE, zone
            # Only cells on lines that matter within the horizon: a mark anywhere
            # else changes nothing before the horizon, and a mark never hurts.
            zone = dead
            if threats:
                moves = [threats]
                if attacking:  # the block is forced while the threat stays open
                    zone = _keep(zone | threats, mine, opp, empty, 2)
            else:
                moves = ordered_moves(order, empty, near, their_near, cover)
                if their_doubled:  # (only with two moves left for them: depth 4 or more)
                    count = len(moves)
                    moves = _against_forks(moves, their_doubled, their_pairs, near)
                    if attacking and len(moves) < count:
                        # The moves dropped lose to a double threat, while the opponent's
                        # lines two short and the attacker's three short stay so.
                        zone = _keep(zone | their_near, mine, opp, empty, 3)
                if depth >= ORDER_FROM:
                    moves = _strongest_lines_first(moves, mine, theirs, opp | me, weigh, 1)
            child_empties = empties - 1
            child_depth = depth - 1
            if attacking:
                # Every move must fail: each refuted one narrows the rest to its zone.
                best = LOSS_SCORE
                allowed = -1
                for move in moves:
                    if not move & allowed:
                        best = DRAW_SCORE  # refuted without a search, not proved lost
                        continue
                    score, child_zone = search(
                        opp, me | move, theirs, mine, child_empties, child_depth, -1, dead
                    )
                    if score < DRAW_SCORE:
                        table[key] = _record(depths, raw, depth, WIN_SCORE, high, 0, True)
                        return WIN_SCORE, 0
                    if score == DRAW_SCORE:
                        best = DRAW_SCORE
                    zone |= child_zone
                    if narrow:
                        allowed &= child_zone
                table[key] = _record(depths, raw, depth, low, best, zone, True)
                return best, zone
            # Defending: one move that keeps the attacker from winning is enough.
            for move in moves:
                score, child_zone = search(
                    opp, me | move, theirs, mine, child_empties, child_depth, 0, dead
                )
                if score <= DRAW_SCORE:
                    zone = child_zone | move
                    table[key] = _record(depths, raw, depth, -score, high, zone, False)
                    return -score, zone
            table[key] = _record(depths, raw, depth, low, LOSS_SCORE, 0, False)
            return LOSS_SCORE, 0

        def root(mover: int, other: int, depth: int, alpha: int, beta: int) -> int:
            empties = size - (mover | other).bit_count()
            if beta - alpha == 1:
                return search(mover, other, all_lines, all_lines, empties, depth, alpha, 0)[0]
            # A wider window: its two null-window halves.
            if beta > DRAW_SCORE:
                score = search(mover, other, all_lines, all_lines, empties, depth, 0, 0)[0]
                if score > DRAW_SCORE or alpha >= DRAW_SCORE:
                    return score
            if alpha < DRAW_SCORE:
                score = search(mover, other, all_lines, all_lines, empties, depth, -1, 0)[0]
                if score < DRAW_SCORE:
                    return score
            return DRAW_SCORE

        def zoned(mover: int, other: int, depth: int, alpha: int) -> tuple[int, int]:
            empties = size - (mover | other).bit_count()
            return search(mover, other, all_lines, all_lines, empties, depth, alpha, 0)

        return root, zoned


_NO_DEPTHS = (1 << 10, 1 << 10, -1, -1, -1, -1, -1)
"""A horizon entry that knows nothing (see :func:`_record`)."""


def _record(
    depths: Depths, raw: int, depth: int, low: int, high: int, zone: int, attacking: bool
) -> Depths:
    """A position's horizon entry with bounds ``low``/``high`` found at ``depth`` added.

    The entry holds the fewest plies within which the side to move was shown
    to force a win and to be forced to lose, and the most plies within which
    it was shown not to lose and not to win (each settles every other depth
    on its side), the zones of the last two (-1: every cell) and the
    position ``raw`` they belong to. ``zone`` is that of the bound the
    search at ``depth`` proved for its attacker (the side to move if
    ``attacking``); a bound raised without one gets -1.
    """
    won, lost, not_won, not_lost, zone_won, zone_lost, stored = depths
    if stored != raw:
        zone_won = zone_lost = -1
    if low >= DRAW_SCORE:
        if depth > not_lost or (depth == not_lost and not attacking):
            not_lost = depth
            zone_lost = -1 if attacking else zone
        if low == WIN_SCORE and depth < won:
            won = depth
    if high <= DRAW_SCORE:
        if depth > not_won or (depth == not_won and attacking):
            not_won = depth
            zone_won = zone if attacking else -1
        if high == LOSS_SCORE and depth < lost:
            lost = depth
    return won, lost, not_won, not_lost, zone_won, zone_lost, raw


def _keep(zone: int, lines: Sequence[int], blocker: int, empty: int, cells: int) -> int:
    """``zone`` with all the empty cells of each of ``lines`` that ``blocker`` has not
    touched, or ``cells`` of them where it has more (those already in ``zone`` first):
    extra marks outside the zone then leave each such line at least that far from done."""
    tops = []
    for line in lines:
        if not line & blocker:
            need = line & empty
            if need.bit_count() <= cells:
                zone |= need
            else:
                tops.append(need)
    return _kept(zone, tops, cells)


def _kept(zone: int, needs: list[int], cells: int) -> int:
    """``zone`` with at least ``cells`` cells of each of ``needs`` (or all of one that
    has fewer), those already in ``zone`` first, then the lowest."""
    for need in needs:
        short = cells - (need & zone).bit_count()
        rest = need & ~zone
        while short > 0 and rest:
            bit = rest & -rest
            zone |= bit
            rest ^= bit
            short -= 1
    return zone


def _double_threat(doubled: int, pairs: list[int]) -> bool:
    """True if a cell in ``doubled`` completes two lines to one empty cell each.

    ``pairs`` holds the two empty cells of each of the mover's lines that
    miss two marks; playing a cell of two pairs with different partners
    leaves two winning cells, and the opponent can block only one.
    """
    while doubled:
        cell = doubled & -doubled
        doubled ^= cell
        partners = 0
        for pair in pairs:
            if pair & cell:
                partners |= pair ^ cell
        if partners & (partners - 1):
            return True
    return False


Weighing = tuple[dict[int, int], dict[int, int], int]
"""What :func:`_strongest_lines_first` needs of a board (:func:`weighing`): each line's
cells as a packed counter, each cell's field in it, and the mask of one field."""


def weighing(rules: Rules) -> Weighing:
    """:data:`Weighing` of the board of ``rules``: one field of bits per cell, wide
    enough for the most a cell can score (at most ``4 k`` lines through it, each
    at most ``2 ** (k + 1)``), so a line adds its weight to all its cells with one sum."""
    width = (4 * rules.k << rules.k + 1).bit_length()
    packed = {line: sum(1 << width * cell for cell in cells_of(line)) for line in rules.line_masks}
    shifts = {1 << cell: width * cell for cell in range(rules.size)}
    return packed, shifts, (1 << width) - 1


def _strongest_lines_first(
    moves: list[int],
    mine: Sequence[int],
    theirs: Sequence[int],
    marks: int,
    weigh: Weighing,
    favour: int = 0,
) -> list[int]:
    """``moves`` with those on the strongest live lines first.

    ``mine`` and ``theirs`` are both sides' live lines and ``marks`` both
    sides' marks (a live line holds one side's only). Each cell scores the
    lines through it, a line counting twice for each mark on it, and a line
    of ``mine`` ``2 ** favour`` times more; ties keep their order. For the
    defender of a proof (lines weighed alike), a cell that blocks the
    attacker and builds on the defender's own lines at once tends to reach
    a pairing soonest (measured: 7 x 7 with k = 5 in 188,413 positions
    against 225,305 ordering by the attacker's lines alone). The attacker,
    and either side in the depth-limited search, weigh their own lines
    twice: on 27 slow 5 x 5 positions that searched 1.42 times fewer
    positions than without ordering those moves, and 1.25 times weighing
    all lines alike. The scores are summed for all cells at once, each in
    its own field of one integer (``weigh``, from :func:`weighing`): a line
    is one addition, not one per cell.
    """
    packed, shifts, field = weigh
    total = 0
    for line in mine:
        total += packed[line] << (line & marks).bit_count() + favour
    for line in theirs:
        total += packed[line] << (line & marks).bit_count()
    moves.sort(key=lambda cell: total >> shifts[cell] & field, reverse=True)
    return moves


def _pairing_move(
    moves: list[int],
    lines: Sequence[int],
    empty: int,
    near: int,
    without: Callable[[Sequence[int], int, int], tuple[int, ...] | None],
) -> tuple[int, ...] | None:
    """A defender's move after which the attacker's ``lines`` have a pairing, with that
    pairing (the move as one more, one-cell "pair"), or None if none was found.

    Only the first :data:`PAIRING_TRIES` of ``moves`` are checked, and only those
    on a line missing two marks (``near``: taking one frees its pair, whose cells
    may be wanted by another such line - the usual reason no pairing was found).
    Such a move refutes the attacker's last move without a search of its own
    (the child would find the pairing first thing), its zone the pairs and the
    move. ``without`` is :meth:`~tictactoe.core.exact.pairing.Pairings.find_without`. On
    the 5 x 5 slow positions checking every move searched a quarter fewer
    positions, but the checks cost as much as they saved; checking these few:
    about a seventh fewer positions, 8 to 12% fewer instructions.
    """
    for move in moves[:PAIRING_TRIES]:
        if move & near:
            found = without(lines, move, empty)
            if found is not None:
                return (*found, move)
    return None


def _against_forks(moves: list[int], doubled: int, pairs: list[int], threatening: int) -> list[int]:
    """The defender's ``moves`` that stop every double threat the attacker could make next.

    A cell of ``doubled`` that meets two of the attacker's lines missing two
    marks with different partners wins for the attacker; the defender must
    take it or one of those partners, or else make a threat of its own
    (a cell of ``threatening``). Every other move loses, so it is dropped.
    """
    allowed = -1
    while doubled:
        cell = doubled & -doubled
        doubled ^= cell
        partners = 0
        for pair in pairs:
            if pair & cell:
                partners |= pair ^ cell
        if partners & (partners - 1):
            allowed &= partners | cell
    if allowed == -1:
        return moves
    allowed |= threatening
    return [move for move in moves if move & allowed]


def ordered_moves(
    order: tuple[int, ...], empty: int, near: int, their_near: int, cover: int
) -> list[int]:
    """The moves worth trying, best first, as single-bit masks.

    Cells that make a threat and stop one first, then cells that make one,
    then cells that stop one, then other cells on live lines (nearest the
    centre first). Cells on no live line are left out: a mark there is a
    pass, and a mark on a live line is never worse than a pass (an extra
    mark never hurts its owner), so one of those is always at least as good.
    """
    both = near & their_near
    first: list[int] = []
    second: list[int] = []
    third: list[int] = []
    rest: list[int] = []
    live = empty & cover
    for bit in order:
        if not bit & live:
            continue
        if bit & both:
            first.append(bit)
        elif bit & near:
            second.append(bit)
        elif bit & their_near:
            third.append(bit)
        else:
            rest.append(bit)
    first += second
    first += third
    first += rest
    return first
