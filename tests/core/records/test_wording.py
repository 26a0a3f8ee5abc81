"""Every reason a game file is refused can be said in each language the program speaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.core.errors import TicTacToeError, Wording
from tictactoe.core.records import RecordError, load, read
from tictactoe.texts.i18n import translator

LANGUAGES = ("ru", "vi", "zh_CN")

REFUSED = (
    # text
    "",
    "Board: big",
    "Board: 30x30",
    "Board: 3x3, 9 in a row",
    "Board: 3x3\nBoard: 4x4",
    "Board: 3x3\n\nMoves: a1 d4",
    "Board: 3x3\nMoves: a1 a1",
    "Board: 3x3\nMoves: a1 a2 b1 b2 c1 c2",
    "Board: 3x3\nStarted: yesterday",
    "Board: 3x3\nResult: X won",
    "Board: 3x3\nResult: X wins, by a mile",
    "Board: 3x3\nResult: X wins, X resigned\nMoves: a1",
    "Board: 3x3\nResult: X wins, X forfeited\nMoves: a1",
    "Board: 3x3\nResult: O wins, 3 in a row\nMoves: a1 a2 b1 b2 c1",
    "Board: 3x3\nResult: draw, full board\nMoves: a1",
    "Board: 3x3\nResult: X wins, 3 in a row\nMoves: a1 b2 c3 b1 b3 a3 c1 c2 a2",
    "Board: 3x3\nResult: draw, 3 in a row\nMoves: a1",
    "Board: 99999999999999999999999x3",
    # SGF
    "(;GM[1]SZ[19];B[dd])",
    "(;GM[4]SZ[15]AB[aa];B[hh])",
    "(;GM[4]SZ[15];B[hh];W[hh])",
    "(;GM[4]SZ[15];B[hh];B[ii])",
    "(;GM[4]SZ[15];B[])",
    "(;GM[4]SZ[15];B[h])",
    "(;GM[4]SZ[5];B[ff])",
    "(;GM[4]SZ[big];B[aa])",
    "(;GM[4]SZ[15]RU[Japanese];B[aa])",
    "(;GM[4]SZ[40];B[aa])",
    "(;GM[4]SZ[3]RE[W+];B[aa];W[ba];B[ab];W[bb];B[ac])",
    "(;GM[4]SZ[3]RE[B+];B[aa];W[ab];B[ac];W[ba];B[bb];W[ca];B[bc];W[cc];B[cb])",
    "(;GM[4]SZ[15];B[hh]",
    "(;GM[4]SZ[15];B[hh]W[ii]B[jj])",
    "(;GM[4]SZ[15];B[hh",
    "(;GM[4]SZ[15];b[hh])",
    "(;GM[4]SZ[15]SZ[15];B[hh])",
    "(;GM[4]SZ;B[hh])",
    "()",
    "(x)",
    # PSQ
    "Piskvorky 30x30, 0:0, 0\n",
    "Piskvorky 15x15, 0:0, 0\nhello\n",
    "Piskvorky 15x15, 0:0, 0\n16,1,0\n",
    "Piskvorky 15x15, 0:0, 2\n8,8,0\n",
    "Piskvorky 15x15, 0:0, 0\n1,1,0\n1,1,0\n",
    "Piskvorky 99999999999999999999x3, 0:0, 0",
    "Piskvorky 15x15, 0:0, 0\n1,1,0\n2,1,0\n1,2,0\n2,2,0\n1,3,0\n2,3,0\n1,4,0\n2,4,0\n"
    "1,5,0\n-1\n2,Freestyle15_1\n",
    "Piskvorky 15x15, 0:0, 0\n1,1,0\n2,1,0\n1,2,0\n2,2,0\n1,3,0\n2,3,0\n1,4,0\n2,4,0\n"
    "1,5,0\n-1\n0,Freestyle15_1\n",
)
"""Contents refused for every kind of reason the three formats give."""


def templates(said: Wording | TicTacToeError) -> list[str]:
    """Every English text in a wording and the wordings and errors it holds."""
    wording = said.wording if isinstance(said, TicTacToeError) else said
    assert wording is not None, f"English only: {said}"
    found = [wording.template]
    for value in wording.values.values():
        if isinstance(value, Wording | TicTacToeError):
            found += templates(value)
    return found


def refusal(content: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read(content)
    return caught.value


@pytest.mark.parametrize("content", REFUSED)
def test_every_reason_a_file_is_refused_is_in_every_catalog(content: str) -> None:
    error = refusal(content)
    for language in LANGUAGES:
        known = translator(language).messages()
        missing = [text for text in templates(error) if text not in known]
        assert not missing, (language, str(error), missing)


def test_the_same_reason_is_said_in_english_and_in_the_players_language() -> None:
    error = refusal("(;GM[4]SZ[15];B[hh];W[hh])")
    assert (
        error.said(translator("en"))
        == str(error)
        == ("SGF: move 2 (h8) is not possible: h8 is already taken")
    )
    assert error.said(translator("ru")) == "SGF: ход 2 (h8) невозможен: h8 уже занята"
    assert error.said(translator("zh_CN")) == "SGF：第 2 步（h8）不可能：h8 已被占"
    parsing = refusal("(;GM[4]SZ[15];B[hh]")
    assert parsing.said(translator("vi")) == "SGF: tệp kết thúc giữa chừng ván cờ (ở ký tự 20)"


def test_a_file_that_cannot_be_read_says_why_in_the_players_language(tmp_path: Path) -> None:
    cases = {
        tmp_path / "missing.sgf": "нет такого файла или папки",
        tmp_path: "это папка, а не партия",
    }
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    cases[empty] = "файл пуст"
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"Board: 3x3\x00")
    cases[binary] = "это не текстовый файл"
    ru = translator("ru")
    for path, reason in cases.items():
        with pytest.raises(RecordError) as caught:
            load(path)
        assert caught.value.said(ru) == f"{path}: {reason}"
