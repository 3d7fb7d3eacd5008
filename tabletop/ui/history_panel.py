"""HistoryPanel: the steps of the game, undone ones greyed, with Undo and Redo buttons."""
from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from tabletop.ui.session import GameSession


class HistoryPanel(QWidget):
    """Lists every step label (oldest first); redo-able steps are shown greyed below the line."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.redo_button = QPushButton("Redo")
        self.undo_button.clicked.connect(session.undo)
        self.redo_button.clicked.connect(session.redo)
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        layout.addLayout(buttons)
        session.changed.connect(lambda _result: self.refresh())

    def refresh(self) -> None:
        """Show the history as it stands."""
        game = self.session.game
        self.list.clear()
        if game is None:
            return
        for number, step in enumerate(game.history.done, start=1):
            marker = " (AI)" if step.by_ai else ""
            self.list.addItem(f"{number}. {step.label}{marker}")
        for group in reversed(game.history.undone):
            for step in group:
                item = QListWidgetItem(f"   undone: {step.label}")
                item.setForeground(QColor(140, 140, 140))
                self.list.addItem(item)
        self.list.scrollToBottom()
        self.undo_button.setEnabled(game.can_undo())
        self.redo_button.setEnabled(game.can_redo())
        self.undo_button.setToolTip(game.undo_label())
        self.redo_button.setToolTip(game.redo_label())
