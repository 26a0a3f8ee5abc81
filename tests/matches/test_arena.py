"""The arena: match engine (counts, reproducibility, parallel play) and the ``arena`` command."""

from __future__ import annotations

import io
import itertools
import json
import signal
import sys
from pathlib import Path

import pytest

from tictactoe.cli.commands import arena as command
from tictactoe.cli.parser import Parser
from tictactoe.core.board import Board, Mark
from tictactoe.core.errors import UnknownPlayerError, Wording
from tictactoe.core.rules import Rules
from tictactoe.matches import arena
from tictactoe.matches.arena import MatchError, Tally, run_match
from tictactoe.texts.i18n import translator
from tictactoe.texts.sentences import span

ENGLISH = translator("en")


def run_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Parse ``argv`` as the arena command would and run it; (status, stdout, stderr)."""
    parser = Parser(prog="tictactoe arena")
    command.add_arguments(parser)
    parser.set_defaults(parser=parser)
    try:
        status = command.run(parser.parse_args(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


class TestEngine:
    def test_counts_sum_to_games(self) -> None:
        result = run_match("random", "win-block", Rules(), 50, seed=1)
        tally = result.tally
        assert tally.x_wins + tally.o_wins + tally.draws == tally.games == 50
        assert 5 * 50 <= tally.moves <= 9 * 50

    def test_same_seed_same_result_whatever_the_jobs(self) -> None:
        rules = Rules(4, 4, 3)
        one = run_match("random", "corner-first", rules, 300, seed=7, jobs=1)
        two = run_match("random", "corner-first", rules, 300, seed=7, jobs=2)
        assert one == two
        other = run_match("random", "corner-first", rules, 300, seed=8, jobs=1)
        assert other.tally != one.tally

    def test_deterministic_players_give_one_result(self) -> None:
        result = run_match("first-free", "first-free", Rules(), 10, seed=0)
        assert result.tally == Tally(x_wins=10, moves=70)

    def test_fork_aware_never_loses_to_random_on_3x3(self) -> None:
        result = run_match("random", "fork-aware", Rules(), 100, seed=3)
        assert result.tally.x_wins == 0

    def test_progress_reports_every_batch(self) -> None:
        seen: list[int] = []
        run_match("random", "random", Rules(), 250, seed=0, progress=seen.append)
        assert seen == sorted(seen) and seen[-1] == 250
        assert len(seen) == arena.BATCHES_PER_MATCH
        assert len(set(b - a for a, b in zip([0, *seen], seen, strict=False))) == 2  # 2 or 3 each

    def test_batches_cover_every_game_once(self) -> None:
        for games in (1, 99, 100, 101, 1234):
            parts = list(arena.batches(arena.Pairing("random", "random", Rules(), 0), games))
            covered = [game for part in parts for game in range(part.start, part.stop)]
            assert covered == list(range(games))

    def test_huge_matches_come_in_small_batches_made_lazily(self) -> None:
        first = list(
            itertools.islice(arena.batches(arena.Pairing("random", "random", Rules(), 0), 10**9), 3)
        )
        assert [batch.stop - batch.start for batch in first] == [2221, 2222, 2222]
        for rules in (Rules(), Rules(15, 15, 5), Rules(26, 26, 5)):
            most = max(1, arena.BATCH_WORK // rules.size)
            for games in (1, 50, 1_000, 10**6):
                parts = list(arena.batches(arena.Pairing("random", "random", rules, 0), games))
                assert len(parts) == arena.batch_count(games, rules) >= min(games, 100)
                assert max(part.stop - part.start for part in parts) <= most
                assert [part.start for part in parts[1:]] == [part.stop for part in parts[:-1]]
                assert (parts[0].start, parts[-1].stop) == (0, games)

    def test_play_game_ends_the_game(self) -> None:
        board = arena.play_game(
            arena.players.create("random", seed=1), arena.players.create("random", seed=2), Rules()
        )
        assert isinstance(board, Board) and board.is_over

    def test_bad_matches(self) -> None:
        with pytest.raises(UnknownPlayerError, match="choose one of"):
            run_match("nobody", "random", Rules(), 1, seed=0)
        with pytest.raises(MatchError, match="at least one game"):
            run_match("random", "random", Rules(), 0, seed=0)
        with pytest.raises(MatchError, match="jobs"):
            run_match("random", "random", Rules(), 1, seed=0, jobs=0)

    def test_jobs_are_capped_at_a_few_per_core(self) -> None:
        most = arena.max_jobs()
        assert most == arena.JOBS_PER_CORE * arena.available_cpus()
        with pytest.raises(MatchError, match=f"jobs must be from 1 to {most}"):
            run_match("random", "random", Rules(), 1, seed=0, jobs=most + 1)

    def test_ctrl_c_keeps_every_game_finished_with_one_job(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        played = 0
        real_game = arena.play_game

        def play_until_ctrl_c(*args: object) -> Board:
            nonlocal played
            if played == 777:
                raise KeyboardInterrupt
            played += 1
            return real_game(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(arena, "play_game", play_until_ctrl_c)
        with pytest.raises(arena.MatchStopped) as stop:
            run_match("win-block", "random", Rules(), 10_000, seed=4)
        assert stop.value.signum == signal.SIGINT
        assert stop.value.result.tally.games == 777  # mid-batch: nothing lost
        monkeypatch.setattr(arena, "play_game", real_game)
        again = run_match("win-block", "random", Rules(), 777, seed=4).tally
        assert stop.value.result.tally == again

    def test_a_stop_between_batches_keeps_the_finished_batches(self) -> None:
        def stop_at_half(done: int) -> None:
            if done >= 500:
                raise KeyboardInterrupt

        with pytest.raises(arena.MatchStopped) as stop:
            run_match("random", "random", Rules(), 1000, seed=1, jobs=2, progress=stop_at_half)
        assert 500 <= stop.value.result.tally.games < 1000
        assert isinstance(stop.value, KeyboardInterrupt)

    @pytest.mark.parametrize("rules", [Rules(), Rules(4, 4, 3), Rules(7, 7, 5)], ids=str)
    def test_two_random_players_play_the_games_they_play_move_by_move(
        self, rules: Rules, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        quick = run_match("random", "Random", rules, 300, seed=6)
        monkeypatch.setattr(arena, "random_players_playout", lambda *names: None)
        assert run_match("random", "Random", rules, 300, seed=6) == quick

    def test_only_two_random_players_take_the_playout_path(self) -> None:
        playout = arena.random_players_playout("random", "RANDOM", Rules(5, 5, 4))
        assert playout is not None and playout.rules == Rules(5, 5, 4)
        assert arena.random_players_playout("random", "win-block", Rules()) is None
        assert arena.random_players_playout("first-free", "random", Rules()) is None

    def test_default_jobs(self) -> None:
        assert arena.default_jobs(10, Rules()) == 1
        assert arena.default_jobs(10_000, Rules(15, 15, 5)) == arena.available_cpus()

    def test_result_as_dict(self) -> None:
        result = run_match("first-free", "random", Rules(7, 6, 4), 4, seed=2)
        data = result.as_dict()
        assert data["size"] == "7x6" and data["k"] == 4 and data["seed"] == 2
        assert data["x_wins"] + data["o_wins"] + data["draws"] == data["games"] == 4  # type: ignore[operator]


class TestPerfect:
    @pytest.mark.slow
    def test_perfect_against_itself_always_draws(self) -> None:
        result = run_match("perfect", "perfect", Rules(), 20, seed=0)
        assert result.tally.draws == 20

    def test_perfect_is_refused_on_15x15_with_its_reason(self) -> None:
        with pytest.raises(MatchError, match="'perfect' cannot play 15x15, k=5: "):
            arena.check_players(Rules(15, 15, 5), "random", "perfect")


class TestCommand:
    def test_text_report(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, err = run_command(
            ["--x", "win-block", "--o", "random", "--games", "20", "--seed", "4"], capsys
        )
        assert status == 0 and err == ""
        assert "Medium (X) against Easy (O) on 3x3, k=3: 20 games, seed 4" in out
        for label in ("X wins", "O wins", "draws", "average game"):
            assert label in out

    def test_level_names_and_exact_names_are_taken_and_the_titles_shown(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        for x, o in (("medium", "Easy"), ("win-block", "random")):
            status, out, _ = run_command(
                ["--x", x, "--o", o, "--games", "2", "--seed", "4"], capsys
            )
            assert status == 0
            assert out.startswith("Medium (X) against Easy (O) on 3x3"), "as every menu says"

    def test_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["--x", "random", "--o", "centre-first", "--games", "40", "--seed", "9", "--json"]
        status, out, err = run_command([*argv, "--size", "4x4", "--k", "3"], capsys)
        assert status == 0 and err == ""
        data = json.loads(out)
        assert {"x_wins", "o_wins", "draws", "games", "x", "o", "size", "k", "seed"} <= set(data)
        assert data["x_wins"] + data["o_wins"] + data["draws"] == data["games"] == 40
        assert (data["x"], data["o"], data["size"], data["k"], data["seed"]) == (
            "random",
            "centre-first",
            "4x4",
            3,
            9,
        )

    def test_same_seed_same_json_with_one_or_two_jobs(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        argv = ["--x", "random", "--o", "win-block", "--games", "400", "--seed", "5", "--json"]
        _, one, _ = run_command([*argv, "--jobs", "1"], capsys)
        _, two, _ = run_command([*argv, "--jobs", "2"], capsys)
        assert json.loads(one) == json.loads(two)

    def test_a_seed_is_chosen_and_shown_when_none_is_given(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out, _ = run_command(["--x", "random", "--o", "random", "--json"], capsys)
        assert status == 0
        data = json.loads(out)
        assert isinstance(data["seed"], int) and data["games"] == command.DEFAULT_GAMES

    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (
                ["--x", "nobody", "--o", "random"],
                "--x: there is no player 'nobody'. Choose a level (beginner, easy, medium,",
            ),
            (["--x", "random", "--o", "random", "--games", "0"], "at least 1"),
            (["--x", "random", "--o", "random", "--games", "many"], "at least 1"),
            (["--x", "random", "--o", "random", "--size", "30x3"], "from 1 to 26"),
            (["--x", "random", "--o", "random", "--size", "big"], "like 3x3"),
            (["--x", "random", "--o", "random", "--k", "4"], "k must be from 2 to 3"),
            (["--x", "random", "--o", "random", "--k", "four"], "whole number"),
            (["--x", "random", "--o", "random", "--jobs", "-1"], "at least 1"),
            (["--x", "random", "--o", "random", "--seed", "x"], "whole number"),
            (["--x", "random", "--o", "random", "--colour", "red"], "There is no option --colour."),
            (["--x", "random"], "Missing: --o."),
        ],
    )
    def test_bad_input_exits_2_with_a_message(
        self, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out, err = run_command(argv, capsys)
        assert status == 2
        assert out == ""
        assert message in err
        assert "Traceback" not in err

    def test_perfect_on_15x15_is_refused(self, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["--x", "perfect", "--o", "random", "--size", "15x15"]
        status, out, err = run_command(argv, capsys)
        assert status == 2 and out == ""
        assert "Perfect does not play 15 x 15: choose another level." in err

    def test_progress_bar(self) -> None:
        stream = io.StringIO()
        bar = command.ProgressBar(ENGLISH, 200, stream)
        bar.update(100)
        assert "[" + "#" * 15 + "." * 15 + "] 100/200 games" in stream.getvalue()
        bar.close()
        assert stream.getvalue().endswith("\r")

    def test_progress_bar_shows_the_time_left(self) -> None:
        now = [100.0]
        stream = io.StringIO()
        bar = command.ProgressBar(ENGLISH, 1000, stream, clock=lambda: now[0])
        bar.update(0)
        assert stream.getvalue() == "\r[" + "." * 30 + "] 0/1000 games"
        now[0] += 30
        bar.update(250)
        assert stream.getvalue().endswith("] 250/1000 games, about 1 min 30 s left")
        now[0] += 60
        bar.update(1000)
        last = stream.getvalue().rpartition("\r")[2]
        assert last.rstrip() == "[" + "#" * 30 + "] 1000/1000 games"
        bar.close()
        erased = stream.getvalue().rpartition("\r[")[2].partition("\r")[2]
        assert erased.strip() == "" and len(erased) >= len(last)

    @pytest.mark.parametrize(
        ("seconds", "text"),
        [(0.4, "0 s"), (59.4, "59 s"), (65, "1 min 05 s"), (7322, "2 h 02 min"), (9e6, "104 days")],
    )
    def test_durations(self, seconds: float, text: str) -> None:
        assert span(ENGLISH, seconds) == text

    def test_the_progress_bar_speaks_the_players_language(self) -> None:
        now = [0.0]
        stream = io.StringIO()
        bar = command.ProgressBar(translator("ru"), 1000, stream, clock=lambda: now[0])
        bar.update(0)
        now[0] += 30
        bar.update(250)
        assert stream.getvalue().endswith("] 250/1000 партий, осталось около 1 мин 30 с")

    def test_too_many_jobs_is_refused_with_the_limit(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, out, err = run_command(["--x", "random", "--o", "random", "--jobs", "5000"], capsys)
        assert status == 2 and out == ""
        assert f"at most {arena.max_jobs()} ({arena.JOBS_PER_CORE} per core" in err

    @pytest.mark.parametrize("as_json", [False, True])
    def test_ctrl_c_prints_the_games_finished_so_far(
        self, as_json: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def stopped(x: str, o: str, rules: Rules, games: int, **options: object) -> None:
            seed = options["seed"]
            assert isinstance(seed, int)
            done = Tally(x_wins=3, o_wins=1, draws=2, moves=40)
            raise arena.MatchStopped(
                arena.MatchResult(x, o, rules, seed, tally=done), signal.SIGINT
            )

        monkeypatch.setattr(arena, "run_match", stopped)
        argv = ["--x", "random", "--o", "random", "--games", "50", "--seed", "8"]
        status, out, err = run_command([*argv, "--json"] if as_json else argv, capsys)
        assert status == 130 and err == ""
        if as_json:
            data = json.loads(out)
            assert (data["games"], data["stopped"], data["planned_games"]) == (6, True, 50)
            assert data["seed"] == 8
        else:
            assert out.splitlines()[:3] == [
                "Easy (X) against Easy (O) on 3x3, k=3: 50 games, seed 8",
                "Stopped after 6 of 50 games:",
                "  X wins        3   50.0%",
            ]

    def test_sigterm_ends_quietly(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def terminated(x: str, o: str, rules: Rules, games: int, **options: object) -> None:
            raise arena.MatchStopped(arena.MatchResult(x, o, rules, 0), signal.SIGTERM)

        monkeypatch.setattr(arena, "run_match", terminated)
        status, out, err = run_command(["--x", "random", "--o", "random", "--json"], capsys)
        assert (status, out, err) == (128 + signal.SIGTERM, "", "")


ARENA_PAGE = Path(__file__).resolve().parents[2] / "docs" / "arena.md"


def readme_table() -> dict[tuple[str, str], Tally]:
    """docs/arena.md's table of every pair on 3 x 3 (200 games, seed 1): (x, o) -> counts."""
    lines = ARENA_PAGE.read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| X \\ O |"))
    columns = [cell.strip() for cell in lines[header].strip("|").split("|")[1:]]
    table = {}
    for line in lines[header + 2 : header + 2 + len(columns)]:
        x, *cells = (cell.strip() for cell in line.strip("|").split("|"))
        for o, cell in zip(columns, cells, strict=True):
            x_wins, o_wins, draws = map(int, cell.split("/"))
            table[x, o] = Tally(x_wins, o_wins, draws)
    return table


