"""Draw resources/icons/tabletop-<N>.png, the app icon in the sizes desktops want, from tabletop.svg.

A maintainer's tool (the PNGs are committed): run it after changing the SVG,
`QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py`.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> None:
    """Render the SVG at every size in SIZES."""
    app = QGuiApplication([])
    renderer = QSvgRenderer(str(ICONS / "tabletop.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(ICONS / f"tabletop-{size}.png"))
    app.quit()


if __name__ == "__main__":
    main()
