"""Card references in scenarios: `@label`, `p1.hand[0]`, `p2.vc`, or an instance id."""
from __future__ import annotations

import re
from typing import Any

from tabletop.engine.game import Game

_INDEXED = re.compile(r"^(?P<zone>[\w.\-]+)\[(?P<index>-?\d+)\]$")


def resolve_reference(game: Game, ref: Any) -> int:
    """Return the instance id a reference names; KeyError says what is wrong."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        if ref not in game.state.cards:
            raise KeyError(f"no card #{ref}")
        return ref
    if not isinstance(ref, str):
        raise KeyError(f"{ref!r} is not a card reference")
    if ref.startswith("@"):
        label = ref[1:]
        if label not in game.labels:
            raise KeyError(f"no card labelled {ref}")
        return game.labels[label]
    match = _INDEXED.match(ref)
    if match:
        zone = match["zone"]
        if zone not in game.state.zones:
            raise KeyError(f"no zone {zone!r} in {ref}")
        cards = game.state.zones[zone].cards
        index = int(match["index"])
        if not -len(cards) <= index < len(cards):
            raise KeyError(f"{ref}: {zone} holds {len(cards)} card(s)")
        return cards[index]
    if ref in game.state.zones:
        cards = game.state.zones[ref].cards
        if len(cards) != 1:
            raise KeyError(f"{ref} holds {len(cards)} cards, not exactly one")
        return cards[0]
    raise KeyError(f"{ref!r} is not a card reference (use @label, zone[index] or a one-card zone)")
