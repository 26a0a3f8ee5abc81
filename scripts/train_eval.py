#!/usr/bin/env python3
"""Fits the gomoku engine's evaluation to the results of games, and plays those games.

The evaluation (``src/tictactoe/core/gomoku/weights.txt``, loaded by the
engine) gives every empty cell's shape code on every line a weight, one table
for the side to move and one for the other side. This script fits those
weights by logistic regression: each quiet position of the games (no five to
make or to block) is described by how many cells of each code each side has,
and the weights are those that best predict the game's result for the side to
move. With ``--ordering`` it also fits the move ordering (what a move makes and
what it takes from the opponent, on its four lines) by multinomial logistic
regression: the weights that make the moves played likeliest among each
position's candidates. Fitting needs numpy (``pip install -e '.[train]'``); the
engine does not.

    python scripts/train_eval.py fit [GAMES ...]        # writes weights.txt again
    python scripts/train_eval.py fit --check             # the shipped table is reproduced?
    python scripts/train_eval.py fit --ordering          # the move ordering fitted too
    python scripts/train_eval.py games OUT --count 500 --nodes 10000 --seed 1
    python scripts/train_eval.py games OUT --brain PATH --rung 3000 --count 300

``fit`` reads the game files in ``benchmarks/train/`` when none are named, so
running it again reproduces the shipped table exactly. ``games`` plays new
games (run it under ``nice``): the engine against itself at a node budget, or
against a Gomocup brain held to ``--rung`` nodes a move (``INFO max_node``,
as Rapfi reads it), from random openings of 2 to 6 stones near the centre;
node budgets make every game the same on every machine. A games file holds one
game a line: the result (``X``, ``O`` or ``-`` for a draw), then the moves, as
cell names, from the first.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from tictactoe.core.board import Board, Mark, cells_of
from tictactoe.core.cells import label, parse
from tictactoe.core.gomoku.engine import Engine
from tictactoe.core.gomoku.patterns import (
    BLOCK4,
    CODE_NAMES,
    CODES,
    FIVE,
    FIVES,
    FLEX3,
    FLEX4,
    FLEX_FOURS,
    NONE,
)
from tictactoe.core.gomoku.position import Geometry, Position
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits

if TYPE_CHECKING:
    import numpy as np

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "benchmarks" / "train"
WEIGHTS = ROOT / "src" / "tictactoe" / "core" / "gomoku" / "weights.txt"
RULES = Rules(15, 15, 5)

ORDER_UNIT = 200
"""Ordering score per logit of the fitted move choice (an open three to make weighs about
700, as the hand-set ordering had it)."""

FORCING_ATTACK = [20_000, 1_000_000]
"""Ordering scores of making an open four and a five (never in a quiet position: not
fitted)."""

FORCING_DEFEND = [6_000, 200_000]
"""... of taking the opponent's open four or five cell."""

UNIT = 500
"""Engine score per logit of the fitted model: a position the engine scores +500 is won by
the side to move about 73 % of the time in the games (the hand-set weights before had about
this scale)."""

L2 = 1e-4
"""Ridge penalty of the fit (on the weights per cell count)."""

SKIP_PLIES = 4
"""Positions of the first plies (the random opening) are not used."""

HEADER = """\
# The gomoku engine's evaluation: what one empty cell's shape code on one line is worth,
# for the side to move (mover) and for the other side (opponent, subtracted), by code:
# {codes}.
# Fitted by scripts/train_eval.py to the results of {games:,} games ({positions:,} quiet
# positions): do not edit by hand; run the script again to reproduce it.
"""

ORDERING_FITTED = """\
# The move ordering (attack: what a move makes, defend: what it takes from the opponent),
# fitted to the moves played in the same games.
"""

ORDERING_SET = """\
# The move ordering (attack: what a move makes, defend: what it takes from the opponent)
# is set by hand: the one fitted to the moves played (train_eval.py fit --ordering) did
# not yet measure better in matches.
"""

HAND_ATTACK = (0, 2, 6, 12, 40, 50, 700, 900, 20_000, 1_000_000)
"""The hand-set move ordering (see ``ORDERING_SET``)."""

HAND_DEFEND = (0, 1, 3, 6, 18, 22, 280, 350, 6_000, 200_000)

# --- reading games ---------------------------------------------------------------------------


