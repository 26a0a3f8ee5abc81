"""Properties of every format: written records read back, any text is a record or a RecordError."""

from __future__ import annotations

import contextlib
import os
import random
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe.core.board import Mark
from tictactoe.core.records import (
    MAX_FILE_BYTES,
    Format,
    Record,
    RecordError,
    Termination,
    clean_name,
    detect,
    dump,
    format_for,
    load,
    read,
    write,
)
from tictactoe.core.rules import Rules, default_k

names = st.text(min_size=1, max_size=90).map(clean_name)
moments = st.none() | st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
).map(lambda moment: moment.replace(microsecond=0))


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    m = draw(st.integers(1, 26))
    n = draw(st.integers(2 if m == 1 else 1, 26))
    k = draw(st.integers(2, max(m, n)) | st.just(default_k(m, n)))
    return Rules(m, n, k)


@st.composite
def records(draw: st.DrawFn, board_rules: st.SearchStrategy[Rules] | None = None) -> Record:
    """Any valid record: legal random moves, stopping anywhere, and every kind of ending."""
    chosen = draw(rules() if board_rules is None else board_rules)
    rng = random.Random(draw(st.integers(0, 2**32)))
    stop = draw(st.integers(0, chosen.size))
    board = Record.of(chosen, ()).board
    moves: list[int] = []
    while len(moves) < stop and not board.is_over:
        cell = rng.choice(board.legal_moves())
        moves.append(cell)
        board = board.play(cell)
    record = Record.of(chosen, moves, draw(names), draw(names))
    if not board.is_over:
        how = draw(st.sampled_from([Termination.RESIGNATION, Termination.ADJUDICATED, None]))
        winner = draw(st.sampled_from([Mark.X, Mark.O, None]))
        if how is Termination.ADJUDICATED or (how is not None and winner is not None):
            record = Record(chosen, tuple(moves), record.x_player, record.o_player, winner, how)
    started, finished = draw(moments), draw(moments)
    return Record(
        chosen,
        record.moves,
        record.x_player,
        record.o_player,
        record.winner,
        record.termination,
        started,
        finished,
    )


def _without_times(record: Record) -> tuple[object, ...]:
    return (
        record.rules,
        record.moves,
        record.x_player,
        record.o_player,
        record.winner,
        record.termination,
    )


def _looks_like_a_move(name: str) -> bool:
    """True for a name PSQ cannot hold: a line like ``8,8`` is read as a move."""
    return re.fullmatch(r"-?\d+\s*,\s*-?\d+\s*(,\s*-?\d+\s*)?", name) is not None


@pytest.mark.slow
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_text_keeps_everything(record: Record) -> None:
    assert read(write(record, Format.TEXT)) == record


@pytest.mark.slow
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_sgf_keeps_everything_but_the_time_of_day(record: Record) -> None:
    back = read(write(record, Format.SGF))
    assert _without_times(back) == _without_times(record)
    moment = record.started or record.finished
    assert back.started == (
        None if moment is None else datetime.combine(moment.date(), datetime.min.time(), UTC)
    )


@pytest.mark.slow
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(records(rules().map(lambda r: Rules.of(r.m, r.n))))
def test_psq_keeps_the_game_and_the_result_the_board_shows(record: Record) -> None:
    if any(_looks_like_a_move(name) for name in (record.x_player, record.o_player)):
        with pytest.raises(RecordError, match="it reads as a move"):
            write(record, Format.PSQ)
        return
    back = read(write(record, Format.PSQ))
    assert (back.rules, back.moves, back.x_player, back.o_player) == (
        record.rules,
        record.moves,
        record.x_player,
        record.o_player,
    )
    if record.board.is_over:
        assert (back.winner, back.termination) == (record.winner, record.termination)
    else:
        assert back.termination is Termination.UNFINISHED


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.sampled_from(list(Format)))
def test_every_format_is_recognised_by_its_content(record: Record, form: Format) -> None:
    if form is Format.PSQ and (
        record.rules.k != default_k(record.rules.m, record.rules.n)
        or any(_looks_like_a_move(name) for name in (record.x_player, record.o_player))
    ):
        return
    assert detect(write(record, form)) is form


