"""CardBrowser: search the card database of the game on the table and preview the cards found."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tabletop.ui.card_sources import search_cards
from tabletop.ui.session import GameSession


class CardBrowser(QWidget):
    """A search box and a result list; choosing a result shows it in the card preview."""

    cardChosen = Signal(object)   # CardDefinition

    def __init__(self, session: GameSession, database: Any | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.database = database
        layout = QVBoxLayout(self)
        self.query = QLineEdit()
        self.query.setPlaceholderText("Search names and text…")
        self.query.returnPressed.connect(self.search)
        self.results = QListWidget()
        self.results.currentItemChanged.connect(self._chosen)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.query)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.note)
        if database is None:
            self.query.setEnabled(False)
            self.note.setText("No card database is installed; the browser opens when one is.")

    def search(self) -> None:
        """Search the game on the table for the words typed."""
        game = self.session.game
        if game is None or self.database is None:
            return
        try:
            found = search_cards(self.database, game.rules.id, self.query.text())
        except Exception as error:  # a damaged database: say so in one line, keep the window
            self.note.setText(f"search failed: {error}")
            return
        self.results.clear()
        for card in found:
            item = QListWidgetItem(f"{card.name}  ({card.card_type})")
            item.setData(Qt.ItemDataRole.UserRole, card)
            self.results.addItem(item)
        self.note.setText(f"{len(found)} card(s)")

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.cardChosen.emit(item.data(Qt.ItemDataRole.UserRole))
