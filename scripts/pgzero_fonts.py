"""Build the Pygame Zero game's two small banner fonts from fonts a Debian machine has.

pygame's own font (FreeSans Bold) has Latin, Cyrillic and Greek, but not
Vietnamese's ``ơ ư ạ ế ...`` nor any Chinese character. The game ships two
subsets instead of relying on fonts the user may not have:

- ``banner-latin.ttf`` - DejaVu Sans Bold (Debian ``fonts-dejavu-core``; Bitstream
  Vera licence): ASCII, Latin-1, and the whole Vietnamese alphabet;
- ``banner-cjk.ttf`` - Droid Sans Fallback (``fonts-droid-fallback``; Apache 2.0):
  the Chinese characters and punctuation of the zh_CN messages and of the
  languages' own names.

Both are renamed (Vera's licence asks it of modified fonts, and Droid is a
trademark). Run after changing the zh_CN or vi catalog (``locale/*/LC_MESSAGES/tictactoe.po``,
compiled: the game shows the words every front end shares; a test fails until then); it
needs ``fontTools`` (``pip install fonttools``)::

    python scripts/pgzero_fonts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from tictactoe.texts.i18n import LANGUAGES, translator

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "tictactoe"
OUT = PACKAGE / "ui" / "pgz" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")

VIETNAMESE = (
    "ĂăÂâĐđÊêÔôƠơƯư"
    + "".join(map(chr, range(0x1EA0, 0x1EFA)))  # ẠạẢả ... Ỹỹ: every toned letter
    + "\u0300\u0301\u0303\u0309\u0323"  # the five tone marks, combining
)
LATIN = "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0xA0, 0x100)))
PUNCTUATION = "–—‘’“”…•"
CJK_PUNCTUATION = "，。、：；！？（）《》「」“”…—"


def catalog_text(language: str) -> str:
    """Every translated message the Pygame Zero game may show in ``language``: the whole
    catalog's, as the program reads it (it shows the words all front ends share)."""
    return "".join(translator(language).messages().values())


def build(source: Path, text: str, family: str, out: Path) -> None:
    """Keep only the glyphs ``text`` needs from ``source``; save them renamed as ``family``."""
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]  # copyright, names, licence
    options.layout_features = ["*"]
    options.hinting = True
    font = TTFont(str(source), recalcTimestamp=False)  # the same bytes on every run
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    names = font["name"]
    style = names.getDebugName(2) or "Regular"
    for record in names.names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (3, 4):
            record.string = f"{family} {style}"
        elif record.nameID == 6:
            record.string = f"{family.replace(' ', '')}-{style}"
    font.save(str(out))
    print(
        f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes, {len(font.getGlyphOrder())} glyphs"
    )


def main() -> int:
    """Write both fonts."""
    OUT.mkdir(parents=True, exist_ok=True)
    latin = LATIN + VIETNAMESE + PUNCTUATION + catalog_text("vi")
    build(DEJAVU, latin, "Tictactoe Banner Latin", OUT / "banner-latin.ttf")
    names = "".join(LANGUAGES.values())  # the settings show each language in its own words
    chinese = "".join(c for c in catalog_text("zh_CN") + names if ord(c) > 0x2E7F)
    chinese += CJK_PUNCTUATION
    build(DROID, chinese, "Tictactoe Banner CJK", OUT / "banner-cjk.ttf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
