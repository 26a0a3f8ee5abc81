"""The system's refusals in the project's words, translated where they are said."""

from __future__ import annotations

import errno

from tictactoe.core.system import SYSTEM_REASONS, system_reason
from tictactoe.texts.i18n import translator


def test_a_known_refusal_is_said_in_the_projects_words_and_translated() -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    assert system_reason(full) == "the disk is full"
    assert translator("ru").gettext(system_reason(full)) == "диск заполнен"
    denied = PermissionError(errno.EACCES, "Permission denied", "/x")
    assert system_reason(denied) == "there is no permission for it"


def test_every_reason_is_translated_in_every_language() -> None:
    for language in ("ru", "vi", "zh_CN"):
        tr = translator(language)
        assert all(tr.gettext(reason) != reason for reason in SYSTEM_REASONS.values()), language


def test_a_refusal_without_words_of_ours_keeps_the_systems() -> None:
    assert system_reason(OSError(errno.EMLINK, "Too many links")) == "Too many links"
