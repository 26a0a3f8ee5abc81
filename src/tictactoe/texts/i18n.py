"""Translations: English source texts, gettext catalogs for Russian, Chinese and Vietnamese.

One gettext domain, ``tictactoe``, with a catalog a language:
``locale/<lang>/LC_MESSAGES/tictactoe.mo``, compiled from the ``.po`` file
beside it when the package is built or installed (``setup.py``), and read
with the standard library's :mod:`gettext`; each catalog's header gives its
plural rule. A catalog that is missing or older than its ``.po`` file (a
checkout run without installing) is said once on standard error, with the
command that compiles it; the messages are English until then.

The language is the ``--lang`` choice, else the locale (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
import os
import sys
from collections.abc import Callable, Mapping

ENGLISH = "en"
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "ru": "Русский",
    "zh_CN": "简体中文",
    "vi": "Tiếng Việt",
}
"""Supported language codes and each language's name in itself."""

DOMAIN = "tictactoe"
"""The gettext domain: the name of every catalog file."""

_ALIASES = {"zh": "zh_CN", "zh_hans": "zh_CN", "zh_sg": "zh_CN", "zh_cn": "zh_CN"}


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


class Translator:
    """Messages of one language; ``gettext`` returns the English text when untranslated."""

    def __init__(
        self, language: str, translations: stdlib_gettext.NullTranslations | None = None
    ) -> None:
        self.language = language
        if translations is None:
            translations = stdlib_gettext.NullTranslations()
        self._translations = translations

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return self._translations.gettext(message) if message else message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of ``singular``/``plural`` that fits ``count``, in this language."""
        return self._translations.ngettext(singular, plural, count)

    def __call__(self, message: str) -> str:
        return self.gettext(message)

    def plural_form(self, count: int) -> int:
        """Which plural form ``count`` takes, by the catalog's ``Plural-Forms`` rule (English's
        "1 or not" without a catalog)."""
        rule = getattr(self._translations, "plural", None)
        return int(rule(count)) if rule is not None else int(count != 1)

    def messages(self) -> dict[str | tuple[str, int], str]:
        """Every translation of the catalog: English text -> translation, and
        (English singular, n) -> plural form n; empty for English."""
        # gettext keeps them in ``_catalog`` and has no public way to list them
        catalog: dict[str | tuple[str, int], str] = getattr(self._translations, "_catalog", {})
        return {key: text for key, text in catalog.items() if key != ""}  # "": the header


def locale_folder() -> str:
    """The folder of the compiled catalogs shipped with the package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


_COMPILE = (
    "To compile the catalogs, run in the project folder: python -m pip install -e . "
    "(or: python scripts/messages.py compile)"
)
_REINSTALL = "Reinstall tictactoe-mnk to get the translations back."


def load(language: str, folder: str | None = None) -> stdlib_gettext.NullTranslations:
    """``language``'s compiled catalog from ``folder`` (the package's when None); no
    translations for English, or when the catalog is missing (said once, see the module)."""
    if language == ENGLISH:
        return stdlib_gettext.NullTranslations()
    folder = folder or locale_folder()
    found = stdlib_gettext.translation(DOMAIN, folder, languages=[language], fallback=True)
    source = os.path.join(folder, language, "LC_MESSAGES", f"{DOMAIN}.po")
    compiled = source.removesuffix(".po") + ".mo"
    checkout = os.path.exists(source)  # an installed package has the compiled catalogs only
    if not isinstance(found, stdlib_gettext.GNUTranslations):
        missing = f"{compiled} is missing, so the messages are in English."
        _say_once(missing, _COMPILE if checkout else _REINSTALL)
    elif checkout and os.path.getmtime(source) > os.path.getmtime(compiled):
        newer = f"{source} is newer than its compiled catalog, so its changes are not shown."
        _say_once(newer, _COMPILE)
    return found


@functools.cache
def _say_once(problem: str, fix: str) -> None:
    """Say on standard error, once a run, what is wrong with a catalog and how to fix it."""
    print(f"tictactoe: {problem} {fix}", file=sys.stderr)


def translator(language: str | None = None) -> Translator:
    """A :class:`Translator` for ``language`` (detected when None)."""
    chosen = detect(language)
    return Translator(chosen, load(chosen))


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; it is translated where shown."""
    return message


Gettext = Callable[[str], str]
"""The type of ``_``: a function from an English message to the translated one."""
