"""``scripts/train_eval.py``: the features of positions, the fit, and the shipped table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe.core.gomoku.patterns import CODE_NAMES, FLEX2, FLEX3, FLEX4, NONE, WEIGHTS_FILE

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def train(load_script: Callable[[str, str], ModuleType]) -> ModuleType:
    return load_script("scripts/train_eval.py", "train_eval")


def test_each_quiet_position_counts_the_codes_of_the_side_to_move_first(
    train: ModuleType, tmp_path: Path
) -> None:
    games = tmp_path / "games.txt"
    # X's three in a row (h8 i8 j8) is open at both ends; O's stones are far apart.
    games.write_text("# a comment\n\nX h8 a1 i8 a15 j8 o1 k8\n", encoding="utf-8")
    found = train.examples([games])
    rows, results = found.rows, found.results
    assert found.games == 1
    # Plies 4, 5 and 6 (the first four are the opening); after k8 X has a four: not quiet.
    assert len(rows) == 3 and list(results) == [1.0, 0.0, 1.0]
    size = len(CODE_NAMES)
    x_to_move, o_to_move = rows[0], rows[1]
    assert x_to_move[:size].sum() == x_to_move[size:].sum()  # every cell of every line, twice
    assert x_to_move[FLEX3] == 4  # f8, g8, j8 and k8 make its two an open three
    assert o_to_move[size + FLEX4] == 2  # then g8 and k8 make its three an open four
    assert o_to_move[FLEX3] == 0  # O makes no three anywhere


def test_the_fit_finds_what_decides_the_games(train: ModuleType) -> None:
    rng = np.random.default_rng(1)
    size = len(CODE_NAMES)
    rows = rng.poisson(3.0, size=(4_000, 2 * size)).astype(float)
    truth = np.zeros(2 * size)
    truth[FLEX3], truth[size + FLEX3] = 0.5, -0.3
    chance = 1 / (1 + np.exp(-(rows @ truth)))
    results = (rng.random(len(rows)) < chance).astype(float)
    mover, opponent = train.tables(train.fit(rows, results))
    unit = train.UNIT
    assert mover[NONE] == opponent[NONE] == 0
    assert abs(mover[FLEX3] - 0.5 * unit) < 0.1 * unit
    assert abs(opponent[FLEX3] - 0.3 * unit) < 0.1 * unit
    assert abs(mover[FLEX2]) < 0.1 * unit


def test_a_games_file_must_give_results(train: ModuleType, tmp_path: Path) -> None:
    games = tmp_path / "games.txt"
    games.write_text("h8 i9 j10\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"games\.txt:1: a game starts with its result"):
        list(train.read_games([games]))


@pytest.mark.slow
def test_the_shipped_table_is_what_the_script_fits_from_the_stored_games(
    train: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert train.WEIGHTS.name == WEIGHTS_FILE
    assert train.main(["fit", "--check"]) == 0
    assert "is reproduced" in capsys.readouterr().out


def test_a_match_logs_lost_games_are_read_once_each_won_by_the_other_side(
    train: ModuleType, tmp_path: Path
) -> None:
    log = tmp_path / "match.log"
    log.write_text(
        "--- search:nodes=30000 against brain:rapfi (10,000 nodes), 40 openings from 0\n"
        "  lost: A as X, opening 1: h8 a1 i8\n"
        "opening  1: pair 0.0  A +0 -2 =0\n"
        "  lost: A as O, opening 2: h8 a1 i8 a2\n",
        encoding="utf-8",
    )
    again = tmp_path / "again.log"
    again.write_text("  lost: A as X, opening 1: h8 a1 i8\n", encoding="utf-8")
    games = list(train.read_logs([log, again]))
    assert [result for result, _ in games] == ["O", "X"]
    assert len(games[1][1]) == 4


def test_labels_score_each_quiet_position_once_and_read_back(
    train: ModuleType, tmp_path: Path
) -> None:
    games = tmp_path / "games.txt"
    # The second game reaches the first one's positions in another order.
    games.write_text("X h8 a1 i8 a15 j8 o1 k8\nX i8 a1 h8 a15 j8 o1 k8\n", encoding="utf-8")
    assert train.quiet_places(list(train.read_games([games]))) == [(0, 4), (0, 5), (0, 6)]
    out = tmp_path / "labels.txt"
    args = [str(games), "--count", "5", "--nodes", "200", "--seed", "3"]
    assert train.main(["label", str(out), *args]) == 0
    nodes, labels = train.read_labels(out)
    assert nodes == 200 and sorted(len(label.cells) for label in labels) == [4, 5, 6]
    assert {label.game for label in labels} == {0} and labels[0].result == "X"
    # X to move with an open three: the search finds the open four, a win.
    (three,) = [label for label in labels if len(label.cells) == 6]
    assert three.score > train.SCORE_CLAMP
    rows, results, chances = train.label_examples(labels)
    assert rows.shape == (3, 2 * len(CODE_NAMES))
    for label, result, chance in zip(labels, results, chances, strict=True):
        mover_won = len(label.cells) % 2 == 0
        assert result == float(mover_won)
        clamped = max(-train.SCORE_CLAMP, min(train.SCORE_CLAMP, label.score))
        assert chance == pytest.approx(1 / (1 + np.exp(-clamped / train.UNIT)))


def test_a_fit_to_soft_targets_recovers_their_scale(train: ModuleType) -> None:
    rng = np.random.default_rng(2)
    size = len(CODE_NAMES)
    rows = rng.poisson(3.0, size=(3_000, 2 * size)).astype(float)
    truth = np.zeros(2 * size)
    truth[FLEX3], truth[size + FLEX3] = 0.4, -0.2
    chances = 1 / (1 + np.exp(-(rows @ truth)))  # the target itself, not a drawn result
    mover, opponent = train.tables(train.fit(rows, chances))
    assert mover[FLEX3] == pytest.approx(0.4 * train.UNIT, abs=2)
    assert opponent[FLEX3] == pytest.approx(0.2 * train.UNIT, abs=2)
    scores = train.engine_scores(mover, opponent, rows)
    assert train.cross_entropy(chances, scores) < train.cross_entropy(chances, 0 * scores)


def test_the_labels_file_must_say_what_it_is(train: ModuleType, tmp_path: Path) -> None:
    labels = tmp_path / "labels.txt"
    labels.write_text("0 X 12 h8 a1 i8 a15\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"labels\.txt:1: not a labels file"):
        train.read_labels(labels)
