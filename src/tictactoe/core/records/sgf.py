"""SGF (Smart Game Format, FF[4]) with GM[4], the game type of gomoku and renju.

Written files look like ``(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Freestyle]PB[human]
PW[search]DT[2025-06-01]RE[B+];B[hh];W[ii]...)``: Black is X (the first
move), coordinates are two letters, column then row, ``aa`` the top left.
Five in a row is ``RU[Freestyle]`` (five or more wins, as in this engine),
so 15 x 15 gomoku files open in other gomoku programs (and the ``renju``
library); other win lengths are written as ``RU[4 in a row]``, and a board
that is not square as ``SZ[columns:rows]``. ``RE`` is ``B+`` / ``W+`` (a
line, or an adjudicated win), ``B+R`` / ``W+R`` (resignation), ``B+F`` / ``W+F``
(forfeit), ``Draw``,
and left out for an unfinished game.

Reading takes the main line of the first game in the file and refuses, with
the reason, what an m,n,k-game cannot hold: another game type, setup stones,
passes, moves out of turn or off the board. It reads what renju and gomoku
programs add: ``GM[5]`` and property names with digits (``5A``, the offered
fifth moves) as renju servers write them, renju opening rules (``RU[RIF]``)
as five in a row, results such as ``W+Resign`` or ``RE[0]``, and dates
without dashes (``DT[20240315]``); unknown properties are skipped.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from string import ascii_lowercase

from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import N_, RulesError, Wording, shown
from tictactoe.core.numbers import whole_number
from tictactoe.core.outcome import Termination
from tictactoe.core.records.record import Record, RecordError, clean_name
from tictactoe.core.rules import Rules, default_k

GOMOKU = "4"
"""SGF's game number of gomoku and renju."""
GAME_NUMBERS = (GOMOKU, "5")
"""``GM`` values read: 4, and the 5 that renju servers' game files carry."""
FIVE_RULES = (
    "freestyle",
    "standard",
    "renju",
    "gomoku",
    "rif",
    "yamaguchi",
    "taraguchi",
    "soosyrv",
    "swap1",
    "swap2",
    "五子棋",
)
"""``RU`` values read as five in a row (this engine plays freestyle: five or more wins).

Renju opening rules (RIF, Yamaguchi ...) name how a game began, not how it is won.
"""
DEFAULT_SIZE = 15

Node = dict[str, list[str]]


def write(record: Record) -> str:
    """``record`` as an SGF game (ends with a newline)."""
    rules = record.rules
    size = str(rules.n) if rules.is_square else f"{rules.n}:{rules.m}"
    root = [("GM", GOMOKU), ("FF", "4"), ("CA", "UTF-8"), ("AP", "tictactoe"), ("SZ", size)]
    root.append(("RU", "Freestyle" if rules.k == 5 else f"{rules.k} in a row"))
    root += [("PB", record.x_player), ("PW", record.o_player)]
    moment = record.started or record.finished
    if moment is not None:
        root.append(("DT", moment.astimezone(UTC).date().isoformat()))
    result = _result_value(record)
    if result:
        root.append(("RE", result))
    text = "(;" + "".join(f"{key}[{_escape(value)}]" for key, value in root)
    for number, cell in enumerate(record.moves):
        row, col = rules.row_col(cell)
        text += f";{'BW'[number % 2]}[{ascii_lowercase[col]}{ascii_lowercase[row]}]"
    return text + ")\n"


def _result_value(record: Record) -> str:
    if record.termination is Termination.UNFINISHED:
        return ""
    if record.winner is None:
        return "Draw"
    colour = "B" if record.winner is Mark.X else "W"
    return f"{colour}+{_REASONS.get(record.termination, '')}"


