"""Zones: ordered piles of card instances with an owner, a visibility policy and a capacity."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Visibility(str, Enum):
    """Who sees the faces of the cards in a zone."""

    PUBLIC = "public"    # everyone, except cards turned face down
    OWNER = "owner"      # only the zone's owner (a hand)
    HIDDEN = "hidden"    # nobody (a deck)


@dataclass(frozen=True)
class ZoneSpec:
    """How one kind of zone looks and behaves; a game lists these in its metadata.

    `name` is the game's own name (`hand`, `vc`, `rc.front_left`, `mmz.3`); a circle or slot is a
    zone of capacity one with a `row`/`column` on the owner's side of the table (row 0 is the row
    nearest the middle of the table). `shared` zones (a stack, a chain) have no owner.
    `layout` is a hint for the window: pile, fan, grid, circle, slot, column.
    """

    name: str
    visibility: Visibility = Visibility.PUBLIC
    capacity: int | None = None
    layout: str = "pile"
    row: int | None = None
    column: int | None = None
    shared: bool = False
    ordered: bool = True
    label: str = ""

    @property
    def is_positioned(self) -> bool:
        """Tell whether this zone is a circle or slot with a place in a row and column."""
        return self.row is not None and self.column is not None


@dataclass
class Zone:
    """A zone in a game: its spec, owner and the card instance ids in it (index 0 = top)."""

    id: str
    spec: ZoneSpec
    owner: str | None
    cards: list[int] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The game's name for this zone, without the owner prefix."""
        return self.spec.name

    def is_full(self) -> bool:
        """Tell whether the zone holds as many cards as its capacity allows."""
        return self.spec.capacity is not None and len(self.cards) >= self.spec.capacity


def zone_id(owner: str | None, name: str) -> str:
    """Return the id of a zone: `p1.hand`, or the bare name of a shared zone."""
    return name if owner is None else f"{owner}.{name}"
