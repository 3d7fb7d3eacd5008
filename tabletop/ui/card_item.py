"""CardItem: one card on the table — face or back, turned when tapped, with badges for its values."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from operator import attrgetter

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem, QWidget

from tabletop.engine.cards import CardDefinition
from tabletop.engine.rules import CardValue
from tabletop.ui import z_values
from tabletop.ui.card_face import card_back_pixmap, card_face_pixmap
from tabletop.ui.table_layout import CARD_H, CARD_W

_LEVELS = (1.0, 1.5, 2.0, 3.0, 4.0)
TAPPED_SCALE = 0.8   # a turned card shrinks a little so that it stays within its one-card zone


@dataclass(frozen=True)
class CardLook:
    """Everything drawn for one card, copied from the view; an item keeps nothing else.

    `iid` is None for a card whose face the viewer does not see (its id is hidden too);
    `zone_id`/`index` say where it lies so a drag of a hidden card can still name it.
    """

    zone_id: str
    index: int
    game: str
    iid: int | None
    definition: CardDefinition | None
    tapped: bool = False
    face_down: bool = False
    values: tuple[CardValue, ...] = ()
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    states: tuple[str, ...] = ()
    pickable: bool = False
    picked: bool = False
    playable: bool = False    # a legal rules command of the viewer's is done with this card now
    count: int = 0            # cards in the pile this card tops (0 when not a pile)
    scale: float = 1.0        # size against CARD_W × CARD_H (large in the hand, small in the rail)
    extras: dict[str, object] = field(default_factory=dict)

    def draws_like(self, other: CardLook) -> bool:
        """Tell whether two looks draw the same picture (where the card lies, zone and index, aside)."""
        return _drawn(self) == _drawn(other)


# the fields a card's picture is drawn from (where it lies, zone and index, is not drawn)
_drawn = attrgetter(*(f.name for f in fields(CardLook) if f.name not in ("zone_id", "index")))


class CardItem(QGraphicsItem):
    """A card drawn at CARD_W × CARD_H scene units times its look's scale; mouse input is reported
    to the TableScene.

    Contract: the item holds only its CardLook; the scene replaces the look after every change.
    """

    def __init__(self, look: CardLook) -> None:
        super().__init__()
        self.look = look
        self._press: QPointF | None = None
        self._dragging = False
        self._home = QPointF()
        self.focused = False  # keyboard focus (UI state only; the scene moves it)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        # Drawn once into a device pixmap; moving the card (a drag) then only copies it.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._draw(look)

    def set_look(self, look: CardLook) -> None:
        """Show a new look (after a change of state).

        Trap: a card that only changed place (a card before it in its zone left) keeps its cached
        picture; redrawing every shifted card made a move on a busy table cost ~40 card paints.
        """
        if look.draws_like(self.look):
            self.look = look
        else:
            self._draw(look)

    def _draw(self, look: CardLook) -> None:
        """Take a look that draws differently: turn, size and tooltip follow it, and the picture is drawn again."""
        scale = look.scale
        if scale != self.look.scale:
            self.prepareGeometryChange()   # before the bounds change
        self._bounds = QRectF(-4 * scale, -4 * scale, (CARD_W + 8) * scale, (CARD_H + 8) * scale)
        self.look = look
        self.setTransformOriginPoint(CARD_W * look.scale / 2, CARD_H * look.scale / 2)
        self.setRotation(90.0 if look.tapped else 0.0)
        self.setScale(TAPPED_SCALE if look.tapped else 1.0)
        self.setToolTip("" if look.definition is None else look.definition.name)
        self.update()

    def set_focused(self, focused: bool) -> None:
        """Show or hide the keyboard-focus outline."""
        if focused != self.focused:
            self.focused = focused
            self.update()

    def place(self, x: float, y: float, z: float) -> None:
        """Put the card at its home position in its zone."""
        self._home = QPointF(x, y)
        if not self._dragging:
            self.setPos(self._home)
            self.setZValue(z)

    @property
    def is_dragging(self) -> bool:
        """Tell whether the player is dragging this card now."""
        return self._dragging

    @property
    def size(self) -> tuple[float, float]:
        """Return the card's width and height in scene units."""
        return CARD_W * self.look.scale, CARD_H * self.look.scale

    def boundingRect(self) -> QRectF:
        return self._bounds   # Qt asks hundreds of times a move: kept, not built each time

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        look = self.look
        painter.scale(look.scale, look.scale)   # everything below is drawn in CARD_W × CARD_H units
        transform = painter.worldTransform()
        scale = math.hypot(transform.m11(), transform.m12())
        level = next((lv for lv in _LEVELS if lv >= scale * 0.98), _LEVELS[-1])
        width, height = int(CARD_W * level), int(CARD_H * level)
        target = QRectF(0, 0, CARD_W, CARD_H)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if look.definition is None:
            painter.drawPixmap(target, card_back_pixmap(look.game, width, height), QRectF(0, 0, width, height))
        else:
            painter.drawPixmap(target, card_face_pixmap(look.definition, width, height), QRectF(0, 0, width, height))
            if look.face_down:
                painter.fillRect(QRectF(0, CARD_H * 0.42, CARD_W, 18), QColor(20, 20, 20, 190))
                painter.setPen(QColor(255, 255, 255))
                painter.setFont(_font(11, bold=True))
                painter.drawText(QRectF(0, CARD_H * 0.42, CARD_W, 18), Qt.AlignmentFlag.AlignCenter, "face down")
        if look.picked or look.pickable:
            colour = QColor(40, 200, 90) if look.picked else QColor(250, 200, 40)
            painter.setPen(QPen(colour, 4 if look.picked else 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-2, -2, CARD_W + 4, CARD_H + 4), 7, 7)
        elif look.playable:
            painter.setPen(QPen(QColor(90, 190, 255), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-2, -2, CARD_W + 4, CARD_H + 4), 7, 7)
        if self.focused:
            painter.setPen(QPen(QColor(80, 170, 255), 4, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-3, -3, CARD_W + 6, CARD_H + 6), 8, 8)
        self._paint_badges(painter)

    def _paint_badges(self, painter: QPainter) -> None:
        look = self.look
        if look.values:
            y = CARD_H - 22
            for value in look.values[:2]:
                text = f"{_abbreviation(value.name)} {value.current}"
                if value.current > value.printed:
                    colour = QColor(30, 150, 60)
                elif value.current < value.printed:
                    colour = QColor(190, 40, 40)
                else:
                    colour = QColor(30, 30, 30, 215)
                _pill(painter, QRectF(4, y, CARD_W - 8, 18), colour, text, 12)
                y -= 20
        chips = []
        if look.damage:
            chips.append((f"✸ {look.damage}", QColor(200, 30, 30)))
        for name, count in look.counters:
            chips.append((f"{name} {count}", QColor(40, 80, 180)))
        for state in look.states:
            chips.append((state, QColor(110, 60, 150)))
        y = 22.0
        for text, colour in chips[:4]:
            _pill(painter, QRectF(4, y, CARD_W - 8, 17), colour, text, 11)
            y += 19
        if look.count > 1:   # over the picture, not the name: the pile's count
            badge = QRectF((CARD_W - 38) / 2, CARD_H * 0.3, 38, 22)
            _pill(painter, badge, QColor(20, 20, 20, 225), str(look.count), 13)

    # -- input: reported to the scene, which decides what it means ----------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            event.accept()
        else:
            event.ignore()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        if not self._dragging:
            distance = (event.scenePos() - self._press).manhattanLength()
            if distance < QApplication.startDragDistance():
                return
            self._dragging = True
            self.setZValue(z_values.DRAGGING)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            self._table().drag_started(self)
        self.setPos(self._home + (event.scenePos() - self._press))
        self._table().drag_moved(self, event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        self._press = None
        if self._dragging:
            self._dragging = False
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.setPos(self._home)
            self._table().drag_finished(self, event.scenePos())
        else:
            self._table().card_clicked(self, event.screenPos())

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._table().card_double_clicked(self)

    def contextMenuEvent(self, event) -> None:  # noqa: ANN001 (QGraphicsSceneContextMenuEvent)
        self._table().card_context_menu(self, event.screenPos())

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._table().card_hovered(self)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._table().card_hovered(None)

    def _table(self):  # noqa: ANN202 (TableScene, imported lazily to avoid a cycle)
        return self.scene()


def _abbreviation(name: str) -> str:
    short = {"power": "PWR", "shield": "SHD", "critical": "CRI", "grade": "G", "atk": "ATK", "def": "DEF",
             "level": "LV", "durability": "DUR", "life": "LIFE"}
    return short.get(name.lower(), name[:4].upper())


def _font(pixels: int, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans", 1)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def _pill(painter: QPainter, rect: QRectF, colour: QColor, text: str, pixels: int) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    painter.setPen(QColor(255, 255, 255))
    painter.setFont(_font(pixels, bold=True))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
