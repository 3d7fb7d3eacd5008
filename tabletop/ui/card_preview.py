"""CardPreview: the hovered card large, with its full text, keywords and current values."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from tabletop.engine.cards import CardDefinition
from tabletop.ui.card_face import card_back_pixmap, card_face_pixmap
from tabletop.ui.card_item import CardLook
from tabletop.ui.session import GameSession

PREVIEW_W, PREVIEW_H = 250, 350


class CardPreview(QWidget):
    """Shows one card: its face at preview size and a text block with values and modifiers."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.image.setFixedHeight(PREVIEW_H + 4)
        self.text = QTextBrowser()
        layout.addWidget(self.image)
        layout.addWidget(self.text, 1)
        self.shown_text = ""

    def show_look(self, look: CardLook | None) -> None:
        """Show a card from the table (a hidden card shows its back)."""
        if look is None:
            return
        if look.definition is None:
            self.image.setPixmap(card_back_pixmap(look.game, PREVIEW_W, PREVIEW_H))
            self._set_text("<i>A hidden card</i>" + (f"<br>{look.count} cards in this pile" if look.count else ""))
            return
        self.show_definition(look.definition, look)

    def show_definition(self, definition: CardDefinition, look: CardLook | None = None) -> None:
        """Show a card definition, with the table's current values when `look` is given."""
        self.image.setPixmap(card_face_pixmap(definition, PREVIEW_W, PREVIEW_H))
        parts = [f"<h3>{html.escape(definition.name)}</h3>",
                 f"<b>{html.escape(definition.card_type.title())}</b>"
                 + (f" — cost {definition.cost}" if definition.cost is not None else "")]
        if look is not None and look.values:
            rows = []
            for value in look.values:
                change = ""
                if value.is_modified:
                    change = f" (printed {value.printed}; {html.escape(', '.join(value.modifiers)) or 'modified'})"
                rows.append(f"{html.escape(value.name)}: <b>{value.current}</b>{change}")
            parts.append("<br>".join(rows))
        elif definition.stats:
            parts.append(", ".join(f"{html.escape(k)} {v}" for k, v in definition.stats.items()))
        if definition.keywords:
            words = [k.replace("_", " ") + ("" if v is True else f" {v}") for k, v in definition.keywords.items()]
            parts.append("<i>Keywords:</i> " + html.escape(", ".join(words)))
        if definition.text:
            parts.append(html.escape(definition.text).replace("\n", "<br>"))
        if look is not None:
            facts = []
            if look.tapped:
                facts.append("tapped")
            if look.face_down:
                facts.append("face down")
            if look.damage:
                facts.append(f"damage {look.damage}")
            facts += [f"{n} counters: {c}" for n, c in look.counters]
            facts += list(look.states)
            if facts:
                parts.append("<i>Now:</i> " + html.escape(", ".join(facts)))
        attributes = ", ".join(f"{k}: {v}" for k, v in definition.attributes.items() if isinstance(v, (str, int)))
        if attributes:
            parts.append(f"<small>{html.escape(attributes)}</small>")
        self._set_text("<p>" + "</p><p>".join(parts) + "</p>")

    def _set_text(self, text: str) -> None:
        self.shown_text = text
        self.text.setHtml(text)
