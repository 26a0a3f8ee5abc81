"""The questions before the first game, each skipped when its flag was given.

Order: board size, win length (only for boards other than 3 x 3), opponent
(only players that can handle the board), who goes first. X always moves
first, so "who goes first" also settles X or O: seed 003's "do you go
first? (y/n)" and seed 004's "X or O?" are both answers to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Starter
from tictactoe.i18n import Translator
from tictactoe.ui.terminal import answers
from tictactoe.ui.terminal.prompts import Prompter


@dataclass(frozen=True)
class Choices:
    """What the flags decided (None: ask)."""

    rules: Rules | None = None
    opponent: str | None = None
    starter: Starter | None = None
    you: str = HUMAN
    numbering: Numbering | None = None


@dataclass(frozen=True)
class Settings:
    """Everything a session needs to start."""

    rules: Rules
    opponent: str
    starter: Starter
    you: str


def ask_settings(choices: Choices, prompter: Prompter, tr: Translator) -> Settings:
    """Ask what ``choices`` leaves open."""
    rules = choices.rules or ask_rules(prompter, tr, choices.numbering)
    opponent = choices.opponent or ask_opponent(prompter, tr, rules)
    starter = choices.starter
    if starter is None:
        if opponent == HUMAN or choices.you != HUMAN:
            starter = Starter.ALTERNATE
        else:
            starter = ask_starter(prompter, tr)
    return Settings(rules, opponent, starter, choices.you)


def ask_rules(prompter: Prompter, tr: Translator, numbering: Numbering | None) -> Rules:
    """Board size, then (not on 3 x 3) how many in a row win."""
    size = prompter.ask(
        tr.gettext("Board size? (rows x columns, like 3x3, 7x7 or 15x15)"),
        lambda text: answers.parse_size(text, tr, numbering),
    )
    if (size.m, size.n) == (3, 3):
        return size
    high = max(size.m, size.n)
    return prompter.ask(
        tr.gettext("How many marks in a row win? (2-{high}; usually {usual})").format(
            high=high, usual=size.k
        ),
        lambda text: answers.parse_k(text, tr, size),
    )


def ask_opponent(prompter: Prompter, tr: Translator, rules: Rules) -> str:
    """Which computer player, or ``human`` for two people."""
    names = answers.opponent_names()
    prompter.say(tr.gettext("Who do you want to play against?"))
    for line in answers.menu_lines(tr, names):
        prompter.say(line)
    return prompter.ask(
        tr.gettext("Your choice (1-{count}):").format(count=len(names)),
        lambda text: answers.parse_opponent(text, tr, rules),
    )


def ask_starter(prompter: Prompter, tr: Translator) -> Starter:
    """Who goes first (and so plays X) in each game."""
    prompter.say(tr.gettext("Who goes first? X always moves first."))
    prompter.say("  1. " + tr.gettext("you (you play X)"))
    prompter.say("  2. " + tr.gettext("the computer (you play O)"))
    prompter.say("  3. " + tr.gettext("a coin toss before each game"))
    prompter.say("  4. " + tr.gettext("take turns, you first"))
    return prompter.ask(
        tr.gettext("Do you want to go first? (1-4, or y/n)"),
        lambda text: answers.parse_starter(text, tr),
    )
