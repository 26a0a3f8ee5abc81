"""Engine-against-engine matches from balanced openings: score, Elo, error bar, SPRT.

Run ``python benchmarks/match.py A B [options]`` where A and B are players:

- ``engine`` (this package's ``search`` player), ``engine:think=0.5`` or ``engine:nodes=20000``;
- ``lookahead`` (the lookahead player as it was before the engine replaced it: the package
  at git revision :data:`LOOKAHEAD`, loaded beside today's by ``benchmarks/revision.py``);
- any registered player name (``fork-aware``, ``win-block``, ...);
- ``mcts`` (OpenSpiel's MCTS bot on its ``mnk`` game, 1,000 simulations; needs
  ``pip install open_spiel``), ``gomokubench`` (gomokubench's "standard" alpha-beta AI);
- ``brain:COMMAND`` - any Gomocup protocol brain, run as a subprocess (``brain:pbrain-tictactoe``);
  ``--max-node N`` holds it to N nodes a move (``INFO max_node``, as Rapfi reads it).

Each opening (``benchmarks/openings/``, 40 balanced 15 x 15 free-style
openings; on other boards the opening's stones that fit are used) is played
twice with the colours swapped. The report gives A's score, the Elo
difference with its 95 % error bar (from the pentanomial pair results, the
way engine testers count), and a sequential probability ratio test (SPRT)
of H0: Elo <= elo0 against H1: Elo >= elo1 that stops the match as soon as
it decides ("better" / "not better"), as Stockfish's fishtest does.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import revision

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import label
from tictactoe.core.rules import Rules
from tictactoe.matches.tournament.openings import parse

VARIANCE_FLOOR = 0.05
"""Smallest variance of a pair score the SPRT assumes (a few identical pairs prove little:
real matches here show 0.1 to 0.15; at 0.02 two lost pairs decided "not better")."""

MIN_PAIRS = 10
"""Pairs of games the SPRT waits for before it may stop a match (its normal approximation
needs a sample)."""

OPENINGS = Path(__file__).resolve().parent / "openings" / "openings-15x15-freestyle.txt"

LOOKAHEAD = "300b86c"
"""The revision whose ``lookahead`` player is the yardstick: the last before the engine."""


# --- players --------------------------------------------------------------------------------


class Player:
    """A match player: ``choose(board, moves)``; ``close()`` when the match ends."""

    name = "player"

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        """A move on ``board``, reached by playing ``moves`` (the cells, in order)."""
        raise NotImplementedError

    def new_game(self) -> None:
        """A new game starts (forget the last one)."""

    def close(self) -> None:
        """The match is over."""

    def nodes(self) -> int | None:
        """Positions the last move searched, when the player counts them."""
        return None


class Registered(Player):
    def __init__(self, name: str, seed: int, **options: float) -> None:
        self.name = (
            name
            if not options
            else f"{name}:" + ",".join(f"{key}={value}" for key, value in options.items())
        )
        self._make = lambda: players.create(name, random.Random(seed), **options)  # type: ignore[arg-type]
        self.player = self._make()

    def new_game(self) -> None:
        self.player = self._make()

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        return self.player.choose(board)

    def nodes(self) -> int | None:
        last = getattr(self.player, "last", None)
        return None if last is None else int(last.nodes)


def old_lookahead() -> Any:
    """The ``lookahead`` module of revision :data:`LOOKAHEAD`; its ``last_search`` is the
    search of the last move that searched (for its node count)."""
    module = revision.load(LOOKAHEAD, "tictactoe.core.strategies.lookahead")
    if not hasattr(module, "last_search"):
        searched = module._Search

        class Counted(searched):  # type: ignore[misc,valid-type]
            def __init__(self, *args: Any) -> None:
                super().__init__(*args)
                module.last_search = self

        module._Search = Counted
        module.last_search = None
    return module


class Baseline(Player):
    """The ``lookahead`` player of revision :data:`LOOKAHEAD`, counting the positions it visits."""

    name = "lookahead"

    def __init__(self, seed: int) -> None:
        self.module = old_lookahead()
        self.player = self.module.Lookahead(random.Random(seed))
        self.searched = 0

    def convert(self, board: Board) -> Any:
        """``board`` as a board of revision :data:`LOOKAHEAD`, which its player reads."""
        return revision.board(LOOKAHEAD, board)

    def candidates(self, old_board: Any) -> list[int]:
        """The old player's best moves on a board of its revision (see :meth:`convert`)."""
        self.module.last_search = None
        found = self.player.candidates(old_board)
        last = self.module.last_search
        self.searched = 0 if last is None else int(last.nodes)
        return list(found)

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        return int(self.player.rng.choice(self.candidates(self.convert(board))))

    def nodes(self) -> int | None:
        return self.searched


