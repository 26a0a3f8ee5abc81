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
position's candidates. With ``--labels`` it fits the evaluation to the engine's own
search instead (Texel-style): ``label`` scores a sample of the games' quiet positions by a
search at a node budget, and the target is ``lambda * result + (1 - lambda) *
sigmoid(score / UNIT)`` (cross-entropy; proved wins and losses clamped to
``SCORE_CLAMP``), with the losses of a fit on four folds of the games on the fifth. Fitting
needs numpy (``pip install -e '.[train]'``); the engine does not.

    python scripts/train_eval.py fit [GAMES ...]        # writes weights.txt again
    python scripts/train_eval.py fit --check             # the shipped table is reproduced?
    python scripts/train_eval.py fit --ordering          # the move ordering fitted too
    python scripts/train_eval.py games OUT --count 500 --nodes 10000 --seed 1
    python scripts/train_eval.py games OUT --brain PATH --rung 3000 --count 300
    python scripts/train_eval.py label OUT [GAMES ...] [--logs LOG ...] --count 6000 --nodes 60000
    python scripts/train_eval.py fit --labels LABELS --lambda 0.5 --out WEIGHTS

``fit`` reads the game files in ``benchmarks/train/`` when none are named, so
running it again reproduces the shipped table exactly. ``games`` plays new
games (run it under ``nice``): the engine against itself at a node budget, or
against a Gomocup brain held to ``--rung`` nodes a move (``INFO max_node``,
as Rapfi reads it), from random openings of 2 to 6 stones near the centre;
node budgets make every game the same on every machine. A games file holds one
game a line: the result (``X``, ``O`` or ``-`` for a draw), then the moves, as
cell names, from the first. ``label`` reads game files (``benchmarks/train/`` when none
are named and no ``--logs``) and the lost games of match logs (``  lost: A as X, opening
N: MOVES``, as ``bench_strength.py`` and ``match.py`` print them), samples ``--count`` of
their distinct quiet positions (``--seed``) and writes a labels file: a header line with
the node budget, then one position a line: the game's number, its result, the search's
score for the side to move, the moves. Each search starts with empty tables, so a labels
file is the same on every machine.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
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
    parse_weights,
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

SCORE_CLAMP = 2_500
"""Search scores are clamped to this (5 logits: 99.3 %) before they become targets: a proved
or likely win or loss scores millions, and a target near 1 or 0 is what it means."""

FOLDS = 5
"""Folds (by game) of the held-out losses of a fit to labels."""

LOST = re.compile(r"^\s*lost: \S+ as ([XO]), opening \d+: (.+)$")
"""A lost game in a match log (``bench_strength.py``, ``match.py``): the loser's mark and the
moves of the whole game."""

LABELS_HEADER = re.compile(r"^# labels: nodes=(\d+) ")
"""The first line of a labels file (the search's node budget)."""

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

HEADER_LABELS = """\
# The gomoku engine's evaluation: what one empty cell's shape code on one line is worth,
# for the side to move (mover) and for the other side (opponent, subtracted), by code:
# {codes}.
# Fitted by scripts/train_eval.py (fit --labels, lambda {mix}) on {positions:,} quiet positions
# of {games:,} games, to {target}:
# do not edit by hand; run the script again to reproduce it.
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


def read_logs(paths: Sequence[Path]) -> Iterator[tuple[str, list[int]]]:
    """``(result, cells)`` of every game a match log lists as lost (``  lost: A as X, opening
    N: MOVES``: the other side won), each game once however many logs list it."""
    seen: set[str] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            found = LOST.match(line)
            if found is None or found[2] in seen:
                continue
            seen.add(found[2])
            winner = "O" if found[1] == "X" else "X"
            yield winner, [parse(RULES, word) for word in found[2].split()]


def is_quiet(pos: Position) -> bool:
    """No five to make or to block: the positions the evaluation is fitted on."""
    return not (pos.threats[2 * FIVES] or pos.threats[2 * FIVES + 1])


def line_counts() -> Callable[[tuple[object, ...]], np.ndarray]:
    """A function from a line's info to its code counts (X's ten, then O's ten), remembered."""
    import numpy as np

    size = len(CODE_NAMES)
    memo: dict[tuple[object, object], np.ndarray] = {}

    def counts(info: tuple[object, ...]) -> np.ndarray:
        key = info[CODES], info[CODES + 1]
        found = memo.get(key)
        if found is None:
            found = np.zeros(2 * size)
            for side in (0, 1):
                for code in key[side]:  # type: ignore[attr-defined]
                    found[side * size + code] += 1
            memo[key] = found
        return found

    return counts


