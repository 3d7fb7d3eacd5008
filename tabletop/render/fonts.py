"""Fonts for card faces: DejaVu Sans when the system has it, else Pillow's built-in scalable font."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_DEJAVU_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)
AnyFont = ImageFont.FreeTypeFont | ImageFont.ImageFont

# Glyphs the fonts above lack (CJK brackets of DreadNought and Grand Archive texts), drawn as
# their nearest Latin look-alikes. The card data is never changed, only what is drawn.
_DISPLAY = str.maketrans({"《": "«", "》": "»", "「": "[", "」": "]", "【": "[", "】": "]", "①": "(1)", "②": "(2)", "③": "(3)"})


@lru_cache(maxsize=None)
def _dejavu(bold: bool) -> Path | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return next((folder / name for folder in _DEJAVU_FOLDERS if (folder / name).is_file()), None)


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> AnyFont:
    """Return a scalable font of `size` pixels (at least 6)."""
    size = max(6, int(size))
    path = _dejavu(bold)
    if path is not None:
        try:
            return ImageFont.truetype(str(path), size)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


def displayable(text: str) -> str:
    """Return `text` with glyphs the card fonts cannot draw replaced by look-alikes."""
    return text.translate(_DISPLAY)
