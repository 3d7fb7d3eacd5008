"""LogPanel: the game log with the rule each line applied, and play by hand marked as such."""
from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tabletop.ui.session import GameSession


class LogPanel(QWidget):
    """Shows `state.log`: turn, text, [rule]; manual lines in orange."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        session.changed.connect(lambda _result: self.refresh())

    def refresh(self) -> None:
        """Show the log as it stands (newest at the bottom)."""
        game = self.session.game
        self.list.clear()
        if game is None:
            return
        for entry in game.state.log:
            text = f"T{entry.turn}  {entry.text}" if entry.turn else entry.text
            if entry.rule:
                text += f"  [{entry.rule}]"
            item = QListWidgetItem(text)
            if entry.manual:
                item.setForeground(QColor(210, 120, 20))
            self.list.addItem(item)
        for note in self.session.notes:   # what the table did outside the game (open hands)
            item = QListWidgetItem(note)
            item.setForeground(QColor(110, 110, 110))
            self.list.addItem(item)
        self.list.scrollToBottom()
