"""Game options shared by every front end's command (``play``, ``tk``, ``pgzero``).

Each option defaults to None, meaning "not given": the terminal game then
asks, a window uses its own default.

The player registry, the game controller and the translations are imported
where an option needs them, so the commands that take none of these options
(``solve``, ``brain``) start without them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar

from tictactoe.cli.parser import N_, Invalid, Text, Translate
from tictactoe.core import numbers
from tictactoe.core.board import Mark
from tictactoe.core.errors import RulesError, UnknownPlayerError
from tictactoe.core.rules import MAX_SIDE, Rules
from tictactoe.core.search import DEFAULT_SECONDS, THINK_RANGE

E = TypeVar("E", bound=StrEnum)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from tictactoe.game import Starter
    from tictactoe.texts.i18n import Translator


class RulesProblem(Invalid):
    """A board the options cannot have, said as every front end says it."""

    def __init__(self, error: RulesError) -> None:
        super().__init__(str(error))
        self.error = error

    def said(self, translate: Translate, option: str) -> str:
        from tictactoe.session import rules_problem

        problem = rules_problem(self.error, translate)
        return translate(N_("{option}: {problem}")).format(option=option, problem=problem)


class PlayerProblem(Invalid):
    """A player name the options cannot take: an own player that is not there or cannot run,
    a retired level, or a name that is no player (``human`` too when ``people``)."""

    def __init__(self, name: str, *, people: bool) -> None:
        super().__init__(name)
        self.name = name
        self.people = people

    def said(self, translate: Translate, option: str) -> str:
        from tictactoe import players

        key = self.name.strip().lower()
        if players.is_own(self.name) and key not in players.RETIRED:
            problem = players.own_problem(self.name, translate) or self.name
            return translate(N_("{option}: {problem}")).format(option=option, problem=problem)
        if key in players.RETIRED:
            template = N_(
                "{option}: {name} was replaced by {level}, which plays the same boards and is"
                " stronger."
            )
        elif self.people:
            template = N_(
                "{option}: there is no player {name}. Choose human (two people), a level"
                " ({levels}), a Python file (my_player.py) or an engine (brain:COMMAND)."
            )
        else:
            template = N_(
                "{option}: there is no player {name}. Choose a level ({levels}), a Python"
                " file (my_player.py) or an engine (brain:COMMAND)."
            )
        return translate(template).format(
            option=option,
            name=_echo(self.name),
            level=players.get(players.RETIRED.get(key, players.DEFAULT_LEVEL)).flag,
            levels=", ".join(players.flags()),
        )


def language(text: str) -> str:
    """Argument type: a supported language code (``ru_RU`` -> ``ru``)."""
    from tictactoe.texts.i18n import LANGUAGES, normalise

    code = normalise(text)
    if code is None:
        raise Invalid(
            N_("{option}: there is no language {value}; choose one of {languages}."),
            value=_echo(text),
            languages=", ".join(LANGUAGES),
        )
    return code


def language_help() -> Text:
    """The help of ``--lang``: the languages, the locale's by default."""
    from tictactoe.texts.i18n import LANGUAGES

    return Text(N_("language: {languages} (default: your locale)"), languages=", ".join(LANGUAGES))


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of the command's messages (default: the locale's)."""
    parser.add_argument("--lang", type=language, metavar="LANG", help=language_help())


def computer_player(text: str) -> str:
    """Argument type: a computer player's level (``expert``) or exact name (``search``), in any
    case, or an own player (``my_player.py``, ``module:name``, ``brain:COMMAND``); its exact
    name."""
    from tictactoe import players

    try:
        return players.get(text, own=True).name
    except UnknownPlayerError:
        raise PlayerProblem(text, people=False) from None


def player(text: str) -> str:
    """Argument type: ``human``, a computer player's level or exact name, in any case, or an own
    player (``my_player.py``, ``module:name``, ``brain:COMMAND``); its exact name."""
    from tictactoe.game import check_player_name

    try:
        return check_player_name(text)
    except UnknownPlayerError:
        raise PlayerProblem(text, people=True) from None


def trusted_player(text: str) -> str:
    """Argument type: an own player's name (``my_player.py``, ``module:name``,
    ``brain:COMMAND``) to run with your rights; ``*`` for every one."""
    from tictactoe.players.own import Spec

    name = text.strip()
    if name != "*" and Spec.parse(name) is None:
        raise Invalid(
            N_(
                "{option}: {value} is no player file: name a Python file (my_player.py),"
                " module:name or brain:COMMAND."
            ),
            value=_echo(text),
        )
    return name


TRUST_HELP = N_(
    "run the player file NAME (without NAME: every player file) with your rights, "
    "unconfined; only for code you wrote or trust (without it, player files and engines run "
    "confined: a sandbox where the system has bubblewrap, resource limits elsewhere)"
)


def add_trust_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--trust [NAME]`` (again for more): own players run unconfined (see :func:`apply_trust`)."""
    parser.add_argument(
        "--trust",
        action="append",
        nargs="?",
        const="*",
        type=trusted_player,
        metavar="NAME",
        help=TRUST_HELP,
    )


