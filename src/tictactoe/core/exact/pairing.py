"""Pairing strategies: a proof that one player can never complete a line.

A *pairing* is a set of disjoint pairs of empty cells such that every line
the attacker could still complete holds both cells of one pair. The
defender answers an attacker move on a paired cell with its partner, so the
attacker never owns both cells of a pair and so never a whole line: the
attacker cannot win, whatever else happens (the Hales-Jewett pairing
strategy). The defender may even have to move first: its extra mark only
blocks more.

    >>> from tictactoe.core.rules import Rules
    >>> rules = Rules(1, 5, 4)                    # one row, two lines of four
    >>> pairing = Pairings(rules).find(rules.line_masks, empty=rules.full_mask)
    >>> [bin(pair) for pair in pairing]            # cells 2 and 3 lie on both lines
    ['0b1100']

Finding a pairing is a small exact-cover search; it gives up (returns None)
after a budget of steps, which only costs a missed shortcut.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe.core.rules import Rules

PAIRING_STEPS = 256
"""Most search steps one :meth:`Pairings.find` call takes before giving up."""

KNOWN_LIMIT = 1 << 16
"""Most answers :meth:`Pairings.find` keeps (the same lines and cells come back often
in a proof, from positions that differ elsewhere); past it they are forgotten."""

_UNASKED = (-1,)
"""What :meth:`Pairings.find` reads for lines it has no answer for (no answer is this)."""


class Pairings:
    """Pairing search on one board: knows which lines share a track (a row,
    column or diagonal), since only lines on one track can share a pair."""

    def __init__(self, rules: Rules, steps: int = PAIRING_STEPS) -> None:
        self.steps = steps
        self.track_of = _tracks(rules)
        """Line bitboard -> a one-bit mask naming its track."""
        self.known: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        """The answer for each list of lines' empty cells asked about lately."""
        self.spent = 0
        """Branching steps of the exact-cover search so far (its share of the work: see
        :attr:`tictactoe.core.exact.prover.Prover.work`)."""

    def find(self, lines: Sequence[int], empty: int) -> tuple[int, ...] | None:
        """Disjoint pairs of ``empty`` cells covering every line, or None if none was found.

        ``lines`` are the attacker's live lines as bitboards (no defender
        mark on them); each pair is returned as a two-bit bitboard. None
        when a line has fewer than two empty cells, when the lines span more
        tracks than half the cells they leave empty (every track needs a
        pair of its own), or when the search ran out of steps.
        """
        # The union of the lines' empty cells is that of the lines, less the marks: the
        # count of tracks and cells, which rules out most lines, needs no line's own cells.
        track_of = self.track_of
        tracks = span = 0
        for line in lines:
            tracks |= track_of[line]
            span |= line
        if 2 * tracks.bit_count() > (span & empty).bit_count():
            return None
        return self._remembered([line & empty for line in lines])

    def find_without(self, lines: Sequence[int], move: int, empty: int) -> tuple[int, ...] | None:
        """:meth:`find` for the ``lines`` that miss ``move``, an empty cell the defender
        takes first (the lines through it are then blocked), on the cells left empty."""
        track_of = self.track_of
        tracks = span = 0
        needs = []
        for line in lines:
            need = line & empty
            if not need & move:
                tracks |= track_of[line]
                span |= need
                needs.append(need)
        if 2 * tracks.bit_count() > span.bit_count():
            return None
        return self._remembered(needs)

    def _remembered(self, needs: list[int]) -> tuple[int, ...] | None:
        """The pairing covering ``needs`` (the lines' empty cells), remembered."""
        key = tuple(needs)
        known = self.known
        found = known.get(key, _UNASKED)
        if found is not _UNASKED:
            return found
        if len(known) >= KNOWN_LIMIT:
            known.clear()
        chosen: list[int] = []
        budget = [self.steps]
        found = tuple(chosen) if _cover(needs, chosen, budget) else None
        self.spent += self.steps - budget[0]
        known[key] = found
        return found


def _tracks(rules: Rules) -> dict[int, int]:
    """Each line's bitboard -> one bit per track (lines on one row, column or diagonal)."""
    ids: dict[tuple[int, int, int, int], int] = {}
    found = {}
    for line, mask in zip(rules.lines, rules.line_masks, strict=True):
        row, col = rules.row_col(line[0])
        next_row, next_col = rules.row_col(line[1])
        d_row, d_col = next_row - row, next_col - col
        # Walk back along the line's direction to the track's first cell.
        while 0 <= row - d_row < rules.m and 0 <= col - d_col < rules.n:
            row, col = row - d_row, col - d_col
        found[mask] = 1 << ids.setdefault((d_row, d_col, row, col), len(ids))
    return found


def _cover(needs: list[int], chosen: list[int], budget: list[int]) -> bool:
    """Extend ``chosen`` until every need holds a pair; ``needs`` hold only unused cells.

    A line with exactly two cells left forces its pair, so those are taken
    first without branching (two forced pairs sharing one cell: no pairing);
    then the line with the fewest cells left is covered each possible way,
    the pairs covering the most lines first.
    """
    depth = len(chosen)
    while needs:
        forced = 0
        tightest = 0
        fewest = 1 << 30
        for cells in needs:
            count = cells.bit_count()
            if count == 2:
                if cells & forced and cells & forced != cells:
                    del chosen[depth:]
                    return False
                if not cells & forced:
                    forced |= cells
                    chosen.append(cells)
            elif count < fewest:
                if count < 2:
                    del chosen[depth:]
                    return False
                tightest, fewest = cells, count
        if not forced:
            break
        needs = _uncovered(needs, chosen[-forced.bit_count() // 2 :], forced)
    else:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        del chosen[depth:]
        return False
    bits = []
    free = tightest
    while free:
        low = free & -free
        bits.append(low)
        free ^= low
    # Only the needs sharing two cells with the tightest one can hold one of its pairs.
    related = [cells for cells in needs if (cells & tightest).bit_count() > 1]
    candidates = []
    for i, first in enumerate(bits):
        for second in bits[i + 1 :]:
            pair = first | second
            covered = 0
            for cells in related:
                if cells & pair == pair:
                    covered += 1
            candidates.append((covered, pair))
    candidates.sort(reverse=True)
    for _, pair in candidates:
        chosen.append(pair)
        # _uncovered(needs, [pair], pair), inlined: 8% off the 7 x 7 proof
        rest = [cells & ~pair for cells in needs if cells & pair != pair]
        if _cover(rest, chosen, budget):
            return True
        chosen.pop()
        if budget[0] < 0:
            break
    del chosen[depth:]
    return False


def _uncovered(needs: list[int], pairs: list[int], used: int) -> list[int]:
    """The needs holding none of ``pairs``, without the ``used`` cells."""
    rest = []
    for cells in needs:
        for pair in pairs:
            if cells & pair == pair:
                break
        else:
            rest.append(cells & ~used)
    return rest
