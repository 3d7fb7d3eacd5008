"""Table layout: where each zone of any game goes, computed from its ZoneSpec metadata alone.

Each player's half is laid out the same way, starting at the middle line of the table:
positioned zones (circles, slots: `row`/`column`) first, row 0 nearest the middle; then each
grid zone as a full-width strip; then fans (the hand) at the player's edge. Piles stand in
columns to the right of the field and the player's info box to the left. The half of the player
at the top is turned round (mirrored in both directions), as across a real table. Shared zones
(the stack, the chain) stand in a column to the right of both halves.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.engine.zones import Zone

CARD_W = 100.0
CARD_H = 140.0
GAP = 12.0
CELL_W = CARD_H + GAP          # a tapped (turned) card still fits its cell
CELL_H = CARD_H + 30.0         # room for the zone's label above the card
INFO_W = 132.0
MIDDLE_GAP = 24.0
MIN_FIELD_CELLS = 5
SHARED_W = CELL_W * 1.35


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in scene units."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.h

    def contains(self, x: float, y: float) -> bool:
        """Tell whether a point lies inside."""
        return self.x <= x <= self.right and self.y <= y <= self.bottom


@dataclass(frozen=True)
class ZonePlace:
    """Where one zone is drawn and how: its rectangle, layout hint and whether its side is turned."""

    zone_id: str
    rect: Rect
    layout: str
    turned: bool


@dataclass(frozen=True)
class TableLayout:
    """The whole table: zone places, each player's info box and the scene's size."""

    zones: dict[str, ZonePlace]
    info: dict[str, Rect]
    width: float
    height: float
    middle: float


def _kind(zone: Zone) -> str:
    spec = zone.spec
    if spec.is_positioned:
        return "positioned"
    if spec.layout == "grid":
        return "strip"
    if spec.layout == "fan":
        return "fan"
    return "pile"


def _side(zones: list[Zone]) -> tuple[dict[str, Rect], Rect, float, float]:
    """Lay out one player's zones in local coordinates (y = 0 at the middle line)."""
    positioned = [z for z in zones if _kind(z) == "positioned"]
    strips = [z for z in zones if _kind(z) == "strip"]
    fans = [z for z in zones if _kind(z) == "fan"]
    piles = [z for z in zones if _kind(z) == "pile"]
    places: dict[str, Rect] = {}

    grid_w = 0.0
    grid_h = 0.0
    if positioned:
        columns = [z.spec.column for z in positioned]
        rows = [z.spec.row for z in positioned]
        min_col, max_col = min(columns), max(columns)  # type: ignore[type-var]
        min_row, max_row = min(rows), max(rows)  # type: ignore[type-var]
        grid_w = (max_col - min_col + 1) * CELL_W  # type: ignore[operator]
        grid_h = (max_row - min_row + 1) * CELL_H  # type: ignore[operator]
    field_w = max(grid_w, MIN_FIELD_CELLS * CELL_W)
    offset = INFO_W + (field_w - grid_w) / 2
    for zone in positioned:
        column = zone.spec.column - min_col  # type: ignore[operator]
        row = zone.spec.row - min_row  # type: ignore[operator]
        places[zone.id] = Rect(offset + column * CELL_W, GAP + row * CELL_H, CELL_W, CELL_H)
    y = GAP + grid_h
    for zone in strips + fans:
        places[zone.id] = Rect(INFO_W, y, field_w, CELL_H)
        y += CELL_H
    height = max(y, GAP + CELL_H) + GAP
    rows_available = max(1, int((height - GAP) // CELL_H))
    pile_columns = math.ceil(len(piles) / rows_available) if piles else 0
    for index, zone in enumerate(piles):
        column, row = divmod(index, rows_available)
        places[zone.id] = Rect(INFO_W + field_w + GAP + column * CELL_W, GAP + row * CELL_H, CELL_W, CELL_H)
    width = INFO_W + field_w + GAP + pile_columns * CELL_W
    info = Rect(GAP, GAP, INFO_W - 2 * GAP, min(height - 2 * GAP, 2 * CELL_H))
    return places, info, width, height


def layout_table(zones: Iterable[Zone], players: tuple[str, ...], bottom: str) -> TableLayout:
    """Return the layout of a two-player table with `bottom`'s half at the bottom of the screen."""
    zones = list(zones)
    top = next((p for p in players if p != bottom), bottom)
    sides = {p: _side([z for z in zones if z.owner == p]) for p in players}
    side_w = max(s[2] for s in sides.values())
    half_h = max(s[3] for s in sides.values())
    middle = half_h + MIDDLE_GAP / 2
    by_id = zones_by_id(zones)
    places: dict[str, ZonePlace] = {}
    info: dict[str, Rect] = {}
    for player, (rects, info_rect, _, _) in sides.items():
        turned = player == top and player != bottom
        for zid, r in rects.items():
            if turned:
                placed = Rect(side_w - r.x - r.w, middle - MIDDLE_GAP / 2 - r.y - r.h, r.w, r.h)
            else:
                placed = Rect(r.x, middle + MIDDLE_GAP / 2 + r.y, r.w, r.h)
            places[zid] = ZonePlace(zid, placed, by_id[zid].spec.layout, turned)
        if turned:
            info[player] = Rect(side_w - info_rect.x - info_rect.w, middle - MIDDLE_GAP / 2 - info_rect.y - info_rect.h,
                                info_rect.w, info_rect.h)
        else:
            info[player] = Rect(info_rect.x, middle + MIDDLE_GAP / 2 + info_rect.y, info_rect.w, info_rect.h)
    shared = [z for z in zones if z.owner is None]
    height = 2 * half_h + MIDDLE_GAP
    width = side_w
    if shared:
        each = (height - GAP) / len(shared)
        for index, zone in enumerate(shared):
            places[zone.id] = ZonePlace(zone.id, Rect(side_w + GAP, GAP / 2 + index * each, SHARED_W, each - GAP / 2),
                                        "column", False)
        width = side_w + GAP + SHARED_W + GAP
    return TableLayout(places, info, width, height, middle)


def zones_by_id(zones: list[Zone]) -> dict[str, Zone]:
    """Return the zones keyed by id."""
    return {z.id: z for z in zones}


def card_slots(place: ZonePlace, count: int) -> list[tuple[float, float]]:
    """Return the top-left corner of each card shown in a zone (index 0 = top card), in scene units.

    Piles show only their top card; fans and strips spread the cards, overlapping when crowded;
    columns list them downwards; circles and slots centre their card.
    """
    r = place.rect
    top = r.y + (r.h - CARD_H) - (GAP / 2)
    if count == 0:
        return []
    if place.layout in ("fan", "grid"):
        room = r.w - 2 * GAP
        step = min(CARD_W + GAP / 2, (room - CARD_W) / max(1, count - 1)) if count > 1 else 0.0
        used = CARD_W + step * (count - 1)
        start = r.x + GAP + max(0.0, (room - used) / 2)
        order = range(count)
        if place.turned:
            return [(r.x + r.w - (start - r.x) - CARD_W - i * step, top) for i in order]
        return [(start + i * step, top) for i in order]
    if place.layout == "column":
        header = 28.0
        room = r.h - header - GAP
        step = min(CARD_H * 0.55, (room - CARD_H) / max(1, count - 1)) if count > 1 else 0.0
        x = r.x + (r.w - CARD_W) / 2
        return [(x, r.y + header + i * step) for i in range(count)]
    x = r.x + (r.w - CARD_W) / 2
    return [(x, top)] * count
