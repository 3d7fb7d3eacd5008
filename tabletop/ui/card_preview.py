"""CardPreview: the last card pointed at or chosen, large, with its full text, keywords and current
values; a hint until there is one."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from tabletop.engine.by_hand import printed_by_hand
from tabletop.engine.cards import CardDefinition
from tabletop.engine.text_compilation import BY_HAND, COMPILED_BY
from tabletop.ui.card_face import card_back_pixmap, card_face_pixmap
from tabletop.ui.card_item import CardLook
from tabletop.ui.session import GameSession

MIN_PREVIEW_W, MAX_PREVIEW_W = 160, 320
HINT = ("<p style='color:#666'><b>Point at a card</b> on the table (or choose one in the card "
        "browser) to see it here: its face, full text, keywords and current values with what "
        "changed them.</p><p style='color:#666'>The last card stays shown until you point at another, "
        "or until its face is hidden from you (turned face down, shuffled away, back in a hand).</p>")


class CardPreview(QWidget):
    """Shows one card: its face as wide as the dock allows and a text block with values and modifiers.

    Contract: keeps the card shown (and the look it came from) until another is shown; a look of
    the same card with new values (after a change on the table) replaces it through `show_look`.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        layout.addWidget(self.image)
        layout.addWidget(self.text, 1)
        self.shown_text = ""
        self.look: CardLook | None = None
        self.definition: CardDefinition | None = None
        self._set_text(HINT)

    @property
    def preview_size(self) -> tuple[int, int]:
        """Return the size the card face is drawn at: the dock's width, within limits, 5:7."""
        width = max(MIN_PREVIEW_W, min(MAX_PREVIEW_W, self.width() - 16))
        return width, round(width * 1.4)

    def clear(self) -> None:
        """Show no card: the hint again."""
        self.look = None
        self.definition = None
        self._draw_image()
        self._set_text(HINT)

    def show_look(self, look: CardLook | None) -> None:
        """Show a card from the table (a hidden card shows its back); None keeps the last one."""
        if look is None:
            return
        self.look = look
        if look.definition is None:
            self.definition = None
            self._draw_image()
            self._set_text("<i>A hidden card</i>" + (f"<br>{look.count} cards in this pile" if look.count else ""))
            return
        self.show_definition(look.definition, look)

    def show_definition(self, definition: CardDefinition, look: CardLook | None = None) -> None:
        """Show a card definition, with the table's current values when `look` is given."""
        self.definition = definition
        self.look = look
        self._draw_image()
        parts = [f"<h3>{html.escape(definition.name)}</h3>",
                 f"<b>{html.escape(definition.card_type.replace('_', ' ').title())}</b>"
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
        parts += _enforcement(definition)
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

    def _draw_image(self) -> None:
        width, height = self.preview_size
        if self.definition is not None:
            self.image.setPixmap(card_face_pixmap(self.definition, width, height))
        elif self.look is not None:
            self.image.setPixmap(card_back_pixmap(self.look.game, width, height))
        else:
            self.image.clear()
            self.image.setFixedHeight(0)   # the hint moves up: no empty card-sized gap above it
            return
        self.image.setFixedHeight(height + 4)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._draw_image()

    def _set_text(self, text: str) -> None:
        self.shown_text = text
        self.text.setHtml(text)


def _enforcement(definition: CardDefinition) -> list[str]:
    """Return what the dock says of a compiled card: every ability enforced, or which ones are played by hand."""
    if BY_HAND not in definition.attributes and COMPILED_BY not in definition.attributes:
        return []   # an original card, or a game without a card-text compiler: its effects are written as data
    texts = printed_by_hand(definition)
    if not texts:
        return ["<i>✓ Every ability of this card is enforced by the rules.</i>"]
    items = "".join(f"<li>{html.escape(text)}</li>" for text in texts)
    enforced = "Its other abilities are enforced by the rules. " if definition.effects or definition.keywords else ""
    return [f"<b>By hand</b> — the rules cannot carry these out. {enforced}Use them from the card's menu, "
            f"then do what they say with moves by hand:<ul>{items}</ul>"]
