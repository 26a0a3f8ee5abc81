"""The command line's parser: argparse, with every word it prints the project's own, translated.

Left alone, argparse prints its own English: "usage:", "options:", "show this
help message and exit", "error: unrecognized arguments" ... :class:`Parser` and
:class:`HelpFormatter` put a sentence of the project's catalogs in place of
each, in the language the command line asks for (its ``--lang``, else the
locale's: :func:`asked_language`). Help texts are marked with :func:`N_` where
they are written (:class:`Text` when they have fields) and translated only
when shown, so a command that prints no help loads no translation.

An error is one line on standard error - the command, what is wrong, how to
see its help - and exit status 2 (:meth:`Parser.fail`).
"""

from __future__ import annotations

import argparse
import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from tictactoe.console import display_width

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tictactoe.texts.i18n import Translator

Translate = Callable[[str], str]
"""A function from an English message to the same message in the user's language."""

EXIT_USAGE = 2
"""The exit status of a command line that cannot be used."""

LANGUAGE_OPTION = "--lang"
"""The option that chooses the language of a command (and so of its help and errors)."""


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; :class:`HelpFormatter` and
    :class:`Parser` translate it when it is shown (the translations are not loaded before)."""
    return message


class Text(str):
    """A message to translate with ``{fields}`` filled in when shown: a help text such as
    ``Text(N_("games to play (default {games})"), games=100)``.

    It is the English template as a string (argparse keeps it as any help);
    a field that is itself a :class:`Text` is translated too.
    """

    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Text:
        text = super().__new__(cls, template)
        text.values = values
        return text

    def said(self, translate: Translate, **more: object) -> str:
        """The message in the user's language (``more`` fills further fields)."""
        fields = {**self.values, **more}
        filled = {k: v.said(translate) if isinstance(v, Text) else v for k, v in fields.items()}
        return translate(str(self)).format(**filled)


def said(text: str, translate: Translate) -> str:
    """A marked message (a :class:`Text` or a plain string) in the user's language."""
    return text.said(translate) if isinstance(text, Text) else translate(text)


class Invalid(argparse.ArgumentTypeError):
    """An argument type's refusal: the message (with ``{option}`` for the option it was given
    to) is translated when the parser shows it."""

    def __init__(self, template: str, **values: object) -> None:
        super().__init__(template)
        self.text = Text(template, **values)

    def said(self, translate: Translate, option: str) -> str:
        """The refusal in the user's language, naming ``option``."""
        return self.text.said(translate, option=option)


class Refused(argparse.ArgumentError):
    """An argument the parser refuses, with its message already in the user's language."""


