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
# entering a player's field (under that player's control), a point of damage a player received (FFTCG 6.5), the
# player's opponent discarding from their hand due to the player's Summon or ability (actions.discarded_by_effect)
EVENTS = ("cast", "entered", "damaged", "made_discard")


def record(tx: Transaction, player: str, event: str, card: int | None = None, paid_elements: int | None = None,
           paid_with: list[list[str]] | None = None) -> None:
    """Record that `event` happened to `player` this turn (about `card`, if any; a cast with how many different
    Elements its cost was paid with, and the Elements each source of its CP could be of)."""
    state = tx.state
    while state.lists.get(HISTORY) and state.lists[HISTORY][0]["turn"] != state.turn:
        tx.list_remove(HISTORY, 0)
    item: dict[str, Any] = {"turn": state.turn, "player": player, "event": event, "card": card}
    if paid_elements is not None:
        item["paid_elements"] = paid_elements
    if paid_with is not None:
        item["paid_with"] = paid_with
    tx.list_append(HISTORY, item, copy=False)  # a fresh dict of scalars and a list no one else holds


def paid_elements(state: GameState, card: int) -> int | None:
    """Return how many different Elements the card's cost was paid with as it was cast this turn, None if it was not
    cast this turn (played by an effect, an EX Burst: no cost was paid)."""
    found = [item for item in state.lists.get(HISTORY, ()) if item["turn"] == state.turn and item["event"] == "cast"
             and item["card"] == card]
    return found[-1].get("paid_elements") if found else None


def paid_with(state: GameState, card: int) -> list[list[str]] | None:
    """Return the Elements each source of CP could be of as the card was cast this turn, None if it was not cast this
    turn (its cost unpaid)."""
    found = [item for item in state.lists.get(HISTORY, ()) if item["turn"] == state.turn and item["event"] == "cast"
             and item["card"] == card]
    return found[-1].get("paid_with") if found else None


def this_turn(state: GameState, player: str, event: str) -> list[dict[str, Any]]:
    """Return the records of `event` for `player` in the current turn."""
    return [item for item in state.lists.get(HISTORY, ()) if item["turn"] == state.turn and item["player"] == player
            and item["event"] == event]
