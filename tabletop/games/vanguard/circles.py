"""The Vanguard field: zone specs, and rows/columns of circles seen from any player (VG 3.1, seed Dominate 8/9)."""
from __future__ import annotations

import functools

from tabletop.engine.state import GameState
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id

FRONT, BACK = 0, 1
LEFT, CENTER, RIGHT = 0, 1, 2

# Circles of one player: name -> (row, column) on the owner's side, column 0 = the owner's left.
CIRCLES: dict[str, tuple[int, int]] = {
    "vc": (FRONT, CENTER),
    "rc.front_left": (FRONT, LEFT),
    "rc.front_right": (FRONT, RIGHT),
    "rc.back_left": (BACK, LEFT),
    "rc.back_center": (BACK, CENTER),
    "rc.back_right": (BACK, RIGHT),
}
REAR_CIRCLES: tuple[str, ...] = tuple(name for name in CIRCLES if name.startswith("rc."))
# Accel circles (Premium, Imaginary Gift Accel): extra front-row circles opened outermost left, then right.
ACCEL_CIRCLES: dict[str, tuple[int, int]] = {
    "rc.accel_1": (FRONT, -1), "rc.accel_2": (FRONT, 3), "rc.accel_3": (FRONT, -2), "rc.accel_4": (FRONT, 4),
}
FIELD_ZONES: tuple[str, ...] = ("vc", *REAR_CIRCLES, *ACCEL_CIRCLES, "gc")


def zone_specs(game_format: str) -> list[ZoneSpec]:
    """Return every zone of one player in a format ("standard" or "premium")."""
    specs = [
        ZoneSpec("deck", Visibility.HIDDEN, layout="pile", label="Deck"),
        ZoneSpec("hand", Visibility.OWNER, layout="fan", ordered=False, label="Hand"),
    ]
    labels = {"vc": "Vanguard", "rc.front_left": "Front left", "rc.front_right": "Front right",
              "rc.back_left": "Back left", "rc.back_center": "Back center", "rc.back_right": "Back right"}
    for name, (row, column) in CIRCLES.items():
        # Premium's vanguard circle holds a Legion: the vanguard and, beside it, its mate (DECISIONS.md, Legion)
        capacity = 2 if name == "vc" and game_format == "premium" else 1
        specs.append(ZoneSpec(name, capacity=capacity, layout="circle", row=row, column=column, label=labels[name]))
    if game_format == "premium":
        for name, (row, column) in ACCEL_CIRCLES.items():
            specs.append(ZoneSpec(name, capacity=1, layout="circle", row=row, column=column, label="Accel circle"))
    specs += [
        # The guardian circle sits between the players; each player's guardians stay in their own GC.
        ZoneSpec("gc", layout="circle", row=-1, column=CENTER, ordered=False, label="Guardian circle"),
        ZoneSpec("damage", layout="column", ordered=False, label="Damage"),
        ZoneSpec("soul", layout="pile", ordered=False, label="Soul"),
        ZoneSpec("drop", layout="pile", ordered=False, label="Drop"),
        ZoneSpec("bind", layout="pile", ordered=False, label="Bind"),
        ZoneSpec("trigger", capacity=1, layout="slot", label="Trigger"),
        ZoneSpec("order", layout="grid", ordered=False, label="Order area"),
        ZoneSpec("gauge", layout="pile", ordered=False, label="Gauge"),
        ZoneSpec("removed", layout="pile", ordered=False, label="Removed from game"),
    ]
    if game_format == "premium":
        specs.append(ZoneSpec("gzone", Visibility.OWNER, layout="grid", ordered=False, label="G zone"))
    else:
        specs.append(ZoneSpec("ride_deck", Visibility.OWNER, layout="pile", label="Ride deck"))
    return specs


