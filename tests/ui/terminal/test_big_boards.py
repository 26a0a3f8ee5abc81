"""Big boards in the terminal game: the engine's hints, the thinking time (``think``), and the
search's progress on the spinner line (a real pseudo-terminal)."""

from __future__ import annotations

import io
import os
import pty
import random
import re
import select
import subprocess
import sys
import time

import pytest

from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.game import Match
from tictactoe.texts.i18n import translator
from tictactoe.ui.terminal.answers import Think, parse_move
from tictactoe.ui.terminal.loop import TerminalGame
from tictactoe.ui.terminal.prompts import Invalid, Prompter

PEOPLE_15 = ["play", "--opponent", "human", "--size", "15x15", "--think", "0.05"]
SUGGESTION = re.compile(r"^  ([1-3])\. If you play ([a-o]\d{1,2}): (.+)$")
VERDICTS = ("better for you", "about equal", "worse for you", "you win", "X wins", "O wins")


def _hint(out: str, number: int = 1) -> list[str]:
    """The lines of the ``number``-th hint, from its heading to its legend."""
    start = -1
    for _ in range(number):
        start = out.index("Hint: the best moves Expert", start + 1)
    end = out.index("On the board, each suggested cell shows what playing there", start)
    return out[start:end].splitlines()


def test_a_hint_on_a_big_board_lists_the_engines_best_moves(run) -> None:
    status, out = run(PEOPLE_15, "h8\ni9\nhint\nq\n")
    assert status == 0
    hint = _hint(out)
    assert hint[0] == "Hint: the best moves Expert finds in 0.05 s:"
    listed = [SUGGESTION.match(line) for line in hint if SUGGESTION.match(line)]
    assert 1 <= len(listed) <= 3
    assert [int(found[1]) for found in listed] == list(range(1, len(listed) + 1))
    cells = [found[2] for found in listed]
    assert len(set(cells)) == len(cells) and not {"h8", "i9"} & set(cells)
    assert all(found[3].startswith(VERDICTS) for found in listed)
    assert f"  Recommended move: {cells[0]}." in hint
    # On the board: the suggested cells carry a sign, the recommended one in parentheses.
    board = "\n".join(line for line in hint if "|" in line)
    assert board.count("(") == 1 and re.search(r"\([+=-]\)", board)
    assert len(re.findall(r"(?<![(\w])[+=-](?!\))", board)) == len(cells) - 1
    assert "no hints here" not in out


def test_forced_results_are_counted_in_the_winners_moves(run) -> None:
    # X h8 i8 j8 is an open three: an open four wins in two of X's moves.
    status, out = run(PEOPLE_15, "h8\na1\ni8\na2\nj8\na3\nhint\nk8\nhint\nq\n")
    assert status == 0
    first = _hint(out, 1)
    assert re.match(r"  1\. If you play (g8|k8): you win in 2 of your moves\.", first[-2])
    # After k8 (an open four) every move of O loses to X's next move.
    second = [found for line in _hint(out, 2) if (found := SUGGESTION.match(line))]
    assert second
    for found in second:
        assert found[2] in ("g8", "l8")
        assert found[3].startswith("X wins next move")


def test_a_hint_against_the_computer_names_it(run) -> None:
    argv = ["play", "--opponent", "win-block", "--size", "9x9", "--first", "you", "--seed", "3"]
    status, out = run([*argv, "--think", "0.05"], "e5\nhint\nq\n")
    assert status == 0
    assert "Expert thinks" not in out  # Medium plays: no thinking time to announce
    assert "Hint: the best moves Expert finds in 0.05 s:" in out


def test_think_shows_and_sets_the_thinking_time(run) -> None:
    argv = ["play", "--opponent", "search", "--size", "15x15", "--first", "you"]
    answers = "think\nthink 0\nthink soon\nthink 0.05\nhelp\nthink 3s\nthink\nq\n"
    status, out = run([*argv, "--think", "2"], answers)
    assert status == 0
    assert "Expert thinks 2 s per move (type think 5 to change it)." in out
    assert (
        "Thinking time: 2 s per move, for Expert and for hints on big boards."
        " To change it, type think 5 (from 0.05 to 600 seconds)." in out
    )
    refusal = "Please type the thinking time in seconds, from 0.05 to 600, like think 5."
    assert out.count(refusal) == 2
    assert "Thinking time is now 0.05 s per move." in out
    think_help = "show or set how long Expert thinks per move (now 0.05 s): think 5"
    assert f"  think           {think_help}" in out
    assert "Thinking time is now 3 s per move." in out
    assert "Thinking time: 3 s per move" in out