def side_row(total: np.ndarray, me: int) -> np.ndarray:
    """A position's row for side ``me`` (0 X, 1 O) from its code counts (X's ten, then O's):
    the mover's counts, then the other side's."""
    import numpy as np

    size = len(CODE_NAMES)
    return np.concatenate([total[me * size : (me + 1) * size], total[(me ^ 1) * size :][:size]])


def result_for(result: str, me: int) -> float:
    """A game's result (``X``, ``O`` or ``-``) for side ``me``: 1 won, 0 lost, 0.5 drawn."""
    return 0.5 if result == "-" else float(result == ("X" if me == 0 else "O"))


def examples(paths: Sequence[Path]) -> Examples:
    """The quiet positions of the games and the moves played in them (see :class:`Examples`)."""
    import numpy as np

    geometry = Geometry(RULES)
    size = len(CODE_NAMES)
    counts = line_counts()
    rows, results, candidates, starts, chosen = [], [], [], [], []
    games = 0
    for result, cells in read_games(paths):
        games += 1
        pos = Position(geometry)
        total = sum(counts(info) for info in pos.info)
        for ply, cell in enumerate(cells):
            me = ply % 2
            if ply >= SKIP_PLIES and is_quiet(pos):
                rows.append(side_row(total, me))
                results.append(result_for(result, me))
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


def fit(rows: np.ndarray, results: np.ndarray, intercept: bool = False) -> np.ndarray:
    """Logistic regression (with an intercept, ridge ``L2``) by Newton's method: the weight
    of each column, in logits per count (``intercept``: then the intercept, last). The
    results may be chances (soft targets) as well as 0, 0.5 and 1."""
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
    return weights if intercept else weights[:-1]


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


