"""TableScene: draws the session's table from the game's zone metadata and reports card gestures.

Items are rebuilt or moved from the session's state after every change; they hold nothing the
game needs. Gestures (click, double-click, context menu, drop on a zone) leave as signals.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsScene

from tabletop.engine.events import StepResult
from tabletop.engine.rules import CardValue
from tabletop.engine.view import CardView
from tabletop.ui import z_values
from tabletop.ui.card_item import CardItem, CardLook
from tabletop.ui.command_matching import subject_of
from tabletop.ui.player_info_item import PlayerInfoItem
from tabletop.ui.session import GameSession
from tabletop.ui.stack_item import ArrowItem, StackEntryItem
from tabletop.ui.table_layout import DOWN, STACK, TableLayout, ZonePlace, card_size, card_slots, layout_table
from tabletop.ui.zone_item import ZoneItem

FIELD_LAYOUTS = ("circle", "slot", "grid", "column")


class TableScene(QGraphicsScene):
    """The table of the session's game as the viewer sees it.

    Contract: `refresh` reads the session only; card items are reused by key (the instance id of
    a visible card, or zone and position of a hidden one) so cards move instead of blinking.
    """

    cardClicked = Signal(object, QPoint)          # CardLook, screen position
    cardDoubleClicked = Signal(object)            # CardLook
    cardMenuRequested = Signal(object, QPoint)    # CardLook, screen position
    cardDropped = Signal(object, str, int)        # CardLook, zone id, index in the zone
    cardHovered = Signal(object)                  # CardLook | None
    cardFocused = Signal(object)                  # CardLook that the keyboard focus moved to
    zoneClicked = Signal(str)                     # zone id of a zone a decision offers (see set_zone_picking)
    zoneMenuRequested = Signal(str, QPoint)       # zone id, screen position (a right-click on the zone itself)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.layout: TableLayout | None = None
        self.zone_items: dict[str, ZoneItem] = {}
        self.card_items: dict[Any, CardItem] = {}
        self.info_items: dict[str, PlayerInfoItem] = {}
        self._extras: list[Any] = []
        self._layout_key: tuple[Any, ...] = ()
        self._eyes: tuple[Any, ...] = ()              # whose eyes the table was drawn for (see refresh)
        self._zone_keys: dict[str, list[Any]] = {}    # the card items of each zone, as last laid out
        self._shown_derived: dict[int, tuple[tuple[CardValue, ...], tuple[str, ...]]] = {}   # see _restyle
        self._drag_target: ZoneItem | None = None
        self._refresh_waiting = False
        self._focus_key: Any = None
        self.pickable: set[int] = set()
        self.picked: set[int] = set()
        self.pickable_zones: set[str] = set()
        self.picked_zones: set[str] = set()
        self.playable: set[int] = set()  # the viewer's cards with a legal rules command now (see refresh)
        self.setBackgroundBrush(QBrush(QColor(28, 58, 42)))
        session.changed.connect(self.refresh)
        session.gameStarted.connect(self._forget_layout)

    # -- drawing -------------------------------------------------------------------------------
    def set_picking(self, pickable: set[int], picked: set[int]) -> None:
        """Mark the cards a decision lets the viewer pick, and those picked so far (redrawn only when they change:
        the table is redrawn once per command)."""
        if set(pickable) == self.pickable and set(picked) == self.picked:
            return
        self.pickable, self.picked = set(pickable), set(picked)
        self.refresh()

    def set_zone_picking(self, pickable: set[str], picked: set[str]) -> None:
        """Mark the zones a decision's options stand for, and those picked so far (clicking one picks it)."""
        self.pickable_zones, self.picked_zones = set(pickable), set(picked)
        for zid, item in self.zone_items.items():
            item.set_pick_state(zid in self.pickable_zones, zid in self.picked_zones)

    def zone_clicked(self, item: ZoneItem) -> None:
        """Report a click on a zone a decision offers."""
        self.zoneClicked.emit(item.zone_id)

    def _forget_layout(self) -> None:
        self._layout_key = ()

    def refresh(self, result: StepResult | None = None) -> None:
        """Redraw the table from the session's state (deferred while a card is being dragged).

        Given the StepResult of the change just made, only what it names is laid out again: the zones it
        changed and the zones of the cards it changed (a card turned face down or revealed changes what the
        viewer may see there). Every other card keeps its place and gets a new look only when its rules-derived
        values or marks, or its "playable" outline, changed. Without a result (a game started, a viewer
        changed hands, picking changed) the whole table is redrawn.
        """
        game = self.session.game
        if game is None:
            return
        if any(item.is_dragging for item in self.card_items.values()):
            self._refresh_waiting = True
            return
        whole = result is None or self._refresh_waiting
        self._refresh_waiting = False
        state = game.state
        bottom = self.session.bottom_player
        key = (id(game), bottom, tuple(state.zones))
        if key != self._layout_key:
            self._build_layout(bottom)
            self._layout_key = key
            whole = True
        eyes = (self.session.viewer, self.session.handover_pending, self.session.open_hands)
        if eyes != self._eyes:   # another seat's eyes: every hidden card may differ
            self._eyes = eyes
            whole = True
        assert self.layout is not None
        view = self.session.table_view()
        playable = self._playable_cards()
        restyled = playable ^ self.playable
        self.playable = playable
        if whole or result is None:
            dirty: set[str] | None = None
        else:
            dirty = set(result.zones) | {state.cards[i].zone for i in result.cards if i in state.cards}
        left: set[Any] = set()      # items of the zones laid out again, before
        placed: set[Any] = set()    # and after
        for zid, cards in view.zones.items():
            place = self.layout.zones.get(zid)
            if place is None:
                continue
            shown = cards[:1] if place.arrangement == STACK else cards
            count = len(cards) if place.layout == "pile" else 0
            if dirty is not None and zid not in dirty:
                self._restyle(zid, shown, place, count, restyled)
                continue
            left.update(self._zone_keys.get(zid, ()))
            self.zone_items[zid].set_count(len(cards))
            keys = []
            for index, (card, (x, y)) in enumerate(zip(shown, card_slots(place, len(shown)))):
                look = self._look(zid, index, card, place.layout, count, place.card_scale)
                item_key = ("card", look.iid) if look.iid is not None else ("hidden", zid, index)
                keys.append(item_key)
                item = self.card_items.get(item_key)
                if item is None:
                    item = CardItem(look)
                    self.card_items[item_key] = item
                    self.addItem(item)
                elif item.look != look:
                    item.set_look(look)
                item.place(x, y, z_values.card_z(index))
            self._zone_keys[zid] = keys
            placed.update(keys)
        gone = (set(self.card_items) if dirty is None else left) - placed
        for item_key in gone:
            self.removeItem(self.card_items.pop(item_key))
        self._tuck_attached()
        if self._focus_key not in self.card_items:
            self._focus_key = None
        self._draw_players()
        self._draw_stack()

    def _restyle(self, zid: str, shown: tuple[CardView, ...], place: ZonePlace, count: int,
                 restyled: set[int]) -> None:
        """Give the cards of a zone the change left in place a new look where theirs changed without them:
        the values and marks the rules derive from the whole table, and the "playable" outline."""
        derives = place.layout in FIELD_LAYOUTS
        if not derives and not restyled:
            return
        for index, card in enumerate(shown):
            if card.iid is None or not (derives or card.iid in restyled):
                continue
            item = self.card_items.get(("card", card.iid))
            if item is None:
                continue
            if card.iid in restyled or self._derived(card.iid, place.layout) != self._shown_derived.get(card.iid):
                look = self._look(zid, index, card, place.layout, count, place.card_scale)
                if item.look != look:
                    item.set_look(look)

    def _tuck_attached(self) -> None:
        """Lay each card the rules attach under another (an Xyz material) beneath it, peeking out below and right."""
        game = self.session.game
        assert game is not None
        under: dict[int, list[CardItem]] = {}
        for key, item in self.card_items.items():
            if key[0] == "card":
                host = game.rules.attached_to(game.state, key[1])
                if host is not None and ("card", host) in self.card_items:
                    under.setdefault(host, []).append(item)
        for host, items in under.items():
            host_item = self.card_items[("card", host)]
            where = host_item.pos()
            step = max(4.0, host_item.size[1] * 0.06)
            for depth, item in enumerate(items, start=1):
                item.place(where.x() + step * depth, where.y() + step * depth, host_item.zValue() - 0.001 * depth)

    # -- keyboard focus ------------------------------------------------------------------------
    def move_focus(self, step: int) -> CardLook | None:
        """Move the keyboard focus to the next (+1) or previous (-1) card in reading order."""
        def reading_order(key: Any) -> tuple[float, float]:
            position = self.card_items[key].scenePos()
            return round(position.y() / 20), position.x()

        keys = sorted(self.card_items, key=reading_order)
        if not keys:
            return None
        if self._focus_key in keys:
            index = (keys.index(self._focus_key) + step) % len(keys)
        else:
            index = 0 if step > 0 else len(keys) - 1
        previous = self.card_items.get(self._focus_key)
        if previous is not None:
            previous.set_focused(False)
        self._focus_key = keys[index]
        item = self.card_items[self._focus_key]
        item.set_focused(True)
        self.cardFocused.emit(item.look)
        return item.look

    def focused_item(self) -> CardItem | None:
        """Return the card item with the keyboard focus, if any."""
        return self.card_items.get(self._focus_key)

    def _build_layout(self, bottom: str) -> None:
        game = self.session.game
        assert game is not None
        for item in list(self.zone_items.values()) + list(self.card_items.values()) + list(self.info_items.values()):
            self.removeItem(item)
        self.zone_items.clear()
        self.card_items.clear()
        self._zone_keys.clear()
        self._shown_derived.clear()
        self.info_items.clear()
        state = game.state
        self.layout = layout_table(state.zones.values(), state.players, bottom)
        for zid, place in self.layout.zones.items():
            zone = state.zones[zid]
            label = zone.spec.label or zone.spec.name.replace("_", " ").title()
            item = ZoneItem(place, label, zone.owner or "")
            item.set_pick_state(zid in self.pickable_zones, zid in self.picked_zones)
            self.zone_items[zid] = item
            self.addItem(item)
        for player, rect in self.layout.info.items():
            info = PlayerInfoItem(rect)
            self.info_items[player] = info
            self.addItem(info)
        margin = 6.0
        self.setSceneRect(-margin, -margin, self.layout.width + 2 * margin, self.layout.height + 2 * margin)

    def _look(self, zid: str, index: int, card: CardView, layout: str, count: int, scale: float) -> CardLook:
        game = self.session.game
        assert game is not None
        values, marks = self._derived(card.iid, layout)
        if card.iid is not None:
            self._shown_derived[card.iid] = (values, marks)
        props = card.props
        damage = props.get("damage", 0)
        return CardLook(
            zone_id=zid, index=index, game=game.rules.id, iid=card.iid, definition=card.definition,
            tapped=card.tapped, face_down=card.face_down, values=values,
            damage=damage if isinstance(damage, int) else 0,
            counters=tuple(sorted(card.counters.items())),
            states=tuple(props.get("states") or ()) + marks,
            pickable=card.iid in self.pickable, picked=card.iid in self.picked,
            playable=card.iid in self.playable, count=count, scale=scale)

    def _derived(self, iid: int | None, layout: str) -> tuple[tuple[CardValue, ...], tuple[str, ...]]:
        """Return the values and marks the rules derive for a card the viewer sees on the field (none elsewhere)."""
        game = self.session.game
        assert game is not None
        if iid is None or layout not in FIELD_LAYOUTS:
            return (), ()
        return tuple(game.rules.card_values(game.state, iid).values()), game.rules.card_marks(game.state, iid)

    def _playable_cards(self) -> set[int]:
        """Return the cards the viewer can do something with by the rules now (their legal commands' subjects).

        Only while the viewer must act (not while picking, waiting, or watching the AI); moves by hand
        do not count, or every card of a table played by hand would be marked.
        """
        game = self.session.game
        decision = self.session.decision()
        if game is None or decision is None or decision.kind != "act" or not self.session.is_my_decision():
            return set()
        subjects = (subject_of(c) for c in game.legal_commands(decision.player) if not c.manual)
        return {iid for iid in subjects if iid is not None}

    def _draw_players(self) -> None:
        game = self.session.game
        assert game is not None
        state = game.state
        decision = self.session.decision()
        for player, item in self.info_items.items():
            deciding = decision is not None and decision.player == player
            marks = ["AI" if player in self.session.bots else "human"]
            if state.active == player:
                marks.append("active")
            if deciding:
                marks.append("deciding")
            lines = [" · ".join(marks)] + [f"{name}: {value}" for name, value in sorted(state.totals.get(player, {}).items())]
            item.show_player(player, lines, deciding)

    def _draw_stack(self) -> None:
        for item in self._extras:
            self.removeItem(item)
        self._extras = []
        game = self.session.game
        assert game is not None and self.layout is not None
        entries = [list(map(str, entry)) for entry in game.rules.stack_entries(game.state)]
        columns = [p for p in self.layout.zones.values()
                   if p.layout == "column" and game.state.zones[p.zone_id].owner is None]
        if columns and entries:
            place = columns[0]
            slots = card_slots(place, len(game.state.zones[place.zone_id].cards))
            y = slots[-1][1] + card_size(place)[1] + 8 if slots else place.rect.y + 26
            for number, lines in enumerate(entries, start=1):
                entry = StackEntryItem(number, lines, place.rect.w - 16)
                entry.setPos(place.rect.x + 8, y)
                y += entry.boundingRect().height() + 6
                self.addItem(entry)
                self._extras.append(entry)
        if not columns:
            return
        place = columns[0]
        for index, (source, targets) in enumerate(game.rules.stack_targets(game.state)):
            start = self._card_centre(source) if source is not None else None
            if start is None:   # a Summon is on the stack itself: from its entry's corner
                start = QPointF(place.rect.x + 10, place.rect.y + 40 + 20 * index)
            for target in targets:
                end = self._card_centre(target)
                if end is not None:
                    arrow = ArrowItem(start, end)
                    self.addItem(arrow)
                    self._extras.append(arrow)

    def _card_centre(self, iid: Any) -> QPointF | None:
        item = self.card_items.get(("card", iid))
        if item is None:
            return None
        width, height = item.size
        return item.pos() + QPointF(width / 2, height / 2)

    # -- gestures, called by CardItem ----------------------------------------------------------
    def zone_at(self, point: QPointF) -> ZoneItem | None:
        """Return the zone under a scene point."""
        if self.layout is None:
            return None
        for zid, place in self.layout.zones.items():
            if place.rect.contains(point.x(), point.y()):
                return self.zone_items[zid]
        return None

    def drop_index(self, zone: ZoneItem, point: QPointF) -> int:
        """Return where in a zone a card dropped at `point` goes (0 = top / first)."""
        place = zone.place
        if place.arrangement == STACK:
            return 0
        count = zone.count
        slots = card_slots(place, count)
        width, height = card_size(place)
        if place.arrangement == DOWN:
            return sum(1 for (_, y) in slots if y + height / 2 < point.y())
        index = sum(1 for (x, _) in slots if (x + width / 2 < point.x()) != place.turned)
        return index

    def drag_started(self, item: CardItem) -> None:
        """A card began to move under the mouse."""
        self.cardHovered.emit(None)

    def drag_moved(self, item: CardItem, point: QPointF) -> None:
        """Highlight the zone a dragged card is over."""
        zone = self.zone_at(point)
        if zone is not self._drag_target:
            if self._drag_target is not None:
                self._drag_target.set_drop_target(False)
            if zone is not None:
                zone.set_drop_target(True)
            self._drag_target = zone

    def drag_finished(self, item: CardItem, point: QPointF) -> None:
        """A card was dropped: report the zone and position, then redraw."""
        if self._drag_target is not None:
            self._drag_target.set_drop_target(False)
            self._drag_target = None
        zone = self.zone_at(point)
        look = item.look
        if zone is not None:
            # Deferred: the drop's command may remove this very item while its event runs.
            zid, index = zone.zone_id, self.drop_index(zone, point)
            QTimer.singleShot(0, lambda: self.cardDropped.emit(look, zid, index))
        if self._refresh_waiting or zone is None:
            self.refresh()

    def card_clicked(self, item: CardItem, screen: QPoint) -> None:
        """Report a click on a card."""
        self.cardClicked.emit(item.look, screen)

    def card_double_clicked(self, item: CardItem) -> None:
        """Report a double-click on a card."""
        look = item.look
        QTimer.singleShot(0, lambda: self.cardDoubleClicked.emit(look))

    def card_context_menu(self, item: CardItem, screen: QPoint) -> None:
        """Report a right-click on a card."""
        self.cardMenuRequested.emit(item.look, screen)

    def zone_context_menu(self, item: ZoneItem, screen: QPoint) -> None:
        """Report a right-click on a zone (not on a card in it)."""
        self.zoneMenuRequested.emit(item.zone_id, screen)

    def card_hovered(self, item: CardItem | None) -> None:
        """Report the card under the mouse (None when it leaves)."""
        self.cardHovered.emit(None if item is None else item.look)

    def item_for(self, iid: int) -> CardItem | None:
        """Return the item showing a visible card."""
        return self.card_items.get(("card", iid))