def read_games(paths: Sequence[Path]) -> Iterator[tuple[str, list[int]]]:
    """``(result, cells)`` of every game in the files (blank lines and ``#`` comments are
    skipped)."""
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = line.partition("#")[0].split()
            if not words:
                continue
            if words[0] not in ("X", "O", "-"):
                raise SystemExit(f"{path}:{number}: a game starts with its result: X, O or -")
            yield words[0], [parse(RULES, word) for word in words[1:]]


class Examples(NamedTuple):
    """What the fits learn from."""

    rows: np.ndarray
    """One row a quiet position: the side to move's code counts, then the other side's."""
    results: np.ndarray
    """The result for the side to move (1 won, 0 lost, 0.5 drawn), row by row."""
    candidates: np.ndarray
    """One row a candidate move of a quiet position: the mover's and the opponent's code
    counts on the four lines through its cell."""
    starts: np.ndarray
    """Where each position's candidates start (positions in order)."""
    chosen: np.ndarray
    """The index (in ``candidates``) of the move played in each position."""
    games: int


def examples(paths: Sequence[Path]) -> Examples:
    """The quiet positions of the games and the moves played in them (see :class:`Examples`)."""
    import numpy as np

    geometry = Geometry(RULES)
    size = len(CODE_NAMES)
    memo: dict[tuple[object, object], np.ndarray] = {}

    def counts(info: tuple[object, ...]) -> np.ndarray:
        """A line's code counts: X's ten, then O's ten."""
        key = info[CODES], info[CODES + 1]
        found = memo.get(key)
        if found is None:
            found = np.zeros(2 * size)
            for side in (0, 1):
                for code in key[side]:  # type: ignore[attr-defined]
                    found[side * size + code] += 1
            memo[key] = found
        return found

    rows, results, candidates, starts, chosen = [], [], [], [], []
    games = 0
    for result, cells in read_games(paths):
        games += 1
        pos = Position(geometry)
        total = sum(counts(info) for info in pos.info)
        for ply, cell in enumerate(cells):
            me = ply % 2
            quiet = not (pos.threats[2 * FIVES] or pos.threats[2 * FIVES + 1])
            if ply >= SKIP_PLIES and quiet:
                mine, theirs = total[me * size : (me + 1) * size], total[(me ^ 1) * size :]
                rows.append(np.concatenate([mine, theirs[:size]]))
                won = result == ("X" if me == 0 else "O")
                results.append(0.5 if result == "-" else float(won))
                if not pos.threats[2 * FLEX_FOURS + (me ^ 1)]:  # else only defences count
                    moves = list(cells_of(pos.candidates()))
                    if cell in moves:
                        starts.append(len(candidates))
                        chosen.append(len(candidates) + moves.index(cell))
                        for move in moves:
                            found = [0] * 2 * size
                            for code, theirs_code in zip(
                                pos.codes(move, me), pos.codes(move, me ^ 1), strict=True
                            ):
                                found[code] += 1
                                found[size + theirs_code] += 1
                            candidates.append(found)
            before = [pos.info[line] for line, _ in geometry.spots[cell]]
            pos.make(cell, me)
            for old, (line, _) in zip(before, geometry.spots[cell], strict=True):
                total = total - counts(old) + counts(pos.info[line])
    return Examples(
        np.array(rows),
        np.array(results),
        np.array(candidates, dtype=np.float32),
        np.array(starts),
        np.array(chosen),
        games,
    )


# --- fitting ---------------------------------------------------------------------------------


def fit(rows: np.ndarray, results: np.ndarray) -> np.ndarray:
    """Logistic regression (with an intercept, ridge ``L2``) by Newton's method: the weight
    of each column, in logits per count."""
    import numpy as np

    x = np.hstack([rows, np.ones((len(rows), 1))])
    weights = np.zeros(x.shape[1])
    penalty = L2 * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(100):
        chance = 1 / (1 + np.exp(-(x @ weights)))
        gradient = x.T @ (chance - results) / len(x) + penalty @ weights
        hessian = (x * (chance * (1 - chance))[:, None]).T @ x / len(x) + penalty
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-10:
            break
    return weights[:-1]


