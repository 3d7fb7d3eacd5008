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
        self._game: object | None = None
        self._notes: list[str] = []
        self._shown: tuple[int, object | None] = (0, None)   # how many log lines are listed, and the last of them
        session.changed.connect(lambda _result: self.refresh())

    def refresh(self) -> None:
        """Show the log as it stands (newest at the bottom): the lines added since the last refresh are appended,
        the whole list is rebuilt only when the log was taken back (undo) or another game is shown."""
        game = self.session.game
        log = game.state.log if game is not None else []
        notes = list(self.session.notes)
        shown, last = self._shown
        if game is not self._game or notes != self._notes or len(log) < shown or (
                shown and log[shown - 1] is not last):
            self.list.clear()
            self._game, self._notes, shown = game, notes, 0
            for note in notes:   # what the table did outside the game (open hands), below the log
                item = QListWidgetItem(note)
                item.setForeground(QColor(110, 110, 110))
                self.list.addItem(item)
        if len(log) == shown and self.list.count():
            return
        for row, entry in enumerate(log[shown:], start=shown):
            text = f"T{entry.turn}  {entry.text}" if entry.turn else entry.text
            if entry.rule:
                text += f"  [{entry.rule}]"
            item = QListWidgetItem(text)
            if entry.manual:
                item.setForeground(QColor(210, 120, 20))
            self.list.insertItem(row, item)
        self._shown = (len(log), log[-1] if log else None)
        self.list.scrollToBottom()
