"""The lessons: what each teaches, in a few sentences, the checks that count for it, and the
file a student starts from (the player of the lesson before, which fails this lesson's checks).
"""

from __future__ import annotations

from typing import NamedTuple

from tictactoe.texts.i18n import N_


class Lesson(NamedTuple):
    """One step of the path: its number, file name, title, text, checks and starting code."""

    number: int
    name: str
    """The starter's file name without ``.py``."""
    title: str
    text: str
    checks: tuple[str, ...]
    code: str
    """The starter's code: the player of the lesson before."""


_ASK_NOTHING = """def choose(board):
    # board.legal_moves() are the free cells, 0 to 8 from the top left.
    return None
"""

_FIRST_FREE = """def choose(board):
    return board.legal_moves()[0]
"""

_RANDOM = """import random


def choose(board):
    return random.choice(board.legal_moves())
"""

_WIN_BLOCK = '''def finishing(board, mark):
    """The cell that completes a line of ``mark``, or None."""
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == len(line) - 1 and None in marks:
            return line[marks.index(None)]
    return None


def choose(board):
    for mark in (board.turn, board.turn.other):  # my line to finish, else theirs to block
        cell = finishing(board, mark)
        if cell is not None:
            return cell
    return board.legal_moves()[0]
'''

_CENTRE_CORNER = _WIN_BLOCK.replace(
    "    return board.legal_moves()[0]\n",
    "    for cell in (4, 0, 2, 6, 8, 1, 3, 5, 7):  # the centre, the corners, the edges\n"
    "        if board[cell] is None:\n"
    "            return cell\n",
)

_FORKS = '''def threats(board, mark):
    """The cells where ``mark`` would complete a line."""
    found = set()
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == len(line) - 1 and None in marks:
            found.add(line[marks.index(None)])
    return found


def choose(board):
    me, other = board.turn, board.turn.other
    for mark in (me, other):  # win, else block
        if threats(board, mark):
            return min(threats(board, mark))
    moves = board.legal_moves()
    for cell in moves:  # two threats at once: a fork, they cannot block both
        if len(threats(board.play(cell), me)) >= 2:
            return cell

    def lets_them_fork(cell):
        after = board.play(cell)
        replies = threats(after, me) or after.legal_moves()  # a threat of mine they must block
        return any(len(threats(after.play(reply), other)) >= 2 for reply in replies)

    safe = [cell for cell in moves if not lets_them_fork(cell)] or moves
    centre = board.rules.cell(board.rules.m // 2, board.rules.n // 2)
    return centre if centre in safe else safe[0]
'''

_MINIMAX = '''from functools import cache


@cache
def value(board):
    """How the game ends for the side to move if both play their best: 1, 0 or -1."""
    if board.winner is not None:
        return -1  # the other side has just won
    if board.is_over:
        return 0  # a full board: a draw
    return max(-value(board.play(cell)) for cell in board.legal_moves())


def choose(board):
    return max(board.legal_moves(), key=lambda cell: -value(board.play(cell)))
'''

_QUICKEST = _MINIMAX.replace(
    "        return -1  # the other side has just won\n",
    "        return -(10 - board.move_count)  # lost: the sooner, the worse\n",
).replace(": 1, 0 or -1.", ", sooner wins worth more.")

_ALPHA_BETA = '''from functools import cache


@cache
def value(board, alpha=-100, beta=100):
    """The board's worth for the side to move, exact between alpha and beta."""
    if board.winner is not None:
        return -(10 - board.move_count)
    if board.is_over:
        return 0
    best = -100
    for cell in board.legal_moves():
        best = max(best, -value(board.play(cell), -beta, -max(alpha, best)))
        if best >= beta:  # the other side will not let it come to this
            break
    return best


def choose(board):
    best, chosen = -100, None
    for cell in board.legal_moves():
        score = -value(board.play(cell), -100, -best)
        if score > best:
            best, chosen = score, cell
    return chosen
'''

_SYMMETRIC = '''TABLE = {}


def key(board):
    """The same number for a position turned or mirrored any way."""
    return min((seen.x, seen.o) for seen in map(board.transformed, board.rules.symmetries))


def value(board):
    if board.winner is not None:
        return -(10 - board.move_count)
    if board.is_over:
        return 0
    if key(board) not in TABLE:
        TABLE[key(board)] = max(-value(board.play(cell)) for cell in board.legal_moves())
    return TABLE[key(board)]


def choose(board):
    return max(board.legal_moves(), key=lambda cell: -value(board.play(cell)))
'''