def apply_trust(args: argparse.Namespace) -> None:
    """Trust the own players ``--trust`` named, in this process and its workers."""
    names = getattr(args, "trust", None)
    if names:
        from tictactoe.players import confinement

        confinement.trust(names)


def non_blank(text: str) -> str:
    """Argument type: ``text`` without the spaces around it, which must leave something."""
    stripped = text.strip()
    if not stripped:
        raise Invalid(N_("{option} must not be blank."))
    return stripped


def saved_player(text: str, tr: Translator) -> str:
    """The name a saved game keeps for the player ``text`` names, whether that player is there
    or not: a person's for ``human`` or as the lists show one (``You``, ``Player``: in English or
    ``tr``'s language, any case), a computer player's for its name, its level name or its title
    in either language (``expert`` and ``Эксперт`` give ``search``, ``brain:pbrain-rapfi``
    gives ``pbrain-rapfi``); any other name as it is (a person's, or one matching no game)."""
    from tictactoe import players
    from tictactoe.texts.sentences import player_called

    name = text.strip()
    called = player_called(tr, name)
    if called is not None:
        return called
    try:
        return players.get(name).name
    except UnknownPlayerError:
        return players.kept_name(name)


def whole_number(text: str) -> int:
    """Argument type: a whole number such as ``7`` or ``-3``."""
    value = numbers.whole_number(text, signed=True)
    if value is None:
        raise Invalid(N_("{option} must be a whole number, not {value}."), value=_echo(text))
    return value


def at_least(low: int, high: int | None = None) -> Callable[[str], int]:
    """Argument type: a whole number of at least ``low`` (and at most ``high``, if given)."""
    wanted = (
        N_("{option} must be a whole number of at least {low}, not {value}.")
        if high is None
        else N_("{option} must be a whole number from {low} to {high}, not {value}.")
    )

    def number(text: str) -> int:
        value = numbers.whole_number(text, signed=True)
        if value is None or value < low or (high is not None and value > high):
            raise Invalid(wanted, low=low, high=high, value=_echo(text))
        return value

    return number


def seconds(low: float, high: float) -> Callable[[str], float]:
    """Argument type: a number of seconds from ``low`` to ``high``, such as ``2`` or ``0.5``."""

    def number(text: str) -> float:
        value = numbers.decimal_number(text)
        if value is None or not low <= value <= high:
            raise Invalid(
                N_("{option} must be a number of seconds from {low} to {high}, not {value}."),
                low=f"{low:g}",
                high=f"{high:g}",
                value=_echo(text),
            )
        return value

    return number


def _echo(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text[:limit] + "…" if len(text) > limit else text)


DEFAULT_THINK = DEFAULT_SECONDS
"""Seconds a searching computer player thinks per move unless ``--think`` says otherwise."""


think_seconds = seconds(*THINK_RANGE)
"""Argument type: seconds to think per move, e.g. ``1``, ``0.5`` (0.05 to 600)."""


