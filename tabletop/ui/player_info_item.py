"""PlayerInfoItem: a player's name, seat kind, turn marks and totals (life, damage…) on the table."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop.ui import z_values
from tabletop.ui.table_layout import Rect

LINE_H = 21.0


class PlayerInfoItem(QGraphicsItem):
    """A player's info box: name, then "human · active · deciding", then totals, one a line
    (as many as fit). Holds only the lines it draws."""

    def __init__(self, rect: Rect) -> None:
        super().__init__()
        self.rect = rect
        self.title = ""
        self.lines: list[str] = []
        self.is_deciding = False
        self.setPos(rect.x, rect.y)
        self.setZValue(z_values.PLAYER_INFO)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def show_player(self, title: str, lines: list[str], is_deciding: bool) -> None:
        """Show a player's title line, totals and whether they decide now."""
        if (title, lines, is_deciding) != (self.title, self.lines, self.is_deciding):
            self.title, self.lines, self.is_deciding = title, lines, is_deciding
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.rect.w, self.rect.h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        edge = QColor(255, 210, 80) if self.is_deciding else QColor(200, 200, 210, 120)
        painter.setPen(QPen(edge, 3 if self.is_deciding else 1))
        painter.setBrush(QColor(20, 25, 30, 200))
        painter.drawRoundedRect(self.boundingRect().adjusted(1, 1, -1, -1), 10, 10)
        font = QFont("DejaVu Sans", 1)
        font.setPixelSize(18)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(QRectF(10, 6, self.rect.w - 20, 26), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.title)
        font.setPixelSize(15)
        font.setBold(False)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        rows = max(1, int((self.rect.h - 38) // LINE_H))
        for index, line in enumerate(self.lines[:rows]):
            text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, self.rect.w - 20)
            painter.drawText(QRectF(10, 34 + index * LINE_H, self.rect.w - 20, LINE_H),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
