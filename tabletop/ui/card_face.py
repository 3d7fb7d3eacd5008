"""Card faces and backs as pixmaps: the one seam where Pillow faces replace the painted ones."""
from __future__ import annotations

import hashlib
import importlib

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap

from tabletop.engine.cards import CardDefinition

_FACES: dict[tuple[str, str, int, int], QPixmap] = {}
_BACKS: dict[tuple[str, int, int], QPixmap] = {}


def card_face_pixmap(definition: CardDefinition, width: int, height: int) -> QPixmap:
    """Return the face of a card at a size in pixels (cached).

    This is the seam: when `tabletop.render.render_card(definition, (w, h)) -> PIL.Image` exists,
    its image is used; otherwise the face is painted here with QPainter.
    """
    key = (definition.game, definition.id, width, height)
    pixmap = _FACES.get(key)
    if pixmap is None:
        image = _rendered_face(definition, width, height)
        pixmap = QPixmap.fromImage(image) if image is not None else _painted_face(definition, width, height)
        _FACES[key] = pixmap
    return pixmap


def card_back_pixmap(game: str, width: int, height: int) -> QPixmap:
    """Return the back of a card of `game` at a size in pixels (cached)."""
    key = (game, width, height)
    pixmap = _BACKS.get(key)
    if pixmap is None:
        image = _rendered(("render_back", game), width, height)
        pixmap = QPixmap.fromImage(image) if image is not None else _painted_back(game, width, height)
        _BACKS[key] = pixmap
    return pixmap


def _rendered_face(definition: CardDefinition, width: int, height: int) -> QImage | None:
    return _rendered(("render_card", definition), width, height)


def _rendered(call: tuple[str, object], width: int, height: int) -> QImage | None:
    """Return `tabletop.render.<name>(argument, (w, h))` as a QImage, or None without the renderer."""
    name, argument = call
    try:
        render = importlib.import_module("tabletop.render")
    except ImportError:
        return None
    function = getattr(render, name, None)
    if function is None:
        return None
    picture = function(argument, (width, height)).convert("RGBA")
    data = picture.tobytes("raw", "RGBA")
    # .copy() detaches the QImage from the Python bytes object, which is freed after return.
    return QImage(data, picture.width, picture.height, picture.width * 4, QImage.Format.Format_RGBA8888).copy()


def type_colour(card_type: str) -> QColor:
    """Return the frame colour used for a card type (stable across runs)."""
    digest = hashlib.md5(card_type.encode()).digest()
    return QColor.fromHsv(digest[0] * 360 // 256, 70, 215)


def _painted_face(definition: CardDefinition, width: int, height: int) -> QPixmap:
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    radius = width * 0.06
    frame = QRectF(0.5, 0.5, width - 1, height - 1)
    path = QPainterPath()
    path.addRoundedRect(frame, radius, radius)
    painter.fillPath(path, type_colour(definition.card_type))
    painter.setPen(QPen(QColor(40, 40, 40), 1))
    painter.drawPath(path)
    inner = frame.adjusted(width * 0.05, width * 0.05, -width * 0.05, -width * 0.05)
    painter.fillRect(inner, QColor(250, 248, 240))

    unit = max(6.0, width / 11.0)
    name_font = QFont("DejaVu Sans", 1)
    name_font.setPixelSize(int(unit * 1.05))
    name_font.setBold(True)
    small = QFont("DejaVu Sans", 1)
    small.setPixelSize(max(6, int(unit * 0.8)))

    name_bar = QRectF(inner.left(), inner.top(), inner.width(), unit * 1.9)
    painter.fillRect(name_bar, type_colour(definition.card_type).lighter(125))
    painter.setPen(QColor(20, 20, 20))
    painter.setFont(name_font)
    text_left = name_bar.left() + unit * (2.1 if definition.cost is not None else 0.3)
    painter.drawText(QRectF(text_left, name_bar.top(), name_bar.right() - text_left - unit * 0.2, name_bar.height()),
                     Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
                     definition.name)
    if definition.cost is not None:
        badge = QRectF(name_bar.left() + unit * 0.2, name_bar.top() + unit * 0.2, unit * 1.6, unit * 1.6)
        painter.setBrush(QColor(30, 30, 60))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(badge)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(definition.cost))

    painter.setPen(QColor(60, 60, 60))
    painter.setFont(small)
    type_line = QRectF(inner.left() + unit * 0.3, name_bar.bottom() + unit * 0.1, inner.width() - unit * 0.6, unit * 1.2)
    painter.drawText(type_line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, definition.card_type.title())

    stats_height = unit * 1.6 if definition.stats else 0.0
    body = QRectF(inner.left() + unit * 0.3, type_line.bottom() + unit * 0.2,
                  inner.width() - unit * 0.6, inner.bottom() - type_line.bottom() - unit * 0.4 - stats_height)
    words = [name.replace("_", " ") for name in definition.keywords]
    body_text = (", ".join(words).title() + "\n" if words else "") + definition.text
    painter.setPen(QColor(25, 25, 25))
    painter.drawText(body, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, body_text)

    if definition.stats:
        bar = QRectF(inner.left(), inner.bottom() - stats_height, inner.width(), stats_height)
        painter.fillRect(bar, QColor(235, 230, 215))
        painter.setFont(name_font)
        painter.setPen(QColor(20, 20, 20))
        text = "  ".join(f"{value}" for value in definition.stats.values())
        painter.drawText(bar, Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap


def _painted_back(game: str, width: int, height: int) -> QPixmap:
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = width * 0.06
    path = QPainterPath()
    path.addRoundedRect(QRectF(0.5, 0.5, width - 1, height - 1), radius, radius)
    digest = hashlib.md5(game.encode()).digest()
    base = QColor.fromHsv(digest[1] * 360 // 256, 150, 110)
    painter.fillPath(path, base)
    painter.setPen(QPen(base.lighter(170), max(1.0, width / 40)))
    inset = width * 0.1
    inner = QPainterPath()
    inner.addRoundedRect(QRectF(inset, inset, width - 2 * inset, height - 2 * inset), radius, radius)
    painter.drawPath(inner)
    painter.drawEllipse(QRectF(width * 0.3, height / 2 - width * 0.2, width * 0.4, width * 0.4))
    painter.setPen(QPen(QColor(20, 20, 20), 1))
    painter.drawPath(path)
    painter.end()
    return pixmap
