"""Turning a line of text into a choice: yes/no, who starts, opponent, board, move or command.

Each ``parse_*`` function returns the choice or raises :class:`Invalid`
with a message in the user's language. Answers are trimmed, case-folded
and NFC-normalised, so ``  Yes``, ``ДА`` and a decomposed ``có`` all count.
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tictactoe import players
from tictactoe.console import shown
from tictactoe.core import (
    THINK_RANGE,
    Board,
    CellNameError,
    Numbering,
    Rules,
    RulesError,
    UnknownPlayerError,
    cell_name,
    parse_cell,
)
from tictactoe.core.numbers import decimal_number, whole_number
from tictactoe.game import HUMAN, Starter, check_player_name
from tictactoe.session import check_board, rules_problem
from tictactoe.texts.i18n import N_, Translator
from tictactoe.ui.terminal.prompts import Invalid, normal

YES = frozenset(
    {"y", "yes", "yeah", "ok", "д", "да", "是", "是的", "好", "对", "c", "có", "co", "ừ", "vâng"}
)
"""Every language's ways of saying yes."""
NO = frozenset({"n", "no", "nope", "н", "нет", "否", "不", "不是", "k", "không", "khong", "ko"})
"""Every language's ways of saying no."""

STARTER_WORDS = {
    Starter.YOU: frozenset({"1", "you", "me", "i", "x", "я", "我", "tôi"}) | YES,
    Starter.COMPUTER: frozenset({"2", "computer", "o", "компьютер", "计算机", "电脑", "máy"}) | NO,
    Starter.COIN: frozenset({"3", "coin", "монетка", "монета", "硬币", "xu"}),
    Starter.ALTERNATE: frozenset({"4", "alternate", "по очереди", "轮流", "luân phiên"}),
}
"""Answers to "who goes first?": numbers, words, yes/no, X/O."""


class Command(StrEnum):
    """Words the move prompt understands besides a cell."""

    UNDO = N_("undo")
    REDO = N_("redo")
    HINT = N_("hint")
    THINK = N_("think")
    RESIGN = N_("resign")
    NEW = N_("new")
    HELP = N_("help")
    QUIT = N_("quit")


COMMAND_ALIASES = {
    "u": Command.UNDO,
    "change": Command.NEW,
    "?": Command.HELP,
    "q": Command.QUIT,
    "exit": Command.QUIT,
}
"""Other English spellings of the commands (help lists them)."""

SECOND_WORDS = ("seconds", "second", "secs", "sec", "s", "секунды", "секунд", "сек", "с", "秒",
                "giây")  # fmt: skip
"""Units a thinking time may end with (``think 3s``, ``время 3 с``, ``思考 3秒``)."""


@dataclass(frozen=True)
class Think:
    """``think`` at a prompt: show the thinking time (``seconds`` None) or set it."""

    seconds: float | None = None


def parse_think(answer: str, tr: Translator) -> Think | None:
    """``think`` or ``think 2.5`` (English or the user's word) from a normalised answer.

    None when ``answer`` is not about the thinking time; :class:`Invalid` when
    its number is not seconds from 0.05 to 600 (a comma works as the decimal
    point, and a unit may follow: ``3s``, ``3 с``, ``3秒``).
    """
    for word in dict.fromkeys((Command.THINK.value, normal(tr.gettext(Command.THINK.value)))):
        rest = answer.removeprefix(word)
        if rest == answer:
            continue
        if not rest:
            return Think()
        if rest[0] == " " or rest[0].isdigit():  # "think 3", "think3", "思考3"
            return Think(think_seconds(rest, tr))
    return None


def think_seconds(text: str, tr: Translator) -> float:
    """Seconds from 0.05 to 600 in ``text`` (``2``, ``0.5``, ``0,5``, ``3 s``)."""
    number = text.strip().replace(",", ".")
    for unit in SECOND_WORDS:
        if number.endswith(unit) and number[: -len(unit)].strip()[-1:].isdigit():
            number = number[: -len(unit)].strip()
            break
    low, high = THINK_RANGE
    value = decimal_number(number)
    if value is None or not low <= value <= high:
        raise Invalid(
            tr.gettext(
                "Please type the thinking time in seconds, from {low} to {high}, like {example}."
            ).format(low=f"{low:g}", high=f"{high:g}", example=f"{tr.gettext('think')} 5")
        )
    return value


def quit_words(tr: Translator) -> frozenset[str]:
    """What ends the session at any prompt: ``quit``, ``q``, ``exit`` and the translated word."""
    words = {alias for alias, command in COMMAND_ALIASES.items() if command is Command.QUIT}
    return frozenset({Command.QUIT.value, normal(tr.gettext(Command.QUIT.value)), *words})


