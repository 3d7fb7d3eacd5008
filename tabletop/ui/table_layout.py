"""Table layout: where each zone of any game goes, computed from its ZoneSpec metadata alone.

Each player's half is laid out the same way, starting at the middle line of the table and sized to
its content (a one-card zone holds its card snugly; fans and grids take the room free in their row):

- positioned zones (circles, slots, piles with `row`/`column`) form a grid, row 0 nearest the
  middle; a spreading zone (grid, fan, capacity-free slot) reaches over free columns on its right
  as far as it wants room; a zone with a `row` but no `column` (FFTCG's field) is a strip across
  the whole grid; without positioned zones (freeform) strips are two card rows high;
- a player's own `column` zones without a place (Vanguard's damage) stand left of the grid;
- the remaining zones (piles, loose slots, order areas) fill the rows beside the grid, split
  between its two sides so that the grid stays in the middle and faces the opponent's;
- the hand of the player at the bottom is a strip of large cards along the bottom edge.

The top player's half is turned round (mirrored in both directions), as across a real table.
Zones in row -1 (Yu-Gi-Oh!'s shared Extra Monster Zones, Vanguard's guardian circles) share one
middle row at their columns. A rail on the right holds the top player's hand (small cards), both
players' info boxes, and the shared unpositioned zones (the stack, the chain) as columns.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from tabletop.engine.zones import Zone

CARD_W = 100.0
CARD_H = 140.0
PAD = 6.0                      # inside a zone, round its cards
GAP = 6.0                      # between two zones
LABEL_H = 22.0                 # the zone's label line above its cards
CELL_W = CARD_W + 2 * PAD      # a one-card zone holds its card snugly
ROW_H = LABEL_H + CARD_H + PAD
EMPTY_COLUMN_W = 30.0          # a grid column nothing stands in (a separator)
MIN_FIELD_CELLS = 5            # a table without positioned zones is at least this wide
MIN_SPREAD_CELLS = 3           # a fan or grid of no fixed capacity wants room for this many cards
HAND_SCALE = 1.5               # the bottom player's hand: large enough to read name, cost and power
MAX_HAND_SCALE = 2.0           # … up to this when a wide table leaves height to spare
COMPACT_SCALE = 0.5            # the top player's hand in the rail
PILE_SCALE = 0.58              # loose piles when there are too many for full-size rows
TARGET_ASPECT = 1.25           # width / height of the table view in a 1600×900 or 1280×720 window
RAIL_W = 2 * CELL_W + GAP
INFO_H = 112.0
MIDDLE_GAP = 14.0              # between the halves when no zone stands in the middle row

STACK = "stack"                # only the top card shows (a pile, a one-card circle or slot)
ACROSS = "across"              # cards side by side, overlapping when crowded
DOWN = "down"                  # cards listed downwards (a stack, a chain, Vanguard's damage)


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

    def overlaps(self, other: Rect) -> bool:
        """Tell whether two rectangles share more than an edge."""
        return (self.x < other.right - 0.5 and other.x < self.right - 0.5
                and self.y < other.bottom - 0.5 and other.y < self.bottom - 0.5)


@dataclass(frozen=True)
class ZonePlace:
    """Where one zone is drawn and how.

    `layout` is the spec's hint (the shape of the ground), `arrangement` how its cards lie
    (STACK, ACROSS, DOWN), `card_scale` the size of its cards against CARD_W × CARD_H, and
    `turned` whether it belongs to the half across the table (its cards run right to left).
    """

    zone_id: str
    rect: Rect
    layout: str
    turned: bool
    arrangement: str = STACK
    card_scale: float = 1.0


@dataclass(frozen=True)
class TableLayout:
    """The whole table: zone places, each player's info box and the scene's size."""

    zones: dict[str, ZonePlace]
    info: dict[str, Rect]
    width: float
    height: float
    middle: float


def _spreads(zone: Zone) -> bool:
    """Tell whether a zone shows all its cards (a fan, a grid, a column, a slot of many cards)."""
    layout = zone.spec.layout
    if layout in ("fan", "grid", "column"):
        return True
    return layout in ("slot", "circle") and zone.spec.capacity != 1


def _arrangement(zone: Zone) -> str:
    """Return how a zone in a row lays its cards: side by side when it spreads them, else stacked."""
    return ACROSS if _spreads(zone) else STACK


def _need_cells(zone: Zone) -> float:
    """Return how many card cells wide a zone wants to be."""
    spec = zone.spec
    if not _spreads(zone):
        return 1.0
    if spec.layout in ("slot", "circle"):   # a circle of two (a Legion) shows both whole; of many, overlapping
        return 2.0 if spec.capacity == 2 else 1.5
    if spec.layout == "column":
        return 4.0
    if spec.capacity is not None:
        return float(max(1, spec.capacity))
    return float(MIN_SPREAD_CELLS)


def _cells_w(cells: float) -> float:
    """Return the width of a zone `cells` cards wide (with the gaps it swallows)."""
    return cells * (CELL_W + GAP) - GAP


@dataclass
class _Side:
    """One player's half in local coordinates: x from its left edge, y from the middle line out."""

    places: dict[str, tuple[Rect, str, float]] = field(default_factory=dict)  # rect, arrangement, card scale
    columns: dict[int, tuple[float, float]] = field(default_factory=dict)  # grid column -> x, width
    width: float = 0.0
    height: float = 0.0
    fans: list[Zone] = field(default_factory=list)                        # hands, for the edge

    def column_span(self, column: int, width: float) -> tuple[float, float]:
        """Return the x and width of a `width`-wide zone centred on a grid column (extrapolated)."""
        if column in self.columns:
            x, w = self.columns[column]
        elif self.columns:
            known = min(self.columns, key=lambda c: abs(c - column))
            x, w = self.columns[known]
            x += (column - known) * (CELL_W + GAP)
            w = CELL_W
        else:
            x, w = column * (CELL_W + GAP), CELL_W
        return x + (w - width) / 2, width


