"""ZoneItem: the ground of one zone — a circle, a slot, a pile with its count, a fan or a strip."""
from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem, QWidget

from tabletop.ui import z_values
from tabletop.ui.table_layout import LABEL_H, PAD, STACK, ZonePlace, card_size, card_slots

_GROUND = {"circle": QColor(70, 110, 150, 120), "slot": QColor(90, 90, 110, 110), "pile": QColor(60, 70, 60, 110),
           "fan": QColor(40, 40, 50, 90), "grid": QColor(50, 65, 55, 90), "column": QColor(60, 45, 80, 120)}
_LIMIT = re.compile(r"(.*?)\s*\((\d+)\)")
LABEL_PIXELS = 15
MIN_LABEL_PIXELS = 12
COUNT_ROOM = 72.0   # the widest count drawn ("40/40" at LABEL_PIXELS bold), with room to spare
LABEL_INSET = 3.0   # a name that needs the zone's whole label line starts this close to its edge


def _font(pixels: int, bold: bool) -> QFont:
    font = QFont("DejaVu Sans", 1)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def label_parts(label: str, count: int, counted: bool) -> tuple[str, str]:
    """Return a zone's name and count as shown: ("Damage", "0/7") for "Damage (7)", ("Deck", "34")."""
    match = _LIMIT.fullmatch(label)
    if match:
        return match.group(1), f"{count}/{match.group(2)}"
    return label, str(count) if counted else ""


_JOINING_WORDS = frozenset({"from", "of", "to", "the", "and", "&", "in", "on"})


def fitted_label(name: str, width: float, metrics: QFontMetricsF) -> str:
    """Return `name` as it fits `width`: whole; else its last " / " alternative; else its first whole words (not
    ending on "from", "of"…); else elided with a trailing number kept ("Pendulum / Spell & Trap 1" ->
    "Spell & Trap 1" -> "Spell & T… 1"). The zone's tooltip has the whole name."""
    if metrics.horizontalAdvance(name) <= width:
        return name
    if " / " in name:
        name = name.rsplit(" / ", 1)[1]
        if metrics.horizontalAdvance(name) <= width:
            return name
    number = re.search(r"\s(\S{1,3})$", name)
    if not number:   # whole words before an elision: "Removed from game" -> "Removed", "Ride deck" -> "Ride"
        words = name.split()
        for end in range(len(words) - 1, 0, -1):
            if words[end - 1].lower() in _JOINING_WORDS:
                continue
            shorter = " ".join(words[:end])
            if len(shorter) >= 3 and metrics.horizontalAdvance(shorter) <= width:
                return shorter
    if number:
        tail = " " + number.group(1)
        head = metrics.elidedText(name[:number.start()], Qt.TextElideMode.ElideRight,
                                  max(0.0, width - metrics.horizontalAdvance(tail)))
        return head + tail
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, width)


