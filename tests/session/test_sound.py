"""The shipped sounds are valid short WAVs; playback picks what the platform has and never waits."""

from __future__ import annotations

import subprocess
import wave
from pathlib import Path

import pytest

from tictactoe.session import sound
from tictactoe.session.sound import Sound


@pytest.mark.parametrize("which", list(Sound))
def test_each_sound_is_a_short_mono_16_bit_wav(which: Sound) -> None:
    with wave.open(str(sound.path(which))) as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 22050
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 0.5 < seconds <= 1.5
    loudest = max(
        abs(int.from_bytes(frames[i : i + 2], "little", signed=True))
        for i in range(0, len(frames), 2)
    )
    assert loudest > 10000, "the sound is audible"


def test_play_hands_the_file_to_the_player() -> None:
    heard: list[Path] = []
    sound.play(Sound.DRAW, heard.append)
    assert heard == [sound.path(Sound.DRAW)]
    assert heard[0].name == "draw.wav"


def test_linux_uses_the_first_player_that_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound.shutil, "which", lambda name: "/x" if name == "aplay" else None)
    assert sound.command_for("linux") == ("aplay", "-q")
    monkeypatch.setattr(sound.shutil, "which", lambda name: "/x")
    assert sound.command_for("linux") == ("paplay",)
    assert sound.command_for("darwin") == ("afplay",)


def test_nothing_to_play_with_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound.shutil, "which", lambda name: None)
    started: list[object] = []
    monkeypatch.setattr(sound.subprocess, "Popen", lambda *a, **k: started.append(a))
    sound.play(Sound.WIN)
    assert started == []


def test_playing_starts_a_process_without_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound.shutil, "which", lambda name: "/usr/bin/" + name)
    started: list[list[str]] = []

    class FakePopen:
        def __init__(self, args: list[str], **kwargs: object) -> None:
            started.append(args)
            assert kwargs["stdout"] is subprocess.DEVNULL

        def wait(self) -> None:  # pragma: no cover - must not be called
            raise AssertionError("play() must not wait")

    monkeypatch.setattr(sound.subprocess, "Popen", FakePopen)
    sound.play(Sound.LOSE)
    assert started == [["paplay", str(sound.path(Sound.LOSE))]]


def test_a_player_that_fails_to_start_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound.shutil, "which", lambda name: "/usr/bin/" + name)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("no such device")

    monkeypatch.setattr(sound.subprocess, "Popen", broken)
    sound.play(Sound.WIN)
