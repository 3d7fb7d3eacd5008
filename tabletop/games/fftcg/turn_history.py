"""What happened this turn that card text reads back: cards cast, Characters entering a field, damage received.

"If you have cast 3 or more cards this turn", "if a Fire Forward has entered your field this turn", "If you have
received a point of damage this turn" (conditions: continuous.condition_holds) count these records. They live in a
list of the board (so undo and the board memos follow them) holding the current turn's records only: the first
record of a turn drops the older ones.
"""
from __future__ import annotations

from typing import Any

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

HISTORY = "fftcg.history"
# the events recorded: a card cast (a Character played or a Summon cast from the hand by paying its cost), a card
# entering a player's field (under that player's control), a point of damage a player received (FFTCG 6.5)
EVENTS = ("cast", "entered", "damaged")


def record(tx: Transaction, player: str, event: str, card: int | None = None) -> None:
    """Record that `event` happened to `player` this turn (about `card`, if any)."""
    state = tx.state
    while state.lists.get(HISTORY) and state.lists[HISTORY][0]["turn"] != state.turn:
        tx.list_remove(HISTORY, 0)
    tx.list_append(HISTORY, {"turn": state.turn, "player": player, "event": event, "card": card})


def this_turn(state: GameState, player: str, event: str) -> list[dict[str, Any]]:
    """Return the records of `event` for `player` in the current turn."""
    return [item for item in state.lists.get(HISTORY, ()) if item["turn"] == state.turn and item["player"] == player
            and item["event"] == event]
