"""Settings remembered between launches: defaults, round trips, atomic saves, bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe import players
from tictactoe.core.cells import Numbering
from tictactoe.core.rules import Rules
from tictactoe.saved.settings import Choices, Settings, SettingsError, SettingsStore, Theme


def test_defaults_without_a_file(tmp_path: Path) -> None:
    loaded = SettingsStore(tmp_path / "settings.json").load()
    assert loaded.settings == Settings()
    assert loaded.set_aside is None
    assert loaded.settings.level == players.DEFAULT_LEVEL == "win-block"
    assert loaded.settings.board == Rules()
    assert loaded.settings.theme is Theme.SYSTEM


def test_the_default_folder_is_the_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TICTACTOE_HOME", str(tmp_path / "home"))
    store = SettingsStore()
    store.save(Settings(level="perfect"))
    assert (tmp_path / "home" / "settings.json").is_file()
    assert SettingsStore().load().settings.level == "perfect"


sides = st.integers(min_value=1, max_value=26)


@st.composite
def any_settings(draw: st.DrawFn) -> Settings:
    m, n = draw(sides), draw(sides)
    longest = max(m, n)
    if longest < 2:
        m = 2
        longest = 2
    k = draw(st.integers(min_value=2, max_value=longest))
    return Settings(
        language=draw(st.sampled_from([None, "en", "ru", "zh_CN", "vi"])),
        level=draw(st.sampled_from(players.names())),
        board=Rules(m, n, k),
        think=draw(st.floats(min_value=0.05, max_value=600.0)),
        names=draw(st.booleans()),
        numbering=draw(st.sampled_from(list(Numbering))),
        sound=draw(st.booleans()),
        theme=draw(st.sampled_from(list(Theme))),
    )


@pytest.mark.slow
@given(any_settings())
def test_saved_settings_load_back_the_same(settings: Settings) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        store = SettingsStore(Path(folder) / "settings.json")
        store.save(settings)
        assert store.load().settings == settings


def test_a_save_replaces_the_file_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "deep" / "settings.json")
    store.save(Settings(level="random"))
    first = store.path.stat().st_ino
    store.save(Settings(level="perfect", sound=False))
    assert store.path.stat().st_ino != first, "a new file took the old one's place"
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["settings.json"]
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["level"] == "perfect" and data["sound"] is False
    assert data["board"] == {"rows": 3, "columns": 3, "k": 3}


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]", "\x00\x01", '"just a string"'])
def test_an_unreadable_file_is_set_aside_and_the_defaults_used(tmp_path: Path, text: str) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text(text, encoding="utf-8")
    loaded = store.load()
    assert loaded.settings == Settings()
    assert loaded.set_aside == tmp_path / "settings.json.broken"
    assert loaded.set_aside.read_text(encoding="utf-8") == text
    assert not store.path.exists()
    assert store.load().set_aside is None, "said once"


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text(
        json.dumps(
            {
                "language": "klingon",
                "level": "no-such-player",
                "board": {"rows": 99, "columns": 3, "k": 3},
                "think": 1e9,
                "names": "yes",
                "numbering": "roman",
                "sound": False,
                "theme": "dark",
            }
        ),
        encoding="utf-8",
    )
    loaded = store.load()
    assert loaded.set_aside is None
    assert loaded.settings == Settings(sound=False, theme=Theme.DARK)


def test_names_are_read_in_any_case_and_old_names_refused(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text('{"level": "PERFECT", "language": "ru_RU.UTF-8"}', encoding="utf-8")
    settings = store.load().settings
    assert (settings.level, settings.language) == ("perfect", "ru")
    store.path.write_text('{"level": "lookahead"}', encoding="utf-8")
    assert store.load().settings.level == players.DEFAULT_LEVEL


def test_a_level_is_read_by_the_name_a_player_types(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    for typed, name in (("hard", "fork-aware"), ("Medium: centre", "centre-first")):
        store.path.write_text(json.dumps({"level": typed}), encoding="utf-8")
        assert store.load().settings.level == name
    store.path.write_text('{"level": "my_player.py"}', encoding="utf-8")
    assert store.load().settings.level == players.DEFAULT_LEVEL, "never a program from a file"


def test_keys_of_another_version_are_kept(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text('{"hints": "always", "level": "random"}', encoding="utf-8")
    settings = store.load().settings
    store.save(settings.changed(level="perfect"))
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["hints"] == "always" and data["level"] == "perfect"


@pytest.mark.parametrize(("saved", "think"), [(2.5, 2.5), (3, 3.0), (0.01, 1.0), (True, 1.0)])
def test_the_think_time_stays_in_range(tmp_path: Path, saved: object, think: float) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text(json.dumps({"think": saved}), encoding="utf-8")
    assert store.load().settings.think == think


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_folder_is_a_settings_error(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SettingsError, match="cannot be saved"):
            SettingsStore(folder / "settings.json").save(Settings())
    finally:
        folder.chmod(0o700)


def test_a_folder_in_the_way_is_a_settings_error(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.path.mkdir()
    with pytest.raises(SettingsError, match="cannot be saved"):
        store.save(Settings())
    loaded = store.load()
    assert loaded.settings == Settings() and loaded.set_aside == store.path
    assert store.path.is_dir(), "left where it is"


def test_choices_keep_a_window_choice_but_not_the_launch_options(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    remembered = Settings(language="vi", sound=True)
    launch = remembered.changed(sound=False)  # --no-sound, this launch only
    choices = Choices(launch, remembered, store)
    assert choices.remember(language="ru") is None
    assert (choices.settings.language, choices.settings.sound) == ("ru", False)
    kept = store.load().settings
    assert (kept.language, kept.sound) == ("ru", True), "the option is not written"


def test_choices_that_cannot_be_written_still_apply_and_say_why(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    choices = Choices(Settings(), store=SettingsStore(blocked / "settings.json"))
    problem = choices.remember(sound=False)
    assert isinstance(problem, SettingsError) and str(problem)
    assert choices.settings.sound is False and choices.remembered.sound is False