SGF_LIKE = st.text("()[];\\BWGMSZRUEPAT0123456789abcdehst:+- \n", max_size=200).map(
    lambda tail: "(;GM[4]" + tail
)
PSQ_LIKE = st.text("0123456789,-:x \n", max_size=200).map(
    lambda tail: "Piskvorky 15x15, 0:0, 0\n" + tail
)
TEXT_LIKE = st.text("BoardXORsultMvesWin:0123456789abcxw,.; \n", max_size=200).map(
    lambda tail: "Board: 3x3\n" + tail
)


@pytest.mark.slow
@settings(max_examples=300)
@given(st.text(max_size=300) | SGF_LIKE | PSQ_LIKE | TEXT_LIKE)
def test_any_text_is_a_record_or_a_record_error(content: str) -> None:
    with contextlib.suppress(RecordError):
        read(content)


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.sampled_from(list(Format)), st.data())
def test_damaged_files_are_a_record_or_a_record_error(
    record: Record, form: Format, data: st.DataObject
) -> None:
    try:
        content = write(record, form)
    except RecordError:
        return
    cut = data.draw(st.integers(0, len(content)))
    junk = data.draw(st.text(max_size=5))
    damaged = content[:cut] + junk + content[cut + data.draw(st.integers(0, 5)) :]
    with contextlib.suppress(RecordError):
        read(damaged)


def test_deeply_nested_variations_are_read_without_recursion() -> None:
    letters = "abcdefghijklmnopqrstuvwxyz"
    nodes = [f"(;{'BW'[i % 2]}[{letters[i % 26]}{letters[i // 26]}]" for i in range(600)]
    content = "(;GM[4]SZ[26]RU[26 in a row]" + "".join(nodes) + ")" * 601
    assert read(content).moves == tuple(range(600))


def test_files_are_saved_and_loaded_in_the_format_their_name_says(tmp_path: Path) -> None:
    record = Record.of(Rules(15, 15, 5), (112, 113), "human", "search")
    for form in Format:
        path = tmp_path / f"game{form.suffix}"
        assert format_for(path) is form
        assert dump(record, path) is form
        assert detect(path.read_text(encoding="utf-8")) is form
        assert load(path) == read(write(record, form))
    assert format_for(tmp_path / "game.dat") is None
    assert dump(record, tmp_path / "game.dat") is Format.TEXT


def test_files_that_cannot_be_records_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"missing\.sgf: there is no such file"):
        load(tmp_path / "missing.sgf")
    with pytest.raises(RecordError, match=r"it is a folder, so it is not read as a game"):
        load(tmp_path)
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    with pytest.raises(RecordError, match=r"picture\.png: the file is not text"):
        load(binary)
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(RecordError, match="too big"):
        load(huge)
    latin = tmp_path / "latin.psq"
    latin.write_bytes(b"Piskvorky 15x15, 0:0, 0\n8,8,0\nJos\xe9\nAnn\n-1\n")
    assert load(latin).x_player == "José"
    bad = tmp_path / "bad.txt"
    bad.write_text("Board: 3x3\nMoves: a1 a1\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.txt: move 2 \(a1\) is not possible"):
        load(bad)


def test_only_regular_non_empty_files_are_read(tmp_path: Path) -> None:
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.psq")
        with pytest.raises(RecordError, match=r"pipe\.psq: it is not a regular file"):
            load(tmp_path / "pipe.psq")  # at once: nothing waits for a writer
    for name, content in (("empty.sgf", b""), ("blank.psq", b"\xef\xbb\xbf \r\n\t\n")):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(RecordError, match=rf"{name}: the file is empty"):
            load(tmp_path / name)


def test_content_in_no_format_is_read_as_the_extension_says(tmp_path: Path) -> None:
    reasons = {
        "game.sgf": "SGF: a game must start with",
        "game.psq": "PSQ: the first line must look like",
        "game.txt": "no Board: line",
        "game.rif": "no Board: line",
    }
    for name, reason in reasons.items():
        (tmp_path / name).write_text("<game>h8 i9</game>\n", encoding="utf-8")
        with pytest.raises(RecordError, match=rf"{name}: {reason}"):
            load(tmp_path / name)


def test_an_sgf_file_in_its_declared_charset_is_decoded_with_it(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    path.write_bytes("(;GM[4]CA[GB2312]PB[黑方]PW[白方];B[hh])".encode("gb2312"))
    assert (load(path).x_player, load(path).o_player) == ("黑方", "白方")
    path.write_bytes(b"(;GM[4]CA[rot13]PB[Jos\xe9];B[hh])")  # not a charset: Latin-1
    assert load(path).x_player == "José"
