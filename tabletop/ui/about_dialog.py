"""Help ▸ About: the version, where the card data comes from, and the licences of the fonts and libraries."""
from __future__ import annotations

import html
import platform

from PySide6.QtCore import qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMessageBox, QWidget

from resources import resource_path
from tabletop import __version__
from tabletop.render.fonts import BUNDLED_CJK_FONT, cjk_font_file, font_files

FONT_LICENCE = ("fonts", "OFL-TabletopCJKSans.txt")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def library_licences() -> list[tuple[str, str, str]]:
    """Return (library, version, licence) for what the window is built on."""
    # Versions from the installed distributions: importing SQLAlchemy and Alembic to ask them took a second.
    return [
        ("Python", platform.python_version(), "PSF License"),
        ("Qt", qVersion(), "LGPL v3"),
        ("PySide6", _installed("PySide6-Essentials"), "LGPL v3"),
        ("SQLAlchemy", _installed("SQLAlchemy"), "MIT"),
        ("Alembic", _installed("alembic"), "MIT"),
        ("Pillow", _installed("Pillow"), "MIT-CMU (HPND)"),
        ("PyYAML", _installed("PyYAML"), "MIT"),
        ("platformdirs", _installed("platformdirs"), "MIT"),
    ]


def _installed(distribution: str) -> str:
    from importlib.metadata import PackageNotFoundError, version   # read when About opens, not at start-up

    try:
        return version(distribution)
    except PackageNotFoundError:   # a packaged app may carry the library without its metadata
        return "bundled"


def font_licences() -> list[tuple[str, str]]:
    """Return (font file, licence) for the fonts card faces and the table are drawn with."""
    rows = []
    bundled = str(resource_path(*BUNDLED_CJK_FONT))
    for file in dict.fromkeys((font_files()[0], cjk_font_file())):
        if file.path == bundled:
            rows.append(("Tabletop CJK Sans (bundled subset of Noto Sans CJK JP 2.004)", "SIL Open Font License 1.1"))
        elif "DejaVu" in file.path:
            rows.append((f"DejaVu Sans ({file.path}, installed)", "Bitstream Vera / DejaVu licence (free)"))
        else:
            rows.append((f"{file.path} (installed)", "the licence it was installed with"))
    return rows


def about_html(database_path: str | None = None) -> str:
    """Return the About text: version, card data sources, fonts and libraries with their licences."""
    libraries = "".join(f"<tr><td>{html.escape(n)}</td><td>{html.escape(v)}</td><td>{html.escape(lic)}</td></tr>"
                        for n, v, lic in library_licences())
    fonts = "".join(f"<li>{html.escape(name)}: {html.escape(lic)}</li>" for name, lic in font_licences())
    where = html.escape(database_path) if database_path else "the card database in your user data folder"
    return (
        f"<h3>tabletop {html.escape(__version__)}</h3>"
        "<p>An offline client for trading card games that enforces each game's rules.</p>"
        "<p><b>Card data.</b> The bundled sets and decks are original cards written for tabletop: no real "
        "card's text or image is shipped. Every other card is one you imported yourself "
        f"(File ▸ Import cards…), kept in {where}.</p>"
        f"<p><b>Fonts.</b></p><ul>{fonts}</ul>"
        "<p>The licence of the bundled font is under “Show Details…”.</p>"
        f"<p><b>Libraries.</b></p><table cellspacing='6'>{libraries}</table>"
    )


def app_icon() -> QIcon:
    """Return the tabletop icon in every size it ships in."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(resource_path("icons", f"tabletop-{size}.png")))
    return icon


def show_about(parent: QWidget | None, database_path: str | None = None) -> QMessageBox:
    """Open the About box (not modal) and return it."""
    box = QMessageBox(parent)
    box.setWindowTitle("About tabletop")
    box.setIconPixmap(app_icon().pixmap(64, 64))
    box.setText(about_html(database_path))
    box.setDetailedText(resource_path(*FONT_LICENCE).read_text(encoding="utf-8"))
    box.open()
    return box
