"""The end-of-game sentence: one per outcome and audience, in every language and front end."""

from __future__ import annotations

import random
import re

import pytest

from tictactoe.core.board import Mark
from tictactoe.core.outcome import Outcome, Termination
from tictactoe.core.records import Record
from tictactoe.core.rules import Rules
from tictactoe.game import HUMAN, Game
from tictactoe.players import own
from tictactoe.texts.i18n import LANGUAGES, translator
from tictactoe.texts.sentences import (
    FORFEITS,
    PHRASES,
    Audience,
    Opponent,
    announce,
    announce_forfeit,
    forfeit_key,
    phrase_key,
    phrasebook,
    summary,
)

EN = translator("en")
X_LINE = Outcome(Termination.LINE, Mark.X, frozenset({0, 1, 2}))
O_LINE = Outcome(Termination.LINE, Mark.O, frozenset({0, 4, 8}))
DRAW = Outcome(Termination.FULL_BOARD, None)
X_RESIGNED = Outcome(Termination.RESIGNATION, Mark.O)
O_LEFT = Outcome(Termination.FORFEIT, Mark.X)
PEOPLE = Audience.named({Mark.X: "Player 2", Mark.O: "Player 1"})


@pytest.mark.parametrize(
    ("outcome", "audience", "sentence"),
    [
        (X_LINE, Audience.player(Mark.X), "Hooray! You have won the game!"),
        (X_LINE, Audience.player(Mark.O), "The computer has beaten you! You lose."),
        (X_LINE, Audience.player(Mark.O, Opponent.FRIEND), "Your friend has beaten you! You lose."),
        (O_LINE, PEOPLE, "O wins! Player 1 has won the game."),
        (O_LINE, Audience.marks(), "O wins!"),
        (DRAW, Audience.player(Mark.X), "The game is a tie!"),
        (DRAW, PEOPLE, "The game is a tie!"),
        (X_RESIGNED, Audience.player(Mark.X), "You resigned: the computer wins this game."),
        (
            X_RESIGNED,
            Audience.player(Mark.O, Opponent.FRIEND),
            "Your friend resigned: you win this game.",
        ),
        (X_RESIGNED, PEOPLE, "Player 2 (X) resigned: Player 1 wins this game."),
        (X_RESIGNED, Audience.marks(), "X resigned: O wins this game."),
        (
            O_LEFT,
            Audience.player(Mark.X, Opponent.FRIEND),
            "Your friend left the game: you win this game.",
        ),
        (
            O_LEFT,
            Audience.player(Mark.O, Opponent.FRIEND),
            "You left the game: your friend wins this game.",
        ),
        (O_LEFT, Audience.marks(), "O left the game: X wins this game."),
        (Outcome(Termination.ADJUDICATED, Mark.O), Audience.marks(), "O wins!"),
        (Outcome(Termination.ADJUDICATED, None), Audience.marks(), "The game is a tie!"),
    ],
)
def test_each_audience_reads_its_sentence(
    outcome: Outcome, audience: Audience, sentence: str
) -> None:
    assert announce(outcome, audience, EN) == sentence


def every_case() -> list[tuple[Outcome, Audience]]:
    audiences = [Audience.marks(), PEOPLE] + [
        Audience.player(mark, opponent) for mark in Mark for opponent in Opponent
    ]
    outcomes = [X_LINE, O_LINE, DRAW, X_RESIGNED, O_LEFT, Outcome(Termination.FORFEIT, Mark.O)]
    return [(outcome, audience) for outcome in outcomes for audience in audiences]


def test_every_phrase_is_said_to_somebody() -> None:
    assert {phrase_key(outcome, audience) for outcome, audience in every_case()} == set(PHRASES)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_sentence_is_filled_in_every_language(language: str) -> None:
    tr = translator(language)
    for outcome, audience in every_case():
        said = announce(outcome, audience, tr)
        assert said and not re.search(r"[{}]", said), (language, said)
        if language != "en":
            assert said != announce(outcome, audience, EN), (language, said)


def test_the_web_page_gets_the_same_sentences() -> None:
    ru = translator("ru")
    book = phrasebook(ru)
    assert set(book) == set(PHRASES)
    key = phrase_key(X_RESIGNED, Audience.player(Mark.X))
    assert book[key] == announce(X_RESIGNED, Audience.player(Mark.X), ru)


def test_a_window_tells_the_one_person_you_and_others_the_marks() -> None:
    solo = Game(Rules(), {Mark.X: "random", Mark.O: HUMAN}, rng=random.Random(1))
    assert Audience.of_game(solo) == Audience.player(Mark.O)
    people = Game(Rules(), {Mark.X: HUMAN, Mark.O: HUMAN})
    assert Audience.of_game(people) == Audience.marks()
    demo = Game(Rules(), {Mark.X: "random", Mark.O: "perfect"})
    assert Audience.of_game(demo) == Audience.marks()