_PLAY = ("legal", "wins", "blocks")

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        1,
        "first_free",
        N_("The first free cell"),
        N_(
            "A player is a function choose(board) that answers the cell it plays. Cells are "
            "numbered 0 to 8 from the top left. board.legal_moves() are the free cells: "
            "answer the first of them."
        ),
        ("legal",),
        _ASK_NOTHING,
    ),
    Lesson(
        2,
        "random_cell",
        N_("A random cell"),
        N_(
            "Import random and answer random.choice(board.legal_moves()). The checker plays "
            "it under several seeds and wants different cells."
        ),
        ("legal", "random"),
        _FIRST_FREE,
    ),
    Lesson(
        3,
        "win_block",
        N_("Win if you can, else block"),
        N_(
            "board.rules.lines are the lines that win, each a tuple of cells; board[cell] is X, "
            "O or None, board.turn is you and board.turn.other the other side. Finish your own "
            "line first; else block theirs."
        ),
        _PLAY,
        _RANDOM,
    ),
    Lesson(
        4,
        "centre_corner",
        N_("The centre, then the corners"),
        N_(
            "With nothing to win or block, the centre (4) is the best cell, then the corners "
            "(0, 2, 6, 8), then the edges."
        ),
        (*_PLAY, "centre"),
        _WIN_BLOCK,
    ),
    Lesson(
        5,
        "forks",
        N_("See a fork coming"),
        N_(
            "Two threats at once are a fork: nobody can block both. Make one when you can, and "
            "never play a move after which the other side can make one. board.play(cell) is "
            "the board after a move: try moves on it."
        ),
        (*_PLAY, "never-loses"),
        _CENTRE_CORNER,
    ),
    Lesson(
        6,
        "minimax",
        N_("Minimax"),
        N_(
            "No more rules of thumb: play every game out to its end. A position is worth 1 to "
            "the side to move if it can force a win, -1 if it loses whatever it does, 0 for a "
            "draw; choose the move that is worst for the other side. @functools.cache remembers "
            "each position's value, or 3 x 3 takes seconds."
        ),
        ("legal", "blocks", "never-loses", "converts"),
        _FORKS,
    ),
    Lesson(
        7,
        "quickest",
        N_("The quickest win and the slowest loss"),
        N_(
            "Minimax that scores every win as 1 may win slowly, or give up a lost game at once. "
            "Put the depth in the score: a win is worth more the sooner it comes "
            "(10 - board.move_count), a loss less."
        ),
        (*_PLAY, "never-loses", "converts", "quick", "slow"),
        _MINIMAX,
    ),
    Lesson(
        8,
        "alpha_beta",
        N_("Alpha-beta"),
        N_(
            "Stop looking at a move's replies once one of them shows the move is no better than "
            "one you have: pass the best score found so far (alpha) and the most the other side "
            "allows (beta) down the search. The checker counts the positions you look at."
        ),
        (*_PLAY, "never-loses", "quick", "slow", "fewer"),
        _QUICKEST,
    ),
    Lesson(
        9,
        "symmetric",
        N_("Remember positions, turned and mirrored"),
        N_(
            "A position turned or mirrored is worth the same. Keep a table of values under one "
            "key for all eight: board.transformed(symmetry) for each of board.rules.symmetries."
        ),
        (*_PLAY, "never-loses", "quick", "slow", "symmetric"),
        _ALPHA_BETA,
    ),
    Lesson(
        10,
        "bigger",
        N_("A bigger board: a depth limit and an evaluation"),
        N_(
            "On 5 x 5 or 7 x 7 no search reaches the end in time. Search a few moves deep "
            "(board.rules.m, board.rules.n and board.rules.k are the rows, columns and the line "
            "to make), then score the position: count the lines each side can still complete."
        ),
        (*_PLAY, "bigger"),
        _SYMMETRIC,
    ),
)
"""The path, in order."""


def lesson(number: int) -> Lesson | None:
    """Lesson ``number``, or None."""
    return next((found for found in LESSONS if found.number == number), None)
