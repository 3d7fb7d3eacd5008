"""Every z-value of the table scene, lowest first, in one place so layers never fight."""
from __future__ import annotations

TABLE = -100.0
ZONE = 0.0
ZONE_LABEL = 5.0
PLAYER_INFO = 6.0
CARD = 10.0          # + position in its zone (a fan or a grid stacks left to right)
STACK_ENTRY = 400.0
ARROW = 500.0
HOVERED = 800.0
DRAGGING = 1000.0


def card_z(index_in_zone: int) -> float:
    """Return the z-value of the card at `index_in_zone` (later cards lie on earlier ones)."""
    return CARD + index_in_zone * 0.01
