"""The questions before a game, each skipped the first time when its flag was given.

Order: board size, win length (only when the size was asked and is not
3 x 3, and no ``--k`` was given), opponent (every level listed, those that
cannot play the board marked), who goes first. X always moves first, so
"who goes first" also settles X or O: "do you go first? (y/n)"
and "X or O?" are both answers to it.

Every question shows its default in brackets, which Enter accepts: 3 x 3,
the usual k, Medium (every front end's first opponent), you first.
Between games (``new``) every question is asked again with the current
settings as the defaults, flags or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from tictactoe import players
from tictactoe.core import Numbering, Rules
from tictactoe.game import HUMAN, Starter
from tictactoe.texts.i18n import Translator
from tictactoe.ui.terminal import answers
from tictactoe.ui.terminal.prompts import Prompter

T = TypeVar("T")

CLASSIC = Rules()
"""3 x 3, three in a row: the size Enter picks unless ``--k`` asks for more."""

STARTER_NUMBERS = {Starter.YOU: 1, Starter.COMPUTER: 2, Starter.COIN: 3, Starter.ALTERNATE: 4}
"""The number of each answer to "who goes first?"."""


@dataclass(frozen=True)
class Choices:
    """What the flags decided (None: ask)."""

    rules: Rules | None = None
    k: int | None = None
    """Marks in a row from ``--k`` given without ``--size``: the size is asked, k is not."""
    opponent: str | None = None
    starter: Starter | None = None
    you: str = HUMAN
    numbering: Numbering | None = None
    default_rules: Rules = CLASSIC
    """The board Enter picks at the size question (one that fits ``k``)."""


@dataclass(frozen=True)
class Settings:
    """Everything a game needs to start."""

    rules: Rules
    opponent: str
    starter: Starter
    you: str


def ask_settings(
    choices: Choices, prompter: Prompter, tr: Translator, current: Settings | None = None
) -> Settings:
    """Ask what ``choices`` leaves open; with ``current`` (between games) ask it all again."""
    again = current is not None
    if again:
        prompter.say(tr.gettext("Press Enter to keep each answer shown in [brackets]."))
    elif (
        choices.rules is None
        or choices.opponent is None
        or (choices.starter is None and choices.opponent != HUMAN and choices.you == HUMAN)
    ):
        prompter.say(tr.gettext("Press Enter to accept the answer shown in [brackets]."))
    if again or choices.rules is None:
        rules = ask_rules(prompter, tr, choices, current.rules if current else None)
    else:
        rules = choices.rules
    opponent = choices.opponent if not again else None
    if opponent is None:
        previous = current.opponent if current else None
        opponent = ask_opponent(prompter, tr, rules, previous)
    starter = choices.starter if not again else None
    if opponent == HUMAN or choices.you != HUMAN:  # two people, or a demo: they take turns
        if starter is None:
            kept = current is not None and (current.opponent == HUMAN) == (opponent == HUMAN)
            starter = current.starter if current is not None and kept else Starter.ALTERNATE
    elif starter is None:
        starter = ask_starter(prompter, tr, current.starter if current else Starter.YOU)
    return Settings(rules, opponent, starter, choices.you)


def ask_rules(
    prompter: Prompter, tr: Translator, choices: Choices, current: Rules | None = None
) -> Rules:
    """Board size, then (not on 3 x 3, not when ``--k`` fixed it) how many in a row win."""
    k = None if current else choices.k  # between games k is asked again, flag or not
    chosen = [choices.you] if current else [choices.you, choices.opponent or HUMAN]
    default = current or choices.default_rules
    if k is not None:
        default = Rules(default.m, default.n, k)
    shown = f"{default.m}x{default.n}"

    def parse(text: str) -> Rules:
        size = answers.parse_size(text or shown, tr, choices.numbering, k, chosen)
        return default if not text else size  # Enter keeps the default's k too

    question = tr.gettext("Board size? (rows x columns, like 3x3, 7x7 or 15x15)")
    size = prompter.ask(
        f"{question} [{shown}]",
        lambda text: parse(text.strip()),
    )
    if k is not None or (size.m, size.n) == (3, 3):
        return size
    usual = current.k if current and (current.m, current.n) == (size.m, size.n) else size.k
    return _ask(
        prompter,
        tr.gettext("How many marks in a row win? (2-{high})").format(high=max(size.m, size.n)),
        lambda text: answers.parse_k(text, tr, size),
        str(usual),
        Rules(size.m, size.n, usual),
    )


def ask_opponent(
    prompter: Prompter, tr: Translator, rules: Rules, current: str | None = None
) -> str:
    """Which level, or ``human`` for two people, or an own player typed by its file's name (or
    ``brain:COMMAND``); those that cannot play ``rules`` are marked."""
    names = answers.opponent_names()
    default = (
        HUMAN
        if current == HUMAN
        else players.fit_level(current or players.DEFAULT_LEVEL, rules, own=True)
    )
    prompter.say(tr.gettext("Who do you want to play against?"))
    for line in answers.menu_lines(tr, names, rules):
        prompter.say(line)
    prompter.say(
        "  "
        + tr.gettext(
            "Or type your own player's file, like my_player.py, or brain: and an engine's command."
        )
    )
    shown = str(names.index(default) + 1) if default in names else players.title_of(default)
    return _ask(
        prompter,
        tr.gettext("Your choice? (1-{count})").format(count=len(names)),
        lambda text: answers.parse_opponent(text, tr, rules),
        shown,
        default,
    )


def ask_starter(prompter: Prompter, tr: Translator, default: Starter = Starter.YOU) -> Starter:
    """Who goes first (and so plays X) in each game."""
    prompter.say(tr.gettext("Who goes first? X always moves first."))
    prompter.say("  1. " + tr.gettext("you (you play X)"))
    prompter.say("  2. " + tr.gettext("the computer (you play O)"))
    prompter.say("  3. " + tr.gettext("a coin toss before each game"))
    prompter.say("  4. " + tr.gettext("take turns, you first"))
    return _ask(
        prompter,
        tr.gettext("Your choice? (1-{count})").format(count=len(STARTER_NUMBERS)),
        lambda text: answers.parse_starter(text, tr),
        str(STARTER_NUMBERS[default]),
        default,
    )


def _ask(prompter: Prompter, question: str, parse: Callable[[str], T], shown: str, default: T) -> T:
    """Ask ``question`` with ``shown`` in brackets; an empty answer is ``default``."""
    return prompter.ask(
        f"{question} [{shown}]", lambda text: default if not text.strip() else parse(text)
    )