class ZoneItem(QGraphicsItem):
    """One zone's place on the table, its label and card count; a drop target for dragged cards.

    Contract: holds only what it draws (zone id, label, layout, count); the scene updates it.
    The label shows whole in the tooltip when the zone is too narrow for it.
    """

    def __init__(self, place: ZonePlace, label: str, owner_label: str) -> None:
        super().__init__()
        self.zone_id = place.zone_id
        self.place = place
        self.label = label
        self.owner_label = owner_label
        self.count = 0
        self.is_drop_target = False
        self.is_pickable = False   # a decision's option stands for this zone (a circle to call to)
        self.is_picked = False
        self.is_own = False
        self.setZValue(z_values.ZONE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPos(place.rect.x, place.rect.y)
        self._label_layouts: dict[str, tuple[str, str, int, bool]] = {}   # by count text (see label_layout)
        self._count_item = ZoneCountItem(self)
        self._update_tooltip()

    @property
    def is_counted(self) -> bool:
        """Tell whether the label shows a card count (every zone but a one-card circle or slot)."""
        return not (self.place.layout in ("circle", "slot") and self.place.arrangement == STACK)

    def shown_label(self) -> tuple[str, str, int]:
        """Return the label and count texts as drawn and their pixel size: the font shrinks a
        little before the label is shortened to fit the zone's width."""
        name, count, pixels, _ = self.label_layout()
        return name, count, pixels

    def label_layout(self) -> tuple[str, str, int, bool]:
        """Return the label and count texts as drawn, their pixel size, and whether the count stands inside the
        zone: a zone too narrow for its name's first word beside its count gives the name the whole label line
        ("Removed", the count below it) rather than cut the word ("Rem… 0")."""
        name, count = label_parts(self.label, self.count, self.is_counted)
        layout = self._label_layouts.get(count)   # asked at each count change and paint: fonts measured once
        if layout is None:
            layout = self._label_layouts[count] = self._lay_out_label(name, count)
        return layout

    def _lay_out_label(self, name: str, count: str) -> tuple[str, str, int, bool]:
        """Work out `label_layout` for one count text (the name, the zone and its width never change)."""
        room = self.place.rect.w - 2 * PAD
        count_w = 0.0
        for pixels in range(LABEL_PIXELS, MIN_LABEL_PIXELS - 1, -1):
            metrics = QFontMetricsF(_font(pixels, True))
            count_w = metrics.horizontalAdvance(count) + 6 if count else 0.0
            if metrics.horizontalAdvance(name) <= room - count_w:
                return name, count, pixels, False
        metrics = QFontMetricsF(_font(MIN_LABEL_PIXELS, True))
        fitted = fitted_label(name, room - count_w, metrics)
        if count and fitted.endswith("…"):
            whole = fitted_label(name, self.place.rect.w - 2 * LABEL_INSET, metrics)
            if not whole.endswith("…"):
                return whole, count, MIN_LABEL_PIXELS, True
        return fitted, count, MIN_LABEL_PIXELS, False

    def set_count(self, count: int) -> None:
        """Show how many cards the zone holds."""
        if count != self.count:
            ground = self._ground()
            self.count = count
            self._update_tooltip()
            if self._ground() != ground:   # else only the count is drawn again, not the whole zone
                self.update()
            self._count_item.update()

    def _ground(self) -> tuple[object, ...]:
        """Return what the zone's own drawing depends on besides its marks: the label as laid out, and whether
        an empty one-card zone shows its outline."""
        name, _count, pixels, count_inside = self.label_layout()
        return name, pixels, count_inside, self.place.arrangement == STACK and self.count == 0

    def _update_tooltip(self) -> None:
        text = f"{self.owner_label}: {self.label}" if self.owner_label else self.label
        if self.is_counted:
            text += f" — {self.count} card" + ("" if self.count == 1 else "s")
        self.setToolTip(text)

    def set_drop_target(self, on: bool) -> None:
        """Highlight the zone while a dragged card is over it."""
        if on != self.is_drop_target:
            self.is_drop_target = on
            self.update()

    def set_pick_state(self, pickable: bool, picked: bool) -> None:
        """Outline the zone as a decision's option (yellow), picked (green), or neither, as picked cards are."""
        if (pickable, picked) != (self.is_pickable, self.is_picked):
            self.is_pickable, self.is_picked = pickable, picked
            self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.is_pickable:
            event.accept()   # only a zone a decision offers takes clicks: elsewhere the table behaves as before
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.is_pickable:
            self.scene().zone_clicked(self)

    def contextMenuEvent(self, event) -> None:  # noqa: ANN001 (QGraphicsSceneContextMenuEvent)
        self.scene().zone_context_menu(self, event.screenPos())

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.place.rect.w, self.place.rect.h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect().adjusted(1, 1, -1, -1)
        ground = QColor(_GROUND.get(self.place.layout, _GROUND["pile"]))
        if self.is_picked or self.is_pickable:
            edge, width = (QColor(40, 200, 90), 4.0) if self.is_picked else (QColor(250, 200, 40), 3.0)
        else:
            edge = QColor(255, 220, 90) if self.is_drop_target else QColor(200, 210, 220, 140)
            width = 3 if self.is_drop_target else 1.2
        painter.setPen(QPen(edge, width))
        painter.setBrush(ground.lighter(140) if self.is_drop_target else ground)
        card_w, card_h = card_size(self.place)
        if self.place.layout == "circle":
            side = min(rect.width(), rect.height() - LABEL_H + 4)
            circle = QRectF(rect.center().x() - side / 2, rect.bottom() - side, side, side)
            if self.place.arrangement != STACK:       # a circle of many cards (guardians)
                painter.drawRoundedRect(rect, 8, 8)
            painter.setBrush(ground.lighter(120))
            painter.drawEllipse(circle)
        else:
            painter.drawRoundedRect(rect, 8, 8)
            if self.place.arrangement == STACK and self.count == 0:
                x, y = card_slots(self.place, 1)[0]
                outline = QRectF(x - self.place.rect.x, y - self.place.rect.y, card_w, card_h)
                painter.setPen(QPen(QColor(220, 220, 220, 90), 1, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(outline, 6, 6)
        name, _count, pixels, count_inside = self.label_layout()
        inset = LABEL_INSET if count_inside else PAD
        line = QRectF(inset, 2, self.place.rect.w - 2 * inset, LABEL_H - 2)
        painter.setFont(_font(pixels, True))
        painter.setPen(QColor(240, 240, 240))
        painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)


class ZoneCountItem(QGraphicsItem):
    """The card count on a zone's label line, drawn apart from the zone: a move that changes counts then
    redraws these few pixels instead of the whole zone and every card over it."""

    def __init__(self, zone: ZoneItem) -> None:
        super().__init__(zone)
        self.zone = zone
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)   # clicks and tooltips are the zone's
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        # the right end of the label line and of the line below it: the count's places (its cached picture
        # stays small, a few KB, not the zone's whole width)
        width = self.zone.place.rect.w
        left = max(0.0, width - PAD - COUNT_ROOM)
        return QRectF(left, 0, width - left, 2 * LABEL_H)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        _name, count, pixels, count_inside = self.zone.label_layout()
        if not count:
            return
        width = self.zone.place.rect.w
        if count_inside:   # the name took the label line: the count sits just below it, at the right
            line = QRectF(PAD, LABEL_H - 2, width - 2 * PAD, LABEL_H - 4)
        else:
            line = QRectF(PAD, 2, width - 2 * PAD, LABEL_H - 2)
        painter.setFont(_font(pixels, True))
        painter.setPen(QColor(255, 214, 120))
        painter.drawText(line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, count)
