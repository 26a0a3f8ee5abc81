"""Game files laid out as other programs write them, and ours read back by other programs' readers.

Every file under ``corpus/`` is written for these tests in the layout of the
program named beside it (learnt from that program's source or documentation,
see docs/file-formats.md); each one must import with its board, players,
moves and result, or be refused with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pygomo
import pytest
import renju

from tictactoe.core import cells
from tictactoe.core.board import Mark
from tictactoe.core.records import Format, Record, RecordError, Termination, load, read, write
from tictactoe.core.rules import Rules

CORPUS = Path(__file__).parent / "corpus"
GOMOKU = Rules(15, 15, 5)
BIG = Rules(20, 20, 5)


@dataclass(frozen=True)
class Imported:
    """What a corpus file must import as."""

    rules: Rules
    x_player: str
    o_player: str
    first_moves: tuple[str, ...]
    plies: int
    winner: Mark | None
    termination: Termination


@dataclass(frozen=True)
class Refused:
    """The reason a corpus file must be refused with."""

    reason: str


CASES: dict[str, tuple[str, Imported | Refused]] = {
    "piskvork-saved-game.psq": (
        "Piskvork, File > Save of a game between two people: levels 0:0, CRLF, no names",
        Imported(BIG, "?", "?", ("j10", "k11", "j11"), 13, None, Termination.UNFINISHED),
    ),
    "piskvork-tournament.psq": (
        "Piskvork tournament: brain levels, the second listed brain began (last number 1)",
        Imported(
            BIG,
            "pbrain-yixin2018.exe",
            "pbrain-embryo21_s.exe",
            ("k10", "k11", "l11"),
            9,
            Mark.X,
            Termination.LINE,
        ),
    ),
    "gomocup-archive.psq": (
        "Gomocup result archive (GomocupJudge): brains, -1, then 'result,tournament'",
        Imported(
            GOMOKU, "RAPFI25.zip", "JAX25.zip", ("h8", "h9", "i9"), 9, Mark.X, Termination.LINE
        ),
    ),
    "gomocup-draw-line.psq": (
        "Gomocup archive scored 0 (a draw) before the board filled: adjudicated",
        Imported(
            GOMOKU, "RAPFI25.zip", "JAX25.zip", ("h8", "i9", "h9"), 9, None, Termination.ADJUDICATED
        ),
    ),
    "gomocup-timeout.psq": (
        "Gomocup archive of a game lost on time (result 2, no five on the board)",
        Imported(
            GOMOKU,
            "SLOWBRAIN.zip",
            "QUICKBRAIN.zip",
            ("h8", "h9", "i8"),
            10,
            Mark.O,
            Termination.ADJUDICATED,
        ),
    ),
    "gomocup-zero-based.psq": (
        "an early GomocupJudge that wrote coordinates from 0",
        Refused(r"move 2 \(0,6,0\) is off the 15x15 board"),
    ),
    "end-code-then-more-lines.psq": (
        "a move list ending at the end code -1, other lines after it",
        Imported(GOMOKU, "?", "?", ("h8", "i9", "h9"), 3, None, Termination.UNFINISHED),
    ),
    "other-program-header.psq": (
        "another gomoku program: 'Piskvorky 15x15 , 0 - 0', CRLF, moves without times",
        Imported(GOMOKU, "Kuba", "Eva", ("h8", "h9", "i9"), 11, None, Termination.UNFINISHED),
    ),
    "gomotur.rec": (
        "Gomotur's .rec, Piskvork's other tournament format (names first, no header)",
        Refused("not a game in this program's text format, nor SGF .* nor PSQ"),
    ),
    "renju-package.sgf": (
        "the renju package (PyPI) RenjuBoard.to_sgf: KM, EV, RE[B+five_in_a_row]",
        Imported(GOMOKU, "Alice", "Bob", ("h8", "h9", "i9"), 9, Mark.X, Termination.LINE),
    ),
    "renju-server.sgf": (
        "a renju server's game (as renju_sgf_parser reads them): GM[5], 5A, ranks, W+Resign",
        Imported(
            GOMOKU, "Lindqvist", "Kato", ("h8", "i9", "g9"), 12, Mark.O, Termination.RESIGNATION
        ),
    ),
    "library-variations.sgf": (
        "a renju library exported to SGF, variations kept: the main line is read",
        Imported(GOMOKU, "main", "line", ("h8", "i9", "j10"), 4, None, Termination.UNFINISHED),
    ),
    "chinese-app-gb2312.sgf": (
        "a Chinese gomoku app: CA[gb2312], RU[五子棋], DT[20240315], RE[0]",
        Imported(GOMOKU, "黑方", "白方", ("h8", "i9", "h9"), 6, None, Termination.ADJUDICATED),
    ),
    "web-renju-board-diagram.sgf": (
        "Web Renju Board's position diagram: setup stones AB/AW, no moves",
        Refused(r"setup stones \(AB\) cannot be replayed"),
    ),
    "go-editor.sgf": (
        "GOWrite, a Go editor some renju players use: GM[1] with labels and variations",
        Refused(r"GM\[1\] is not gomoku"),
    ),
    "renjunet-database.rif": (
        "the renju.net database download (RIF, XML)",
        Refused("not a game in this program's text format, nor SGF .* nor PSQ"),
    ),
}


def test_every_corpus_file_is_described() -> None:
    assert sorted(path.name for path in CORPUS.iterdir()) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_corpus_file_imports_or_is_refused_with_the_reason(name: str) -> None:
    _, expected = CASES[name]
    if isinstance(expected, Refused):
        with pytest.raises(RecordError, match=f"{re.escape(name)}: .*{expected.reason}"):
            load(CORPUS / name)
        return
    record = load(CORPUS / name)
    labels = tuple(cells.label(record.rules, cell) for cell in record.moves)
    assert record.rules == expected.rules
    assert (record.x_player, record.o_player) == (expected.x_player, expected.o_player)
    assert labels[: len(expected.first_moves)] == expected.first_moves
    assert record.plies == expected.plies
    assert (record.winner, record.termination) == (expected.winner, expected.termination)


def test_the_renju_server_file_keeps_its_date() -> None:
    assert load(CORPUS / "renju-server.sgf").started == datetime(2019, 5, 12, tzinfo=UTC)
    assert load(CORPUS / "chinese-app-gb2312.sgf").started == datetime(2024, 3, 15, tzinfo=UTC)


def test_a_renlib_library_is_refused_as_not_text(tmp_path: Path) -> None:
    """RenLib's .lib: a 20-byte header (0xFF, RenLib, 0xFF, version 3.4), then 2-byte nodes."""
    header = b"\xffRenLib\xff\x03\x04" + b"\xff" * 10
    nodes = bytes([0x78, 0x00, 0x89, 0x00, 0x9A, 0x40])  # h8, then two moves, flags in the 2nd byte
    path = tmp_path / "openings.lib"
    path.write_bytes(header + nodes)
    with pytest.raises(RecordError, match=r"openings\.lib: the file is not text"):
        load(path)


