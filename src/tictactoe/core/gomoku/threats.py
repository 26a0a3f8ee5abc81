"""Threat-space search: forced wins by continuous fours (VCF) and by threes and fours (VCT).

The attacker plays only threats; the defender must answer each. In a VCF
every attacking move is a four, so each answer is forced (the one cell that
completes the line); a double four or an open four wins outright. In a VCT
the attacker may also make an open three, and then every defence is tried:
the cells that break the three and the defender's own fours (which the
attacker must answer before going on). A line is proved when every defence
loses; its length counts the attacker's own moves, the unit players see
("a forced win in 4").

Both searches work on a :class:`~tictactoe.core.gomoku.position.Position`
(make / unmake), share the search's :class:`~tictactoe.core.search.Budget`
and remember refuted positions by hash, so a VCF asked again at a
transposition costs one look-up.
"""

from __future__ import annotations

from tictactoe.core.gomoku.patterns import BLOCK4, FIVES, FLEX_FOURS, FOURS, THREES
from tictactoe.core.gomoku.position import Position
from tictactoe.core.search import Budget

VCF_DEPTH = 12
"""Most fours in a row a VCF looks for."""

VCT_DEPTH = 6
"""Most attacking moves (threes and fours) a VCT looks for."""


class ThreatSearch:
    """VCF and VCT for one position (the budget and refutation tables may be shared)."""

    def __init__(
        self,
        position: Position,
        budget: Budget,
        refuted_vcf: dict[int, int] | None = None,
        refuted_vct: dict[int, int] | None = None,
        refuted_limit: int = 0,
    ) -> None:
        self.position = position
        self.budget = budget
        self.refuted_vcf = {} if refuted_vcf is None else refuted_vcf
        self.refuted_vct = {} if refuted_vct is None else refuted_vct
        self.refuted_limit = refuted_limit or 1 << 62
        """Most entries in each refutation table: it is emptied when full (bounded memory)."""

    def _tick(self) -> None:
        self.budget.count()

    # --- VCF ----------------------------------------------------------------------------

    def vcf(self, side: int, depth: int = VCF_DEPTH, visited: bool = False) -> list[int] | None:
        """A forced win for ``side`` (to move) by continuous fours, or None.

        The line alternates attacker and defender moves and ends with the
        attacker's winning move. ``visited``: the caller has already counted
        this position as a node (it is not counted twice).
        """
        if not visited:
            self._tick()
        pos = self.position
        if pos.threats[2 * FIVES + side]:
            return [pos.cells(FIVES, side)[0]]
        return self._vcf(side, depth)

    def _vcf(self, me: int, left: int) -> list[int] | None:
        """The VCF from a position already counted as a node."""
        pos = self.position
        threats = pos.threats
        opp = me ^ 1
        if threats[2 * FIVES + me]:
            return [pos.cells(FIVES, me)[0]]
        if left <= 0:
            return None
        key = pos.hash
        if self.refuted_vcf.get(key, -1) >= left:
            return None
        if threats[2 * FIVES + opp]:
            blocks = pos.cells(FIVES, opp)
            moves = blocks if len(blocks) == 1 and pos.code(blocks[0], me) >= BLOCK4 else []
        elif threats[2 * FLEX_FOURS + me]:
            cell = pos.cells(FLEX_FOURS, me)[0]
            pos.make(cell, me)
            ends = pos.cells(FIVES, me)
            pos.unmake()
            return [cell, ends[0], ends[-1]]
        else:
            moves = [
                cell for _, cell in sorted(pos.order_scores(pos.cells(FOURS, me), me), reverse=True)
            ]
        for cell in moves:
            pos.make(cell, me)
            self.budget.count()  # the position after the four is visited too
            fives = pos.fives_through(cell, me)  # it had none before: new ones pass here
            if len(fives) >= 2:
                pos.unmake()
                return [cell, fives[0], fives[1]]
            if fives:
                block = fives[0]
                pos.make(block, opp)
                self.budget.count()
                rest = self._vcf(me, left - 1)
                pos.unmake()
                if rest is not None:
                    pos.unmake()
                    return [cell, block, *rest]
            pos.unmake()
        refuted = self.refuted_vcf
        if len(refuted) >= self.refuted_limit:
            refuted.clear()
        refuted[key] = left
        return None

    # --- VCT ----------------------------------------------------------------------------

    def vct(self, side: int, depth: int = VCT_DEPTH, visited: bool = False) -> list[int] | None:
        """A forced win for ``side`` (to move) by threes and fours, or None.

        Returns the main line (each defence the first one tried); its
        attacker moves are at even positions, the winning move last.
        ``visited`` as for :meth:`vcf`.
        """
        found = self._vct(side, depth, visited)
        return found[1] if found is not None else None

    def _vct(self, me: int, left: int, visited: bool = False) -> tuple[int, list[int]] | None:
        """``(attacker moves to win, main line)`` or None."""
        if not visited:
            self._tick()
        pos = self.position
        threats = pos.threats
        opp = me ^ 1
        if threats[2 * FIVES + me]:
            return 1, [pos.cells(FIVES, me)[0]]
        if threats[2 * FIVES + opp]:
            blocks = pos.cells(FIVES, opp)
            if len(blocks) > 1 or left <= 1:
                return None
            pos.make(blocks[0], me)
            answer = self._defend(me, left - 1)
            pos.unmake()
            return None if answer is None else (answer[0] + 1, [blocks[0], *answer[1]])
        line = self._vcf(me, VCF_DEPTH)
        if line is not None:
            return (len(line) + 1) // 2, line
        if left <= 2:
            return None
        key = pos.hash
        if self.refuted_vct.get(key, -1) >= left:
            return None
        candidates = set(pos.cells(THREES, me))
        scored = sorted(pos.order_scores(candidates, me), reverse=True)
        for _, cell in scored:
            pos.make(cell, me)
            answer = self._defend(me, left - 1)
            pos.unmake()
            if answer is not None:
                return answer[0] + 1, [cell, *answer[1]]
        refuted = self.refuted_vct
        if len(refuted) >= self.refuted_limit:
            refuted.clear()
        refuted[key] = left
        return None

    def _defend(self, me: int, left: int) -> tuple[int, list[int]] | None:
        """The defender (``me ^ 1``) to move after a threat: the attacker's win against
        every defence, or None if one defence holds."""
        self._tick()
        pos = self.position
        threats = pos.threats
        opp = me ^ 1
        if threats[2 * FIVES + opp]:
            return None
        fives = pos.cells(FIVES, me)
        if len(fives) >= 2:
            return 1, [fives[0], fives[1]]
        if fives:
            defences = fives
        elif threats[2 * FLEX_FOURS + me]:
            defences = sorted(
                set(pos.line_cells(FLEX_FOURS, me, FOURS, me)) | set(pos.cells(FOURS, opp))
            )
        else:
            return None
        worst: tuple[int, list[int]] | None = None
        for cell in defences:
            pos.make(cell, opp)
            answer = self._vct(me, left)
            pos.unmake()
            if answer is None:
                return None
            if worst is None or answer[0] > worst[0]:
                worst = (answer[0], [cell, *answer[1]])
        return worst