def parse_yes_no(text: str, tr: Translator) -> bool:
    """True for yes, False for no, in any supported language."""
    answer = normal(text)
    if answer in YES or answer == normal(tr.gettext("yes")):
        return True
    if answer in NO or answer == normal(tr.gettext("no")):
        return False
    raise Invalid(tr.gettext("Please answer yes or no."))


def parse_starter(text: str, tr: Translator) -> Starter:
    """Who goes first: 1-4, a word, yes (you) / no (the computer), X (you) / O (the computer)."""
    answer = normal(text)
    for starter, words in STARTER_WORDS.items():
        if answer in words:
            return starter
    raise Invalid(tr.gettext("Please type a number from 1 to 4, or yes or no."))


def opponent_names() -> tuple[str, ...]:
    """The opponent menu: the computer players, weakest first, then two people."""
    return (*players.names(), HUMAN)


def parse_opponent(text: str, tr: Translator, rules: Rules) -> str:
    """An opponent that can play ``rules``'s board: its menu number or level, or an own player
    (``my_player.py``, ``brain:COMMAND``).

    Levels are accepted in English and in the user's language (``hard``,
    ``сложный``), and as the flags spell them (``medium-centre``, ``fork-aware``).
    """
    answer = normal(text)
    menu = opponent_names()
    titles = _typed_titles(tr, menu)
    name: str | None = None
    number = whole_number(answer)
    if number is not None and 1 <= number <= len(menu):
        name = menu[number - 1]
    else:
        name = titles[answer][0] if answer in titles else None
        if name is None and players.is_own(text.strip()):  # a file's name keeps its case
            problem = players.own_problem(text.strip(), tr.gettext)
            if problem is not None:  # no such file or program, or a file that cannot play
                raise Invalid(problem)
            name = check_player_name(text.strip())
        with contextlib.suppress(UnknownPlayerError):
            name = name or check_player_name(answer)
    if name is None:
        message = tr.gettext("Please type a number from 1 to {count} or a level's name.").format(
            count=len(menu)
        )
        close = difflib.get_close_matches(answer, list(titles), n=1, cutoff=0.75)
        if close:  # a title mistyped (medum)
            message += " " + tr.gettext("Did you mean {level}?").format(level=titles[close[0]][1])
        raise Invalid(message)
    if cannot_play(tr, name, rules) is not None:
        raise Invalid(
            tr.gettext("{name} cannot play on a {rows} x {cols} board: choose another.").format(
                name=tr.gettext(players.get(name, own=True).title), rows=rules.m, cols=rules.n
            )
        )
    return name


def _typed_titles(tr: Translator, menu: Sequence[str]) -> dict[str, tuple[str, str]]:
    """How each entry of the opponent ``menu`` may be typed - its title in English or in
    ``tr``'s language (and ``human`` for two people), :func:`normal`-ised - mapped to the
    entry's name and the title the menu shows; the first entry keeps a form two share."""
    typed: dict[str, tuple[str, str]] = {}
    for name in menu:
        titles = ("Two players", "human") if name == HUMAN else (players.title_of(name),)
        shown = tr.gettext(titles[0])
        for title in titles:
            for form in (normal(title), normal(tr.gettext(title))):
                typed.setdefault(form, (name, shown))
    return typed


def cannot_play(tr: Translator, name: str, rules: Rules) -> str | None:
    """Why the opponent called ``name`` cannot play ``rules``'s board (a short note), or None."""
    if name == HUMAN or players.get(name, own=True).plays(rules):
        return None
    return tr.gettext("not on a {rows} x {cols} board").format(rows=rules.m, cols=rules.n)


def parse_size(
    text: str,
    tr: Translator,
    numbering: Numbering | None,
    k: int | None = None,
    chosen: Sequence[str] = (),
) -> Rules:
    """A board size such as ``3x3``, ``7x5`` or ``15`` (15 x 15), each side from 1 to 26.

    With ``k`` (fixed by a flag) the board must have room for k in a row;
    otherwise k is the usual one for the size and may be asked for next.
    The players already ``chosen`` (by flags) must be able to play it.
    """
    answer = normal(text).replace("х", "x").replace("*", "x")  # a Cyrillic "х" too
    try:
        rules = Rules.parse_size(answer)
    except RulesError as error:  # not a size, or one breaking a limit: which one is said
        raise Invalid(rules_problem(error, tr.gettext)) from None
    if numbering is not None and not numbering.supports(rules):
        raise Invalid(tr.gettext("Numpad numbering works only on a 3 x 3 board."))
    if k is not None:
        try:
            rules = Rules(rules.m, rules.n, k)
        except RulesError:
            raise Invalid(
                tr.gettext(
                    "{k} in a row does not fit on a {rows} x {cols} board: choose a bigger one."
                ).format(k=k, rows=rules.m, cols=rules.n)
            ) from None
    for name in chosen:
        if cannot_play(tr, name, rules) is not None:
            raise Invalid(
                tr.gettext(
                    "{name} cannot play on a {rows} x {cols} board: choose another size."
                ).format(
                    name=tr.gettext(players.get(name, own=True).title), rows=rules.m, cols=rules.n
                )
            )
    return rules


