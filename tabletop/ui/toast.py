"""Toast: a short message floating over the table that fades on its own (refusals, saves)."""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget


TOP = 40   # pixels from the top of the table area: under the phase bar, over the opponent's side


class Toast(QLabel):
    """A short notice at the top of the table (not over the player's own hand), hidden again after a few seconds."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setStyleSheet("background: rgba(20,20,20,220); color: #ffd8a0; font-size: 15px;"
                           " padding: 8px 14px; border-radius: 8px;")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_message(self, text: str, milliseconds: int = 4500) -> None:
        """Show `text` for a while."""
        self.setText(text)
        parent = self.parentWidget()
        width = min(parent.width() - 40, 900)
        self.setFixedWidth(max(200, width))
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, TOP)
        self.show()
        self.raise_()
        self._timer.start(milliseconds)
