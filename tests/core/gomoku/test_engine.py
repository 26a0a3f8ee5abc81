"""The engine: immediate answers, proved wins, limits, cancel, progress, 3 x 3 safety, any board."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe import players
from tictactoe.core.board import Board, Mark
from tictactoe.core.cells import parse
from tictactoe.core.errors import IllegalMoveError
from tictactoe.core.gomoku.engine import Engine, Reason
from tictactoe.core.gomoku.search import is_mate
from tictactoe.core.rules import Rules
from tictactoe.core.search import Limits, Progress

from .test_position import random_game

GOMOKU = Rules(15, 15, 5)


def play(rules: Rules, moves: str) -> Board:
    board = Board.empty(rules)
    for name in moves.split():
        board = board.play(parse(rules, name))
    return board


def nodes(count: int) -> Limits:
    return Limits(seconds=None, nodes=count)


def test_registered_as_search_just_before_perfect() -> None:
    names = players.names()
    assert names.index("search") == names.index("perfect") - 1
    assert isinstance(players.create("search", seed=1), Engine)
    assert players.get("search").thinks
    assert players.get("search").unsupported_reason(Rules(26, 26, 5)) is None
    engine = players.create("search", seed=1, think=0.25)
    assert isinstance(engine, Engine) and engine.limits.seconds == 0.25
    engine = players.create("search", seed=1, nodes=500)
    assert isinstance(engine, Engine) and engine.limits.nodes == 500


def test_wins_at_once_rather_than_block() -> None:
    board = Board.parse("OOO../XXX../...../...../.....", k=4)
    result = Engine().search(board, nodes(1))
    assert (result.move, result.reason, result.nodes) == (8, Reason.WIN, 0)


def test_blocks_at_once() -> None:
    board = Board.parse("XXX../.O.../.O.../...../.....", k=4)
    result = Engine().search(board, nodes(1))
    assert (result.move, result.reason, result.nodes) == (3, Reason.BLOCK, 0)


def test_makes_an_open_four_and_proves_it() -> None:
    board = play(GOMOKU, "g8 a1 h8 a15 i8 o15")
    result = Engine().search(board, nodes(1000))
    assert result.reason is Reason.OPEN_FOUR
    assert result.move in (parse(GOMOKU, "f8"), parse(GOMOKU, "j8"))
    assert result.winner_moves == 2 and result.proved


def test_answers_an_open_three() -> None:
    # X has an open three on row 8; O must block an end (or lose to an open four).
    board = play(GOMOKU, "g8 a1 h8 a15 i8")
    ends = {parse(GOMOKU, name) for name in ("e8", "f8", "j8", "k8")}
    for seed in range(3):
        assert Engine(random.Random(seed)).search(board, nodes(3000)).move in ends


def test_finds_a_vcf_and_its_line_wins() -> None:
    # X: a broken four-three: e5 makes a four on the e column and an open three on row 5.
    board = play(Rules(9, 9, 5), "e2 a9 e3 i9 e4 a8 c5 i8 d5 i7")
    result = Engine().search(board, nodes(20_000))
    assert result.proved and result.score > 0
    line = Board(board.rules, board.x, board.o)
    for cell in result.pv:
        line = line.play(cell)
    assert line.winner is Mark.X


def test_search_result_is_reproducible_with_a_node_budget() -> None:
    board = play(GOMOKU, "h8 i9 i8 g8 j7 h9")
    first = Engine(random.Random(1)).search(board, nodes(5_000))
    again = Engine(random.Random(2)).search(board, nodes(5_000))
    assert (first.move, first.score, first.pv, first.nodes) == (
        again.move,
        again.score,
        again.pv,
        again.nodes,
    )


def test_progress_reports_each_depth() -> None:
    board = play(GOMOKU, "h8 i9 i8 g8")
    reports: list[Progress] = []
    result = Engine().search(board, nodes(20_000), progress=reports.append)
    assert [report.depth for report in reports] == list(range(1, len(reports) + 1))
    assert reports and reports[-1].depth == result.depth
    assert all(board.is_legal(report.pv[0]) for report in reports)
    assert [report.nodes for report in reports] == sorted(report.nodes for report in reports)


def test_cancel_from_another_thread_returns_a_legal_move() -> None:
    board = play(GOMOKU, "h8 i9 i8 g8")
    cancel = threading.Event()
    reports: list[Progress] = []

    def stop_after_first_depth(progress: Progress) -> None:
        reports.append(progress)
        threading.Thread(target=cancel.set).start()

    found: list[int] = []
    worker = threading.Thread(
        target=lambda: found.append(
            Engine().search(board, Limits(seconds=600), stop_after_first_depth, cancel).move
        )
    )
    worker.start()
    worker.join(120)
    assert not worker.is_alive() and board.is_legal(found[0])
    assert len(reports) < 8  # it stopped long before the ten minutes were up


def test_cancelled_before_it_starts() -> None:
    cancel = threading.Event()
    cancel.set()
    board = play(GOMOKU, "h8 i9 i8 g8")
    assert board.is_legal(Engine().search(board, Limits(seconds=600), cancel=cancel).move)


def test_empty_board_opens_in_the_centre() -> None:
    assert Engine().choose(Board.empty(GOMOKU)) == GOMOKU.cell(7, 7)
    assert Engine(random.Random(3)).choose(Board.empty(Rules(4, 4, 3))) in (5, 6, 9, 10)


def test_finished_game_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        Engine().choose(Board.parse("XXX/OO./..."))


def test_choose_is_the_search_within_the_limits_given() -> None:
    board = play(GOMOKU, "h8 i9 i8 g8")
    reports: list[Progress] = []
    cell = Engine(random.Random(1)).choose(board, Limits(depth=2), progress=reports.append)
    assert [report.depth for report in reports] == [1, 2]
    assert cell == Engine(random.Random(1)).search(board, Limits(depth=2)).move


def test_choose_answers_at_once_when_cancelled() -> None:
    cancel = threading.Event()
    cancel.set()
    board = play(GOMOKU, "h8 i9 i8 g8")
    assert board.is_legal(Engine().choose(board, Limits(seconds=600), cancel=cancel))


def walk(board: Board, me: Mark, engine: Engine, seen: set[Board]) -> None:
    """Every game where the engine plays ``me`` against every reply."""
    if board in seen:
        return
    seen.add(board)
    if board.is_over:
        assert board.winner != me.other, f"the engine lost as {me}: {board.text}"
        return
    moves = [engine.choose(board)] if board.turn is me else board.legal_moves()
    for cell in moves:
        walk(board.play(cell), me, engine, seen)


@pytest.mark.parametrize("me", [Mark.X, Mark.O])
def test_never_loses_on_3x3_against_every_opponent(me: Mark) -> None:
    seen: set[Board] = set()
    walk(Board.empty(), me, Engine(random.Random(0), nodes=5_000), seen)
    assert len(seen) > 100


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(
    m=st.integers(1, 26),
    n=st.integers(1, 26),
    k=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 60),
)
def test_legal_move_on_random_positions(m: int, n: int, k: int, seed: int, plies: int) -> None:
    if max(m, n) < k:
        return
    rng = random.Random(seed)
    board = random_game(Rules(m, n, k), rng, plies)
    if not board.is_over:
        result = Engine(rng, nodes=300).search(board)
        assert board.is_legal(result.move)
        assert result.pv[0] == result.move


def test_k2_first_player_wins_at_once_on_the_second_move() -> None:
    engine = Engine(nodes=200)
    board = Board.empty(Rules(5, 5, 2))
    while not board.is_over:
        board = board.play(engine.choose(board))
    assert board.winner is Mark.X and board.move_count == 3


@pytest.mark.parametrize("opponent", ["win-block", "centre-first", "fork-aware"])
def test_beats_the_seed_players_on_15x15(opponent: str) -> None:
    from tictactoe.matches.arena import run_match

    as_x = run_match("search", opponent, GOMOKU, 1, seed=1, nodes=3_000).tally
    as_o = run_match(opponent, "search", GOMOKU, 1, seed=1, nodes=3_000).tally
    assert (as_x.x_wins, as_o.o_wins) == (1, 1)


def test_proved_scores_are_mates() -> None:
    board = play(GOMOKU, "g8 a1 h8 a15 i8 o15")
    assert is_mate(Engine().search(board, nodes(100)).score)


def test_a_search_stopped_inside_the_threat_search_leaves_the_position_intact() -> None:
    # X threatens an open four (i7, k6 or g10); the node budget runs out inside the
    # threat searches, and the move must still answer the threat.
    board = play(GOMOKU, "h8 j10 h7 h10 g8 j8 i8 j11 f8 e8 j7 k9 h9 g6 g7")
    for budget in (500, 1_000, 3_000):
        cell = Engine().search(board, nodes(budget)).move
        after = board.play(cell)
        # After the answer X has no open four to make.
        result = Engine().search(after, nodes(1))
        assert result.reason is not Reason.OPEN_FOUR, (budget, cell)


def test_usable_from_an_asyncio_server_through_a_thread() -> None:
    import asyncio

    board = play(GOMOKU, "h8 i9 i8 g8")

    async def serve() -> tuple[int, int]:
        cancel = threading.Event()
        task = asyncio.create_task(
            asyncio.to_thread(Engine().search, board, Limits(seconds=600), None, cancel)
        )
        await asyncio.sleep(0.2)  # the event loop stays free while the engine thinks
        cancel.set()
        result = await asyncio.wait_for(task, 120)
        quick = await asyncio.to_thread(Engine().search, board, nodes(500))
        return result.move, quick.move

    first, second = asyncio.run(serve())
    assert board.is_legal(first) and board.is_legal(second)


def deep_size(root: object) -> int:
    """Bytes ``root`` and everything it holds take (``sys.getsizeof``, each object once)."""
    import sys

    seen: set[int] = set()
    total = 0
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list):
            stack.extend(item)
    return total


@pytest.mark.slow
def test_tables_stay_within_the_memory_given() -> None:
    from tictactoe.core.gomoku.engine import MIN_MEMORY

    board = play(GOMOKU, "h8 i9 i8 g8 j8 k8 h9 h10 g10 j7")
    engine = Engine(memory=1)  # less than the least: the tables get MIN_MEMORY
    assert engine.memory == MIN_MEMORY
    engine.search(board, nodes(60_000))
    assert len(engine._table) <= engine.table_limit
    assert len(engine._refuted_vcf) <= engine.refuted_limit
    assert len(engine._refuted_vct) <= engine.refuted_limit
    tables = list({id(table): table for table in engine.geometry(GOMOKU).tables}.values())
    assert all(table.held() <= table.limit for table in tables)
    # The limits bound: with the default memory the same search keeps more.
    roomy = Engine()
    roomy.search(board, nodes(60_000))
    kept = sum(table.held() for table in roomy.geometry(GOMOKU).tables)
    assert kept > sum(table.held() for table in tables)
    # The estimates behind the limits hold: everything the tables hold fits the memory.
    held = deep_size(
        [engine._table, engine._refuted_vcf, engine._refuted_vct, *tables]
        + [table.previous for table in tables]
    )
    assert held <= MIN_MEMORY


def test_more_memory_keeps_more() -> None:
    small, large = Engine(memory=8 * 2**20), Engine(memory=64 * 2**20)
    assert large.table_limit > 7 * small.table_limit
    assert large.refuted_limit > 7 * small.refuted_limit
    small.search(play(GOMOKU, "h8"), nodes(100))
    table = small.geometry(GOMOKU).tables[0]
    before = table.limit
    small.set_memory(64 * 2**20)
    assert table.limit > before


def test_a_lost_position_holds_out_and_answers_the_threats() -> None:
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import WIN, Iteration, RootMove

    # X has two open threes: O is lost whatever it does, in 4 plies at best.
    board = play(GOMOKU, "h8 a1 i8 o1 j8 a15 d3 o15 d4 m13 d5")
    engine = Engine()
    pos = Position(engine.geometry(GOMOKU), board.x, board.o)
    cell = {name: parse(GOMOKU, name) for name in ("h2", "g8", "d6")}
    # As a search may leave them: a quiet move first among the longest losses, a block
    # that loses sooner elsewhere.
    done = Iteration(
        1,
        4 - WIN,
        (cell["h2"],),
        (
            RootMove(4 - WIN, cell["h2"]),
            RootMove(4 - WIN, cell["g8"]),
            RootMove(2 - WIN, cell["d6"]),
        ),
    )
    chosen = engine._resist(pos, 1, done)
    assert chosen.pv == (cell["g8"],) and chosen.score == 4 - WIN
    assert [move.cell for move in chosen.moves] == [cell["g8"], cell["h2"], cell["d6"]]
    result = engine.search(board, nodes(2_000))
    assert result.proved and result.score < 0
    assert result.move in {parse(GOMOKU, name) for name in ("g8", "k8", "d2", "d6")}


@pytest.mark.slow
def test_a_search_after_the_last_one_judges_the_position_afresh() -> None:
    # Found in a game against a much stronger engine: the history table carried over
    # from the search of the move before ranked that position's cells first, the
    # widths cut the defences here, and the engine reported a forced loss ("-M12" at
    # depth 4) and played the move that did lose (j12). A fresh search found f8 and a
    # level game (with the hand-set weights of the time).
    before = play(GOMOKU, "f7 j9 g8 i11 h11 i10 k10 h10")
    now = play(GOMOKU, "f7 j9 g8 i11 h11 i10 k10 h10 i12 g9")
    engine = Engine(random.Random(1))
    engine.search(before, nodes(200_000))
    carried = engine.search(now, nodes(200_000))
    fresh = Engine(random.Random(1)).search(now, nodes(200_000))
    assert not carried.proved and not fresh.proved
    assert carried.move == fresh.move


def test_a_loss_among_some_of_the_moves_only_is_not_proved() -> None:
    from tictactoe.core.gomoku.search import UNPROVED, WIN, unproved

    for plies in (2, 12, 40):
        score = unproved(plies - WIN)
        assert not is_mate(score)
        assert -UNPROVED < score < -UNPROVED // 2
    assert unproved(2 - WIN) < unproved(12 - WIN)  # holding out longer is still better


def test_moves_that_make_a_four_are_searched_whatever_their_rank() -> None:
    from tictactoe.core.board import cells_of
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import URGENT, WIDTH, Searcher
    from tictactoe.core.search import Budget

    # X's h8 i8 j8 are blocked by O's g8: k8 and l8 make a four (not an open one).
    board = play(GOMOKU, "h8 g8 i8 a1 j8 a15 d4 o1 d12 o15 m4 a8")
    engine = Engine()
    pos = Position(engine.geometry(GOMOKU), board.x, board.o)
    fours = {parse(GOMOKU, "k8"), parse(GOMOKU, "l8")}
    assert set(cells_of(pos.fours(0))) == fours
    # A history that ranks every other cell first (but not among the urgent moves).
    history = [[0] * GOMOKU.size, [0] * GOMOKU.size]
    for score, cell in pos.order_scores(cells_of(pos.candidates()), 0):
        if cell in fours:
            assert score < URGENT - 1
        else:
            history[0][cell] = URGENT - 1 - score
    searcher = Searcher(pos, Budget(nodes(1_000)), {}, history)
    # At the first ply (deeper, the quiet moves among the width are cut too: see below).
    moves, complete = searcher.ranked(0, 6, 1, -1)
    assert fours <= set(moves) and not complete
    assert len(moves) == WIDTH[-1] + len(fours)
    moves, complete = searcher.ranked(0, 6, 3, -1)
    assert fours <= set(moves) and not complete


def test_deep_in_the_tree_a_threat_answer_stays_and_quiet_moves_go() -> None:
    from tictactoe.core.board import cells_of
    from tictactoe.core.gomoku.patterns import BLOCK4, FLEX3
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import QUIET_MOVES, THREAT_ORDER, WIDTH, Searcher
    from tictactoe.core.search import Budget

    # O's h8 would make a four (e8 f8 g8, blocked by d8) and an open three (h6 h7) at
    # once, a four-three: X's h8 takes it (a threat move by the ordering, though it
    # makes nothing).
    board = play(GOMOKU, "d8 e8 a1 f8 a15 g8 o1 h6 o15 h7")
    engine = Engine()
    pos = Position(engine.geometry(GOMOKU), board.x, board.o)
    h8 = parse(GOMOKU, "h8")
    assert sorted(pos.codes(h8, 1))[-2:] == [FLEX3, BLOCK4]
    scores = dict((cell, score) for score, cell in pos.order_scores(cells_of(pos.candidates()), 0))
    assert scores[h8] >= THREAT_ORDER
    # A history that ranks more quiet cells than are kept above it (within the width).
    quiet = [cell for cell, score in scores.items() if score < THREAT_ORDER][: QUIET_MOVES + 1]
    history = [[0] * GOMOKU.size, [0] * GOMOKU.size]
    for rank, cell in enumerate(quiet):
        history[0][cell] = scores[h8] - scores[cell] + 10 - rank
    for depth, ply in ((6, 3), (2, 2), (1, 4)):
        searcher = Searcher(pos, Budget(nodes(1_000)), {}, history)
        moves, complete = searcher.ranked(0, depth, ply, -1)
        assert h8 in moves and not complete
        assert moves[:QUIET_MOVES] == quiet[:QUIET_MOVES]
        assert quiet[QUIET_MOVES] not in moves
        assert len(moves) <= WIDTH[min(depth, len(WIDTH) - 1)]
    # Near the root every move of the width is searched, the quiet ones too.
    moves, _ = Searcher(pos, Budget(nodes(1_000)), {}, history).ranked(0, 6, 1, -1)
    assert moves[: QUIET_MOVES + 2] == [*quiet, h8]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(4, 40))
def test_the_horizon_scores_each_quiet_move_as_playing_it_would(seed: int, plies: int) -> None:
    from tictactoe.core.board import cells_of
    from tictactoe.core.gomoku.patterns import FIVES
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import INFINITY, Searcher
    from tictactoe.core.search import Budget

    rules = Rules(9, 9, 5)  # edges and corners: cells with fewer than four lines
    board = random_game(rules, random.Random(seed), plies)
    if board.is_over:
        return
    pos = Position(Engine().geometry(rules), board.x, board.o)
    me = 0 if board.turn is Mark.X else 1
    if pos.has(FIVES, 0) or pos.has(FIVES, 1):
        return  # a five to make or to block: no horizon node
    quiet = pos.candidates() & ~pos.fours(me)
    searcher = Searcher(pos, Budget(Limits(seconds=None, nodes=10**6)), {}, [[0] * 81] * 2)
    if quiet == pos.candidates():
        expected = max(pos.peek(cell, me) for cell in cells_of(quiet))
        assert searcher.frontier(me, quiet, -INFINITY, INFINITY, 1) == expected


def test_the_safety_check_replaces_a_move_that_allows_a_forced_win() -> None:
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import Iteration, RootMove
    from tictactoe.core.gomoku.threats import ThreatSearch
    from tictactoe.core.search import Budget

    # O's g8 h8 i8 is an open three; X to move. A quiet move lets O make an open four.
    board = play(GOMOKU, "a1 g8 a15 h8 o1 i8")
    engine = Engine()
    pos = Position(engine.geometry(GOMOKU), board.x, board.o)
    quiet, block = parse(GOMOKU, "c3"), parse(GOMOKU, "j8")
    done = Iteration(2, 100, (quiet,), (RootMove(100, quiet), RootMove(50, block)))
    budget = Budget(nodes(50_000))
    chosen, safe = engine._safe(pos, 0, budget, ThreatSearch(pos, budget), done)
    assert chosen.pv == (block,) and safe == {block}
    assert [move.cell for move in chosen.moves] == [block, quiet]
    assert pos.occupied == board.x | board.o  # the checks leave the position as it was


def test_a_search_goes_on_deeper_from_where_it_stopped() -> None:
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import Searcher
    from tictactoe.core.search import Budget

    board = play(GOMOKU, "h8 i9 h9 h10 g10 i8")
    pos = Position(Engine().geometry(GOMOKU), board.x, board.o)
    history = [[0] * GOMOKU.size, [0] * GOMOKU.size]
    searcher = Searcher(pos, Budget(nodes(200_000)), {}, history)
    shallow = searcher.iterate(0, 2)
    assert shallow is not None and shallow.depth == 2 and searcher.completed == 2
    deeper = searcher.iterate(0, 4, start=shallow)
    assert deeper is not None and deeper.depth == 4 and searcher.completed == 4
    assert {move.cell for move in deeper.moves} == {move.cell for move in shallow.moves}


def test_the_deeper_search_after_the_check_plays_a_better_move_found_safe() -> None:
    from tictactoe.core.gomoku.position import Position
    from tictactoe.core.gomoku.search import Iteration, RootMove, Searcher
    from tictactoe.core.gomoku.threats import ThreatSearch
    from tictactoe.core.search import Budget

    # O's g8 h8 i8 is an open three; as if depth 1 had preferred a quiet move.
    board = play(GOMOKU, "a1 g8 a15 h8 o1 i8")
    engine = Engine()
    pos = Position(engine.geometry(GOMOKU), board.x, board.o)
    quiet, blocks = parse(GOMOKU, "c3"), {parse(GOMOKU, name) for name in ("f8", "j8")}
    budget = Budget(nodes(100_000))
    searcher = Searcher(pos, budget, {}, [[0] * GOMOKU.size, [0] * GOMOKU.size])
    searcher.completed = 1
    moves = (RootMove(100, quiet), *(RootMove(50, cell) for cell in sorted(blocks)))
    done = Iteration(1, 100, (quiet,), moves)
    threats = ThreatSearch(pos, budget)
    chosen = engine._resume(searcher, threats, 0, (4, 1), budget, done, set())
    assert chosen.pv[0] in blocks and chosen.depth > 1
