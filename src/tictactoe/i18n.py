"""Translations: English source texts, gettext catalogs for Russian, Chinese and Vietnamese.

Catalogs are gettext ``.po`` files in ``locale/<lang>/LC_MESSAGES/``; each
front end keeps its messages in a file of its own (``core.po``,
``terminal.po``, ``tk.po``, ``pgzero.po``) and a language's files are merged
when loaded. They are read directly (a few lines of parsing) rather than
compiled to ``.mo``, so the repository holds no binaries.

The language is the ``--lang`` choice, else the locale (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Iterable, Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

ENGLISH = "en"
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "ru": "Русский",
    "zh_CN": "简体中文",
    "vi": "Tiếng Việt",
}
"""Supported language codes and each language's name in itself."""

_ALIASES = {"zh": "zh_CN", "zh_hans": "zh_CN", "zh_sg": "zh_CN", "zh_cn": "zh_CN"}


def _plural_index(language: str, count: int) -> int:
    """Which plural form ``count`` takes (gettext's rules for each language)."""
    if language == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return 0
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
            return 1
        return 2
    if language in ("zh_CN", "vi"):
        return 0
    return 0 if count == 1 else 1


def normalise(code: str) -> str | None:
    """The supported language a code such as ``ru_RU.UTF-8`` or ``zh-Hans`` means, or None."""
    base = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not base or base in ("C", "POSIX"):
        return None
    lowered = base.lower()
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    for candidate in (base, lowered.split("_")[0]):
        if candidate in LANGUAGES:
            return candidate
    if lowered.startswith("zh"):
        return "zh_CN"
    return None


def detect(choice: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``choice`` if supported, else the locale's, else English."""
    if choice:
        chosen = normalise(choice)
        if chosen is None:
            raise ValueError(f"unknown language {choice!r}: choose one of {', '.join(LANGUAGES)}")
        return chosen
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for code in env.get(variable, "").split(":"):
            if _is_c_locale(code):  # LC_ALL=C asks for untranslated messages, as in gettext
                return ENGLISH
            found = normalise(code)
            if found:
                return found
    return ENGLISH


def _is_c_locale(code: str) -> bool:
    """True for ``C``, ``POSIX`` and ``C.UTF-8``: the locale of untranslated programs."""
    return code.split(".")[0].strip() in ("C", "POSIX")


def parse_po(text: str) -> dict[str | tuple[str, int], str]:
    """Translated messages of a ``.po`` file: msgid -> msgstr, (msgid, n) -> plural form n.

    Untranslated (empty) and fuzzy entries are left out, as gettext does.
    """
    catalog: dict[str | tuple[str, int], str] = {}
    entry: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def finish() -> None:
        msgid = entry.get("msgid")
        if msgid and not fuzzy:
            for key, value in entry.items():
                if not value:
                    continue
                if key == "msgstr":
                    catalog[msgid] = value
                elif key.startswith("msgstr["):
                    catalog[(msgid, int(key[7:-1]))] = value

    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        if not line:
            finish()
            entry, current, fuzzy = {}, None, False
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"') and current is not None:
            entry[current] += ast.literal_eval(line)
        else:
            keyword, _, literal = line.partition(" ")
            if keyword.startswith("msgid") and "msgstr" in entry:
                finish()
                entry, fuzzy = {}, False
            current = keyword
            entry[current] = ast.literal_eval(literal)
    return catalog


class Translator:
    """Messages of one language; ``gettext`` returns the English text when untranslated."""

    def __init__(self, language: str, catalog: Mapping[str | tuple[str, int], str]) -> None:
        self.language = language
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return self._catalog.get(message, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of ``singular``/``plural`` that fits ``count``, in this language."""
        if self.language == ENGLISH:
            return singular if count == 1 else plural
        found = self._catalog.get((singular, _plural_index(self.language, count)))
        if found is None:
            return singular if count == 1 else plural
        return found

    def __call__(self, message: str) -> str:
        return self.gettext(message)


def catalog_files(language: str) -> Iterable[Traversable]:
    """The ``.po`` files of ``language`` shipped with the package."""
    from importlib import resources  # not needed for the language names (``--help``)

    folder = resources.files("tictactoe") / "locale" / language / "LC_MESSAGES"
    if not folder.is_dir():
        return []
    return sorted((f for f in folder.iterdir() if f.name.endswith(".po")), key=lambda f: f.name)


def translator(language: str | None = None) -> Translator:
    """A :class:`Translator` for ``language`` (detected when None)."""
    chosen = detect(language)
    catalog: dict[str | tuple[str, int], str] = {}
    for file in catalog_files(chosen):
        catalog.update(parse_po(file.read_text(encoding="utf-8")))
    return Translator(chosen, catalog)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; it is translated where shown."""
    return message


Gettext = Callable[[str], str]
"""The type of ``_``: a function from an English message to the translated one."""