@pytest.mark.parametrize(
    ("record", "words"),
    [
        (Record.of(Rules(), (4, 0, 8, 2, 1, 6, 7)), "X won with 3 in a row"),
        (Record.of(Rules(), (0, 4, 8, 1, 7, 6, 2, 5, 3)), "draw"),
        (Record.of(Rules(), (4,), resigned=Mark.X), "O won: X resigned"),
        (Record(Rules(), (4,), winner=Mark.O, termination="forfeit"), "O won: X forfeited"),
        (Record(Rules(), (4,), winner=Mark.O, termination="adjudicated"), "O won by decision"),
        (Record(Rules(), (4,), termination="adjudicated"), "draw by decision"),
        (Record.of(Rules(), (4,)), "unfinished"),
    ],
)
def test_a_saved_games_result_in_a_few_words(record: Record, words: str) -> None:
    assert summary(EN, record) == words
    assert summary(translator("vi"), record) != words


def test_a_records_players_are_named_as_every_front_end_names_them() -> None:
    from tictactoe.texts.sentences import player_name

    en, ru = translator("en"), translator("ru")
    assert player_name(en, "human") == "human"
    assert player_name(en, "win-block") == "Medium"
    assert player_name(ru, "win-block") == ru.gettext("Medium") != "Medium"
    assert player_name(en, "RAPFI25.zip") == "RAPFI25.zip", "a name from a file, as it is"
    assert player_name(en, "bad\x1b[2Jname") == "bad?[2Jname", "without control characters"


def test_a_records_board_and_day_in_words() -> None:
    from datetime import UTC, datetime

    from tictactoe.core import Rules
    from tictactoe.core.records import Record
    from tictactoe.texts.sentences import board_name, played_at

    assert board_name(translator("en"), Rules(15, 15, 5)) == "15 x 15, 5 in a row"
    assert played_at(Record.of(Rules(), (4,))) == "-"
    day_only = Record.of(Rules(), (4,), started=datetime(2025, 6, 1, tzinfo=UTC))
    assert played_at(day_only) == "2025-06-01", "a file that gives the day only"


def test_a_saved_games_sides_call_a_person_you_or_player() -> None:
    from tictactoe.texts.sentences import side_names

    en, ru = translator("en"), translator("ru")
    assert side_names(en, Record.of(Rules(), (4,), "human", "win-block")) == ("You", "Medium")
    assert side_names(ru, Record.of(Rules(), (4,), "perfect", "human")) == ("Безупречный", "Вы")
    assert side_names(en, Record.of(Rules(), (4,), "human", "human")) == ("Player", "Player")
    assert side_names(en, Record.of(Rules(), (4,), "perfect", "random")) == ("Perfect", "Easy")


@pytest.mark.parametrize(
    ("reason", "values", "sentence"),
    [
        (own.TOO_SLOW, {"seconds": 1}, "forever.py ran out of time: you win."),
        (own.RAISED_AT, {"error": "E", "line": 2, "file": "f"}, "forever.py crashed: you win."),
        (own.STOPPED, {}, "forever.py crashed: you win."),
        (own.TAKEN, {"cell": "4, centre"}, "forever.py played a taken cell: you win."),
        (own.OFF_THE_BOARD, {"cell": "(3, 3)"}, "forever.py played off the board: you win."),
        (
            own.NOT_A_CELL,
            {"answer": "'b2'"},
            "forever.py answered something that is not a cell: you win.",
        ),
        (own.NOT_LOADED, {"error": "E"}, "forever.py could not be started: you win."),
        (own.NOT_STARTED, {"error": "E"}, "forever.py could not be started: you win."),
    ],
)
def test_an_own_players_failure_is_named_not_a_leaving(
    reason: str, values: dict[str, object], sentence: str
) -> None:
    failure = own.PlayerForfeit("forever.py", reason, **values)
    assert announce_forfeit(failure, O_LEFT, Audience.player(Mark.X), EN) == sentence


def test_a_forfeit_of_another_modules_reason_names_its_fault() -> None:
    from tictactoe.players import confinement, process

    benched = own.PlayerForfeit(
        "slow.py", process.BENCHED, fault=own.Fault.TIME, seconds=1, times=2
    )
    assert announce_forfeit(benched, O_LEFT, Audience.marks(), EN) == (
        "slow.py (O) ran out of time: X wins."
    )
    reason, values = confinement.reason_of({"what": "network"})
    tried = own.PlayerForfeit("net.py", reason, fault=own.Fault.FORBIDDEN, **values)
    assert announce_forfeit(tried, O_LEFT, PEOPLE, EN) == (
        "net.py (O) broke the rules for player files: Player 2 wins."
    )


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_failure_is_said_in_every_language(language: str) -> None:
    tr = translator(language)
    for fault in own.Fault:
        failure = own.PlayerForfeit("forever.py", own.STOPPED, fault=fault)
        for audience in (Audience.player(Mark.X), Audience.marks()):
            said = announce_forfeit(failure, O_LEFT, audience, tr)
            assert "forever.py" in said and not re.search(r"[{}]", said), (language, said)
            if language != "en":
                assert said != announce_forfeit(failure, O_LEFT, audience, EN)
    assert set(FORFEITS) == {
        forfeit_key(fault, audience)
        for fault in own.Fault
        for audience in (Audience.player(Mark.X), Audience.marks())
    }
