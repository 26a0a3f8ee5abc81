"""The panels over the board, as :class:`~.painter.Panel` values: quit?, the keys, the saved
games, the settings. The app says what they hold; these only phrase it."""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe.core.records import Record
from tictactoe.texts import sentences
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import board_name, played_at, side_names, summary
from tictactoe.ui.pgz.menus import GamesList, PlayerEntry, Setting, SettingsMenu
from tictactoe.ui.pgz.painter import Panel


def quit_panel(_: Translator) -> Panel:
    """Asked by Esc in the middle of a game."""
    return Panel(_("Quit the game?"), (_("Esc or Y: quit · any other key: play on"),))


def help_panel(_: Translator, levels: Sequence[str], *, replay: bool) -> Panel:
    """The keys (F1 or ?): the game's, or the replay's while a saved game is shown.

    ``levels`` are the titles of the levels behind the keys 1-9, weakest first.
    """
    if replay:
        return Panel(
            _("Keys"),
            (
                _("Left, Right: the move before, the next move"),
                _("Home, End: the empty board, the final position"),
                _("Enter: play on from here"),
                _("G: saved games"),
                _("Esc: back to your game"),
                _("Any key: back to the game"),
            ),
        )
    return Panel(
        _("Keys"),
        (
            _("Arrows, Enter: play a cell"),
            _("N: new game"),
            _("U: undo your last move"),
            _("H: hints on or off"),
            _("1-{last}: the computer's level, 1 {first} … {last} {strongest}").format(
                last=len(levels), first=levels[0], strongest=levels[-1]
            ),
            _("T: settings (level, think time, sound)"),
            _("G: saved games"),
            _("S: sound on or off"),
            _("Esc: quit"),
            _("F1 or ?: this help"),
            _("Any key: back to the game"),
        ),
    )


def games_panel(_: Translator, games: GamesList, visible: int) -> Panel:
    """The saved games (G): ``visible`` rows of the list, scrolled to the chosen game."""
    footer = _("Up, Down: choose · Enter: open · Esc: back")
    if games.loading:
        return Panel(_("Saved games"), (_("Reading the saved games…"),), footer=footer)
    if games.problem is not None:
        text = _("Saved games unavailable: {reason}").format(
            reason=_(games.problem) if games.problem else ""
        )
        return Panel(_("Saved games"), (text,), footer=_("Esc: back"))
    if not games.games:
        return Panel(_("Saved games"), (_("No saved games yet."),), footer=_("Esc: back"))
    games.scroll(visible)
    rows = tuple(listed(_, saved.id, saved.record) for saved in games.shown(visible))
    title = _("Saved games: {count}").format(count=games.total)
    if games.damaged:
        ids = ", ".join(map(str, games.damaged))
        footer = f"{_('Damaged, so left out: {ids}.').format(ids=ids)} {footer}"
    return Panel(title, rows=rows, row_lines=2, chosen=games.chosen - games.top, footer=footer)


def settings_panel(
    _: Translator,
    menu: SettingsMenu,
    *,
    level: str,
    board: str,
    think: float,
    sound: bool,
    language: str,
    searcher: str,
    analysis: bool = False,
    visible: int | None = None,
) -> Panel:
    """The settings (T): each row's name and value, a note on the chosen one, the keys; only
    ``visible`` rows if given (those around the chosen one) when there is no room for all.

    ``level`` is the chosen level's title, ``board`` the board's name,
    ``language`` the language's own name, ``searcher`` the title of the level
    the think time is for.
    """
    names = {
        Setting.LEVEL: _("Level"),
        Setting.BOARD: _("Board"),
        Setting.THINK: _("Think time"),
        Setting.SOUND: _("Sound"),
        Setting.ANALYSIS: _("Analysis"),
        Setting.LANGUAGE: _("Language"),
    }
    values = {
        Setting.LEVEL: level,
        Setting.BOARD: board,
        Setting.THINK: sentences.seconds(_, think),
        Setting.SOUND: _("on") if sound else _("off"),
        Setting.ANALYSIS: _("on") if analysis else _("off"),
        Setting.LANGUAGE: language,
    }
    notes = {
        Setting.LEVEL: _("The computer's level: the weakest first."),
        Setting.BOARD: _("A new game on the board chosen."),
        Setting.LANGUAGE: _("Every text in the language chosen."),
        Setting.THINK: _(
            "How long {level} thinks a move; hints on big boards take as long."
        ).format(level=searcher),
        Setting.SOUND: _("A sound at the end of each game."),
        Setting.ANALYSIS: _(
            "While the computer thinks: the depth it has searched and the line it expects."
        ),
    }
    keys = _("Up, Down: choose · Left, Right: change · Esc: back")
    note = notes[menu.setting]
    if visible is None:
        visible = len(menu.rows)
    menu.scroll(visible)
    shown = menu.shown(visible)
    return Panel(
        _("Settings"),
        rows=tuple(names[row] for row in shown),
        values=tuple(values[row] for row in shown),
        chosen=menu.chosen - menu.top,
        footer=sentences.joined((note, keys)),
    )


def player_entry_panel(_: Translator, entry: PlayerEntry, shown: int = 60) -> Panel:
    """The panel that takes your own player's file or an engine's command: what to type, the
    text typed so far (its last ``shown`` characters) with a cursor, what is wrong with it."""
    if entry.engine:
        title = _("Engine")
        about = _("Type the command that starts a Gomocup engine (a pbrain- program).")
    else:
        title = _("Your own player")
        about = _("Type the path of a Python file that defines choose(board).")
    text = entry.text if len(entry.text) <= shown else "…" + entry.text[-shown + 1 :]
    lines = (about, f"{text}_", entry.problem) if entry.problem else (about, f"{text}_")
    return Panel(title, lines=lines, footer=_("Enter: play · Esc: back"))


def listed(_: Translator, number: int, record: Record) -> str:
    """A saved game's two lines in the list: number, date and board; players and result."""
    x, o = side_names(_, record)
    sides = _("X: {x}, O: {o}").format(x=x, o=o)
    head = f"{number} · {played_at(record)} · {board_name(_, record.rules)}"
    return f"{head}\n{sides} · {summary(_, record)}"
