"""The online server's settings, the one source of the server's
defaults and of ``tictactoe web``'s options."""

from __future__ import annotations

import dataclasses

from tictactoe.cli.commands.web import add_arguments, settings_from
from tictactoe.online.settings import Settings, options


def test_the_commands_options_are_the_servers_settings() -> None:
    from tictactoe.cli.parser import Parser

    parser = Parser(prog="tictactoe web")
    add_arguments(parser)
    assert settings_from(parser.parse_args([])) == Settings()
    chosen = parser.parse_args(
        ["--max-rooms", "7", "--rooms-per-address", "2", "--max-think", "2.5", "--idle", "60"]
    )
    settings = settings_from(chosen)
    assert (settings.max_rooms, settings.rooms_per_address) == (7, 2)
    assert (settings.max_think_seconds, settings.idle_seconds) == (2.5, 60)
    defaults = {spec.name: spec.default for spec in dataclasses.fields(Settings)}
    shown = " ".join(parser.format_help().split())
    for name, option, default in options():
        assert defaults[name] == default and f"{option.flag} {option.metavar}" in shown
    assert "(default 60)" in shown and "(default 30)" in shown


def test_the_thinking_time_a_server_allows() -> None:
    assert Settings().think_range == (0.05, 60.0)
    assert Settings(max_think_seconds=600).think_range == (0.05, 600.0)
