"""Simulated mouse gestures on the table view, as a player makes them."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.ui.card_item import CardItem
from tabletop.ui.main_window import MainWindow


def card_point(window: MainWindow, item: CardItem) -> QPoint:
    """Return the viewport point at the middle of a card."""
    return window.table.view.mapFromScene(item.sceneBoundingRect().center())


def zone_point(window: MainWindow, zone_id: str) -> QPoint:
    """Return the viewport point at the middle of a zone."""
    rect = window.scene.layout.zones[zone_id].rect
    return window.table.view.mapFromScene(QPointF(rect.x + rect.w / 2, rect.y + rect.h / 2))


def click_card(window: MainWindow, item: CardItem, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    """Click a card."""
    QTest.mouseClick(window.table.view.viewport(), button, Qt.KeyboardModifier.NoModifier, card_point(window, item))


def click_zone(window: MainWindow, zone_id: str) -> None:
    """Click the middle of a zone."""
    QTest.mouseClick(window.table.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     zone_point(window, zone_id))


def drag_card(window: MainWindow, item: CardItem, target: QPoint,
              modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Drag a card with the left button and drop it at a viewport point (with `modifiers` held at the drop)."""
    viewport = window.table.view.viewport()
    start = card_point(window, item)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for fraction in (0.1, 0.3, 0.6, 1.0):
        point = start + (target - start) * fraction
        QTest.mouseMove(viewport, point)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifiers, target)


def context_click_card(window: MainWindow, item: CardItem) -> None:
    """Right-click a card (the context-menu event a right click sends)."""
    viewport = window.table.view.viewport()
    point = card_point(window, item)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