def fit_choices(candidates: np.ndarray, starts: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """Multinomial logistic regression (ridge ``L2``) by Newton's method: the weights that make
    the moves played most likely among each position's candidates, in logits per count
    (``NONE`` weighs 0: the four lines' counts add up to the same for every cell)."""
    import numpy as np

    size = len(CODE_NAMES)
    used = [column for column in range(2 * size) if column % size != NONE]
    x = candidates[:, used].astype(np.float64)
    spans = np.diff(np.append(starts, len(x)))
    positions = len(starts)

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        score = x @ weights
        score -= np.repeat(np.maximum.reduceat(score, starts), spans)
        chance = np.exp(score)
        total = np.add.reduceat(chance, starts)
        chance /= np.repeat(total, spans)
        value = -(score[chosen] - np.log(total)).sum() / positions
        return value + L2 / 2 * float(weights @ weights), chance

    weights = np.zeros(x.shape[1])
    picked = x[chosen].sum(axis=0)
    value, chance = loss(weights)
    for _ in range(100):
        expected = np.add.reduceat(x * chance[:, None], starts)
        gradient = (expected.sum(axis=0) - picked) / positions + L2 * weights
        hessian = ((x * chance[:, None]).T @ x - expected.T @ expected) / positions
        step = np.linalg.solve(hessian + L2 * np.eye(len(weights)), gradient)
        shrink = 1.0
        while True:  # halve a step that does not lower the loss
            trial = weights - shrink * step
            trial_value, trial_chance = loss(trial)
            if trial_value <= value or shrink < 1e-4:
                break
            shrink /= 2
        weights, value, chance = trial, trial_value, trial_chance
        if np.abs(shrink * step).max() < 1e-9:
            break
    full = np.zeros(2 * size)
    full[used] = weights
    return full


def ordering(weights: np.ndarray) -> tuple[list[int], list[int]]:
    """The engine's attack and defend tables from the fitted logits, in ordering units
    (``ORDER_UNIT``), each relative to an empty code; the shapes no quiet position offers (an
    open four to make or to stop, a five) keep the engine's fixed scores above all others."""
    size = len(CODE_NAMES)
    attack = [round(ORDER_UNIT * (value - weights[0])) for value in weights[:size]]
    defend = [round(ORDER_UNIT * (value - weights[size])) for value in weights[size:]]
    attack[FLEX4:], defend[FLEX4:] = FORCING_ATTACK, FORCING_DEFEND
    attack[BLOCK4] = max(attack[BLOCK4], attack[FLEX3] + 1)  # a four is never pruned
    return attack, defend


def tables(weights: np.ndarray) -> tuple[list[int], list[int]]:
    """The engine's mover and opponent tables from the fitted logits: in engine units, each
    relative to an empty code (``NONE`` weighs 0), five worth at least an open four."""
    size = len(CODE_NAMES)
    mover = [round(UNIT * (value - weights[0])) for value in weights[:size]]
    opponent = [round(-UNIT * (value - weights[size])) for value in weights[size:]]
    for table in (mover, opponent):  # no quiet position has a five to make: not fitted
        table[FIVE] = max(table[FIVE], table[FLEX4])
    return mover, opponent


def weights_text(
    tables: dict[str, list[int]], games: int, positions: int, ordering: bool = True
) -> str:
    """The weights file (``ordering``: the move ordering was fitted too)."""
    header = HEADER.format(codes=" ".join(CODE_NAMES), games=games, positions=positions)
    header += ORDERING_FITTED if ordering else ORDERING_SET
    lines = (f"{name} {' '.join(map(str, table))}\n" for name, table in tables.items())
    return header + "".join(lines)


def fit_command(args: argparse.Namespace) -> int:
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise SystemExit("fitting needs numpy: pip install -e '.[train]'") from None
    paths = args.games or sorted(GAMES.glob("*.txt"))
    if not paths:
        raise SystemExit(f"no games to fit: none named and none in {GAMES}")
    started = time.perf_counter()
    found = examples(paths)
    mover, opponent = tables(fit(found.rows, found.results))
    if args.ordering:
        attack, defend = ordering(fit_choices(found.candidates, found.starts, found.chosen))
    else:
        attack, defend = list(HAND_ATTACK), list(HAND_DEFEND)
    fitted = {"mover": mover, "opponent": opponent, "attack": attack, "defend": defend}
    text = weights_text(fitted, found.games, len(found.rows), args.ordering)
    seconds = time.perf_counter() - started
    print(
        f"{found.games:,} games, {len(found.rows):,} quiet positions, {len(found.starts):,} "
        f"moves chosen among {len(found.candidates):,} candidates, fitted in {seconds:.0f} s"
    )
    print(f"  {'':7} {'mover':>8} {'opponent':>8} {'attack':>8} {'defend':>8}")
    for index, name in enumerate(CODE_NAMES):
        print(f"  {name:7} " + " ".join(f"{table[index]:8}" for table in fitted.values()))
    if args.check:
        same = WEIGHTS.read_text(encoding="utf-8") == text
        print(f"{WEIGHTS} is {'reproduced' if same else 'NOT reproduced'}")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"written to {args.out}")
    return 0


