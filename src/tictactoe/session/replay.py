"""A saved game shown one position at a time, and played on from any position: for every
front end.

:func:`open_game` finds the record a person names - a saved game's number or a
file (text, SGF or PSQ: :func:`tictactoe.core.records.load`) - or raises
:class:`OpenError` with a sentence in their language. A :class:`Replay` is
that record at one position (first, back, forward, last: :class:`Step`);
stepping only moves :attr:`Replay.ply`, the positions come from the record.
:func:`continue_from` replays the moves up to the shown position into a new
game, which then goes on like any other (its undo can take them back too).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from tictactoe.console import shown
from tictactoe.core import records
from tictactoe.core.board import Board, Mark
from tictactoe.core.numbers import whole_number
from tictactoe.core.records import Record, RecordError
from tictactoe.game import HUMAN, Game
from tictactoe.saved.archive import Archive, ArchiveError, GameNotFoundError
from tictactoe.saved.archive import SavedGame as SavedGame  # a front end lists these
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import why

EXIT_ERROR = 1
"""The exit status of a command when the saved games file cannot be used."""
EXIT_BAD_INPUT = 2
"""... and when the game named does not exist or cannot be read."""


class OpenError(Exception):
    """A game that cannot be opened: the message (in the user's language) and the exit status
    a command gives for it."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def open_saved(game_id: int, tr: Translator, archive: Archive | None = None) -> Record:
    """Saved game ``game_id`` (from ``archive``, else the data folder's); :class:`OpenError`
    says why it cannot be opened."""
    archive = archive if archive is not None else Archive()
    try:
        return archive.get(game_id)
    except GameNotFoundError:
        message = tr.gettext("There is no saved game {id}: tictactoe games lists them.")
        raise OpenError(message.format(id=game_id)) from None
    except ArchiveError as error:
        raise OpenError(unusable(tr, error), EXIT_ERROR) from error


def open_file(path: Path, tr: Translator) -> Record:
    """The game in the file at ``path`` (text, SGF or PSQ); :class:`OpenError` says why not
    (a folder or a pipe is refused as :func:`tictactoe.core.records.load` words it)."""
    if not path.exists():
        message = tr.gettext("There is no saved game or file called {name}.")
        raise OpenError(message.format(name=shown(str(path))))
    try:
        return records.load(path)
    except RecordError as error:
        message = tr.gettext("This game cannot be opened: {reason}")
        raise OpenError(message.format(reason=why(tr, error))) from None


def open_game(reference: str, tr: Translator, archive: Archive | None = None) -> Record:
    """The record that ``ID|FILE`` names: a whole number is a saved game, anything else a file
    (``./5`` for a file named 5). Raises :class:`OpenError`."""
    game_id = whole_number(reference)
    if game_id is not None:
        return open_saved(game_id, tr, archive)
    return open_file(Path(reference), tr)


def title(reference: str | int, tr: Translator) -> str:
    """What a window's title calls an opened game: "Saved game 12", or the file's name."""
    number = reference if isinstance(reference, int) else whole_number(reference)
    if number is not None:
        return tr.gettext("Saved game {id}").format(id=number)
    return Path(str(reference)).name


@dataclass(frozen=True)
class SavedGames:
    """The latest saved games to choose from, newest first, or why they cannot be read."""

    games: tuple[SavedGame, ...] = ()
    total: int = 0
    """How many games the file holds (more than :attr:`games` when the list was cut)."""
    damaged: tuple[int, ...] = ()
    """Numbers of games that could not be read (left out)."""
    problem: str | None = None
    """Why the saved games cannot be read, if they cannot, in English
    (:attr:`ArchiveError.reason <tictactoe.saved.safe_file.ArchiveError.reason>`: translate it
    where it is said)."""


def list_saved(archive: Archive | None, limit: int) -> SavedGames:
    """The latest ``limit`` games of ``archive`` (None: the data folder's); it reads the file,
    so a window calls it off its own thread."""
    try:
        listing = (archive or Archive()).games(limit=limit)
    except ArchiveError as error:
        return SavedGames(problem=error.reason)
    return SavedGames(listing.games, listing.total, listing.damaged)


def unusable(tr: Translator, error: ArchiveError) -> str:
    """What to say when the saved games file cannot be used."""
    return tr.gettext("The saved games file {path} cannot be used: {reason}").format(
        path=error.path, reason=error.said_reason(tr.gettext)
    )


class Step(StrEnum):
    """The replay's buttons and keys, in the order a strip of buttons shows them."""

    FIRST = "first"
    BACK = "back"
    FORWARD = "forward"
    LAST = "last"
    PLAY = "play"
    CLOSE = "close"


@dataclass
class Replay:
    """``record`` (called ``name`` in a title) shown at position :attr:`ply` (0: empty)."""

    record: Record
    name: str
    ply: int = 0

    def __post_init__(self) -> None:
        self.ply = max(0, min(self.ply, self.last))

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
        """The move that led to the position shown, if any."""
        return self.record.moves[self.ply - 1] if self.ply else None

    @property
    def moves_so_far(self) -> tuple[int, ...]:
        """The moves played up to the position shown."""
        return self.record.moves[: self.ply]

    @property
    def can_play_on(self) -> bool:
        """True when a game can go on from the position shown (it is not over)."""
        return not self.board.is_over

    def target(self, step: Step) -> int:
        """The position ``step`` goes to (the same one at either end)."""
        return {
            Step.FIRST: 0,
            Step.BACK: max(0, self.ply - 1),
            Step.FORWARD: min(self.last, self.ply + 1),
            Step.LAST: self.last,
        }.get(step, self.ply)

    def can(self, step: Step) -> bool:
        """True when ``step`` would change what is shown (or, for play on, is possible)."""
        if step is Step.PLAY:
            return self.can_play_on
        if step is Step.CLOSE:
            return True
        return self.target(step) != self.ply

    def go(self, step: Step) -> bool:
        """Move to the position ``step`` asks for; True if that changed it."""
        return self.show(self.target(step))

    def show(self, ply: int) -> bool:
        """Show position ``ply`` (kept within the record); True if that changed it."""
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