def test_think_in_other_languages(run) -> None:
    argv = ["play", "--opponent", "search", "--size", "9x9", "--first", "you", "--think", "1"]
    status, out = run([*argv, "--lang", "ru"], "время 0,5\nthink 0.25\nq\n")
    assert status == 0
    assert "Уровень «Эксперт» думает над ходом 1 с (изменить: «время 5»)." in out
    assert "Теперь время на ход: 0,5 с." in out
    assert "Теперь время на ход: 0,25 с." in out
    status, out = run([*argv, "--lang", "zh_CN"], "思考2秒\nq\n")
    assert "思考时间现为每步 2 秒。" in out
    status, out = run([*argv, "--lang", "vi"], "thời gian 3 giây\nq\n")
    assert "Thời gian suy nghĩ giờ là 3 giây mỗi nước." in out


def test_the_parser_tells_think_from_cells_and_other_words() -> None:
    tr = translator("en")
    board = Match(Rules(15, 15, 5), "search").game.board
    rules = board.rules
    assert parse_move("think", tr, board, Numbering.COORDS) == Think()
    assert parse_move("THINK 2.5", tr, board, Numbering.COORDS) == Think(2.5)
    assert parse_move("think600", tr, board, Numbering.COORDS) == Think(600.0)
    assert parse_move("h8", tr, board, Numbering.COORDS) == rules.cell(7, 7)
    for bad in ("think 601", "think -1", "think 1e3", "think nan", "think " + "9" * 5000):
        with pytest.raises(Invalid, match=r"from 0\.05 to 600"):
            parse_move(bad, tr, board, Numbering.COORDS)
    with pytest.raises(Invalid, match="is not a cell"):
        parse_move("thinking", tr, board, Numbering.COORDS)


def test_the_thinking_time_set_in_a_game_is_kept_for_the_next_ones() -> None:
    match = Match(Rules(9, 9, 5), "search", rng=random.Random(1), think=1.0)
    out = io.StringIO()
    prompter = Prompter(io.StringIO("think 0.05\nresign\ny\nno\n"), out)
    TerminalGame(match, prompter, translator("en")).run()
    assert "Thinking time is now 0.05 s per move." in out.getvalue()
    assert match.think_seconds == 0.05 and match.game.think_seconds == 0.05
    assert match.new_game().think_seconds == 0.05


def test_help_lists_think_where_it_matters_and_it_works_after_the_game(run) -> None:
    argv = ["play", "--opponent", "search", "--size", "3x3", "--first", "you"]
    status, out = run(argv, "resign\ny\nhelp\nthink 7\nno\n")
    assert status == 0
    after = out[out.index("The game is over. Type one of:") :]
    assert re.search(r"\n  think +show or set how long Expert thinks per move \(now 1 s\)", after)
    assert "Thinking time is now 7 s per move." in out
    # Perfect on 3 x 3: nothing thinks for a set time and hints are exact.
    status, out = run(["play", "--opponent", "perfect", "--size", "3x3"], "1\nhelp\nq\n")
    assert status == 0 and "  hint " in out and "  think " not in out
    status, out = run(PEOPLE_15, "help\nq\n")  # two people, but the hints need the engine
    assert re.search(r"\n  think +show or set how long Expert thinks per move \(now 0.05 s\)", out)


# --- in a real terminal -----------------------------------------------------------------------


def _game_in_a_terminal(
    env: dict[str, str], argv: list[str]
) -> tuple[subprocess.Popen[bytes], int]:
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe", "play", *argv],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**env, "TERM": "xterm", "NO_COLOR": "1"},
    )
    os.close(terminal)
    return process, controller


def _until(controller: int, marker: bytes, seen: bytes = b"") -> bytes:
    """Read the terminal until ``marker`` shows (a minute at most: then the test fails)."""
    deadline = time.monotonic() + 60
    while marker not in seen and time.monotonic() < deadline:
        if select.select([controller], [], [], 0.1)[0]:
            seen += os.read(controller, 4096)
    assert marker in seen, seen[-300:]
    return seen


def _finish(process: subprocess.Popen[bytes], controller: int) -> None:
    try:
        os.write(controller, b"\x15q\r")  # Ctrl-U clears anything held on the prompt; quit
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        os.close(controller)


