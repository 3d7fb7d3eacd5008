"""The deck editor's search side: a query box, the game's filters, and the result list cards are dragged from."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QMimeData, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QGridLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout,
    QWidget,
)

from carddb.facet_values import attribute_values, card_types
from tabletop.engine.cards import CardDefinition
from tabletop.ui.card_face import card_face_pixmap

CARD_MIME = "application/x-tabletop-card-id"
ICON_SIZE = QSize(60, 84)
RESULT_LIMIT = 100
TYPING_PAUSE_MS = 150          # a search runs this long after the last key
ICONS_PER_BATCH = 12           # faces are drawn a few at a time so the list shows at once
_RANGE = re.compile(r"^\s*(\d+)?\s*(-|\.\.)?\s*(\d+)?\s*$")


@dataclass(frozen=True)
class FilterSpec:
    """One filter of a game's search: a label, what it filters (type, cost, attribute or stat) and the key."""

    label: str
    kind: str        # "type" | "cost" | "attribute" | "stat"
    key: str = ""


GAME_FILTERS: dict[str, tuple[FilterSpec, ...]] = {
    "fftcg": (FilterSpec("Type", "type"), FilterSpec("Element", "attribute", "element"), FilterSpec("Cost", "cost"),
              FilterSpec("Job", "attribute", "job"), FilterSpec("Category", "attribute", "category")),
    "vanguard": (FilterSpec("Type", "type"), FilterSpec("Grade", "stat", "grade"),
                 FilterSpec("Nation", "attribute", "nation"), FilterSpec("Clan", "attribute", "clan"),
                 FilterSpec("Trigger", "attribute", "trigger"), FilterSpec("Format", "attribute", "format")),
    "yugioh": (FilterSpec("Card type", "type"), FilterSpec("Attribute", "attribute", "attribute"),
               FilterSpec("Monster type", "attribute", "race"), FilterSpec("Level", "stat", "level"),
               FilterSpec("Rank", "stat", "rank"), FilterSpec("Link", "stat", "link"),
               FilterSpec("ATK", "stat", "atk"), FilterSpec("DEF", "stat", "def"),
               FilterSpec("Archetype", "attribute", "archetypes")),
    "grand-archive": (FilterSpec("Type", "type"), FilterSpec("Element", "attribute", "element"),
                      FilterSpec("Class", "attribute", "classes"), FilterSpec("Level", "stat", "level"),
                      FilterSpec("Speed", "attribute", "speed"), FilterSpec("Cost", "cost")),
    "dreadnought": (FilterSpec("Type", "type"), FilterSpec("Cluster", "attribute", "cluster"),
                    FilterSpec("Size", "attribute", "size"), FilterSpec("Cost", "cost")),
}
ANY = "any"


def parse_range(text: str) -> tuple[int | None, int | None] | None:
    """Read a range typed in a filter box: `4`, `3-5`, `2000-` (at least), `-1500` (at most); None when empty.

    Raises ValueError for anything else.
    """
    if not text.strip():
        return None
    match = _RANGE.match(text)
    if match is None or not any(match.groups()):
        raise ValueError(f"{text!r} is not a number or a range like 3-5, 2000- or -1500")
    low, dash, high = match.groups()
    if dash is None:
        if low is None or high is not None:
            raise ValueError(f"{text!r} is not a number or a range like 3-5, 2000- or -1500")
        return int(low), int(low)
    return (int(low) if low is not None else None), (int(high) if high is not None else None)


class ResultList(QListWidget):
    """The search results; an item dragged out carries its card id."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIconSize(ICON_SIZE)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setMouseTracking(True)
        self.setSpacing(1)
        self.setUniformItemSizes(True)

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        """Carry the dragged card's id (the deck sections accept it)."""
        data = QMimeData()
        cards = [item.data(Qt.ItemDataRole.UserRole) for item in items]
        data.setData(CARD_MIME, "\n".join(card.id for card in cards if card is not None).encode("utf-8"))
        return data


