"""HistoryPanel: the steps of the game, undone ones greyed, with Undo and Redo buttons."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from tabletop.ui.session import GameSession

STEPS_ROLE = Qt.ItemDataRole.UserRole   # how many steps are done once the game is back (or on) at an entry


class HistoryPanel(QWidget):
    """Lists every step label (oldest first); redo-able steps are shown greyed below the current one.

    Double-click or Enter on an entry jumps there: undo until that step is the last one done, or
    redo up to it, through the session (so hot-seat consent still applies).
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setToolTip("Double-click or press Enter on a step to go back (or forward) to it")
        self.list.itemActivated.connect(self.jump)
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
        """Show the history as it stands, unless the panel is out of sight (its dock fills it when brought back)."""
        if not self.visibleRegion().isEmpty():   # behind another dock's tab, or closed: skipped
            self.fill()

    def fill(self) -> None:
        """List every step; the last step done is the current row."""
        game = self.session.game
        self.list.clear()
        if game is None:
            return
        done = game.history.done
        for number, step in enumerate(done, start=1):
            marker = " (AI)" if step.by_ai else ""
            item = QListWidgetItem(f"{number}. {game.step_label(step)}{marker}")
            item.setData(STEPS_ROLE, number)
            self.list.addItem(item)
        number = len(done)
        # `undone` holds groups newest-undone last, each newest step first: redo order is the reverse.
        for group in reversed(game.history.undone):
            for step in reversed(group):
                number += 1
                item = QListWidgetItem(f"{number}. {game.step_label(step)} (undone)")
                item.setForeground(QColor(140, 140, 140))
                item.setData(STEPS_ROLE, number)
                self.list.addItem(item)
        if done:
            self.list.setCurrentRow(len(done) - 1)
        self.list.scrollToBottom()
        self.undo_button.setEnabled(game.can_undo())
        self.redo_button.setEnabled(game.can_redo())
        self.undo_button.setToolTip(game.undo_label())
        self.redo_button.setToolTip(game.redo_label())

    def jump(self, item: QListWidgetItem) -> None:
        """Go back or forward to the entry so that its step is the last one done."""
        self.session.jump_to(int(item.data(STEPS_ROLE)))