_REASONS = {Termination.RESIGNATION: "R", Termination.FORFEIT: "F"}
"""The letter after ``B+`` / ``W+`` that says how a game was won (SGF's RE)."""


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def read(text: str) -> Record:
    """The record in SGF ``text``; :class:`RecordError` says why a file cannot be read."""
    nodes = main_line(text)
    root = nodes[0]
    game = _single(root, "GM")
    if game is not None and game.strip() not in GAME_NUMBERS:
        raise RecordError.worded(
            N_("SGF: GM[{game}] is not gomoku: only GM[4] files hold k-in-a-row games"), game=game
        )
    rules = _rules(root)
    moves: list[int] = []
    for node in nodes:
        for setup in ("AB", "AW", "AE"):
            if setup in node:
                raise RecordError.worded(
                    N_(
                        "SGF: setup stones ({setup}) cannot be replayed: a record must start"
                        " from the empty board"
                    ),
                    setup=setup,
                )
        for colour in ("B", "W"):
            for value in node.get(colour, []):
                moves.append(_move(rules, colour, value, len(moves) + 1))
    try:
        board = Record.of(rules, moves).board
    except RecordError as error:
        raise RecordError.worded(N_("SGF: {reason}"), reason=error) from None
    x_player, o_player = (clean_name(_single(root, key) or "") for key in ("PB", "PW"))
    started = _date(_single(root, "DT"))
    winner, how = _claimed_result(board, _single(root, "RE"))
    return Record(rules, tuple(moves), x_player, o_player, winner, how, started)


def main_line(text: str) -> list[Node]:
    """The nodes of the first game's main line (the first variation at every branch)."""
    parser = _Parser(text)
    return parser.main_line()


class _Parser:
    """Reads the main line of an SGF game tree, character by character."""

    def __init__(self, text: str) -> None:
        self.text = text.lstrip("\ufeff")
        self.pos = 0

    def fail(self, problem: str, /, **values: object) -> RecordError:
        """The error saying ``problem`` (a :class:`Wording`'s template) at the reading place."""
        return RecordError.worded(
            N_("SGF: {problem} (at character {position})"),
            problem=Wording(problem, **values), position=self.pos + 1,
        )  # fmt: skip

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def main_line(self) -> list[Node]:
        if self.peek() != "(":
            raise self.fail(N_("a game must start with '('"))
        self.pos += 1
        nodes: list[Node] = []
        while True:
            char = self.peek()
            if char == ";":
                self.pos += 1
                nodes.append(self.node())
            elif char == "(":  # the first variation continues the main line
                if not nodes:
                    raise self.fail(N_("a game tree must start with a node (';')"))
                self.pos += 1
            elif char == ")":
                if not nodes:
                    raise self.fail(N_("the game has no nodes"))
                return nodes
            elif not char:
                raise self.fail(N_("the file ends in the middle of the game"))
            else:
                raise self.fail(N_("unexpected {char}"), char=repr(char))

    def node(self) -> Node:
        props: Node = {}
        while True:
            char = self.peek()
            if not char or not (char.isascii() and char.isalnum()):
                return props
            start = self.pos
            while self.pos < len(self.text) and _is_name_char(self.text[self.pos]):
                self.pos += 1
            name = "".join(c for c in self.text[start : self.pos] if not c.islower())
            if not any(c.isupper() for c in name):
                name = ""
            if not name:
                raise self.fail(
                    N_("property name {name} has no capitals"),
                    name=shown(self.text[start : self.pos]),
                )
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise self.fail(N_("property {name} has no value"), name=name)
            if name in props:
                raise self.fail(N_("property {name} appears twice in one node"), name=name)
            props[name] = values

    def value(self) -> str:
        self.pos += 1  # the "["
        chars = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            self.pos += 1
            if char == "\\":
                if self.pos < len(self.text):
                    chars.append(self.text[self.pos])
                    self.pos += 1
            elif char == "]":
                return "".join(chars)
            else:
                chars.append(char)
        raise self.fail(N_("a property value has no closing ']'"))


def _is_name_char(char: str) -> bool:
    """True for the characters of a property name: letters, and digits as in renju's ``5A``."""
    return char.isascii() and char.isalnum()


def _single(node: Node, key: str) -> str | None:
    values = node.get(key)
    return values[0] if values else None


