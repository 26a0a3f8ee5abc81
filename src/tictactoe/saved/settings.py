"""Settings remembered between launches: language, level, board, think time, names, sound, theme.

One small JSON file, ``settings.json``, in the data folder (beside the
scoreboard; ``$TICTACTOE_HOME`` moves both). Every front end may read it and
save the choices a player makes in it; options given on the command line
win for that launch.

- Writes are atomic: the new text goes to a temporary file in the same
  folder, which then replaces the old one, so a crash or a second window
  never leaves half a file.
- A file that is not valid JSON is set aside as ``settings.json.broken`` and
  the defaults are used; :meth:`SettingsStore.load` says so once, for the
  front end to show in one line. A single bad value (an unknown level, an
  impossible board) falls back to its default and the rest is kept.
- Keys this version does not know are kept and written back, so an older
  version never erases a newer one's choices.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from tictactoe import players
from tictactoe.core.cells import Numbering
from tictactoe.core.errors import RulesError, UnknownPlayerError
from tictactoe.core.rules import Rules
from tictactoe.core.search import DEFAULT_SECONDS, THINK_RANGE
from tictactoe.saved.paths import data_home
from tictactoe.texts.i18n import normalise

FILE_NAME = "settings.json"


class Theme(StrEnum):
    """The windows' colours: the system's choice where it can be told, else light or dark."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


BOARD_PRESETS: tuple[Rules, ...] = (
    Rules(3, 3, 3),
    Rules(4, 4, 4),
    Rules(5, 5, 4),
    Rules(7, 7, 5),
    Rules(9, 9, 5),
    Rules(15, 15, 5),
    Rules(19, 19, 5),
)
"""The boards every window offers in its board choice (any other can be set as well)."""