class SearchPanel(QWidget):
    """Search a game's cards by words and the game's filters; each result shows its face."""

    cardHovered = Signal(object)      # CardDefinition
    cardActivated = Signal(object)    # CardDefinition (double-click or Enter)

    def __init__(self, database: Any, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.database = database
        self.game = game
        self.last_search_ms = 0.0        # query to list filled, the last search (benchmarks/deck_editor_bench.py)
        self.last_database_ms = 0.0      # of which the database's search
        self.found: list[CardDefinition] = []
        self._icons_pending: list[QListWidgetItem] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.query = QLineEdit()
        self.query.setPlaceholderText("Search names and text (any language)…")
        self.query.setClearButtonEnabled(True)
        layout.addWidget(self.query)
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        self.filters: dict[FilterSpec, QWidget] = {}
        for index, spec in enumerate(GAME_FILTERS.get(game, (FilterSpec("Type", "type"),))):
            widget = self._filter_widget(spec)
            label = QLabel(spec.label + ":")
            label.setBuddy(widget)
            grid.addWidget(label, index // 2, (index % 2) * 2)
            grid.addWidget(widget, index // 2, (index % 2) * 2 + 1)
            self.filters[spec] = widget
        layout.addLayout(grid)
        self.results = ResultList()
        layout.addWidget(self.results, 1)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(TYPING_PAUSE_MS)
        self.timer.timeout.connect(self.search_now)
        self.query.textChanged.connect(lambda _text: self.timer.start())
        self.query.returnPressed.connect(self.search_now)
        self.results.itemEntered.connect(self._hovered)
        self.results.currentItemChanged.connect(lambda item, _old: self._hovered(item))
        self.results.itemActivated.connect(self._activated)
        self.icon_timer = QTimer(self)
        self.icon_timer.setInterval(0)
        self.icon_timer.timeout.connect(self._draw_some_icons)

    def _filter_widget(self, spec: FilterSpec) -> QWidget:
        if spec.kind in ("type", "attribute"):
            box = QComboBox()
            box.addItem(ANY, None)
            with self.database.reading() as connection:
                values = card_types(connection, self.game) if spec.kind == "type" else \
                    attribute_values(connection, self.game, spec.key)
            for value in values:
                box.addItem(value.replace("_", " "), value)
            box.currentIndexChanged.connect(lambda _index: self.search_now())
            return box
        edit = QLineEdit()
        edit.setPlaceholderText("any (e.g. 4, 3-5, 2000-)")
        edit.editingFinished.connect(self.search_now)
        return edit

    def set_filter(self, label: str, value: str) -> None:
        """Set a filter by its label to a value (a choice's value, or a range's text), then search."""
        spec = next(s for s in self.filters if s.label == label)
        widget = self.filters[spec]
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            if index < 0:
                raise ValueError(f"{label} has no choice {value!r}")
            widget.setCurrentIndex(index)
        else:
            assert isinstance(widget, QLineEdit)
            widget.setText(value)
        self.search_now()

    def search_arguments(self) -> dict[str, Any]:
        """Return the keyword arguments of `CardDatabase.search` the filters describe; ValueError for a bad range."""
        arguments: dict[str, Any] = {"game": self.game, "limit": RESULT_LIMIT}
        stats: dict[str, tuple[int | None, int | None]] = {}
        attributes: dict[str, str] = {}
        for spec, widget in self.filters.items():
            if isinstance(widget, QComboBox):
                value = widget.currentData()
                if value is None:
                    continue
                if spec.kind == "type":
                    arguments["card_type"] = value
                else:
                    attributes[spec.key] = value
                continue
            assert isinstance(widget, QLineEdit)
            try:
                bounds = parse_range(widget.text())
            except ValueError as error:
                raise ValueError(f"{spec.label}: {error}") from None
            if bounds is None:
                continue
            if spec.kind == "cost":
                arguments["cost_min"], arguments["cost_max"] = bounds
            else:
                stats[spec.key] = bounds
        arguments["stats"] = stats
        arguments.update(attributes)
        return arguments

    def search_now(self) -> list[CardDefinition]:
        """Run the search the box and filters describe and list the results (their faces follow)."""
        self.timer.stop()
        started = time.perf_counter()
        try:
            found = self.database.search(self.query.text(), **self.search_arguments())
            self.last_database_ms = (time.perf_counter() - started) * 1000
        except ValueError as error:
            self.note.setText(str(error))
            return []
        except Exception as error:  # a damaged database: one line, the editor stays usable
            self.note.setText(f"search failed: {str(error).splitlines()[0]}")
            return []
        self.show_results(found)
        self.last_search_ms = (time.perf_counter() - started) * 1000
        more = " (the first ones; narrow the search)" if len(found) >= RESULT_LIMIT else ""
        self.note.setText(f"{len(found)} card(s){more}")
        return found

    def show_results(self, found: list[CardDefinition]) -> None:
        """Fill the result list with text now; the faces are drawn a batch at a time afterwards."""
        self.found = found
        self.results.setUpdatesEnabled(False)       # one repaint for the whole list, not one per row
        self.results.clear()
        self._icons_pending = []
        for card in found:
            item = QListWidgetItem(f"{card.name}\n{_summary(card)}")
            item.setData(Qt.ItemDataRole.UserRole, card)
            item.setToolTip(card.text or card.name)
            item.setSizeHint(QSize(0, ICON_SIZE.height() + 4))
            self.results.addItem(item)
            self._icons_pending.append(item)
        self.results.setUpdatesEnabled(True)
        self.icon_timer.start()

    def _draw_some_icons(self) -> None:
        batch, self._icons_pending = self._icons_pending[:ICONS_PER_BATCH], self._icons_pending[ICONS_PER_BATCH:]
        for item in batch:
            card = item.data(Qt.ItemDataRole.UserRole)
            item.setIcon(QIcon(card_face_pixmap(card, ICON_SIZE.width(), ICON_SIZE.height())))
        if not self._icons_pending:
            self.icon_timer.stop()

    def finish_icons(self) -> None:
        """Draw every face still waiting (tests and screenshots)."""
        while self._icons_pending:
            self._draw_some_icons()
        self.icon_timer.stop()

    def item_for(self, name: str) -> QListWidgetItem:
        """Return the result row of a card by name; KeyError when it is not listed."""
        for row in range(self.results.count()):
            item = self.results.item(row)
            if item.data(Qt.ItemDataRole.UserRole).name == name:
                return item
        raise KeyError(name)

    def _hovered(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.cardHovered.emit(item.data(Qt.ItemDataRole.UserRole))

    def _activated(self, item: QListWidgetItem) -> None:
        self.cardActivated.emit(item.data(Qt.ItemDataRole.UserRole))


def _summary(card: CardDefinition) -> str:
    """Return a result row's second line: type, cost and the game's main numbers."""
    parts = [card.card_type.replace("_", " ")]
    if card.cost is not None:
        parts.append(f"cost {card.cost}")
    parts += [f"{name} {value}" for name, value in list(card.stats.items())[:3]]
    return " · ".join(parts)
