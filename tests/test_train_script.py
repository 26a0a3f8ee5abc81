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