@dataclass(frozen=True)
class Settings:
    """What a player chose last time; every field has a sensible default."""

    language: str | None = None
    """A language code (``ru``), or None to follow the locale."""
    level: str = players.DEFAULT_LEVEL
    """The computer opponent the player chose (a strategy name); at first every front end's
    first opponent."""
    board: Rules = field(default_factory=Rules)
    think: float = DEFAULT_SECONDS
    """Seconds the searching player (``search``) thinks per move, within :data:`THINK_RANGE`."""
    names: bool = True
    """Cell names (and a big board's coordinates) shown."""
    numbering: Numbering = Numbering.NUMPAD
    """How cells are named on boards where names are drawn in the cells."""
    sound: bool = True
    analysis: bool = False
    """While the computer thinks, show the depth it has searched and the line it expects
    (else only how long it has thought, of how long it may)."""
    theme: Theme = Theme.SYSTEM
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Keys saved by another version, written back unchanged."""

    def changed(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied."""
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        return {
            **self.extra,
            "language": self.language,
            "level": self.level,
            "board": {"rows": self.board.m, "columns": self.board.n, "k": self.board.k},
            "think": self.think,
            "names": self.names,
            "numbering": self.numbering.value,
            "sound": self.sound,
            "analysis": self.analysis,
            "theme": self.theme.value,
        }

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from parsed JSON; a missing or bad value takes its default."""
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)} - {"extra"}
        chosen: dict[str, Any] = {}
        language = data.get("language")
        if isinstance(language, str) and normalise(language) is not None:
            chosen["language"] = normalise(language)
        level = data.get("level")
        if isinstance(level, str):
            with suppress(UnknownPlayerError):
                chosen["level"] = players.get(level).name
        board = _board(data.get("board"))
        if board is not None:
            chosen["board"] = board
        think = data.get("think")
        if (
            isinstance(think, int | float)
            and not isinstance(think, bool)
            and THINK_RANGE[0] <= think <= THINK_RANGE[1]
        ):
            chosen["think"] = float(think)
        for name in ("names", "sound", "analysis"):
            if isinstance(data.get(name), bool):
                chosen[name] = data[name]
        for name, kind in (("numbering", Numbering), ("theme", Theme)):
            value = data.get(name)
            if isinstance(value, str) and value in {member.value for member in kind}:
                chosen[name] = kind(value)
        extra = {key: value for key, value in data.items() if key not in known}
        return cls(**chosen, extra=extra)


def _board(data: object) -> Rules | None:
    if not isinstance(data, dict):
        return None
    values = [data.get(key) for key in ("rows", "columns", "k")]
    whole = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if len(whole) != 3:
        return None
    try:
        return Rules(*whole)
    except RulesError:
        return None


class SettingsError(Exception):
    """The settings file cannot be written; the message says why."""


@dataclass(frozen=True)
class Loaded:
    """What :meth:`SettingsStore.load` found."""

    settings: Settings
    set_aside: Path | None = None
    """Where an unreadable file went (``settings.json.broken``; its own path when it could
    not be moved), for the front end to say so in one line; None when all was well."""


class SettingsStore:
    """The settings file at ``path`` (default: ``settings.json`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = data_home() / FILE_NAME if path is None else path

    def load(self) -> Loaded:
        """The saved settings, or the defaults when there are none or the file is unreadable."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(Settings())
        except UnicodeDecodeError:
            return Loaded(Settings(), self._set_aside())
        except OSError:  # a folder in the way, no permission: left where it is
            return Loaded(Settings(), self.path)
        try:
            data = json.loads(text)
        except ValueError:  # not JSON (a crash mid-edit by hand, another program's file)
            return Loaded(Settings(), self._set_aside())
        if not isinstance(data, dict):
            return Loaded(Settings(), self._set_aside())
        return Loaded(Settings.from_json(data))

    def _set_aside(self) -> Path | None:
        broken = self.path.with_name(self.path.name + ".broken")
        try:
            self.path.replace(broken)
        except OSError:
            return self.path  # could not move it: it is ignored, and replaced on the next save
        return broken

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically; raises :class:`SettingsError` if that is impossible."""
        text = json.dumps(settings.to_json(), ensure_ascii=False, indent=2) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(
                prefix=".settings-", suffix=".tmp", dir=self.path.parent
            )
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(text)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise SettingsError(f"settings {self.path} cannot be saved: {error}") from None


class Choices:
    """A window's settings for this launch, and what its settings file keeps.

    ``settings`` is what the window uses now: the remembered settings with
    this launch's command-line options applied (``--lang``, ``--no-sound``
    ...). :meth:`remember` keeps a choice made in the window for the next
    launch; the options apply to this launch alone, so they are never written.
    ``given`` names the settings (:class:`Settings`' fields) this launch's options set.
    """

    def __init__(
        self,
        settings: Settings,
        remembered: Settings | None = None,
        store: SettingsStore | None = None,
        given: frozenset[str] = frozenset(),
    ) -> None:
        self.settings = settings
        self.remembered = remembered if remembered is not None else settings
        """What ``store`` holds: the settings without this launch's options."""
        self.store = store
        self.given = given
        """The settings the command line gave for this launch (``board``, ``level`` ...)."""

    def from_last_time(self) -> tuple[str, ...]:
        """The settings (field names) in use as they were remembered from last time: kept in a
        settings file, not given on the command line, and other than the defaults."""
        if self.store is None:
            return ()
        first = Settings()
        return tuple(
            name
            for name in ("board", "level", "think", "sound", "analysis")
            if name not in self.given
            and getattr(self.settings, name) == getattr(self.remembered, name)
            and getattr(self.remembered, name) != getattr(first, name)
        )

    def remember(self, **changes: Any) -> SettingsError | None:
        """Use ``changes`` now and keep them for the next launch; the error that kept them
        from being written, if one did (they apply now all the same)."""
        self.settings = self.settings.changed(**changes)
        self.remembered = self.remembered.changed(**changes)
        if self.store is None:
            return None
        try:
            self.store.save(self.remembered)
        except SettingsError as error:
            return error
        return None