def label_examples(labels: Sequence[Label]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The labelled positions' rows (as :func:`examples` makes them), the results for the
    side to move (1 won, 0 lost, 0.5 drawn) and the search's scores as chances
    (``sigmoid(score / UNIT)``, the score clamped to ``SCORE_CLAMP``)."""
    import numpy as np

    geometry = Geometry(RULES)
    size = len(CODE_NAMES)
    counts = line_counts()
    rows, results = [], []
    for found in labels:
        pos = Position(geometry)
        for ply, cell in enumerate(found.cells):
            pos.make(cell, ply % 2)
        me = len(found.cells) % 2
        total = np.zeros(2 * size)
        for info in pos.info:
            total += counts(info)
        rows.append(side_row(total, me))
        results.append(result_for(found.result, me))
    scores = np.clip([found.score for found in labels], -SCORE_CLAMP, SCORE_CLAMP)
    return np.array(rows), np.array(results), 1 / (1 + np.exp(-scores / UNIT))


def engine_scores(mover: Sequence[int], opponent: Sequence[int], rows: np.ndarray) -> np.ndarray:
    """The engine's static score of each row with these tables (engine units)."""
    import numpy as np

    size = len(CODE_NAMES)
    scores: np.ndarray = rows[:, :size] @ np.array(mover) - rows[:, size:] @ np.array(opponent)
    return scores


def cross_entropy(targets: np.ndarray, scores: np.ndarray) -> float:
    """Mean cross-entropy (nats) of the chances ``sigmoid(score / UNIT)`` against targets."""
    import numpy as np

    logits = scores / UNIT
    return float(np.mean(np.logaddexp(0, logits) - targets * logits))


def held_out(
    rows: np.ndarray, targets: np.ndarray, games: np.ndarray, against: Sequence[np.ndarray]
) -> tuple[list[float], list[float]]:
    """Fitted to ``targets`` on all folds (by game: ``game % FOLDS``) but one, scoring the one
    left out: the cross-entropy against each of ``against``, first of the fitted model (its
    intercept and the empty code's weights included), then of the engine's tables made from
    it (which drop them: they change every score of a position alike, by the number of
    empty cells on lines, and the search only compares positions)."""
    import numpy as np

    model, engine = np.zeros(len(rows)), np.zeros(len(rows))
    for fold in range(FOLDS):
        out = games % FOLDS == fold
        weights = fit(rows[~out], targets[~out], intercept=True)
        model[out] = UNIT * (rows[out] @ weights[:-1] + weights[-1])
        engine[out] = engine_scores(*tables(weights[:-1]), rows[out])
    return (
        [cross_entropy(target, model) for target in against],
        [cross_entropy(target, engine) for target in against],
    )


def fit_labels_command(args: argparse.Namespace) -> int:
    """``fit --labels``: the evaluation fitted to ``lambda * result + (1 - lambda) *
    sigmoid(score / UNIT)``, with held-out losses."""
    import numpy as np

    if args.ordering or args.games:
        raise SystemExit("fit --labels fits the evaluation to the labelled positions only")
    if not 0 <= args.mix <= 1:
        raise SystemExit("--lambda is between 0 (the search's scores) and 1 (the results)")
    nodes, labels = read_labels(args.labels)
    rows, results, chances = label_examples(labels)
    targets = args.mix * results + (1 - args.mix) * chances
    games = np.array([found.game for found in labels])
    mover, opponent = tables(fit(rows, targets))
    print(f"{len(set(games.tolist())):,} games, {len(rows):,} labelled positions ({nodes:,} nodes)")
    print(f"  cross-entropy (nats) against:   {'results':>8} {'scores':>8}")
    shipped = shipped_tables()
    losses = [cross_entropy(target, engine_scores(*shipped, rows)) for target in (results, chances)]
    print(f"  the shipped tables:             {losses[0]:8.4f} {losses[1]:8.4f}")
    model, engine = held_out(rows, targets, games, (results, chances))
    print(f"  lambda {args.mix:g}, {FOLDS} folds held out:  {model[0]:8.4f} {model[1]:8.4f}")
    print(f"    the same, the engine's tables: {engine[0]:8.4f} {engine[1]:8.4f}")
    print(f"  {'':7} {'mover':>8} {'opponent':>8}")
    for index, name in enumerate(CODE_NAMES):
        print(f"  {name:7} {mover[index]:8} {opponent[index]:8}")
    if args.mix == 1:
        target = "the results of the games"
    elif args.mix == 0:
        target = f"the engine's own search scores at {nodes:,} nodes"
    else:
        target = f"a mix of the results and the engine's search scores at {nodes:,} nodes"
    header = HEADER_LABELS.format(
        codes=" ".join(CODE_NAMES),
        target=target,
        positions=len(rows),
        games=len(set(games.tolist())),
        mix=f"{args.mix:g}",
    )
    fitted = {"mover": mover, "opponent": opponent}
    fitted |= {"attack": list(HAND_ATTACK), "defend": list(HAND_DEFEND)}
    lines = (f"{name} {' '.join(map(str, table))}\n" for name, table in fitted.items())
    args.out.write_text(header + ORDERING_SET + "".join(lines), encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def shipped_tables() -> tuple[list[int], list[int]]:
    """The shipped mover and opponent tables (of ``WEIGHTS``)."""
    weights = parse_weights(WEIGHTS.read_text(encoding="utf-8"))
    return list(weights.mover), list(weights.opponent)


def fit_command(args: argparse.Namespace) -> int:
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise SystemExit("fitting needs numpy: pip install -e '.[train]'") from None
    if args.labels:
        return fit_labels_command(args)
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


# --- labelling positions with the engine's own search ----------------------------------------


class Label(NamedTuple):
    """A quiet position and what the engine's search at a node budget scores it."""

    game: int
    """The game's number among the sources (the held-out folds go by game)."""
    result: str
    """The game's result: ``X``, ``O`` or ``-``."""
    score: int
    """The search's score for the side to move (proved results as the engine gives them)."""
    cells: tuple[int, ...]
    """The moves that make the position, from the first."""


def quiet_places(games: Sequence[tuple[str, list[int]]]) -> list[tuple[int, int]]:
    """``(game, ply)`` of the quiet positions of the games after the opening (the fit's own
    selection), each position once however many games (in any move order) reach it."""
    geometry = Geometry(RULES)
    seen: set[tuple[int, int]] = set()
    places = []
    for number, (_, cells) in enumerate(games):
        pos = Position(geometry)
        for ply, cell in enumerate(cells):
            key = pos.stones[0], pos.stones[1]
            if ply >= SKIP_PLIES and is_quiet(pos) and key not in seen:
                seen.add(key)
                places.append((number, ply))
            pos.make(cell, ply % 2)
    return places


def search_score(engine: Engine, cells: Sequence[int], nodes: int) -> int:
    """The engine's score of the position ``cells`` make, for the side to move, searched
    afresh (empty tables) at ``nodes`` nodes: the same on every machine."""
    board = Board.empty(RULES)
    for cell in cells:
        board = board.play(cell)
    engine.forget()
    return engine.search(board, Limits(seconds=None, nodes=nodes)).score


def read_labels(path: Path) -> tuple[int, list[Label]]:
    """The node budget and the labels of a labels file (see :func:`label_command`)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = LABELS_HEADER.match(lines[0]) if lines else None
    if found is None:
        raise SystemExit(f"{path}:1: not a labels file (train_eval.py label writes them)")
    labels = []
    for number, line in enumerate(lines[1:], 2):
        words = line.partition("#")[0].split()
        if not words:
            continue
        if len(words) < 3 or words[1] not in ("X", "O", "-"):
            raise SystemExit(f"{path}:{number}: a label is: game, result, score, moves")
        cells = tuple(parse(RULES, word) for word in words[3:])
        labels.append(Label(int(words[0]), words[1], int(words[2]), cells))
    return int(found[1]), labels


def label_command(args: argparse.Namespace) -> int:
    paths = args.games or ([] if args.logs else sorted(GAMES.glob("*.txt")))
    games = [*read_games(paths), *read_logs(args.logs)]
    places = quiet_places(games)
    chosen = random.Random(args.seed).sample(places, min(args.count, len(places)))
    print(f"{len(games):,} games, {len(places):,} quiet positions, {len(chosen):,} to label")
    engine = Engine(random.Random(0))
    sources = " ".join(str(path) for path in (*paths, *args.logs))
    started = time.perf_counter()
    with args.out.open("w", encoding="utf-8") as out:
        out.write(f"# labels: nodes={args.nodes} seed={args.seed} count={args.count} of ")
        out.write(f"{len(places)} quiet positions; sources: {sources}\n")
        out.write("# game result score moves (the score: the engine's, for the side to move)\n")
        for done, (number, ply) in enumerate(chosen, 1):
            result, cells = games[number]
            score = search_score(engine, cells[:ply], args.nodes)
            names = " ".join(label(RULES, cell) for cell in cells[:ply])
            out.write(f"{number} {result} {score} {names}\n")
            if done % 100 == 0 or done == len(chosen):
                out.flush()
                seconds = time.perf_counter() - started
                print(f"{done:,} labelled, {seconds / done:.3f} s each", flush=True)
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
    fitting.add_argument(
        "--labels", type=Path, help="fit to these labels (train_eval.py label) instead"
    )
    fitting.add_argument(
        "--lambda",
        dest="mix",
        type=float,
        default=0.0,
        help="with --labels: the target's share of the result (the rest: the search's score)",
    )
    playing = commands.add_parser("games", help="play games to fit to")
    playing.add_argument("out", type=Path, help="games file (games are added at its end)")
    playing.add_argument("--count", type=int, default=100)
    playing.add_argument("--nodes", type=int, default=10_000, help="engine nodes a move")
    playing.add_argument("--seed", type=int, default=1, help="seed of the first opening")
    playing.add_argument("--brain", help="play against this Gomocup brain instead of itself")
    playing.add_argument("--rung", type=int, default=3_000, help="the brain's nodes a move")
    labelling = commands.add_parser("label", help="score positions by the engine's search")
    labelling.add_argument("out", type=Path, help="labels file (written anew)")
    labelling.add_argument(
        "games", nargs="*", type=Path, help=f"game files (default: {GAMES}, unless --logs)"
    )
    labelling.add_argument(
        "--logs", nargs="+", type=Path, default=[], help="match logs: their lost games too"
    )
    labelling.add_argument("--count", type=int, default=6_000, help="positions to label")
    labelling.add_argument("--nodes", type=int, default=60_000, help="search nodes a position")
    labelling.add_argument("--seed", type=int, default=1, help="seed of the sample")
    args = parser.parse_args(argv)
    commands_run = {"fit": fit_command, "games": games_command, "label": label_command}
    return commands_run[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
