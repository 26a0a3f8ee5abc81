"""What a newcomer meets in the terminal game: defaults on Enter, levels, the rules, changing
settings between games, resigning, hints, help, one board per turn, compact big boards."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe import players
from tictactoe.console import display_width
from tictactoe.saved.scoreboard import Scoreboard

SEED_004 = ["play", "--opponent", "first-free", "--size", "3x3"]
PEOPLE = ["play", "--opponent", "human", "--size", "3x3", "--numbering", "index"]


def _tallies(home: Path) -> list[tuple[str, str, int, int, int]]:
    return [
        (t.opponent, f"{t.rules.m}x{t.rules.n}", t.wins, t.losses, t.draws)
        for t in Scoreboard(home / "games.sqlite3").tallies()
    ]


def test_enter_accepts_every_default(run) -> None:
    status, out = run(["play"], "\n\n\nq\n")
    assert status == 0
    assert out.startswith("Press Enter to accept the answer shown in [brackets].\n")
    assert "Board size? (rows x columns, like 3x3, 7x7 or 15x15) [3x3] \n" in out
    assert "Your choice? (1-9) [3] \n" in out  # Medium: every front end's first opponent
    assert "Your choice? (1-4) [1] \n" in out
    assert "Rules: 3 x 3 board, 3 in a row wins.\nYou go first and play X." in out


def test_enter_takes_the_usual_k_and_medium_on_any_board(run) -> None:
    status, out = run(["play"], "15x15\n\n\n\nh8\nq\n")
    assert status == 0
    assert "How many marks in a row win? (2-15) [5] \n" in out
    assert "  8. Perfect - never loses and wins whenever it can, on small boards" in out
    assert "(not on a 15 x 15 board)" in out.split("  8. Perfect")[1].splitlines()[0]
    assert "Your choice? (1-9) [3] \n" in out  # Medium plays every board
    assert "Rules: 15 x 15 board, 5 in a row wins." in out
    assert "The computer (Medium, O) plays" in out


def test_a_level_that_cannot_play_the_board_is_refused_with_its_name(run) -> None:
    status, out = run(["play", "--size", "7x7"], "8\nperfect\nhard\n1\nd4\nq\n")
    assert status == 0
    assert out.count("Perfect cannot play on a 7 x 7 board: choose another.") == 2
    assert "Rules: 7 x 7 board, 5 in a row wins." in out
    assert "The computer (Hard, O) plays" in out


def test_levels_are_chosen_by_number_name_or_level_in_any_language(run) -> None:
    for answer, shown in [
        ("6", "Hard"),
        ("fork-aware", "Hard"),
        ("EXPERT", "Expert"),
        ("medium-corners", "Medium: corners"),
        ("search", "Expert"),
    ]:
        status, out = run(["play", "--size", "3x3", "--first", "you"], f"{answer}\n5\nq\n")
        assert status == 0
        assert f"The computer ({shown}, O) plays" in out
    status, out = run(
        ["play", "--size", "3x3", "--first", "you", "--lang", "ru"], "новичок\n5\nq\n"
    )
    assert "Компьютер (Новичок, O) ходит в клетку 7." in out


def test_players_see_levels_never_strategy_names(run) -> None:
    for number in range(1, 9):
        status, out = run(["play", "--size", "3x3", "--first", "computer"], f"{number}\nq\n")
        assert status == 0
        for name in players.names():
            if name != "random":  # "plays at random" is a description
                assert name not in out, (number, name)
        assert "seed" not in out.lower()


def test_k_without_a_size_asks_for_a_board_that_fits(run) -> None:
    status, out = run(["play", "--k", "5", "--opponent", "human"], "3x3\n7\n\nq\n")
    assert status == 0
    assert "Board size? (rows x columns, like 3x3, 7x7 or 15x15) [15x15] 3x3" in out
    assert "5 in a row does not fit on a 3 x 3 board: choose a bigger one." in out
    assert "How many marks" not in out
    assert "Rules: 7 x 7 board, 5 in a row wins." in out


def test_k_without_a_size_enter_takes_gomoku(run) -> None:
    status, out = run(["play", "--k", "5", "--opponent", "human"], "\nq\n")
    assert status == 0
    assert "Rules: 15 x 15 board, 5 in a row wins." in out


@pytest.mark.parametrize(
    ("size", "expected"),
    [("1x10\n4", "Rules: 1 x 10 board, 4 in a row wins."), ("2x2", "Rules: 2 x 2 board")],
)
def test_every_size_the_flags_take_the_question_takes(run, size: str, expected: str) -> None:
    status, out = run(["play", "--opponent", "human"], f"{size}\n\nq\n")
    assert status == 0
    assert expected in out
    status, out = run(["play", "--opponent", "human", "--size", size.split()[0]], "q\n")
    assert status == 0 and "Rules:" in out


def test_sizes_outside_the_rules_are_told_the_limit_they_break(run) -> None:
    status, out = run(["play", "--opponent", "human"], "1x1\n27x3\n0\nbig\n3x3\nq\n")
    assert status == 0
    for message in (
        "A 1 x 1 board is too small: a line needs at least 2 cells.",
        "Rows and columns must be from 1 to 26, not '27x3'.",
        "Rows must be from 1 to 26, not 0.",
        "Board size must look like 3x3 or 7x5 (rows x columns), not 'big'.",
    ):
        assert out.count(message) == 1, message
    assert "Rules: 3 x 3 board, 3 in a row wins." in out


def test_a_win_length_that_does_not_fit_is_told_the_limit(run) -> None:
    status, out = run(["play", "--opponent", "human"], "5x5\n9\nfour\n4\nq\n")
    assert status == 0
    assert "k must be from 2 to 5 (the longer side) on a 5 x 5 board, not 9." in out
    assert "k must be a whole number, not 'four'." in out
    assert "Rules: 5 x 5 board, 4 in a row wins." in out


def test_new_between_games_changes_board_opponent_and_who_starts(run, home: Path) -> None:
    first = "X\n5\n9\n1\n"  # you win against Beginner on 3 x 3
    change = "new\n4x4\n3\n2\n2\n"  # 4 x 4, three in a row, Easy, the computer starts
    status, out = run(SEED_004, first + change + "q\n")
    assert status == 0
    assert "Do you want to play again? (yes, no, or new to change the settings) new" in out
    assert "Press Enter to keep each answer shown in [brackets]." in out
    assert "Board size? (rows x columns, like 3x3, 7x7 or 15x15) [3x3] 4x4" in out
    assert "How many marks in a row win? (2-4) [4] 3" in out
    assert "Your choice? (1-9) [1] 2" in out
    assert "Your choice? (1-4) [1] 2" in out
    second = out[out.index("Rules: 4 x 4 board, 3 in a row wins.") :]
    assert "The computer will go first: you play O." in second
    assert "The computer (Easy, X) plays" in second
    assert _tallies(home) == [("first-free", "3x3", 1, 0, 0)]


def test_new_with_enter_keeps_everything(run) -> None:
    status, out = run(SEED_004, "X\n5\n9\n1\nnew\n\n\n\n5\nq\n")
    assert status == 0
    assert out.count("Rules: 3 x 3 board, 3 in a row wins.") == 2
    assert out.count("You go first and play X.") == 2


def test_new_at_the_move_prompt_leaves_the_game_uncounted(run, home: Path) -> None:
    status, out = run(SEED_004, "X\n5\nnew\n\n\n\n5\n9\n1\nno\n")
    assert status == 0
    assert "This game is left unfinished: it does not count." in out
    assert "Hooray! You have won the game!" in out
    assert "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0." in out
    assert _tallies(home) == [("first-free", "3x3", 1, 0, 0)]


def test_resign_asks_then_counts_as_a_loss(run, home: Path) -> None:
    status, out = run(SEED_004, "X\n5\nresign\nno\nresign\nyes\nundo\nresign\nno\n")
    assert status == 0
    assert out.count("Do you really want to resign? It counts as a loss. (yes or no)") == 2
    assert "You resigned: the computer wins this game." in out
    assert "Score against Beginner, 3 x 3, 3 in a row: You 0 · computer 1 · draws 0." in out
    assert "There is nothing to undo." in out  # a resignation is final
    assert "The game is over already." in out
    assert _tallies(home) == [("first-free", "3x3", 0, 1, 0)]


def test_two_people_resign_and_undo_one_move(run) -> None:
    status, out = run(PEOPLE, "4\n0\nhelp\nundo\nresign\ny\nn\n")
    assert status == 0
    assert "  undo (u)        take back the last move" in out
    assert "  resign          give up this game: the other player wins" in out
    assert "Took back: O 0." in out
    assert "Player 2 (O) resigned: Player 1 wins this game." in out
    assert "Score on 3 x 3, 3 in a row: Player 1 1 · Player 2 0 · draws 0." in out


def test_help_lists_every_alias_and_they_work(run) -> None:
    status, out = run(SEED_004, "X\n?\n5\nu\nchange\n\n\n\nexit\n")
    assert status == 0
    for line in (
        "  undo (u)        take back your last move and the computer's answer",
        "  redo            play again what undo took back",
        "  hint            show what playing each free cell leads to, and the best move",
        "  resign          give up this game: it counts as a loss",
        "  new (change)    start a new game (you can change the settings)",
        "  help (?)        show this help",
        "  quit (q, exit)  leave the game",
    ):
        assert line in out
    assert "Took back: X 5, O 7." in out
    assert "Press Enter to keep each answer shown in [brackets]." in out
    assert out.rstrip().endswith("Goodbye!")


def test_help_in_russian_shows_the_english_spellings_too(run) -> None:
    status, out = run([*SEED_004, "--lang", "ru"], "X\nпомощь\nq\n")
    assert status == 0
    assert "  отмена (undo, u)" in out
    assert "  выход (quit, q, exit)" in out


def test_cells_with_a_space_or_the_row_first(run) -> None:
    argv = ["play", "--opponent", "first-free", "--size", "4x4", "--k", "3", "--first", "you"]
    status, out = run(argv, "2b\nc 3\nD4\nq\n")
    assert status == 0
    assert "is not a cell" not in out
    assert "Hooray! You have won the game!" in out


def test_hints_say_which_moves_lead_where_and_mark_the_best_on_the_board(run) -> None:
    # X 5, Beginner 7, X 9, Beginner 8: X wins at 1 now, or in two moves at 4, 6 or 3.
    status, out = run(SEED_004, "X\n5\n9\nhint\nq\n")
    assert status == 0
    hint = out[out.index("Hint, if both sides play their best:") :]
    assert hint.splitlines()[1:7] == [
        "",
        "    O  | [O] |  X",
        "  -----+-----+-----",
        "    +  |  X  |  +",
        "  -----+-----+-----",
        "   (+) |  =  |  +",
    ]
    assert (
        "  If you play 1: you win with this move.\n"
        "  If you play any of 4, 6, 3: you win in 2 of your moves.\n"
        "  If you play 2, it ends in a draw.\n"
        "  Recommended move: 1.\n"
        "On the board, each free cell shows what playing there leads to: + you win, = draw,"
        " - you lose; the recommended move is in ( ).\n"
    ) in hint


def test_a_forced_block_is_recommended_and_losses_count_the_computers_moves(run) -> None:
    status, out = run(SEED_004, "X\n5\n3\nhint\nq\n")
    assert status == 0
    assert (
        "  If you play 9: you win in 2 of your moves.\n"
        "  If you play any of 4, 6, 1, 2: the computer wins with its next move.\n"
        "  Recommended move: 9.\n"
    ) in out


def test_every_move_draws_is_said_once(run) -> None:
    status, out = run(SEED_004, "X\nhint\nq\n")
    assert status == 0
    assert "  Whatever you play, it ends in a draw.\n  Recommended move: 7.\n" in out  # a corner
    assert "   (=) |  =  |  =\n" in out


def test_two_people_hints_name_the_opponent(run) -> None:
    # X 0, O 4, X 1: O must block 2, else X wins with its next move.
    status, out = run(PEOPLE, "0\n4\n1\nhint\nq\n")
    assert status == 0
    assert "  If you play any of 3, 5, 6, 7, 8: X wins next move.\n" in out
    assert "  Recommended move: 2.\n" in out


def test_hints_in_chinese_use_full_width_punctuation(run) -> None:
    status, out = run([*SEED_004, "--lang", "zh_CN"], "X\n5\n9\n提示\n退出\n")
    assert status == 0
    assert (
        "  如果你下 1：这一步就能赢。\n"
        "  如果你下 4、6、3 中的任意一格：你走 2 步就能赢。\n"
        "  如果你下 2，结果是平局。\n"
        "  推荐走法：1。\n"
    ) in out


def test_one_board_per_turn_and_a_15x15_turn_fits_24_lines(run) -> None:
    argv = ["play", "--size", "15x15", "--opponent", "fork-aware", "--first", "you"]
    status, out = run(argv, "h8\nh9\nh10\nq\n")
    assert status == 0
    boards = out.count("      a   b   c   d   e   f   g   h   i   j   k   l   m   n   o")
    prompts = out.count("What is your next move? (a1-o15)")
    assert boards == prompts == 4  # the empty board, then one board per reply
    turns = out.split("What is your next move? (a1-o15)")[1:-1]
    assert all(turn.count("\n") <= 24 for turn in turns), [t.count("\n") for t in turns]
    assert all(len(line) <= 80 for line in out.splitlines())


def test_boards_wider_than_the_terminal_are_drawn_compactly(run, monkeypatch) -> None:
    argv = ["play", "--size", "26x26", "--opponent", "human", "--numbering", "coords"]
    monkeypatch.setenv("COLUMNS", "80")
    status, narrow = run(argv, "m13\nq\n")
    assert status == 0
    assert max(display_width(line) for line in narrow.splitlines()) <= 80
    assert "  13  . . . . . . . . . . . .[X]. ." in narrow
    monkeypatch.setenv("COLUMNS", "120")
    status, wide = run(argv, "m13\nq\n")
    assert max(len(line) for line in wide.splitlines()) > 100
    assert "|[X]|" in wide


def test_no_colour_winning_line_includes_the_last_move(run) -> None:
    status, out = run(SEED_004, "X\n5\n9\n1\nn\n")
    assert status == 0
    last_board = out[: out.index("Hooray!")].rsplit("(1-9) 1\n", 1)[1]
    assert last_board.splitlines()[1:6] == [
        "    O  |  O  | *X*",
        "  -----+-----+-----",
        "    4  | *X* |  6",
        "  -----+-----+-----",
        "   *X* |  2  |  3",
    ]


def test_new_from_a_computer_to_two_people_takes_turns(run) -> None:
    status, out = run(SEED_004, "X\n5\n9\n1\nnew\n\n9\nq\n")
    assert status == 0
    after = out.split("new\n")[1]
    assert "Who goes first?" not in after
    assert "Player 2 plays X and goes first; Player 1 plays O." in after  # the second game
    assert "Player 2 (X), what is your next move? (1-9)" in after


@pytest.mark.parametrize(("argv", "answers"), [(["--k", "5"], "\n4x5\n"), ([], "15x15\n4x5\n5\n")])
def test_a_flagged_level_refuses_sizes_it_cannot_play(run, argv: list[str], answers: str) -> None:
    status, out = run(["play", "--opponent", "perfect", "--first", "you", *argv], answers + "q\n")
    assert status == 0
    assert "Perfect cannot play on a 15 x 15 board: choose another size." in out
    assert "Rules: 4 x 5 board, 5 in a row wins." in out
    assert "Traceback" not in out


def test_two_people_undo_after_the_end_takes_back_the_winning_move_only(run) -> None:
    # X 0, O 3, X 1, O 4, X 2 wins the top row; undo takes back only X 2.
    status, out = run(PEOPLE, "0\n3\n1\n4\n2\nhelp\nundo\nq\n")
    assert status == 0
    after = out[out.index("The game is over. Type one of:") :]
    assert "  undo (u)      take back the last move" in after
    assert "Took back: X 2." in after
    assert "Player 1 (X), what is your next move? (0-8)" in after


def test_each_opponent_and_board_keeps_its_own_score(run) -> None:
    # Beginner on 3 x 3, then on 4 x 4 with 3 in a row, then back on 3 x 3: a win each.
    win_3x3, win_4x4 = "5\n9\n1\n", "b2\nc3\nd4\n"
    back = "new\n3x3\n\n\n"
    answers = f"X\n{win_3x3}new\n4x4\n3\n\n\n{win_4x4}{back}{win_3x3}no\n"
    status, out = run(SEED_004, answers)
    assert status == 0
    assert [line for line in out.splitlines() if line.startswith("Score")] == [
        "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0.",
        "Score against Beginner, 4 x 4, 3 in a row: You 1 · computer 0 · draws 0.",
        "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0.",
        "Score against Beginner, 3 x 3, 3 in a row: You 2 · computer 0 · draws 0.",
    ]
    # Back on 3 x 3, its score so far comes under the rules, before the first move.
    return_to_3x3 = out.split("Board size? (rows x columns, like 3x3, 7x7 or 15x15) [4x4] 3x3")[1]
    assert return_to_3x3.index("Score against Beginner, 3 x 3") < return_to_3x3.index("5\n")


def test_another_opponent_starts_its_own_score_and_two_people_name_the_board(run) -> None:
    answers = "X\n5\n9\n1\nnew\n\n2\n\n5\nresign\ny\nnew\n\n9\n7\n4\n8\n5\n9\nno\n"
    status, out = run([*SEED_004, "--seed", "1"], answers)
    assert status == 0
    scores = [line for line in out.splitlines() if line.startswith("Score")]
    assert scores == [
        "Score against Beginner, 3 x 3, 3 in a row: You 1 · computer 0 · draws 0.",
        "Score against Easy, 3 x 3, 3 in a row: You 0 · computer 1 · draws 0.",
        "Score on 3 x 3, 3 in a row: Player 1 1 · Player 2 0 · draws 0.",
    ]


def test_score_and_hints_in_russian(run) -> None:
    status, out = run([*SEED_004, "--lang", "ru"], "X\n5\n3\nподсказка\n9\n1\nнет\n")
    assert status == 0
    assert "  Если вы сходите в 9: вы выигрываете за 2 своих хода.\n" in out
    assert (
        "  Если вы сходите в любую из клеток 4, 6, 1, 2: компьютер выигрывает следующим ходом.\n"
        "  Рекомендуемый ход: 9.\n"
    ) in out
    assert "Счёт против «Новичок», 3 x 3, 3 в ряд: Вы 1 · компьютер 0 · ничьи 0." in out
