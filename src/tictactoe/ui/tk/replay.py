"""Saved games in the window: opening one (from the saved games or a file), stepping through it,
and playing on from a position.

:func:`open_saved` and :func:`open_file` turn a saved game's number or a
file (text, SGF or PSQ: :func:`tictactoe.core.records.load`) into an
:class:`Opened` game, or a translated sentence saying why it cannot be
opened. :class:`Viewing` is the position of the record on the board (first,
back, forward, last), and :func:`continue_from` replays the moves up to it
into a new game, which then goes on like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tictactoe.archive import Archive, ArchiveError, GameNotFoundError
from tictactoe.core import records
from tictactoe.core.board import Board, Mark
from tictactoe.core.records import Record, RecordError
from tictactoe.game import HUMAN, Game
from tictactoe.i18n import Translator

SAVED_GAMES_LISTED = 1000
"""The saved games window lists at most this many, newest first."""


@dataclass(frozen=True)
class Opened:
    """A game to show: its record and what the window's title calls it."""

    record: Record
    name: str


def open_saved(archive: Archive, game_id: int, _: Translator) -> Opened | str:
    """Saved game ``game_id``, or why it cannot be opened."""
    try:
        record = archive.get(game_id)
    except GameNotFoundError as error:
        return _("This game cannot be opened: {reason}").format(reason=error)
    except ArchiveError as error:
        return unusable(_, error)
    return Opened(record, _("Saved game {id}").format(id=game_id))


def open_file(path: Path, _: Translator) -> Opened | str:
    """The game in the file at ``path`` (text, SGF or PSQ), or why it cannot be opened."""
    try:
        record = records.load(path)
    except RecordError as error:
        return _("This game cannot be opened: {reason}").format(reason=error)
    return Opened(record, path.name)


def unusable(_: Translator, error: ArchiveError) -> str:
    """What to say when the saved games file cannot be read."""
    return _("The saved games file {path} cannot be used: {reason}").format(
        path=error.path, reason=error.reason
    )


@dataclass
class Viewing:
    """A record shown on the board, at position :attr:`ply` (0: the empty board)."""

    opened: Opened
    ply: int = 0

    @property
    def record(self) -> Record:
        """The game shown."""
        return self.opened.record

    @property
    def last(self) -> int:
        """The number of the final position (the count of moves)."""
        return self.record.plies

    @property
    def board(self) -> Board:
        """The position shown."""
        return self.record.positions()[self.ply]

    @property
    def last_move(self) -> int | None:
        """The move that led to the position shown."""
        return self.record.moves[self.ply - 1] if self.ply else None

    @property
    def moves(self) -> tuple[int, ...]:
        """The moves played up to the position shown."""
        return self.record.moves[: self.ply]

    @property
    def playable(self) -> bool:
        """True when the game can go on from the position shown (nobody has won, cells free)."""
        return not self.board.is_over

    def go(self, ply: int) -> bool:
        """Show position ``ply`` (kept within the record); True if that changed the position."""
        target = max(0, min(ply, self.last))
        changed = target != self.ply
        self.ply = target
        return changed


def continue_from(game: Game, moves: tuple[int, ...]) -> None:
    """Play ``moves`` into the new ``game``, whoever plays each side in it.

    The moves go into the game's history, so undo can take them back too.
    """
    players = {mark: game.player(mark) for mark in Mark}
    for mark in Mark:
        game.set_player(mark, HUMAN)
    try:
        for cell in moves:
            game.play(cell)
    finally:
        for mark, name in players.items():
            game.set_player(mark, name)