class ZoneInfo:
    """What a zone id says: its owner, its name, and for a circle its (row, column) on the owner's side."""

    __slots__ = ("owner", "name", "position", "is_circle", "is_rear", "partner")

    def __init__(self, zid: str) -> None:
        self.owner, _, self.name = zid.partition(".")
        self.position: tuple[int, int] | None = CIRCLES.get(self.name) or ACCEL_CIRCLES.get(self.name)
        self.is_circle = self.position is not None
        self.is_rear = self.name.startswith("rc.")
        self.partner: str | None = None
        if self.is_rear and self.name in CIRCLES:
            row, column = CIRCLES[self.name]
            self.partner = next((zone_id(self.owner, n) for n, (r, c) in CIRCLES.items()
                                 if n.startswith("rc.") and c == column and r != row), None)


@functools.cache  # a pure function of the zone id
def info(zid: str) -> ZoneInfo:
    """Return the facts a zone id names."""
    return ZoneInfo(zid)


def circle_name(zid: str) -> str:
    """Return the circle part of a zone id (`p1.rc.front_left` -> `rc.front_left`)."""
    return info(zid).name


def zone_owner(zid: str) -> str:
    """Return the owner part of a zone id."""
    return info(zid).owner


def position(zid: str) -> tuple[int, int] | None:
    """Return (row, column) of a circle from its owner's side, or None for zones that are not circles."""
    return info(zid).position


def is_circle(zid: str) -> bool:
    """Tell whether a zone id is a VC or RC."""
    return info(zid).is_circle


def is_rear_circle(zid: str) -> bool:
    """Tell whether a zone id is a rear-guard circle."""
    return info(zid).is_rear


def column_for(zid: str, viewer: str) -> int | None:
    """Return a circle's column as `viewer` sees it: an opponent's circle is mirrored (seed Dominate 8)."""
    zone = info(zid)
    if zone.position is None:
        return None
    return zone.position[1] if zone.owner == viewer else 2 - zone.position[1]


def row_for(zid: str, viewer: str) -> int | None:
    """Return a circle's row for `viewer`: only the viewer's own circles have a row (seed Dominate 9)."""
    zone = info(zid)
    if zone.position is None or zone.owner != viewer:
        return None
    return zone.position[0]


def is_front_row(zid: str, player: str) -> bool:
    """Tell whether a circle is in `player`'s own front row (2023 rule: "front row" = that player's own)."""
    return row_for(zid, player) == FRONT


def is_back_row(zid: str, player: str) -> bool:
    """Tell whether a circle is in `player`'s own back row."""
    return row_for(zid, player) == BACK


def same_column(a: str, b: str, viewer: str) -> bool:
    """Tell whether two circles are in the same column from `viewer`'s point of view.

    Facing circles of the two players share a column (VG 3.1); circles of the same side share a
    column when their columns are equal.
    """
    ca, cb = column_for(a, viewer), column_for(b, viewer)
    return ca is not None and ca == cb


def column_partner(zid: str) -> str | None:
    """Return the other circle of the owner's column (front <-> back), None for VC/accel circles."""
    return info(zid).partner


def circles_of(state: GameState, player: str) -> tuple[str, ...]:
    """Return the zone ids of a player's VC and RCs (accel circles only when open)."""
    opened = state.totals.get(player, {}).get("accel", 0)
    ids = _circle_ids(player, max(opened, 0))
    if opened > 0 and ids[-1] not in state.zones:
        # a total adjusted by hand: only the accel circles the format's table has (standard has none)
        return tuple(zid for zid in ids if zid in state.zones)
    return ids


@functools.cache  # a pure function of the seat and the number of open accel circles
def _circle_ids(player: str, opened: int) -> tuple[str, ...]:
    return tuple(zone_id(player, name) for name in CIRCLES) + tuple(
        zone_id(player, name) for name in list(ACCEL_CIRCLES)[:opened])


def occupant(state: GameState, zid: str) -> int | None:
    """Return the card on a circle, or None."""
    cards = state.zones[zid].cards
    return cards[0] if cards else None
