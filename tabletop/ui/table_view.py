"""TableView: shows the table scene fitted to the window (1280×720 up to 4K), with zoom and pan."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPixmapCache, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

MIN_ZOOM = 1.0
MAX_ZOOM = 4.0
# Items cache their drawing (DeviceCoordinateCache) in QPixmapCache, 10 MB by default. A table of
# large cards overflows it; every frame then redraws every card (a drag went from 14 to 120 ms).
# This is a ceiling, not an allocation: enough for a 4K table with overlapping cards.
PIXMAP_CACHE_KB = 192 * 1024


class TableView(QGraphicsView):
    """A view that fits the whole table, then zooms (wheel, Ctrl +/-) and pans (middle button)."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.zoom = 1.0
        self._pan_from: QPoint | None = None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # No scroll bars: at zoom 1 the table fits exactly (a bar would shrink it); zoomed in, the
        # middle button and the wheel move it.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        scene.sceneRectChanged.connect(lambda _rect: self.fit())

    def fit(self) -> None:
        """Scale the view so the whole table fits (keeping its aspect), times the zoom factor."""
        rect = self.sceneRect()
        if rect.isEmpty() or self.viewport().width() < 10:
            return
        scale = min(self.viewport().width() / rect.width(), self.viewport().height() / rect.height())
        self.resetTransform()
        self.scale(scale * self.zoom, scale * self.zoom)

    def set_zoom(self, zoom: float) -> None:
        """Set the zoom factor (1 = whole table) and redraw."""
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        self.fit()

    def zoom_in(self) -> None:
        """Zoom in one step."""
        self.set_zoom(self.zoom * 1.25)

    def zoom_out(self) -> None:
        """Zoom out one step."""
        self.set_zoom(self.zoom / 1.25)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    # -- keyboard: Tab/arrows move the focus between cards, Enter opens the focused card's menu --
    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 (Qt's name)
        return False  # Tab stays in the table: it moves between cards (keyPressEvent)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        scene = self.scene()
        move_focus = getattr(scene, "move_focus", None)
        key = event.key()
        if move_focus is not None and event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier == Qt.KeyboardModifier.NoModifier:
            if key in (Qt.Key.Key_Tab, Qt.Key.Key_Right, Qt.Key.Key_Down):
                move_focus(+1)
                self._show_focused()
                event.accept()
                return
            if key in (Qt.Key.Key_Backtab, Qt.Key.Key_Left, Qt.Key.Key_Up):
                move_focus(-1)
                self._show_focused()
                event.accept()
                return
            item = scene.focused_item()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and item is not None:
                centre = self.mapFromScene(item.sceneBoundingRect().center())
                scene.cardMenuRequested.emit(item.look, self.viewport().mapToGlobal(centre))
                event.accept()
                return
        super().keyPressEvent(event)

    def _show_focused(self) -> None:
        item = self.scene().focused_item()
        if item is not None:
            self.ensureVisible(item)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.set_zoom(self.zoom * (1.15 ** steps))
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position().toPoint()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self.unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)
