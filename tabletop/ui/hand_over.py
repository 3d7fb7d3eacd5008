"""HandOverScreen: covers the table in hot-seat until the next player says they have the device."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOverScreen(QWidget):
    """An opaque cover over the table; Enter, Space or the button hands the table over."""

    accepted = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("HandOverScreen { background: #102018; } QLabel { color: white; font-size: 26px; }")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.message = QLabel()
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.button = QPushButton()
        self.button.setStyleSheet("font-size: 20px; padding: 12px;")
        self.button.clicked.connect(self.accepted.emit)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(1)
        self.player = ""
        self.hide()

    def show_for(self, player: str, what: str) -> None:
        """Cover the table and ask that the device be passed to `player`."""
        self.player = player
        self.message.setText(f"Pass the device to {player}.\n{what}")
        self.button.setText(f"I am {player} — show my cards")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.accepted.emit()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()