def _side(zones: list[Zone], compact: bool) -> _Side:
    """Lay out one player's zones (without row -1 ones, which go to the middle row); `compact`
    draws the loose piles smaller."""
    side = _Side()
    positioned = [z for z in zones if z.spec.is_positioned and z.spec.row >= 0]  # type: ignore[operator]
    rest = [z for z in zones if not z.spec.is_positioned]
    side.fans = [z for z in rest if z.spec.layout == "fan"]
    rest = [z for z in rest if z.spec.layout != "fan"]
    left_columns = [z for z in rest if z.spec.layout == "column"]
    strips = [z for z in rest if z.spec.layout == "grid" and (z.spec.row is not None or not positioned)]
    loose = [z for z in rest if z not in left_columns and z not in strips]

    # Rows: positioned zones at (row, 0), strips at (row, 1); so a strip sharing a row number
    # with slots gets its own line just outside them.
    keys = sorted({(z.spec.row, 0) for z in positioned}
                  | {(z.spec.row if z.spec.row is not None else 0, 1) for z in strips})
    strip_h = ROW_H if positioned else 2 * ROW_H + GAP
    heights = {key: (strip_h if key[1] else ROW_H) for key in keys}
    row_y: dict[tuple[int, int], float] = {}
    y = 0.0
    for key in keys:
        row_y[key] = y
        y += heights[key] + GAP
    field_h = max(ROW_H, y - GAP)

    x0 = 0.0
    if left_columns:
        for index, zone in enumerate(left_columns):
            side.places[zone.id] = (Rect(index * (CELL_W + GAP), 0.0, CELL_W, field_h), DOWN, 1.0)
        x0 = len(left_columns) * (CELL_W + GAP)

    # Grid columns: occupied or reached by a spreading zone -> a cell; otherwise a thin separator.
    grid_w = 0.0
    if positioned:
        columns = [z.spec.column for z in positioned]
        lo, hi = min(columns), max(columns)  # type: ignore[type-var]
        occupied = {(z.spec.row, z.spec.column) for z in positioned}
        spans: dict[str, list[int]] = {}
        for zone in positioned:
            span = [zone.spec.column]
            if _spreads(zone):
                while (len(span) < _need_cells(zone) and span[-1] < hi
                       and (zone.spec.row, span[-1] + 1) not in occupied):  # type: ignore[operator]
                    span.append(span[-1] + 1)  # type: ignore[operator]
            spans[zone.id] = span  # type: ignore[assignment]
        used = {c for span in spans.values() for c in span}
        widths = {c: (CELL_W if c in used else EMPTY_COLUMN_W) for c in range(lo, hi + 1)}  # type: ignore[arg-type]
        for zone in positioned:
            span = spans[zone.id]
            have = sum(widths[c] for c in span) + GAP * (len(span) - 1)
            want = _cells_w(_need_cells(zone))
            if want > have:
                widths[span[0]] += want - have
        x = x0
        for column in range(lo, hi + 1):  # type: ignore[arg-type]
            side.columns[column] = (x, widths[column])
            x += widths[column] + GAP
        grid_w = x - GAP - x0
        for zone in positioned:
            span = spans[zone.id]
            key = (zone.spec.row, 0)
            if _spreads(zone):
                left = side.columns[span[0]][0]
                right = side.columns[span[-1]][0] + side.columns[span[-1]][1]
                rect = Rect(left, row_y[key], right - left, ROW_H)
            else:
                cx, cw = side.columns[span[0]]
                rect = Rect(cx + (cw - CELL_W) / 2, row_y[key], CELL_W, ROW_H)
            side.places[zone.id] = (rect, _arrangement(zone), 1.0)
    grid_w = max(grid_w, _cells_w(MIN_FIELD_CELLS) if not positioned else 0.0)
    if not positioned and not strips:
        grid_w = 0.0
    for zone in strips:
        key = (zone.spec.row if zone.spec.row is not None else 0, 1)
        side.places[zone.id] = (Rect(x0, row_y[key], grid_w, heights[key]), ACROSS, 1.0)

    # Loose zones fill the field's rows beside the grid, in the game's order: the first ones on
    # the right, the last ones on the left while that keeps the grid nearer the middle.
    piles = _Piles(PILE_SCALE if compact else 1.0, field_h)

    def imbalance(k: int) -> float:
        return abs(piles.width(loose[:len(loose) - k]) - x0 - piles.width(loose[len(loose) - k:]))

    k = min(range(len(loose) + 1), key=imbalance)
    right_zones, left_zones = loose[:len(loose) - k], loose[len(loose) - k:]
    left_w = piles.width(left_zones) + GAP if left_zones else 0.0
    right_w = piles.width(right_zones) + GAP if right_zones else 0.0
    if loose:   # pad the narrower flank so that the grid faces the opponent's exactly
        left_w, right_w = max(left_w, right_w - x0), max(right_w, left_w + x0)
    side.places = {zid: (Rect(r.x + left_w, r.y, r.w, r.h), a, c) for zid, (r, a, c) in side.places.items()}
    side.columns = {c: (x + left_w, w) for c, (x, w) in side.columns.items()}
    piles.place(side, left_zones, left_w - (piles.width(left_zones) + GAP if left_zones else 0.0))
    piles.place(side, right_zones, left_w + x0 + grid_w + GAP)
    side.width = left_w + x0 + grid_w + right_w
    side.height = field_h
    return side