def asked_language(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` (``--lang ru``, ``--lang=ru``) on the command line ``argv``, or
    None: the language of the help and the errors, as of the command itself."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith(LANGUAGE_OPTION + "="):
            return word.partition("=")[2]
        if word == LANGUAGE_OPTION and index + 1 < len(argv):
            return argv[index + 1]
    return None


CLOSING = frozenset({"Pe", "Pf", "Po"})
"""Kinds of punctuation a line never starts with (``)``, ``，``, ``。``)."""
OPENING = frozenset({"Ps", "Pi"})
"""Kinds of punctuation a line never ends with (``(``, ``（``)."""


def _breaks_before(previous: str, char: str) -> bool:
    """True when a line may break between ``previous`` and ``char``: after a space, and next
    to a wide character (Chinese has no spaces), but never before closing punctuation or
    after opening punctuation."""
    if previous == " ":
        return True
    if unicodedata.category(char) in CLOSING or unicodedata.category(previous) in OPENING:
        return False
    return display_width(char) == 2 or display_width(previous) == 2


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may break (:func:`_breaks_before`)."""
    pieces: list[str] = []
    for index, char in enumerate(text):
        if pieces and not _breaks_before(text[index - 1], char):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, words never broken at hyphens, Chinese
    broken between characters."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(" ".join(text.split())):
        if line and display_width(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


class HelpFormatter(argparse.HelpFormatter):
    """Argparse's help with the project's words: headings, usage and help texts translated
    by ``translate``, paragraphs kept, lines wrapped to the terminal's columns."""

    def __init__(self, prog: str, translate: Translate, **options: Any) -> None:
        super().__init__(prog, **options)
        self.translate = translate

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            # Translators: before the command line a command takes, in its help.
            prefix = self.translate(N_("Usage:")) + " "
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(None if heading is None else self.translate(heading))

    def add_text(self, text: str | None) -> None:
        if text is not None and text is not argparse.SUPPRESS:
            text = said(text, self.translate)
        super().add_text(text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.help is None or action.help is argparse.SUPPRESS:
            return action.help
        return said(action.help, self.translate).replace("%", "%%")  # argparse fills %(name)s

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = text.split("\n\n")
        return "\n\n".join(
            "\n".join(indent + line for line in wrap(paragraph, width - len(indent)))
            for paragraph in paragraphs
        )


class Parser(argparse.ArgumentParser):
    """An argument parser that says everything in the project's words, in ``language`` (a
    ``--lang`` value: None or one not supported, the locale's).

    Its subcommands' parsers are made with the same language. An error ends
    the program with one line and status 2; :meth:`fail` is that for the
    commands' own checks.
    """

    def __init__(self, *, language: str | None = None, **options: Any) -> None:
        super().__init__(add_help=False, exit_on_error=False, **options)
        self.language = language
        self.register("action", "parsers", Commands)
        self._positionals.title = N_("Arguments")
        self._optionals.title = N_("Options")
        self.add_argument("-h", "--help", action="help", help=N_("show this help"))

    @functools.cached_property
    def translator(self) -> Translator:
        """The messages of the language asked for (loaded the first time one is shown)."""
        from tictactoe.texts.i18n import normalise, translator

        return translator(normalise(self.language) if self.language else None)

    def translate(self, message: str) -> str:
        """``message`` in the user's language."""
        return self.translator.gettext(message)

    def add_subparsers(self, **options: Any) -> Any:
        """The subcommands (:class:`Commands`), each parsed by a :class:`Parser` in this one's
        language."""
        commands = super().add_subparsers(**options)
        assert isinstance(commands, Commands)
        commands.language = self.language
        return commands

    def _get_formatter(self) -> argparse.HelpFormatter:
        return HelpFormatter(self.prog, self.translate)

    # --- parsing: argparse's errors said in the project's words ---------------------------

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        try:
            return super().parse_known_args(args, namespace)
        except Refused as refused:
            self.say(refused.message)
        except argparse.ArgumentError as error:
            self.say(self._library_problem(error.message, error.argument_name))

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        parsed, unknown = self.parse_known_args(args, namespace)
        if unknown:
            self.unrecognized(unknown)
        return parsed

    def unrecognized(self, words: Sequence[str]) -> NoReturn:
        """Refuse the first of ``words`` this command does not take: an option it lacks (with
        the one meant, if it is close) or a word it has no place for."""
        word = words[0]
        if not word.startswith("-") or word == "-":
            self.fail(N_("{word} is not something this command takes."), word=word)
        name = word.partition("=")[0]
        options = [option for action in self._actions for option in action.option_strings]
        problem = self.translate(N_("There is no option {option}.")).format(option=name)
        self.say(f"{problem}{self._did_you_mean(name, options)}")

    def error(self, message: str) -> NoReturn:
        """What argparse itself finds wrong (its English ``message``), in the project's words."""
        self.say(self._library_problem(message))

    def fail(self, template: str, **values: object) -> NoReturn:
        """End the program: ``template`` (marked with :func:`N_`) filled with ``values`` and
        translated, on one line with how to see the help; exit status 2."""
        self.say(Text(template, **values).said(self.translate))

    def say(self, problem: str) -> NoReturn:
        """End the program: ``problem`` (in the user's language) on one line with how to see the
        help; exit status 2."""
        line = self.translate(N_("{prog}: {problem} For help, type: {prog} --help"))
        self.exit(EXIT_USAGE, line.format(prog=self.prog, problem=problem) + "\n")

    def _did_you_mean(self, word: str, known: Sequence[str]) -> str:
        """ " Did you mean --size?" when ``word`` is close to one of ``known``, else ""."""
        import difflib

        close = difflib.get_close_matches(word, known, n=1, cutoff=0.7)
        if not close:
            return ""
        return " " + self.translate(N_("Did you mean {word}?")).format(word=close[0])

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is None or value in action.choices:
            return
        choices = [str(choice) for choice in action.choices]
        if isinstance(action, argparse._SubParsersAction):
            text = self.translate(N_("There is no command {command}.")).format(command=value)
            raise Refused(action, text + self._did_you_mean(str(value), choices))
        text = self.translate(N_("{option} must be one of {choices}, not {value}.")).format(
            option=_name(action), choices=", ".join(choices), value=value
        )
        raise Refused(action, text)

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        convert = self._registry_get("type", action.type, action.type)
        try:
            return convert(arg_string)
        except Invalid as invalid:
            raise Refused(action, invalid.said(self.translate, _name(action))) from None
        except (argparse.ArgumentTypeError, TypeError, ValueError):
            templates: dict[object, str] = {
                int: N_("{option} must be a whole number, not {value}."),
                float: N_("{option} must be a number, not {value}."),
            }
            template = templates.get(action.type, N_("{option} cannot be {value}."))
            text = self.translate(template).format(option=_name(action), value=arg_string)
            raise Refused(action, text) from None

    def _match_argument(self, action: argparse.Action, arg_strings_pattern: str) -> int:
        try:
            return super()._match_argument(action, arg_strings_pattern)
        except argparse.ArgumentError:
            templates: dict[object, str] = {
                None: N_("{option} needs a value."),
                argparse.OPTIONAL: N_("{option} takes one value at most."),
                argparse.ONE_OR_MORE: N_("{option} needs at least one value."),
            }
            template = templates.get(action.nargs, N_("{option} needs {count} values."))
            text = self.translate(template).format(option=_name(action), count=action.nargs)
            raise Refused(action, text) from None

    def _library_problem(self, message: str, argument: str | None = None) -> str:
        """argparse's own English ``message`` (about ``argument``, if it names one) said in the
        project's words; a message this does not know becomes a sentence saying only that the
        command line cannot be used."""
        for english, template in LIBRARY_PROBLEMS:
            found = re.fullmatch(english, message)
            if found is not None:
                fields = {"option": argument, **found.groupdict()}
                return self.translate(template).format(**fields)
        return self.translate(N_("This command line cannot be used."))


class Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The subcommands of a :class:`Parser`: each one's parser speaks its language."""

    language: str | None = None

    def add_parser(self, name: str, **options: Any) -> Any:
        options.setdefault("language", self.language)
        return super().add_parser(name, **options)


LIBRARY_PROBLEMS = (
    (r"the following arguments are required: (?P<names>.+)", N_("Missing: {names}.")),
    (r"one of the arguments (?P<names>.+) is required", N_("One of these is needed: {names}.")),
    (r"not allowed with argument (?P<other>.+)", N_("{option} cannot go with {other}.")),
    (r"ignored explicit argument '?(?P<value>.*?)'?", N_("{option} takes no value, not {value}.")),
    (
        r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
        N_("{option} could be any of {matches}: type more of its name."),
    ),
)
"""argparse's messages that :class:`Parser` cannot word before argparse does (they are made
deep in its parsing), as patterns of its English, and what the project says instead
(``{option}`` is the argument the message is about)."""


def _name(action: argparse.Action) -> str:
    """How an error names the argument of ``action``: its first option (``--size``), else its
    name in the usage (``POSITION``)."""
    if action.option_strings:
        return action.option_strings[0]
    return str(action.metavar or action.dest)
