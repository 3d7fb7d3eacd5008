"""DeckEditor: build a deck of one game from the card database, see its legality and numbers, test it, save it.

The editor changes only its DeckDraft (no game state); "Goldfish", "Play vs AI" and "Hot-seat"
hand a NewGame to the main window, which starts it through the session like the new-game dialog.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
from PySide6.QtCore import QMimeData, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
    QListWidgetItem, QMainWindow, QMessageBox, QPushButton, QSplitter, QTabWidget, QVBoxLayout, QWidget,
)

from carddb.banlist import LIMIT_NAMES, BanList, read_lflist
from carddb.decks.deck_list import DeckFormatError, DeckList
from carddb.decks.files import parse_deck, read_deck_file, write_deck_file
from carddb.decks.plain_text import write_plain_text
from carddb.decks.resolution import AmbiguousName, CardLookup, library_lookup, resolve_deck
from carddb.decks.ydke import write_ydke
from carddb.errors import CardDatabaseError
from tabletop.engine.atomic_write import write_atomically
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.rules import GameConfig
from tabletop.games import find_game
from tabletop.ui.banlist_box import ask_banlist_file, fill_banlist_box
from tabletop.ui.card_face import card_face_pixmap
from tabletop.ui.card_sources import available_decks
from tabletop.ui.deck_editor_model import GAME_SECTIONS, DeckDraft, Problem, TestHand, section_label, sections_of
from tabletop.ui.deck_editor_numbers import NumbersRunner, NumbersView
from tabletop.ui.deck_editor_search import CARD_MIME, ICON_SIZE, SearchPanel
from tabletop.ui.new_game_dialog import NewGame

ZOOM_SIZE = QSize(240, 336)
HAND_ICON = QSize(90, 126)
ENTRY_ICON = QSize(20, 28)      # drawn at the result size and scaled: tabletop.render fails below ~60x84
RECENT_KEY = "deck_editor/recent"
RECENT_COUNT = 8
DRAFT_DELAY_MS = 800
# Save formats offered in the file dialog: filter text -> deck format (carddb.decks.files.WRITERS).
SAVE_FILTERS: dict[str, str] = {
    "Text deck list (*.txt)": "text", "YGOPro deck (*.ydk)": "ydk", "OCTGN deck (*.o8d)": "o8d",
    "Omnideck list (*.txt)": "omnideck", "Grand Archive Online deck (*.txt)": "gaonline",
}
GAME_SAVE_FILTERS: dict[str, tuple[str, ...]] = {
    "yugioh": ("YGOPro deck (*.ydk)", "Text deck list (*.txt)"),
    "fftcg": ("Text deck list (*.txt)", "OCTGN deck (*.o8d)"),
    "grand-archive": ("Omnideck list (*.txt)", "Grand Archive Online deck (*.txt)", "Text deck list (*.txt)"),
}
SECTION_MIME = "application/x-tabletop-deck-section"
OPEN_FILTER = "Deck files (*.ydk *.txt *.o8d *.dek *.dec);;All files (*)"
UnsavedAnswer = Callable[["DeckEditor"], QMessageBox.StandardButton]


def drafts_folder() -> Path:
    """Return where editors autosave their drafts (the user data directory)."""
    return platformdirs.user_data_path("tabletop") / "deck_drafts"


def recent_decks(settings: QSettings) -> list[str]:
    """Return the deck files opened or saved last, newest first."""
    value = settings.value(RECENT_KEY, [])
    paths = [value] if isinstance(value, str) else list(value or [])
    return [p for p in paths if p]


def remember_recent(settings: QSettings, path: Path) -> None:
    """Put a deck file first in the recent list."""
    paths = [str(path)] + [p for p in recent_decks(settings) if p != str(path)]
    settings.setValue(RECENT_KEY, paths[:RECENT_COUNT])
    settings.sync()


def deck_file_game(path: Path) -> str | None:
    """Return the game a deck file names (its format's or its `# game:` line), None when it names none or is unreadable."""
    try:
        game = read_deck_file(path).game
    except (DeckFormatError, ValueError):
        return None
    return game if game in GAME_SECTIONS else None


class SectionList(QListWidget):
    """One deck section's entries (`3 × Name`); cards dragged from the results or another section drop here."""

    cardsDropped = Signal(str, list)       # section, card ids (from the results)
    cardsMoved = Signal(str, str, list)    # from section, to section, card ids (one copy each)

    def __init__(self, section: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.section = section
        self.setAcceptDrops(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setMouseTracking(True)
        self.setIconSize(ENTRY_ICON)

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        """Carry the dragged entries' card ids and this section (a drop elsewhere moves one copy)."""
        data = QMimeData()
        ids = [item.data(Qt.ItemDataRole.UserRole).id for item in items]
        data.setData(CARD_MIME, "\n".join(ids).encode("utf-8"))
        data.setData(SECTION_MIME, self.section.encode("utf-8"))
        return data

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(CARD_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(CARD_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        if not mime.hasFormat(CARD_MIME):
            super().dropEvent(event)
            return
        ids = [i for i in bytes(mime.data(CARD_MIME).data()).decode("utf-8").split("\n") if i]
        source = bytes(mime.data(SECTION_MIME).data()).decode("utf-8") if mime.hasFormat(SECTION_MIME) else ""
        if not source:
            self.cardsDropped.emit(self.section, ids)
        elif source != self.section:
            self.cardsMoved.emit(source, self.section, ids)
        # Trap: the list must not take the drop itself, or Qt would insert or remove rows behind the draft.
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()


class SectionBox(QGroupBox):
    """A deck section: its title with the count, the entries, and +/– buttons for the selected entry."""

    def __init__(self, section: str, editor: DeckEditor) -> None:
        super().__init__(section_label(section, editor.game))
        self.section = section
        layout = QVBoxLayout(self)
        self.entries = SectionList(section)
        layout.addWidget(self.entries, 1)
        buttons = QHBoxLayout()
        self.plus = QPushButton("+")
        self.minus = QPushButton("–")
        self.plus.setToolTip("One more copy of the selected card (+)")
        self.minus.setToolTip("One copy fewer of the selected card (−)")
        for button in (self.plus, self.minus):
            button.setFixedWidth(40)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.plus.clicked.connect(lambda: editor.change_selected(self.section, +1))
        self.minus.clicked.connect(lambda: editor.change_selected(self.section, -1))
        self.entries.cardsDropped.connect(editor.add_ids)
        self.entries.cardsMoved.connect(editor.move_ids)
        self.entries.itemEntered.connect(lambda item: editor.show_zoom(item.data(Qt.ItemDataRole.UserRole)))
        self.entries.itemDoubleClicked.connect(lambda _item: editor.change_selected(self.section, -1))

    def selected_card(self) -> CardDefinition | None:
        """Return the card of the selected entry."""
        item = self.entries.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None


class DeckEditor(QMainWindow):
    """The deck editor window of one game."""

    playRequested = Signal(object)     # NewGame
    deckSaved = Signal(object)         # Path

    def __init__(self, database: Any, game: str, settings: QSettings | None = None,
                 drafts: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.database = database
        self.game = game
        self.rules = find_game(game)
        self.settings = settings or QSettings("tabletop", "tabletop")
        self.draft_path = (drafts or drafts_folder()) / f"{game}.txt"
        self.draft = DeckDraft(game, format=self._default_format())
        self.path: Path | None = None
        self.path_format: str | None = None
        self.is_dirty = False
        self.known: dict[str, CardDefinition] = {}
        self.problems: list[Problem] = []
        self.numbers: Any = None
        self.banlist: BanList | None = None          # the Forbidden & Limited list chosen (Yu-Gi-Oh!)
        self.banlists: dict[str, BanList] = {}
        self.test_hand: TestHand | None = None
        self.ask_unsaved: UnsavedAnswer = _ask_unsaved
        self._full_library: CardLookup | None = None
        self.setWindowTitle("Deck editor")
        self.resize(1500, 900)
        self.runner = NumbersRunner(self)
        self.runner.computed.connect(self._numbers_computed)
        self.runner.failed.connect(lambda message: self.numbers_view.label.setText(f"Numbers failed: {message}"))
        self._build()
        self._build_menus()
        self.draft_timer = QTimer(self)
        self.draft_timer.setSingleShot(True)
        self.draft_timer.setInterval(DRAFT_DELAY_MS)
        self.draft_timer.timeout.connect(self.write_draft)
        self.recover_action.setEnabled(self.draft_path.is_file())
        if self.draft_path.is_file():
            self.statusBar().showMessage("An autosaved draft of this game's deck exists: File ▸ Recover autosaved draft")
        self.refresh()

    # -- building the window --------------------------------------------------------------------
    def _default_format(self) -> str:
        return self.rules.formats[0] if len(self.rules.formats) > 1 else ""

    def _build(self) -> None:
        central = QWidget()
        outer = QVBoxLayout(central)
        top = QHBoxLayout()
        top.addWidget(QLabel(f"<b>{self.rules.name}</b>"))
        top.addWidget(QLabel("Name:"))
        self.name_edit = QLineEdit(self.draft.name)
        self.name_edit.textEdited.connect(self._renamed)
        top.addWidget(self.name_edit, 1)
        self.format_box = QComboBox()
        for fmt in self.rules.formats:
            if fmt:
                self.format_box.addItem(fmt, fmt)
        self.format_box.setVisible(self.format_box.count() > 1)
        self.format_box.currentIndexChanged.connect(self._format_changed)
        top.addWidget(self.format_box)
        self.banlist_box = QComboBox()
        fill_banlist_box(self.banlist_box, ())
        self.banlist_box.currentIndexChanged.connect(self._banlist_changed)
        self.banlist_button = QPushButton("Banlist file…")
        self.banlist_button.clicked.connect(self._choose_banlist)
        for widget in (self.banlist_box, self.banlist_button):
            widget.setVisible(self.game == "yugioh")
            top.addWidget(widget)
        outer.addLayout(top)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.search = SearchPanel(self.database, self.game)
        self.search.cardHovered.connect(self.show_zoom)
        self.search.cardActivated.connect(lambda card: self.add_card(card))
        splitter.addWidget(self.search)

        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        self.total_label = QLabel()
        middle_layout.addWidget(self.total_label)
        self.section_boxes: dict[str, SectionBox] = {}
        for section in sections_of(self.game):
            box = SectionBox(section, self)
            self.section_boxes[section] = box
            middle_layout.addWidget(box, 3 if section == "main" else 2)
        play_row = QHBoxLayout()
        self.opponent_box = QComboBox()
        self.opponent_box.setToolTip("The other seat's deck in Play vs AI and Hot-seat")
        self._fill_opponents()
        play_row.addWidget(self.opponent_box)
        self.goldfish_button = QPushButton("Goldfish")
        self.vs_ai_button = QPushButton("Play vs AI")
        self.hot_seat_button = QPushButton("Hot-seat")
        self.goldfish_button.clicked.connect(lambda: self.play("goldfish"))
        self.vs_ai_button.clicked.connect(lambda: self.play("ai"))
        self.hot_seat_button.clicked.connect(lambda: self.play("hot-seat"))
        for button in (self.goldfish_button, self.vs_ai_button, self.hot_seat_button):
            play_row.addWidget(button)
        middle_layout.addLayout(play_row)
        splitter.addWidget(middle)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.zoom = QLabel("Point at a card to see it large.")
        self.zoom.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom.setFixedSize(ZOOM_SIZE)
        self.zoom.setWordWrap(True)
        right_layout.addWidget(self.zoom, 0, Qt.AlignmentFlag.AlignHCenter)
        self.tabs = QTabWidget()
        legality = QWidget()
        legality_layout = QVBoxLayout(legality)
        self.legal_label = QLabel()
        self.legal_label.setWordWrap(True)
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.setSpacing(3)
        self.problem_list.setAlternatingRowColors(True)
        self.problem_list.currentItemChanged.connect(lambda item, _old: self._problem_chosen(item))
        legality_layout.addWidget(self.legal_label)
        legality_layout.addWidget(self.problem_list, 1)
        self.tabs.addTab(legality, "Legality")
        self.numbers_view = NumbersView(self.game)
        self.tabs.addTab(self.numbers_view, "Numbers")
        hand = QWidget()
        hand_layout = QVBoxLayout(hand)
        hand_buttons = QHBoxLayout()
        self.new_hand_button = QPushButton("Draw a test hand")
        self.mulligan_button = QPushButton("Mulligan")
        self.draw_button = QPushButton("Draw")
        self.new_hand_button.clicked.connect(self.draw_test_hand)
        self.mulligan_button.clicked.connect(lambda: self._hand_step("mulligan"))
        self.draw_button.clicked.connect(lambda: self._hand_step("draw"))
        for button in (self.new_hand_button, self.mulligan_button, self.draw_button):
            hand_buttons.addWidget(button)
        hand_layout.addLayout(hand_buttons)
        self.hand_list = QListWidget()
        self.hand_list.setViewMode(QListWidget.ViewMode.IconMode)
        self.hand_list.setIconSize(HAND_ICON)
        self.hand_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.hand_list.setMouseTracking(True)
        self.hand_list.itemEntered.connect(lambda item: self.show_zoom(item.data(Qt.ItemDataRole.UserRole)))
        self.hand_label = QLabel("Draw a test hand from the main deck.")
        hand_layout.addWidget(self.hand_label)
        hand_layout.addWidget(self.hand_list, 1)
        self.tabs.addTab(hand, "Test hand")
        right_layout.addWidget(self.tabs, 1)
        splitter.addWidget(right)
        splitter.setSizes([520, 480, 420])
        outer.addWidget(splitter, 1)
        self.setCentralWidget(central)

    def _build_menus(self) -> None:
        menu = self.menuBar().addMenu("&File")

        def action(text: str, slot: Callable[[], object], shortcut: Any = None) -> QAction:
            item = QAction(text, self)
            if shortcut is not None:
                item.setShortcut(QKeySequence(shortcut))
            item.triggered.connect(lambda _checked=False: slot())
            menu.addAction(item)
            return item

        action("&New deck", self.new_deck, QKeySequence.StandardKey.New)
        action("&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        action("&Save", self.save, QKeySequence.StandardKey.Save)
        action("Save &as…", self.save_as_dialog, "Ctrl+Shift+S")
        menu.addSeparator()
        self.copy_ydke_action = action("Copy as &ydke:// link", self.copy_ydke)
        self.copy_ydke_action.setVisible(self.game == "yugioh")
        action("Copy as text &list", self.copy_text)
        action("&Paste deck (ydke://, text list…)", self.paste_deck, "Ctrl+Shift+V")
        self.recover_action = action("Recover autosaved &draft", self.recover_draft)
        menu.addSeparator()
        action("&Close", self.close, QKeySequence.StandardKey.Close)
        for key, step in (("+", +1), ("-", -1)):
            shortcut = QAction(self)
            shortcut.setShortcut(QKeySequence(key))
            shortcut.triggered.connect(lambda _checked=False, s=step: self._change_focused(s))
            self.addAction(shortcut)

    # -- changing the deck -----------------------------------------------------------------------
    def add_card(self, card: CardDefinition, section: str | None = None, count: int = 1) -> str:
        """Add copies of a card (to its home section by default); return the section it went to."""
        self.known[card.id] = card
        target = self.draft.add(card, section, count)
        if target not in self.section_boxes:        # a section this game's editor does not show
            self.draft.remove(card.id, target, count)
            target = self.draft.add(card, "main", count)
        self.changed()
        return target

    def add_ids(self, section: str, ids: list[str]) -> None:
        """Add one copy of each card id dropped on a section."""
        for card_id in ids:
            card = self.known.get(card_id) or next((c for c in self.search.found if c.id == card_id), None)
            if card is not None:
                self.add_card(card, section)

    def move_ids(self, source: str, target: str, ids: list[str]) -> None:
        """Move one copy of each card id from one section to another (a drag between sections)."""
        for card_id in ids:
            card = self.known.get(card_id)
            if card is not None and self.draft.copies(card_id, source):
                self.draft.remove(card_id, source)
                self.draft.add(card, target)
        self.changed()

    def change_selected(self, section: str, step: int) -> None:
        """Add (+1) or take out (−1) a copy of the selected entry of a section."""
        box = self.section_boxes[section]
        card = box.selected_card()
        if card is None:
            return
        if step > 0:
            self.draft.add(card, section, step)
        else:
            self.draft.remove(card.id, section, -step)
        self.changed()
        self._select(section, card.id)

    def _change_focused(self, step: int) -> None:
        for section, box in self.section_boxes.items():
            if box.entries.hasFocus():
                self.change_selected(section, step)
                return
        if step > 0 and self.search.results.hasFocus() and self.search.results.currentItem() is not None:
            self.add_card(self.search.results.currentItem().data(Qt.ItemDataRole.UserRole))

    def _select(self, section: str, card_id: str) -> None:
        entries = self.section_boxes[section].entries
        for row in range(entries.count()):
            if entries.item(row).data(Qt.ItemDataRole.UserRole).id == card_id:
                entries.setCurrentRow(row)
                return

    def _renamed(self, text: str) -> None:
        self.draft.name = text.strip() or "New deck"
        self.changed()

    def _format_changed(self) -> None:
        self.draft.format = self.format_box.currentData() or ""
        self._fill_opponents()
        self.changed()

    def _fill_opponents(self) -> None:
        """Offer this deck and the bundled decks of the draft's format as the other seat's deck."""
        self.opponent_box.clear()
        self.opponent_box.addItem("Opponent: this deck", None)
        for choice in available_decks(self.game):
            if choice.format in ("", self.draft.format):
                self.opponent_box.addItem(f"Opponent: {choice.label}", choice)

    def changed(self) -> None:
        """Mark the deck changed: refresh the lists, legality and numbers, and autosave the draft soon."""
        self.is_dirty = True
        self.refresh()
        self.draft_timer.start()

    def refresh(self) -> None:
        """Show the draft: section lists with counts and each card's limit on the chosen list, the problems, and ask
        for fresh numbers."""
        regulation = self.draft.regulation(self.banlist)
        limits = regulation.limits if regulation is not None else {}
        for section, box in self.section_boxes.items():
            current = box.selected_card()
            box.entries.clear()
            for count, card in self.draft.sections.get(section, []):
                limit = LIMIT_NAMES.get(limits.get(card.name, 3))
                item = QListWidgetItem(f"{count} × {card.name}" + (f"  · {limit}" if limit else ""))
                item.setData(Qt.ItemDataRole.UserRole, card)
                item.setIcon(QIcon(card_face_pixmap(card, ICON_SIZE.width(), ICON_SIZE.height()).scaled(
                    ENTRY_ICON, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)))
                item.setToolTip(card.text or card.name)
                box.entries.addItem(item)
            box.setTitle(f"{section_label(section, self.game)} ({self.draft.count(section)})")
            if current is not None:
                self._select(section, current.id)
        self.total_label.setText(f"{self.draft.name}: {self.draft.count()} cards")
        self.problems = self.draft.problems(regulation)
        self.problem_list.clear()
        for problem in self.problems:
            cards = f" · cards: {', '.join(problem.cards)}" if problem.cards else ""
            what = problem.message[len(problem.rule) + 2:] if problem.message.startswith(problem.rule + ": ") else problem.message
            item = QListWidgetItem(f"{what[:1].upper()}{what[1:]}\n    Rule {problem.rule}{cards}")
            item.setData(Qt.ItemDataRole.UserRole, problem)
            item.setToolTip(f"Rule {problem.rule}")
            self.problem_list.addItem(item)
        if self.problems:
            self.legal_label.setText(f"<b style='color:#b00020'>Not legal: {len(self.problems)} problem(s)</b>")
        else:
            self.legal_label.setText("<b style='color:#1b7a2e'>Legal ✓</b> — the deck follows every construction rule.")
        self.tabs.setTabText(0, f"Legality ({len(self.problems)})" if self.problems else "Legality ✓")
        star = "*" if self.is_dirty else ""
        where = self.path.name if self.path else "unsaved"
        self.setWindowTitle(f"Deck editor — {self.rules.name} — {self.draft.name}{star} ({where})")
        self.numbers = None
        self.numbers_view.show_waiting()
        self.runner.ask(self.game, {s: self.draft.cards(s) for s in self.draft.sections})

    def _numbers_computed(self, numbers: Any) -> None:
        self.numbers = numbers
        self.numbers_view.show_numbers(numbers)

    def _problem_chosen(self, item: QListWidgetItem | None) -> None:
        """Select the first card a problem names in its section, so the player sees what to change."""
        if item is None:
            return
        problem: Problem = item.data(Qt.ItemDataRole.UserRole)
        for name in problem.cards:
            for section, entries in self.draft.sections.items():
                card = next((c for _n, c in entries if c.name == name), None)
                if card is not None and section in self.section_boxes:
                    self._select(section, card.id)
                    self.show_zoom(card)
                    return

    def show_zoom(self, card: CardDefinition | None) -> None:
        """Show a card large beside the lists (its picture, or the drawn face)."""
        if card is not None:
            self.zoom.setPixmap(card_face_pixmap(card, ZOOM_SIZE.width(), ZOOM_SIZE.height()))
            self.zoom.setToolTip(card.text or card.name)

    # -- banlist ---------------------------------------------------------------------------------
    def load_banlist(self, path: Path) -> bool:
        """Read a YGOPro lflist.conf and offer every list, a whitelist one included, the first (newest) chosen; a
        bad file is said in one line."""
        try:
            lists = read_lflist(path)
        except CardDatabaseError as error:
            QMessageBox.warning(self, "Banlist", str(error))
            return False
        self.offer_banlists(lists)
        return True

    def offer_banlists(self, lists: dict[str, BanList], chosen: str | None = None) -> None:
        """Offer Forbidden & Limited lists and check the deck against `chosen` ("" none; None the first, the newest)."""
        self.banlists = lists
        fill_banlist_box(self.banlist_box, lists, chosen)
        self._banlist_changed()

    def _choose_banlist(self) -> None:
        path = ask_banlist_file(self)
        if path is not None:
            self.load_banlist(path)

    def _banlist_changed(self) -> None:
        self.banlist = self.banlists.get(self.banlist_box.currentData() or "")
        self.refresh()

    # -- test hand and play ----------------------------------------------------------------------
    def draw_test_hand(self) -> None:
        """Shuffle the main deck and draw an opening hand."""
        self.test_hand = TestHand(self.game, self.draft.cards("main"))
        self._show_hand()

    def _hand_step(self, step: str) -> None:
        if self.test_hand is None:
            self.draw_test_hand()
            return
        if step == "mulligan":
            self.test_hand.mulligan()
        else:
            self.test_hand.draw()
        self._show_hand()

    def _show_hand(self) -> None:
        self.hand_list.clear()
        assert self.test_hand is not None
        for card in self.test_hand.hand:
            item = QListWidgetItem(QIcon(card_face_pixmap(card, HAND_ICON.width(), HAND_ICON.height())), card.name)
            item.setData(Qt.ItemDataRole.UserRole, card)
            self.hand_list.addItem(item)
        self.hand_label.setText(f"Hand: {len(self.test_hand.hand)} cards, {len(self.test_hand.library)} left in the deck")
        self.tabs.setCurrentIndex(2)

    def game_to_play(self, mode: str) -> NewGame:
        """Return the game "Goldfish", "Play vs AI" or "Hot-seat" starts: this deck in the first seat, the
        opponent's choice (this deck again by default) in the second.

        Raises ValueError when the deck is not legal (the first problem, with its rule).
        """
        if self.problems:
            raise ValueError(f"the deck is not legal: {self.problems[0].message}")
        sections = self.draft.config_sections()
        first, second = self.rules.players[:2]
        seats = {first: "human", second: "human" if mode == "hot-seat" else "ai"}
        options = {"goldfish": True} if mode == "goldfish" else {}
        library = CardLibrary(self.draft.cards())
        opponent = self.opponent_box.currentData() if mode != "goldfish" else None
        decks = {first: sections, second: sections}
        if opponent is not None:
            decks[second] = {section: list(ids) for section, ids in opponent.sections.items()}
            for card in opponent.cards:
                library.add(card)
        config = GameConfig(game=self.game, format=self.draft.format or self.rules.formats[0],
                            seed=random.randrange(2**31 - 1), decks=decks,
                            seats=seats, options=options, auto_pass=[p for p, kind in seats.items() if kind == "ai"])
        return NewGame(config, library, open_hands=False)

    def play(self, mode: str) -> None:
        """Ask the main window to start a game with this deck (mode: goldfish, ai or hot-seat)."""
        try:
            new = self.game_to_play(mode)
        except ValueError as error:
            QMessageBox.warning(self, "Play", str(error))
            return
        self.playRequested.emit(new)

    # -- files -----------------------------------------------------------------------------------
    def _lookup(self, key: str) -> CardDefinition | None:
        """Find a card of this game by code or name in the database (the whole library on a miss)."""
        found = self.database.cards_named(key, self.game)
        if len(found) > 1:   # by name, different cards (printings of one card are listed once)
            raise AmbiguousName(key, tuple(card.id for card in found))
        if found:
            return found[0]
        if self._full_library is None:
            self._full_library = library_lookup(
                list(self.database.library(self.game).values()), self.database.external_ids(self.game))
        return self._full_library(key)

    def load_deck_list(self, deck: DeckList, source: str) -> bool:
        """Replace the draft with a deck list; unknown cards are named in one line and nothing changes."""
        resolution = resolve_deck(deck, self._lookup)
        if resolution.unknown:
            more = f" and {len(resolution.unknown) - 1} more" if len(resolution.unknown) > 1 else ""
            QMessageBox.warning(self, "Open deck", f"{source}: {resolution.unknown[0].describe()}{more}")
            return False
        self.set_draft(DeckDraft.from_resolved(resolution.deck))
        if resolution.deck.notes:   # an entry that is no card (a Vanguard rules entry), left out
            self.statusBar().showMessage(f"{source}: " + "; ".join(resolution.deck.notes), 8000)
        return True

    def set_draft(self, draft: DeckDraft) -> None:
        """Show a deck (its format chosen in the format box); it counts as unchanged."""
        draft.game = self.game
        for section in sections_of(self.game):
            draft.sections.setdefault(section, [])
        self.draft = draft
        for _section, _count, card in draft.resolved().entries():
            self.known[card.id] = card
        self.name_edit.setText(draft.name)
        index = self.format_box.findData(draft.format)
        self.format_box.blockSignals(True)
        if index >= 0:
            self.format_box.setCurrentIndex(index)
        else:
            draft.format = self.format_box.currentData() or ""
        self.format_box.blockSignals(False)
        self._fill_opponents()
        self.is_dirty = False
        self.test_hand = None
        self.refresh()

    def open_file(self, path: Path) -> bool:
        """Open a deck file of this game; a bad or unknown-card file is said in one line."""
        try:
            deck = read_deck_file(path, game=self.game)
        except (DeckFormatError, ValueError) as error:
            QMessageBox.warning(self, "Open deck", str(error).splitlines()[0])
            return False
        if not self.load_deck_list(deck, str(path)):
            return False
        self.path, self.path_format = path, deck.format if deck.format in SAVE_FILTERS.values() else None
        remember_recent(self.settings, path)
        self.refresh()
        return True

    def save_to(self, path: Path, fmt: str | None = None) -> bool:
        """Write the deck to a file (format by `fmt`, else the extension) through a rename; errors in one line."""
        try:
            write_deck_file(self.draft.as_deck_list(), path, fmt)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Save deck", f"{path}: {str(error).splitlines()[0]}")
            return False
        self.path, self.path_format = path, fmt
        self.is_dirty = False
        remember_recent(self.settings, path)
        self.draft_path.unlink(missing_ok=True)
        self.recover_action.setEnabled(False)
        self.refresh()
        self.deckSaved.emit(path)
        return True

    def save(self) -> bool:
        """Save to the deck's file, or ask where."""
        return self.save_to(self.path, self.path_format) if self.path else self.save_as_dialog()

    def save_as_dialog(self) -> bool:
        """Ask for a file and a format, then save."""
        filters = GAME_SAVE_FILTERS.get(self.game, ("Text deck list (*.txt)",))
        path, chosen = QFileDialog.getSaveFileName(self, "Save deck", f"{self.draft.name}", ";;".join(filters))
        if not path:
            return False
        fmt = SAVE_FILTERS.get(chosen, "text")
        target = Path(path)
        suffix = {"ydk": ".ydk", "o8d": ".o8d"}.get(fmt, ".txt")
        if not target.suffix:
            target = target.with_suffix(suffix)
        return self.save_to(target, fmt)

    def open_dialog(self) -> None:
        """Ask for a deck file and open it (after the unsaved-changes question)."""
        if not self.may_discard():
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open deck", "", OPEN_FILTER)
        if path:
            self.open_file(Path(path))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = recent_decks(self.settings)
        for path in paths:
            self.recent_menu.addAction(path).triggered.connect(
                lambda _checked=False, p=path: self.may_discard() and self.open_file(Path(p)))
        if not paths:
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    def new_deck(self) -> None:
        """Start an empty deck (after the unsaved-changes question)."""
        if self.may_discard():
            self.path = None
            self.set_draft(DeckDraft(self.game, format=self._default_format()))

    def copy_ydke(self) -> None:
        """Put the deck on the clipboard as a ydke:// link."""
        try:
            QGuiApplication.clipboard().setText(write_ydke(self.draft.as_deck_list()))
        except ValueError as error:
            QMessageBox.warning(self, "Copy", str(error))
            return
        self.statusBar().showMessage("Copied the ydke:// link", 4000)

    def copy_text(self) -> None:
        """Put the deck on the clipboard as a text list."""
        QGuiApplication.clipboard().setText(write_plain_text(self.draft.as_deck_list()))
        self.statusBar().showMessage("Copied the deck list", 4000)

    def paste_deck(self, text: str | None = None) -> bool:
        """Replace the deck with one pasted as text (ydke://, a text list, a native list)."""
        text = QGuiApplication.clipboard().text() if text is None else text
        if not text.strip() or not self.may_discard():
            return False
        try:
            deck = parse_deck(text, source="<clipboard>", game=self.game)
        except (DeckFormatError, ValueError) as error:
            QMessageBox.warning(self, "Paste deck", str(error).splitlines()[0])
            return False
        if not self.load_deck_list(deck, "<clipboard>"):
            return False
        self.path = None
        self.changed()
        return True

    # -- draft autosave and closing -------------------------------------------------------------
    def write_draft(self) -> None:
        """Autosave the deck as a text list beside the other drafts (write-then-rename: a crash loses nothing)."""
        self.draft_timer.stop()
        if not self.is_dirty:
            return
        try:
            self.draft_path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.draft_path, write_plain_text(self.draft.as_deck_list()), newline="\n")
        except OSError as error:
            self.statusBar().showMessage(f"Could not autosave the draft: {error}", 8000)

    def recover_draft(self) -> bool:
        """Open the autosaved draft of this game (it stays unsaved)."""
        try:
            deck = read_deck_file(self.draft_path, game=self.game, fmt="text")
        except (DeckFormatError, ValueError) as error:
            QMessageBox.warning(self, "Recover draft", str(error).splitlines()[0])
            return False
        if not self.load_deck_list(deck, str(self.draft_path)):
            return False
        self.path = None
        self.is_dirty = True
        self.refresh()
        return True

    def may_discard(self) -> bool:
        """Ask about unsaved changes: Save, Discard or Cancel; True when the deck may be replaced."""
        if not self.is_dirty or self.draft.count() == 0:
            return True
        answer = self.ask_unsaved(self)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.may_discard():
            event.ignore()
            return
        self.draft_timer.stop()
        self.draft_path.unlink(missing_ok=True)     # saved or discarded on purpose; a crash never gets here
        self.runner.stop()
        event.accept()


def _ask_unsaved(editor: DeckEditor) -> QMessageBox.StandardButton:
    buttons = QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
    return QMessageBox.question(editor, "Unsaved deck", f"Save the changes to {editor.draft.name!r}?", buttons,
                                QMessageBox.StandardButton.Save)