class Mcts(Player):
    """OpenSpiel's MCTS bot (random rollouts) on OpenSpiel's own ``mnk`` game."""

    name = "mcts"

    def __init__(self, seed: int, simulations: int = 1000) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        self.pyspiel, self.mcts, self.np = pyspiel, mcts, np
        self.seed = seed
        self.simulations = simulations
        self.name = f"mcts:{simulations}"
        self.game = None
        self.rules: Rules | None = None

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        rules = board.rules
        if self.rules != rules:
            self.rules = rules
            self.game = self.pyspiel.load_game("mnk", {"m": rules.n, "n": rules.m, "k": rules.k})
        rng = self.np.random.RandomState(self.seed + board.move_count)
        evaluator = self.mcts.RandomRolloutEvaluator(1, rng)
        bot = self.mcts.MCTSBot(self.game, 2, self.simulations, evaluator, random_state=rng)
        state = self.game.new_initial_state()
        # OpenSpiel's mnk actions are row * n + column; replay X and O alternately.
        xs = [cell for cell in range(rules.size) if board.x >> cell & 1]
        os_ = [cell for cell in range(rules.size) if board.o >> cell & 1]
        for index in range(len(xs) + len(os_)):
            state.apply_action(xs[index // 2] if index % 2 == 0 else os_[index // 2])
        return int(bot.step(state))


class GomokuBench(Player):
    """gomokubench's alpha-beta AI at its "standard" level (depth 2, 10 candidates)."""

    name = "gomokubench"

    def __init__(self, seed: int, level: str = "standard") -> None:
        import numpy as np
        from libs import ai, board

        self.ai, self.board, self.np = ai, board, np
        self.settings = ai.resolve_ai_settings(level)
        self.seed = seed

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        rules = board.rules
        if rules.m != rules.n or rules.k != 5:
            raise ValueError("gomokubench plays square boards with five in a row only")
        self.np.random.seed((self.seed + board.move_count) % 2**32)
        values = self.np.zeros((rules.m, rules.n), dtype=int)
        for cell in range(rules.size):
            if board.x >> cell & 1:
                values[divmod(cell, rules.n)] = 1
            elif board.o >> cell & 1:
                values[divmod(cell, rules.n)] = -1
        mark = 1 if board.turn is Mark.X else -1
        # The state's colour is the side that moved last.
        state = self.board.BoardState(rules.m, values, color=-mark)
        if board.move_count == 1:  # its second move is placed next to the first stone
            state.last_move = divmod(board.occupied.bit_length() - 1, rules.n)
        move, _ = self.ai.get_best_move(
            state,
            self.settings["depth"],
            mark == 1,
            candidate_count=self.settings["candidate_count"],
            random_top_n=self.settings["random_top_n"],
        )
        row, col = (int(value) for value in move)
        return row * rules.n + col


class Brain(Player):
    """Any Gomocup protocol brain, through the package's manager.

    ``max_node``: ``INFO max_node N`` after ``START`` (Rapfi then searches at
    most N nodes a move: an opponent of the same strength on every machine).
    A game's first position is sent with its stones in the order played
    (Rapfi replays ``BOARD`` as a game).
    """

    def __init__(self, command: str, think: float, max_node: int | None = None) -> None:
        import shlex

        from tictactoe.gomocup.manager import BrainProcess

        self.name = f"brain:{command}" + (f" ({max_node:,} nodes)" if max_node else "")
        self.brain = BrainProcess(shlex.split(command), turn_seconds=think)
        self.max_node = max_node
        self.rules: Rules | None = None

    def new_game(self) -> None:
        self.brain.restart()

    def choose(self, board: Board, moves: Sequence[int] = ()) -> int:
        if self.rules != board.rules:
            self.rules = board.rules
            self.brain.start(board.rules)
            if self.max_node:
                self.brain.send(f"INFO max_node {self.max_node}")
        return self.brain.play(board, moves=list(moves) or None)

    def close(self) -> None:
        self.brain.close()


def make_player(spec: str, seed: int, think: float, max_node: int | None = None) -> Player:
    """The player ``spec`` names (see the module docstring); ``max_node`` holds a brain to
    that many nodes a move."""
    name, _, args = spec.partition(":")
    if name == "brain":
        return Brain(args, think, max_node)
    options: dict[str, float] = {}
    for part in filter(None, args.split(",")):
        key, _, value = part.partition("=")
        options[key] = float(value) if "." in value else int(value)
    if name == "lookahead":
        return Baseline(seed)
    if name == "mcts":
        return Mcts(seed, int(options.get("simulations", 1000)))
    if name == "gomokubench":
        return GomokuBench(seed)
    if name == "engine":
        name = "search"
        if not options:
            options = {"think": think}
    return Registered(name, seed, **options)


# --- openings ---------------------------------------------------------------------------------


def parse_opening(text: str, rules: Rules) -> list[int] | None:
    """The cells of an opening line like ``h8i9j10`` (column letter, row from 1 at the top),
    moved to the board's middle when it does not fit as it is; None if it cannot (the
    tournament's own reading: :func:`tictactoe.matches.tournament.openings.parse`)."""
    cells = parse(text.strip(), rules)
    return None if cells is None else list(cells)


def openings(
    rules: Rules, count: int | None, path: Path = OPENINGS, start: int = 0
) -> list[list[int]]:
    """The balanced openings that fit ``rules``'s board, from number ``start`` (counting from 0)
    on, at most ``count`` (an empty board if none fit)."""
    found = []
    for line in path.read_text().splitlines():
        cells = parse_opening(line, rules)
        if cells is not None:
            try:
                board = Board.empty(rules)
                for cell in cells:
                    board = board.play(cell)
            except ValueError:
                continue
            if not board.is_over:
                found.append(cells)
    found = found[start:]
    if not found:
        found = [[]]
    return found[:count] if count else found


# --- statistics -------------------------------------------------------------------------------


def elo(score: float) -> float:
    """Elo difference of an expected score (0 < score < 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_interval(pairs: Sequence[float]) -> tuple[float, float, float]:
    """Elo and its 95 % interval from the pair scores (0, 0.5, ..., 2 per opening)."""
    scores = [pair / 2 for pair in pairs]
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return elo(mean), -math.inf, math.inf
    spread = math.sqrt(max(statistics.pvariance(scores), VARIANCE_FLOOR) / len(scores))
    return elo(mean), elo(mean - 1.96 * spread), elo(mean + 1.96 * spread)


def sprt_llr(pairs: Sequence[float], elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0), pentanomial, normal
    approximation (as in fishtest)."""
    if len(pairs) < 2:
        return 0.0
    scores = [pair / 2 for pair in pairs]
    mean = statistics.fmean(scores)
    variance = statistics.pvariance(scores)
    variance = max(variance, VARIANCE_FLOOR)
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return len(scores) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The LLR bounds: below the first accept H0 (not better), above the second H1 (better)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


# --- playing ----------------------------------------------------------------------------------


@dataclass
class Tally:
    """A match's results from A's side."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    pairs: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    nodes: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    last: Board | None = None
    last_moves: str = ""
    """The final position of the last game."""
    lost: list[str] = field(default_factory=list)
    """Final positions of A's lost games, as text."""

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


def play_game(
    black: Player, white: Player, rules: Rules, opening: Sequence[int], tally: Tally
) -> Mark | None:
    """One game from ``opening``; the winner's mark (None for a draw)."""
    board = Board.empty(rules)
    for cell in opening:
        board = board.play(cell)
    for player in (black, white):
        player.new_game()
    moves = list(opening)
    while not board.is_over:
        player = black if board.turn is Mark.X else white
        start = time.perf_counter()
        cell = player.choose(board, moves)
        spent = time.perf_counter() - start
        tally.times.setdefault(player.name, []).append(spent)
        nodes = player.nodes()
        if nodes:
            tally.nodes.setdefault(player.name, []).append((nodes, spent))
        board = board.play(cell)
        moves.append(cell)
    tally.last = board
    tally.last_moves = " ".join(label(rules, cell) for cell in moves)
    return board.winner


def run(
    a: Player,
    b: Player,
    rules: Rules,
    count: int | None,
    elo0: float,
    elo1: float,
    alpha: float,
    beta: float,
    report: Callable[[str], None] = print,
    stop: bool = False,
    start: int = 0,
    path: Path = OPENINGS,
) -> Tally:
    """Play the match (with ``stop``, only until the SPRT decides) from the openings in
    ``path``; A's tally."""
    tally = Tally()
    lower, upper = sprt_bounds(alpha, beta)
    for number, opening in enumerate(openings(rules, count, path, start), start + 1):
        pair = 0.0
        for black, white in ((a, b), (b, a)):
            winner = play_game(black, white, rules, opening, tally)
            a_mark = Mark.X if black is a else Mark.O
            if winner is None:
                tally.draws += 1
                pair += 0.5
            elif winner is a_mark:
                tally.wins += 1
                pair += 1
            else:
                tally.losses += 1
                if tally.last is not None:
                    tally.lost.append(f"A as {a_mark}, opening {number}: {tally.last_moves}")
                    report(f"  lost: {tally.lost[-1]}")
        tally.pairs.append(pair)
        llr = sprt_llr(tally.pairs, elo0, elo1)
        mid, low, high = elo_interval(tally.pairs)
        report(
            f"opening {number:2}: pair {pair:.1f}  A +{tally.wins} -{tally.losses} ={tally.draws}"
            f"  score {100 * tally.score:5.1f}%  Elo {mid:+.0f} [{low:+.0f}, {high:+.0f}]"
            f"  LLR {llr:+.2f} ({lower:+.2f}, {upper:+.2f})"
        )
        if stop and len(tally.pairs) >= MIN_PAIRS and (llr <= lower or llr >= upper):
            break
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="player A (see the module docstring)")
    parser.add_argument("b", help="player B")
    parser.add_argument("--size", default="15x15", help="board, rows x columns (default 15x15)")
    parser.add_argument("--k", type=int, default=None, help="k in a row (default min(m, n, 5))")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a move for engine/brain")
    parser.add_argument("--openings", type=int, default=None, help="use only the first N openings")
    parser.add_argument("--elo0", type=float, default=0.0, help="SPRT H0 Elo (default 0)")
    parser.add_argument("--elo1", type=float, default=50.0, help="SPRT H1 Elo (default 50)")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-node", type=int, default=None, help="hold brain players to N nodes a move"
    )
    parser.add_argument(
        "--start", type=int, default=0, help="skip the first N openings (play the ones after)"
    )
    parser.add_argument(
        "--openings-file",
        type=Path,
        default=OPENINGS,
        help="openings to play, one a line like h8i9j10 (default: the 40 balanced ones)",
    )
    parser.add_argument(
        "--sprt", action="store_true", help="stop as soon as the SPRT decides (else play all)"
    )
    args = parser.parse_args(argv)
    rules = Rules.parse_size(args.size, args.k)
    a = make_player(args.a, args.seed, args.think, args.max_node)
    b = make_player(args.b, args.seed + 1, args.think, args.max_node)
    print(f"{a.name} (A) against {b.name} (B) on {rules}, colours swapped per opening")
    try:
        tally = run(
            a,
            b,
            rules,
            args.openings,
            args.elo0,
            args.elo1,
            args.alpha,
            args.beta,
            stop=args.sprt,
            start=args.start,
            path=args.openings_file,
        )
    finally:
        a.close()
        b.close()
    mid, low, high = elo_interval(tally.pairs)
    lower, upper = sprt_bounds(args.alpha, args.beta)
    llr = sprt_llr(tally.pairs, args.elo0, args.elo1)
    verdict = "better" if llr >= upper else "not better" if llr <= lower else "undecided"
    print(
        f"A: {tally.wins} wins, {tally.losses} losses, {tally.draws} draws of {tally.games}: "
        f"{100 * tally.score:.1f}%, Elo {mid:+.0f} (95% {low:+.0f} to {high:+.0f}); "
        f"SPRT({args.elo0:g}, {args.elo1:g}): {verdict} (LLR {llr:+.2f})"
    )
    for name, times in tally.times.items():
        print(
            f"  {name}: median {1000 * statistics.median(times):.0f} ms a move, "
            f"slowest {1000 * max(times):.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
