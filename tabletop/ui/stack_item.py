"""Stack items: the numbered entries of a shared stack or chain (top first) and arrows to targets.

Arrows come from the rules (`GameRules.stack_targets`): one from each stack item's source card (or
the stack's corner) to every card it targets that is shown on the table.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop.ui import z_values


class StackEntryItem(QGraphicsItem):
    """One entry of the stack/chain as a numbered box with the names the game gives it."""

    def __init__(self, number: int, lines: list[str], width: float) -> None:
        super().__init__()
        self.number = number
        self.lines = lines
        self.width = width
        self.setZValue(z_values.STACK_ENTRY)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.width, 20 + 16 * max(1, len(self.lines)))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect()
        painter.setPen(QPen(QColor(230, 200, 255), 1.5))
        painter.setBrush(QColor(45, 30, 70, 235))
        painter.drawRoundedRect(rect, 6, 6)
        font = QFont("DejaVu Sans", 1)
        font.setPixelSize(12)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        title = f"{self.number}" + (" (top)" if self.number == 1 else "")
        painter.drawText(QRectF(6, 2, rect.width() - 12, 16), Qt.AlignmentFlag.AlignLeft, title)
        font.setBold(False)
        painter.setFont(font)
        for index, line in enumerate(self.lines):
            painter.drawText(QRectF(6, 18 + 16 * index, rect.width() - 12, 16),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, line)


class ArrowItem(QGraphicsItem):
    """An arrow from a stack entry to the card it targets."""

    def __init__(self, start: QPointF, end: QPointF) -> None:
        super().__init__()
        self.line = QLineF(start, end)
        self.setZValue(z_values.ARROW)

    def boundingRect(self) -> QRectF:
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-12, -12, 12, 12)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(255, 120, 60, 220)
        painter.setPen(QPen(colour, 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        path = QPainterPath(self.line.p1())
        middle = (self.line.p1() + self.line.p2()) / 2 + QPointF(0, -40)
        path.quadTo(middle, self.line.p2())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        angle = math.atan2(self.line.p2().y() - middle.y(), self.line.p2().x() - middle.x())
        tip = self.line.p2()
        head = QPolygonF([tip, tip - QPointF(math.cos(angle - 0.45) * 16, math.sin(angle - 0.45) * 16),
                          tip - QPointF(math.cos(angle + 0.45) * 16, math.sin(angle + 0.45) * 16)])
        painter.setBrush(colour)
        painter.drawPolygon(head)
