"""The window's fonts: the CJK font of the card faces, registered with Qt as the fallback of the families the window draws with."""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QFont, QFontDatabase

from tabletop.render.fonts import cjk_font_file

# The family the table's painted items ask for; Qt's own fallback covers the widgets' default font.
TABLE_FAMILY = "DejaVu Sans"


@lru_cache(maxsize=1)
def install_fonts() -> str:
    """Register the CJK font (an installed one, else the bundled one) and return its family name.

    Call once a QGuiApplication exists. A font file Qt cannot read leaves the table in DejaVu Sans
    and returns "".
    """
    file = cjk_font_file()
    families = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(file.path))
    if not families:
        return ""
    family = families[min(file.index, len(families) - 1)]  # a collection lists one family per face
    QFont.insertSubstitution(TABLE_FAMILY, family)
    return family
