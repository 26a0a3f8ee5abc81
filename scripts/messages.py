"""The translators' tool: the message template and the catalogs, with Babel (``pip install Babel``).

The program has one gettext domain, ``tictactoe``: the template
``src/tictactoe/texts/locale/tictactoe.pot`` and one catalog a language,
``src/tictactoe/texts/locale/<lang>/LC_MESSAGES/tictactoe.po``. Run from the project folder::

    python scripts/messages.py extract            # the template, from the sources
    python scripts/messages.py update             # extract, then bring every catalog up to date
    python scripts/messages.py compile            # the .mo files, to run from a checkout
    python scripts/messages.py merge OTHER.po...  # add another catalog's translations

``extract`` runs Babel's extractors: Python (``_``, ``gettext``, ``ngettext``,
``N_`` and the rest of Babel's default keywords, as functions or methods such
as ``tr.gettext``; and the third argument of ``option``, the help of a web server
setting in ``tictactoe web --help``), the web page's JavaScript (``t("...")``) and the
``data-i18n`` and ``data-i18n-label`` texts of its HTML; a comment starting ``Translators:`` just
before a message goes to the translators. ``update`` is ``pybabel update``:
new messages come in untranslated (or fuzzy, with the translation of a similar
old message to review), messages gone from the sources are dropped. Files
change only when their messages do (not for a new creation date).

``merge`` takes ``.po`` files of any shape (the per-front-end catalogs of an
older branch, a translator's file): each goes into the catalog of the language
its header names (or ``--lang``); messages the catalog lacks are added, and a
message translated differently in both keeps the catalog's translation unless
``--replace`` is given; every difference is listed. Run ``update`` afterwards
to drop what the sources no longer use.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "tictactoe"
LOCALE = PACKAGE / "texts" / "locale"
DOMAIN = "tictactoe"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
COMMENT_TAG = "Translators:"
WIDTH = 76


def catalog_path(language: str) -> Path:
    """Where ``language``'s catalog is."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """Every language that has a catalog."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


PAGE_TEXTS = ("data-i18n", "data-i18n-label")
"""The HTML attributes whose value is a text the page translates (an element's text, its
``aria-label``; ``data-i18n-board`` holds numbers for a message of the scripts)."""


class _DataI18n(HTMLParser):
    """The texts of an HTML page's :data:`PAGE_TEXTS` attributes, with their line numbers."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in PAGE_TEXTS and value:
                self.found.append((self.getpos()[0], value))


def extract_html(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: dict[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extractor for the page's HTML: the text of every :data:`PAGE_TEXTS`
    attribute (the page translates them when it loads)."""
    parser = _DataI18n()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []


SOURCES: tuple[tuple[Path, list[tuple[str, str | Callable[..., Any]]], dict[str, Any]], ...] = (
    (PACKAGE, [("**.py", "python")], {**DEFAULT_KEYWORDS, "option": (3,)}),
    (PACKAGE / "ui" / "web" / "static", [("**.js", "javascript")], {"t": None}),
    (PACKAGE / "ui" / "web" / "static", [("**.html", extract_html)], {}),
)
"""Where the messages are: a folder, its files and their extractors, and the keywords."""


def extract_template() -> Catalog:
    """Every message of the sources, as Babel's extractors find them."""
    import tictactoe

    template = Catalog(
        domain=DOMAIN,
        project=DOMAIN,
        version=tictactoe.__version__,
        msgid_bugs_address="",
        header_comment="# The messages of tictactoe, from its sources: "
        "`python scripts/messages.py extract` writes this file.",
    )
    for folder, method_map, keywords in SOURCES:
        found = extract_from_dir(
            str(folder),
            method_map=method_map,
            keywords=keywords,
            comment_tags=[COMMENT_TAG],
            strip_comment_tags=True,
        )
        for filename, line, message, comments, context in found:
            where = (folder / filename).relative_to(ROOT).as_posix()
            template.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return template


def keys(catalog: Catalog) -> set[Any]:
    """The message ids of ``catalog`` (a plural message is its pair of ids)."""
    return {message.id for message in catalog if message.id}


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def render(catalog: Catalog) -> bytes:
    """``catalog`` as a ``.po`` file: wrapped at 76 columns, file names without line numbers
    (so moving code does not change every catalog), obsolete messages left out."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def _undated(text: bytes) -> bytes:
    """``text`` without its creation and revision dates (they change on every run)."""
    return b"\n".join(
        line
        for line in text.split(b"\n")
        if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:', b'"Generated-By:'))
    )


def save(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` to ``path`` unless only its dates would change; True if written."""
    text = render(catalog)
    if path.is_file() and _undated(path.read_bytes()) == _undated(text):
        return False
    path.write_bytes(text)
    return True


def extract() -> Catalog:
    template = extract_template()
    written = save(TEMPLATE, template)
    count = len(keys(template))
    print(f"{TEMPLATE.relative_to(ROOT)}: {count} messages{'' if written else ', unchanged'}")
    return template


def update() -> None:
    template = extract()
    for language in languages():
        path = catalog_path(language)
        catalog = read(path)
        before = keys(catalog)
        catalog.update(template, update_creation_date=False)
        dropped = sorted(map(str, before - keys(catalog)))
        untranslated = [m.id for m in catalog if m.id and not _translated(m)]
        fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
        written = save(path, catalog)
        print(
            f"{path.relative_to(ROOT)}: {len(untranslated)} to translate, {len(fuzzy)} fuzzy"
            f" to review, {len(dropped)} dropped{'' if written else ', unchanged'}"
        )
        for message_id in dropped:
            print(f"  dropped: {message_id}")


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings)


def compile_catalogs() -> int:
    """``pybabel compile``: each catalog's ``.mo`` beside it (git ignores them)."""
    argv = ["pybabel", "compile", "--statistics", "-D", DOMAIN, "-d", str(LOCALE)]
    return CommandLineInterface().run(argv) or 0


def merge(files: Iterable[Path], language: str | None, replace: bool) -> int:
    for path in files:
        extra = read(path)
        chosen = language or dict(extra.mime_headers).get("Language")
        if chosen not in languages():
            print(f"{path}: which language? (its header says {chosen!r}): use --lang")
            return 2
        target = catalog_path(chosen)
        catalog = read(target)
        added = replaced = 0
        for theirs in extra:
            if not theirs.id or theirs.fuzzy or not _translated(theirs):
                continue
            ours = catalog.get(theirs.id)
            if ours is None or not _translated(ours) or ours.fuzzy:
                catalog.delete(theirs.id)
                catalog[theirs.id] = theirs
                added += 1
            elif ours.string != theirs.string:
                print(f"  {theirs.id!r}: ours {ours.string!r}, theirs {theirs.string!r}", end="")
                print(": theirs taken" if replace else ": ours kept")
                if replace:
                    ours.string = theirs.string
                    replaced += 1
        save(target, catalog)
        print(f"{path} -> {target.relative_to(ROOT)}: {added} added, {replaced} replaced")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="write the template from the sources")
    commands.add_parser("update", help="extract, then bring every catalog up to date")
    commands.add_parser("compile", help="compile every catalog to .mo beside it")
    merging = commands.add_parser("merge", help="add other .po files' translations")
    merging.add_argument("files", nargs="+", type=Path)
    merging.add_argument("--lang", help="their language, if their header does not say")
    merging.add_argument("--replace", action="store_true", help="take their translation")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        return compile_catalogs()
    else:
        return merge(args.files, args.lang, args.replace)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
