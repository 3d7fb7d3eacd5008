"""Pending triggered abilities: queued when they trigger, put on the stack in the controller's order.

Items live in the state list "pending_triggers" as JSON mappings with `id`, `controller`, `name`.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction

PENDING = "pending_triggers"

TriggerEvent = Mapping[str, Any]
# The one form of a trigger event in every game: {"type": what happened (a game's event word), "card": the card
# it happened to, "player": whose it is, and the game's details (the zone, the other card, by an effect…)}.
# JSON data: abilities keep the event that triggered them.


def trigger_event(kind: str, card: int | None = None, player: str | None = None, **details: Any) -> dict[str, Any]:
    """Return a trigger event (see TriggerEvent); `card` and `player` are left out when None."""
    found: dict[str, Any] = {"type": kind}
    if card is not None:
        found["card"] = card
    if player is not None:
        found["player"] = player
    if details:
        found.update(details)
    return found


def queue(tx: Transaction, controller: str, ability: Mapping[str, Any], copy: bool = True) -> int:
    """Record that an ability triggered; it waits until the game next stacks (or plays) triggers.

    `copy=False` shares the ability's data instead of copying it (see Transaction.list_insert).
    """
    number = int(tx.state.data.get("next_trigger_id", 1))
    tx.set_data("next_trigger_id", number + 1)
    tx.list_append(PENDING, {**ability, "id": number, "controller": controller}, copy)
    return number


def waiting(state: GameState, player: str | None = None) -> list[dict[str, Any]]:
    """Return the waiting triggers (of one player, or all), oldest first."""
    return [t for t in state.lists.get(PENDING, []) if player is None or t["controller"] == player]


def next_controller(state: GameState, turn_player: str) -> str | None:
    """Return whose waiting triggers are handled next: the turn player's first (APNAP)."""
    order = [turn_player] + [p for p in state.players if p != turn_player]
    for player in order:
        if waiting(state, player):
            return player
    return None


def _next_choice(state: GameState, turn_player: str) -> tuple[str, tuple[int, ...]] | None:
    """Return the next player to handle triggers and their trigger ids, when they have two or more."""
    player = next_controller(state, turn_player)
    mine = tuple(t["id"] for t in waiting(state, player)) if player is not None else ()
    return (player, mine) if player is not None and len(mine) >= 2 else None


def order_decision(state: GameState, turn_player: str, rule: str = "") -> Decision | None:
    """Return the decision to order a player's triggers when they have two or more, else None."""
    choice = _next_choice(state, turn_player)
    if choice is None:
        return None
    player, ids = choice
    return Decision(player, "order_triggers", "order", prompt="choose the order of your triggered abilities "
                    "(first picked goes on the stack first)", options=ids, min=len(ids), max=len(ids), rule=rule,
                    labels=trigger_labels(state, player))


def choice_decision(state: GameState, turn_player: str, rule: str = "", name: str = "order_triggers"
                    ) -> Decision | None:
    """Return the decision to choose which waiting trigger to play next, for games that play them one at a
    time and check the state again in between (Vanguard's check timing); None when the next player has
    fewer than two."""
    choice = _next_choice(state, turn_player)
    if choice is None:
        return None
    player, ids = choice
    return Decision(player, name, "pick", prompt="choose the ability to play next", options=ids, min=1, max=1,
                    rule=rule, labels=trigger_labels(state, player))


def trigger_labels(state: GameState, player: str) -> tuple[str, ...]:
    """Return how a player's waiting triggers are named to them, oldest first: source card and ability."""
    labels = []
    for item in waiting(state, player):
        ability = item.get("ability")
        name = item.get("name") or ""
        if not name and isinstance(ability, Mapping):
            name = ability.get("name") or ability.get("keyword") or ability.get("keyword_ability") or ""
        source = item.get("source")
        card = state.definition(source).name if source in state.cards else ""
        name = str(name).replace("_", " ")
        if card and name and card not in name:
            labels.append(f"{card}: {name}")
        else:
            labels.append(name or card or f"ability #{item['id']}")
    return tuple(labels)


def remove(tx: Transaction, trigger_id: int) -> dict[str, Any]:
    """Take one waiting trigger out of the queue and return it (to play it now)."""
    pending = tx.state.lists.get(PENDING, [])
    for index, item in enumerate(pending):
        if item["id"] == trigger_id:
            return tx.list_remove(PENDING, index)
    raise IllegalCommand("", f"no waiting triggered ability #{trigger_id}")


def take(tx: Transaction, player: str, order: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Remove a player's waiting triggers and return them in `order` (ids); all of them are taken.

    Without `order` a player with one trigger (or any number, for automatic use) gets the queue order.
    """
    mine = waiting(tx.state, player)
    ids = [t["id"] for t in mine]
    if order is None:
        order = ids
    if sorted(order) != sorted(ids):
        raise IllegalCommand("", "order every one of your waiting triggered abilities exactly once")
    by_id = {t["id"]: t for t in mine}
    for trigger_id in order:
        pending = tx.state.lists[PENDING]
        tx.list_remove(PENDING, next(i for i, t in enumerate(pending) if t["id"] == trigger_id))
    return [by_id[i] for i in order]