# --- playing games ---------------------------------------------------------------------------


def opening(rng: random.Random, stones: int) -> list[int]:
    """A random opening: ``stones`` stones within three rows and columns of the centre."""
    board = Board.empty(RULES)
    moves = []
    middle = RULES.n // 2
    while len(moves) < stones:
        cell = (middle + rng.randint(-3, 3)) * RULES.n + middle + rng.randint(-3, 3)
        if board.is_legal(cell):
            board = board.play(cell)
            moves.append(cell)
    return moves


def play(seed: int, nodes: int, brain: object | None) -> tuple[str, list[int]]:
    """One game from the opening ``seed`` gives; with a brain, the engine plays X in even
    games and O in odd ones."""
    rng = random.Random(seed)
    moves = opening(rng, rng.randint(2, 6))
    board = Board.empty(RULES)
    for cell in moves:
        board = board.play(cell)
    engines = {Mark.X: Engine(random.Random(2 * seed)), Mark.O: Engine(random.Random(2 * seed + 1))}
    ours = Mark.X if seed % 2 == 0 else Mark.O
    if brain is not None:
        brain.new_game()  # type: ignore[attr-defined]
    while not board.is_over:
        if brain is not None and board.turn is not ours:
            cell = brain.choose(board, moves)  # type: ignore[attr-defined]
        else:
            cell = engines[board.turn].search(board, Limits(seconds=None, nodes=nodes)).move
        board = board.play(cell)
        moves.append(cell)
    winner = board.winner
    return ("-" if winner is None else str(winner)), moves


def games_command(args: argparse.Namespace) -> int:
    brain = None
    if args.brain:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from match import Brain

        brain = Brain(args.brain, 1.0, args.rung)
    who = f"against {args.brain} at {args.rung:,} nodes" if brain else "against itself"
    try:
        with args.out.open("a", encoding="utf-8") as out:
            out.write(f"# the engine at {args.nodes:,} nodes a move {who}, seeds {args.seed}..\n")
            for seed in range(args.seed, args.seed + args.count):
                started = time.perf_counter()
                result, moves = play(seed, args.nodes, brain)
                out.write(f"{result} {' '.join(label(RULES, cell) for cell in moves)}\n")
                out.flush()
                seconds = time.perf_counter() - started
                print(f"game {seed}: {result} in {len(moves)} moves, {seconds:.1f} s", flush=True)
    finally:
        if brain is not None:
            brain.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fitting = commands.add_parser("fit", help="fit the weights to games")
    fitting.add_argument("games", nargs="*", type=Path, help=f"game files (default: {GAMES})")
    fitting.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the table")
    fitting.add_argument("--check", action="store_true", help="compare with the shipped table")
    fitting.add_argument(
        "--ordering", action="store_true", help="fit the move ordering too (else hand-set)"
    )
    playing = commands.add_parser("games", help="play games to fit to")
    playing.add_argument("out", type=Path, help="games file (games are added at its end)")
    playing.add_argument("--count", type=int, default=100)
    playing.add_argument("--nodes", type=int, default=10_000, help="engine nodes a move")
    playing.add_argument("--seed", type=int, default=1, help="seed of the first opening")
    playing.add_argument("--brain", help="play against this Gomocup brain instead of itself")
    playing.add_argument("--rung", type=int, default=3_000, help="the brain's nodes a move")
    args = parser.parse_args(argv)
    return fit_command(args) if args.command == "fit" else games_command(args)


if __name__ == "__main__":
    sys.exit(main())
