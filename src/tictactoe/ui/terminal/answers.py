"""Turning a line of text into a choice: yes/no, who starts, opponent, board, move or command.

Each ``parse_*`` function returns the choice or raises :class:`Invalid`
with a message in the user's language. Answers are trimmed, case-folded
and NFC-normalised, so ``  Yes``, ``ДА`` and a decomposed ``có`` all count.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from tictactoe import players
from tictactoe.core import cells
from tictactoe.core.board import Board
from tictactoe.core.cells import Numbering
from tictactoe.core.errors import CellNameError, RulesError
from tictactoe.core.numbers import whole_number
from tictactoe.core.rules import MIN_K, Rules
from tictactoe.game import HUMAN, Starter
from tictactoe.i18n import Translator
from tictactoe.ui.terminal.prompts import Invalid, normal, shown

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
"""Answers to "who goes first?": numbers, words, yes/no (seed 003), X/O (seed 004)."""


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; it is translated when shown."""
    return message


class Command(StrEnum):
    """Words the move prompt understands besides a cell."""

    UNDO = N_("undo")
    REDO = N_("redo")
    HINT = N_("hint")
    HELP = N_("help")
    QUIT = N_("quit")


COMMAND_ALIASES = {"?": Command.HELP, "q": Command.QUIT, "exit": Command.QUIT, "u": Command.UNDO}


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
    """An opponent by menu number or name that can play ``rules``'s board."""
    answer = normal(text)
    menu = opponent_names()
    name: str | None = None
    number = whole_number(answer)
    if number is not None and 1 <= number <= len(menu):
        name = menu[number - 1]
    elif answer in menu:
        name = answer
    elif answer == normal(tr.gettext("human")):
        name = HUMAN
    if name is None:
        raise Invalid(
            tr.gettext("Please type a number from 1 to {count} or a player's name.").format(
                count=len(menu)
            )
        )
    if name != HUMAN and players.get(name).unsupported_reason(rules) is not None:
        raise Invalid(
            tr.gettext("{name} cannot play on a {rows} x {cols} board: choose another.").format(
                name=name, rows=rules.m, cols=rules.n
            )
        )
    return name


def parse_size(text: str, tr: Translator, numbering: Numbering | None) -> Rules:
    """A board size such as ``3x3``, ``7x7`` or ``15`` (k is asked for separately)."""
    try:
        rules = Rules.parse_size(normal(text).replace("х", "x").replace("*", "x"))
    except RulesError:
        raise Invalid(
            tr.gettext(
                "Please type the board size as rows x columns, each from 3 to 26, like 3x3 or 7x7."
            )
        ) from None
    if min(rules.m, rules.n) < 3:
        raise Invalid(
            tr.gettext(
                "Please type the board size as rows x columns, each from 3 to 26, like 3x3 or 7x7."
            )
        )
    if numbering is not None and not numbering.supports(rules):
        raise Invalid(tr.gettext("Numpad numbering works only on a 3 x 3 board."))
    return rules


def parse_k(text: str, tr: Translator, size: Rules) -> Rules:
    """``size``'s board with the number of marks in a row to win from ``text``."""
    answer = normal(text)
    high = max(size.m, size.n)
    k = whole_number(answer)
    if k is not None and MIN_K <= k <= high:
        return Rules(size.m, size.n, k)
    raise Invalid(
        tr.gettext("Please type a whole number from {low} to {high}.").format(low=MIN_K, high=high)
    )


def parse_move(text: str, tr: Translator, board: Board, numbering: Numbering) -> int | Command:
    """A free cell named in ``numbering``, or a :class:`Command` (English or the user's words)."""
    answer = normal(text)
    command = _command(answer, tr)
    if command is not None:
        return command
    if not answer:
        raise Invalid(tr.gettext("Please type a cell, or help."))
    try:
        cell = cells.parse(board.rules, answer, numbering)
    except CellNameError:
        raise Invalid(
            tr.gettext('"{text}" is not a cell. {how}').format(
                text=shown(text), how=cell_help(tr, board.rules, numbering)
            )
        ) from None
    if board[cell] is not None:
        raise Invalid(tr.gettext("This position is already taken."))
    return cell


def parse_again(text: str, tr: Translator) -> bool | Command:
    """The answer to "play again?": yes, no, or a move prompt command (``undo`` after the end)."""
    command = _command(normal(text), tr)
    return parse_yes_no(text, tr) if command is None else command


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
    return f"{cells.label(rules, 0, numbering)}-{cells.label(rules, rules.size - 1, numbering)}"


def cell_help(tr: Translator, rules: Rules, numbering: Numbering) -> str:
    """How to name a cell in ``numbering``, in the user's language."""
    if numbering is Numbering.COORDS:
        return tr.gettext(
            "Type a letter from a to {last} and a number from 1 to {rows}, like b2."
        ).format(last=cells.label(rules, rules.n - 1, numbering)[0], rows=rules.m)
    low, high = (1, 9) if numbering is Numbering.NUMPAD else (0, rules.size - 1)
    return tr.gettext("Type a number from {low} to {high}.").format(low=low, high=high)


def menu_lines(tr: Translator, names: Sequence[str]) -> list[str]:
    """Numbered opponent menu lines with translated descriptions."""
    lines = []
    for number, name in enumerate(names, 1):
        if name == HUMAN:
            about = tr.gettext("two people at one keyboard")
            shown_name = tr.gettext("human")
        else:
            about = tr.gettext(players.get(name).description)
            shown_name = name
        lines.append(f"  {number}. {shown_name} - {about}")
    return lines