def board_size(text: str) -> tuple[int, int]:
    """Argument type: ``MxN`` (rows x columns) -> ``(m, n)``."""
    try:
        rules = Rules.parse_size(text)
    except RulesError as error:
        raise RulesProblem(error) from None
    return rules.m, rules.n


def one_of(kind: type[E]) -> Callable[[str], E]:
    """Argument type: a member of the string enum ``kind``, given in any case; the message
    lists the choices ("--first must be one of you, computer, ...")."""

    def parse(text: str) -> E:
        try:
            return kind(text.strip().lower())
        except ValueError:
            raise Invalid(
                N_("{option} must be one of {choices}, not {value}."),
                choices=", ".join(str(member) for member in kind),
                value=_echo(text),
            ) from None

    return parse


def _side(text: str) -> Mark:
    try:
        return Mark(text.strip().upper())
    except ValueError:
        raise Invalid(
            N_("{option}: your side must be X or O, not {value}."), value=_echo(text)
        ) from None


def _starter(text: str) -> Starter:
    from tictactoe.game import Starter

    return one_of(Starter)(text)


def add_game_options(parser: argparse.ArgumentParser, *, remembered_think: bool = False) -> None:
    """Add ``--side --first --opponent --you --trust --size --k --think --lang --seed`` to
    ``parser``.

    With ``remembered_think`` (the windows, which remember choices) the help says
    ``--think`` and ``--opponent`` default to those chosen last (the command sets
    the think default to None); else the opponent is asked, Medium offered.
    """
    from tictactoe import players

    first = players.get(players.DEFAULT_LEVEL).flag
    think_default: str = f"{DEFAULT_THINK:g}"
    opponent_default = Text(N_("asked, {level} offered"), level=first)
    if remembered_think:
        think_default = Text(N_("the time chosen last, at first {time}"), time=think_default)
        opponent_default = Text(N_("the level chosen last, at first {level}"), level=first)
    group = parser.add_argument_group(N_("Game options"))
    group.add_argument(
        "--side",
        type=_side,
        metavar="X|O",
        help=N_("your mark; X moves first, so X means you start"),
    )
    group.add_argument(
        "--first",
        type=_starter,
        metavar="WHO",
        help=N_("who starts each game: you, computer, alternate, coin"),
    )
    group.add_argument(
        "--opponent",
        type=player,
        metavar="NAME",
        help=Text(
            N_(
                "human (two people), a computer player's level, weakest first: {levels}"
                " (default: {default}); or your own player, a Python file defining"
                " choose(board) (my_player.py), or a Gomocup engine (brain:COMMAND)"
            ),
            levels=", ".join(players.flags()),
            default=opponent_default,
        ),
    )
    group.add_argument(
        "--you",
        type=player,
        metavar="NAME",
        default=None,
        help=N_(
            "who plays on your side: human (default) or a computer player, for a"
            " computer-against-computer demo"
        ),
    )
    add_trust_option(group)
    group.add_argument(
        "--size",
        type=board_size,
        metavar="MxN",
        help=N_(
            "board size, rows x columns, each from 1 to 26: 3x3, 7x7, 15x15; one number means"
            " a square (7 is 7x7)"
        ),
    )
    group.add_argument(
        "--k",
        type=whole_number,
        metavar="K",
        help=N_(
            "marks in a row to win (default: min(rows, columns, 5)); without --size, a board"
            " that fits it"
        ),
    )
    group.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        default=DEFAULT_THINK,
        help=Text(
            N_(
                "how long the search player thinks per move (default {default}, {low} to"
                " {high}); it answers a win or a forced block at once"
            ),
            default=think_default,
            low=f"{THINK_RANGE[0]:g}",
            high=f"{THINK_RANGE[1]:g}",
        ),
    )
    group.add_argument("--lang", type=language, metavar="LANG", help=language_help())
    group.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help=N_("seed for the computer's random choices (reproducible games)"),
    )


