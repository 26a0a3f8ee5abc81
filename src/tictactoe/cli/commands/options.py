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


def language(text: str) -> str:
    """Argument type: a supported language code (``ru_RU`` -> ``ru``)."""
    from tictactoe.texts.i18n import LANGUAGES, normalise

    code = normalise(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            f"unknown language {text!r}: choose one of {', '.join(LANGUAGES)}"
        )
    return code


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of the command's messages (default: the locale's)."""
    from tictactoe.texts.i18n import LANGUAGES

    parser.add_argument(
        "--lang",
        type=language,
        metavar="LANG",
        help=f"language: {', '.join(LANGUAGES)} (default: your locale)",
    )


def computer_player(text: str) -> str:
    """Argument type: a computer player's level (``expert``) or exact name (``search``), in any
    case, or an own player (``my_player.py``, ``module:name``, ``brain:COMMAND``); its exact
    name."""
    from tictactoe import players

    try:
        return players.get(text, own=True).name
    except UnknownPlayerError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def player(text: str) -> str:
    """Argument type: ``human``, a computer player's level or exact name, in any case, or an own
    player (``my_player.py``, ``module:name``, ``brain:COMMAND``); its exact name."""
    from tictactoe.game import check_player_name

    try:
        return check_player_name(text)
    except UnknownPlayerError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def trusted_player(text: str) -> str:
    """Argument type: an own player's name (``my_player.py``, ``module:name``,
    ``brain:COMMAND``) to run with your rights; ``*`` for every one."""
    from tictactoe.players.own import Spec

    name = text.strip()
    if name != "*" and Spec.parse(name) is None:
        raise argparse.ArgumentTypeError(
            f"{_echo(text)} is no player file: name a Python file (my_player.py), "
            "module:name or brain:COMMAND"
        )
    return name


TRUST_HELP = (
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
        raise argparse.ArgumentTypeError("must not be blank")
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
        raise argparse.ArgumentTypeError(f"must be a whole number, not {_echo(text)}")
    return value


def at_least(low: int, high: int | None = None) -> Callable[[str], int]:
    """Argument type: a whole number of at least ``low`` (and at most ``high``, if given)."""
    wanted = f"of at least {low}" if high is None else f"from {low} to {high}"

    def number(text: str) -> int:
        value = numbers.whole_number(text, signed=True)
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number {wanted}, not {_echo(text)}")
        return value

    return number


def seconds(low: float, high: float) -> Callable[[str], float]:
    """Argument type: a number of seconds from ``low`` to ``high``, such as ``2`` or ``0.5``."""

    def number(text: str) -> float:
        value = numbers.decimal_number(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a number of seconds from {low:g} to {high:g}, not {_echo(text)}"
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
        raise argparse.ArgumentTypeError(str(error)) from None
    return rules.m, rules.n


def one_of(kind: type[E], what: str) -> Callable[[str], E]:
    """Argument type: a member of the string enum ``kind``, given in any case; the message
    names ``what`` it is and the choices ("who starts must be one of you, computer, ...")."""

    def parse(text: str) -> E:
        try:
            return kind(text.strip().lower())
        except ValueError:
            choices = ", ".join(str(member) for member in kind)
            raise argparse.ArgumentTypeError(
                f"{what} must be one of {choices}, not {text!r}"
            ) from None

    parse.__name__ = what  # argparse names the argument's type after it
    return parse


def _side(text: str) -> Mark:
    try:
        return Mark(text.upper())
    except ValueError:
        raise argparse.ArgumentTypeError(f"side must be X or O, not {text!r}") from None


def _starter(text: str) -> Starter:
    from tictactoe.game import Starter

    return one_of(Starter, "who starts")(text)


class HelpFormatter(argparse.HelpFormatter):
    """Argparse's help, wrapped without breaking words at hyphens (``first-free`` stays whole)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def add_game_options(parser: argparse.ArgumentParser, *, remembered_think: bool = False) -> None:
    """Add ``--side --first --opponent --you --trust --size --k --think --lang --seed`` to
    ``parser``.

    With ``remembered_think`` (the windows, which remember choices) the help says
    ``--think`` and ``--opponent`` default to those chosen last (the command sets
    the think default to None); else the opponent is asked, Medium offered.
    """
    from tictactoe import players
    from tictactoe.game import HUMAN
    from tictactoe.texts.i18n import LANGUAGES

    parser.formatter_class = HelpFormatter
    think_default = (
        f"the time chosen last, at first {DEFAULT_THINK:g}"
        if remembered_think
        else f"{DEFAULT_THINK:g}"
    )
    first = players.get(players.DEFAULT_LEVEL).flag
    opponent_default = (
        f"the level chosen last, at first {first}"
        if remembered_think
        else f"asked, {first} offered"
    )
    group = parser.add_argument_group("game options")
    group.add_argument(
        "--side", type=_side, metavar="X|O", help="your mark; X moves first, so X means you start"
    )
    group.add_argument(
        "--first",
        type=_starter,
        metavar="WHO",
        help="who starts each game: you, computer, alternate, coin",
    )
    group.add_argument(
        "--opponent",
        type=player,
        metavar="NAME",
        help=f"{HUMAN} (two people), a computer player's level, weakest first: "
        f"{', '.join(players.flags())} (default: {opponent_default}); or your own player, "
        "a Python file defining choose(board) (my_player.py), or a Gomocup engine "
        "(brain:COMMAND)",
    )
    group.add_argument(
        "--you",
        type=player,
        metavar="NAME",
        default=None,
        help="who plays on your side: human (default) or a computer "
        "player, for a computer-against-computer demo",
    )
    add_trust_option(group)
    group.add_argument(
        "--size",
        type=board_size,
        metavar="MxN",
        help="board size, rows x columns, each from 1 to 26: 3x3, 7x7, 15x15; "
        "one number means a square (7 is 7x7)",
    )
    group.add_argument(
        "--k",
        type=whole_number,
        metavar="K",
        help="marks in a row to win (default: min(rows, columns, 5)); "
        "without --size, a board that fits it",
    )
    group.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        default=DEFAULT_THINK,
        help=f"how long the search player thinks per move (default {think_default}, "
        f"{THINK_RANGE[0]:g} to {THINK_RANGE[1]:g}); it answers a win or a forced block at once",
    )
    group.add_argument(
        "--lang",
        type=language,
        metavar="LANG",
        help=f"language: {', '.join(LANGUAGES)} (default: your locale)",
    )
    group.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help="seed for the computer's random choices (reproducible games)",
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
    """``--size --k --seed --jobs --think --nodes --json --trust``: how computer players are matched
    (arena, tournament); ``helps`` gives each option's help where it differs (``seed=...``)."""
    from tictactoe.matches import arena

    parser.add_argument(
        "--size", type=board_size, default=(3, 3), metavar="MxN", help="board, e.g. 3x3, 15x15"
    )
    parser.add_argument(
        "--k", type=whole_number, metavar="K", help="marks in a row to win (default min(M, N, 5))"
    )
    parser.add_argument("--seed", type=whole_number, metavar="S", help=helps["seed"])
    parser.add_argument("--jobs", type=at_least(1), metavar="J", help=helps["jobs"])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        help=f"seconds a move for {helps['searchers']} (default 1)",
    )
    budget.add_argument(
        "--nodes",
        type=at_least(1),
        metavar="N",
        help=f"positions a move for searching levels (default {arena.DEFAULT_NODES:,}: the "
        "same games on every machine)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    add_trust_option(parser)
