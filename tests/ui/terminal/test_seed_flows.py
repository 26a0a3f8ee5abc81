"""Whole sessions through standard input: seed 003's and seed 004's flows, and the others."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tictactoe.console import display_width
from tictactoe.saved.scoreboard import Scoreboard

SEED_003 = ["play", "--opponent", "centre-first", "--numbering", "index", "--size", "3x3"]
SEED_004 = ["play", "--opponent", "first-free", "--size", "3x3"]


def test_seed_003_you_go_first_and_win(run) -> None:
    # X 0, O centre 4, X 8, O corner 2, X 6 (two threats), O blocks 3, X 7 wins.
    status, out = run(SEED_003, "y\n0\n8\n6\n7\nn\n")
    assert status == 0
    assert "Your choice? (1-4) [1] y" in out
    assert "   0  |  1  |  2" in out
    assert "The computer (Medium: centre, O) plays 4." in out
    assert "The computer (Medium: centre, O) plays 3." in out
    assert "Hooray! You have won the game!" in out
    assert "Score against Medium: centre, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0." in out
    assert out.rstrip().endswith("Goodbye!")


def test_seed_003_computer_goes_first_in_chinese(run) -> None:
    # n: the computer is X: centre 4, you 0, X corner 2, you 8, X 6 wins the diagonal.
    status, out = run([*SEED_003, "--lang", "zh_CN"], "n\n0\n8\n否\n")
    assert status == 0
    assert "你的选择？（1-4） [1] n" in out
    assert "计算机先走，你执 O。" in out
    assert "计算机（中等：先占中，X）下在 4。" in out
    assert "再玩一局吗？（是、否，或输入“新局”更改设置）" in out
    assert "计算机赢了！你输了。" in out
    assert "比分：你 0 · 计算机 1 · 平局 0。" in out
    assert out.rstrip().endswith("再见！")
    for ascii_mark in (",", "!", "?", ":", "("):  # full-width punctuation in Chinese text
        assert not any(ascii_mark in line for line in out.splitlines() if "计算机" in line)


def test_seed_003_taken_cell_is_asked_again(run) -> None:
    status, out = run(SEED_003, "y\n0\n4\n8\n6\n7\nn\n")
    assert status == 0
    assert "That cell is taken." in out
    assert "Hooray! You have won the game!" in out


def test_seed_004_x_or_o_numpad_play_again(run) -> None:
    # Game 1: X 5, O 7, X 9, O 8, X 1 wins the 9-5-1 diagonal.
    # Game 2 (you start again): X 3, O 7, X 2, O 8, X 6, O 9: the top row is O's.
    moves = "X\n5\n9\n1\nyes\n3\n2\n6\nno\n"
    status, out = run(SEED_004, moves)
    assert status == 0
    assert "   7  |  8  |  9" in out
    assert "What is your next move? (1-9) 5" in out
    assert "Hooray! You have won the game!" in out
    assert "The computer has beaten you! You lose." in out
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0." in out
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 1 · draws 0." in out
    assert out.count("Do you want to play again? (yes, no, or new to change the settings)") == 2


def test_seed_004_playing_o_loses_and_is_recorded(run, home: Path) -> None:
    # O: the computer (X) takes 7, you 5, X 8, you 3, X 9: the top row.
    status, out = run(SEED_004, "O\n5\n3\nno\n")
    assert status == 0
    assert "The computer will go first: you play O." in out
    assert "The computer has beaten you! You lose." in out
    tallies = Scoreboard(home / "games.sqlite3").tallies()
    assert [(t.opponent, t.wins, t.losses, t.draws) for t in tallies] == [("first-free", 0, 1, 0)]


def test_two_people_tie(run) -> None:
    status, out = run(
        ["play", "--opponent", "human", "--size", "3x3", "--numbering", "index"],
        "0\n4\n8\n2\n6\n3\n5\n7\n1\nn\n",
    )
    assert status == 0
    assert "The game is a tie!" in out
    assert "Score on 3 x 3, 3 in a row: Player 1 0 · Player 2 0 · draws 1." in out


def test_alternate_starter_switches_sides(run) -> None:
    status, out = run(
        ["play", "--opponent", "first-free", "--first", "alternate", "--size", "3x3"],
        "5\n9\n1\ny\n" + "1\n2\n3\n6\nn\n",
    )
    assert status == 0
    assert out.index("You go first and play X.") < out.index(
        "The computer will go first: you play O."
    )


def test_two_people_say_which_side_won(run) -> None:
    status, out = run(
        ["play", "--opponent", "human", "--size", "3x3", "--numbering", "index"],
        "0\n3\n1\n4\n2\nn\n",
    )
    assert status == 0
    assert "Player 1 plays X and goes first; Player 2 plays O." in out
    assert "Player 2 (O), what is your next move? (0-8)" in out
    assert "X wins! Player 1 has won the game." in out
    assert "Score on 3 x 3, 3 in a row: Player 1 1 · Player 2 0 · draws 0." in out


def test_computer_against_computer_demo(run, home: Path) -> None:
    status, out = run(
        ["play", "--you", "perfect", "--opponent", "perfect", "--size", "3x3", "--delay", "0"],
        "no\n",
    )
    assert status == 0
    assert "Perfect plays X and goes first; Perfect plays O." in out
    assert "The game is a tie!" in out
    assert "Score on 3 x 3, 3 in a row: Perfect 0 · Perfect 0 · draws 1." in out
    assert "perfect" not in out
    assert Scoreboard(home / "games.sqlite3").tallies() == []


def test_questions_when_no_flags(run) -> None:
    answers = "3x3\nfirst-free\n1\n5\n9\n1\nn\n"
    status, out = run(["play"], answers)
    assert status == 0
    assert "Board size? (rows x columns, like 3x3, 7x7 or 15x15) [3x3] 3x3" in out
    assert "  1. Beginner - plays the first free square, from the top left" in out
    assert "  9. Two players - two people at one keyboard" in out
    assert "Hooray! You have won the game!" in out


def test_bigger_board_asks_k_and_uses_coordinates(run) -> None:
    answers = "5x5\n4\nfirst-free\ny\n" + "b2\nc3\nd4\ne5\nn\n"
    status, out = run(["play"], answers)
    assert status == 0
    assert "How many marks in a row win? (2-5) [5] 4" in out
    assert "Rules: 5 x 5 board, 4 in a row wins." in out
    assert "What is your next move? (a1-e5)" in out
    assert "Hooray! You have won the game!" in out


def test_commands_help_hint_undo_redo(run) -> None:
    answers = "help\nundo\n5\nhint\nundo\nredo\n9\n1\nn\n"
    status, out = run(SEED_004, "X\n" + answers)
    assert status == 0
    assert "Type a free cell (1-9) to play there, or one of:" in out
    assert "There is nothing to undo." in out
    assert "Hint, if both sides play their best:" in out
    assert "  Whatever you play, it ends in a draw.\n  Recommended move: 3.\n" in out
    assert "    =  |  =  | (=)\n" in out  # the hint on the board, the recommended cell marked
    assert "Took back: X 5, O 7." in out
    assert "Played again: X 5, O 7." in out
    assert "Hooray! You have won the game!" in out


def test_quit_says_goodbye(run) -> None:
    status, out = run(SEED_004, "X\nquit\n")
    assert status == 0
    assert out.rstrip().endswith("Goodbye!")


def test_every_language_speaks_its_own(run) -> None:
    expected = {
        "en": "Hooray! You have won the game!",
        "ru": "Ура! Вы выиграли!",
        "zh_CN": "太好了！你赢了这一局！",
        "vi": "Hoan hô! Bạn đã thắng!",
    }
    replies = {"en": "no", "ru": "нет", "zh_CN": "否", "vi": "không"}
    for lang, message in expected.items():
        status, out = run([*SEED_004, "--lang", lang], f"X\n5\n9\n1\n{replies[lang]}\n")
        assert status == 0, lang
        assert message in out, lang
        assert "Please answer yes or no" not in out, lang


def test_locale_chooses_the_language(run, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, out = run(SEED_004, "X\n5\n9\n1\nн\n")
    assert status == 0
    assert "Ура! Вы выиграли!" in out
    assert "До свидания!" in out


@pytest.mark.parametrize(
    ("argv", "before"),
    [
        (["play"], ""),
        (["play"], "5x5\n"),
        (["play", "--size", "3x3"], ""),
        (["play", "--size", "3x3", "--opponent", "first-free"], ""),
        (SEED_004, "X\n"),
        (SEED_004, "X\n5\n9\n1\n"),
        (["stats", "--reset"], ""),
    ],
    ids=["size", "k", "opponent", "starter", "move", "play-again", "stats-reset"],
)
@pytest.mark.parametrize("word", ["quit", "Q", "exit"])
def test_quit_works_at_every_prompt(run, argv: list[str], before: str, word: str) -> None:
    status, out = run(argv, before + word + "\n")
    assert status == 0
    assert out.rstrip().endswith("Goodbye!")
    assert "Please" not in out


def test_quit_in_the_users_language_before_the_game(run) -> None:
    for lang, word, goodbye in [("ru", "выход", "До свидания!"), ("zh_CN", "退出", "再见！")]:
        status, out = run(["play", "--lang", lang], word + "\n")
        assert status == 0
        assert out.rstrip().endswith(goodbye)


def test_undo_after_the_end_reopens_the_game_and_it_counts_once(run, home: Path) -> None:
    # O: X 7, you 5, X 8, you 3, X 9 wins; undo takes back 9 and 3; you 9, X 4, you 1 win.
    status, out = run(SEED_004, "O\n5\n3\nhelp\nundo\n9\n1\nno\n")
    assert status == 0
    after_loss = out[out.index("The computer has beaten you! You lose.") :]
    assert "The game is over. Type one of:" in after_loss
    assert "  undo (u)      take back your last move and the computer's answer" in after_loss
    assert "Took back: O 3, X 9." in after_loss
    assert "Hooray! You have won the game!" in after_loss
    assert (
        out.count("Score against Beginner, 3 x 3, 3 in a row: You 0 · computer 1 · draws 0.") == 2
    )  # the first result stands
    tallies = Scoreboard(home / "games.sqlite3").tallies()
    assert [(t.opponent, t.wins, t.losses, t.draws) for t in tallies] == [("first-free", 0, 1, 0)]


def test_nothing_to_undo_after_a_demo(run) -> None:
    status, out = run(
        ["play", "--you", "perfect", "--opponent", "perfect", "--size", "3x3", "--delay", "0"],
        "undo\nhint\nno\n",
    )
    assert status == 0
    assert out.count("The game is a tie!") == 1
    assert "There is nothing to undo." in out
    assert "The game is over. Type one of:" in out


def test_help_columns_line_up_in_chinese(run) -> None:
    status, out = run([*SEED_004, "--lang", "zh_CN"], "X\n帮助\n5\n9\n1\n帮助\n退出\n")
    assert status == 0
    during = out[out.index("或输入以下命令之一") :].splitlines()[1:6]
    after = out[out.index("本局已结束") :].splitlines()[1:4]
    for lines in (during, after):
        # Where each description starts: after the padding (two spaces or more).
        starts = {display_width(line) - display_width(re.split(r"  +", line)[-1]) for line in lines}
        assert len(starts) == 1, lines


def test_a_typo_at_play_again_names_the_three_answers_it_offers(run) -> None:
    """The question offers yes, no or new; its re-ask said only "yes or no"."""
    again = {"en": "yse", "ru": "да нет", "zh_CN": "再来", "vi": "cóc"}
    said = {
        "en": "Please answer yes, no or new.",
        "ru": "Ответьте «да», «нет» или «новая».",
        "zh_CN": "请回答“是”、“否”或“新局”。",
        "vi": "Hãy trả lời có, không hoặc ván mới.",
    }
    for lang, typo in again.items():
        status, out = run([*SEED_004, "--lang", lang], f"X\n5\n9\n1\n{typo}\nnew\nq\n")
        assert status == 0, lang
        assert out.count(said[lang]) == 1, lang
        assert "Please answer yes or no." not in out, lang
        assert "Traceback" not in out