def add_window_options(parser: argparse.ArgumentParser, *, sound_help: str) -> None:
    """The windows' options: the shared game options, the think time remembered from last
    time unless ``--think`` is given, ``--no-sound`` (said by ``sound_help``) and
    ``--analysis``."""
    add_game_options(parser, remembered_think=True)
    parser.set_defaults(think=None)  # None: not given, so the remembered think time plays
    parser.add_argument("--no-sound", action="store_true", help=sound_help)
    parser.add_argument(
        "--analysis",
        action="store_true",
        help=N_(
            "while the computer thinks, show the depth it has searched and the line it expects"
            " (the window's setting is kept otherwise)"
        ),
    )


def given_settings(args: argparse.Namespace) -> frozenset[str]:
    """The remembered settings a window's options set for this launch (the fields of
    :class:`~tictactoe.saved.settings.Settings`): the others are as last time."""
    given = {
        "board": args.size is not None or args.k is not None,
        "level": args.opponent is not None,
        "think": getattr(args, "think", None) is not None,
        "sound": bool(getattr(args, "no_sound", False)),
        "analysis": bool(getattr(args, "analysis", False)),
        "language": bool(args.lang),
    }
    return frozenset(name for name, set_now in given.items() if set_now)


def rules_from(args: argparse.Namespace, default: Rules | None = None) -> Rules | None:
    """The board the options ask for, ``default`` when no size or k was given.

    ``--k`` without ``--size`` keeps the default board if k fits it, else
    takes :func:`board_for_k`. Raises :class:`RulesError` for an impossible
    combination (say ``--size 3x3 --k 9``).
    """
    if args.size is None and args.k is None:
        return default
    if args.size is None:
        if default is not None and args.k <= max(default.m, default.n):
            return Rules(default.m, default.n, args.k)
        return board_for_k(args.k)
    m, n = args.size
    return Rules.of(m, n, args.k)


def board_for_k(k: int) -> Rules:
    """The board for ``k`` in a row when no size is given: 3 x 3 up to k = 3, 4 x 4 for
    k = 4, 15 x 15 (gomoku) for 5, and k x k beyond (up to 26).

    Raises :class:`RulesError` when no board fits k.
    """
    side = 3 if k <= 3 else 4 if k == 4 else min(max(15, k), MAX_SIDE)
    return Rules(side, side, k)


def starter_from(args: argparse.Namespace) -> Starter | None:
    """Who starts, from ``--first``, else from ``--side`` (X starts), else None."""
    from tictactoe.game import Starter

    if args.first is not None:
        return Starter(args.first)
    if args.side is not None:
        return Starter.YOU if args.side is Mark.X else Starter.COMPUTER
    return None


def rng_from(args: argparse.Namespace) -> random.Random:
    """The random generator for the game's computer players (seeded by ``--seed``)."""
    import random

    return random.Random(args.seed)


def add_match_options(parser: argparse.ArgumentParser, **helps: str) -> None:
    """``--size --k --seed --jobs --think --nodes --json --trust --lang``: how computer players
    are matched (arena, tournament) and the language of the results; ``helps`` gives each
    option's help where it differs (``seed=...``), marked for translation."""
    from tictactoe.matches import arena

    parser.add_argument(
        "--size",
        type=board_size,
        default=(3, 3),
        metavar="MxN",
        help=N_("board, e.g. 3x3, 15x15"),
    )
    parser.add_argument(
        "--k",
        type=whole_number,
        metavar="K",
        help=N_("marks in a row to win (default min(M, N, 5))"),
    )
    parser.add_argument("--seed", type=whole_number, metavar="S", help=helps["seed"])
    parser.add_argument("--jobs", type=at_least(1), metavar="J", help=helps["jobs"])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=think_seconds, metavar="SECONDS", help=helps["think"])
    budget.add_argument(
        "--nodes",
        type=at_least(1),
        metavar="N",
        help=Text(
            N_(
                "positions a move for searching levels (default {nodes}: the same games on"
                " every machine)"
            ),
            nodes=f"{arena.DEFAULT_NODES:,}",
        ),
    )
    parser.add_argument("--json", action="store_true", help=N_("print the results as JSON"))
    add_trust_option(parser)
    add_language_option(parser)