@dataclass(frozen=True)
class _Piles:
    """How loose zones are flowed in rows beside the grid: at full card size, or compact (three
    rows where the field has two) when the table would otherwise be too wide."""

    scale: float
    field_h: float

    @property
    def cell_w(self) -> float:
        """Return the width of a one-card zone."""
        return CARD_W * self.scale + 2 * PAD

    @property
    def row_h(self) -> float:
        """Return the height of a row of zones: as many as fit the field's height, stretched."""
        natural = LABEL_H + CARD_H * self.scale + PAD
        rows = max(1, int((self.field_h + GAP) // (natural + GAP)))
        return (self.field_h + GAP) / rows - GAP

    @staticmethod
    def cells(zone: Zone) -> int:
        """Return how many cells a loose zone takes (a grid of cards two, a pile one)."""
        return 2 if _spreads(zone) else 1

    def lines(self, zones: list[Zone]) -> list[list[Zone]]:
        """Split zones into the rows about equally, keeping their order."""
        rows = max(1, round((self.field_h + GAP) / (self.row_h + GAP)))
        per_row = math.ceil(sum(self.cells(z) for z in zones) / rows) if zones else 0
        lines: list[list[Zone]] = [[]]
        filled = 0
        for zone in zones:
            if filled and filled + self.cells(zone) > per_row and len(lines) < rows:
                lines.append([])
                filled = 0
            lines[-1].append(zone)
            filled += self.cells(zone)
        return lines

    def width(self, zones: list[Zone]) -> float:
        """Return the width the zones take (0 for none)."""
        if not zones:
            return 0.0
        return max(sum(self.cells(z) for z in line) * (self.cell_w + GAP) - GAP for line in self.lines(zones))

    def place(self, side: _Side, zones: list[Zone], x0: float) -> None:
        """Place zones in their rows from x0."""
        for row, line in enumerate(self.lines(zones)):
            x = x0
            for zone in line:
                w = self.cells(zone) * (self.cell_w + GAP) - GAP
                rect = Rect(x, row * (self.row_h + GAP), w, self.row_h)
                side.places[zone.id] = (rect, _arrangement(zone), self.scale)
                x += w + GAP


def layout_table(zones: Iterable[Zone], players: tuple[str, ...], bottom: str) -> TableLayout:
    """Return the layout of a two-player table with `bottom`'s half at the bottom of the screen:
    with full-size piles, unless compact piles let a too-wide table show its cards larger."""
    zones = list(zones)
    full = _table(zones, players, bottom, compact=False)
    if full.width / full.height <= TARGET_ASPECT:
        return full
    compact = _table(zones, players, bottom, compact=True)
    return compact if _fit(compact) > _fit(full) else full


def _fit(layout: TableLayout) -> float:
    """Return the scale a layout is shown at in a view of TARGET_ASPECT."""
    return min(TARGET_ASPECT / layout.width, 1.0 / layout.height)


def _table(zones: list[Zone], players: tuple[str, ...], bottom: str, compact: bool) -> TableLayout:
    top = next((p for p in players if p != bottom), None)
    middle_zones = [z for z in zones if z.spec.is_positioned and z.spec.row < 0]  # type: ignore[operator]
    sides = {p: _side([z for z in zones if z.owner == p and z not in middle_zones], compact) for p in players}
    side_w = max(s.width for s in sides.values())
    offset = {p: (side_w - s.width) / 2 for p, s in sides.items()}
    places: dict[str, ZonePlace] = {}
    specs = {z.id: z for z in zones}

    def put(zid: str, rect: Rect, arrangement: str, turned: bool, scale: float = 1.0) -> None:
        places[zid] = ZonePlace(zid, rect, specs[zid].spec.layout, turned, arrangement, scale)

    # The top half is mirrored about an axis: the middle of the shared positioned zones' columns
    # (Yu-Gi-Oh!'s Extra Monster Zones stand symmetric about the middle Main Monster Zone, so the
    # monster rows face each other), else the middle of the half.
    shared_columns = [z.spec.column for z in middle_zones if z.owner is None]
    if shared_columns:
        axis_column = sum(shared_columns) / len(shared_columns)  # type: ignore[arg-type]
        centres = [offset[bottom] + x + w / 2 for x, w in
                   (sides[bottom].column_span(c, CELL_W) for c in {math.floor(axis_column), math.ceil(axis_column)})]
        axis = sum(centres) / len(centres)
    else:
        axis = side_w / 2

    def mirrored(x: float, w: float) -> float:
        return 2 * axis - (offset[top] + x) - w  # type: ignore[index]

    top_h = sides[top].height if top is not None else 0.0
    if top is not None:
        for zid, (r, arrangement, scale) in sides[top].places.items():
            put(zid, Rect(mirrored(r.x, r.w), top_h - r.y - r.h, r.w, r.h), arrangement, True, scale)

    # The middle row: shared positioned zones at the bottom player's columns, each player's own
    # row -1 zones at their columns; two that meet move apart (the top player's to the left).
    middle_y = top_h + GAP
    middle_h = ROW_H if middle_zones else MIDDLE_GAP - 2 * GAP
    wanted: list[tuple[Zone, Rect]] = []
    for zone in middle_zones:
        owner = zone.owner if zone.owner is not None else bottom
        side = sides[owner]
        width = CELL_W if not _spreads(zone) else _cells_w(_need_cells(zone))
        x, w = side.column_span(zone.spec.column, width)  # type: ignore[arg-type]
        if owner == top:
            x = mirrored(x, w)
        else:
            x = offset[owner] + x
        wanted.append((zone, Rect(x, middle_y, w, ROW_H)))
    rects = [rect for _, rect in wanted]
    for i, (zone, _) in enumerate(wanted):
        for j in range(i):
            if rects[i].overlaps(rects[j]):
                shift = (min(rects[i].right, rects[j].right) - max(rects[i].x, rects[j].x)) / 2 + GAP / 2
                centre_i, centre_j = rects[i].x + rects[i].w / 2, rects[j].x + rects[j].w / 2
                goes_left = centre_i < centre_j or (centre_i == centre_j and zone.owner == top)
                towards = -shift if goes_left else shift
                rects[i] = Rect(rects[i].x + towards, rects[i].y, rects[i].w, rects[i].h)
                rects[j] = Rect(rects[j].x - towards, rects[j].y, rects[j].w, rects[j].h)
    bottom_y = middle_y + middle_h + GAP
    for zid, (r, arrangement, scale) in sides[bottom].places.items():
        put(zid, Rect(offset[bottom] + r.x, bottom_y + r.y, r.w, r.h), arrangement, False, scale)
    field_bottom = bottom_y + sides[bottom].height
    left = min(place.rect.x for place in places.values())
    right = max(place.rect.right for place in places.values())
    for (zone, _), rect in zip(wanted, rects):
        x = min(max(left, rect.x), right - rect.w)
        put(zone.id, Rect(x, rect.y, rect.w, rect.h), _arrangement(zone), zone.owner == top)
    for zid, place in list(places.items()):      # the halves start at x = 0
        r = place.rect
        places[zid] = ZonePlace(zid, Rect(r.x - left, r.y, r.w, r.h), place.layout, place.turned, place.arrangement,
                                place.card_scale)

    # The rail: the top player's hand and info, the shared columns, the bottom player's info.
    rail_x = right - left + GAP
    info: dict[str, Rect] = {}
    y = 0.0
    if top is not None:
        for zone in sides[top].fans:
            h = LABEL_H + CARD_H * COMPACT_SCALE + PAD
            put(zone.id, Rect(rail_x, y, RAIL_W, h), ACROSS, True, COMPACT_SCALE)
            y += h + GAP
        info[top] = Rect(rail_x, y, RAIL_W, INFO_H)
        y += INFO_H + GAP
    shared = [z for z in zones if z.owner is None and not z.spec.is_positioned]
    bottom_info_y = max(field_bottom - INFO_H, y + len(shared) * (ROW_H + GAP))
    if shared:
        each = (bottom_info_y - GAP - y - GAP * (len(shared) - 1)) / len(shared)
        for zone in shared:
            put(zone.id, Rect(rail_x, y, RAIL_W, each), DOWN, False)
            y += each + GAP
    info[bottom] = Rect(rail_x, bottom_info_y, RAIL_W, INFO_H)
    width = rail_x + RAIL_W

    # The hand: larger still when the table is wide for the view and there is height to spare.
    y = max(field_bottom, bottom_info_y + INFO_H) + GAP
    fans = sides[bottom].fans
    hand_scale = HAND_SCALE
    if fans:
        natural = y + len(fans) * (LABEL_H + CARD_H * HAND_SCALE + PAD + GAP) - GAP
        spare = width / TARGET_ASPECT - natural
        if spare > 0:
            hand_scale = min(MAX_HAND_SCALE, HAND_SCALE + spare / (CARD_H * len(fans)))
    for zone in fans:
        h = LABEL_H + CARD_H * hand_scale + PAD
        put(zone.id, Rect(0.0, y, width, h), ACROSS, False, hand_scale)
        y += h + GAP
    height = y - GAP
    return TableLayout(places, info, width, height, middle_y + middle_h / 2)


def card_size(place: ZonePlace) -> tuple[float, float]:
    """Return the width and height of a card shown in a zone, in scene units."""
    return CARD_W * place.card_scale, CARD_H * place.card_scale


def card_slots(place: ZonePlace, count: int) -> list[tuple[float, float]]:
    """Return the top-left corner of each card shown in a zone (index 0 = top card), in scene units.

    STACK zones centre their (top) card; ACROSS zones spread the cards from the left (from the
    right when turned), in more lines when the zone is high enough, overlapping when crowded;
    DOWN zones list them downwards.
    """
    if count == 0:
        return []
    r = place.rect
    w, h = card_size(place)
    area = r.h - LABEL_H
    top = r.y + LABEL_H + max(0.0, (area - h) / 2)
    if place.arrangement == ACROSS:
        room = r.w - 2 * PAD
        lines = max(1, int((area - PAD) // (h + PAD)))
        fits = max(1, int((room + PAD) // (w + PAD)))
        per_line = count if lines == 1 or count <= fits else math.ceil(count / lines)
        step = min(w + PAD, (room - w) / (per_line - 1)) if per_line > 1 else 0.0
        if lines > 1:
            top = r.y + LABEL_H
        slots = []
        for i in range(count):
            line, at = divmod(i, per_line)
            in_line = min(per_line, count - line * per_line)
            used = w + step * (in_line - 1)
            start = r.x + PAD + max(0.0, (room - used) / 2)
            x, y = start + at * step, top + line * (h + PAD)
            if place.turned:          # mirrored: from the right, first line nearest the middle
                x = r.right - (x - r.x) - w
                y = r.bottom - PAD - h - line * (h + PAD) if lines > 1 else y
            slots.append((x, y))
        return slots
    if place.arrangement == DOWN:
        room = area - PAD
        step = min(h * 0.55, (room - h) / (count - 1)) if count > 1 else 0.0
        x = r.x + (r.w - w) / 2
        return [(x, r.y + LABEL_H + i * step) for i in range(count)]
    return [(r.x + (r.w - w) / 2, top)] * count
