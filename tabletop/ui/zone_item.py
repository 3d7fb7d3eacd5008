"""ZoneItem: the ground of one zone — a circle, a slot, a pile with its count, a fan or a strip."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop.ui import z_values
from tabletop.ui.table_layout import CARD_H, CARD_W, GAP, ZonePlace

_GROUND = {"circle": QColor(70, 110, 150, 120), "slot": QColor(90, 90, 110, 110), "pile": QColor(60, 70, 60, 110),
           "fan": QColor(40, 40, 50, 90), "grid": QColor(50, 65, 55, 90), "column": QColor(60, 45, 80, 120)}


class ZoneItem(QGraphicsItem):
    """One zone's place on the table, its label and card count; a drop target for dragged cards.

    Contract: holds only what it draws (zone id, label, layout, count); the scene updates it.
    """

    def __init__(self, place: ZonePlace, label: str, owner_label: str) -> None:
        super().__init__()
        self.zone_id = place.zone_id
        self.place = place
        self.label = label
        self.owner_label = owner_label
        self.count = 0
        self.is_drop_target = False
        self.is_own = False
        self.setZValue(z_values.ZONE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPos(place.rect.x, place.rect.y)

    def set_count(self, count: int) -> None:
        """Show how many cards the zone holds."""
        if count != self.count:
            self.count = count
            self.update()

    def set_drop_target(self, on: bool) -> None:
        """Highlight the zone while a dragged card is over it."""
        if on != self.is_drop_target:
            self.is_drop_target = on
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.place.rect.w, self.place.rect.h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect().adjusted(3, 3, -3, -3)
        ground = QColor(_GROUND.get(self.place.layout, _GROUND["pile"]))
        edge = QColor(255, 220, 90) if self.is_drop_target else QColor(200, 210, 220, 140)
        painter.setPen(QPen(edge, 3 if self.is_drop_target else 1.2))
        painter.setBrush(ground.lighter(140) if self.is_drop_target else ground)
        if self.place.layout == "circle":
            side = min(rect.width(), rect.height() - 14)
            circle = QRectF(rect.center().x() - side / 2, rect.bottom() - side - 2, side, side)
            painter.drawEllipse(circle)
        else:
            painter.drawRoundedRect(rect, 8, 8)
            if self.place.layout in ("pile", "slot") and self.count == 0:
                outline = QRectF((self.place.rect.w - CARD_W) / 2, self.place.rect.h - CARD_H - GAP / 2, CARD_W, CARD_H)
                painter.setPen(QPen(QColor(220, 220, 220, 90), 1, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(outline, 6, 6)
        font = QFont("DejaVu Sans", 1)
        font.setPixelSize(13)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(235, 235, 235))
        text = self.label
        if self.place.layout not in ("circle", "slot"):
            text += f"  ({self.count})"
        painter.drawText(QRectF(8, 3, self.place.rect.w - 16, 20), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
