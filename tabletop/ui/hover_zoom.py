"""HoverZoom: the card under the pointer shown large beside it, over the table (Alt held, or always when chosen)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tabletop.ui.card_face import card_back_pixmap, card_face_pixmap
from tabletop.ui.card_item import CardLook

ZOOM_W, ZOOM_H = 250, 350


class HoverZoom(QLabel):
    """A borderless picture of the hovered card near the pointer; it shows only what the table shows (a back for
    a hidden card) and hides as the pointer leaves the card."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("background: transparent;")
        self.always = False   # View ▸ "Zoom the card under the pointer"; otherwise while Alt is held
        self.look: CardLook | None = None
        self.hide()

    def follow(self, look: CardLook | None) -> None:
        """Show `look` large beside the pointer (None, or neither Alt nor the setting: hide)."""
        wanted = self.always or bool(QApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier)
        self.look = look if wanted else None
        if self.look is None:
            self.forget()
            return
        definition = self.look.definition
        self.setPixmap(card_face_pixmap(definition, ZOOM_W, ZOOM_H) if definition is not None
                       else card_back_pixmap(self.look.game, ZOOM_W, ZOOM_H))
        self.adjustSize()
        parent = self.parentWidget()
        pointer = parent.mapFromGlobal(QCursor.pos())
        x = pointer.x() + 24 if pointer.x() + 24 + ZOOM_W <= parent.width() else pointer.x() - 24 - ZOOM_W
        y = min(max(0, pointer.y() - ZOOM_H // 2), max(0, parent.height() - ZOOM_H))
        self.move(QPoint(max(0, x), y))
        self.show()
        self.raise_()

    def forget(self) -> None:
        """Hide and drop the picture: a card that may turn hidden later is not kept in the widget."""
        self.look = None
        self.clear()
        self.hide()