@pytest.mark.slow
@pytest.mark.parametrize("x", ["random", "perfect"])
def test_readme_table_of_every_pair_is_what_the_arena_plays(x: str) -> None:
    table = readme_table()
    assert len(table) == len(arena.players.names()) ** 2
    for o in arena.players.names():
        tally = run_match(x, o, Rules(), 200, seed=1).tally
        assert Tally(tally.x_wins, tally.o_wins, tally.draws) == table[x, o], (x, o)


class TestSearchBudget:
    @pytest.mark.slow
    def test_nodes_by_default_and_reproducible(self) -> None:
        first = run_match("search", "win-block", Rules(7, 7, 5), 2, seed=3)
        again = run_match("search", "win-block", Rules(7, 7, 5), 2, seed=3)
        assert first.nodes == arena.DEFAULT_NODES and first.think is None
        assert first.tally == again.tally

    def test_command_options(self, capsys: pytest.CaptureFixture[str]) -> None:
        argv = ["--x", "search", "--o", "win-block", "--size", "7x7", "--games", "1", "--json"]
        status, out, _ = run_command([*argv, "--nodes", "500"], capsys)
        data = json.loads(out)
        assert status == 0 and (data["nodes"], data["think"]) == (500, None)
        status, out, _ = run_command([*argv, "--think", "0.1"], capsys)
        data = json.loads(out)
        assert status == 0 and (data["nodes"], data["think"]) == (None, 0.1)
        status, _, err = run_command([*argv, "--think", "1", "--nodes", "5"], capsys)
        assert status == 2 and "--nodes cannot go with --think." in err


