"""Durations: ending effects "until end of turn", "this battle", or while their source stays."""
from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.transaction import Transaction

EFFECTS = "effects"
REPLACEMENTS = "replacements"

UNTIL_END_OF_TURN = "end_of_turn"
THIS_BATTLE = "end_of_battle"
THIS_PHASE = "end_of_phase"
WHILE_SOURCE_STAYS = "while_source"
PERMANENT = "permanent"


def expire(tx: Transaction, ending: str, lists: Sequence[str] = (EFFECTS, REPLACEMENTS)) -> int:
    """Remove every effect whose duration is `ending` (e.g. at end of turn); return how many."""
    removed = 0
    for name in lists:
        items = tx.state.lists.get(name, [])
        for index in range(len(items) - 1, -1, -1):
            if items[index].get("duration") == ending:
                tx.list_remove(name, index)
                removed += 1
    return removed


def expire_from_source(tx: Transaction, source: int, lists: Sequence[str] = (EFFECTS, REPLACEMENTS)) -> int:
    """Remove the effects that last only while `source` stays where it is (it has left)."""
    removed = 0
    for name in lists:
        items = tx.state.lists.get(name, [])
        for index in range(len(items) - 1, -1, -1):
            item = items[index]
            if item.get("duration") == WHILE_SOURCE_STAYS and item.get("source") == source:
                tx.list_remove(name, index)
                removed += 1
    return removed
