"""Fonts for card faces: DejaVu Sans when it draws the text, else a CJK font (a system one, else the bundled one).

A text is drawn in one font: the first of `font_files` that has a glyph for each of its
characters. Mixed text such as 《Fast》「Re」 is thus drawn wholly in the CJK font, which has Latin too.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from resources import resource_path

AnyFont = ImageFont.FreeTypeFont
BUNDLED_CJK_FONT = ("fonts", "TabletopCJKSans-Regular.otf")

_DEJAVU_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)
# Installed CJK fonts, preferred to the bundled subset (they cover every character and have a bold).
# Each entry: regular file, bold file (or None), face index (the Japanese face of a collection).
SYSTEM_CJK_FONTS: tuple[tuple[str, str | None, int], ...] = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 0),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc", 0),
    ("/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc", "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc", 0),
    ("/usr/share/fonts/opentype/source-han-sans/SourceHanSans-Regular.ttc", "/usr/share/fonts/opentype/source-han-sans/SourceHanSans-Bold.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", None, 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", None, 0),
    ("C:/Windows/Fonts/YuGothM.ttc", "C:/Windows/Fonts/YuGothB.ttc", 0),
    ("C:/Windows/Fonts/msgothic.ttc", None, 0),
    ("C:/Windows/Fonts/msyh.ttc", "C:/Windows/Fonts/msyhbd.ttc", 0),
    ("/System/Library/Fonts/Hiragino Sans GB.ttc", None, 0),
)
_NO_GLYPH = "\uffff"  # a noncharacter: no font maps it, so it draws the font's missing-glyph box
_PROBE_SIZE = 24


@dataclass(frozen=True)
class FontFile:
    """One face of a font file that card faces may be drawn with."""

    path: str
    index: int = 0


@lru_cache(maxsize=None)
def font_files(bold: bool = False) -> tuple[FontFile, ...]:
    """Return the fonts to try in order: DejaVu Sans, installed CJK fonts, then the bundled CJK font."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    latin = [FontFile(str(folder / name)) for folder in _DEJAVU_FOLDERS if (folder / name).is_file()][:1]
    system = [FontFile(bold_path if bold and bold_path and Path(bold_path).is_file() else regular, index)
              for regular, bold_path, index in SYSTEM_CJK_FONTS if Path(regular).is_file()]
    return (*latin, *system, FontFile(str(resource_path(*BUNDLED_CJK_FONT))))


def cjk_font_file() -> FontFile:
    """Return the CJK font the app draws with: the first installed one, else the bundled subset."""
    return next(f for f in font_files() if "DejaVu" not in f.path)


@lru_cache(maxsize=256)
def _loaded(file: FontFile, size: int) -> AnyFont:
    return ImageFont.truetype(file.path, size, index=file.index)


def is_glyph_missing(face: AnyFont, char: str) -> bool:
    """Return whether `face` draws `char` as its missing-glyph box (white space never is)."""
    if char.isspace():
        return False
    drawn = face.getmask(char)
    box = face.getmask(_NO_GLYPH)
    return drawn.size == box.size and bytes(drawn) == bytes(box)


@lru_cache(maxsize=65536)
def _drawing_files(char: str, bold: bool) -> tuple[bool, ...]:
    return tuple(not is_glyph_missing(_loaded(file, _PROBE_SIZE), char) for file in font_files(bold))


def font_file_for(text: str, bold: bool = False) -> FontFile:
    """Return the first font that draws every character of `text`, else the one that misses fewest."""
    files = font_files(bold)
    missing = [0] * len(files)
    for char in set(text):
        for position, draws in enumerate(_drawing_files(char, bold)):
            missing[position] += not draws
    return files[missing.index(min(missing))]


def font(size: int, bold: bool = False, text: str = "") -> AnyFont:
    """Return a scalable font of `size` pixels (at least 6) that draws `text`."""
    return _loaded(font_file_for(text, bold), max(6, int(size)))