def _thinking_frames(env: dict[str, str], *options: str) -> list[str]:
    """The spinner's frames while Expert thinks 2 s about its first answer on 15 x 15."""
    argv = ["--size", "15x15", "--opponent", "search", "--first", "you", "--think", "2"]
    process, controller = _game_in_a_terminal({**env, "COLUMNS": "100"}, [*argv, *options])
    try:
        seen = _until(controller, b"(a1-o15) ")
        os.write(controller, b"h8\r")
        seen = _until(controller, b"plays", seen)
        seen = _until(controller, b"(a1-o15) ", seen)
    finally:
        _finish(process, controller)
    return [frame for frame in re.split(r"\r\x1b\[K", seen.decode()) if "is thinking" in frame]


@pytest.mark.slow
def test_the_spinner_says_how_long_of_how_long(env: dict[str, str]) -> None:
    frames = _thinking_frames(env)
    assert frames
    assert any(re.match(r"^Expert \(O\) is thinking [|/\\-] 1\.\d s of 2 s$", f) for f in frames)
    assert not any("depth" in frame for frame in frames), "the analysis is off"


@pytest.mark.slow
def test_the_spinner_shows_the_search_progress_and_the_clock(env: dict[str, str]) -> None:
    argv = ["--size", "15x15", "--opponent", "search", "--first", "you", "--think", "5"]
    argv.append("--analysis")
    process, controller = _game_in_a_terminal({**env, "COLUMNS": "100"}, argv)
    try:
        seen = _until(controller, b"(a1-o15) ")
        os.write(controller, b"h8\r")
        seen = _until(controller, b"plays", seen)
        seen = _until(controller, b"(a1-o15) ", seen)
    finally:
        _finish(process, controller)
    text = seen.decode()
    frames = [frame for frame in re.split(r"\r\x1b\[K", text) if "is thinking" in frame]
    assert frames
    progress = re.compile(
        r"^Expert \(O\) is thinking [|/\\-] depth \d+ · [a-o]\d{1,2}( [a-o]\d{1,2})*"
    )
    assert any(progress.match(frame) for frame in frames), frames[-3:]
    assert any(re.search(r" · [12] s$", frame) for frame in frames), frames[-3:]  # the clock
    assert all(len(frame) < 100 for frame in frames)


def test_enter_stops_a_long_hint_and_what_was_typed_waits(env: dict[str, str]) -> None:
    # Ten minutes a move: only Enter can end this hint before the test gives up.
    argv = ["--size", "15x15", "--opponent", "human", "--think", "600"]
    process, controller = _game_in_a_terminal(env, argv)
    try:
        seen = _until(controller, b"(a1-o15) ")
        os.write(controller, b"h8\r")
        seen = _until(controller, b"Player 2 (O), what is your next move? (a1-o15) ", seen)
        os.write(controller, b"i9\r")
        seen = _until(controller, b"Player 1 (X), what is your next move? (a1-o15) ", seen)
        os.write(controller, b"hint\r")
        seen = _until(controller, b"Working out the hint (Enter stops it)", seen)
        os.write(controller, b"h9\r")
        seen = _until(controller, b"found before you stopped it:", seen)
        prompt = seen.rindex(b"(a1-o15) ")
        seen = _until(controller, b"h9", seen[prompt:])  # put back on the prompt
        os.write(controller, b"\r")
        seen = _until(controller, b"Player 2 (O), what is your next move?", seen)
    finally:
        _finish(process, controller)


def test_hints_on_6x5_are_exact_every_move_early_then_the_proved_best(run) -> None:
    # 6 x 5 with k = 4: the opening table values every move of the first plies; past them
    # exact play proves the best move alone, and the hint says it as exact, not searched.
    argv = ["play", "--opponent", "human", "--size", "6x5", "--k", "4"]
    status, out = run(argv, "hint\nc3\nd4\nb4\nd2\nhint\nq\n")
    assert status == 0
    first, later = out.split("Hint, if both sides play their best:")[1:3]
    assert "  If you play any of c3, c4: you win in 6 of your moves.\n" in first
    assert ", it ends in a draw." in first  # every move valued
    assert "Expert" not in later.split("On the board")[0]
    listed = [found for line in later.splitlines() if (found := SUGGESTION.match(line))]
    assert listed and all(found[3].startswith("you win in ") for found in listed)
