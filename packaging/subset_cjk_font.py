"""Make resources/fonts/TabletopCJKSans-Regular.otf: the CJK subset of Noto Sans CJK JP the app carries.

A maintainer's tool, not run by the build or the tests (the subset is committed). It needs
fontTools (`pip install fonttools`) and a Noto Sans CJK Regular font, e.g. Debian's
fonts-noto-cjk (`apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto`):

    python packaging/subset_cjk_font.py noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

Kept: Latin, punctuation and symbols, kana, the hanzi/kanji of GB 2312 and JIS X 0208 (9,788),
the 2,350 Hangul syllables of KS X 1001. The subset is renamed (OFL 1.1 asks a modified font
not to pass for the original; "Noto" is Google's trademark).
"""
from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FAMILY = "Tabletop CJK Sans"
POSTSCRIPT_NAME = "TabletopCJKSans-Regular"
TARGET = Path(__file__).resolve().parent.parent / "resources" / "fonts" / f"{POSTSCRIPT_NAME}.otf"
RANGES = (
    (0x0020, 0x007F), (0x00A0, 0x0180), (0x2000, 0x2070), (0x2100, 0x2200), (0x2460, 0x2800),
    (0x3000, 0x3100), (0x3130, 0x3190), (0x3190, 0x3400), (0xFF00, 0xFFF0),
)
KEPT_FEATURES = ["kern", "palt", "halt", "vert", "vrt2", "locl", "ccmp"]


def is_in_legacy_set(char: str, codec: str) -> bool:
    """Return whether `char` is a two-byte character of the national standard behind `codec`."""
    try:
        return len(char.encode(codec)) == 2
    except UnicodeEncodeError:
        return False


def kept_characters() -> str:
    """Return the characters the subset covers."""
    chars = {chr(code) for start, end in RANGES for code in range(start, end)}
    ideographs = (chr(code) for code in range(0x4E00, 0xA000))
    chars.update(c for c in ideographs if is_in_legacy_set(c, "gb2312") or is_in_legacy_set(c, "shift_jis"))
    chars.update(c for c in map(chr, range(0xAC00, 0xD7A4)) if is_in_legacy_set(c, "euc_kr"))
    return "".join(sorted(chars))


def main() -> None:
    """Subset the font named on the command line into resources/fonts/."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="NotoSansCJK-Regular.ttc (face 0 is JP) or NotoSansCJKjp-Regular.otf")
    args = parser.parse_args()
    font = TTFont(args.source, fontNumber=0)
    options = subset.Options()
    options.hinting = False
    options.layout_features = KEPT_FEATURES
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=kept_characters())
    subsetter.subset(font)
    names = font["name"]
    names.names = [record for record in names.names if record.platformID == 3 and record.nameID not in (16, 17, 21, 22)]
    for name_id, value in ((1, FAMILY), (3, f"{POSTSCRIPT_NAME};subset of NotoSansCJKjp-Regular 2.004"),
                           (4, f"{FAMILY} Regular"), (6, POSTSCRIPT_NAME)):
        names.setName(value, name_id, 3, 1, 0x409)
    font["CFF "].cff.fontNames = [POSTSCRIPT_NAME]
    font.save(TARGET)
    print(f"{TARGET}: {len(font.getBestCmap())} characters, {TARGET.stat().st_size} bytes")


if __name__ == "__main__":
    main()
