"""NewGameDialog: choose the game, format, a deck and a human or AI for each seat, and the seed."""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
    QMessageBox, QPushButton, QSpinBox, QWidget,
)

from tabletop.engine.cards import CardLibrary
from tabletop.engine.errors import BadInput
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game, game_ids
from tabletop.ui.card_sources import DeckChoice, available_decks, card_library, deck_from_file
from tabletop.ui.seat_bots import is_ai_available

FROM_FILE = "Deck file…"


@dataclass
class NewGame:
    """What the dialog produced: the config to start and the cards it needs."""

    config: GameConfig
    library: CardLibrary
    open_hands: bool


class SeatRow(QWidget):
    """One seat's deck and kind (human or AI)."""

    def __init__(self, player: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.player = player
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.deck = QComboBox()
        self.deck.setMinimumWidth(260)
        self.edit = QPushButton("Edit…")
        self.edit.setToolTip("Open this deck in the deck editor")
        self.kind = QComboBox()
        self.kind.addItem("Human", "human")
        if is_ai_available():
            self.kind.addItem("AI", "ai")
        layout.addWidget(self.deck, 1)
        layout.addWidget(self.edit)
        layout.addWidget(self.kind)
        self.choices: list[DeckChoice] = []

    def set_choices(self, choices: list[DeckChoice]) -> None:
        """List the decks a seat can take, then the deck-file entry."""
        self.choices = list(choices)
        self.deck.clear()
        for choice in self.choices:
            self.deck.addItem(choice.label)
        self.deck.addItem(FROM_FILE)

    def add_choice(self, choice: DeckChoice) -> None:
        """Add a deck read from a file and select it."""
        self.choices.append(choice)
        self.deck.insertItem(len(self.choices) - 1, choice.label)
        self.deck.setCurrentIndex(len(self.choices) - 1)

    def selected(self) -> DeckChoice | None:
        """Return the chosen deck (None when the deck-file entry is selected)."""
        index = self.deck.currentIndex()
        return self.choices[index] if 0 <= index < len(self.choices) else None


class NewGameDialog(QDialog):
    """The new-game form; the last choices are remembered in QSettings."""

    def __init__(self, parent: QWidget | None = None, database: Any | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.database = database
        self.settings = settings or QSettings("tabletop", "tabletop")
        form = QFormLayout(self)
        self.game = QComboBox()
        for gid in game_ids():
            self.game.addItem(find_game(gid).name, gid)
        self.format = QComboBox()
        form.addRow("&Game:", self.game)
        form.addRow("&Format:", self.format)
        self.seats: list[SeatRow] = []
        self.seat_labels: list[QLabel] = []
        for player in ("p1", "p2"):
            row = SeatRow(player, self)
            row.deck.activated.connect(lambda _index, r=row: self._maybe_file(r))
            row.deck.currentIndexChanged.connect(lambda _index, r=row: self._follow_deck_format(r))
            row.edit.clicked.connect(lambda _checked=False, r=row: self.edit_deck(r))
            row.edit.setEnabled(database is not None)
            label = QLabel(f"{player}:")
            form.addRow(label, row)
            self.seats.append(row)
            self.seat_labels.append(label)
        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        again = QPushButton("Random")
        again.clicked.connect(lambda: self.seed.setValue(random.randrange(2**31 - 1)))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(again)
        seed_label = QLabel("&Seed:")  # a row of widgets is no buddy: the label needs one for its mnemonic
        seed_label.setBuddy(self.seed)
        form.addRow(seed_label, seed_row)
        self.goldfish = QCheckBox("Goldfish: play p1's deck alone (the other seat only passes)")
        self.open_hands = QCheckBox("Open hands (everyone's hand face up)")
        self.auto_pass = QCheckBox("Pass &automatically when a player can do nothing but pass")
        self.auto_pass.setToolTip("Rules-enforced games skip a priority stop whose only legal move is the pass; "
                                  "the AI always does. Off: every stop is offered, e.g. to move cards by hand.")
        form.addRow(self.goldfish)
        form.addRow(self.open_hands)
        form.addRow(self.auto_pass)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.goldfish.toggled.connect(lambda on: self.seats[1].setEnabled(not on))
        self.result_game: NewGame | None = None
        self.editor: Any = None
        self._restore()

    # -- settings ------------------------------------------------------------------------------
    def _restore(self) -> None:
        game = self.settings.value("new_game/game", "freeform")
        index = self.game.findData(game)
        self.game.setCurrentIndex(max(0, index))
        self._game_changed()
        fmt = self.settings.value("new_game/format", "")
        if self.format.findText(str(fmt)) >= 0:
            self.format.setCurrentIndex(self.format.findText(str(fmt)))
        for row in self.seats:
            deck = self.settings.value(f"new_game/{row.player}/deck", "")
            if deck and row.deck.findText(str(deck)) >= 0:
                row.deck.setCurrentIndex(row.deck.findText(str(deck)))
            kind = row.kind.findData(self.settings.value(f"new_game/{row.player}/kind", "human"))
            row.kind.setCurrentIndex(max(0, kind))
        self.seed.setValue(int(self.settings.value("new_game/seed", 1) or 1))
        self.goldfish.setChecked(str(self.settings.value("new_game/goldfish", "false")).lower() == "true")
        self.open_hands.setChecked(str(self.settings.value("new_game/open_hands", "false")).lower() == "true")
        self.auto_pass.setChecked(str(self.settings.value("new_game/auto_pass", "true")).lower() == "true")

    def _remember(self) -> None:
        self.settings.setValue("new_game/game", self.game.currentData())
        self.settings.setValue("new_game/format", self.format.currentText())
        for row in self.seats:
            self.settings.setValue(f"new_game/{row.player}/deck", row.deck.currentText())
            self.settings.setValue(f"new_game/{row.player}/kind", row.kind.currentData())
        self.settings.setValue("new_game/seed", self.seed.value())
        self.settings.setValue("new_game/goldfish", self.goldfish.isChecked())
        self.settings.setValue("new_game/open_hands", self.open_hands.isChecked())
        self.settings.setValue("new_game/auto_pass", self.auto_pass.isChecked())
        self.settings.sync()

    # -- filling -------------------------------------------------------------------------------
    def _game_changed(self) -> None:
        gid = self.game.currentData()
        rules = find_game(gid)
        self.format.clear()
        for fmt in rules.formats:
            self.format.addItem(fmt or "standard")
        choices = available_decks(gid)
        for row, label in zip(self.seats, self.seat_labels):
            row.set_choices(choices)
        self.error.setText("" if choices else "No bundled decks for this game: choose a deck file.")

    def _follow_deck_format(self, row: SeatRow) -> None:
        """Select the format a chosen deck names (a premium Vanguard deck has sections that the
        standard format refuses)."""
        choice = row.selected()
        if choice is not None and choice.format and self.format.findText(choice.format) >= 0:
            self.format.setCurrentIndex(self.format.findText(choice.format))

    def _maybe_file(self, row: SeatRow) -> None:
        if row.deck.currentText() != FROM_FILE:
            return
        path, _ = QFileDialog.getOpenFileName(self, f"Deck for {row.player}", "",
                                              "Deck files (*.ydk *.txt *.o8d *.json *.dek *.yaml);;All files (*)")
        if path:
            self.load_deck_file(row, Path(path))

    def load_deck_file(self, row: SeatRow, path: Path) -> bool:
        """Read a deck file for a seat; a bad file shows its one-line error."""
        try:
            row.add_choice(deck_from_file(path, self.game.currentData(), self.database))
        except BadInput as error:
            QMessageBox.warning(self, "Deck file", str(error))
            return False
        return True

    def edit_deck(self, row: SeatRow) -> Any:
        """Open the seat's deck in a deck editor; a deck saved there becomes the seat's choice."""
        from tabletop.ui.deck_editor import DeckEditor  # needs carddb, which is optional
        from tabletop.ui.deck_editor_model import GAME_SECTIONS, DeckDraft

        gid = self.game.currentData()
        if self.database is None or gid not in GAME_SECTIONS:
            self.error.setText("The deck editor needs the card database and a game with deck rules.")
            return None
        editor = DeckEditor(self.database, gid, self.settings, parent=self)
        editor.setWindowFlag(Qt.WindowType.Window)
        choice = row.selected()
        if choice is not None:
            by_id = {card.id: card for card in choice.cards}
            draft = DeckDraft(gid, name=choice.name, format=choice.format)
            for section, ids in choice.sections.items():
                for card_id in ids:
                    draft.add(by_id[card_id], section)
            editor.set_draft(draft)
        editor.deckSaved.connect(lambda path, r=row: self.load_deck_file(r, path))
        self.editor = editor
        editor.show()
        return editor

    def done(self, result: int) -> None:
        """Close the deck editor opened from here first (it asks about unsaved changes; Cancel keeps the dialog)."""
        if self.editor is not None and self.editor.isVisible() and not self.editor.close():
            return
        super().done(result)

    def build(self) -> NewGame:
        """Return the game the form describes; ValueError says what is missing."""
        gid = self.game.currentData()
        rules = find_game(gid)
        fmt = rules.formats[self.format.currentIndex()] if self.format.currentIndex() >= 0 else rules.formats[0]
        goldfish = self.goldfish.isChecked()
        decks: dict[str, dict[str, list[str]]] = {}
        seats: dict[str, str] = {}
        library = CardLibrary(card_library(gid, self.database).values())
        first = self.seats[0].selected()
        for row, player in zip(self.seats, rules.players):
            choice = first if goldfish else row.selected()
            if choice is None:
                raise ValueError(f"choose a deck for {player}")
            decks[player] = {section: list(ids) for section, ids in choice.sections.items()}
            for card in choice.cards:
                library.add(card)
            seats[player] = "ai" if goldfish and row is not self.seats[0] else row.kind.currentData()
        options = {"goldfish": True} if goldfish else {}
        auto_pass = [p for p, kind in seats.items() if kind == "ai" or self.auto_pass.isChecked()]
        config = GameConfig(game=gid, format=fmt, seed=self.seed.value(), decks=decks, seats=seats, options=options,
                            auto_pass=auto_pass)
        return NewGame(config, library, self.open_hands.isChecked())

    def _accept(self) -> None:
        try:
            self.result_game = self.build()
        except ValueError as error:
            self.error.setText(str(error))
            return
        self._remember()
        self.accept()