def _rules(root: Node) -> Rules:
    size = (_single(root, "SZ") or str(DEFAULT_SIZE)).strip()
    cols_text, _, rows_text = size.partition(":")
    cols = whole_number(cols_text)
    rows = whole_number(rows_text) if rows_text else cols
    if cols is None or rows is None:
        raise RecordError.worded(
            N_("SGF: SZ[{size}] is not a board size (like SZ[15] or SZ[15:10])"), size=size
        )
    rule = (_single(root, "RU") or "").strip()
    k: int | None
    if not rule:
        k = default_k(rows, cols)
    elif rule.lower() in FIVE_RULES:
        k = 5
    else:
        found = re.fullmatch(r"(\d+)\s+in\s+a\s+row", rule, flags=re.IGNORECASE)
        k = whole_number(found.group(1)) if found else None
        if k is None:
            raise RecordError.worded(
                N_(
                    "SGF: unknown rules RU[{rule}]: this program plays 'Freestyle' gomoku"
                    " or 'k in a row'"
                ),
                rule=rule,
            )
    try:
        return Rules(rows, cols, k)
    except RulesError as error:
        raise RecordError.worded(
            N_("SGF: SZ[{size}] RU[{rule}]: {reason}"), size=size, rule=rule, reason=error
        ) from None


def _move(rules: Rules, colour: str, value: str, number: int) -> int:
    expected = "B" if number % 2 else "W"
    if colour != expected:
        raise RecordError.worded(
            N_(
                "SGF: move {number} is {colour}[{value}], but it is {expected}'s turn:"
                " Black and White must take turns, Black first"
            ),
            number=number, colour=colour, value=value, expected=expected,
        )  # fmt: skip
    point = value.strip()
    if not point or (point == "tt" and max(rules.m, rules.n) <= 19):
        raise RecordError.worded(
            N_("SGF: move {number} is a pass; k-in-a-row games have no passes"), number=number
        )
    if len(point) != 2 or any(c not in ascii_lowercase for c in point):
        raise RecordError.worded(
            N_("SGF: move {number} {colour}[{value}] is not a point like {colour}[hh]"),
            number=number, colour=colour, value=value,
        )  # fmt: skip
    col, row = (ascii_lowercase.index(c) for c in point)
    if col >= rules.n or row >= rules.m:
        raise RecordError.worded(
            N_("SGF: move {number} {colour}[{value}] is off the {columns}:{rows} board"),
            number=number, colour=colour, value=value, columns=rules.n, rows=rules.m,
        )  # fmt: skip
    return rules.cell(row, col)


def _date(value: str | None) -> datetime | None:
    """The first date of a ``DT`` value (``2025-06-01``, ``2025-06-01,02``, ``20250601`` ...)."""
    found = re.match(r"\s*(\d{4})([-./]?)(\d{2})\2(\d{2})(?!\d)", value or "")
    if found is None:
        return None
    try:
        year, month, day = (int(found.group(index)) for index in (1, 3, 4))
        return datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None


def _claimed_result(board: Board, value: str | None) -> tuple[Mark | None, Termination]:
    """The result ``RE`` states, checked against the final ``board``."""
    claim = (value or "").strip().upper()
    winner: Mark | None = None
    how: Termination | None = None
    if claim[:2] in ("B+", "W+"):
        winner = Mark.X if claim[0] == "B" else Mark.O
        how = next((end for end, letter in _REASONS.items() if claim[2:3] == letter), None)
    elif claim in ("0", "DRAW", "JIGO"):
        how = Termination.ADJUDICATED if not board.is_full else Termination.FULL_BOARD
    if board.winner is not None:
        if (how is not None and winner is None) or winner not in (None, board.winner):
            line = (
                N_("SGF: RE[{value}] does not fit the moves: Black has {k} in a row")
                if board.winner is Mark.X
                else N_("SGF: RE[{value}] does not fit the moves: White has {k} in a row")
            )
            raise RecordError.worded(line, value=value, k=board.rules.k)
        return board.winner, Termination.LINE
    if board.is_full:
        if winner is not None:
            raise RecordError.worded(
                N_("SGF: RE[{value}] does not fit the moves: the board is full with no line"),
                value=value,
            )
        return None, Termination.FULL_BOARD
    if winner is not None:
        return winner, how or Termination.ADJUDICATED
    if how is not None:
        return None, how
    return None, Termination.UNFINISHED