class TestOwnPlayers:
    FIRST_FREE = "def choose(board):\n    return board.legal_moves()[0]\n"

    def test_a_file_plays_a_match_like_a_level(self, tmp_path: Path) -> None:
        path = tmp_path / "first_free.py"
        path.write_text(self.FIRST_FREE)
        ours = run_match(str(path), "first-free", Rules(), 6, seed=1, jobs=2)
        theirs = run_match("first-free", "first-free", Rules(), 6, seed=1)
        assert ours.tally == theirs.tally == Tally(x_wins=6, moves=42)

    def test_a_player_that_fails_loses_each_game_by_forfeit(self, tmp_path: Path) -> None:
        path = tmp_path / "cheat.py"
        path.write_text("def choose(board):\n    return 4\n")
        tally = run_match("random", str(path), Rules(), 20, seed=3).tally
        assert tally.x_wins == 20 and tally.o_forfeits + tally.draws <= 20
        assert tally.o_forfeits >= 15  # unless X took the centre first
        assert [str(reason) for reason in tally.reasons] == [
            "cheat.py loses this game: it played 4, centre, which is taken."
        ]
        slow = Wording("slow")
        assert tally.add_game(arena.Forfeit(Mark.X, 3, slow, slow)).reasons == (
            *tally.reasons,
            slow,
        )
        assert [reason.said(translator("ru").gettext) for reason in tally.reasons] == [
            "cheat.py проигрывает эту партию: он сходил в 4, центр, а эта клетка занята."
        ]

    def test_forfeits_are_counted_and_said(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "broken.py"
        path.write_text("def choose(board):\n    return None\n")
        status, out, _ = run_command(["--x", str(path), "--o", "medium", "--games", "3"], capsys)
        assert status == 0
        assert out.splitlines()[0].startswith("broken.py (X) against Medium (O) on 3x3")
        assert "  X lost 3 games by forfeit\n" in out
        assert "    broken.py loses this game: it answered None, which is not a cell.\n" in out
        _, out, _ = run_command(
            ["--x", str(path), "--o", "medium", "--games", "2", "--json"], capsys
        )
        data = json.loads(out)
        assert (data["x_forfeits"], data["o_forfeits"], data["o_wins"]) == (2, 0, 2)
        assert data["forfeit_reasons"] == [
            "broken.py loses this game: it answered None, which is not a cell."
        ]

    def test_a_missing_file_or_program_is_refused(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status, _, err = run_command(["--x", str(tmp_path / "none.py"), "--o", "medium"], capsys)
        assert status == 2 and "There is no file" in err
        status, _, err = run_command(["--x", "brain:no-such-brain", "--o", "medium"], capsys)
        assert status == 2 and "There is no program 'no-such-brain'" in err

    def test_an_engine_plays_five_in_a_row_only(self) -> None:
        with pytest.raises(MatchError, match="cannot play 3x3, k=3: Gomocup engines play 5"):
            arena.check_players(Rules(), "random", f"brain:{sys.executable}")

    def test_own_players_play_in_few_batches_on_every_core(self, tmp_path: Path) -> None:
        path = str(tmp_path / "mine.py")
        assert arena.batch_count(1000, Rules(), "random", path) == arena.OWN_BATCHES
        assert arena.batch_count(3, Rules(), path, "random") == 3
        assert arena.default_jobs(10, Rules(), "random", path) == arena.available_cpus()


def test_the_counts_are_said_in_the_players_language(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--x", "medium", "--o", "easy", "--games", "20", "--seed", "4", "--lang", "ru"]
    status, out, _ = run_command(argv, capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Средний (X) против Лёгкий (O), поле 3x3, k=3: 20 партий, seed 4"
    assert [line.split()[0] for line in lines[1:4]] == ["X", "O", "ничьи"]
    assert {line.index("%") for line in lines[1:4]} == {len(lines[1]) - 1}, "one column"
    assert lines[4].startswith("  ходов в среднем за партию: ") and "," in lines[4]
