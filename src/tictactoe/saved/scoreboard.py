"""The scoreboard: wins, losses and draws per opponent and board, a query over the saved games.

There is no second table of tallies: :class:`Scoreboard` counts the scored
games in the one store of finished games (:class:`tictactoe.saved.archive.Archive`,
where :class:`tictactoe.saved.writer.Writer` puts every finished game; which count is
:func:`tictactoe.saved.archive.counts`).
Anything wrong with the file raises :class:`~tictactoe.saved.archive.ArchiveError`
naming the :class:`~tictactoe.saved.archive.Problem`; :func:`describe` says it in
the player's language. Reading never writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tictactoe.core.board import Mark
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN
from tictactoe.saved.archive import Archive, ArchiveError, Problem, ResultCount
from tictactoe.texts.i18n import Translator


def describe(error: ArchiveError, tr: Translator) -> str:
    """The cause of ``error`` as one sentence in ``tr``'s language, naming the file."""
    path, reason = error.path, error.said_reason(tr.gettext)
    if error.problem is Problem.BUSY:
        text = tr.gettext("The scoreboard file {path} is in use by another program right now.")
    elif error.problem is Problem.READ_ONLY and not _exists_quietly(path):
        text = tr.gettext("The folder {folder} of the scoreboard is read-only.")
    elif error.problem is Problem.READ_ONLY:
        text = tr.gettext("The scoreboard file {path} is read-only.")
    elif error.problem is Problem.EMPTY:
        text = tr.gettext("The scoreboard file {path} is empty (0 bytes): its games are lost.")
    elif error.problem is Problem.DAMAGED:
        text = tr.gettext("The scoreboard file {path} is damaged ({reason}).")
    elif error.problem is Problem.NO_FOLDER:
        text = tr.gettext("The folder {folder} for the scoreboard cannot be created ({reason}).")
    elif error.problem is Problem.UNREADABLE:
        text = tr.gettext("The scoreboard file {path} cannot be opened ({reason}).")
    else:
        text = tr.gettext("The scoreboard file {path} cannot be used ({reason}).")
    return text.format(path=path, folder=path.parent, reason=reason)


@dataclass(frozen=True)
class Tally:
    """Results against one opponent on one board, from your side.

    For two people at one keyboard (opponent ``human``) wins are X's and
    losses O's.
    """

    opponent: str
    rules: Rules
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        """Games in this tally."""
        return self.wins + self.losses + self.draws


class Scoreboard:
    """The results of finished games in the saved games at ``path`` (default: the data folder's)."""

    def __init__(self, path: Path | None = None) -> None:
        self.archive = Archive(path)
        """The store the results are counted in."""

    @property
    def path(self) -> Path:
        """The saved-games file."""
        return self.archive.path

    def tallies(self) -> list[Tally]:
        """Wins, losses and draws per opponent and board, games with a person only.

        A missing file is an empty scoreboard; nothing is created or written.
        """
        return tallies_of(self.archive.result_counts())

    def reset(self) -> Path | None:
        """Forget every result (the games stay saved); where a damaged file was set aside."""
        return self.archive.forget_scores()

    def write_problem(self) -> ArchiveError | None:
        """Why results could not be added now, or None if they could (writes nothing)."""
        return self.archive.write_problem()


def tallies_of(counts: list[ResultCount]) -> list[Tally]:
    """The tallies, from your side, by opponent then board, of ``counts``."""
    sums: dict[tuple[str, Rules], list[int]] = {}
    for count in counts:
        you = Mark.X if count.x_player == HUMAN else Mark.O
        opponent = count.o_player if you is Mark.X else count.x_player
        slot = sums.setdefault((opponent, count.rules), [0, 0, 0])
        index = 2 if count.winner is None else 0 if count.winner is you else 1
        slot[index] += count.games
    return [
        Tally(opponent, rules, *slot)
        for (opponent, rules), slot in sorted(
            sums.items(), key=lambda item: (item[0][0], item[0][1].m, item[0][1].n, item[0][1].k)
        )
    ]


def _exists_quietly(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


__all__ = ["Scoreboard", "Tally", "describe", "tallies_of"]
