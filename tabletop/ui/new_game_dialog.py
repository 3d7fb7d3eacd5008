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

from carddb.banlist import BanList, read_lflist, regulation_of
from carddb.errors import CardDatabaseError
from carddb.validation import deck_problems
from tabletop.engine.cards import CardLibrary
from tabletop.engine.errors import BadInput
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game, game_ids, game_name
from tabletop.ui.banlist_box import ask_banlist_file, fill_banlist_box
from tabletop.ui.card_sources import DeckChoice, available_decks, card_library, deck_from_file
from tabletop.ui.seat_bots import DIFFICULTIES, unplayable_by_ai

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
        for difficulty, (name, bot) in DIFFICULTIES.items():
            self.kind.addItem(f"AI — {name}", f"ai:{difficulty}")
            self.kind.setItemData(self.kind.count() - 1, f"The computer plays this seat ({bot})",
                                  Qt.ItemDataRole.ToolTipRole)
        layout.addWidget(self.deck, 1)
        layout.addWidget(self.edit)
        layout.addWidget(self.kind)
        self.choices: list[DeckChoice] = []
        # why the chosen deck is refused (the game's construction rules, its banlist), shown as soon as it is chosen
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setObjectName(f"{player}_deck_verdict")

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
            self.game.addItem(game_name(gid), gid)
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
            form.addRow("", row.verdict)
            self.seats.append(row)
            self.seat_labels.append(label)
        # yugioh.md 2.5: the Forbidden & Limited list decks are checked against (an EDOPro/YGOPro lflist.conf)
        self.banlists: dict[str, BanList] = {}
        self.banlist_path = ""
        self.banlist = QComboBox()
        fill_banlist_box(self.banlist, ())
        banlist_file = QPushButton("lflist.conf…")
        banlist_file.clicked.connect(self._choose_banlist)
        self.banlist_row = QWidget()
        banlist_layout = QHBoxLayout(self.banlist_row)
        banlist_layout.setContentsMargins(0, 0, 0, 0)
        banlist_layout.addWidget(self.banlist, 1)
        banlist_layout.addWidget(banlist_file)
        self.banlist_label = QLabel("&Banlist:")
        self.banlist_label.setBuddy(self.banlist)
        form.addRow(self.banlist_label, self.banlist_row)
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
        self.unchecked = QCheckBox("Play decks that break the construction rules (said on the table)")
        self.auto_pass = QCheckBox("Pass &automatically when a player can do nothing but pass")
        self.auto_pass.setToolTip("Rules-enforced games skip a priority stop whose only legal move is the pass; "
                                  "the AI always does. Off: every stop is offered, e.g. to move cards by hand.")
        form.addRow(self.goldfish)
        form.addRow(self.open_hands)
        form.addRow(self.auto_pass)
        form.addRow(self.unchecked)
        self.seating = QLabel()  # hot-seat, or what the AI cannot play
        self.seating.setWordWrap(True)
        form.addRow(self.seating)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form.addRow(buttons)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.goldfish.toggled.connect(lambda on: self.seats[1].setEnabled(not on))
        self.goldfish.toggled.connect(lambda _on: self._describe_seating())
        for row in self.seats:
            row.kind.currentIndexChanged.connect(lambda _index: self._describe_seating())
            row.deck.currentIndexChanged.connect(lambda _index: self._describe_seating())
            row.deck.currentIndexChanged.connect(lambda _index: self.check_decks())
        for changed in (self.format.currentIndexChanged, self.banlist.currentIndexChanged):
            changed.connect(lambda _index: self.check_decks())
        for toggled in (self.unchecked.toggled, self.goldfish.toggled):
            toggled.connect(lambda _on: self.check_decks())
        self.result_game: NewGame | None = None
        self.editor: Any = None
        self._restore()
        self.check_decks()

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
            remembered = str(self.settings.value(f"new_game/{row.player}/kind", "human"))
            kind = row.kind.findData("ai:normal" if remembered == "ai" else remembered)  # "ai": before difficulties
            row.kind.setCurrentIndex(max(0, kind))
        path = str(self.settings.value("new_game/banlist_file", "") or "")
        if path and self.load_banlist(Path(path)):
            index = self.banlist.findData(str(self.settings.value("new_game/banlist", "")))
            self.banlist.setCurrentIndex(max(0, index))
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
        self.settings.setValue("new_game/banlist_file", self.banlist_path)
        self.settings.setValue("new_game/banlist", self.banlist.currentData() or "")
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
        for widget in (self.banlist_label, self.banlist_row):   # only Yu-Gi-Oh! has Forbidden & Limited lists
            widget.setVisible(gid == "yugioh")

    def load_banlist(self, path: Path) -> bool:
        """Read an lflist.conf and offer its lists, the first (newest) chosen; a bad file is said in one line."""
        try:
            self.banlists = read_lflist(path)
        except CardDatabaseError as error:
            self.error.setText(str(error))
            return False
        self.banlist_path = str(path)
        fill_banlist_box(self.banlist, self.banlists)
        return True

    def _choose_banlist(self) -> None:
        path = ask_banlist_file(self)
        if path is not None:
            self.load_banlist(path)

    def _describe_seating(self) -> None:
        """Say "hot-seat" when two people share the computer, and which cards an AI seat cannot play."""
        kinds = [str(row.kind.currentData()) for row in self.seats]
        if self.goldfish.isChecked():
            self.seating.setText("Goldfish: you play p1's deck alone; the other seat only passes.")
            return
        if all(kind == "human" for kind in kinds):
            self.seating.setText("Hot-seat: two people take turns at this computer; the table is covered "
                                 "between turns so neither sees the other's hand.")
            return
        gid = self.game.currentData()
        rules = find_game(gid)
        if not rules.lists_every_play:
            self.seating.setText(f"{rules.name} is played by hand: the AI cannot play it and only passes.")
            return
        notes = []
        for row, kind in zip(self.seats, kinds):
            choice = row.selected()
            count = unplayable_by_ai(choice.cards) if kind.startswith("ai") and choice is not None else 0
            if count:
                notes.append(f"{row.player}'s AI cannot use the abilities of {count} card(s) of its deck "
                             "(the rules do not know their text: they are played by hand).")
        self.seating.setText(" ".join(notes))

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
            choice = deck_from_file(path, self.game.currentData(), self.database)
        except BadInput as error:
            QMessageBox.warning(self, "Deck file", str(error))
            return False
        row.add_choice(choice)
        self.error.setText(" ".join(f"{path.name}: {note}." for note in choice.notes))
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
        if gid == "yugioh" and self.banlists:   # the editor checks against the list chosen here
            editor.offer_banlists(self.banlists, self.banlist.currentData() or "")
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

    # -- the decks' construction rules -----------------------------------------------------------
    def chosen_format(self) -> str:
        """Return the format the form names (the game's first while none is selected)."""
        rules = find_game(self.game.currentData())
        index = self.format.currentIndex()
        return rules.formats[index] if 0 <= index < len(rules.formats) else rules.formats[0]

    def deck_problems(self, choice: DeckChoice) -> list[str]:
        """Return the construction rules a deck breaks in the chosen game and format, against the chosen Forbidden &
        Limited list (Yu-Gi-Oh!), each citing its rule; empty when it may be played (carddb.validation: every game's
        deck checker)."""
        gid = self.game.currentData()
        fmt = self.chosen_format()
        listed = self.banlists.get(self.banlist.currentData() or "") if gid == "yugioh" else None
        regulation = regulation_of(listed, choice.cards, fmt) if listed is not None else None
        sections = {section: list(ids) for section, ids in choice.sections.items()}
        return deck_problems(gid, sections, choice.cards, fmt, regulation)

    def format_clash(self) -> str:
        """Return why the two seats' decks cannot meet (decks of two formats, e.g. Vanguard standard against
        premium), or "" when they can or only p1's deck is played (goldfish)."""
        named = {row.player: choice.format for row in self.seats
                 if (choice := row.selected()) is not None and choice.format}
        if self.goldfish.isChecked() or len(set(named.values())) < 2:
            return ""
        p1, p2 = named
        return f"{p1}'s deck is a {named[p1]} deck and {p2}'s a {named[p2]} deck: both seats play one format"

    def check_decks(self) -> bool:
        """Say beside each seat's deck, as soon as it is chosen, why the rules refuse it (OK stays off until the decks
        are legal or "play unchecked" is ticked); return whether the chosen decks may be played."""
        unchecked = self.unchecked.isChecked()
        playable = True
        clash = self.format_clash()
        for index, row in enumerate(self.seats):
            choice = row.selected()
            used = choice is not None and (index == 0 or not self.goldfish.isChecked()) and all(
                card.game == self.game.currentData() for card in choice.cards[:1])   # not one of the last game's
            problems = self.deck_problems(choice) if used and choice is not None else []
            if index == len(self.seats) - 1 and clash:
                problems = [clash, *problems]
            if not problems:
                row.verdict.setText("")
                row.verdict.hide()
                continue
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            if unchecked and not clash:
                row.verdict.setText(f"Played unchecked: {problems[0]}{more}")
                row.verdict.setStyleSheet("color: #8a5a00;")
            else:
                row.verdict.setText(f"Refused: {problems[0]}{more}")
                row.verdict.setStyleSheet("color: #b00020;")
                playable = False
            row.verdict.setToolTip("\n".join(problems))
            row.verdict.show()
        self.ok.setEnabled(playable)
        self.ok.setToolTip("" if playable else "A deck is refused: see the reason under it")
        return playable

    def build(self) -> NewGame:
        """Return the game the form describes; ValueError says what is missing."""
        gid = self.game.currentData()
        rules = find_game(gid)
        fmt = self.chosen_format()
        goldfish = self.goldfish.isChecked()
        decks: dict[str, dict[str, list[str]]] = {}
        seats: dict[str, str] = {}
        levels: dict[str, str] = {}
        unchecked: dict[str, list[str]] = {}
        library = CardLibrary(card_library(gid, self.database).values())
        first = self.seats[0].selected()
        clash = self.format_clash()
        if clash:
            raise ValueError(clash)
        for row, player in zip(self.seats, rules.players):
            choice = first if goldfish else row.selected()
            if choice is None:
                raise ValueError(f"choose a deck for {player}")
            decks[player] = {section: list(ids) for section, ids in choice.sections.items()}
            for card in choice.cards:
                library.add(card)
            problems = self.deck_problems(choice)
            if problems and not self.unchecked.isChecked():
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                raise ValueError(f"{player}'s deck “{choice.name}” breaks the construction rules: {problems[0]}{more}. "
                                 "Tick “Play decks that break the construction rules” to play it anyway.")
            if problems:
                unchecked[player] = problems
            kind = "ai" if goldfish and row is not self.seats[0] else str(row.kind.currentData())
            seats[player], _, difficulty = kind.partition(":")
            if difficulty:
                levels[player] = difficulty
        options: dict[str, Any] = {"goldfish": True} if goldfish else {}
        if levels and not goldfish:
            options["ai"] = levels
        if unchecked:
            options["unchecked_decks"] = unchecked
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