# --- ours, read by other programs' readers ---------------------------------


def a_game() -> Record:
    """A 15 x 15 game Black wins on a diagonal, with names and a date."""
    names = ["h8", "h9", "i9", "i8", "j10", "g8", "k11", "j8", "l12"]
    return Record.of(
        GOMOKU,
        [cells.parse(GOMOKU, name) for name in names],
        "Alice",
        "search",
        started=datetime(2025, 6, 1, 10, 0, tzinfo=UTC),
    )


def columns_and_rows(record: Record) -> list[tuple[int, int]]:
    return [(col, row) for row, col in map(record.rules.row_col, record.moves)]


def read_psq_as_gomocup_tools_do(text: str) -> tuple[int, list[pygomo.Move]]:
    """A PSQ reader in the style of the Gomocup tools built on pygomo-lib.

    The size from the first line, then ``x,y[,time]`` lines counted from 1
    until the first line that is not one.
    """
    lines = text.splitlines()
    header = re.match(r"Piskvorky (\d+)x\d+", lines[0])
    assert header is not None
    size = int(header.group(1))
    moves = []
    for line in lines[1:]:
        parts = line.split(",")
        if len(parts) < 2 or not all(part.strip().lstrip("-").isdigit() for part in parts):
            break
        moves.append(pygomo.Move((int(parts[0]) - 1, int(parts[1]) - 1)))
    return size, moves


def read_sgf_as_gomocup_tools_do(text: str) -> tuple[int, list[pygomo.Move]]:
    """An SGF reader in the same style: ``SZ`` and every ``;B[xy]`` / ``;W[xy]`` in order."""
    found = re.search(r"SZ\[(\d+)\]", text)
    assert found is not None
    size = int(found.group(1))
    points = re.findall(r";[BW]\[([a-z])([a-z])\]", text)
    return size, [pygomo.Move((ord(x) - ord("a"), ord(y) - ord("a"))) for x, y in points]


def test_our_sgf_reads_back_through_the_renju_package_with_the_same_moves() -> None:
    record = a_game()
    content = write(record, Format.SGF)
    assert all(f"{key}[" in content for key in ("GM", "SZ", "PB", "PW", "RE"))
    board = renju.RenjuBoard.from_sgf(content)
    assert board.board_size == 15
    assert [tuple(move) for move in board.get_moves()] == columns_and_rows(record)
    assert board.status == renju.BoardStatus.BLACK_WIN


@pytest.mark.parametrize("form", [Format.SGF, Format.PSQ])
def test_our_files_read_back_through_pygomo_style_readers_with_the_same_moves(
    form: Format,
) -> None:
    record = a_game()
    reader = read_sgf_as_gomocup_tools_do if form is Format.SGF else read_psq_as_gomocup_tools_do
    size, moves = reader(write(record, form))
    board = pygomo.BitBoard(size)
    for move in moves:
        assert board.place(move)
    assert [move.to_tuple() for move in board.get_move_history()] == columns_and_rows(record)
    assert board.check_win() is not None


def test_our_psq_replays_on_the_renju_package_board_with_the_same_moves() -> None:
    record = a_game()
    _, moves = read_psq_as_gomocup_tools_do(write(record, Format.PSQ))
    board = renju.RenjuBoard(moves=[list(move.to_tuple()) for move in moves], rule="freestyle")
    assert [tuple(move) for move in board.get_moves()] == columns_and_rows(record)
    assert board.status == renju.BoardStatus.BLACK_WIN


def test_our_psq_is_in_piskvorks_layout() -> None:
    lines = write(a_game(), Format.PSQ).splitlines()
    assert re.fullmatch(r"Piskvorky 15x15, 0:0, 0", lines[0])  # what Piskvork's fscanf expects
    assert all(re.fullmatch(r"\d+,\d+,\d+", line) for line in lines[1:10])
    assert lines[10:] == ["Alice", "search", "-1"]
    assert read(write(a_game(), Format.PSQ)).moves == a_game().moves