def parse_k(text: str, tr: Translator, size: Rules) -> Rules:
    """``size``'s board with the number of marks in a row to win from ``text``, or
    :class:`Invalid` naming the limit broken."""
    checked = check_board(size.m, size.n, normal(text), tr.gettext)
    if isinstance(checked, str):
        raise Invalid(checked)
    return checked


def parse_move(
    text: str, tr: Translator, board: Board, numbering: Numbering
) -> int | Command | Think:
    """A free cell named in ``numbering``, a :class:`Command` (English or the user's words),
    or :class:`Think` (the thinking time: shown, or set)."""
    answer = normal(text)
    think = parse_think(answer, tr)
    if think is not None:
        return think
    command = _command(answer, tr)
    if command is not None:
        return command
    if not answer:
        raise Invalid(tr.gettext("Please type a cell, or help."))
    try:
        cell = parse_cell(board.rules, answer, numbering)
    except CellNameError:
        raise Invalid(
            tr.gettext('"{text}" is not a cell. {how}').format(
                text=shown(text), how=cell_help(tr, board.rules, numbering)
            )
        ) from None
    if board[cell] is not None:
        raise Invalid(tr.gettext("That cell is taken."))
    return cell


def parse_again(text: str, tr: Translator) -> bool | Command | Think:
    """The answer to "play again?": yes, no, a command (``new`` to change settings, ``undo``)
    or the thinking time."""
    think = parse_think(normal(text), tr)
    if think is not None:
        return think
    command = _command(normal(text), tr)
    if command is not None:
        return command
    try:
        return parse_yes_no(text, tr)
    except Invalid:  # the question offers new too
        raise Invalid(tr.gettext("Please answer yes, no or new.")) from None


def _command(answer: str, tr: Translator) -> Command | None:
    """The :class:`Command` named by a normalised ``answer`` (English, alias or translated)."""
    if answer in COMMAND_ALIASES:
        return COMMAND_ALIASES[answer]
    for command in Command:
        if answer in (command.value, normal(tr.gettext(command.value))):
            return command
    return None


def cell_range(rules: Rules, numbering: Numbering) -> str:
    """The range of cell names, like ``1-9``, ``0-8`` or ``a1-c3``."""
    if numbering is Numbering.NUMPAD:
        return "1-9"
    return f"{cell_name(rules, 0, numbering)}-{cell_name(rules, rules.size - 1, numbering)}"


def cell_help(tr: Translator, rules: Rules, numbering: Numbering) -> str:
    """How to name a cell in ``numbering``, in the user's language."""
    if numbering is Numbering.COORDS:
        return tr.gettext(
            "Type a letter from a to {last} and a number from 1 to {rows}, like b2."
        ).format(last=cell_name(rules, rules.n - 1, numbering)[0], rows=rules.m)
    low, high = (1, 9) if numbering is Numbering.NUMPAD else (0, rules.size - 1)
    return tr.gettext("Type a number from {low} to {high}.").format(low=low, high=high)


def menu_lines(tr: Translator, names: Sequence[str], rules: Rules) -> list[str]:
    """Numbered opponent menu lines: level and description, and a note when it cannot play."""
    lines = []
    for number, name in enumerate(names, 1):
        if name == HUMAN:
            shown_name = tr.gettext("Two players")
            about = tr.gettext("two people at one keyboard")
        else:
            strategy = players.get(name, own=True)
            shown_name = tr.gettext(strategy.title)
            about = tr.gettext(strategy.description)
        note = cannot_play(tr, name, rules)
        if note is None:
            entry = tr.gettext("{level} - {description}").format(
                level=shown_name, description=about
            )
        else:
            entry = tr.gettext("{level} - {description} ({note})").format(
                level=shown_name, description=about, note=note
            )
        lines.append(f"  {number}. {entry}")
    return lines
